/* eval.c - exact template evaluation; see eval.h. */
#include "eval/eval.h"

#include <gmp.h>
#include <string.h>

#include "core/op.h"

/* An unreduced fraction. Skipping gcd keeps the inner loop to a few multiplications;
 * equality with the target only needs n == T * d, whatever the sign of d. */
typedef struct {
    int64_t n, d;
} frac;

#define TWINS_MAX 5040 /* 7!: every relabelling of a hand of seven equal cards */
_Static_assert(TEMPLATE_MAX_CARDS <= 7, "TWINS_MAX holds the relabellings of 7 cards");

typedef struct {
    const char *pat; /* postfix shape pattern */
    int len, ncards;
    const int64_t *x;
    int64_t target;
    uint32_t fact[TEMPLATE_MAX_CARDS + 1];
    uint32_t nops;
    uint32_t base; /* shape * n! */
    frac stack[TEMPLATE_MAX_TOKENS];
    int sp;
    unsigned used; /* positions already placed at a leaf */
    int perm[TEMPLATE_MAX_CARDS];
    /* Relabelings of positions that hold equal cards (identity first): a template and
     * its relabeled twins evaluate alike, so the walk visits one of them and emits all. */
    int ntwins;
    uint8_t twin[TWINS_MAX][TEMPLATE_MAX_CARDS]; /* bytes: 7! x 7 stays 35 KB of stack */
    idlist *hits;
    bool overflow;
    bool nomem;
} walk;

/* c = a op b; returns false on overflow. A zero denominator is left for the caller. */
static inline bool combine(op_kind op, frac a, frac b, frac *c)
{
    bool ov = false;
    int64_t t1, t2;
    switch (op) {
    case OP_ADD:
    case OP_SUB:
        ov |= __builtin_mul_overflow(a.n, b.d, &t1);
        ov |= __builtin_mul_overflow(b.n, a.d, &t2);
        ov |= op == OP_ADD ? __builtin_add_overflow(t1, t2, &c->n)
                           : __builtin_sub_overflow(t1, t2, &c->n);
        ov |= __builtin_mul_overflow(a.d, b.d, &c->d);
        break;
    case OP_MUL:
        ov |= __builtin_mul_overflow(a.n, b.n, &c->n);
        ov |= __builtin_mul_overflow(a.d, b.d, &c->d);
        break;
    default:
        ov |= __builtin_mul_overflow(a.n, b.d, &c->n);
        ov |= __builtin_mul_overflow(a.d, b.n, &c->d);
        break;
    }
    return !ov;
}

static void emit(walk *w, uint32_t orank)
{
    for (int t = 0; t < w->ntwins; t++) {
        int p[TEMPLATE_MAX_CARDS];
        for (int i = 0; i < w->ncards; i++)
            p[i] = w->twin[t][w->perm[i]];
        uint32_t id = (w->base + template_perm_rank(w->ncards, p)) * w->nops + orank;
        w->nomem |= idlist_push(w->hits, id) != 0;
    }
}

/* The last operator: all four tests share three products. n == T*d decides equality of
 * an unreduced fraction n/d with T for either sign of d. */
static void finish(walk *w, frac a, frac b, uint32_t orank)
{
    int64_t p1, p2, dd, tdd, nn, sum, diff, tp2;
    bool ov = __builtin_mul_overflow(a.n, b.d, &p1);
    ov |= __builtin_mul_overflow(b.n, a.d, &p2);
    ov |= __builtin_mul_overflow(a.d, b.d, &dd);
    ov |= __builtin_mul_overflow(w->target, dd, &tdd);
    ov |= __builtin_mul_overflow(a.n, b.n, &nn);
    ov |= __builtin_add_overflow(p1, p2, &sum);
    ov |= __builtin_sub_overflow(p1, p2, &diff);
    ov |= __builtin_mul_overflow(w->target, p2, &tp2);
    if (ov) {
        w->overflow = true;
        return;
    }
    if (sum == tdd)
        emit(w, orank * OP_COUNT + OP_ADD);
    if (diff == tdd)
        emit(w, orank * OP_COUNT + OP_SUB);
    if (nn == tdd)
        emit(w, orank * OP_COUNT + OP_MUL);
    if (p2 != 0 && p1 == tp2) /* p2 == 0 iff b == 0: a division by zero */
        emit(w, orank * OP_COUNT + OP_DIV);
}

