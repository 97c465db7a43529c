/* kernel_map.c - a kernel's covers mapped back, its components, its checker; see
 * kernel.h. */
#include "hitset/presolve/kernel.h"

#include <stdlib.h>
#include <string.h>

static const char *const rule_names[KERNEL_RULES] = {
    [KERNEL_FORCED] = "forced",
    [KERNEL_DOMINATED_SETS] = "dominated_sets",
    [KERNEL_DOMINATED_ELEMS] = "dominated_elements",
    [KERNEL_VC_DOMINATION] = "vertex_cover_domination",
    [KERNEL_FOLDING] = "degree_two_folding",
    [KERNEL_CROWN] = "crown",
};

/* The rule's name in reports (JSON keys). */
const char *kernel_rule_name(kernel_rule r)
{
    return r < KERNEL_RULES ? rule_names[r] : "unknown";
}

/* The steps undone last to first: a taken element joins; a fold's absorbing element
 * brings the one it absorbed when it is in, else v joins. Each step's elements had left
 * the hypergraph when it was made and never came back, so no element is counted twice,
 * and each step adds exactly one. out serves as the flags first (no memory to fail). */
uint32_t kernel_lift(const kernel_result *k, const uint32_t *cover, uint32_t n,
                     uint32_t *out)
{
    memset(out, 0, (size_t)k->nelems * sizeof *out);
    for (uint32_t i = 0; i < n; i++)
        if (cover[i] < instance_nelems(k->core))
            out[k->core_elem[cover[i]]] = 1;
    for (uint32_t i = k->nsteps; i > 0; i--) {
        const kernel_step *s = &k->steps[i - 1];
        if (s->fold_keep == UINT32_MAX)
            out[s->elem] = 1;
        else if (out[s->fold_keep])
            out[s->fold_gone] = 1;
        else
            out[s->elem] = 1;
    }
    uint32_t m = 0;
    for (uint32_t e = 0; e < k->nelems; e++) /* m <= e: each flag is read before written */
        if (out[e])
            out[m++] = e;
    return m;
}

static uint32_t root(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]]; /* halving keeps the trees shallow */
        x = parent[x];
    }
    return x;
}

/* Union-find over the elements, every set joining its elements, then the roots
 * numbered in the order of their lowest element. */
uint32_t kernel_components(const instance *h, uint32_t *comp_elem, uint32_t *comp_set)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h), len, n = 0;
    uint32_t *parent = malloc(((size_t)ne + 1) * sizeof *parent);
    if (!parent)
        return UINT32_MAX;
    for (uint32_t e = 0; e < ne; e++)
        parent[e] = e;
    for (uint32_t s = 0; s < ns; s++) {
        const uint32_t *row = instance_set(h, s, &len);
        for (uint32_t i = 1; i < len; i++) {
            uint32_t a = root(parent, row[0]), b = root(parent, row[i]);
            if (a != b)
                parent[a > b ? a : b] = a < b ? a : b;
        }
    }
    for (uint32_t e = 0; e < ne; e++) { /* a root is the lowest of its tree */
        uint32_t r = root(parent, e);
        comp_elem[e] = r == e ? n++ : comp_elem[r];
    }
    for (uint32_t s = 0; s < ns; s++)
        comp_set[s] = comp_elem[instance_set(h, s, &len)[0]];
    free(parent);
    return n;
}

void kernel_result_free(kernel_result *k)
{
    instance_free(k->core);
    free(k->core_elem);
    free(k->core_set);
    free(k->steps);
    memset(k, 0, sizeof *k);
}

static const char *check_counts(const instance *h, const kernel_result *k)
{
    uint64_t elems = instance_nelems(k->core), sets = instance_nsets(k->core);
    for (int r = 0; r < KERNEL_RULES; r++) {
        elems += k->rule[r].elems;
        sets += k->rule[r].sets;
    }
    if (elems != instance_nelems(h) || k->nelems != instance_nelems(h))
        return "the kernel's and the removed elements do not add up to h's";
    if (sets != instance_nsets(h))
        return "the kernel's and the removed sets do not add up to h's";
    if (k->offset != k->nsteps)
        return "the offset is not the number of steps";
    return NULL;
}

const char *kernel_result_check(const instance *h, const kernel_result *k)
{
    if (!k->core)
        return "a kernel has no instance";
    const char *why = check_counts(h, k);
    for (uint32_t c = 0; !why && c < instance_nelems(k->core); c++)
        if (k->core_elem[c] >= instance_nelems(h) ||
            (c > 0 && k->core_elem[c] <= k->core_elem[c - 1]))
            why = "the kernel's elements do not map to ascending elements of h";
    for (uint32_t i = 0; !why && i < k->nsteps; i++) {
        const kernel_step *s = &k->steps[i];
        if (s->elem >= instance_nelems(h) ||
            (s->fold_keep != UINT32_MAX &&
             (s->fold_keep >= instance_nelems(h) || s->fold_gone >= instance_nelems(h))))
            why = "a step names no element of h";
    }
    uint32_t nk = instance_nelems(k->core);
    uint32_t *all = malloc(((size_t)nk + 1) * sizeof *all);
    uint32_t *out = malloc(((size_t)instance_nelems(h) + 1) * sizeof *out);
    for (uint32_t c = 0; !why && all && c < nk; c++)
        all[c] = c;
    if (!why && all && out) {
        uint32_t m = kernel_lift(k, all, nk, out);
        if (m != k->offset + nk)
            why = "a lifted cover is not offset larger than the kernel's";
        else if (!instance_is_cover(h, out, m))
            why = "the kernel's elements lifted miss a set of h";
    }
    free(all);
    free(out);
    return why;
}
