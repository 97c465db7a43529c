/* corecover.c - covers from a core of cheap elements (corecover.h): price, build the
 * core, search it, check what it finds on the whole instance, move the prices. */
#include "hitset/heur/corecover.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/idlist.h"
#include "core/walltime.h"
#include "hitset/heur/greedy.h"
#include "hitset/heur/localsearch.h"

void corecover_params_init(corecover_params *p)
{
    memset(p, 0, sizeof *p);
    p->max_rounds = 1000;
    p->seed = 1;
}

uint32_t corecover_default_core(const instance *h)
{
    uint64_t n = (uint64_t)CORECOVER_CORE_PER_SET * instance_nsets(h);
    if (n < CORECOVER_CORE_MIN)
        n = CORECOVER_CORE_MIN;
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

bool corecover_shape_fits(const instance *h)
{
    uint64_t ne = instance_nelems(h), ns = instance_nsets(h);
    return ns > 0 && ne >= (uint64_t)CORECOVER_SHAPE_RATIO * ns &&
           ne >= (uint64_t)CORECOVER_SHAPE_CORES * corecover_default_core(h);
}

/* r_e = 1 - the prices of e's sets (u NULL: all 0). */
static void reduced_costs(const instance *h, const double *u, double *rc)
{
    for (uint32_t e = 0; e < instance_nelems(h); e++) {
        uint32_t len;
        const uint32_t *sets = instance_elem(h, e, &len);
        double sum = 0;
        for (uint32_t i = 0; u && i < len; i++)
            sum += u[sets[i]];
        rc[e] = 1 - sum;
    }
}

/* Is a cheaper than b (ties: the lower id)? */
static bool cheaper(const double *rc, uint32_t a, uint32_t b)
{
    return rc[a] < rc[b] || (rc[a] == rc[b] && a < b);
}

/* Marks set s's `per_set` cheapest elements (an insertion into a short sorted list:
 * per_set is a handful), counting the newly marked in *count. */
static void keep_cheapest_of_set(const instance *h, const double *rc, uint32_t s,
                                 uint32_t per_set, uint32_t *buf, bool *keep, uint32_t *count)
{
    uint32_t len, k = 0;
    const uint32_t *elems = instance_set(h, s, &len);
    for (uint32_t i = 0; i < len; i++) {
        uint32_t e = elems[i], j = k < per_set ? k++ : per_set;
        if (j == per_set && !cheaper(rc, e, buf[per_set - 1]))
            continue;
        if (j == per_set)
            j--;
        while (j > 0 && cheaper(rc, e, buf[j - 1])) {
            buf[j] = buf[j - 1];
            j--;
        }
        buf[j] = e;
    }
    for (uint32_t i = 0; i < k; i++)
        if (!keep[buf[i]]) {
            keep[buf[i]] = true;
            (*count)++;
        }
}

typedef struct {
    double rc;
    uint32_t e;
} priced;

static int by_price(const void *a, const void *b)
{
    const priced *x = a, *y = b;
    if (x->rc != y->rc)
        return x->rc < y->rc ? -1 : 1;
    return (x->e > y->e) - (x->e < y->e);
}

/* Marks the cheapest unmarked elements until `core_max` are marked. Returns -1 when
 * memory runs out. */
static int keep_cheapest(const instance *h, const double *rc, uint32_t core_max, bool *keep,
                         uint32_t *count)
{
    uint32_t ne = instance_nelems(h), n = 0;
    if (*count >= core_max)
        return 0;
    priced *all = malloc(((size_t)ne + 1) * sizeof *all);
    if (!all)
        return -1;
    for (uint32_t e = 0; e < ne; e++)
        if (!keep[e])
            all[n++] = (priced){ rc[e], e };
    qsort(all, n, sizeof *all, by_price);
    for (uint32_t i = 0; i < n && *count < core_max; i++) {
        keep[all[i].e] = true;
        (*count)++;
    }
    free(all);
    return 0;
}

uint32_t corecover_build_core(const instance *h, const double *u, const uint32_t *best,
                              uint32_t nbest, uint32_t per_set, uint32_t core_max, bool *keep)
{
    uint32_t ne = instance_nelems(h), count = 0;
    double *rc = malloc(((size_t)ne + 1) * sizeof *rc);
    uint32_t *buf = malloc(((size_t)per_set + 1) * sizeof *buf);
    if (!rc || !buf) {
        free(rc);
        free(buf);
        return UINT32_MAX;
    }
    memset(keep, 0, (size_t)ne * sizeof *keep);
    for (uint32_t i = 0; i < nbest; i++)
        if (!keep[best[i]]) {
            keep[best[i]] = true;
            count++;
        }
    reduced_costs(h, u, rc);
    for (uint32_t s = 0; per_set && s < instance_nsets(h); s++)
        keep_cheapest_of_set(h, rc, s, per_set, buf, keep, &count);
    int rcode = keep_cheapest(h, rc, core_max, keep, &count);
    free(rc);
    free(buf);
    return rcode ? UINT32_MAX : count;
}

/* A run's state: the prices, the best cover, the subgradient's step. */
typedef struct {
    const instance *h;
    const corecover_params *p;
    double *u, *rc, lambda, best_l;
    uint32_t *cnt;                /* per set: its elements of negative reduced cost */
    bool *keep;
    uint32_t *map, *buf;          /* a core's ids -> h's; scratch covers */
    corecover_result *out;
    double t0;
} run_state;

/* A local search step's work on a core: its entries per element twice, plus one (as the
 * driver counts its local search's, docs/hitting-sets.md "Work limits"). */
static uint64_t step_units(const instance *core)
{
    uint32_t ne = instance_nelems(core);
    return 1 + (ne ? 2 * instance_nnz(core) / ne : 0);
}

/* Subgradient steps on the core's Lagrangian relaxation (the core keeps every set, with
 * the same ids, so its prices are the instance's), the best cover's size as the target:
 * prices that make the cheap elements cover the sets about once. On the core, not the
 * instance: a step then costs the core's entries (seven cards: thousands of times fewer),
 * and the next core is priced on the whole instance once. */
static void move_prices(run_state *st, const instance *h)
{
    uint32_t ns = instance_nsets(h), ne = instance_nelems(h);
    for (uint32_t it = 0;
         it < CORECOVER_SUBGRADIENT && !budget_stopped(st->p->limit, STOP_SITE_CORECOVER_PRICES);
         it++) {
        reduced_costs(h, st->u, st->rc);
        double l = 0, norm = 0;
        memset(st->cnt, 0, (size_t)ns * sizeof *st->cnt);
        for (uint32_t s = 0; s < ns; s++)
            l += st->u[s];
        for (uint32_t e = 0; e < ne; e++) {
            if (st->rc[e] >= 0)
                continue;
            uint32_t len;
            const uint32_t *sets = instance_elem(h, e, &len);
            l += st->rc[e];
            for (uint32_t i = 0; i < len; i++)
                st->cnt[sets[i]]++;
        }
        budget_add(st->p->limit, instance_nnz(h) + ne);
        st->lambda *= l > st->best_l ? 1.05 : 0.9;
        if (l > st->best_l)
            st->best_l = l;
        for (uint32_t s = 0; s < ns; s++) {
            double g = 1 - (double)st->cnt[s];
            if (!(st->u[s] <= 0 && g < 0))
                norm += g * g;
        }
        if (norm == 0 || st->out->n <= l)
            return;
        double step = st->lambda * (st->out->n - l) / norm;
        for (uint32_t s = 0; s < ns; s++) {
            double v = st->u[s] + step * (1 - (double)st->cnt[s]);
            st->u[s] = v < 0 ? 0 : v > 1 ? 1 : v;
        }
    }
}

/* The best cover's elements in the core's ids (map is ascending: instance_sub() keeps
 * the old order); every one is in the core. */
static uint32_t to_core(const run_state *st, uint32_t ncore, uint32_t *out)
{
    for (uint32_t i = 0; i < st->out->n; i++) {
        uint32_t lo = 0, hi = ncore, e = st->out->elems[i];
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (st->map[mid] < e)
                lo = mid + 1;
            else
                hi = mid;
        }
        out[i] = lo;
    }
    return st->out->n;
}

