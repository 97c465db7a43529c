/* expr.c - expression trees: evaluation, printing, parsing; see expr.h. */
#include "core/expr.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

expr expr_leaf(int64_t value)
{
    expr e = { EXPR_LEAF, NULL, NULL, value };
    return e;
}

expr expr_node(op_kind op, const expr *left, const expr *right)
{
    assert(left && right);
    expr e = { (int)op, left, right, 0 };
    return e;
}

/* Writes up to max leaf values, left to right, into out; returns how many leaves the
 * tree has (which may exceed max: then only the first max were written). */
int expr_leaves(const expr *e, int64_t *out, int max)
{
    if (e->op == EXPR_LEAF) {
        if (max > 0)
            out[0] = e->value;
        return 1;
    }
    int n = expr_leaves(e->left, out, max);
    int64_t *rest = n < max ? out + n : NULL; /* no offset on NULL: counting only */
    return n + expr_leaves(e->right, rest, max > n ? max - n : 0);
}

/* The exact value of the tree in *out, or RATIONAL_DIV_ZERO / RATIONAL_OVERFLOW (then
 * *out is untouched). */
rational_status expr_eval(const expr *e, rational *out)
{
    if (e->op == EXPR_LEAF) {
        *out = rational_from_int(e->value);
        return RATIONAL_OK;
    }
    rational a, b;
    rational_status st = expr_eval(e->left, &a);
    if (st == RATIONAL_OK)
        st = expr_eval(e->right, &b);
    if (st != RATIONAL_OK)
        return st;
    switch ((op_kind)e->op) {
    case OP_ADD: return rational_add(a, b, out);
    case OP_SUB: return rational_sub(a, b, out);
    case OP_MUL: return rational_mul(a, b, out);
    default: return rational_div(a, b, out);
    }
}

typedef struct {
    char *buf;
    size_t size, len;
} sink;

static void put(sink *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = s->len < s->size ? s->size - s->len : 0;
    int w = vsnprintf(room ? s->buf + s->len : NULL, room, fmt, ap);
    va_end(ap);
    if (w > 0)
        s->len += (size_t)w;
}

static void put_expr(sink *s, const expr *e, int parens)
{
    if (e->op == EXPR_LEAF) {
        /* A negative card is bracketed so that 5-(-3) never reads as 5--3. */
        put(s, e->value < 0 ? "(%lld)" : "%lld", (long long)e->value);
        return;
    }
    op_kind op = (op_kind)e->op;
    int lp = e->left->op != EXPR_LEAF &&
             op_child_needs_parens(op, (op_kind)e->left->op, 0);
    int rp = e->right->op != EXPR_LEAF &&
             op_child_needs_parens(op, (op_kind)e->right->op, 1);
    put(s, parens ? "(" : "");
    put_expr(s, e->left, lp);
    put(s, "%c", op_symbol(op));
    put_expr(s, e->right, rp);
    put(s, parens ? ")" : "");
}

/* Prints the tree with minimal parentheses into buf (always NUL-terminated when size > 0).
 * Returns the length the full text has, like snprintf: compare it with size to detect
 * truncation. */
int expr_format(const expr *e, char *buf, size_t size)
{
    sink s = { buf, size, 0 };
    if (size)
        buf[0] = '\0';
    put_expr(&s, e, 0);
    return (int)s.len;
}

/* ---- arena and parser ---- */

#define ARENA_BLOCK 256

typedef struct block {
    struct block *next;
    int used;
    expr nodes[ARENA_BLOCK];
} block;

struct expr_arena {
    block *head;
};

expr_arena *expr_arena_new(void)
{
    return calloc(1, sizeof(expr_arena));
}

void expr_arena_clear(expr_arena *a)
{
    if (!a)
        return;
    while (a->head) {
        block *b = a->head;
        a->head = b->next;
        free(b);
    }
}

void expr_arena_free(expr_arena *a)
{
    expr_arena_clear(a);
    free(a);
}

