/* test_colgen.c - column generation inside the pipeline (issue 31): which LP method the
 * automatic choice takes, a column generation stopped before the LP optimum whose bound
 * no later phase lowers, its basis starting the exact search, and GLPK failing inside
 * it, before its first round and after some. Column generation alone, against the
 * simplex and brute force, is tests/test_lagrange.c's. */
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/walltime.h"
#include "helpers.h"
#include "hitset/bounds/colgen.h"
#include "hitset/heur/greedy.h"
#include "hitset/mip/ilp.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "hitset/driver/mincover_bounds.h" /* MINCOVER_COLGEN_MIN_ELEMS */
#include "mincover_helpers.h"

/* A cover to start column generation from, as mincover_run() does: pruned greedy. */
static void start_cover(const instance *h, greedy_cover *gp)
{
    greedy_cover g;
    cr_assert_eq(greedy_run(h, NULL, &g), 0);
    cr_assert_eq(greedy_prune(h, &g, gp), 0);
    greedy_cover_free(&g);
}

/* ne elements, 40 disjoint sets of ne / 40 consecutive ones, the last taking the rest:
 * the LP optimum is 40 whichever method computes it, and either takes milliseconds. */
static instance *blocks(uint32_t ne)
{
    uint64_t off[41];
    uint32_t *el = malloc((size_t)ne * sizeof *el);
    cr_assert(el);
    for (uint32_t s = 0; s <= 40; s++)
        off[s] = s < 40 ? (uint64_t)s * (ne / 40) : ne;
    for (uint32_t e = 0; e < ne; e++)
        el[e] = e;
    char err[256];
    instance *h = instance_new(ne, 40, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    free(el);
    return h;
}

/* The pipeline with the LP phase and the exact search only. */
static void params_lp_only(mincover_params *p, double seconds)
{
    mincover_params_init(p);
    p->limit = budget_until(walltime_now() + seconds, NULL);
    p->greedy_runs = 1;
    p->reduce = false; /* the core is the instance: its size decides */
    p->ls_share = 0;
    p->lag_share = 0;
}

/* MINCOVER_LP_AUTO (the default) runs column generation on a core of more than
 * MINCOVER_COLGEN_MIN_ELEMS elements (mincover_bounds.h), the simplex on one of exactly
 * that many; both reach the LP optimum, 40. */
Test(colgen, auto_picks_column_generation_above_the_threshold_only, .timeout = 120)
{
    uint32_t sizes[2] = { MINCOVER_COLGEN_MIN_ELEMS, MINCOVER_COLGEN_MIN_ELEMS + 1 };
    mincover_lp expected[2] = { MINCOVER_LP_SIMPLEX, MINCOVER_LP_COLGEN };
    for (int i = 0; i < 2; i++) {
        instance *h = blocks(sizes[i]);
        mincover_params p;
        mincover_result r;
        char err[256];
        params_lp_only(&p, 60);
        cr_assert_eq(p.lp, MINCOVER_LP_AUTO, "the default is the automatic choice");
        cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
        cr_expect_eq(r.lp.method, expected[i], "%u elements: %s", sizes[i],
                     mincover_lp_name(r.lp.method));
        cr_expect_float_eq(r.lp.optimum, 40, 1e-6, "%u elements: %g", sizes[i], r.lp.optimum);
        cr_expect_eq(r.lp.bound, r.lp.optimum, "%u elements", sizes[i]);
        cr_expect_eq(r.optimum, 40);
        cr_expect(r.optimal);
        mincover_result_free(&r);
        instance_free(h);
    }
}

/* The same through `t24 cover`: the threshold counts the core, after the reductions,
 * which shrink these blocks (elements of one set dominate each other) to 40 elements. */
static char *pace_blocks(uint32_t ne)
{
    size_t cap = (size_t)ne * 8 + 64, len = 0;
    char *text = malloc(cap);
    cr_assert(text);
    len += (size_t)snprintf(text, cap, "p hs %u 40\n", ne);
    for (uint32_t s = 0; s < 40; s++) {
        uint32_t hi = s < 39 ? (s + 1) * (ne / 40) : ne;
        for (uint32_t e = s * (ne / 40); e < hi; e++)
            len += (size_t)snprintf(text + len, cap - len, e + 1 < hi ? "%u " : "%u\n", e + 1);
    }
    return text;
}

static void expect_cli_lp_method(const char *args, const char *input, const char *method)
{
    run_result r = run_t24(args, input);
    cr_assert_eq(r.status, 0, "t24 %s: %s", args, r.err);
    cJSON *js = cJSON_Parse(r.out);
    cr_assert(js, "t24 %s: not JSON", args);
    cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(js, "lp_method")), method,
                     "t24 %s", args);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(js, "optimal")), "t24 %s", args);
    cJSON_Delete(js);
    run_free(&r);
}

