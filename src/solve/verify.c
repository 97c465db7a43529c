/* verify.c - GMP re-evaluation of printed solutions; see verify.h.
 *
 * Deliberately shares no code with expr.c or search.c: a recursive-descent reader that
 * evaluates as it parses. Grammar: sum = product (('+'|'-') product)*;
 * product = atom (('*'|'/') atom)*; atom = integer | '(' sum ')' | '(' '-' integer ')'. */
#include "solve/verify.h"

#include <errno.h>
#include <gmp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define VERIFY_MAX_NUMBERS 64
#define VERIFY_MAX_DEPTH 100

typedef struct {
    const char *p;
    int64_t used[VERIFY_MAX_NUMBERS];
    int nused;
    int depth;
    verify_status st;
} reader;

static bool failed(reader *r, verify_status st)
{
    if (r->st == VERIFY_OK)
        r->st = st;
    return false;
}

static void blanks(reader *r)
{
    while (*r->p == ' ')
        r->p++;
}

static bool sum(reader *r, mpq_t out);

static bool atom(reader *r, mpq_t out)
{
    blanks(r);
    if (*r->p == '(') {
        r->p++;
        if (++r->depth > VERIFY_MAX_DEPTH)
            return failed(r, VERIFY_SYNTAX);
        if (!sum(r, out))
            return false;
        blanks(r);
        if (*r->p != ')')
            return failed(r, VERIFY_SYNTAX);
        r->p++;
        r->depth--;
        return true;
    }
    const char *start = r->p;
    if (*r->p == '-')
        r->p++;
    if (*r->p < '0' || *r->p > '9')
        return failed(r, VERIFY_SYNTAX);
    char *end;
    errno = 0;
    long long v = strtoll(start, &end, 10);
    if (errno || r->nused == VERIFY_MAX_NUMBERS)
        return failed(r, VERIFY_SYNTAX);
    r->p = end;
    r->used[r->nused++] = (int64_t)v;
    /* Through a decimal string, so that no conversion of int64 to long is assumed. The
     * value is printed again, not copied: "-000...09" is a short number in long text. */
    char digits[32];
    snprintf(digits, sizeof digits, "%lld", v);
    mpq_set_str(out, digits, 10);
    return true;
}

/* One precedence level, left-associative: level 1 is + -, level 2 is * /. */
static bool level(reader *r, int lv, mpq_t out)
{
    if (!(lv == 1 ? level(r, 2, out) : atom(r, out)))
        return false;
    mpq_t rhs;
    mpq_init(rhs);
    bool ok = true;
    for (;;) {
        blanks(r);
        char op = *r->p;
        if (lv == 1 ? (op != '+' && op != '-') : (op != '*' && op != '/'))
            break;
        r->p++;
        if (!(ok = lv == 1 ? level(r, 2, rhs) : atom(r, rhs)))
            break;
        if (op == '/' && mpq_sgn(rhs) == 0) {
            ok = failed(r, VERIFY_DIV_ZERO);
            break;
        }
        switch (op) {
        case '+': mpq_add(out, out, rhs); break;
        case '-': mpq_sub(out, out, rhs); break;
        case '*': mpq_mul(out, out, rhs); break;
        default: mpq_div(out, out, rhs); break;
        }
    }
    mpq_clear(rhs);
    return ok;
}

static bool sum(reader *r, mpq_t out)
{
    return level(r, 1, out);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static bool same_multiset(int64_t *a, int na, const int64_t *cards, int n)
{
    if (na != n || n > VERIFY_MAX_NUMBERS)
        return false;
    int64_t b[VERIFY_MAX_NUMBERS];
    memcpy(b, cards, (size_t)n * sizeof *b);
    qsort(a, (size_t)n, sizeof *a, cmp_i64);
    qsort(b, (size_t)n, sizeof *b, cmp_i64);
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

/* Checks that text is an arithmetic expression that uses each of cards[0..n-1] exactly
 * once and equals target exactly. Returns VERIFY_OK or the first problem found. */
verify_status verify_solution(const char *text, const int64_t *cards, int n, int64_t target)
{
    reader r = { .p = text, .st = VERIFY_OK };
    mpq_t v, t;
    mpq_init(v);
    mpq_init(t);
    bool ok = sum(&r, v);
    blanks(&r);
    if (ok && *r.p)
        ok = failed(&r, VERIFY_SYNTAX);
    if (ok && !same_multiset(r.used, r.nused, cards, n))
        ok = failed(&r, VERIFY_CARDS);
    if (ok) {
        char digits[32];
        snprintf(digits, sizeof digits, "%lld", (long long)target);
        mpq_set_str(t, digits, 10);
        if (!mpq_equal(v, t))
            ok = failed(&r, VERIFY_VALUE);
    }
    mpq_clear(v);
    mpq_clear(t);
    return ok ? VERIFY_OK : r.st;
}

const char *verify_status_message(verify_status st)
{
    switch (st) {
    case VERIFY_OK: return "ok";
    case VERIFY_SYNTAX: return "not a well-formed expression";
    case VERIFY_CARDS: return "does not use each card exactly once";
    case VERIFY_DIV_ZERO: return "divides by zero";
    default: return "does not equal the target";
    }
}