/* Keeps a core cover (core ids) when, mapped to h, it is a smaller cover of h. Returns
 * 0, or -1 when the mapped cover misses a set (an internal error). */
static int keep_if_better(run_state *st, const uint32_t *core_cover, uint32_t n, uint32_t round)
{
    if (n >= st->out->n)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        st->buf[i] = st->map[core_cover[i]];
    if (!instance_is_cover(st->h, st->buf, n))
        return -1;
    qsort(st->buf, n, sizeof *st->buf, idlist_compare);
    memcpy(st->out->elems, st->buf, (size_t)n * sizeof *st->buf);
    st->out->n = n;
    st->out->best_round = round;
    if (st->p->improved)
        st->p->improved(st->p->improved_ctx, st->out->elems, n);
    return 0;
}

/* The local search's limits on a core: its steps (the round's, or what the work left
 * pays for), the time left as a cap, the run's cancel. */
static void ls_limits(const run_state *st, const instance *core, uint32_t round,
                      localsearch_params *q)
{
    const corecover_params *p = st->p;
    uint64_t steps = p->round_steps;
    if (!steps) {
        steps = (uint64_t)CORECOVER_STEPS_PER_ELEM * instance_nelems(core);
        if (steps < CORECOVER_STEPS_MIN)
            steps = CORECOVER_STEPS_MIN;
    }
    uint64_t afford = budget_work_left(p->limit) / step_units(core);
    localsearch_params_init(q);
    q->max_steps = afford < steps ? (afford ? afford : 1) : steps;
    q->seed = p->seed + round;
    q->limit = budget_until(p->limit.end, p->limit.cancel); /* its steps are counted here */
}

