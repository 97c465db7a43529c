/* test_search.c - the general solver: known answers, agreement with the template family
 * and with the 4 Numbers list of distinct solutions, independent re-checks, overflow. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/canon.h"
#include "eval/eval.h"
#include "core/expr.h"
#include "core/hand.h"
#include "solve/search.h"
#include "core/template.h"
#include "solve/verify.h"
#include "helpers.h"

static search *s;

static void setup(void)
{
    s = search_new();
}

static void teardown(void)
{
    search_free(s);
}

TestSuite(search, .init = setup, .fini = teardown, .timeout = 600);

static size_t run(const int64_t *cards, int n, int64_t target, bool all)
{
    search_params p;
    search_params_init(&p);
    p.target = target;
    p.all = all;
    cr_assert_eq(search_run(s, cards, n, &p, NULL), SEARCH_OK);
    return search_count(s);
}

static void only_solution(const int64_t *cards, const char *want)
{
    cr_assert_eq(run(cards, 4, 24, true), 1, "%lld %lld %lld %lld: %zu solutions",
                 (long long)cards[0], (long long)cards[1], (long long)cards[2],
                 (long long)cards[3], search_count(s));
    cr_assert_str_eq(search_solution(s, 0), want);
}

Test(search, seed_002_examples_have_one_solution_each)
{
    only_solution((int64_t[]){ 1, 1, 4, 9 }, "(9-1)*(4-1)");
    only_solution((int64_t[]){ 1, 8, 8, 8 }, "(8+8+8)*1");
    only_solution((int64_t[]){ 5, 6, 7, 7 }, "(5-7/7)*6");
    only_solution((int64_t[]){ 1, 5, 5, 5 }, "(5-1/5)*5");
    only_solution((int64_t[]){ 3, 3, 8, 8 }, "8/(3-8/3)");
}

Test(search, first_solution_mode_prints_real_values_minimally_bracketed)
{
    cr_assert_eq(run((int64_t[]){ 3, 3, 8, 8 }, 4, 24, false), 1);
    cr_assert_str_eq(search_solution(s, 0), "8/(3-8/3)");
    cr_assert_eq(run((int64_t[]){ 1, 5, 5, 5 }, 4, 24, false), 1);
    cr_assert_eq(run((int64_t[]){ 3, 9, 4, 10 }, 4, 24, false), 0);
    cr_assert_eq(run((int64_t[]){ 3, 9, 4, 10 }, 4, 24, true), 0);
}

Test(search, any_count_of_numbers_and_any_target)
{
    cr_assert_eq(run((int64_t[]){ 24 }, 1, 24, false), 1);
    cr_assert_eq(run((int64_t[]){ 23 }, 1, 24, false), 0);
    cr_assert_eq(run((int64_t[]){ 2, 3 }, 2, -1, false), 1);
    cr_assert_eq(run((int64_t[]){ -3, 5 }, 2, -15, false), 1);
    cr_assert_eq(run((int64_t[]){ 0, 0, 0 }, 3, 0, false), 1);
    cr_assert_geq(run((int64_t[]){ 0, 0, 0 }, 3, 0, true), 1);
    /* seed 001's fifteen numbers */
    int64_t fifteen[] = { 9, 9, 9, 9, 7, 7, 7, 7, 3, 2, 5, 6, 1, 3, 8 };
    cr_assert_eq(run(fifteen, 15, 24, false), 1);
    cr_assert_eq(verify_solution(search_solution(s, 0), fifteen, 15, 24), VERIFY_OK);
    int64_t sixteen[16];
    for (int i = 0; i < 16; i++)
        sixteen[i] = i + 1;
    cr_assert_eq(run(sixteen, 16, 24, false), 1);
    cr_assert_eq(verify_solution(search_solution(s, 0), sixteen, 16, 24), VERIFY_OK);
    /* six ones make at most 9 */
    cr_assert_eq(run((int64_t[]){ 1, 1, 1, 1, 1, 1 }, 6, 24, false), 0);
}