Test(colgen, cover_picks_column_generation_by_the_core_size, .timeout = 300)
{
    char *above = pace_blocks(MINCOVER_COLGEN_MIN_ELEMS + 1);
    char *at = pace_blocks(MINCOVER_COLGEN_MIN_ELEMS);
    expect_cli_lp_method("cover --json --no-reductions --greedy-runs 1 --local-search 0",
                         above, "colgen");
    expect_cli_lp_method("cover --json --no-reductions --greedy-runs 1 --local-search 0", at,
                         "simplex");
    expect_cli_lp_method("cover --json --greedy-runs 1 --local-search 0", above, "simplex");
    free(above);
    free(at);
}

/* A cancel check that stops column generation after `rounds` rounds and nothing else:
 * column generation asks it before each round, on GLPK's thread, and it is the first
 * to ask there (the greedy runs and the reductions ask on the caller's thread, with
 * answer no); later asks on GLPK's thread (the exact search's branch and bound) are
 * told to stop too. */
typedef struct {
    pthread_t caller;
    int asked, rounds;
} stop_after_rounds;

static int stop_colgen(void *ctx)
{
    stop_after_rounds *s = ctx;
    if (pthread_equal(pthread_self(), s->caller))
        return 0;
    return ++s->asked > s->rounds;
}

/* Column generation alone from pruned greedy's cover, stopped after `rounds` rounds in
 * the same way: the bound mincover_run() must report. */
