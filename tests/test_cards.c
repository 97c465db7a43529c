/* test_cards.c - reading hands: integers, face cards, aces high, bad input. */
#include <criterion/criterion.h>

#include "core/cards.h"

Test(cards, face_cards_have_their_values)
{
    cards_hand h;
    char err[128];
    cr_assert_eq(cards_parse_line("A 10 j Q,K", &h, err, sizeof err), 0, "%s", err);
    cr_assert_eq(h.n, 5);
    int64_t want[] = { 1, 10, 11, 12, 13 };
    for (int i = 0; i < 5; i++)
        cr_assert_eq(h.value[i], want[i]);
    cr_assert(h.ace[0] && !h.ace[1]);
}

Test(cards, bad_cards_are_refused_with_a_reason)
{
    cards_hand h;
    char err[128];
    cr_assert_eq(cards_parse_line("3 x 4", &h, err, sizeof err), -1);
    cr_assert(strstr(err, "'x'"));
    cr_assert_eq(cards_parse_line("2.5 3", &h, err, sizeof err), -1);
    cr_assert_eq(cards_parse_line("99999999999999999999", &h, err, sizeof err), -1);
    cr_assert_eq(cards_parse_line("   ", &h, err, sizeof err), -1);
    cr_assert_eq(cards_parse_line("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17", &h, err,
                                  sizeof err), -1);
    cr_assert(strstr(err, "too many"));
    cr_assert_eq(cards_parse_line("-5 +3", &h, err, sizeof err), 0);
    cr_assert(h.value[0] == -5 && h.value[1] == 3);
}

Test(cards, aces_high_gives_one_hand_per_count_of_high_aces)
{
    cards_hand h;
    char err[128];
    cards_parse_line("A 4 A 8", &h, err, sizeof err);
    cr_assert_eq(cards_variants(&h, false), 1);
    cr_assert_eq(cards_variants(&h, true), 3);
    int64_t v[CARDS_MAX];
    cards_variant(&h, 0, v);
    cr_assert(v[0] == 1 && v[2] == 1);
    cards_variant(&h, 1, v);
    cr_assert(v[0] == 11 && v[2] == 1);
    cards_variant(&h, 2, v);
    cr_assert(v[0] == 11 && v[2] == 11 && v[1] == 4);
    char buf[64];
    cards_format(&h, buf, sizeof buf);
    cr_assert_str_eq(buf, "A 4 A 8");
}