Test(search, too_many_numbers_are_refused)
{
    search_params p;
    search_params_init(&p);
    int64_t c[SEARCH_MAX_NUMBERS + 1] = { 0 };
    cr_assert_eq(search_run(s, c, SEARCH_MAX_NUMBERS + 1, &p, NULL), SEARCH_TOO_MANY);
    cr_assert_eq(search_run(s, c, 0, &p, NULL), SEARCH_TOO_MANY);
    p.all = true;
    cr_assert_eq(search_run(s, c, SEARCH_MAX_ALL + 1, &p, NULL), SEARCH_TOO_MANY);
}

Test(search, overflow_gives_an_exact_answer_or_an_error_never_a_wrong_one)
{
    search_params p;
    search_params_init(&p);
    int64_t big = (int64_t)1 << 62;
    int64_t c[] = { big, big, big };
    /* big - big/big stays inside int64: an exact answer despite overflowing branches. */
    p.target = big - 1;
    cr_assert_eq(search_run(s, c, 3, &p, NULL), SEARCH_OK);
    cr_assert_eq(search_count(s), 1);
    cr_assert_eq(verify_solution(search_solution(s, 0), c, 3, p.target), VERIFY_OK);
    /* Only (big+big)/big makes 2, and big+big does not fit: no answer, an error. */
    p.target = 2;
    cr_assert_eq(search_run(s, c, 3, &p, NULL), SEARCH_OVERFLOW);
    /* All-solutions mode cannot promise completeness once anything overflowed. */
    p.all = true;
    p.target = 1;
    int64_t e[] = { big, 3, 5 };
    cr_assert_eq(search_run(s, e, 3, &p, NULL), SEARCH_OVERFLOW);
}

/* Agreement with the brute force of study: every template of the `all` family on every
 * hand of 1-13, solvable exactly when the solver finds a solution. */
Test(search, agrees_with_the_full_template_family_on_all_1820_hands)
{
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    hand_set *hs = hand_set_new(4, 1, 13);
    cr_assert(f && hs);
    idlist hits = { 0 };
    int solvable = 0;
    for (uint32_t h = 0; h < hand_set_count(hs); h++) {
        const int64_t *c = hand_set_hand(hs, h);
        hits.len = 0;
        cr_assert_eq(eval_hand(f, c, 24, &hits, NULL), 0);
        size_t n = run(c, 4, 24, false);
        cr_assert_eq(n > 0, hits.len > 0, "hand %lld %lld %lld %lld", (long long)c[0],
                     (long long)c[1], (long long)c[2], (long long)c[3]);
        solvable += n > 0;
        if (n)
            cr_assert_eq(verify_solution(search_solution(s, 0), c, 4, 24), VERIFY_OK);
    }
    cr_assert_eq(solvable, 1362);
    idlist_free(&hits);
    hand_set_free(hs);
    template_family_free(f);
}

/* Every distinct solution of every hand of 1-13 really makes 24 (GMP, own parser), and
 * its printed form reads as a canonical form (that it is its own:
 * every_printed_solution_reads_back_as_itself). */
Test(search, every_solution_of_all_1820_hands_checks_independently)
{
    hand_set *hs = hand_set_new(4, 1, 13);
    canon *cn = canon_new();
    expr_arena *a = expr_arena_new();
    size_t total = 0;
    for (uint32_t h = 0; h < hand_set_count(hs); h++) {
        const int64_t *c = hand_set_hand(hs, h);
        size_t n = run(c, 4, 24, true);
        total += n;
        for (size_t i = 0; i < n; i++) {
            const char *text = search_solution(s, i);
            cr_assert_eq(verify_solution(text, c, 4, 24), VERIFY_OK, "%s", text);
            char err[128];
            const expr *e = expr_parse(a, text, err, sizeof err);
            cr_assert_not_null(e);
            cr_assert_eq(canon_build(cn, e), CANON_OK);
            for (size_t j = 0; j < i; j++) {
                const char *other = search_solution(s, j);
                cr_assert_str_neq(text, other);
            }
        }
        expr_arena_clear(a);
    }
    cr_assert_eq(total, 3017);
    expr_arena_free(a);
    canon_free(cn);
    hand_set_free(hs);
}

/* Every solution listed for hands of ncards cards from 1..hi at targets lo..thi, parsed
 * and printed again, prints as itself: its printed form is its one canonical form. */