/* One round on the core `keep` marks: the best of a few random greedy runs on it or the
 * best cover, then the local search from that. Returns 0, or -1 with err set. */
static int search_core(run_state *st, uint32_t round, char *err, size_t errsize)
{
    instance *core = instance_sub(st->h, st->keep, NULL, st->map, NULL);
    if (!core) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    budget_add(st->p->limit, instance_nnz(st->h));
    greedy_stats gs;
    localsearch_params q;
    localsearch_result res = { 0 };
    uint32_t *start = malloc(((size_t)st->out->n + 1) * sizeof *start);
    int rc = -1;
    int gr = greedy_runs(core, NULL, CORECOVER_GREEDY_RUNS, st->p->seed + round, &gs);
    budget_add(st->p->limit, (uint64_t)CORECOVER_GREEDY_RUNS *
                                 (instance_nnz(core) + instance_nelems(core)));
    if (!start || gr) {
        snprintf(err, errsize, "out of memory");
        goto out;
    }
    if (keep_if_better(st, gs.best.elems, gs.best.n, round))
        goto missed;
    uint32_t nstart = to_core(st, instance_nelems(core), start);
    ls_limits(st, core, round, &q);
    if (localsearch_run(core, start, nstart, &q, &res, err, errsize))
        goto out;
    budget_add(st->p->limit, res.steps * step_units(core));
    st->out->steps += res.steps;
    st->out->core_last = instance_nelems(core);
    if (keep_if_better(st, res.elems, res.n, round))
        goto missed;
    move_prices(st, core);
    rc = 0;
    goto out;
missed:
    snprintf(err, errsize, "internal error: a core's cover misses a set");
out:
    localsearch_result_free(&res);
    greedy_cover_free(&gs.best);
    free(start);
    instance_free(core);
    return rc;
}

/* The best of a few random greedy runs on the whole instance (as many as
 * CORECOVER_START_WORK entries pay for, at most CORECOVER_START_RUNS, at least one, and
 * no more than a tenth of the work left), kept when smaller than the start: the first
 * round then starts from the best greedy run, not the pruned greedy alone. */
