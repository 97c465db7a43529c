/* instance.c - hitting-set instances; see instance.h. */
#include "hitset/model/instance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "core/idlist.h"
#include "hitset/model/radix.h"

struct hs_instance {
    uint32_t nelems, nsets;
    uint64_t *set_off;   /* nsets + 1 offsets into set_el */
    uint32_t *set_el;    /* elements of each set, ascending */
    uint64_t *elem_off;  /* nelems + 1 offsets into elem_set */
    uint32_t *elem_set;  /* sets containing each element, ascending */
};

/* Element rows from the set rows: counts, their prefix sums, then each set visited in
 * order, so that every element row comes out ascending without sorting. The offsets
 * serve as the fill cursors, then move back one row: no second array of offsets. */
static int transpose(instance *h)
{
    uint64_t nnz = h->set_off[h->nsets];
    h->elem_off = calloc((size_t)h->nelems + 1, sizeof *h->elem_off);
    h->elem_set = malloc((nnz ? nnz : 1) * sizeof *h->elem_set);
    if (!h->elem_off || !h->elem_set)
        return -1;
    for (uint64_t k = 0; k < nnz; k++)
        h->elem_off[h->set_el[k] + 1]++;
    for (uint32_t e = 0; e < h->nelems; e++)
        h->elem_off[e + 1] += h->elem_off[e];
    for (uint32_t s = 0; s < h->nsets; s++)
        for (uint64_t k = h->set_off[s]; k < h->set_off[s + 1]; k++)
            h->elem_set[h->elem_off[h->set_el[k]]++] = s;
    for (uint32_t e = h->nelems; e > 0; e--) /* each cursor stopped at the next row */
        h->elem_off[e] = h->elem_off[e - 1];
    h->elem_off[0] = 0;
    return 0;
}

/* Sorts every set row (radix_sort(): linear in the entries, each row read in order) and
 * drops its repeats, moving the rows left over the entries dropped. Returns 0, or -1 out
 * of memory. */
static int sort_rows(instance *h)
{
    uint64_t longest = 0, k = 0;
    for (uint32_t s = 0; s < h->nsets; s++)
        if (h->set_off[s + 1] - h->set_off[s] > longest)
            longest = h->set_off[s + 1] - h->set_off[s];
    uint32_t *tmp = malloc((longest + 1) * sizeof *tmp);
    if (!tmp)
        return -1;
    for (uint32_t s = 0; s < h->nsets; s++) {
        uint64_t start = h->set_off[s], len = h->set_off[s + 1] - start;
        uint32_t *row = h->set_el + start;
        radix_sort(row, len, NULL, tmp);
        h->set_off[s] = k;
        for (uint64_t i = 0; i < len; i++) /* writes never pass the entry read */
            if (k == h->set_off[s] || h->set_el[k - 1] != row[i])
                h->set_el[k++] = row[i];
    }
    h->set_off[h->nsets] = k;
    free(tmp);
    return 0;
}

/* The checks of instance_new() on the rows as given: none empty, every element below
 * nelems. Sets *sorted when every row is strictly ascending already (the usual case, and
 * always so for instance_sub()). Returns 0, or -1 with the reason in err. */
static int check_rows(const instance *h, bool *sorted, char *err, size_t errsize)
{
    *sorted = true;
    for (uint32_t s = 0; s < h->nsets; s++) {
        const uint32_t *row = h->set_el + h->set_off[s];
        uint64_t len = h->set_off[s + 1] - h->set_off[s];
        if (len == 0) {
            snprintf(err, errsize, "set %u is empty, so nothing can hit it", s);
            return -1;
        }
        for (uint64_t i = 0; i < len; i++) {
            if (row[i] >= h->nelems) {
                snprintf(err, errsize, "set %u has element %u, but there are only %u", s,
                         row[i], h->nelems);
                return -1;
            }
            *sorted = *sorted && (i == 0 || row[i - 1] < row[i]);
        }
    }
    return 0;
}

