/* study_helpers.h - the study's enumeration for the tests: the one way a test gets the
 * solution sets of a configuration (header-only). */
#ifndef T24_TEST_STUDY_HELPERS_H
#define T24_TEST_STUDY_HELPERS_H

#include <criterion/criterion.h>

#include "study/enumeration.h"

/* The enumeration p describes; a failure fails the test with the library's message.
 * Release the result with enumeration_free(). */
static inline enumeration enumerate_params(const enumeration_params *p)
{
    enumeration st;
    char err[256];
    cr_assert_eq(enumeration_run(&st, p, err, sizeof err), 0, "%s", err);
    return st;
}

/* The default study: 4 cards, deck 1-11, target 24, seed 004's three groupings. */
static inline enumeration enumerate_default(void)
{
    enumeration_params p;
    enumeration_params_init(&p);
    p.per_template = true; /* tests read the (hand, template) pairs */
    return enumerate_params(&p);
}

/* Another configuration: NCARDS cards of LO..HI, TARGET, family G. */
static inline enumeration enumerate_config(int ncards, int64_t lo, int64_t hi, int64_t target,
                                           template_groupings g)
{
    enumeration_params p;
    enumeration_params_init(&p);
    p.ncards = ncards;
    p.lo = lo;
    p.hi = hi;
    p.target = target;
    p.groupings = g;
    p.per_template = true;
    return enumerate_params(&p);
}

#endif
