/* test_formula.c - templates grouped by canonical form, and the plan that evaluates one
 * formula per group, both checked against GMP evaluation of every single template. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdbool.h>
#include <string.h>

#include "core/hand.h"
#include "core/op.h"
#include "core/template.h"
#include "eval/eval.h"
#include "eval/formula.h"
#include "eval/planeval.h"

static formula_set *set_for(int n, template_groupings g, template_family **f)
{
    char err[128];
    *f = template_family_new(n, g);
    cr_assert(*f);
    formula_set *s = formula_set_new(*f, err, sizeof err);
    cr_assert(s, "%s", err);
    return s;
}

/* Every group's templates, ascending, listed by walking the templates again: the set
 * keeps no list per template. */
typedef struct {
    uint32_t *off, *mem, next;
    uint32_t *cursor;
} members;

static int count_member(void *ctx, uint32_t id, uint32_t group)
{
    members *m = ctx;
    cr_assert_eq(id, m->next, "the walk skips or repeats template %u", m->next);
    m->next++;
    m->off[group + 1]++;
    return 0;
}

static int place_member(void *ctx, uint32_t id, uint32_t group)
{
    members *m = ctx;
    m->mem[m->cursor[group]++] = id;
    return 0;
}

static members members_new(const formula_set *s)
{
    uint32_t ng = formula_set_groups(s);
    members m = { calloc(ng + 1, sizeof(uint32_t)), malloc(formula_set_templates(s) * sizeof(uint32_t)),
                  0, malloc((ng + 1) * sizeof(uint32_t)) };
    cr_assert(m.off && m.mem && m.cursor);
    cr_assert_eq(formula_set_foreach(s, count_member, &m), 0);
    cr_assert_eq(m.next, formula_set_templates(s));
    for (uint32_t g = 0; g < ng; g++)
        m.off[g + 1] += m.off[g];
    memcpy(m.cursor, m.off, ng * sizeof(uint32_t));
    cr_assert_eq(formula_set_foreach(s, place_member, &m), 0);
    return m;
}

static const uint32_t *group_members(const members *m, uint32_t g, uint32_t *len)
{
    *len = m->off[g + 1] - m->off[g];
    return m->mem + m->off[g];
}

static void members_free(members *m)
{
    free(m->off);
    free(m->mem);
    free(m->cursor);
}

/* Soundness: every member of a group is defined exactly where the first member is, with
 * the same value, on every hand given. */
static void groups_agree_on(const template_family *f, const formula_set *s, const int64_t *cards)
{
    mpq_t v0, v;
    mpq_inits(v0, v, NULL);
    members mb = members_new(s);
    for (uint32_t g = 0; g < formula_set_groups(s); g++) {
        uint32_t len;
        const uint32_t *m = group_members(&mb, g, &len);
        template_prog p;
        template_program(f, m[0], &p);
        bool def0 = eval_prog_value(&p, cards, v0);
        for (uint32_t i = 1; i < len; i++) {
            template_program(f, m[i], &p);
            bool def = eval_prog_value(&p, cards, v);
            cr_assert_eq(def, def0, "group %u: templates %u and %u differ in definedness", g,
                         m[0], m[i]);
            cr_assert(!def || mpq_equal(v, v0), "group %u: templates %u and %u differ", g,
                      m[0], m[i]);
        }
    }
    members_free(&mb);
    mpq_clears(v0, v, NULL);
}

Test(formula, two_cards_give_six_formulas)
{
    /* x0+x1 = x1+x0 and x0*x1 = x1*x0; both differences and both quotients differ. */
    template_family *f;
    formula_set *s = set_for(2, TEMPLATE_ALL, &f);
    cr_expect_eq(formula_set_templates(s), 8);
    cr_expect_eq(formula_set_groups(s), 6);
    formula_set_free(s);
    template_family_free(f);
}

/* The id of the template printed as text (FULL style over x0..), or UINT32_MAX. */
static uint32_t find(const template_family *f, const char *text)
{
    for (uint32_t id = 0; id < template_family_count(f); id++) {
        char buf[64];
        template_format(f, id, TEMPLATE_FULL, NULL, buf, sizeof buf);
        if (strcmp(buf, text) == 0)
            return id;
    }
    return UINT32_MAX;
}

