/* test_lp_limit.c - the time limit covers the LP relaxation too: a stopped LP gives no LP
 * bound and no search, but still a valid cover and honest bounds (the necessary classes
 * and the disjoint-sets packing, checked here against brute force), and is not an error. */
#include <criterion/criterion.h>
#include <glpk.h>

#include "core/walltime.h"
#include "hitset/driver/engine.h"
#include "hitset/mip/ilp.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "hitset/bounds/packing.h"
#include "mincover_helpers.h"

/* Big enough that GLPK's simplex needs far more than a millisecond. */
static instance *big(void)
{
    uint64_t state = 12345;
    return random_instance(4000, 2500, 40, &state);
}

Test(lp_limit, a_stopped_lp_is_no_solution_and_no_error, .timeout = 120)
{
    instance *h = big();
    ilp_params q;
    ilp_params_init(&q);
    q.limit.end = walltime_now() + 1e-6; /* one millisecond, GLPK's smallest */
    ilp_result r;
    char err[256];
    cr_assert_eq(engine_hitting_set(h, &q, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.status, ILP_NONE);
    cr_expect_lt(r.lp, 0);
    cr_expect_eq(r.bound, 0);
    ilp_result_free(&r);
    double lp;
    cr_expect_eq(ilp_lp_bound(h, &q, &lp, err, sizeof err), -1);
    cr_expect(strstr(err, "time limit"), "%s", err);
    instance_free(h);
}

/* Stopped in the LP, both engines still report a warm start that is a cover (as GLPK's
 * incumbent would be), duplicates dropped; one that misses a set is not reported. */
Test(lp_limit, a_stopped_lp_keeps_a_warm_start_that_covers, .timeout = 120)
{
    instance *h = big();
    uint32_t ne = instance_nelems(h), *all = malloc(((size_t)ne + 1) * sizeof *all);
    cr_assert(all);
    for (uint32_t e = 0; e < ne; e++)
        all[e] = e;
    all[ne] = 7; /* a duplicate */
    ilp_engine engines[] = { ILP_GLPK, ILP_CBC };
    for (int i = 0; i < 2; i++) {
        ilp_params q;
        ilp_params_init(&q);
        q.engine = engines[i];
        q.limit.end = walltime_now() + 1e-6;
        q.warm = all;
        q.nwarm = ne + 1;
        ilp_result r;
        char err[256];
        cr_assert_eq(engine_hitting_set(h, &q, &r, err, sizeof err), 0, "%s", err);
        cr_expect_eq(r.status, ILP_STOPPED, "%s", engine_name(engines[i]));
        cr_expect_eq(r.nchosen, ne);
        cr_expect_eq(r.value, ne);
        cr_expect(instance_is_cover(h, r.chosen, r.nchosen));
        ilp_result_free(&r);
        q.nwarm = 10; /* 10 elements cannot meet 2,500 random sets of 4,000 */
        cr_assert_eq(engine_hitting_set(h, &q, &r, err, sizeof err), 0, "%s", err);
        cr_expect_eq(r.status, ILP_NONE, "%s", engine_name(engines[i]));
        ilp_result_free(&r);
    }
    free(all);
    instance_free(h);
}

Test(lp_limit, the_study_pipeline_reports_greedy_and_the_combinatorial_bounds, .timeout = 120)
{
    instance *h = big();
    mincover_params p;
    mincover_params_init(&p);
    p.limit = budget_until(walltime_now() + 1e-6, NULL);
    p.greedy_runs = 2;
    p.reduce = false; /* keep the whole instance for GLPK, so its LP is the big one */
    mincover_result r;
    char err[256];
    cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_lt(r.lp.bound, 0);
    cr_expect_eq(r.message[0], '\0', "a stop is not a failure: %s", r.message);
    cr_expect_eq(r.exact.status, MINCOVER_ILP_TIME_LIMIT);
    cr_expect(instance_is_cover(h, r.cover.elems, r.cover.n));
    cr_expect_eq(r.best_bound,
                 r.bounds.necessary > r.bounds.packing ? r.bounds.necessary : r.bounds.packing);
    cr_expect_gt(r.bounds.packing, 0);
    mincover_result_free(&r);
    instance_free(h);
}

/* Smallest sets first: {3}, then {0,1}; {1,2} meets {0,1}; then {4,5}: three disjoint sets,
 * so every cover has at least 3 elements (and {1, 3, 4} is one). */
Test(lp_limit, packing_counts_disjoint_sets_smallest_first)
{
    const uint32_t sets[4][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX }, { 3, UINT32_MAX },
                                   { 4, 5, UINT32_MAX } };
    instance *h = make_instance(6, 4, sets);
    cr_expect_eq(packing_bound(h), 3);
    instance_free(h);
}

/* On small random instances: never above the brute-force optimum nor the LP bound. */
Test(lp_limit, packing_never_exceeds_the_optimum_or_the_lp, .timeout = 120)
{
    uint64_t state = 99;
    for (int round = 0; round < 40; round++) {
        instance *h = random_instance(12, 10 + (uint32_t)round, 4, &state);
        mincover_params p;
        mincover_params_init(&p);
        p.greedy_runs = 1;
        mincover_result r;
        char err[256];
        cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
        cr_assert(r.optimal);
        cr_expect_leq(r.bounds.packing, r.optimum);
        cr_expect_leq(r.bounds.packing, r.lp.bound_ceil);
        cr_expect_leq(r.bounds.packing, brute_optimum(h), "round %d", round);
        mincover_result_free(&r);
        instance_free(h);
    }
}

/* A simplex the time limit stopped leaves its basis behind, and a later solve from that
 * basis reaches the same LP optimum as a solve from scratch. */