static int best_greedy_start(run_state *st, char *err, size_t errsize)
{
    const instance *h = st->h;
    uint64_t run = instance_nnz(h) + instance_nelems(h), runs = CORECOVER_START_WORK / run;
    uint64_t afford = budget_work_left(st->p->limit) / 10 / run;
    runs = afford < runs ? afford : runs;
    runs = runs > CORECOVER_START_RUNS ? CORECOVER_START_RUNS : runs ? runs : 1;
    greedy_stats gs;
    int gr = greedy_runs(h, NULL, (uint32_t)runs, st->p->seed, &gs);
    budget_add(st->p->limit, runs * run);
    int rc = gr ? -1 : 0;
    if (gr)
        snprintf(err, errsize, "out of memory");
    else if (gs.best.n < st->out->n) {
        if (!instance_is_cover(h, gs.best.elems, gs.best.n)) {
            snprintf(err, errsize, "internal error: a greedy cover misses a set");
            rc = -1;
        } else {
            memcpy(st->out->elems, gs.best.elems, (size_t)gs.best.n * sizeof *gs.best.elems);
            st->out->n = gs.best.n;
            qsort(st->out->elems, st->out->n, sizeof *st->out->elems, idlist_compare);
            if (st->p->improved)
                st->p->improved(st->p->improved_ctx, st->out->elems, st->out->n);
        }
    }
    greedy_cover_free(&gs.best);
    return rc;
}

static int run_rounds(run_state *st, char *err, size_t errsize)
{
    const corecover_params *p = st->p;
    if (best_greedy_start(st, err, errsize))
        return -1;
    uint32_t core_max = p->core_max ? p->core_max : corecover_default_core(st->h);
    for (uint32_t round = 1; !p->max_rounds || round <= p->max_rounds; round++) {
        if (budget_stopped(p->limit, STOP_SITE_CORECOVER_ROUND))
            break;
        if (corecover_build_core(st->h, st->u, st->out->elems, st->out->n, CORECOVER_PER_SET,
                                 core_max, st->keep) == UINT32_MAX) {
            snprintf(err, errsize, "out of memory");
            return -1;
        }
        budget_add(p->limit, instance_nnz(st->h) + instance_nelems(st->h));
        if (search_core(st, round, err, errsize))
            return -1;
        corecover_round *log = realloc(st->out->log, (size_t)round * sizeof *log);
        if (!log) {
            snprintf(err, errsize, "out of memory");
            return -1;
        }
        log[round - 1] = (corecover_round){ st->out->core_last, st->out->n };
        st->out->log = log;
        st->out->rounds = round;
        if (p->progress)
            p->progress(p->progress_ctx, round, st->out->core_last, st->out->n,
                        walltime_now() - st->t0);
    }
    return 0;
}

int corecover_run(const instance *h, const corecover_params *p, corecover_result *out,
                  char *err, size_t errsize)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    memset(out, 0, sizeof *out);
    if (!p->start || !instance_is_cover(h, p->start, p->nstart)) {
        snprintf(err, errsize,
                 "internal error: the core method's start is not a cover of the instance");
        return -1;
    }
    run_state st = { h, p, malloc(((size_t)ns + 1) * sizeof *st.u),
                     malloc(((size_t)ne + 1) * sizeof *st.rc), 0.1, -INFINITY,
                     malloc(((size_t)ns + 1) * sizeof *st.cnt),
                     malloc(((size_t)ne + 1) * sizeof *st.keep),
                     malloc(((size_t)ne + 1) * sizeof *st.map),
                     malloc(((size_t)ne + 1) * sizeof *st.buf), out, walltime_now() };
    out->elems = malloc(((size_t)p->nstart + 1) * sizeof *out->elems);
    int rc = -1;
    if (!st.u || !st.rc || !st.cnt || !st.keep || !st.map || !st.buf || !out->elems) {
        snprintf(err, errsize, "out of memory");
        goto end;
    }
    for (uint32_t s = 0; s < ns; s++)
        st.u[s] = !p->u ? 0 : p->u[s] < 0 ? 0 : p->u[s] > 1 ? 1 : p->u[s];
    memcpy(out->elems, p->start, (size_t)p->nstart * sizeof *out->elems);
    qsort(out->elems, p->nstart, sizeof *out->elems, idlist_compare);
    out->n = out->start = p->nstart;
    rc = run_rounds(&st, err, errsize);
end:
    free(st.u);
    free(st.rc);
    free(st.cnt);
    free(st.keep);
    free(st.map);
    free(st.buf);
    out->seconds = walltime_now() - st.t0;
    if (rc)
        corecover_result_free(out);
    return rc;
}

void corecover_result_free(corecover_result *r)
{
    free(r->elems);
    free(r->log);
    memset(r, 0, sizeof *r);
}
