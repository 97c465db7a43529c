/* mincover.c - minimum covers: bounds, greedy, reductions, the exact optimum; see mincover.h. */
#include "hitset/mincover.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/ilp.h"
#include "core/check.h"
#include "hitset/packing.h"
#include "core/walltime.h"

void mincover_params_init(mincover_params *p)
{
    memset(p, 0, sizeof *p);
    p->time_limit = 60;
    p->greedy_runs = 100;
    p->seed = 1;
    p->reduce = true;
}

const char *mincover_ilp_status_name(mincover_ilp_status s)
{
    switch (s) {
    case MINCOVER_ILP_OPTIMAL:
        return "optimal";
    case MINCOVER_ILP_TIME_LIMIT:
        return "time_limit";
    default:
        return "glpk_failed";
    }
}

static void ilp_from(const mincover_params *p, ilp_params *q)
{
    ilp_params_init(q);
    q->time_limit = p->time_limit;
    q->mem_limit_mb = p->mem_limit_mb;
}

/* Keeps the first GLPK failure's message; later phases still run and report. */
static void note_failure(mincover_result *r, const char *what, const char *why)
{
    if (!r->message[0])
        snprintf(r->message, sizeof r->message, "%s: %.200s", what, why);
}

/* The lower bounds that need no search: elements alone in some set, disjoint sets. */
static int bounds(const instance *h, mincover_result *r)
{
    r->necessary = instance_necessary(h, NULL, &r->single_sets);
    r->packing = packing_bound(h);
    r->lp_bound = -1; /* set by the ILP phase */
    return r->necessary == UINT32_MAX || r->packing == UINT32_MAX ? -1 : 0;
}

/* The LP relaxation of the instance is nforced + that of the core: every reduction
 * keeps the LP optimum (a forced x_e is 1 in every LP optimum and only meets the sets it
 * removes; a dominated set's row is implied by the smaller one; a dominated element's
 * weight moves to its dominator, capped at 1, without breaking a row). So the LP solved
 * before branching on the core gives the instance's bound at no extra cost. */
static void set_lp_bound(mincover_result *r, double core_lp)
{
    r->lp_bound = r->red.nforced + core_lp;
    /* Simplex works in floating point: forgive 1e-6 before rounding up. */
    r->lp_bound_ceil = (uint32_t)ceil(r->lp_bound - 1e-6);
}

static int greedy_phase(const instance *h, const uint32_t *mult, mincover_result *r)
{
    if (greedy_run(h, NULL, &r->greedy) || greedy_prune(h, &r->greedy, &r->greedy_pruned))
        return -1;
    return greedy_runs(h, mult, r->params.greedy_runs, r->params.seed, &r->runs);
}

/* Without reductions the core is the whole instance, with identity maps. */
static int no_reduction(const instance *h, reduce_result *red)
{
    memset(red, 0, sizeof *red);
    red->rounds = 0;
    red->forced = malloc(sizeof *red->forced);
    red->core_elem = malloc((instance_nelems(h) + 1) * sizeof *red->core_elem);
    red->core_set = malloc((instance_nsets(h) + 1) * sizeof *red->core_set);
    if (red->forced && red->core_elem && red->core_set)
        red->core = instance_sub(h, NULL, NULL, red->core_elem, red->core_set);
    return red->core ? 0 : -1;
}

/* The ILP on the core, warm-started from greedy on the core. Stores the best cover of
 * the whole instance it yields (forced + core solution) in *cand, or sets *ncand to
 * UINT32_MAX when it yields none; returns the proven lower bound on the core optimum. */
static uint32_t ilp_phase(mincover_result *r, uint32_t *cand, uint32_t *ncand)
{
    const reduce_result *red = &r->red;
    greedy_cover g = { 0 }, gp = { 0 };
    ilp_params q;
    ilp_result res;
    char why[256];
    *ncand = UINT32_MAX;
    ilp_from(&r->params, &q);
    if (greedy_run(red->core, NULL, &g) || greedy_prune(red->core, &g, &gp)) {
        note_failure(r, "exact optimum", "out of memory");
        r->ilp = MINCOVER_ILP_FAILED;
        greedy_cover_free(&g);
        return 0;
    }
    q.warm = gp.elems;
    q.nwarm = gp.n;
    int rc = ilp_hitting_set(red->core, &q, &res, why, sizeof why);
    greedy_cover_free(&g);
    greedy_cover_free(&gp);
    if (rc) {
        note_failure(r, "exact optimum", why);
        r->ilp = MINCOVER_ILP_FAILED;
        return 0;
    }
    r->ilp = res.status == ILP_OPTIMAL ? MINCOVER_ILP_OPTIMAL : MINCOVER_ILP_TIME_LIMIT;
    if (res.lp >= 0) /* else the time limit stopped the LP: no LP bound */
        set_lp_bound(r, res.lp);
    if (res.status != ILP_NONE) {
        *ncand = 0;
        for (uint32_t i = 0; i < red->nforced; i++)
            cand[(*ncand)++] = red->forced[i];
        for (uint32_t i = 0; i < res.nchosen; i++)
            cand[(*ncand)++] = red->core_elem[res.chosen[i]];
    }
    uint32_t core_bound = (uint32_t)ceil(res.bound - 1e-6);
    r->seconds_ilp = res.seconds;
    ilp_result_free(&res);
    return core_bound;
}