Test(formula, sums_and_products_regroup_but_guards_stay_apart)
{
    template_family *f;
    formula_set *s = set_for(3, TEMPLATE_ALL, &f);
    uint32_t a = find(f, "x0-(x1-x2)"), b = find(f, "(x0+x2)-x1"), c = find(f, "x0/(x1/x2)"),
             d = find(f, "(x0*x2)/x1"), e = find(f, "(x0/x1)*x2");
    cr_assert(a != UINT32_MAX && b != UINT32_MAX && c != UINT32_MAX && d != UINT32_MAX &&
              e != UINT32_MAX);
    cr_expect_eq(formula_set_group_of(s, a), formula_set_group_of(s, b));
    cr_expect_eq(formula_set_group_of(s, d), formula_set_group_of(s, e));
    /* x0/(x1/x2) is undefined at x2 = 0, (x0*x2)/x1 is 0 there: never one group. */
    cr_expect_neq(formula_set_group_of(s, c), formula_set_group_of(s, d));
    formula_set_free(s);
    template_family_free(f);
}

Test(formula, groups_are_numbered_by_their_lowest_template)
{
    template_family *f;
    formula_set *s = set_for(4, TEMPLATE_ALL, &f);
    members mb = members_new(s);
    uint32_t next = 0;
    for (uint32_t id = 0; id < formula_set_templates(s); id++) {
        uint32_t g = formula_set_group_of(s, id), len;
        cr_assert_leq(g, next);
        next += g == next;
        const uint32_t *m = group_members(&mb, g, &len);
        for (uint32_t i = 1; i < len; i++)
            cr_assert_lt(m[i - 1], m[i]);
        cr_assert_leq(m[0], id);
        /* The figures kept per group are the walk's: lowest template and size. */
        cr_assert_eq(formula_set_group_first(s, g), m[0]);
        cr_assert_eq(formula_set_group_size(s, g), len);
        cr_assert(idlist_sorted_has(m, len, id), "template %u not among its group's", id);
    }
    cr_expect_eq(next, formula_set_groups(s));
    members_free(&mb);
    formula_set_free(s);
    template_family_free(f);
}

Test(formula, four_card_groups_agree_on_every_hand_with_zeros_and_negatives)
{
    template_family *f;
    formula_set *s = set_for(4, TEMPLATE_ALL, &f);
    hand_set *hs = hand_set_new(4, -2, 3); /* zeros make the guards matter */
    for (uint32_t h = 0; h < hand_set_count(hs); h++)
        groups_agree_on(f, s, hand_set_hand(hs, h));
    hand_set_free(hs);
    formula_set_free(s);
    template_family_free(f);
}

Test(formula, five_card_groups_agree_on_sampled_hands, .timeout = 300)
{
    template_family *f;
    formula_set *s = set_for(5, TEMPLATE_ALL, &f);
    const int64_t hands[][5] = { { 0, 1, 2, 3, 4 }, { 0, 0, 1, 1, 2 }, { -1, 1, 2, 2, 5 },
                                 { 3, 3, 3, 7, 9 } };
    for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++)
        groups_agree_on(f, s, hands[i]);
    cr_expect_lt(formula_set_groups(s), formula_set_templates(s) / 10);
    formula_set_free(s);
    template_family_free(f);
}

