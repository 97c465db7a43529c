/* components.c - an instance cut into its independent parts; see components.h. */
#include "hitset/presolve/components.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/presolve/kernel.h"

/* Per component of kernel_components(): its size, and where it goes among the parts. */
typedef struct {
    uint32_t elems, sets, part; /* part: UINT32_MAX when it holds no set */
    uint64_t nnz;
} comp_size;

typedef struct {
    const comp_size *size;
    uint32_t id;
} comp_key;

static int by_size(const void *a, const void *b)
{
    const comp_key *x = a, *y = b;
    uint64_t nx = x->size[x->id].nnz, ny = y->size[y->id].nnz;
    if (nx != ny)
        return nx < ny ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id; /* ids follow the lowest element */
}

/* Sizes of the ncomp components, then the parts' order: those with a set, smallest
 * first. Returns the number of parts, or UINT32_MAX when memory runs out. */
static uint32_t order_parts(const instance *h, const uint32_t *ce, const uint32_t *cs,
                            uint32_t ncomp, comp_size *size)
{
    uint32_t len, n = 0;
    for (uint32_t e = 0; e < instance_nelems(h); e++) {
        instance_elem(h, e, &len);
        size[ce[e]].elems += len > 0;
    }
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        instance_set(h, s, &len);
        size[cs[s]].sets++;
        size[cs[s]].nnz += len;
    }
    comp_key *keys = malloc(((size_t)ncomp + 1) * sizeof *keys);
    if (!keys)
        return UINT32_MAX;
    for (uint32_t c = 0; c < ncomp; c++) {
        size[c].part = UINT32_MAX;
        if (size[c].sets > 0)
            keys[n++] = (comp_key){ size, c };
    }
    qsort(keys, n, sizeof *keys, by_size);
    for (uint32_t i = 0; i < n; i++)
        size[keys[i].id].part = i;
    free(keys);
    return n;
}

/* Part p's rows and element map, its elements numbered in ascending order through
 * local[] (the element's id within its component). */
static instance *build_part(const instance *h, const uint32_t *local,
                            uint32_t comp, const comp_size *size, uint32_t *const *sets_of,
                            uint32_t *map)
{
    const comp_size *z = &size[comp];
    uint64_t *off = malloc(((size_t)z->sets + 1) * sizeof *off);
    uint32_t *elems = malloc((size_t)(z->nnz + 1) * sizeof *elems), len;
    if (!off || !elems) {
        free(off);
        free(elems);
        return NULL;
    }
    off[0] = 0;
    for (uint32_t i = 0; i < z->sets; i++) {
        uint32_t s = sets_of[z->part][i];
        const uint32_t *row = instance_set(h, s, &len);
        for (uint32_t j = 0; j < len; j++) {
            elems[off[i] + j] = local[row[j]];
            map[local[row[j]]] = row[j];
        }
        off[i + 1] = off[i] + len;
    }
    char err[128];
    return instance_adopt(z->elems, z->sets, off, elems, err, sizeof err);
}

/* Every part's list of sets, in ascending order, then the parts built. */
static int build_parts(const instance *h, const uint32_t *ce, const uint32_t *cs,
                       const comp_size *size, uint32_t ncomp, components *out)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h), len;
    uint32_t *local = malloc(((size_t)ne + 1) * sizeof *local);
    uint32_t *next = calloc((size_t)ncomp + 1, sizeof *next);
    uint32_t **sets_of = calloc((size_t)out->n + 1, sizeof *sets_of);
    int rc = -1;
    if (!local || !next || !sets_of)
        goto done;
    for (uint32_t e = 0; e < ne; e++) {
        instance_elem(h, e, &len);
        local[e] = len > 0 ? next[ce[e]]++ : UINT32_MAX;
    }
    for (uint32_t c = 0; c < ncomp; c++)
        if (size[c].part != UINT32_MAX &&
            !(sets_of[size[c].part] = malloc((size_t)size[c].sets * sizeof **sets_of)))
            goto done;
    memset(next, 0, ((size_t)ncomp + 1) * sizeof *next);
    for (uint32_t s = 0; s < ns; s++)
        sets_of[size[cs[s]].part][next[cs[s]]++] = s;
    for (uint32_t c = 0; c < ncomp; c++) {
        uint32_t p = size[c].part;
        if (p == UINT32_MAX)
            continue;
        out->elem_map[p] = malloc((size_t)size[c].elems * sizeof **out->elem_map);
        if (!out->elem_map[p] ||
            !(out->part[p] = build_part(h, local, c, size, sets_of, out->elem_map[p])))
            goto done;
    }
    rc = 0;
done:
    for (uint32_t p = 0; sets_of && p < out->n; p++)
        free(sets_of[p]);
    free(sets_of);
    free(next);
    free(local);
    return rc;
}

int components_split(const instance *h, components *out)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    uint32_t *ce = malloc(((size_t)ne + 1) * sizeof *ce);
    uint32_t *cs = malloc(((size_t)ns + 1) * sizeof *cs);
    comp_size *size = NULL;
    int rc = -1;
    memset(out, 0, sizeof *out);
    uint32_t ncomp = ce && cs ? kernel_components(h, ce, cs) : UINT32_MAX;
    if (ncomp == UINT32_MAX || !(size = calloc((size_t)ncomp + 1, sizeof *size)))
        goto done;
    out->n = order_parts(h, ce, cs, ncomp, size);
    if (out->n == UINT32_MAX) {
        out->n = 0;
        goto done;
    }
    out->part = calloc((size_t)out->n + 1, sizeof *out->part);
    out->elem_map = calloc((size_t)out->n + 1, sizeof *out->elem_map);
    if (out->part && out->elem_map && build_parts(h, ce, cs, size, ncomp, out) == 0)
        rc = 0;
done:
    free(ce);
    free(cs);
    free(size);
    if (rc)
        components_free(out);
    return rc;
}

void components_free(components *c)
{
    for (uint32_t i = 0; i < c->n; i++) {
        if (c->part)
            instance_free(c->part[i]);
        if (c->elem_map)
            free(c->elem_map[i]);
    }
    free(c->part);
    free(c->elem_map);
    memset(c, 0, sizeof *c);
}
