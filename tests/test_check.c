/* test_check.c - the debug checkers (core/check.h): what t24 builds passes them, and each
 * one notices the broken invariants it names. Debug builds also run them inside the
 * library, so there every other test exercises them too. */
#include <criterion/criterion.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "hitset/bounds/colgen.h"
#include "hitset/heur/greedy.h"
#include "hitset/heur/localsearch_state.h"
#include "hitset/model/instance.h"
#include "hitset/presolve/reduce.h"
#include "study/classes.h"
#include "mincover_helpers.h"
#include "study_helpers.h"

static void expect_broken(const char *why, const char *mention)
{
    cr_assert(why, "the checker passed a broken structure (expected: %s)", mention);
    cr_assert(strstr(why, mention), "'%s' does not say '%s'", why, mention);
}

Test(check, instances_built_by_t24_pass)
{
    uint64_t state = 7;
    for (int i = 0; i < 200; i++) {
        instance *h = random_instance(1 + (uint32_t)(test_random(&state) % 20),
                                      1 + (uint32_t)(test_random(&state) % 40), 6, &state);
        cr_assert_null(instance_check(h));
        instance_free(h);
    }
}

Test(check, row_checker_notices_each_broken_row_invariant)
{
    const uint64_t off[] = { 0, 2, 4 }, empty[] = { 0, 0, 2 }, down[] = { 0, 1, 0 },
                   late[] = { 1, 2, 4 };
    const uint32_t good[] = { 0, 3, 1, 2 }, unsorted[] = { 0, 3, 2, 1 },
                   repeated[] = { 0, 3, 2, 2 }, big[] = { 0, 3, 1, 4 };
    cr_assert_null(instance_check_rows(2, off, good, 4, true));
    expect_broken(instance_check_rows(2, off, unsorted, 4, true), "ascending");
    expect_broken(instance_check_rows(2, off, repeated, 4, true), "ascending");
    expect_broken(instance_check_rows(2, off, big, 4, true), "out of range");
    expect_broken(instance_check_rows(2, empty, good, 4, true), "empty");
    cr_assert_null(instance_check_rows(2, empty, good + 2, 4, false), "element rows may be empty");
    expect_broken(instance_check_rows(2, down, good, 4, false), "decrease");
    expect_broken(instance_check_rows(2, late, good, 4, false), "offset 0");
}

Test(check, greedy_covers_pass_and_tampered_ones_do_not)
{
    uint64_t state = 11;
    instance *h = random_instance(12, 30, 4, &state);
    greedy_cover g, p;
    cr_assert_eq(greedy_run(h, NULL, &g), 0);
    cr_assert_eq(greedy_prune(h, &g, &p), 0);
    cr_assert_null(greedy_cover_check(h, &g));
    cr_assert_null(greedy_cover_check(h, &p));
    cr_assert_null(instance_check_cover(h, g.elems, g.n));
    cr_assert_eq(greedy_cover_met(&g), instance_nsets(h));
    cr_assert_geq(g.n, 2, "the test wants a cover of two elements or more");

    g.adds[0]++;
    expect_broken(greedy_cover_check(h, &g), "adds");
    g.adds[0]--;
    uint32_t second = g.elems[1];
    g.elems[1] = g.elems[0];
    expect_broken(greedy_cover_check(h, &g), "repeats");
    g.elems[1] = instance_nelems(h);
    expect_broken(greedy_cover_check(h, &g), "out of range");
    g.elems[1] = second;
    /* Greedy picks only elements that meet a new set, so dropping the first leaves one
     * unmet. */
    expect_broken(instance_check_cover(h, g.elems + 1, g.n - 1), "unmet");
    greedy_cover_free(&g);
    greedy_cover_free(&p);
    instance_free(h);
}

