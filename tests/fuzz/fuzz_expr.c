/* fuzz_expr.c - the expression parser (expr_parse()) on any text, and everything a
 * parsed tree goes through: evaluation, printing, canonical forms, and the independent
 * GMP reader of verify.c. Properties (differential: two parsers, two evaluators):
 *  - the printed form parses back to a tree of the same value and leaves (printing
 *    drops brackets that associativity makes needless, a*(b*c) is a*b*c, so only one of
 *    the two may overflow int64 on the way);
 *  - verify.c reads the printed form as using exactly those leaves, with that value;
 *  - the canonical form prints as an expression verify.c accepts with the same value. */
#include "core/expr.h"
#include "fuzz.h"
#include "solve/canon.h"
#include "solve/verify.h"

#define MAX_LEAVES 64 /* verify.c reads at most 64 numbers */

/* Deepest parenthesis nesting of text: verify.c stops at 100. */
static int depth(const char *text)
{
    int d = 0, max = 0;
    for (; *text; text++) {
        d += *text == '(';
        max = d > max ? d : max;
        d -= *text == ')';
    }
    return max;
}

static void check_verified(const char *text, const int64_t *leaves, int n, rational v,
                           const char *what)
{
    if (v.den != 1 || n > MAX_LEAVES || depth(text) >= 100)
        return;
    verify_status st = verify_solution(text, leaves, n, v.num);
    FUZZ_CHECK(st == VERIFY_OK, "%s '%s': %s", what, text, verify_status_message(st));
}

static void check_tree(const expr *e, expr_arena *a, char *buf, size_t size)
{
    int64_t leaves[MAX_LEAVES];
    int n = expr_leaves(e, leaves, MAX_LEAVES);
    rational v;
    rational_status rs = expr_eval(e, &v);
    int len = expr_format(e, buf, size);
    if (len < 0 || (size_t)len >= size)
        return;
    char err[128];
    const expr *back = expr_parse(a, buf, err, sizeof err);
    FUZZ_CHECK(back != NULL, "'%s' does not parse back: %s", buf, err);
    FUZZ_CHECK(expr_leaves(back, NULL, 0) == n, "'%s' has other leaves", buf);
    rational w;
    rational_status ws = expr_eval(back, &w);
    /* A zero divisor stays one whatever the grouping; which of two errors comes first
     * may change. */
    FUZZ_CHECK(!(rs == RATIONAL_OK && ws == RATIONAL_DIV_ZERO) &&
                   !(ws == RATIONAL_OK && rs == RATIONAL_DIV_ZERO),
               "'%s': status %d, then %d", buf, rs, ws);
    if (rs != RATIONAL_OK || ws != RATIONAL_OK)
        return;
    FUZZ_CHECK(w.num == v.num && w.den == v.den, "'%s' changed value", buf);
    if (n <= MAX_LEAVES)
        check_verified(buf, leaves, n, v, "printed");
    canon *c = canon_new();
    if (c && canon_build(c, e) == CANON_OK) {
        char form[4096];
        int fl = canon_format(c, form, sizeof form);
        if (fl >= 0 && (size_t)fl < sizeof form && n <= MAX_LEAVES)
            check_verified(form, leaves, n, v, "canonical");
    }
    canon_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    expr_arena *a = expr_arena_new();
    char err[128];
    const expr *e = expr_parse(a, text, err, sizeof err);
    if (e) {
        char *buf = malloc(4 * size + 64);
        check_tree(e, a, buf, 4 * size + 64);
        free(buf);
    } else {
        FUZZ_CHECK(err[0] != '\0', "a failure without a reason");
    }
    /* verify.c's own reader on the raw text: it must not crash, whatever it decides. */
    int64_t cards[4] = { 3, 3, 8, 8 };
    verify_solution(text, cards, 4, 24);
    expr_arena_free(a);
    free(text);
    return 0;
}
