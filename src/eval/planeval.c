/* planeval.c - exact evaluation of a formula plan on a hand; see planeval.h. */
#include "eval/planeval.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

/* An unreduced fraction; 0/0 is "undefined". */
typedef struct {
    int64_t n, d;
} frac;

/* A run of steps of one kind: the plan sorts them so, which keeps the loops branch-free. */
typedef struct {
    uint32_t first, last;
    formula_step_kind kind;
} run;

/* The roots on one unordered pair of operands (a < b): the four operators in either
 * order share their products, so one pass decides them all. */
enum { T_ADD, T_NADD, T_SUB, T_RSUB, T_MUL, T_DIV, T_RDIV };

typedef struct {
    uint32_t a, b;
    uint32_t first, last; /* its tests */
} root_pair;

typedef struct {
    uint32_t kind;     /* T_* */
    uint32_t pos, neg; /* the groups (body, +) and (body, -), or FORMULA_NONE */
} root_test;

struct planeval {
    const formula_plan *p;
    frac *v;            /* slots: the cards, then the steps */
    run *runs;          /* of the steps */
    uint32_t nstep_runs;
    root_pair *pairs;
    root_test *tests;
    uint32_t npairs;
    mpq_t *q;           /* the GMP path's slots, made on first use */
    bool *qdef;
};

static uint32_t make_runs(const formula_step *s, uint32_t n, run *out)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (k && out[k - 1].kind == s[i].kind) {
            out[k - 1].last = i + 1;
            continue;
        }
        out[k++] = (run){ i, i + 1, (formula_step_kind)s[i].kind };
    }
    return k;
}

static uint64_t pair_key(const formula_step *r)
{
    uint32_t lo = r->a < r->b ? r->a : r->b, hi = r->a < r->b ? r->b : r->a;
    return (uint64_t)lo << 32 | hi;
}

typedef struct {
    uint64_t key; /* the unordered operand pair */
    uint32_t root;
} keyed_root;

static int keyed_cmp(const void *x, const void *y)
{
    const keyed_root *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (a->root > b->root) - (a->root < b->root);
}

/* The test of a root on its pair: which value it compares, and in which orientation. */
static uint32_t test_kind(const formula_step *r)
{
    bool fwd = r->a < r->b;
    switch (r->kind) {
    case FORMULA_ADD: return T_ADD;
    case FORMULA_NADD: return T_NADD;
    case FORMULA_MUL: return T_MUL;
    case FORMULA_SUB: return fwd ? T_SUB : T_RSUB;
    default: return fwd ? T_DIV : T_RDIV;
    }
}

/* Groups the roots by unordered operand pair (sorted by pair, then root). */
static int make_pairs(planeval *w)
{
    const formula_plan *p = w->p;
    uint32_t n = p->nroots;
    keyed_root *t = malloc(((size_t)n + 1) * sizeof *t);
    w->pairs = malloc(((size_t)n + 1) * sizeof *w->pairs);
    w->tests = malloc(((size_t)n + 1) * sizeof *w->tests);
    if (!t || !w->pairs || !w->tests) {
        free(t);
        return -1;
    }
    for (uint32_t i = 0; i < n; i++)
        t[i] = (keyed_root){ pair_key(&p->roots[i]), i };
    qsort(t, n, sizeof *t, keyed_cmp);
    w->npairs = 0;
    for (uint32_t i = 0; i < n; i++) {
        const formula_step *r = &p->roots[t[i].root];
        if (!i || t[i].key != t[i - 1].key)
            w->pairs[w->npairs++] = (root_pair){ (uint32_t)(t[i].key >> 32), (uint32_t)t[i].key,
                                                 i, i };
        w->pairs[w->npairs - 1].last = i + 1;
        w->tests[i] = (root_test){ test_kind(r), p->root_pos[t[i].root], p->root_neg[t[i].root] };
    }
    free(t);
    return 0;
}

/* A scratch for plan p (which must outlive it), or NULL without memory. */
planeval *planeval_new(const formula_plan *p)
{
    planeval *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->p = p;
    w->v = malloc(((size_t)p->ncards + p->nsteps) * sizeof *w->v);
    w->runs = malloc(((size_t)p->nsteps + 1) * sizeof *w->runs);
    if (!w->v || !w->runs || make_pairs(w)) {
        planeval_free(w);
        return NULL;
    }
    w->nstep_runs = make_runs(p->steps, p->nsteps, w->runs);
    return w;
}

void planeval_free(planeval *w)
{
    if (!w)
        return;
    if (w->q) {
        for (size_t i = 0; i < (size_t)w->p->ncards + w->p->nsteps; i++)
            mpq_clear(w->q[i]);
        free(w->q);
    }
    free(w->qdef);
    free(w->v);
    free(w->runs);
    free(w->pairs);
    free(w->tests);
    free(w);
}