/* Builds an instance on set rows given as CSR, taking the two arrays over (see
 * instance_adopt() in instance.h). Rows are sorted and de-duplicated in place, in time
 * linear in the entries whatever their order (a sort per row with qsort cost n log n,
 * and nothing bounded the rows' lengths but the file). */
instance *instance_adopt(uint32_t nelems, uint32_t nsets, uint64_t *off, uint32_t *elems,
                         char *err, size_t errsize)
{
    instance *h = calloc(1, sizeof *h);
    bool sorted;
    if (!h) {
        free(off);
        free(elems);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    h->nelems = nelems;
    h->nsets = nsets;
    h->set_off = off;
    h->set_el = elems;
    if (check_rows(h, &sorted, err, errsize))
        goto fail;
    if ((!sorted && sort_rows(h)) || transpose(h))
        goto nomem;
    CHECK(instance_check(h));
    return h;
nomem:
    snprintf(err, errsize, "out of memory");
fail:
    instance_free(h);
    return NULL;
}

/* Builds an instance from set rows given as CSR: set s is elems[off[s] .. off[s+1]).
 * Rows may be unsorted and repeat elements; they are sorted and de-duplicated in the
 * copy. Returns a new instance the caller frees with instance_free(), or NULL with a reason in
 * err when a set is empty (no cover could exist), an element is >= nelems, or memory
 * runs out. The inputs are not kept. */
instance *instance_new(uint32_t nelems, uint32_t nsets, const uint64_t *off, const uint32_t *elems,
             char *err, size_t errsize)
{
    uint64_t nnz = off[nsets] - off[0];
    uint64_t *o = malloc(((size_t)nsets + 1) * sizeof *o);
    uint32_t *el = malloc((nnz ? nnz : 1) * sizeof *el);
    if (!o || !el) {
        free(o);
        free(el);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    for (uint32_t s = 0; s <= nsets; s++)
        o[s] = off[s] - off[0];
    if (nnz) /* elems may be NULL when there is nothing to copy */
        memcpy(el, elems + off[0], nnz * sizeof *el);
    return instance_adopt(nelems, nsets, o, el, err, errsize);
}

/* Like instance_new(), with set s given as the array sets[s] of lens[s] elements. */
instance *instance_new_lists(uint32_t nelems, uint32_t nsets, const uint32_t *const *sets,
                   const uint32_t *lens, char *err, size_t errsize)
{
    uint64_t *off = malloc(((size_t)nsets + 1) * sizeof *off);
    if (!off) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    off[0] = 0;
    for (uint32_t s = 0; s < nsets; s++)
        off[s + 1] = off[s] + lens[s];
    uint32_t *el = malloc((off[nsets] ? off[nsets] : 1) * sizeof *el);
    instance *h = NULL;
    if (!el) {
        snprintf(err, errsize, "out of memory");
    } else {
        for (uint32_t s = 0; s < nsets; s++)
            memcpy(el + off[s], sets[s], lens[s] * sizeof *el);
        h = instance_new(nelems, nsets, off, el, err, errsize);
    }
    free(off);
    free(el);
    return h;
}

/* The sub-instance of the kept elements and kept sets (NULL flags keep everything), with
 * each kept set restricted to the kept elements and everything renumbered in order
 * (which keeps every row ascending: the new instance takes the rows built here over).
 * When elem_map / set_map are not NULL they receive, for each new id, the old one (the
 * caller sizes them for the old counts). Returns NULL when a kept set would lose all its
 * elements or memory runs out. */
instance *instance_sub(const instance *h, const bool *keep_elem, const bool *keep_set, uint32_t *elem_map,
             uint32_t *set_map)
{
    uint32_t *newid = malloc(((size_t)h->nelems + 1) * sizeof *newid);
    uint64_t *off = malloc(((size_t)h->nsets + 1) * sizeof *off);
    uint32_t *el = malloc((h->set_off[h->nsets] ? h->set_off[h->nsets] : 1) * sizeof *el);
    instance *out = NULL;
    if (!newid || !off || !el)
        goto done;
    uint32_t ne = 0, ns = 0;
    for (uint32_t e = 0; e < h->nelems; e++) {
        newid[e] = !keep_elem || keep_elem[e] ? ne : UINT32_MAX;
        if (newid[e] != UINT32_MAX && elem_map)
            elem_map[ne] = e;
        ne += newid[e] != UINT32_MAX;
    }
    uint64_t k = 0;
    off[0] = 0;
    for (uint32_t s = 0; s < h->nsets; s++) {
        if (keep_set && !keep_set[s])
            continue;
        for (uint64_t i = h->set_off[s]; i < h->set_off[s + 1]; i++)
            if (newid[h->set_el[i]] != UINT32_MAX)
                el[k++] = newid[h->set_el[i]];
        if (k == off[ns])
            goto done;
        if (set_map)
            set_map[ns] = s;
        off[++ns] = k;
    }
    char err[128];
    uint32_t *fit = realloc(el, (k ? k : 1) * sizeof *el); /* the core may be much smaller */
    uint64_t *ofit = realloc(off, ((size_t)ns + 1) * sizeof *off);
    out = instance_adopt(ne, ns, ofit ? ofit : off, fit ? fit : el, err, sizeof err);
    off = NULL;
    el = NULL;
done:
    free(newid);
    free(off);
    free(el);
    return out;
}

/* Releases the instance; a no-op on NULL. */
void instance_free(instance *h)
{
    if (!h)
        return;
    free(h->set_off);
    free(h->set_el);
    free(h->elem_off);
    free(h->elem_set);
    free(h);
}

uint32_t instance_nelems(const instance *h) { return h->nelems; }
uint32_t instance_nsets(const instance *h) { return h->nsets; }
uint64_t instance_nnz(const instance *h) { return h->set_off[h->nsets]; }

/* The elements of set s (ascending); *len receives their number. */
const uint32_t *instance_set(const instance *h, uint32_t s, uint32_t *len)
{
    *len = (uint32_t)(h->set_off[s + 1] - h->set_off[s]);
    return h->set_el + h->set_off[s];
}

/* The sets containing element e (ascending); *len receives their number. */
const uint32_t *instance_elem(const instance *h, uint32_t e, uint32_t *len)
{
    *len = (uint32_t)(h->elem_off[e + 1] - h->elem_off[e]);
    return h->elem_set + h->elem_off[e];
}

/* instance_covered() without scratch memory: each set's elements looked up in elems, in
 * time sets' sizes times n. Only when the scratch cannot be had: a cover check that
 * failed for want of memory said "the cover misses a set", an internal error. */
static uint32_t covered_slowly(const instance *h, const uint32_t *elems, uint32_t n)
{
    uint32_t count = 0;
    for (uint32_t s = 0; s < h->nsets; s++) {
        bool met = false;
        for (uint64_t k = h->set_off[s]; k < h->set_off[s + 1] && !met; k++)
            for (uint32_t i = 0; i < n && !met; i++)
                met = elems[i] == h->set_el[k];
        count += met;
    }
    return count;
}

/* How many sets meet the given elements (ids >= nelems are ignored, repeats are fine).
 * Counts through the element -> sets rows, independently of how a cover was found; when
 * its scratch cannot be allocated, through the set rows, slowly (never fails). */
uint32_t instance_covered(const instance *h, const uint32_t *elems, uint32_t n)
{
    unsigned char *hit = calloc(h->nsets ? h->nsets : 1, 1);
    if (!hit)
        return covered_slowly(h, elems, n);
    uint32_t count = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (elems[i] >= h->nelems)
            continue;
        uint32_t len;
        const uint32_t *sets = instance_elem(h, elems[i], &len);
        for (uint32_t j = 0; j < len; j++) {
            count += !hit[sets[j]];
            hit[sets[j]] = 1;
        }
    }
    free(hit);
    return count;
}

/* True when the elements meet every set. */
bool instance_is_cover(const instance *h, const uint32_t *elems, uint32_t n)
{
    return instance_covered(h, elems, n) == h->nsets;
}

/* Same universe size and the same sets in the same order. */
bool instance_equal(const instance *a, const instance *b)
{
    if (a->nelems != b->nelems || a->nsets != b->nsets ||
        a->set_off[a->nsets] != b->set_off[b->nsets])
        return false;
    return memcmp(a->set_off, b->set_off, ((size_t)a->nsets + 1) * sizeof *a->set_off) == 0 &&
           memcmp(a->set_el, b->set_el, a->set_off[a->nsets] * sizeof *a->set_el) == 0;
}

/* Elements that are the only element of some set: every cover contains them. Marks them
 * in necessary[] (nelems flags, may be NULL), stores the number of single-element sets in
 * *single_sets (may be NULL) and returns the number of necessary elements, or UINT32_MAX
 * when memory runs out. */
uint32_t instance_necessary(const instance *h, bool *necessary, uint32_t *single_sets)
{
    bool *mark = necessary ? necessary : malloc(h->nelems ? h->nelems * sizeof *mark : 1);
    if (!mark)
        return UINT32_MAX;
    memset(mark, 0, h->nelems * sizeof *mark);
    uint32_t count = 0, singles = 0;
    for (uint32_t s = 0; s < h->nsets; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        if (len != 1)
            continue;
        singles++;
        count += !mark[el[0]];
        mark[el[0]] = true;
    }
    if (mark != necessary)
        free(mark);
    if (single_sets)
        *single_sets = singles;
    return count;
}

/* CSR rows: row r is items[off[r] .. off[r+1]). Each must be strictly ascending (sorted,
 * no repeats), below bound, and non-empty when nonempty is set. */
const char *instance_check_rows(uint32_t nrows, const uint64_t *off, const uint32_t *items,
                                uint32_t bound, bool nonempty)
{
    if (off[0] != 0)
        return "the first row does not start at offset 0";
    for (uint32_t r = 0; r < nrows; r++) {
        if (off[r + 1] < off[r])
            return "row offsets decrease";
        if (nonempty && off[r + 1] == off[r])
            return "a set is empty";
        for (uint64_t k = off[r]; k < off[r + 1]; k++) {
            if (items[k] >= bound)
                return "a row holds an id out of range";
            if (k > off[r] && items[k] <= items[k - 1])
                return "a row is not strictly ascending (unsorted or repeated)";
        }
    }
    return NULL;
}

/* The invariants of instance.h: set rows non-empty, ascending, of elements < nelems;
 * element rows ascending, of sets < nsets; and the element rows exactly the transpose of
 * the set rows (as many entries both ways, each (element, set) pair found both ways). */
const char *instance_check(const instance *h)
{
    const char *why = instance_check_rows(h->nsets, h->set_off, h->set_el, h->nelems, true);
    if (!why)
        why = instance_check_rows(h->nelems, h->elem_off, h->elem_set, h->nsets, false);
    if (why)
        return why;
    if (h->elem_off[h->nelems] != h->set_off[h->nsets])
        return "the element rows and the set rows hold different numbers of entries";
    for (uint32_t e = 0; e < h->nelems; e++)
        for (uint64_t k = h->elem_off[e]; k < h->elem_off[e + 1]; k++) {
            uint32_t s = h->elem_set[k];
            uint64_t len = h->set_off[s + 1] - h->set_off[s];
            if (!idlist_sorted_has(h->set_el + h->set_off[s], len, e))
                return "an element row lists a set that does not contain the element";
        }
    return NULL;
}

/* NULL when the elements meet every set of h. */
const char *instance_check_cover(const instance *h, const uint32_t *elems, uint32_t n)
{
    return instance_covered(h, elems, n) == h->nsets ? NULL : "a cover leaves a set unmet";
}
