/* test_expr.c - expression trees: printing with minimal parentheses, parsing, evaluation. */
#include <criterion/criterion.h>
#include <string.h>

#include "core/expr.h"

static void roundtrip(const char *in, const char *want)
{
    expr_arena *a = expr_arena_new();
    char err[128], out[128];
    const expr *e = expr_parse(a, in, err, sizeof err);
    cr_assert_not_null(e, "parse '%s': %s", in, err);
    expr_format(e, out, sizeof out);
    cr_assert_str_eq(out, want, "'%s' printed as '%s'", in, out);
    expr_arena_free(a);
}

Test(expr, format_keeps_only_needed_parentheses)
{
    roundtrip("8/(3-(8/3))", "8/(3-8/3)");
    roundtrip("((1+2)+3)+4", "1+2+3+4");
    roundtrip("1+(2+3)", "1+2+3");
    roundtrip("1-(2+3)", "1-(2+3)");
    roundtrip("(1-2)-3", "1-2-3");
    roundtrip("2*(3/4)", "2*3/4");
    roundtrip("2/(3*4)", "2/(3*4)");
}

Test(expr, format_brackets_negative_cards)
{
    expr l = expr_leaf(5), r = expr_leaf(-3);
    expr e = expr_node(OP_SUB, &l, &r);
    char out[32];
    expr_format(&e, out, sizeof out);
    cr_assert_str_eq(out, "5-(-3)");
}

Test(expr, parse_accepts_unicode_operators_and_rejects_junk)
{
    expr_arena *a = expr_arena_new();
    char err[128];
    rational v;
    const expr *e = expr_parse(a, "(5 \xe2\x88\x92 1 \xc3\xb7 5) \xc3\x97 5", err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    cr_assert_eq(expr_eval(e, &v), RATIONAL_OK);
    cr_assert(rational_eq_int(v, 24));
    cr_assert_null(expr_parse(a, "1+", err, sizeof err));
    cr_assert_null(expr_parse(a, "(1+2", err, sizeof err));
    cr_assert_null(expr_parse(a, "1+2)", err, sizeof err));
    cr_assert_null(expr_parse(a, "99999999999999999999", err, sizeof err));
    expr_arena_free(a);
}

Test(expr, eval_is_exact_and_reports_division_by_zero)
{
    expr_arena *a = expr_arena_new();
    char err[128];
    rational v;
    cr_assert_eq(expr_eval(expr_parse(a, "8/(3-8/3)", err, sizeof err), &v), RATIONAL_OK);
    cr_assert(rational_eq_int(v, 24));
    cr_assert_eq(expr_eval(expr_parse(a, "1/(2-2)", err, sizeof err), &v), RATIONAL_DIV_ZERO);
    cr_assert_eq(expr_eval(expr_parse(a, "4611686018427387904*4", err, sizeof err), &v),
                 RATIONAL_OVERFLOW);
    expr_arena_free(a);
}

Test(expr, leaves_are_listed_left_to_right)
{
    expr_arena *a = expr_arena_new();
    char err[128];
    int64_t out[8];
    cr_assert_eq(expr_leaves(expr_parse(a, "(3+1)*(7-2)", err, sizeof err), out, 8), 4);
    cr_assert(out[0] == 3 && out[1] == 1 && out[2] == 7 && out[3] == 2);
    expr_arena_free(a);
}