/* c = a (kind) b; *ov is set on overflow (checked only: unchecked, the caller has proven
 * there is none). A division by zero gives 0/0, and 0/0 stays 0/0 through every
 * operation (each result component is a product with a zero factor). */
static inline __attribute__((always_inline)) frac apply(formula_step_kind kind, frac a, frac b,
                                                         bool *ov, bool checked)
{
    frac c;
    int64_t t1, t2;
    bool o = false;
    if (!checked) {
        switch (kind) {
        case FORMULA_ADD: return (frac){ a.n * b.d + b.n * a.d, a.d * b.d };
        case FORMULA_SUB: return (frac){ a.n * b.d - b.n * a.d, a.d * b.d };
        case FORMULA_NADD: return (frac){ -(a.n * b.d) - b.n * a.d, a.d * b.d };
        case FORMULA_MUL: return (frac){ a.n * b.n, a.d * b.d };
        default:
            c = (frac){ a.n * b.d, a.d * b.n };
            c.n = c.d ? c.n : 0;
            return c;
        }
    }
    switch (kind) {
    case FORMULA_ADD:
    case FORMULA_SUB:
    case FORMULA_NADD:
        o |= __builtin_mul_overflow(a.n, b.d, &t1);
        o |= __builtin_mul_overflow(b.n, a.d, &t2);
        if (kind == FORMULA_SUB)
            o |= __builtin_sub_overflow(t1, t2, &c.n);
        else if (kind == FORMULA_ADD)
            o |= __builtin_add_overflow(t1, t2, &c.n);
        else { /* -(t1 + t2) = (-t1) - t2; two statements, so that t1 is negated first */
            o |= __builtin_sub_overflow((int64_t)0, t1, &t1);
            o |= __builtin_sub_overflow(t1, t2, &c.n);
        }
        o |= __builtin_mul_overflow(a.d, b.d, &c.d);
        break;
    case FORMULA_MUL:
        o |= __builtin_mul_overflow(a.n, b.n, &c.n);
        o |= __builtin_mul_overflow(a.d, b.d, &c.d);
        break;
    default:
        o |= __builtin_mul_overflow(a.n, b.d, &c.n);
        o |= __builtin_mul_overflow(a.d, b.n, &c.d);
        c.n = c.d ? c.n : 0;
        break;
    }
    *ov |= o;
    return c;
}

static inline __attribute__((always_inline)) bool run_steps(planeval *w, uint32_t first,
                                                             uint32_t last,
                                                             formula_step_kind kind,
                                                             bool checked)
{
    frac *v = w->v;
    const formula_step *s = w->p->steps;
    uint32_t base = (uint32_t)w->p->ncards;
    bool ov = false;
    for (uint32_t i = first; i < last; i++)
        v[base + i] = apply(kind, v[s[i].a], v[s[i].b], &ov, checked);
    return ov;
}

/* Every step, one loop per run with its kind a constant, so apply() loses its switch. */
static inline __attribute__((always_inline)) bool steps_all(planeval *w, bool checked)
{
    bool ov = false;
    for (uint32_t k = 0; k < w->nstep_runs; k++) {
        const run *r = &w->runs[k];
        switch (r->kind) {
        case FORMULA_ADD: ov |= run_steps(w, r->first, r->last, FORMULA_ADD, checked); break;
        case FORMULA_SUB: ov |= run_steps(w, r->first, r->last, FORMULA_SUB, checked); break;
        case FORMULA_MUL: ov |= run_steps(w, r->first, r->last, FORMULA_MUL, checked); break;
        case FORMULA_DIV: ov |= run_steps(w, r->first, r->last, FORMULA_DIV, checked); break;
        default: ov |= run_steps(w, r->first, r->last, FORMULA_NADD, checked); break;
        }
    }
    return ov;
}

static unsigned bits(uint64_t x) { return x ? 64u - (unsigned)__builtin_clzll(x) : 0; }

static uint64_t magnitude(int64_t x) { return x < 0 ? 0 - (uint64_t)x : (uint64_t)x; }

static bool steps_checked(planeval *w) { return steps_all(w, true); }
static bool steps_unchecked(planeval *w) { return steps_all(w, false); }

/* Bits of a bound on every step's numerator and denominator, from the cards alone: with
 * every card below 2^c in magnitude, a step over k cards stays below 2^(k-1) * 2^(c*k)
 * (a sum doubles the product of its operands' bounds, the rest multiply them), and steps
 * use at most n - 1 cards. */
static unsigned step_bits(const planeval *w, const int64_t *cards)
{
    uint64_t or = 1;
    for (int i = 0; i < w->p->ncards; i++)
        or |= magnitude(cards[i]);
    unsigned k = (unsigned)w->p->ncards - 1;
    return k - 1 + bits(or) * k;
}