static expr *arena_push(expr_arena *a, expr e)
{
    if (!a->head || a->head->used == ARENA_BLOCK) {
        block *b = malloc(sizeof *b);
        if (!b)
            return NULL;
        b->next = a->head;
        b->used = 0;
        a->head = b;
    }
    expr *n = &a->head->nodes[a->head->used++];
    *n = e;
    return n;
}

typedef struct {
    expr_arena *a;
    const char *p;
    const char *start;
    char *err;
    size_t errsize;
    int depth;
} parser;

#define PARSE_MAX_DEPTH 200 /* bounds the recursion on hostile input */

static const expr *fail(parser *ps, const char *what)
{
    if (ps->err && ps->errsize && !ps->err[0])
        snprintf(ps->err, ps->errsize, "%s at column %d", what, (int)(ps->p - ps->start) + 1);
    return NULL;
}

static void skip_space(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t')
        ps->p++;
}

/* Reads one operator among the accepted spellings (ASCII, and UTF-8 × ÷ −); returns the
 * op or -1 without consuming anything. */
static int peek_op(parser *ps, int *len)
{
    const unsigned char *p = (const unsigned char *)ps->p;
    *len = 1;
    switch (p[0]) {
    case '+': return OP_ADD;
    case '-': return OP_SUB;
    case '*': return OP_MUL;
    case '/': return OP_DIV;
    default: break;
    }
    *len = 2;
    if (p[0] == 0xC3 && p[1] == 0x97)
        return OP_MUL;
    if (p[0] == 0xC3 && p[1] == 0xB7)
        return OP_DIV;
    *len = 3;
    if (p[0] == 0xE2 && p[1] == 0x88 && p[2] == 0x92)
        return OP_SUB;
    return -1;
}

static const expr *parse_sum(parser *ps);

static const expr *parse_atom(parser *ps)
{
    skip_space(ps);
    if (*ps->p == '(') {
        if (++ps->depth > PARSE_MAX_DEPTH)
            return fail(ps, "too deeply nested");
        ps->p++;
        const expr *e = parse_sum(ps);
        if (!e)
            return NULL;
        skip_space(ps);
        if (*ps->p != ')')
            return fail(ps, "expected ')'");
        ps->p++;
        ps->depth--;
        return e;
    }
    /* A minus directly before digits is part of the literal: (-3). */
    const char *q = ps->p + (*ps->p == '-');
    if (!isdigit((unsigned char)*q))
        return fail(ps, "expected a number or '('");
    char *end;
    errno = 0;
    long long v = strtoll(ps->p, &end, 10);
    if (errno)
        return fail(ps, "number out of range");
    ps->p = end;
    expr *n = arena_push(ps->a, expr_leaf((int64_t)v));
    return n ? n : fail(ps, "out of memory");
}

/* One precedence level: operands joined left-associatively by operators of prec. */
static const expr *parse_level(parser *ps, int prec)
{
    const expr *left = prec == 1 ? parse_level(ps, 2) : parse_atom(ps);
    while (left) {
        skip_space(ps);
        int len, op = peek_op(ps, &len);
        if (op < 0 || op_precedence((op_kind)op) != prec)
            return left;
        ps->p += len;
        const expr *right = prec == 1 ? parse_level(ps, 2) : parse_atom(ps);
        if (!right)
            return NULL;
        expr *n = arena_push(ps->a, expr_node((op_kind)op, left, right));
        left = n ? n : fail(ps, "out of memory");
    }
    return NULL;
}

static const expr *parse_sum(parser *ps)
{
    return parse_level(ps, 1);
}

/* Parses an infix expression of integers, + - * / (also × ÷ −) and parentheses, with the
 * usual precedence and left associativity. Nodes live in the arena until it is cleared.
 * Returns the root, or NULL with a one-line reason in err (when err is not NULL). */
const expr *expr_parse(expr_arena *a, const char *text, char *err, size_t errsize)
{
    parser ps = { a, text, text, err, errsize, 0 };
    if (err && errsize)
        err[0] = '\0';
    const expr *e = parse_sum(&ps);
    if (!e)
        return NULL;
    skip_space(&ps);
    if (*ps.p)
        return fail(&ps, "unexpected character");
    return e;
}