/* Walks the shape's postfix pattern from position pos: a leaf slot tries the unused card
 * positions (in increasing order, skipping a position whose equal left neighbour is still
 * free, so each distinct sequence of values is met once), an operator slot tries the four
 * operators. The operator rank accumulates so a template's id is known at the end. */
static void walk_from(walk *w, int pos, int leaf, uint32_t orank)
{
    if (w->overflow || w->nomem)
        return;
    if (w->pat[pos] == 'L') {
        for (int p = 0; p < w->ncards; p++) {
            if (w->used & (1u << p))
                continue;
            if (p > 0 && w->x[p - 1] == w->x[p] && !(w->used & (1u << (p - 1))))
                continue;
            w->used |= 1u << p;
            w->perm[leaf] = p;
            w->stack[w->sp++] = (frac){ w->x[p], 1 };
            walk_from(w, pos + 1, leaf + 1, orank);
            w->sp--;
            w->used &= ~(1u << p);
        }
        return;
    }
    frac a = w->stack[w->sp - 2], b = w->stack[w->sp - 1];
    if (pos == w->len - 1) {
        finish(w, a, b, orank);
        return;
    }
    for (int op = 0; op < OP_COUNT; op++) {
        frac c;
        if (!combine((op_kind)op, a, b, &c)) {
            w->overflow = true;
            return;
        }
        if (c.d == 0)
            continue;
        w->sp -= 1;
        w->stack[w->sp - 1] = c;
        walk_from(w, pos + 1, leaf, orank * OP_COUNT + (uint32_t)op);
        w->stack[w->sp - 1] = a;
        w->stack[w->sp++] = b;
    }
}

/* Fills w->twin with every relabeling that permutes positions inside runs of equal
 * cards (the hand is sorted, so equal cards are adjacent). */
static void make_twins(walk *w)
{
    int n = w->ncards;
    w->ntwins = 1;
    for (int i = 0; i < n; i++)
        w->twin[0][i] = (uint8_t)i;
    for (int start = 0; start < n;) {
        int end = start + 1;
        while (end < n && w->x[end] == w->x[start])
            end++;
        /* Compose every existing relabeling with every permutation of [start, end). */
        int m = end - start, nt = w->ntwins;
        if (m > 1) {
            uint32_t nperm = (uint32_t)template_factorial(m);
            for (uint32_t r = 1; r < nperm; r++) {
                int sub[TEMPLATE_MAX_CARDS];
                template_perm_unrank(m, r, sub);
                for (int t = 0; t < nt; t++) {
                    memcpy(w->twin[w->ntwins], w->twin[t], sizeof w->twin[0]);
                    for (int i = 0; i < m; i++)
                        w->twin[w->ntwins][start + i] = (uint8_t)(start + sub[i]);
                    w->ntwins++;
                }
            }
        }
        start = end;
    }
}

/* Appends to hits the id of every template of f with shape in [first, last) that
 * evaluates exactly to target on the sorted hand `cards`, in increasing id order.
 * Returns 0, or -1 when memory runs out. Sets info->promoted when int64 overflowed and
 * the GMP path answered instead. */