Test(check, reductions_built_by_t24_pass)
{
    uint64_t state = 5;
    char err[256];
    for (int i = 0; i < 200; i++) {
        instance *h = random_instance(1 + (uint32_t)(test_random(&state) % 30),
                                      1 + (uint32_t)(test_random(&state) % 60), 5, &state);
        reduce_result r;
        cr_assert_eq(reduce_run(h, &r, err, sizeof err), 0, "%s", err);
        cr_assert_null(reduce_result_check(h, &r));
        reduce_result_free(&r);
        /* A deadline already past stops the passes at once: no core is built (the
         * caller's time is up), and what went still checks. */
        cr_assert_eq(reduce_run_until(h, budget_until(1e-9, NULL), &r, err, sizeof err), 0, "%s", err);
        cr_assert(r.stopped);
        cr_assert_null(r.core);
        cr_assert_null(reduce_result_check(h, &r));
        reduce_result_free(&r);
        instance_free(h);
    }
}

/* A set of h outside the core that lacks some element of core set 0 (mapped), or
 * UINT32_MAX. */
static uint32_t set_not_over_core_set_0(const instance *h, const reduce_result *r)
{
    uint32_t m, n;
    const uint32_t *row = instance_set(r->core, 0, &m);
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        bool kept = false;
        for (uint32_t k = 0; k < instance_nsets(r->core); k++)
            kept |= r->core_set[k] == s;
        const uint32_t *orig = instance_set(h, s, &n);
        for (uint32_t i = 0; i < m && !kept; i++) {
            bool has = false;
            for (uint32_t j = 0; j < n; j++)
                has |= orig[j] == r->core_elem[row[i]];
            if (!has)
                return s;
        }
    }
    return UINT32_MAX;
}

/* A reduction with two forced elements or more, a core with sets, and a set to plant as
 * a core set that is not a superset: the random instances of seed 3 soon give one. */
static instance *reducible(reduce_result *r, uint32_t *planted)
{
    uint64_t state = 3;
    char err[256];
    for (;;) {
        instance *h = random_instance(30, 40, 4, &state);
        cr_assert_eq(reduce_run(h, r, err, sizeof err), 0, "%s", err);
        if (r->nforced >= 2 && instance_nsets(r->core) > 0 &&
            (*planted = set_not_over_core_set_0(h, r)) != UINT32_MAX)
            return h;
        reduce_result_free(r);
        instance_free(h);
    }
}

Test(check, reductions_pass_and_tampered_ones_do_not)
{
    reduce_result r;
    uint32_t planted;
    instance *h = reducible(&r, &planted);
    cr_assert_null(reduce_result_check(h, &r));

    uint32_t f0 = r.forced[0], f1 = r.forced[1];
    r.forced[1] = f0;
    expect_broken(reduce_result_check(h, &r), "forced element is repeated");
    r.forced[1] = instance_nelems(h);
    expect_broken(reduce_result_check(h, &r), "forced element is out of range");
    r.forced[1] = f1;

    uint32_t e0 = r.core_elem[0];
    r.core_elem[0] = f0;
    expect_broken(reduce_result_check(h, &r), "core element maps to a forced element");
    r.core_elem[0] = e0;

    uint32_t s0 = r.core_set[0];
    r.core_set[0] = planted;
    expect_broken(reduce_result_check(h, &r), "not a subset");
    r.core_set[0] = s0;

    r.forced_sets++;
    expect_broken(reduce_result_check(h, &r), "do not add up");
    r.forced_sets--;
    cr_assert_null(reduce_result_check(h, &r), "every tampering was undone");
    reduce_result_free(&r);
    instance_free(h);
}

/* A reduction by hand of {0, 1}, {1, 2}: keeping {0, 1} alone and calling {1, 2}
 * dominated (element 2 with it) is wrong, since {1, 2} does not contain {0, 1}; with
 * {0, 1, 2} as the second set the same reduction is right. */
