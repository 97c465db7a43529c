/* expr.h - binary expression trees over integer cards.
 *
 * An expr is a plain node: a leaf holding one card value, or an operator (op.h) with two
 * children. Nodes never own their children; whoever builds a tree keeps the nodes alive
 * (the solver keeps them on its recursion stack, expr_parse() in an expr_arena).
 * Printing keeps only the parentheses that precedence and associativity require, using
 * op_child_needs_parens(), so 8/(3-8/3) prints as written. */
#ifndef T24_CORE_EXPR_H
#define T24_CORE_EXPR_H

#include <stddef.h>
#include <stdint.h>

#include "core/op.h"
#include "core/rational.h"

#define EXPR_LEAF (-1)

typedef struct expr {
    int op; /* op_kind, or EXPR_LEAF */
    const struct expr *left, *right;
    int64_t value; /* the card, for leaves */
} expr;

expr expr_leaf(int64_t value);
expr expr_node(op_kind op, const expr *left, const expr *right);
int expr_leaves(const expr *e, int64_t *out, int max);
rational_status expr_eval(const expr *e, rational *out);
int expr_format(const expr *e, char *buf, size_t size);

/* An arena of nodes for trees read from text. */
typedef struct expr_arena expr_arena;

expr_arena *expr_arena_new(void);
void expr_arena_free(expr_arena *a);
void expr_arena_clear(expr_arena *a);
const expr *expr_parse(expr_arena *a, const char *text, char *err, size_t errsize);

#endif
