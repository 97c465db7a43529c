/* Evaluation: known hands, the fast evaluator against the GMP reference, promotion. */
#include <criterion/criterion.h>

#include "eval/eval.h"
#include "core/hand.h"
#include "core/template.h"

static size_t hits_for(const int64_t *hand, int n, template_groupings g, int64_t target)
{
    template_family *f = template_family_new(n, g);
    idlist v = { 0 };
    cr_assert_eq(eval_hand(f, hand, target, &v, NULL), 0);
    size_t k = v.len;
    idlist_free(&v);
    template_family_free(f);
    return k;
}

Test(eval, one_five_five_five_is_solvable)
{
    int64_t h[] = { 1, 5, 5, 5 };
    cr_assert_gt(hits_for(h, 4, TEMPLATE_REDUCED, 24), 0);
}

Test(eval, three_four_nine_ten_is_not)
{
    int64_t h[] = { 3, 4, 9, 10 };
    cr_assert_eq(hits_for(h, 4, TEMPLATE_ALL, 24), 0);
}

Test(eval, three_three_eight_eight_needs_a_fraction_and_a_fifth_shape)
{
    int64_t h[] = { 3, 3, 8, 8 };
    cr_assert_eq(hits_for(h, 4, TEMPLATE_REDUCED, 24), 0);
    /* 8/(3-8/3) with either 3 and either 8 at each leaf: 2 * 2 templates */
    cr_assert_eq(hits_for(h, 4, TEMPLATE_ALL, 24), 4);
}

Test(eval, division_by_zero_is_a_miss)
{
    /* 1 1 2 3: x3/(x0-x1)... divides by zero; the only target reached through such a
     * template would be spurious. With target 0, 0/(anything nonzero) hits but 0/0 must
     * not: check every hit against the reference. */
    int64_t h[] = { 1, 1, 2, 3 };
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    idlist v = { 0 };
    eval_hand(f, h, 0, &v, NULL);
    for (size_t i = 0; i < v.len; i++) {
        template_prog p;
        template_program(f, v.ids[i], &p);
        cr_assert_eq(eval_prog(&p, h, 0), EVAL_HIT);
    }
    idlist_free(&v);
    template_family_free(f);
}

/* The fast walk and the GMP reference must agree template by template. */
static void agree_on(const template_family *f, const int64_t *hand, int64_t target)
{
    idlist fast = { 0 };
    cr_assert_eq(eval_hand(f, hand, target, &fast, NULL), 0);
    size_t k = 0;
    for (uint32_t id = 0; id < template_family_count(f); id++) {
        template_prog p;
        template_program(f, id, &p);
        bool hit = eval_prog(&p, hand, target) == EVAL_HIT;
        bool listed = k < fast.len && fast.ids[k] == id;
        cr_assert_eq(hit, listed, "template %u on %lld %lld %lld %lld", id,
                     (long long)hand[0], (long long)hand[1], (long long)hand[2],
                     (long long)hand[3]);
        k += listed;
    }
    cr_assert_eq(k, fast.len);
    idlist_free(&fast);
}

Test(eval, fast_walk_matches_gmp_reference_on_sampled_hands, .timeout = 600)
{
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    hand_set *hs = hand_set_new(4, 1, 13);
    for (uint32_t h = 0; h < hand_set_count(hs); h += 23)
        agree_on(f, hand_set_hand(hs, h), 24);
    int64_t special[][4] = { { 3, 3, 8, 8 }, { 1, 5, 5, 5 }, { 0, 0, 0, 0 }, { 0, 1, 2, 3 } };
    for (int i = 0; i < 4; i++) {
        agree_on(f, special[i], 24);
        agree_on(f, special[i], 0);
        agree_on(f, special[i], -3);
    }
    hand_set_free(hs);
    template_family_free(f);
}

Test(eval, three_and_five_cards_match_the_reference)
{
    template_family *f3 = template_family_new(3, TEMPLATE_ALL);
    int64_t h3[] = { 2, 3, 4 };
    agree_on(f3, h3, 24);
    agree_on(f3, h3, 10);
    template_family_free(f3);
}

Test(eval, int64_overflow_promotes_to_gmp_and_stays_exact)
{
    /* Products of these cards overflow int64, so the fast walk must hand over. */
    int64_t big = 3037000500; /* just above sqrt(2^63) */
    int64_t h[] = { 1, 2, big, big };
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    idlist fast = { 0 }, exact = { 0 };
    eval_info info;
    int64_t target = big * 2 + 3; /* big+big+2+1: reachable with additions */
    cr_assert_eq(eval_hand(f, h, target, &fast, &info), 0);
    cr_assert(info.promoted, "this hand must overflow int64");
    cr_assert_eq(eval_hand_exact(f, h, target, &exact), 0);
    cr_assert_gt(exact.len, 0);
    cr_assert_eq(fast.len, exact.len);
    for (size_t i = 0; i < fast.len; i++)
        cr_assert_eq(fast.ids[i], exact.ids[i]);
    idlist_free(&fast);
    idlist_free(&exact);
    template_family_free(f);
}

Test(eval, hits_come_in_increasing_id_order_and_twins_are_all_listed)
{
    /* 1 1 1 8: positions 0..2 are interchangeable, so every hit comes with all 3! of its
     * relabelings of x0,x1,x2; the reference check below covers the ids themselves. */
    int64_t h[] = { 1, 1, 1, 8 };
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    idlist v = { 0 };
    eval_hand(f, h, 24, &v, NULL);
    cr_assert_gt(v.len, 0);
    for (size_t i = 1; i < v.len; i++)
        cr_assert_lt(v.ids[i - 1], v.ids[i]);
    cr_assert_eq(v.len % 6, 0);
    idlist_free(&v);
    agree_on(f, h, 24);
    template_family_free(f);
}
