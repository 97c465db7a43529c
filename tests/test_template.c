/* Templates: family sizes, shape order, id round trips and printing. */
#include <criterion/criterion.h>
#include <string.h>

#include "core/op.h"
#include "core/template.h"

static uint64_t catalan(int k)
{
    uint64_t c = 1; /* C(k) = C(2k, k) / (k + 1), built incrementally */
    for (int i = 0; i < k; i++)
        c = c * (uint64_t)(2 * (2 * i + 1)) / (uint64_t)(i + 2);
    return c;
}

Test(template, all_family_counts_are_catalan_times_perms_times_ops)
{
    for (int n = 2; n <= 7; n++) {
        template_family *f = template_family_new(n, TEMPLATE_ALL);
        cr_assert(f);
        uint64_t expect = catalan(n - 1) * template_factorial(n) * (1ull << (2 * (n - 1)));
        cr_assert_eq(template_family_count(f), expect, "n=%d", n);
        cr_assert_eq(template_family_shapes(f), catalan(n - 1));
        template_family_free(f);
    }
}

Test(template, issue_figures_7680_and_430080_and_4608)
{
    template_family *a4 = template_family_new(4, TEMPLATE_ALL);
    template_family *a5 = template_family_new(5, TEMPLATE_ALL);
    template_family *r4 = template_family_new(4, TEMPLATE_REDUCED);
    cr_assert_eq(template_family_count(a4), 7680);
    cr_assert_eq(template_family_count(a5), 430080);
    cr_assert_eq(template_family_count(r4), 4608);
    template_family_free(a4);
    template_family_free(a5);
    template_family_free(r4);
}

Test(template, reduced_exists_only_for_four_cards_and_cards_stay_in_2_to_7)
{
    for (int n = 2; n <= 7; n++) {
        template_family *f = template_family_new(n, TEMPLATE_REDUCED);
        cr_assert_eq(f != NULL, n == 4, "n=%d", n);
        template_family_free(f);
    }
    cr_assert_null(template_family_new(1, TEMPLATE_ALL));
    cr_assert_null(template_family_new(8, TEMPLATE_ALL));
}

/* Seven cards: 7! x 132 x 4^6 = 2,724,986,880 templates, every id below 2^32 and exact:
 * the first, the last and a stride through the family round trip through shape,
 * permutation and operators (no product in template_id_make wraps). */
Test(template, seven_card_ids_are_exact_up_to_the_last)
{
    template_family *f = template_family_new(7, TEMPLATE_ALL);
    cr_assert(f);
    uint64_t count = 5040ull * 132 * 4096;
    cr_assert_eq(template_family_count(f), count);
    cr_assert_lt(count, 1ull << 32);
    uint32_t last = (uint32_t)(count - 1);
    for (uint64_t id = 0; id <= last + 999983ull; id += 999983) {
        uint32_t at = id < last ? (uint32_t)id : last, shape;
        int perm[TEMPLATE_MAX_CARDS], ops[TEMPLATE_MAX_CARDS];
        template_id_split(f, at, &shape, perm, ops);
        cr_assert_lt(shape, 132);
        cr_assert_eq(template_id_make(f, shape, perm, ops), at, "id %u", at);
    }
    uint32_t shape;
    int perm[TEMPLATE_MAX_CARDS], ops[TEMPLATE_MAX_CARDS];
    template_id_split(f, last, &shape, perm, ops);
    cr_assert_eq(shape, 131);
    for (int i = 0; i < 7; i++)
        cr_assert_eq(perm[i], 6 - i); /* the last permutation, reversed */
    for (int i = 0; i < 6; i++)
        cr_assert_eq(ops[i], OP_DIV);
    template_family_free(f);
}

Test(template, reduced_shapes_are_seed_004s_three_and_lead_the_all_family)
{
    template_family *r = template_family_new(4, TEMPLATE_REDUCED);
    template_family *a = template_family_new(4, TEMPLATE_ALL);
    /* (((x x) x) x), ((x (x x)) x), ((x x) (x x)) as postfix patterns */
    const char *want[] = { "LLOLOLO", "LLLOOLO", "LLOLLOO" };
    for (uint32_t s = 0; s < 3; s++) {
        cr_assert_str_eq(template_family_shape(r, s), want[s]);
        cr_assert_str_eq(template_family_shape(a, s), want[s]);
    }
    cr_assert_str_eq(template_family_shape(a, 3), "LLLOLOO"); /* x ((x x) x) */
    cr_assert_str_eq(template_family_shape(a, 4), "LLLLOOO"); /* x (x (x x)) */
    template_family_free(r);
    template_family_free(a);
}

Test(template, every_shape_is_a_distinct_full_binary_tree)
{
    for (int n = 5; n <= 7; n++) {
    template_family *f = template_family_new(n, TEMPLATE_ALL);
    cr_assert_eq(template_family_shapes(f), catalan(n - 1));
    for (uint32_t s = 0; s < template_family_shapes(f); s++) {
        const char *p = template_family_shape(f, s);
        int depth = 0;
        for (const char *c = p; *c; c++) {
            depth += *c == 'L' ? 1 : -1;
            cr_assert_geq(depth, 1, "stack never empties inside %s", p);
        }
        cr_assert_eq(depth, 1);
        cr_assert_eq(strlen(p), (size_t)(2 * n - 1));
        for (uint32_t t = 0; t < s; t++)
            cr_assert_str_neq(p, template_family_shape(f, t));
    }
    template_family_free(f);
    }
}

