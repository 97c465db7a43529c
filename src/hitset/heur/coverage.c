/* coverage.c - maximum coverage for k = 1..kmax; see coverage.h. */
#include "hitset/heur/coverage.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/presolve/reduce.h"

#define HASH_NONFATAL_OOM 1
#define uthash_nonfatal_oom(obj) (oom = true)
#include <uthash.h>

/* The instance coverage solves: undominated elements, equal sets merged with weights. */
typedef struct {
    instance *h;
    uint32_t *weight;   /* per merged set: how many original sets it stands for */
    uint32_t *map;      /* original element -> reduced element, UINT32_MAX if dropped */
} cinst;

typedef struct {
    const uint32_t *key;
    uint32_t len, set;
    UT_hash_handle hh;
} setkey;

/* Merges the equal sets of h (first occurrence keeps its place). */
static int merge_sets(const instance *h, cinst *ci)
{
    uint32_t ns = instance_nsets(h), nm = 0;
    setkey *table = NULL, *pool = calloc(ns + 1, sizeof *pool);
    uint64_t *off = malloc((ns + 1) * sizeof *off);
    uint32_t *el = malloc((instance_nnz(h) + 1) * sizeof *el);
    ci->weight = calloc(ns + 1, sizeof *ci->weight);
    bool oom = false;
    int rc = -1;
    if (!pool || !off || !el || !ci->weight)
        goto done;
    off[0] = 0;
    for (uint32_t s = 0; s < ns && !oom; s++) {
        uint32_t len;
        const uint32_t *row = instance_set(h, s, &len);
        setkey *k;
        HASH_FIND(hh, table, row, len * sizeof *row, k);
        if (k) {
            ci->weight[k->set]++;
            continue;
        }
        k = &pool[nm];
        *k = (setkey){ .key = row, .len = len, .set = nm };
        HASH_ADD_KEYPTR(hh, table, k->key, len * sizeof *row, k);
        memcpy(el + off[nm], row, len * sizeof *row);
        off[nm + 1] = off[nm] + len;
        ci->weight[nm++] = 1;
    }
    char err[128];
    if (!oom)
        ci->h = instance_new(instance_nelems(h), nm, off, el, err, sizeof err);
    rc = ci->h ? 0 : -1;
done:
    HASH_CLEAR(hh, table);
    free(pool);
    free(off);
    free(el);
    return rc;
}

static void cinst_free(cinst *ci)
{
    instance_free(ci->h);
    free(ci->weight);
    free(ci->map);
}

static int cinst_build(const instance *h, cinst *ci)
{
    uint32_t ne = instance_nelems(h);
    bool *keep = malloc((ne + 1) * sizeof *keep);
    uint32_t *dom = malloc((ne + 1) * sizeof *dom), *back = malloc((ne + 1) * sizeof *back);
    instance *sub = NULL;
    int rc = -1;
    memset(ci, 0, sizeof *ci);
    ci->map = malloc((ne + 1) * sizeof *ci->map);
    if (!keep || !dom || !back || !ci->map || reduce_elems(h, keep, dom) < 0)
        goto done;
    sub = instance_sub(h, keep, NULL, back, NULL);
    if (!sub || merge_sets(sub, ci))
        goto done;
    uint32_t *newid = dom; /* reuse: old kept element -> new id, through its dominator */
    for (uint32_t e = 0, k = 0; e < ne; e++)
        back[e] = keep[e] ? k++ : UINT32_MAX; /* back[] now maps old -> new */
    for (uint32_t e = 0; e < ne; e++)
        ci->map[e] = newid[e] == UINT32_MAX ? UINT32_MAX : back[newid[e]];
    rc = 0;
done:
    instance_free(sub);
    free(keep);
    free(dom);
    free(back);
    return rc;
}

/* Total weight of the sets met by elems[0..n). */
static uint32_t weight_met(const cinst *ci, const uint32_t *elems, uint32_t n,
                           unsigned char *met)
{
    uint32_t w = 0;
    memset(met, 0, instance_nsets(ci->h) + 1);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t len;
        const uint32_t *sets = instance_elem(ci->h, elems[i], &len);
        for (uint32_t j = 0; j < len; j++) {
            w += met[sets[j]] ? 0 : ci->weight[sets[j]];
            met[sets[j]] = 1;
        }
    }
    return w;
}

/* prev + the element adding the most weight (prev's sets marked in met). */
static uint32_t extend(const cinst *ci, uint32_t *sol, uint32_t n, unsigned char *met)
{
    uint32_t best = UINT32_MAX, best_gain = 0;
    weight_met(ci, sol, n, met);
    for (uint32_t e = 0; e < instance_nelems(ci->h); e++) {
        uint32_t len, gain = 0;
        const uint32_t *sets = instance_elem(ci->h, e, &len);
        for (uint32_t j = 0; j < len; j++)
            gain += met[sets[j]] ? 0 : ci->weight[sets[j]];
        if (best == UINT32_MAX || gain > best_gain) {
            best = e;
            best_gain = gain;
        }
    }
    if (best != UINT32_MAX)
        sol[n++] = best;
    return n;
}

