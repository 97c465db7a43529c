/* Hands: counts, order and lookup. */
#include <criterion/criterion.h>

#include "core/hand.h"

static uint64_t binom(uint64_t n, uint64_t k)
{
    uint64_t c = 1;
    for (uint64_t i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

Test(hand, counts_are_multiset_coefficients)
{
    /* multisets of n from m values: C(m + n - 1, n); 715, 1001, 1820 for 4 cards */
    cr_assert_eq(binom(13, 4), 715);
    int64_t hi[] = { 10, 11, 13 };
    for (int i = 0; i < 3; i++) {
        hand_set *hs = hand_set_new(4, 1, hi[i]);
        cr_assert_eq(hand_set_count(hs), binom((uint64_t)hi[i] + 3, 4));
        hand_set_free(hs);
    }
    hand_set *h5 = hand_set_new(5, 1, 13);
    cr_assert_eq(hand_set_count(h5), 6188);
    hand_set_free(h5);
}

Test(hand, hands_are_sorted_and_strictly_increasing)
{
    hand_set *hs = hand_set_new(4, 1, 11);
    for (uint32_t h = 0; h < hand_set_count(hs); h++) {
        const int64_t *c = hand_set_hand(hs, h);
        for (int i = 1; i < 4; i++)
            cr_assert_leq(c[i - 1], c[i]);
        if (h) {
            const int64_t *p = hand_set_hand(hs, h - 1);
            int i = 0;
            while (i < 4 && p[i] == c[i])
                i++;
            cr_assert(i < 4 && p[i] < c[i], "hand %u not after hand %u", h, h - 1);
        }
        cr_assert_eq(hand_set_find(hs, c), (int64_t)h);
    }
    int64_t missing[] = { 1, 2, 3, 12 };
    cr_assert_eq(hand_set_find(hs, missing), -1);
    hand_set_free(hs);
}

Test(hand, empty_or_huge_decks_are_refused)
{
    cr_assert_null(hand_set_new(4, 5, 4));
    cr_assert_null(hand_set_new(6, 0, 1000000));
    cr_assert_eq(hand_count_multisets(6, 0, 1000000), UINT64_MAX);
}