static uint32_t max3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* Chooses the smallest of the ILP's cover, pruned greedy and the best pruned random
 * greedy run, checks it really meets every set, and lists it in greedy order with what
 * each meets alone. */
static int cover_phase(const instance *h, mincover_result *r, const uint32_t *cand, uint32_t ncand,
                       uint32_t core_bound, char *err, size_t errsize)
{
    const uint32_t *best = r->greedy_pruned.elems;
    uint32_t nbest = r->greedy_pruned.n;
    if (r->runs.best.elems && r->runs.best.n < nbest) {
        best = r->runs.best.elems;
        nbest = r->runs.best.n;
    }
    if (ncand != UINT32_MAX && ncand <= nbest) {
        best = cand;
        nbest = ncand;
    }
    if (!instance_is_cover(h, best, nbest)) {
        snprintf(err, errsize, "internal error: the chosen cover misses a set");
        return -1;
    }
    if (greedy_order(h, best, nbest, &r->cover))
        goto nomem;
    r->solves = malloc((r->cover.n + 1) * sizeof *r->solves);
    if (!r->solves)
        goto nomem;
    for (uint32_t i = 0; i < r->cover.n; i++)
        instance_elem(h, r->cover.elems[i], &r->solves[i]);
    r->optimum = r->cover.n;
    uint32_t reduced = r->ilp == MINCOVER_ILP_FAILED ? 0 : r->red.nforced + core_bound;
    r->best_bound = max3(r->necessary, r->lp_bound_ceil, reduced);
    if (r->packing > r->best_bound) /* only when the LP is missing: LP >= packing */
        r->best_bound = r->packing;
    if (r->best_bound > r->optimum) {
        snprintf(err, errsize, "internal error: lower bound %u above a cover of %u",
                 r->best_bound, r->optimum);
        return -1;
    }
    r->optimal = r->best_bound == r->optimum;
    return 0;
nomem:
    snprintf(err, errsize, "out of memory");
    return -1;
}

static void coverage_phase(const instance *h, mincover_result *r)
{
    ilp_params q;
    char why[256];
    ilp_from(&r->params, &q);
    if (coverage_run(h, &r->greedy, r->optimum, r->optimal, &q, &r->coverage, why,
                     sizeof why))
        note_failure(r, "max coverage", why);
    else
        r->ncoverage = r->optimum;
}

/* Runs the whole pipeline on h. multiplicity (per element, may be NULL) is how many
 * templates each class stands for, used only by the random greedy runs. Returns 0 with
 * *out filled (free with mincover_result_free()); a GLPK failure or a stop by the time
 * limit is not an error: out->message / out->ilp say what happened and the bounds and
 * cover still hold. Returns -1 with a reason in err when memory runs out or a cover
 * check fails. */
int mincover_run(const instance *h, const uint32_t *multiplicity, const mincover_params *p,
               mincover_result *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    out->params = *p;
    out->elems = instance_nelems(h);
    out->sets = instance_nsets(h);
    uint32_t *cand = malloc(((size_t)instance_nelems(h) + 1) * sizeof *cand), ncand;
    double t0 = walltime_now();
    if (!cand || bounds(h, out))
        goto nomem;
    double t1 = walltime_now();
    if (greedy_phase(h, multiplicity, out))
        goto nomem;
    double t2 = walltime_now();
    if (p->reduce ? reduce_run(h, &out->red, err, errsize) : no_reduction(h, &out->red))
        goto nomem;
    double t3 = walltime_now();
    uint32_t core_bound = ilp_phase(out, cand, &ncand);
    if (ncand != UINT32_MAX)
        CHECK(instance_check_cover(h, cand, ncand));
    double t4 = walltime_now();
    if (cover_phase(h, out, cand, ncand, core_bound, err, errsize))
        goto fail;
    double t5 = walltime_now();
    if (p->coverage)
        coverage_phase(h, out);
    out->seconds_bounds = t1 - t0;
    out->seconds_greedy = t2 - t1;
    out->seconds_reduce = t3 - t2;
    out->seconds_ilp = t4 - t3;
    out->seconds_cover = t5 - t4;
    out->seconds_coverage = walltime_now() - t5;
    free(cand);
    return 0;
nomem:
    snprintf(err, errsize, "out of memory");
fail:
    free(cand);
    mincover_result_free(out);
    return -1;
}

/* Releases everything the result owns; a no-op on an emptied result. */
void mincover_result_free(mincover_result *r)
{
    greedy_cover_free(&r->greedy);
    greedy_cover_free(&r->greedy_pruned);
    greedy_cover_free(&r->runs.best);
    greedy_cover_free(&r->cover);
    reduce_result_free(&r->red);
    free(r->solves);
    free(r->coverage);
    memset(r, 0, sizeof *r);
}