static colgen_result colgen_rounds(const instance *h, int rounds)
{
    greedy_cover gp;
    start_cover(h, &gp);
    stop_after_rounds s = { pthread_self(), 0, rounds };
    cancel_check stop = { stop_colgen, &s, NULL };
    colgen_params p;
    colgen_result r;
    char err[256];
    colgen_params_init(&p);
    p.cover = gp.elems;
    p.ncover = gp.n;
    p.limit = budget_until(0, &stop);
    cr_assert_eq(colgen_lp(h, &p, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.rounds, (uint32_t)rounds);
    cr_assert_not(r.optimal, "column generation converged in %d rounds", rounds);
    greedy_cover_free(&gp);
    return r;
}

/* Column generation stopped after two rounds (lp.optimum < 0: its L(u) is no LP optimum),
 * then the exact search, whose own LP (the simplex on all 30,000 elements, minutes long)
 * the time limit stops: column generation's proven bound stands, exactly as column
 * generation alone gives it, never replaced by the stopped LP's "none". The time limit
 * doubles from 1 s until two rounds fit in column generation's share of it (a loaded
 * machine). */
Test(colgen, a_stopped_column_generation_keeps_its_bound_after_a_stopped_search,
     .timeout = 300)
{
    uint64_t state = 2024;
    instance *h = random_instance(30000, 3000, 400, &state);
    mincover_result r;
    bool ok = false;
    for (double limit = 1; limit <= 16 && !ok; limit *= 2) {
        mincover_params p;
        char err[256];
        params_lp_only(&p, limit);
        stop_after_rounds s = { pthread_self(), 0, 2 };
        p.cancel.requested = stop_colgen;
        p.cancel.ctx = &s;
        cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
        ok = s.asked > 2; /* asked before a third round: two were solved */
        if (!ok)
            mincover_result_free(&r);
    }
    cr_assert(ok, "two rounds of column generation never fitted in half of 16 s");
    cr_expect_eq(r.lp.method, MINCOVER_LP_COLGEN, "auto above the threshold; %s kept",
                 mincover_lp_name(r.lp.method));
    cr_expect_lt(r.lp.optimum, 0, "a Lagrangian bound taken for the LP optimum: %g", r.lp.optimum);
    cr_expect_eq(r.lp.rounds, 2);
    cr_expect_eq(r.exact.status, MINCOVER_ILP_TIME_LIMIT,
                 "the premise: the search's LP was stopped");
    colgen_result cg = colgen_rounds(h, 2);
    cr_expect_gt(cg.bound.ceil, 0, "the premise: two rounds prove something");
    cr_expect_float_eq(r.lp.bound, cg.bound.value, 1e-9, "reported %g, column generation %g",
                       r.lp.bound, cg.bound.value);
    cr_expect_eq(r.lp.bound_ceil, cg.bound.ceil);
    cr_expect_geq(r.best_bound, r.lp.bound_ceil);
    cr_expect_leq(r.best_bound, r.optimum);
    cr_expect(instance_is_cover(h, r.cover.elems, r.cover.n));
    colgen_result_free(&cg);
    mincover_result_free(&r);
    instance_free(h);
}

/* Column generation stopped after two rounds, then the exact search's LP finishes: the
 * LP optimum replaces the bound (lp.bound is lp.optimum), never below what the two rounds
 * proved, and equal to the simplex's on the whole instance. */
Test(colgen, a_stopped_column_generation_is_raised_by_a_finished_lp, .timeout = 300)
{
    uint64_t state = 777;
    instance *h = random_instance(3000, 2000, 30, &state);
    mincover_params p;
    mincover_result r;
    char err[256];
    params_lp_only(&p, 120);
    p.lp = MINCOVER_LP_COLGEN;
    stop_after_rounds s = { pthread_self(), 0, 2 };
    p.cancel.requested = stop_colgen;
    p.cancel.ctx = &s;
    cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
    colgen_result cg = colgen_rounds(h, 2);
    ilp_params q;
    double lp;
    ilp_params_init(&q);
    q.limit = budget_sooner(q.limit, walltime_now() + 120);
    cr_assert_eq(ilp_lp_bound(h, &q, &lp, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.lp.method, MINCOVER_LP_SIMPLEX, "the exact search's LP gave it");
    cr_expect_float_eq(r.lp.optimum, lp, 1e-6 * lp, "%g against the simplex's %g", r.lp.optimum,
                       lp);
    cr_expect_eq(r.lp.bound, r.lp.optimum);
    cr_expect_geq(r.lp.bound, cg.bound.value - 1e-9);
    cr_expect_geq(r.lp.bound_ceil, cg.bound.ceil);
    cr_expect_gt(lp, cg.bound.value + 1, "the premise: two rounds were well below the LP");
    colgen_result_free(&cg);
    mincover_result_free(&r);
    instance_free(h);
}

static int stop_at_once(void *ctx)
{
    (void)ctx;
    return 1;
}

/* Column generation's basis (colgen_params.basis) is optimal for the whole LP: the
 * exact search started from it takes no simplex iteration, where a cold start takes
 * many, and finds the same LP value. */
Test(colgen, its_basis_starts_the_exact_search_at_the_lp_optimum, .timeout = 120)
{
    uint64_t state = 777;
    instance *h = random_instance(3000, 2000, 30, &state);
    greedy_cover gp;
    start_cover(h, &gp);
    ilp_basis b = { 0 };
    colgen_params p;
    colgen_result cg;
    char err[256];
    colgen_params_init(&p);
    p.cover = gp.elems;
    p.ncover = gp.n;
    p.basis = &b;
    cr_assert_eq(colgen_lp(h, &p, &cg, err, sizeof err), 0, "%s", err);
    cr_assert(cg.optimal);
    cr_assert_eq(b.ncols, instance_nelems(h), "the basis covers every element");
    cancel_check stop = { stop_at_once, NULL, NULL };
    ilp_params q;
    ilp_result cold, from;
    ilp_params_init(&q);
    q.limit = budget_sooner(q.limit, walltime_now() + 120);
    q.cancel = &stop; /* the LP relaxation only */
    cr_assert_eq(ilp_glpk_hitting_set(h, &q, &cold, err, sizeof err), 0, "%s", err);
    q.basis = &b;
    cr_assert_eq(ilp_glpk_hitting_set(h, &q, &from, err, sizeof err), 0, "%s", err);
    cr_expect_gt(cold.lp_iterations, 0);
    cr_expect_eq(from.lp_iterations, 0, "%lu iterations from column generation's basis",
                 (unsigned long)from.lp_iterations);
    cr_expect_float_eq(from.lp, cold.lp, 1e-6 * cold.lp);
    cr_expect(fabs(cg.restricted - cold.lp) < 1e-6 * cold.lp);
    ilp_result_free(&cold);
    ilp_result_free(&from);
    colgen_result_free(&cg);
    ilp_basis_free(&b);
    greedy_cover_free(&gp);
    instance_free(h);
}

/* GLPK failing inside column generation (its memory limit, as tests/test_glpk_guard.c
 * plants it): with the limits from 1 MB up, it fails before its first round (an error,
 * -1, naming GLPK) or after some rounds (their bound kept, proven, not optimal), or has
 * room enough (the LP optimum); both failures must occur, and each bound kept must be
 * L of its multipliers and no more than the LP optimum. Then mincover_run() under a
 * limit of each kind: before the first round, no LP bound and the failure named; after
 * some, exactly that bound, not optimal, kept through the exact search, which fails
 * under the same limit. A cover is reported either way. */
Test(colgen, a_glpk_failure_inside_column_generation, .timeout = 300)
{
    uint64_t state = 777;
    instance *h = random_instance(3000, 2000, 30, &state);
    greedy_cover gp;
    start_cover(h, &gp);
    colgen_params p;
    colgen_result cg, full;
    char err[256];
    colgen_params_init(&p);
    p.cover = gp.elems;
    p.ncover = gp.n;
    /* far more than it needs (half a second): only GLPK can stop it */
    p.limit = budget_until(walltime_now() + 120, NULL);
    cr_assert_eq(colgen_lp(h, &p, &full, err, sizeof err), 0, "%s", err);
    cr_assert(full.optimal);
    int before = 0, after = 0, mb_before = 0, mb_after = 0;
    for (int mb = 1; mb <= 64; mb++) {
        p.mem_limit_mb = mb;
        err[0] = '\0';
        if (colgen_lp(h, &p, &cg, err, sizeof err) == -1) {
            cr_expect(strstr(err, "GLPK failed"), "%d MB: %s", mb, err);
            before++;
            mb_before = mb_before ? mb_before : mb;
            continue;
        }
        if (cg.optimal) {
            cr_expect_eq(cg.bound.ceil, full.bound.ceil, "%d MB", mb);
            colgen_result_free(&cg);
            break; /* enough room: more changes nothing */
        }
        after++;
        mb_after = mb;
        cr_expect_gt(cg.rounds, 0, "%d MB", mb);
        cr_expect_null(colgen_result_check(h, &cg), "%d MB", mb);
        cr_expect_leq(cg.bound.value, full.restricted + 1e-9, "%d MB: %g above the LP %g", mb,
                      cg.bound.value, full.restricted);
        colgen_result_free(&cg);
    }
    cr_assert_gt(before, 0, "no limit failed GLPK before the first round");
    cr_assert_gt(after, 0, "no limit failed GLPK after a round");

    mincover_params mp;
    mincover_result r;
    params_lp_only(&mp, 120);
    mp.lp = MINCOVER_LP_COLGEN;
    mp.mem_limit_mb = mb_before;
    cr_assert_eq(mincover_run(h, NULL, &mp, &r, err, sizeof err), 0, "%s", err);
    cr_expect_lt(r.lp.bound, 0, "an LP bound from a failed column generation: %g", r.lp.bound);
    cr_expect(strstr(r.message, "LP bound") && strstr(r.message, "GLPK failed"), "%s",
              r.message);
    cr_expect(instance_is_cover(h, r.cover.elems, r.cover.n));
    cr_expect_leq(r.best_bound, r.optimum);
    mincover_result_free(&r);

    mp.mem_limit_mb = mb_after;
    p.mem_limit_mb = mb_after;
    cr_assert_eq(colgen_lp(h, &p, &cg, err, sizeof err), 0, "%s", err);
    cr_assert_eq(mincover_run(h, NULL, &mp, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.lp.method, MINCOVER_LP_COLGEN);
    cr_expect_lt(r.lp.optimum, 0, "a Lagrangian bound taken for the LP optimum: %g", r.lp.optimum);
    cr_expect_eq(r.lp.rounds, cg.rounds);
    cr_expect_float_eq(r.lp.bound, cg.bound.value, 1e-9);
    cr_expect_eq(r.lp.bound_ceil, cg.bound.ceil);
    cr_expect_eq(r.exact.status, MINCOVER_ILP_FAILED, "the exact search fits in %d MB", mb_after);
    cr_expect(strstr(r.message, "GLPK failed"), "%s", r.message);
    cr_expect(instance_is_cover(h, r.cover.elems, r.cover.n));
    cr_expect_geq(r.best_bound, r.lp.bound_ceil);
    cr_expect_leq(r.best_bound, r.optimum);
    colgen_result_free(&cg);
    mincover_result_free(&r);
    colgen_result_free(&full);
    greedy_cover_free(&gp);
    instance_free(h);
}