/* Greedy's first k picks, mapped to reduced elements (duplicates dropped). */
static uint32_t greedy_prefix(const cinst *ci, const greedy_cover *g, uint32_t k,
                              uint32_t *out, unsigned char *seen)
{
    uint32_t n = 0;
    memset(seen, 0, instance_nelems(ci->h) + 1);
    for (uint32_t i = 0; i < k && i < g->n; i++) {
        uint32_t e = ci->map[g->elems[i]];
        if (e != UINT32_MAX && !seen[e]) {
            seen[e] = 1;
            out[n++] = e;
        }
    }
    return n;
}

/* Solves one k; prev holds the previous k's solution (*nprev elements) and is replaced
 * by this one's. */
static int solve_k(const cinst *ci, const greedy_cover *g, uint32_t k, const ilp_params *p,
                   uint32_t *prev, uint32_t *nprev, coverage_row *row, char *err,
                   size_t errsize)
{
    uint32_t ne = instance_nelems(ci->h);
    uint32_t *a = malloc((ne + k + 1) * sizeof *a);
    unsigned char *met = malloc(instance_nsets(ci->h) + ne + 2);
    ilp_result r;
    int rc = -1;
    if (!a || !met) {
        snprintf(err, errsize, "out of memory");
        goto done;
    }
    uint32_t na = greedy_prefix(ci, g, k, a, met);
    uint32_t wa = weight_met(ci, a, na, met);
    uint32_t nb = *nprev < k ? extend(ci, prev, *nprev, met) : *nprev;
    uint32_t wb = weight_met(ci, prev, nb, met);
    ilp_params q = *p;
    q.warm = wb > wa ? prev : a;
    q.nwarm = wb > wa ? nb : na;
    if (ilp_max_coverage(ci->h, ci->weight, k, &q, &r, err, errsize))
        goto done;
    uint32_t best = wb > wa ? wb : wa;
    if (r.status != ILP_NONE && r.value > best + 0.5) {
        memcpy(prev, r.chosen, r.nchosen * sizeof *prev);
        *nprev = r.nchosen;
        best = (uint32_t)lround(r.value);
    } else if (wa >= wb) {
        memcpy(prev, a, na * sizeof *prev);
        *nprev = na;
    } else {
        *nprev = nb;
    }
    row->best = best;
    row->bound = (uint32_t)floor(r.bound + 1e-6);
    if (row->bound < best)
        row->bound = best; /* rounding noise only: GLPK's bound is never below its value */
    row->seconds = r.seconds;
    ilp_result_free(&r);
    rc = 0;
done:
    free(a);
    free(met);
    return rc;
}

/* Makes the bounds consistent (see coverage.h) and marks proven rows. */
static void tighten(coverage_row *rows, uint32_t kmax, uint32_t total, bool kmax_optimal)
{
    if (kmax == 0)
        return;
    for (uint32_t i = 0; i < kmax; i++)
        if (rows[i].bound > total)
            rows[i].bound = total;
    if (kmax_optimal && kmax >= 2 && rows[kmax - 2].bound >= total)
        rows[kmax - 2].bound = total - 1;
    for (uint32_t i = kmax - 1; i-- > 0;)
        if (rows[i].bound > rows[i + 1].bound)
            rows[i].bound = rows[i + 1].bound;
    for (uint32_t i = 0; i < kmax; i++)
        rows[i].proven = rows[i].best == rows[i].bound;
}

/* Fills *rows (kmax rows, k = 1..kmax; the caller frees the array) with greedy's and the
 * best coverage for each k. kmax must be the size of a known cover (so k = kmax meets
 * everything and needs no ILP); kmax_optimal says that size is proven minimal. The ILPs
 * run until p->limit's end, all of them together. Returns 0, or -1 with a reason in err (GLPK failure, out of
 * memory); *rows is then NULL. */
int coverage_run(const instance *h, const greedy_cover *greedy, uint32_t kmax, bool kmax_optimal,
                 const ilp_params *p, coverage_row **rows, char *err, size_t errsize)
{
    cinst ci;
    memset(&ci, 0, sizeof ci);
    uint32_t total = instance_nsets(h), *prev = NULL, nprev = 0;
    *rows = calloc(kmax + 1, sizeof **rows);
    if (!*rows || cinst_build(h, &ci)) {
        free(*rows);
        *rows = NULL;
        cinst_free(&ci); /* what cinst_build() allocated before failing */
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    prev = malloc((instance_nelems(ci.h) + kmax + 1) * sizeof *prev);
    int rc = prev ? 0 : -1;
    uint32_t gsum = 0;
    for (uint32_t k = 1; rc == 0 && k <= kmax; k++) {
        coverage_row *row = &(*rows)[k - 1];
        gsum += k <= greedy->n ? greedy->adds[k - 1] : 0;
        row->k = k;
        row->greedy = gsum;
        if (k == kmax)
            row->best = row->bound = total;
        else
            rc = solve_k(&ci, greedy, k, p, prev, &nprev, row, err, errsize);
    }
    if (rc == 0)
        tighten(*rows, kmax, total, kmax_optimal);
    if (rc) {
        if (!prev)
            snprintf(err, errsize, "out of memory");
        free(*rows);
        *rows = NULL;
    }
    free(prev);
    cinst_free(&ci);
    return rc;
}
