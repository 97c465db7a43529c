/* test_verify.c - the independent GMP check of printed solutions. */
#include <criterion/criterion.h>

#include "solve/verify.h"

static const int64_t h3388[] = { 3, 3, 8, 8 };

Test(verify, accepts_an_exact_solution_in_any_card_order)
{
    cr_assert_eq(verify_solution("8/(3-8/3)", h3388, 4, 24), VERIFY_OK);
    cr_assert_eq(verify_solution(" 8 / ( 3 - 8 / 3 ) ", h3388, 4, 24), VERIFY_OK);
}

Test(verify, rejects_wrong_values_cards_syntax_and_division_by_zero)
{
    cr_assert_eq(verify_solution("8/(3-8/3)", h3388, 4, 25), VERIFY_VALUE);
    cr_assert_eq(verify_solution("8*3", h3388, 4, 24), VERIFY_CARDS);
    cr_assert_eq(verify_solution("8*3*(8-3)/5", h3388, 4, 24), VERIFY_CARDS);
    cr_assert_eq(verify_solution("8/(3-3)+8", h3388, 4, 24), VERIFY_DIV_ZERO);
    cr_assert_eq(verify_solution("8/(3-8/3", h3388, 4, 24), VERIFY_SYNTAX);
    cr_assert_eq(verify_solution("8/(3-8/3))", h3388, 4, 24), VERIFY_SYNTAX);
    cr_assert_eq(verify_solution("", h3388, 4, 24), VERIFY_SYNTAX);
}

Test(verify, handles_negative_cards_and_huge_values)
{
    const int64_t h[] = { 5, -3 };
    cr_assert_eq(verify_solution("5-(-3)", h, 2, 8), VERIFY_OK);
    const int64_t big[] = { INT64_MAX, INT64_MAX, 2 };
    /* (2^63-1)*(2^63-1)/2 is not an integer: GMP sees that without overflowing. */
    cr_assert_eq(verify_solution("9223372036854775807*9223372036854775807/2", big, 3,
                                 INT64_MAX), VERIFY_VALUE);
    cr_assert_eq(verify_solution("9223372036854775807*2/9223372036854775807", big, 3, 2),
                 VERIFY_OK);
}
