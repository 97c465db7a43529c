/* test_six.c - six cards: the study's solvable hands against the general solver (a search
 * that shares no code with templates, formulas or plans), hand by hand, on small decks. */
#include <criterion/criterion.h>

#include "solve/search.h"
#include "study/enumeration.h"

static void agree_with_search(int64_t lo, int64_t hi, int64_t target)
{
    enumeration_params p;
    enumeration_params_init(&p);
    p.ncards = 6;
    p.lo = lo;
    p.hi = hi;
    p.target = target;
    p.groupings = TEMPLATE_ALL;
    enumeration st;
    char err[256];
    cr_assert_eq(enumeration_run(&st, &p, err, sizeof err), 0, "%s", err);
    search_params sp;
    search_params_init(&sp);
    sp.target = target;
    search *s = search_new();
    uint32_t solvable = 0;
    for (uint32_t h = 0; h < hand_set_count(st.hands); h++) {
        const int64_t *c = hand_set_hand(st.hands, h);
        cr_assert_eq(search_run(s, c, 6, &sp, NULL), SEARCH_OK);
        bool found = search_count(s) > 0;
        cr_assert_eq(st.row_len[h] > 0, found, "hand %lld %lld %lld %lld %lld %lld, target %lld",
                     (long long)c[0], (long long)c[1], (long long)c[2], (long long)c[3],
                     (long long)c[4], (long long)c[5], (long long)target);
        cr_assert_eq(st.truly_solvable[h], found);
        solvable += found;
    }
    cr_expect_eq(st.solvable, solvable);
    cr_expect_gt(solvable, 0);
    cr_expect_lt(solvable, hand_set_count(st.hands), "some hand of each deck is unsolvable");
    search_free(s);
    enumeration_free(&st);
}

Test(six, solvable_hands_of_1_to_4_agree_with_the_general_solver, .timeout = 600)
{
    agree_with_search(1, 4, 24); /* 84 hands, 4 unsolvable */
}

Test(six, zeros_and_another_target_agree_too, .timeout = 600)
{
    agree_with_search(0, 2, 5); /* 28 hands with zeros: divisions by zero matter */
}
