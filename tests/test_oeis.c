/* test_oeis.c - the enumerator against a count published outside the project: OEIS
 * A140606, the number of distinct functions (elements of Q(x1..xn)) that + - * / make of
 * n variables, each used once: 6, 68, 1170, 27142, 793002 for n = 2..6.
 *
 * Every such function is a value of some expression tree, so A140606(n) bounds from above
 * the number of distinct functions any family of n-card templates computes. This test
 * bounds that number from below, with proof, and requires the bound to reach A140606:
 *
 *  - each template is evaluated at NPOINTS points of F_p^n (p = 2^61 - 1, coordinates
 *    drawn by splitmix from a fixed seed) as an unreduced fraction N/D mod p, and its
 *    fingerprint is the vector of the values N * D^-1. A point at which some divisor of
 *    the template is 0 mod p is refused and the walk starts again at the next seed;
 *  - two templates with one rational function f = N1/D1 = N2/D2 satisfy N1*D2 = N2*D1 in
 *    Z[x], so wherever D1 and D2 are nonzero mod p their values agree: equal functions
 *    always get equal fingerprints. Two distinct fingerprints are therefore two distinct
 *    functions, and the number of distinct fingerprints is a proven lower bound;
 *  - distinct functions may still share a fingerprint (this only lowers the count): their
 *    difference N1*D2 - N2*D1 has total degree at most 2n <= 12 (every N and D is
 *    multilinear), so by Schwartz-Zippel it vanishes at a random point with probability
 *    at most 12/p, and at NPOINTS = 2 independent points at most (12/p)^2 < 2.7e-35; over
 *    the fewer than 3.2e11 pairs of six cards' 793,002 functions a shortfall by collision
 *    has probability below 1e-23. The seeds are fixed, so the outcome is deterministic.
 *
 * Hence, when the count equals A140606(n) (the published value taken as true), t24's
 * templates compute every function of n variables: nothing is missing and no two
 * distinct functions were merged. The probabilistic part can only make the test fail,
 * never pass wrongly.
 *
 * Two to five cards are walked template by template, with no use of the formula groups;
 * six cards (30,965,760 templates) by the first template of each of formula.c's
 * 1,104,762 groups, which also checks the grouping: a group holding two functions would
 * leave one uncounted unless another group computes it. The plan (what a study
 * evaluates) is checked to compute each group's first template, every template up to
 * five cards to have its group's function (six cards: test_oeis_long.c, with the count
 * template by template), and a walk that drops the balanced four-card shape shows the
 * count fall short. The helpers are in oeis_helpers.h. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "oeis_helpers.h"

/* --- the tests ------------------------------------------------------------------------ */

Test(oeis, every_template_of_two_to_five_cards_makes_a140606_functions, .timeout = 300)
{
    for (int n = 2; n <= 5; n++) {
        template_family *f = template_family_new(n, TEMPLATE_ALL);
        cr_assert(f);
        walk w = walk_templates(f, NO_SHAPE);
        fp_set set = count_functions(&w, NULL, NULL);
        cr_expect_eq(set.used, a140606[n], "%d cards: %zu distinct functions, A140606 says %u",
                     n, set.used, a140606[n]);
        free(set.slot);
        template_family_free(f);
    }
}

/* A walk that leaves out the balanced shape (x op y) op (z op w) must lose functions:
 * (x0+x1)*(x2+x3) is one only that shape makes. Every other four-card shape has a leaf
 * child at its root, so it computes x op T or T op x with T free of x; writing
 * (x0+x1)*(x2+x3) so would need T = (x0+x1)*(x2+x3) - x_i, / x_i, ... for some card
 * x_i, all of which still depend on x_i. This is the test above with a planted fault. */
Test(oeis, a_walk_missing_the_balanced_shape_falls_short)
{
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    cr_assert(f);
    walk w = walk_templates(f, shape_index(f, "LLOLLOO"));
    fp_set set = count_functions(&w, NULL, NULL);
    cr_expect_lt(set.used, a140606[4], "dropping a shape still gave %zu functions", set.used);
    cr_expect_gt(set.used, 0);
    free(set.slot);
    template_family_free(f);
}

/* Three cards: 74 formula groups, 68 functions. The six extra groups are domain
 * differences only, counted by hand: each of the three functions x*y/z (z one of the
 * three cards) has three groups, x*y/z itself (z guarded), x/(z/y) (z and y guarded) and
 * y/(z/x) (z and x guarded), which differ where y or x is 0. Every other function has
 * one group. */
Test(oeis, three_card_groups_outnumber_functions_by_the_guards_of_x_times_y_over_z)
{
    template_family *f = template_family_new(3, TEMPLATE_ALL);
    cr_assert(f);
    formula_set *s = set_for(f);
    cr_assert_eq(formula_set_groups(s), 74);
    walk w = walk_groups(f, s);
    fp_set set = count_functions(&w, NULL, NULL);
    cr_expect_eq(set.used, a140606[3]);
    uint32_t multi = 0;
    for (size_t i = 0; i < set.cap; i++) {
        cr_expect_leq(set.slot[i].count, 3);
        multi += set.slot[i].count > 1;
        cr_expect(set.slot[i].count != 2);
    }
    cr_expect_eq(multi, 3, "%u functions have more than one group", multi);
    free(set.slot);
    formula_set_free(s);
    template_family_free(f);
}