/* Bits of what one pair's shared products equal: E_x for +T, E_x << 1 for -T. */
enum { E_SUM = 1, E_DIFF = 4, E_PROD = 16, E_QUOT = 64, E_RQUOT = 256 };

/* The groups a pair's tests hit, given the equalities that hold. */
static int emit(const planeval *w, const root_pair *pr, unsigned eq, idlist *out)
{
    static const unsigned want[] = { [T_ADD] = E_SUM, [T_NADD] = E_SUM, [T_SUB] = E_DIFF,
                                     [T_RSUB] = E_DIFF, [T_MUL] = E_PROD, [T_DIV] = E_QUOT,
                                     [T_RDIV] = E_RQUOT };
    for (uint32_t i = pr->first; i < pr->last; i++) {
        const root_test *t = &w->tests[i];
        /* A negated value equals T where the value equals -T: NADD and RSUB swap. */
        bool swap = t->kind == T_NADD || t->kind == T_RSUB;
        bool plus = eq & want[t->kind], minus = eq & (want[t->kind] << 1);
        uint32_t pos = swap ? t->neg : t->pos, neg = swap ? t->pos : t->neg;
        if (plus && pos != FORMULA_NONE && idlist_push(out, pos))
            return -1;
        if (minus && neg != FORMULA_NONE && idlist_push(out, neg))
            return -1;
    }
    return 0;
}

/* Every root against the target, a pair at a time: with p1 = a.n*b.d, p2 = b.n*a.d and
 * dd = a.d*b.d, a+b = (p1+p2)/dd, a-b = (p1-p2)/dd, a*b = a.n*b.n/dd, a/b = p1/p2 and
 * b/a = p2/p1, all defined when dd != 0 and the divisor's numerator is nonzero. With
 * checked false the caller has proven that nothing can overflow. Returns 1 on overflow,
 * -1 without memory, 0 otherwise. */
static inline __attribute__((always_inline)) int roots_loop(planeval *w, int64_t target,
                                                             idlist *out, bool checked)
{
    const frac *v = w->v;
    bool ov = false;
    for (uint32_t k = 0; k < w->npairs; k++) {
        const root_pair *pr = &w->pairs[k];
        frac a = v[pr->a], b = v[pr->b];
        int64_t p1, p2, dd, nn, sum, diff, td, ntd, tp1, ntp1, tp2, ntp2;
        if (checked) {
            ov |= __builtin_mul_overflow(a.n, b.d, &p1);
            ov |= __builtin_mul_overflow(b.n, a.d, &p2);
            ov |= __builtin_mul_overflow(a.d, b.d, &dd);
            ov |= __builtin_mul_overflow(a.n, b.n, &nn);
            ov |= __builtin_add_overflow(p1, p2, &sum);
            ov |= __builtin_sub_overflow(p1, p2, &diff);
            ov |= __builtin_mul_overflow(target, dd, &td);
            ov |= __builtin_mul_overflow(target, p1, &tp1);
            ov |= __builtin_mul_overflow(target, p2, &tp2);
            ov |= __builtin_sub_overflow((int64_t)0, td, &ntd);
            ov |= __builtin_sub_overflow((int64_t)0, tp1, &ntp1);
            ov |= __builtin_sub_overflow((int64_t)0, tp2, &ntp2);
        } else {
            p1 = a.n * b.d;
            p2 = b.n * a.d;
            dd = a.d * b.d;
            nn = a.n * b.n;
            sum = p1 + p2;
            diff = p1 - p2;
            td = target * dd;
            tp1 = target * p1;
            tp2 = target * p2;
            ntd = -td;
            ntp1 = -tp1;
            ntp2 = -tp2;
        }
        unsigned eq = (unsigned)(sum == td) * E_SUM | (unsigned)(sum == ntd) * (E_SUM << 1) |
                      (unsigned)(diff == td) * E_DIFF | (unsigned)(diff == ntd) * (E_DIFF << 1) |
                      (unsigned)(nn == td) * E_PROD | (unsigned)(nn == ntd) * (E_PROD << 1) |
                      (unsigned)(p2 != 0 && p1 == tp2) * E_QUOT |
                      (unsigned)(p2 != 0 && p1 == ntp2) * (E_QUOT << 1) |
                      (unsigned)(p1 != 0 && p2 == tp1) * E_RQUOT |
                      (unsigned)(p1 != 0 && p2 == ntp1) * (E_RQUOT << 1);
        if (__builtin_expect(eq != 0 && dd != 0, 0) && emit(w, pr, eq, out))
            return -1;
    }
    return ov ? 1 : 0;
}

static int roots_checked(planeval *w, int64_t target, idlist *out)
{
    return roots_loop(w, target, out, true);
}

static int roots_unchecked(planeval *w, int64_t target, idlist *out)
{
    return roots_loop(w, target, out, false);
}

