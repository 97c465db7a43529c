/* test_maxsat.c - the core-guided MaxSAT lower bound (bench/maxsat): never above the
 * brute-force optimum, equal to it when given time (its last solve is then SAT), and
 * equal to GLPK's proven optimum on a larger instance. */
#include <criterion/criterion.h>

#include "hitset/ilp.h"
#include "maxsat.h"
#include "mincover_helpers.h"

Test(maxsat, reaches_the_brute_force_optimum_and_never_passes_it)
{
    uint64_t state = 11;
    for (int i = 0; i < 40; i++) {
        instance *h = random_instance(14, 20 + (uint32_t)i, 1 + (uint32_t)(i % 5), &state);
        uint32_t opt = brute_optimum(h);
        maxsat_result r;
        char err[256];
        cr_assert_eq(maxsat_bound(h, 30, NULL, NULL, &r, err, sizeof err), 0, "%s", err);
        cr_expect(r.optimal, "instance %d: not finished", i);
        cr_expect_eq(r.bound, opt, "instance %d: bound %u, optimum %u", i, r.bound, opt);
        cr_expect_eq(r.cores, r.bound);
        instance_free(h);
    }
}

/* Cut short, the bound is still below the optimum: a bound, never a guess. */
Test(maxsat, a_stopped_bound_is_still_a_bound)
{
    uint64_t state = 5;
    for (int i = 0; i < 10; i++) {
        instance *h = random_instance(16, 60, 4, &state);
        uint32_t opt = brute_optimum(h);
        maxsat_result r;
        char err[256];
        cr_assert_eq(maxsat_bound(h, 1e-4, NULL, NULL, &r, err, sizeof err), 0, "%s", err);
        cr_expect_leq(r.bound, opt, "instance %d", i);
        instance_free(h);
    }
}

/* A second engine on an instance too large for brute force: GLPK's proven optimum. */
Test(maxsat, agrees_with_glpk_on_a_larger_instance)
{
    uint64_t state = 77;
    instance *h = random_instance(60, 150, 4, &state);
    ilp_params q;
    ilp_result g;
    char err[256];
    ilp_params_init(&q);
    cr_assert_eq(ilp_glpk_hitting_set(h, &q, &g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g.status, ILP_OPTIMAL);
    maxsat_result r;
    cr_assert_eq(maxsat_bound(h, 60, NULL, NULL, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.optimal);
    cr_expect_eq(r.bound, (uint32_t)g.value);
    ilp_result_free(&g);
    instance_free(h);
}