static void all_read_back(int ncards, int64_t hi, int64_t tlo, int64_t thi)
{
    hand_set *hs = hand_set_new(ncards, 1, hi);
    canon *cn = canon_new();
    expr_arena *a = expr_arena_new();
    for (uint32_t h = 0; h < hand_set_count(hs); h++) {
        for (int64_t t = tlo; t <= thi; t++) {
            size_t n = run(hand_set_hand(hs, h), ncards, t, true);
            for (size_t i = 0; i < n; i++) {
                const char *text = search_solution(s, i);
                char err[128], again[256];
                const expr *e = expr_parse(a, text, err, sizeof err);
                cr_assert_not_null(e, "%s: %s", text, err);
                cr_assert_eq(canon_build(cn, e), CANON_OK);
                canon_format(cn, again, sizeof again);
                cr_assert_str_eq(again, text, "target %lld: '%s' reads back as '%s'",
                                 (long long)t, text, again);
            }
            expr_arena_clear(a);
        }
    }
    expr_arena_free(a);
    canon_free(cn);
    hand_set_free(hs);
}

/* A review found forms that read back as others (pairs that are sums, products of ones,
 * zeros); docs/solve.md lists the cases still open, none of them here. */
Test(search, every_printed_solution_reads_back_as_itself)
{
    all_read_back(4, 13, 0, 30);
    all_read_back(5, 6, 24, 24);
}

/* The pruning rules (non-negative intermediates; one merge order and one spelling per
 * chain) change how much is searched, never which distinct solutions are found. */
Test(search, pruning_never_changes_the_distinct_solutions)
{
    hand_set *hs = hand_set_new(4, 1, 13);
    search *plain = search_new();
    search_params p, q;
    search_params_init(&p);
    p.all = true;
    q = p;
    q.nonneg = false;
    q.symmetry = false;
    for (uint32_t h = 0; h < hand_set_count(hs); h += 1) {
        const int64_t *c = hand_set_hand(hs, h);
        cr_assert_eq(search_run(s, c, 4, &p, NULL), SEARCH_OK);
        cr_assert_eq(search_run(plain, c, 4, &q, NULL), SEARCH_OK);
        cr_assert_eq(search_count(s), search_count(plain), "hand %u", h);
    }
    /* five and six numbers, a few targets, including negative ones */
    int64_t five[][5] = { { 1, 2, 3, 4, 5 }, { 1, 1, 2, 2, 3 }, { 2, 3, 5, 7, 11 },
                          { 1, 1, 1, 1, 6 }, { 4, 4, 6, 8, 13 } };
    int64_t targets[] = { 24, 10, -7, 0 };
    for (size_t i = 0; i < 5; i++) {
        for (size_t t = 0; t < 4; t++) {
            p.target = q.target = targets[t];
            cr_assert_eq(search_run(s, five[i], 5, &p, NULL), SEARCH_OK);
            cr_assert_eq(search_run(plain, five[i], 5, &q, NULL), SEARCH_OK);
            cr_assert_eq(search_count(s), search_count(plain), "five %zu target %lld", i,
                         (long long)targets[t]);
        }
    }
    search_free(plain);
    hand_set_free(hs);
}

/* Solvable exactly when mode q finds a solution, for every hand of n cards from lo-hi at
 * each target; every first solution is re-checked by verify.h. */
static void first_agrees(int n, int64_t lo, int64_t hi, const int64_t *targets, int nt,
                         search_params q)
{
    search *other = search_new();
    hand_set *hs = hand_set_new(n, lo, hi);
    search_params p;
    search_params_init(&p);
    cr_assert(other && hs);
    for (int t = 0; t < nt; t++) {
        p.target = q.target = targets[t];
        int solvable = 0;
        for (uint32_t h = 0; h < hand_set_count(hs); h++) {
            const int64_t *c = hand_set_hand(hs, h);
            cr_assert_eq(search_run(s, c, n, &p, NULL), SEARCH_OK);
            cr_assert_eq(search_run(other, c, n, &q, NULL), SEARCH_OK);
            cr_assert_eq(search_count(s) > 0, search_count(other) > 0,
                         "%d cards, hand %u, target %lld", n, h, (long long)targets[t]);
            if (search_count(s))
                cr_assert_eq(verify_solution(search_solution(s, 0), c, n, targets[t]),
                             VERIFY_OK, "%s", search_solution(s, 0));
            solvable += search_count(s) > 0;
        }
        /* neither all-solvable nor all-unsolvable: the comparison had something to find */
        cr_assert(solvable > 0 && (uint32_t)solvable < hand_set_count(hs), "target %lld",
                  (long long)targets[t]);
    }
    hand_set_free(hs);
    search_free(other);
}