/* The plan's hits, spread to templates, against GMP on every template. */
static void plan_matches_reference(const template_family *f, const formula_set *s,
                                   const int64_t *cards, int64_t target)
{
    planeval *w = planeval_new(formula_set_plan(s));
    cr_assert(w);
    idlist hits = { 0 }, slow = { 0 };
    bool promoted;
    cr_assert_eq(planeval_hand(w, cards, target, &hits, &promoted), 0);
    cr_assert_eq(planeval_hand_gmp(w, cards, target, &slow), 0);
    idlist_sort(&hits);
    idlist_sort(&slow);
    cr_assert_eq(hits.len, slow.len);
    cr_assert(hits.len == 0 || memcmp(hits.ids, slow.ids, hits.len * sizeof *hits.ids) == 0);
    unsigned char *hit = calloc(formula_set_templates(s), 1);
    members mb = members_new(s);
    for (size_t i = 0; i < hits.len; i++) {
        uint32_t len;
        const uint32_t *m = group_members(&mb, hits.ids[i], &len);
        for (uint32_t k = 0; k < len; k++)
            hit[m[k]] = 1;
    }
    for (uint32_t id = 0; id < formula_set_templates(s); id++) {
        template_prog p;
        template_program(f, id, &p);
        cr_assert_eq(hit[id], eval_prog(&p, cards, target) == EVAL_HIT,
                     "template %u, target %lld", id, (long long)target);
    }
    free(hit);
    members_free(&mb);
    idlist_free(&hits);
    idlist_free(&slow);
    planeval_free(w);
}

Test(formula, plan_hits_exactly_the_templates_gmp_hits, .timeout = 300)
{
    template_family *f;
    formula_set *s = set_for(4, TEMPLATE_ALL, &f);
    hand_set *hs = hand_set_new(4, 0, 5);
    const int64_t targets[] = { 24, 0, -2, 1 };
    for (size_t t = 0; t < 4; t++)
        for (uint32_t h = 0; h < hand_set_count(hs); h += 3)
            plan_matches_reference(f, s, hand_set_hand(hs, h), targets[t]);
    hand_set_free(hs);
    formula_set_free(s);
    template_family_free(f);
}

Test(formula, the_reduced_family_has_its_own_plan)
{
    template_family *f;
    formula_set *s = set_for(4, TEMPLATE_REDUCED, &f);
    const int64_t h1[] = { 1, 3, 4, 6 }, h2[] = { 3, 3, 8, 8 }, h3[] = { 0, 2, 3, 4 };
    plan_matches_reference(f, s, h1, 24);
    plan_matches_reference(f, s, h2, 24);
    plan_matches_reference(f, s, h3, 0);
    formula_set_free(s);
    template_family_free(f);
}

Test(formula, five_cards_match_gmp_on_two_hands, .timeout = 600)
{
    template_family *f;
    formula_set *s = set_for(5, TEMPLATE_ALL, &f);
    const int64_t a[] = { 1, 2, 3, 4, 5 }, b[] = { 0, 2, 2, 7, 9 };
    plan_matches_reference(f, s, a, 24);
    plan_matches_reference(f, s, b, 0);
    formula_set_free(s);
    template_family_free(f);
}

Test(formula, int64_overflow_is_redone_in_gmp)
{
    template_family *f;
    formula_set *s = set_for(4, TEMPLATE_ALL, &f);
    /* (x3*x2)*(x1*x0) overflows int64 with these cards; the hand must still be exact. */
    const int64_t big[] = { 999983, 1000000, 1000000, 1000000 };
    planeval *w = planeval_new(formula_set_plan(s));
    idlist hits = { 0 };
    bool promoted = false;
    cr_assert_eq(planeval_hand(w, big, 1000000, &hits, &promoted), 0);
    cr_expect(promoted);
    idlist_free(&hits);
    planeval_free(w);
    plan_matches_reference(f, s, big, 1000000);
    plan_matches_reference(f, s, big, 999983);
    formula_set_free(s);
    template_family_free(f);
}

/* Cards large enough that the unchecked fast paths are not allowed everywhere: the steps
 * may run unchecked while the roots must check (and overflow, and go to GMP). */
Test(formula, mid_size_cards_take_the_checked_paths_exactly, .timeout = 300)
{
    template_family *f;
    formula_set *s = set_for(4, TEMPLATE_ALL, &f);
    const int64_t a[] = { 40000, 50000, 60000, 65535 }, b[] = { 3000, 3000, 5000, 6000 },
                  c[] = { 2, 3, 5, 7 };
    plan_matches_reference(f, s, a, 1);
    plan_matches_reference(f, s, b, 1);
    plan_matches_reference(f, s, b, 0);
    plan_matches_reference(f, s, c, INT64_MAX / 3); /* a huge target: the roots check */
    plan_matches_reference(f, s, c, -210);
    formula_set_free(s);
    template_family_free(f);
}