/* The plan's value of every group at point x, as fractions (0/0 where no root gives the
 * group), or false at a zero divisor. */
static bool plan_values(const formula_plan *p, const uint64_t *x, mfrac *group, uint32_t ng)
{
    static const int op_of[] = { [FORMULA_ADD] = OP_ADD, [FORMULA_SUB] = OP_SUB,
                                 [FORMULA_MUL] = OP_MUL, [FORMULA_DIV] = OP_DIV,
                                 [FORMULA_NADD] = OP_ADD };
    mfrac *v = malloc(((size_t)p->ncards + p->nsteps) * sizeof *v);
    cr_assert(v);
    for (int i = 0; i < p->ncards; i++)
        v[i] = (mfrac){ x[i], 1 };
    memset(group, 0, ng * sizeof *group);
    bool ok = true;
    for (uint32_t i = 0; ok && i < p->nsteps + p->nroots; i++) {
        const formula_step *st = i < p->nsteps ? &p->steps[i] : &p->roots[i - p->nsteps];
        mfrac r;
        ok = mfrac_apply(op_of[st->kind], v[st->a], v[st->b], &r);
        if (st->kind == FORMULA_NADD)
            r.n = mod_sub(0, r.n);
        if (i < p->nsteps) {
            v[p->ncards + i] = r;
            continue;
        }
        uint32_t root = i - p->nsteps;
        if (p->root_pos[root] != FORMULA_NONE)
            group[p->root_pos[root]] = r;
        if (p->root_neg[root] != FORMULA_NONE)
            group[p->root_neg[root]] = (mfrac){ mod_sub(0, r.n), r.d };
    }
    free(v);
    return ok;
}

/* How many walked items had fingerprint v (0: none). */
static uint32_t fp_set_count(const fp_set *s, const uint64_t *v)
{
    return s->slot[fp_find(s, v)].count;
}

/* The groups of x0*x1*..*x(n-2)/x(n-1), whose fingerprint is computed here from the
 * points alone. By hand: x(n-1) is always guarded, and any set of the other n-1 factors
 * but all of them can be guarded too, e.g. (x0*x1)/(x(n-1)/(x2*..*x(n-2))): 2^(n-1) - 1
 * forms, each its own domain (the log line below shows the most any function has). */
static uint32_t quotient_groups(const fp_set *set, const points *pt, int n)
{
    uint64_t v[NPOINTS];
    for (int k = 0; k < NPOINTS; k++) {
        v[k] = mod_inv(pt->x[k][n - 1]);
        for (int i = 0; i < n - 1; i++)
            v[k] = mod_mul(v[k], pt->x[k][i]);
    }
    return fp_set_count(set, v);
}

/* For docs/method.md (ctest --verbose shows it): how many functions have more than one
 * formula group, and the most groups one function has. */
static void log_groups_per_function(int n, uint32_t ng, const fp_set *set)
{
    uint32_t multi = 0, most = 0;
    for (size_t i = 0; i < set->cap; i++) {
        multi += set->slot[i].count > 1;
        most = set->slot[i].count > most ? set->slot[i].count : most;
    }
    cr_log_info("%d cards: %u formula groups, %zu functions, %u of them with more than one "
                "group, at most %u", n, ng, set->used, multi, most);
}

/* Groups of one function told apart by the cards whose zero leaves them undefined. */
typedef struct {
    uint64_t fp[NPOINTS];
    uint32_t mask; /* bit i: undefined at a point whose card i is 0 (the others random) */
} group_domain;

static int group_domain_cmp(const void *a, const void *b)
{
    const group_domain *x = a, *y = b;
    int c = memcmp(x->fp, y->fp, sizeof x->fp);
    return c ? c : (x->mask > y->mask) - (x->mask < y->mask);
}

/* Of the groups beyond one per function (ng - functions), how many a zero card tells
 * apart: per function, its distinct masks less one. The others differ only where a
 * compound factor vanishes, as x0/(x1/(x2+x3)) and x0*(x2+x3)/x1 where x2 = -x3. A
 * measurement for docs/method.md: a compound factor vanishing at the random coordinates
 * (probability about 12/p per factor) would only move a group from one kind to the other. */
