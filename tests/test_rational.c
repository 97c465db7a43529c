/* Rational arithmetic: normal form, signs, zero, division by zero, overflow. */
#include <criterion/criterion.h>
#include <stdint.h>

#include "core/rational.h"

static rational R(int64_t n, int64_t d)
{
    rational r;
    cr_assert_eq(rational_make(n, d, &r), RATIONAL_OK);
    return r;
}

Test(rational, make_reduces_to_lowest_terms_with_positive_denominator)
{
    rational r = R(6, -4);
    cr_assert_eq(r.num, -3);
    cr_assert_eq(r.den, 2);
    cr_assert(rational_check(r));
    r = R(0, -7);
    cr_assert_eq(r.num, 0);
    cr_assert_eq(r.den, 1);
}

Test(rational, make_with_zero_denominator_reports_div_zero)
{
    rational r = { 5, 1 };
    cr_assert_eq(rational_make(1, 0, &r), RATIONAL_DIV_ZERO);
    cr_assert_eq(r.num, 5, "output untouched on failure");
}

Test(rational, eight_over_three_minus_eight_thirds_is_twenty_four)
{
    /* 8/(3-8/3) = 24 exactly: the hand 3 3 8 8 that floating point misses. */
    rational a, b, c;
    cr_assert_eq(rational_div(R(8, 1), R(3, 1), &a), RATIONAL_OK);
    cr_assert_eq(rational_sub(R(3, 1), a, &b), RATIONAL_OK);
    cr_assert_eq(rational_div(R(8, 1), b, &c), RATIONAL_OK);
    cr_assert(rational_eq_int(c, 24));
}

Test(rational, signs_follow_the_numerator)
{
    rational r;
    cr_assert_eq(rational_mul(R(-2, 3), R(3, -4), &r), RATIONAL_OK);
    cr_assert_eq(r.num, 1);
    cr_assert_eq(r.den, 2);
    cr_assert_eq(rational_div(R(1, 2), R(-1, 4), &r), RATIONAL_OK);
    cr_assert_eq(r.num, -2);
    cr_assert_eq(r.den, 1);
    cr_assert_eq(rational_sub(R(1, 3), R(1, 2), &r), RATIONAL_OK);
    cr_assert_eq(r.num, -1);
    cr_assert_eq(r.den, 6);
}

Test(rational, division_by_zero_is_reported)
{
    rational r;
    cr_assert_eq(rational_div(R(1, 1), R(0, 1), &r), RATIONAL_DIV_ZERO);
}

Test(rational, overflow_is_reported_not_wrapped)
{
    rational r;
    cr_assert_eq(rational_mul(R(INT64_MAX, 1), R(2, 1), &r), RATIONAL_OVERFLOW);
    cr_assert_eq(rational_add(R(INT64_MAX, 1), R(1, 1), &r), RATIONAL_OVERFLOW);
    cr_assert_eq(rational_sub(R(INT64_MIN + 1, 1), R(2, 1), &r), RATIONAL_OVERFLOW);
    /* Denominators overflow too: 1/p * 1/q with p*q > INT64_MAX. */
    cr_assert_eq(rational_mul(R(1, 3037000507), R(1, 3037000507), &r), RATIONAL_OVERFLOW);
}

Test(rational, large_intermediates_that_reduce_do_not_overflow)
{
    /* (2^62)/(3) * 3/(2^62) = 1: the 128-bit product reduces back into range. */
    rational r;
    cr_assert_eq(rational_mul(R(INT64_C(1) << 62, 3), R(3, INT64_C(1) << 62), &r), RATIONAL_OK);
    cr_assert(rational_eq_int(r, 1));
}

Test(rational, int64_min_is_handled_without_undefined_behaviour)
{
    rational r;
    cr_assert_eq(rational_make(INT64_MIN, -1, &r), RATIONAL_OVERFLOW);
    cr_assert_eq(rational_make(INT64_MIN, 2, &r), RATIONAL_OK);
    cr_assert_eq(r.num, INT64_MIN / 2);
    cr_assert_eq(rational_div(R(1, 1), R(INT64_MIN, 1), &r), RATIONAL_OVERFLOW);
}

Test(rational, compare_is_exact)
{
    cr_assert_lt(rational_cmp(R(1, 3), R(1, 2)), 0);
    cr_assert_eq(rational_cmp(R(2, 4), R(1, 2)), 0);
    cr_assert_gt(rational_cmp(R(INT64_MAX, INT64_MAX - 1), R(1, 1)), 0);
}

Test(rational, format_prints_integer_or_fraction)
{
    char buf[32];
    rational_format(R(-3, 6), buf, sizeof buf);
    cr_assert_str_eq(buf, "-1/2");
    rational_format(R(24, 1), buf, sizeof buf);
    cr_assert_str_eq(buf, "24");
}
