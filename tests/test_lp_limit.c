/* test_lp_limit.c - the time limit covers the LP relaxation too: a stopped LP gives no LP
 * bound and no search, but still a valid cover and honest bounds, and is not an error. */
#include <criterion/criterion.h>

#include "hitset/ilp.h"
#include "hitset/mincover.h"
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
    q.time_limit = 1e-6; /* one millisecond, GLPK's smallest */
    ilp_result r;
    char err[256];
    cr_assert_eq(ilp_hitting_set(h, &q, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.status, ILP_NONE);
    cr_expect_lt(r.lp, 0);
    cr_expect_eq(r.bound, 0);
    ilp_result_free(&r);
    double lp;
    cr_expect_eq(ilp_lp_bound(h, &q, &lp, err, sizeof err), -1);
    cr_expect(strstr(err, "time limit"), "%s", err);
    instance_free(h);
}

Test(lp_limit, the_study_pipeline_reports_greedy_and_the_necessary_bound, .timeout = 120)
{
    instance *h = big();
    mincover_params p;
    mincover_params_init(&p);
    p.time_limit = 1e-6;
    p.greedy_runs = 2;
    p.reduce = false; /* keep the whole instance for GLPK, so its LP is the big one */
    mincover_result r;
    char err[256];
    cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_lt(r.lp_bound, 0);
    cr_expect_eq(r.message[0], '\0', "a stop is not a failure: %s", r.message);
    cr_expect_eq(r.ilp, MINCOVER_ILP_TIME_LIMIT);
    cr_expect(instance_is_cover(h, r.cover.elems, r.cover.n));
    cr_expect_eq(r.best_bound, r.necessary);
    mincover_result_free(&r);
    instance_free(h);
}