Test(check, a_removed_set_must_contain_a_core_set)
{
    static const uint32_t wrong[][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX } };
    static const uint32_t right[][16] = { { 0, 1, UINT32_MAX }, { 0, 1, 2, UINT32_MAX } };
    static const uint32_t core_sets[][16] = { { 0, 1, UINT32_MAX } };
    uint32_t core_elem[] = { 0, 1 }, core_set[] = { 0 };
    reduce_result r = { .dominated_sets = 1, .dominated_elems = 1,
                        .core = make_instance(2, 1, core_sets), .core_elem = core_elem,
                        .core_set = core_set };
    instance *h = make_instance(3, 2, right);
    cr_assert_null(reduce_result_check(h, &r));
    instance_free(h);
    h = make_instance(3, 2, wrong);
    expect_broken(reduce_result_check(h, &r), "contains no core set");
    instance_free(h);
    instance_free(r.core);
}

Test(check, colgen_duals_pass_and_tampered_ones_do_not)
{
    uint64_t state = 13;
    instance *h = random_instance(25, 60, 4, &state);
    greedy_cover g;
    colgen_params p;
    colgen_result r;
    char err[256];
    cr_assert_eq(greedy_run(h, NULL, &g), 0);
    colgen_params_init(&p);
    p.cover = g.elems;
    p.ncover = g.n;
    cr_assert_eq(colgen_lp(h, &p, &r, err, sizeof err), 0, "%s", err);
    cr_assert_null(colgen_result_check(h, &r));
    cr_assert_gt(r.bound.ceil, 0, "the test wants a bound above 0");

    double u0 = r.u[0];
    r.u[0] = -0.5;
    expect_broken(colgen_result_check(h, &r), "outside [0, 1]");
    r.u[0] = 1.5;
    expect_broken(colgen_result_check(h, &r), "outside [0, 1]");
    r.u[0] = NAN;
    expect_broken(colgen_result_check(h, &r), "not finite");
    r.u[0] = u0;

    lagrange_bound b = r.bound;
    r.bound.ceil++;
    expect_broken(colgen_result_check(h, &r), "not L of its multipliers");
    r.bound = b;
    r.bound.value += 1e-6;
    expect_broken(colgen_result_check(h, &r), "not L of its multipliers");
    r.bound = b;
    cr_assert_null(colgen_result_check(h, &r), "every tampering was undone");
    colgen_result_free(&r);
    greedy_cover_free(&g);
    instance_free(h);
}

/* A copy of s without template `drop` (every template when drop is UINT32_MAX) in the
 * row of hand `hand`. */
static solutions without(const solutions *s, uint32_t hand, uint32_t drop)
{
    solutions t = *s;
    uint64_t nnz = s->off[s->nhands];
    t.off = malloc(((size_t)s->nhands + 1) * sizeof *t.off);
    t.ids = malloc(nnz * sizeof *t.ids);
    uint64_t k = 0;
    t.off[0] = 0;
    for (uint32_t h = 0; h < s->nhands; h++) {
        for (uint64_t i = s->off[h]; i < s->off[h + 1]; i++)
            if (h != hand || (drop != UINT32_MAX && s->ids[i] != drop))
                t.ids[k++] = s->ids[i];
        t.off[h + 1] = k;
    }
    return t;
}

Test(check, classes_of_the_default_study_pass_and_a_changed_solution_set_does_not)
{
    enumeration st = enumerate_default();
    char err[256];
    classes *c = classes_new(&st.sols, err, sizeof err);
    cr_assert(c, "%s", err);
    cr_assert_null(classes_check(c, &st.sols));
    cr_assert_null(instance_check(classes_instance(c)));

    /* One template no longer solves a hand that others still solve: its class no longer
     * has one solution set for all its members (or it is in the wrong sets). */
    uint32_t hand = 0;
    while (hand < st.sols.nhands && solutions_row_len(&st.sols, hand) < 2)
        hand++;
    cr_assert_lt(hand, st.sols.nhands);
    solutions t = without(&st.sols, hand, st.sols.ids[st.sols.off[hand]]);
    cr_assert_not_null(classes_check(c, &t));
    free(t.off);
    free(t.ids);

    /* A hand no template solves any more: the instance's sets no longer match. */
    t = without(&st.sols, hand, UINT32_MAX);
    cr_assert_not_null(classes_check(c, &t));
    free(t.off);
    free(t.ids);
    classes_free(c);
    enumeration_free(&st);
}