int eval_hand_shapes(const template_family *f, uint32_t first, uint32_t last,
                     const int64_t *cards, int64_t target, idlist *hits, eval_info *info)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.ncards = template_family_cards(f);
    w.x = cards;
    w.target = target;
    w.hits = hits;
    w.nops = 1u << (2 * (w.ncards - 1));
    for (int i = 0; i <= w.ncards; i++)
        w.fact[i] = (uint32_t)template_factorial(i);
    make_twins(&w);
    size_t start = hits->len;
    for (uint32_t s = first; s < last && !w.overflow; s++) {
        w.pat = template_family_shape(f, s);
        w.len = (int)strlen(w.pat);
        w.base = s * w.fact[w.ncards];
        size_t from = hits->len;
        walk_from(&w, 0, 0, 0);
        /* The walk interleaves permutation and operator choices and emits twins out of
         * order, so sort this shape's slice; shapes come in id order already. */
        idlist slice = { hits->ids + from, hits->len - from, hits->len - from };
        idlist_sort(&slice);
    }
    if (w.nomem)
        return -1;
    if (info)
        info->promoted = w.overflow;
    if (!w.overflow)
        return 0;
    hits->len = start;
    return eval_hand_exact_shapes(f, first, last, cards, target, hits);
}

int eval_hand(const template_family *f, const int64_t *cards, int64_t target, idlist *hits,
              eval_info *info)
{
    return eval_hand_shapes(f, 0, template_family_shapes(f), cards, target, hits, info);
}

/* The GMP reference value of one program: sets out and returns true, or returns false
 * when it divides by zero. Never overflows; slow. */
bool eval_prog_value(const template_prog *p, const int64_t *cards, mpq_t out)
{
    mpq_t st[TEMPLATE_MAX_TOKENS];
    int sp = 0;
    bool ok = true;
    for (int i = 0; i < p->len && ok; i++) {
        if (p->tok[i] < TEMPLATE_TOK_OP) {
            mpq_init(st[sp]);
            mpq_set_si(st[sp], 0, 1);
            mpz_set_si(mpq_numref(st[sp]), (long)cards[p->tok[i]]);
            sp++;
            continue;
        }
        mpq_ptr a = st[sp - 2], b = st[sp - 1];
        switch ((op_kind)(p->tok[i] - TEMPLATE_TOK_OP)) {
        case OP_ADD: mpq_add(a, a, b); break;
        case OP_SUB: mpq_sub(a, a, b); break;
        case OP_MUL: mpq_mul(a, a, b); break;
        default:
            ok = mpq_sgn(b) != 0;
            if (ok)
                mpq_div(a, a, b);
            break;
        }
        mpq_clear(st[--sp]);
    }
    if (ok)
        mpq_set(out, st[0]);
    while (sp > 0)
        mpq_clear(st[--sp]);
    return ok;
}

/* The GMP reference: evaluates one program against the target. */
eval_result eval_prog(const template_prog *p, const int64_t *cards, int64_t target)
{
    mpq_t v, t;
    mpq_inits(v, t, NULL);
    eval_result res = EVAL_DIV_ZERO;
    if (eval_prog_value(p, cards, v)) {
        mpz_set_si(mpq_numref(t), (long)target);
        res = mpq_equal(v, t) ? EVAL_HIT : EVAL_MISS;
    }
    mpq_clears(v, t, NULL);
    return res;
}

/* Like eval_hand_shapes() but every template through eval_prog(): the promotion path. */
int eval_hand_exact_shapes(const template_family *f, uint32_t first, uint32_t last,
                           const int64_t *cards, int64_t target, idlist *hits)
{
    uint32_t per_shape = template_family_count(f) / template_family_shapes(f);
    for (uint32_t id = first * per_shape; id < last * per_shape; id++) {
        template_prog p;
        template_program(f, id, &p);
        if (eval_prog(&p, cards, target) == EVAL_HIT && idlist_push(hits, id))
            return -1;
    }
    return 0;
}

int eval_hand_exact(const template_family *f, const int64_t *cards, int64_t target,
                    idlist *hits)
{
    return eval_hand_exact_shapes(f, 0, template_family_shapes(f), cards, target, hits);
}