Test(lp_limit, a_stopped_lp_basis_is_continued, .timeout = 300)
{
    instance *h = big();
    ilp_params q;
    ilp_basis b = { 0 };
    double cold, warm;
    char err[256];
    ilp_params_init(&q);
    q.limit.end = walltime_now() + 120;
    cr_assert_eq(ilp_lp_bound(h, &q, &cold, err, sizeof err), 0, "%s", err);
    q.basis = &b;
    q.limit.end = walltime_now() + 1e-6;
    cr_expect_eq(ilp_lp_bound(h, &q, &warm, err, sizeof err), -1, "stopped");
    cr_assert_eq(b.nrows, instance_nsets(h), "the stopped basis was not kept");
    q.limit.end = walltime_now() + 120;
    cr_assert_eq(ilp_lp_bound(h, &q, &warm, err, sizeof err), 0, "%s", err);
    cr_expect_float_eq(warm, cold, 1e-6 * cold);
    ilp_basis_free(&b);
    instance_free(h);
}

/* Stops ilp_glpk_hitting_set() at its first branch-and-bound callback: what is left is
 * its LP relaxation, whose simplex iterations it reports (lp_iterations). */
static int stop_at_once(void *ctx)
{
    (void)ctx;
    return 1;
}

/* GLPK's basic columns in b: the simplex starts with none (every row's slack basic) and
 * ends with this instance's optimum's, so their count measures how far it got without
 * a clock. */
static uint32_t basic_columns(const ilp_basis *b)
{
    uint32_t n = 0;
    for (uint32_t j = 0; j < b->ncols; j++)
        n += b->stat[b->nrows + j] == GLP_BS;
    return n;
}

/* The basis is used, not only kept (issue 31): the LP relaxation from a basis at its
 * optimum takes no simplex iteration, where a cold start takes thousands, and ends at
 * the optimum even under a limit that stops a cold start (GLPK sees the optimum before
 * it reads its clock); from a basis a time limit stopped about halfway, it takes fewer
 * iterations than from scratch. A basis ignored would take exactly the cold start's
 * iterations, the dual simplex being deterministic. */
Test(lp_limit, a_kept_basis_saves_the_simplex_its_iterations, .timeout = 300)
{
    uint64_t state = 12345;
    instance *h = random_instance(1000, 800, 20, &state); /* a cold LP: about 0.2 s */
    cancel_check stop = { stop_at_once, NULL, NULL };
    ilp_params q, lq;
    ilp_result cold, from;
    ilp_basis opt = { 0 };
    double lp, again;
    char err[256];
    ilp_params_init(&q);
    q.limit.end = walltime_now() + 120;
    q.cancel = &stop;
    cr_assert_eq(ilp_glpk_hitting_set(h, &q, &cold, err, sizeof err), 0, "%s", err);
    cr_assert_geq(cold.lp, 0, "the cold LP did not finish in 120 s");
    cr_assert_gt(cold.lp_iterations, 100, "a cold start took %lu iterations",
                 (unsigned long)cold.lp_iterations);

    ilp_params_init(&lq);
    lq.limit.end = walltime_now() + 120;
    lq.basis = &opt;
    cr_assert_eq(ilp_lp_bound(h, &lq, &lp, err, sizeof err), 0, "%s", err);
    q.basis = &opt;
    cr_assert_eq(ilp_glpk_hitting_set(h, &q, &from, err, sizeof err), 0, "%s", err);
    cr_expect_eq(from.lp_iterations, 0, "from the optimal basis: %lu iterations",
                 (unsigned long)from.lp_iterations);
    cr_expect_float_eq(from.lp, cold.lp, 1e-9 * cold.lp);
    ilp_result_free(&from);
    ilp_params_init(&lq);
    lq.limit.end = walltime_now() + 1e-6; /* GLPK's smallest, one millisecond */
    cr_assert_eq(ilp_lp_bound(h, &lq, &again, err, sizeof err), -1,
                 "the premise: a cold start does not end within a millisecond");
    lq.basis = &opt;
    if (ilp_lp_bound(h, &lq, &again, err, sizeof err) == 0)
        cr_expect_float_eq(again, lp, 1e-9 * lp);
    else
        cr_expect_fail("from the optimal basis ilp_lp_bound() did not end at once: %s", err);

    /* A stopped basis: the limit doubles from a millisecond until the simplex stopped
     * with at least half the optimum's basic columns (a loaded machine needs longer). */
    uint32_t half = basic_columns(&opt) / 2, got = 0;
    ilp_basis b = { 0 };
    bool stopped = false;
    for (double limit = 1e-3; limit < 60 && got < half; limit *= 2) {
        lq.limit.end = walltime_now() + limit;
        lq.basis = &b;
        /* Each try continues from the last one's basis: progress adds up. */
        stopped = ilp_lp_bound(h, &lq, &again, err, sizeof err) == -1;
        if (!stopped)
            break; /* finished before halfway: no stopped basis to test */
        cr_assert(strstr(err, "time limit"), "%s", err);
        got = basic_columns(&b);
    }
    cr_assert(stopped && got >= half,
              "no limit stopped the simplex halfway (%u of %u basic columns)", got,
              2 * half);
    q.basis = &b;
    cr_assert_eq(ilp_glpk_hitting_set(h, &q, &from, err, sizeof err), 0, "%s", err);
    cr_expect_lt(from.lp_iterations, cold.lp_iterations,
                 "from a basis stopped halfway: %lu iterations, from scratch %lu",
                 (unsigned long)from.lp_iterations, (unsigned long)cold.lp_iterations);
    cr_expect_float_eq(from.lp, cold.lp, 1e-9 * cold.lp);
    ilp_result_free(&from);
    ilp_result_free(&cold);
    ilp_basis_free(&b);
    ilp_basis_free(&opt);
    instance_free(h);
}