static uint32_t told_apart_by_a_zero_card(const template_family *f, const formula_set *s,
                                          const uint64_t *first_fp, uint64_t seed)
{
    int n = template_family_cards(f);
    uint32_t ng = formula_set_groups(s), apart = 0;
    group_domain *d = malloc((size_t)ng * sizeof *d);
    cr_assert(d);
    points pt = points_draw(seed + SEED_TRIES); /* coordinates apart from the count's */
    for (uint32_t g = 0; g < ng; g++) {
        template_prog prog;
        template_program(f, formula_set_group_first(s, g), &prog);
        memcpy(d[g].fp, &first_fp[(size_t)g * NPOINTS], sizeof d[g].fp);
        d[g].mask = 0;
        for (int i = 0; i < n; i++) {
            uint64_t x[TEMPLATE_MAX_CARDS];
            mfrac v = { 0, 1 };
            memcpy(x, pt.x[0], sizeof x);
            x[i] = 0;
            d[g].mask |= (uint32_t)!eval_prog_mod(&prog, x, &v) << i;
        }
    }
    qsort(d, ng, sizeof *d, group_domain_cmp);
    for (uint32_t g = 1; g < ng; g++)
        apart += !memcmp(d[g].fp, d[g - 1].fp, sizeof d[g].fp) && d[g].mask != d[g - 1].mask;
    free(d);
    return apart;
}

/* Six cards through the formula groups, and for every card count the plan (what a study
 * evaluates per hand) gives each group the function of its first template: equal values
 * at the walk's points, as N1 * D2 = N2 * D1. Up to five cards, every template also has
 * its group's function (a group holding two functions would fail it). */
Test(oeis, formula_groups_of_two_to_six_cards_make_a140606_functions_as_the_plan_does,
     .timeout = 600)
{
    for (int n = 2; n <= 6; n++) {
        template_family *f = template_family_new(n, TEMPLATE_ALL);
        cr_assert(f);
        formula_set *s = set_for(f);
        uint32_t ng = formula_set_groups(s);
        uint64_t *first_fp = malloc((size_t)ng * NPOINTS * sizeof *first_fp), seed;
        mfrac *plan = malloc((size_t)ng * sizeof *plan);
        cr_assert(first_fp && plan);
        walk w = walk_groups(f, s);
        fp_set set = count_functions(&w, &seed, first_fp);
        cr_expect_eq(set.used, a140606[n], "%d cards: %u groups make %zu distinct functions, "
                     "A140606 says %u", n, ng, set.used, a140606[n]);
        log_groups_per_function(n, ng, &set);
        uint32_t apart = told_apart_by_a_zero_card(f, s, first_fp, seed);
        cr_log_info("%d cards: of the %zu extra groups, %u are told apart by a zero card", n,
                    ng - set.used, apart);
        if (n == 3) /* by hand: x*y/z's forms part where x or y is 0 (test above) */
            cr_expect_eq(apart, 6);
        /* By hand, four cards: only x*S/y with S a sum or difference of the other two
         * cards (4 x 3 x 3 functions: y, x, then z+w, z-w or w-z) has two forms that no
         * zero card tells apart, x*S/y and x/(y/S) (guards {y} and {y, S}); its third,
         * S/(y/x), parts at x = 0. The forms of every other four-card function differ in a
         * guarded card. */
        if (n == 4)
            cr_expect_eq(ng - set.used - apart, 4 * 3 * 3);
        points pt = points_draw(seed);
        /* Six cards' 30,965,760 members take test_oeis_long (T24_LONG_TESTS=1). */
        if (n <= 5)
            cr_expect_eq(members_disagreeing(f, s, first_fp, seed), 0,
                         "%d cards: templates whose function is not their group's", n);
        cr_expect_eq(quotient_groups(&set, &pt, n), (1u << (n - 1)) - 1,
                     "%d cards: x0*..*x%d/x%d", n, n - 2, n - 1);
        for (int k = 0; k < NPOINTS; k++) {
            cr_assert(plan_values(formula_set_plan(s), pt.x[k], plan, ng),
                      "a divisor of the plan vanished where no template's did");
            uint32_t bad = 0;
            for (uint32_t g = 0; g < ng; g++)
                bad += plan[g].d == 0 || mod_mul(first_fp[(size_t)g * NPOINTS + k], plan[g].d) !=
                                             plan[g].n;
            cr_expect_eq(bad, 0, "%d cards: the plan differs from %u groups' first templates",
                         n, bad);
        }
        free(plan);
        free(first_fp);
        free(set.slot);
        formula_set_free(s);
        template_family_free(f);
    }
}

/* The walk refuses a point where a divisor vanishes: x2 / (x0 - x1) at x0 = x1. */
Test(oeis, a_vanishing_divisor_refuses_the_point)
{
    template_prog p = { 5, { 2, 0, 1, TEMPLATE_TOK_OP + OP_SUB, TEMPLATE_TOK_OP + OP_DIV } };
    uint64_t x[3] = { 7, 7, 5 }, y[3] = { 7, 6, 5 };
    mfrac v = { 0, 1 };
    cr_expect_not(eval_prog_mod(&p, x, &v));
    cr_assert(eval_prog_mod(&p, y, &v));
    cr_expect_eq(mod_mul(v.n, mod_inv(v.d)), 5);
}