/* Can the roots skip their overflow checks? Every operand is below 2^B in magnitude, so
 * products are below 2^2B, sums and differences below 2^(2B+1), and products times the
 * target below 2^(2B+bits(T)): all fit int64 when those stay within 62 bits. B is first
 * the cards' bound (step_bits(), free), and if that is too coarse the bits of the OR of
 * every operand's actual magnitude. */
static bool roots_cannot_overflow(const planeval *w, unsigned bound, int64_t target)
{
    unsigned bt = bits(magnitude(target));
    bt = bt > 1 ? bt : 1;
    if (2 * bound + bt <= 62)
        return true;
    uint64_t or = 0;
    for (size_t i = 0; i < (size_t)w->p->ncards + w->p->nsteps; i++)
        or |= magnitude(w->v[i].n) | magnitude(w->v[i].d);
    return 2 * bits(or) + bt <= 62;
}

/* Appends to groups every group that hits target on the hand `cards` (p->ncards values,
 * any order), in no particular order. Returns 0, or -1 when memory runs out. Sets
 * *promoted when int64 overflowed and the GMP path answered instead. */
int planeval_hand(planeval *w, const int64_t *cards, int64_t target, idlist *groups,
                  bool *promoted)
{
    size_t start = groups->len;
    bool ov = false;
    for (int i = 0; i < w->p->ncards; i++)
        w->v[i] = (frac){ cards[i], 1 };
    unsigned bound = step_bits(w, cards);
    ov = bound <= 62 ? steps_unchecked(w) : steps_checked(w);
    int rc = ov ? 1
             : roots_cannot_overflow(w, bound, target) ? roots_unchecked(w, target, groups)
                                                        : roots_checked(w, target, groups);
    if (rc < 0)
        return -1;
    *promoted = rc > 0;
    if (!rc)
        return 0;
    groups->len = start;
    return planeval_hand_gmp(w, cards, target, groups);
}

/* --- the GMP path ---------------------------------------------------------------------- */

/* dst = a (kind) b in GMP; returns false when undefined (a division by zero). */
static bool apply_gmp(formula_step_kind kind, mpq_t dst, mpq_t a, mpq_t b)
{
    switch (kind) {
    case FORMULA_ADD: mpq_add(dst, a, b); break;
    case FORMULA_SUB: mpq_sub(dst, a, b); break;
    case FORMULA_MUL: mpq_mul(dst, a, b); break;
    case FORMULA_NADD: mpq_add(dst, a, b); mpq_neg(dst, dst); break;
    default:
        if (mpq_sgn(b) == 0)
            return false;
        mpq_div(dst, a, b);
        break;
    }
    return true;
}

/* The same answer as planeval_hand() through GMP rationals only: never overflows. Returns
 * 0, or -1 when memory runs out. */
int planeval_hand_gmp(planeval *w, const int64_t *cards, int64_t target, idlist *groups)
{
    const formula_plan *p = w->p;
    size_t nslots = (size_t)p->ncards + p->nsteps;
    if (!w->q) {
        w->q = malloc((nslots + 1) * sizeof *w->q);
        w->qdef = malloc((nslots + 1) * sizeof *w->qdef);
        if (!w->q || !w->qdef)
            return -1;
        for (size_t i = 0; i < nslots; i++)
            mpq_init(w->q[i]);
    }
    for (int i = 0; i < p->ncards; i++) {
        mpq_set_si(w->q[i], 0, 1);
        mpz_set_si(mpq_numref(w->q[i]), (long)cards[i]);
        w->qdef[i] = true;
    }
    for (uint32_t i = 0; i < p->nsteps; i++) {
        const formula_step *s = &p->steps[i];
        size_t k = (size_t)p->ncards + i;
        w->qdef[k] = w->qdef[s->a] && w->qdef[s->b] &&
                     apply_gmp((formula_step_kind)s->kind, w->q[k], w->q[s->a], w->q[s->b]);
    }
    mpq_t t, nt, c;
    mpq_inits(t, nt, c, NULL);
    mpz_set_si(mpq_numref(t), (long)target);
    mpq_neg(nt, t);
    int rc = 0;
    for (uint32_t i = 0; i < p->nroots && !rc; i++) {
        const formula_step *s = &p->roots[i];
        if (!w->qdef[s->a] || !w->qdef[s->b] ||
            !apply_gmp((formula_step_kind)s->kind, c, w->q[s->a], w->q[s->b]))
            continue;
        if (mpq_equal(c, t) && p->root_pos[i] != FORMULA_NONE)
            rc |= idlist_push(groups, p->root_pos[i]);
        if (mpq_equal(c, nt) && p->root_neg[i] != FORMULA_NONE)
            rc |= idlist_push(groups, p->root_neg[i]);
    }
    mpq_clears(t, nt, c, NULL);
    return rc ? -1 : 0;
}
