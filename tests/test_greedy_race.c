/* test_greedy_race.c - the random tie-breaking order of greedy runs over classes that
 * stand for millions of templates (the race), against its exact distribution. */
#include <criterion/criterion.h>
#include <math.h>

#include "core/splitmix.h"
#include "hitset/heur/greedy.h"
#include "mincover_helpers.h"

typedef struct {
    double time;
    uint32_t elem;
} racer;

static int by_time(const void *a, const void *b)
{
    const racer *x = a, *y = b;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    return (x->elem > y->elem) - (x->elem < y->elem);
}

/* The race ranks elements by their finishing times, ties to the lower id, in time linear
 * in the elements (a radix sort on the times' bits): the same ranks as a comparison sort
 * of the same draws, for 100,000 elements of multiplicities 0 to 999. */
Test(greedy_race, ranks_are_a_comparison_sort_of_the_same_draws)
{
    enum { NE = 100000 };
    uint32_t *mult = malloc(NE * sizeof *mult), *pr = malloc(NE * sizeof *pr);
    racer *want = malloc(NE * sizeof *want);
    cr_assert(mult && pr && want);
    uint64_t s = 99, state = 5, ref = 5;
    for (uint32_t e = 0; e < NE; e++)
        mult[e] = (uint32_t)(test_random(&s) % 1000);
    cr_assert_eq(greedy_race_order(NE, mult, &state, pr), 0);
    uint32_t n = 0;
    for (uint32_t e = 0; e < NE; e++) {
        if (!mult[e])
            continue;
        double u = (double)((splitmix_next(&ref) >> 11) + 1) * 0x1.0p-53;
        want[n++] = (racer){ -log(u) / mult[e], e };
    }
    cr_expect_eq(state, ref, "the draws differ");
    qsort(want, n, sizeof *want, by_time);
    for (uint32_t i = 0; i < n; i++)
        cr_assert_eq(pr[want[i].elem], i, "rank %u", i);
    for (uint32_t e = 0; e < NE; e++)
        if (!mult[e])
            cr_assert_eq(pr[e], UINT32_MAX);
    free(mult);
    free(pr);
    free(want);
}

/* In a uniform shuffle of 1 + 2 + 5 items, element e comes first with probability
 * m_e / 8, and the order 2, 1, 0 has probability 5/8 * 2/3. */
Test(greedy_race, first_places_follow_the_multiplicities)
{
    const uint32_t mult[3] = { 1, 2, 5 };
    uint32_t first[3] = { 0 }, order210 = 0, pr[3];
    const uint32_t draws = 20000;
    uint64_t state = 7;
    for (uint32_t d = 0; d < draws; d++) {
        cr_assert_eq(greedy_race_order(3, mult, &state, pr), 0);
        for (int e = 0; e < 3; e++)
            first[e] += pr[e] == 0;
        order210 += pr[2] == 0 && pr[1] == 1 && pr[0] == 2;
    }
    const double p[3] = { 1.0 / 8, 2.0 / 8, 5.0 / 8 }, p210 = 5.0 / 8 * 2.0 / 3;
    for (int e = 0; e < 3; e++) {
        double sd = sqrt(p[e] * (1 - p[e]) / draws);
        cr_expect_lt(fabs((double)first[e] / draws - p[e]), 5 * sd, "element %d", e);
    }
    cr_expect_lt(fabs((double)order210 / draws - p210), 5 * sqrt(p210 * (1 - p210) / draws));
}

Test(greedy_race, an_element_of_multiplicity_zero_never_ranks)
{
    const uint32_t mult[3] = { 4, 0, 1 };
    uint32_t pr[3];
    uint64_t state = 1;
    cr_assert_eq(greedy_race_order(3, mult, &state, pr), 0);
    cr_expect_eq(pr[1], UINT32_MAX);
    cr_expect(pr[0] + pr[2] == 1);
}

/* A 4-cycle of tied elements: s0 = {0,1}, s1 = {1,2}, s2 = {2,3}, s3 = {3,0}. Any first
 * pick leaves two sets that one element meets, so every run gives 2; with 8 million
 * items the runs take the race, which must still give covers. */
Test(greedy_race, runs_above_the_shuffle_limit_still_cover)
{
    const uint32_t sets[4][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX },
                                   { 2, 3, UINT32_MAX }, { 3, 0, UINT32_MAX } };
    instance *h = make_instance(4, 4, sets);
    const uint32_t mult[4] = { 2000000, 2000000, 2000000, 2000001 };
    greedy_stats st;
    cr_assert_eq(greedy_runs(h, mult, 50, 3, &st), 0);
    cr_expect(st.min == 2 && st.max == 2 && st.pruned_min == 2);
    cr_expect(instance_is_cover(h, st.best.elems, st.best.n));
    greedy_cover_free(&st.best);
    instance_free(h);
}