Test(template, id_round_trips_through_shape_perm_ops)
{
    for (int n = 2; n <= 5; n++) {
        template_family *f = template_family_new(n, TEMPLATE_ALL);
        uint32_t count = template_family_count(f), step = n == 5 ? 97 : 1;
        for (uint32_t id = 0; id < count; id += step) {
            uint32_t shape;
            int perm[TEMPLATE_MAX_CARDS], ops[TEMPLATE_MAX_CARDS];
            template_id_split(f, id, &shape, perm, ops);
            cr_assert_eq(template_id_make(f, shape, perm, ops), id);
        }
        template_family_free(f);
    }
}

Test(template, ids_follow_the_documented_formula)
{
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    /* shape 4, perm (3,0,2,1) has lexicographic rank 3*3! + 0 + 1*1! = 19, operators
     * / - / in postfix order read as base-4 digits 3,1,3 = 55: (4*24+19)*64+55. */
    int perm[] = { 3, 0, 2, 1 }, ops[] = { OP_DIV, OP_SUB, OP_DIV };
    cr_assert_eq(template_id_make(f, 4, perm, ops), 7415);
    int id_perm[] = { 0, 1, 2, 3 }, plus[] = { OP_ADD, OP_ADD, OP_ADD };
    cr_assert_eq(template_id_make(f, 0, id_perm, plus), 0);
    template_family_free(f);
}

static void check_print(const char *pattern, const int *perm, const int *ops, const char *full,
                        const char *readable)
{
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    uint32_t shape = 0;
    while (strcmp(template_family_shape(f, shape), pattern) != 0)
        shape++;
    uint32_t id = template_id_make(f, shape, perm, ops);
    char buf[128];
    template_format(f, id, TEMPLATE_FULL, NULL, buf, sizeof buf);
    cr_assert_str_eq(buf, full);
    template_format(f, id, TEMPLATE_READABLE, NULL, buf, sizeof buf);
    cr_assert_str_eq(buf, readable);
    template_family_free(f);
}

Test(template, printing_keeps_only_needed_parentheses)
{
    int id4[] = { 0, 1, 2, 3 };
    int add3[] = { OP_ADD, OP_ADD, OP_ADD };
    check_print("LLOLOLO", id4, add3, "((x0+x1)+x2)+x3", "x0+x1+x2+x3");
    int subsub[] = { OP_SUB, OP_SUB, OP_MUL }; /* (x0-x1)*(x2-x3) */
    check_print("LLOLLOO", id4, subsub, "(x0-x1)*(x2-x3)", "(x0-x1)*(x2-x3)");
    int p[] = { 3, 0, 2, 1 }, d[] = { OP_DIV, OP_SUB, OP_DIV };
    check_print("LLLLOOO", p, d, "x3/(x0-(x2/x1))", "x3/(x0-x2/x1)");
    int s3[] = { OP_SUB, OP_SUB, OP_SUB }; /* x0-(x1-(x2-x3)) needs all of them */
    check_print("LLLLOOO", id4, s3, "x0-(x1-(x2-x3))", "x0-(x1-(x2-x3))");
    int a3[] = { OP_SUB, OP_ADD, OP_ADD }; /* x0+(x1+(x2-x3)) needs none */
    check_print("LLLLOOO", id4, a3, "x0+(x1+(x2-x3))", "x0+x1+x2-x3");
    int md[] = { OP_DIV, OP_MUL, OP_DIV }; /* x0/(x1*(x2/x3)) keeps the outer pair */
    check_print("LLLLOOO", id4, md, "x0/(x1*(x2/x3))", "x0/(x1*x2/x3)");
    int am[] = { OP_ADD, OP_MUL, OP_SUB }; /* ((x0+x1)*x2)-x3 */
    check_print("LLOLOLO", id4, am, "((x0+x1)*x2)-x3", "(x0+x1)*x2-x3");
}

Test(template, printing_with_card_values)
{
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    int64_t hand[] = { 3, 3, 8, 8 };
    char buf[64];
    template_format(f, 7415, TEMPLATE_READABLE, hand, buf, sizeof buf);
    cr_assert_str_eq(buf, "8/(3-8/3)");
    int64_t neg[] = { -2, 1, 5, 7 };
    template_format(f, 0, TEMPLATE_READABLE, neg, buf, sizeof buf);
    cr_assert_str_eq(buf, "(-2)+1+5+7");
    template_family_free(f);
}

Test(template, format_truncates_safely_and_reports_full_length)
{
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    char buf[5];
    int len = template_format(f, 0, TEMPLATE_FULL, NULL, buf, sizeof buf);
    cr_assert_eq(len, (int)strlen("((x0+x1)+x2)+x3"));
    cr_assert_str_eq(buf, "((x0");
    template_family_free(f);
}