/* First-solution mode searches short lists with all-solutions mode's spelling rules
 * (search.c, search_as_cards()): it must decide every hand as all-solutions mode does. */
Test(search, first_solution_mode_agrees_with_all_solutions_mode)
{
    search_params all;
    search_params_init(&all);
    all.all = true;
    int64_t four[] = { 24, 37, 1, 0, 100, -7 };
    first_agrees(4, 1, 13, four, 6, all);
    int64_t five[] = { 24, 37, 211 };
    first_agrees(5, 1, 8, five, 3, all);
}

/* Beyond six numbers there is no all-solutions mode: compare with first-solution mode
 * without the spelling rules (every spelling, memo at every level). */
Test(search, first_solution_mode_spelled_or_not_decides_long_hands_alike)
{
    search_params plain;
    search_params_init(&plain);
    plain.symmetry = false;
    int64_t seven[] = { 24, 150, 271 };
    first_agrees(7, 1, 4, seven, 3, plain);
    int64_t eight[] = { 24, 200, -50 };
    first_agrees(8, 1, 3, eight, 3, plain);
}

/* ---- the 4 Numbers reference ---- */

/* Hands where t24's canonical form deliberately differs from the 4 Numbers list (see
 * docs/claims.md). Empty: every hand agrees. */
static const char *const deliberate_differences[] = { NULL };

static bool is_deliberate(const char *hand)
{
    for (size_t i = 0; deliberate_differences[i]; i++)
        if (strcmp(deliberate_differences[i], hand) == 0)
            return true;
    return false;
}

static bool has_key(char keys[][256], size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(keys[i], key) == 0)
            return true;
    return false;
}

/* Same count of distinct solutions on every hand, and the same solutions by meaning:
 * the site's strings are parsed and reduced to t24's canonical form. */
Test(search, matches_the_4nums_distinct_solutions_on_all_1362_hands)
{
    char *text = read_reference("4nums-target24-solutions.json");
    cJSON *ref = cJSON_Parse(text);
    cr_assert_not_null(ref);
    canon *cn = canon_new();
    expr_arena *a = expr_arena_new();
    static char ours[64][256];
    int hands = 0, agree = 0, solutions = 0;
    const cJSON *h;
    cJSON_ArrayForEach(h, ref) {
        int64_t c[4];
        cr_assert_eq(sscanf(h->string, "%ld %ld %ld %ld", &c[0], &c[1], &c[2], &c[3]), 4);
        size_t n = run(c, 4, 24, true);
        cr_assert(n <= 64);
        for (size_t i = 0; i < n; i++) {
            char err[128];
            cr_assert_eq(canon_build(cn, expr_parse(a, search_solution(s, i), err, sizeof err)),
                         CANON_OK);
            snprintf(ours[i], sizeof ours[i], "%s", canon_key(cn));
        }
        bool same = (size_t)cJSON_GetArraySize(h) == n;
        const cJSON *e;
        cJSON_ArrayForEach(e, h) {
            char err[128];
            const expr *x = expr_parse(a, e->valuestring, err, sizeof err);
            cr_assert_not_null(x, "reference '%s': %s", e->valuestring, err);
            cr_assert_eq(verify_solution(e->valuestring, c, 4, 24), VERIFY_OK);
            cr_assert_eq(canon_build(cn, x), CANON_OK);
            same = same && has_key(ours, n, canon_key(cn));
        }
        expr_arena_clear(a);
        hands++;
        solutions += cJSON_GetArraySize(h);
        agree += same;
        cr_expect(same || is_deliberate(h->string), "hand %s: %zu solutions, 4nums %d",
                  h->string, n, cJSON_GetArraySize(h));
    }
    cr_assert_eq(hands, 1362);
    cr_assert_eq(solutions, 3017);
    cr_assert_eq(agree, 1362);
    expr_arena_free(a);
    canon_free(cn);
    cJSON_Delete(ref);
    free(text);
}
