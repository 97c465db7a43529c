/* op.h - the four operators, defined once.
 *
 * The X-macro fixes their order (+ - * /), which template ids depend on, and keeps the
 * symbol, precedence and commutativity of each operator in one row. */
#ifndef T24_CORE_OP_H
#define T24_CORE_OP_H

/*        name  symbol prec commutative */
#define OP_TABLE(X)          \
    X(OP_ADD, '+', 1, 1)     \
    X(OP_SUB, '-', 1, 0)     \
    X(OP_MUL, '*', 2, 1)     \
    X(OP_DIV, '/', 2, 0)

typedef enum {
#define OP_ENUM(name, sym, prec, comm) name,
    OP_TABLE(OP_ENUM)
#undef OP_ENUM
    OP_COUNT
} op_kind;

static inline char op_symbol(op_kind op)
{
    static const char sym[] = {
#define OP_SYM(name, sym, prec, comm) sym,
        OP_TABLE(OP_SYM)
#undef OP_SYM
    };
    return sym[op];
}

static inline int op_precedence(op_kind op)
{
    static const int prec[] = {
#define OP_PREC(name, sym, prec, comm) prec,
        OP_TABLE(OP_PREC)
#undef OP_PREC
    };
    return prec[op];
}

static inline int op_commutative(op_kind op)
{
    static const int comm[] = {
#define OP_COMM(name, sym, prec, comm) comm,
        OP_TABLE(OP_COMM)
#undef OP_COMM
    };
    return comm[op];
}

/* Does the child of `parent` on the given side need parentheses to keep its value?
 * Left: only when it binds looser. Right: also at equal precedence under - and /,
 * because a-(b-c) != a-b-c while a+(b-c) == a+b-c and a*(b/c) == a*b/c. */
static inline int op_child_needs_parens(op_kind parent, op_kind child, int right)
{
    int pp = op_precedence(parent), cp = op_precedence(child);
    if (cp < pp)
        return 1;
    return right && cp == pp && !op_commutative(parent);
}

#endif