#ifndef NDEBUG
/* In a debug build a failed check stops the program (Release compiles CHECK out). */
Test(check, a_failed_check_aborts_in_a_debug_build, .signal = SIGABRT)
{
    CHECK("broken on purpose");
}
#endif

/* The local search's state after random moves and weight bumps passes its checker, and
 * each field the moves keep, broken by hand, is named (issue 39). */
Test(check, local_search_states_pass_and_each_broken_field_is_named)
{
    uint64_t state = 5;
    instance *h = random_instance(15, 40, 4, &state);
    localsearch_state st;
    cr_assert_eq(localsearch_state_init(&st, h, 3), 0);
    cr_assert_null(localsearch_state_check(&st));
    for (int i = 0; i < 2000; i++) {
        uint32_t e = (uint32_t)(test_random(&state) % st.ne);
        st.step++;
        if (st.in[e])
            localsearch_state_drop(&st, e);
        else
            localsearch_state_add(&st, e);
        if (i % 7 == 0 && st.nunmet > 0)
            localsearch_state_bump_weights(&st);
        cr_assert_null(localsearch_state_check(&st), "after move %d: %s", i,
                       localsearch_state_check(&st));
    }
    while (st.nsol < 3 || st.nunmet < 2) { /* a few of each, for the plants below */
        uint32_t e = (uint32_t)(test_random(&state) % st.ne);
        if (st.in[e] && st.nsol > 3)
            localsearch_state_drop(&st, e);
        else if (!st.in[e] && st.nsol < 3)
            localsearch_state_add(&st, e);
        else if (st.nsol >= 3 && st.nunmet < 2 && st.in[e])
            localsearch_state_drop(&st, e);
    }
    cr_assert_null(localsearch_state_check(&st));
    uint32_t s0 = st.unmet[0], s1 = st.unmet[1], e0 = st.heap[0], e1 = st.heap[1];
    /* each plant, then its undoing */
    st.score[e0]++;
    expect_broken(localsearch_state_check(&st), "loss");
    st.score[e0]--;
    uint32_t out = 0;
    while (st.in[out])
        out++;
    st.score[out]--;
    expect_broken(localsearch_state_check(&st), "gain");
    st.score[out]++;
    st.count[s0]++;
    expect_broken(localsearch_state_check(&st), "count");
    st.count[s0]--;
    st.who[s0] ^= 1;
    expect_broken(localsearch_state_check(&st), "who");
    st.who[s0] ^= 1;
    st.unmet_weight++;
    expect_broken(localsearch_state_check(&st), "unmet_weight");
    st.unmet_weight--;
    st.unmet[0] = s1, st.unmet[1] = s0;
    expect_broken(localsearch_state_check(&st), "unmet list");
    st.unmet[0] = s0, st.unmet[1] = s1;
    st.heap[0] = e1, st.heap[1] = e0;
    expect_broken(localsearch_state_check(&st), "heap");
    st.heap[0] = e0, st.heap[1] = e1;
    st.heap[0] = e1, st.heap[1] = e0, st.heap_pos[e1] = 0, st.heap_pos[e0] = 1;
    expect_broken(localsearch_state_check(&st), "before its parent"); /* e0 was on top */
    st.heap[0] = e0, st.heap[1] = e1, st.heap_pos[e0] = 0, st.heap_pos[e1] = 1;
    st.relief[e0] = 1;
    expect_broken(localsearch_state_check(&st), "relief");
    st.relief[e0] = 0;
    st.nsol--;
    expect_broken(localsearch_state_check(&st), "nsol");
    st.nsol++;
    cr_assert_null(localsearch_state_check(&st));
    localsearch_state_free(&st);
    instance_free(h);
}
