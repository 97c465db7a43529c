/* test_parse.c - parse_count() (core/parse.h): counts written in digits or with a
 * decimal exponent that leaves an integer, as --work reads them (issue 48: `--work 8e9`
 * was refused while the docs wrote `--work 2e7`). The expected values are written out
 * by hand, digit by digit, not computed by the parser or through a double. */
#include <criterion/criterion.h>
#include <stdint.h>

#include "core/parse.h"

Test(parse_count, digits_and_exponent_forms_that_are_integers)
{
    static const struct {
        const char *text;
        uint64_t value;
    } good[] = {
        { "0", 0 },
        { "1", 1 },
        { "8000000000", 8000000000ULL },
        { "8e9", 8000000000ULL },
        { "8E9", 8000000000ULL },
        { "2e7", 20000000ULL },
        { "2.5e7", 25000000ULL },
        { "1.25e2", 125 },
        { "2.50e1", 25 },
        { "1e15", 1000000000000000ULL },
        { "007", 7 },
        { "18446744073709551615", UINT64_MAX },
        { "1.8446744073709551615e19", UINT64_MAX },
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        uint64_t v = 12345;
        cr_expect_eq(parse_count(good[i].text, &v), 0, "'%s' refused", good[i].text);
        cr_expect_eq(v, good[i].value, "'%s' read as %llu", good[i].text,
                     (unsigned long long)v);
    }
}

Test(parse_count, refuses_fractions_signs_overflow_and_other_text)
{
    static const char *const bad[] = {
        "", "1.5", "1.5e0", "2.55e1", "1e-3", "-1", "+1", " 1", "1 ", "1e", "e5", ".5e1",
        "1.e5", "1e+5", "0x10", "inf", "nan", "1e1000", "18446744073709551616", "2e19",
        "1,000", "8e9x",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t v = 12345;
        cr_expect_eq(parse_count(bad[i], &v), -1, "'%s' accepted", bad[i]);
        cr_expect_eq(v, 12345, "'%s' touched the output", bad[i]);
    }
    uint64_t v;
    cr_expect_eq(parse_count(NULL, &v), -1);
}
