/* test_oeis_long.c - six cards against OEIS A140606 template by template: the count of
 * distinct functions over all 30,965,760 templates, without the formula groups, is
 * A140606(6) = 793,002, and every template has the function of its group's first
 * template (test_oeis.c says what the count proves, and checks two to five cards so and
 * six through the groups' first templates in make test). About half a minute of CPU in
 * Release, minutes under ASan, so it runs only with T24_LONG_TESTS=1 and shows as
 * Skipped otherwise. */
#include <criterion/criterion.h>
#include <stdio.h> /* skip_exit77.h needs it */
#include <stdlib.h>

#include "oeis_helpers.h"
#include "skip_exit77.h"

Test(oeis_long, every_six_card_template_makes_a140606_functions_and_its_groups, .timeout = 3600)
{
    if (!getenv("T24_LONG_TESTS"))
        cr_skip_test("half a minute of CPU: run it with T24_LONG_TESTS=1");
    template_family *f = template_family_new(6, TEMPLATE_ALL);
    cr_assert(f);
    walk w = walk_templates(f, NO_SHAPE);
    fp_set all = count_functions(&w, NULL, NULL);
    cr_expect_eq(all.used, a140606[6], "%zu distinct functions, A140606 says %u", all.used,
                 a140606[6]);
    free(all.slot);
    formula_set *s = set_for(f);
    uint32_t ng = formula_set_groups(s);
    uint64_t *first_fp = malloc((size_t)ng * NPOINTS * sizeof *first_fp), seed;
    cr_assert(first_fp);
    walk g = walk_groups(f, s);
    fp_set firsts = count_functions(&g, &seed, first_fp);
    cr_expect_eq(firsts.used, a140606[6]);
    cr_expect_eq(members_disagreeing(f, s, first_fp, seed), 0,
                 "templates whose function is not their group's");
    free(firsts.slot);
    free(first_fp);
    formula_set_free(s);
    template_family_free(f);
}
