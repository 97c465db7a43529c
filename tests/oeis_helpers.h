/* oeis_helpers.h - what test_oeis.c and test_oeis_long.c share: templates evaluated
 * exactly modulo p = 2^61 - 1 at points from a fixed seed, their fingerprints counted,
 * and every member of a formula group compared with its group's first template.
 * test_oeis.c says what the count proves. */
#ifndef T24_TEST_OEIS_HELPERS_H
#define T24_TEST_OEIS_HELPERS_H

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/op.h"
#include "core/splitmix.h"
#include "core/template.h"
#include "eval/formula.h"

#define MOD_P ((UINT64_C(1) << 61) - 1)
#define NPOINTS 2
#define SEED 0x0e15a140606ull
#define SEED_TRIES 4
#define NO_SHAPE UINT32_MAX
#define CHUNK 65536

/* A140606(n), OEIS, for n = 0..6 (0 and 1 unused here). */
static const uint32_t a140606[TEMPLATE_MAX_CARDS] = { 0, 1, 6, 68, 1170, 27142, 793002 };

/* --- arithmetic mod p = 2^61 - 1 ---------------------------------------------------- */

static inline uint64_t mod_reduce(unsigned __int128 x)
{
    uint64_t r = (uint64_t)(x & MOD_P) + (uint64_t)(x >> 61);
    r = (r & MOD_P) + (r >> 61);
    return r == MOD_P ? 0 : r;
}

static inline uint64_t mod_mul(uint64_t a, uint64_t b)
{
    return mod_reduce((unsigned __int128)a * b);
}

static inline uint64_t mod_add(uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r >= MOD_P ? r - MOD_P : r;
}

static inline uint64_t mod_sub(uint64_t a, uint64_t b)
{
    return a >= b ? a - b : a + MOD_P - b;
}

/* a^(p-2) = a^-1 for a != 0 (Fermat). */
static inline uint64_t mod_inv(uint64_t a)
{
    uint64_t r = 1, e = MOD_P - 2;
    for (; e; e >>= 1, a = mod_mul(a, a))
        if (e & 1)
            r = mod_mul(r, a);
    return r;
}

typedef struct {
    uint64_t n, d; /* the value n / d, d != 0 */
} mfrac;

/* a op b, or false when b is the divisor and is 0 (the point is refused). */
static inline bool mfrac_apply(int op, mfrac a, mfrac b, mfrac *out)
{
    switch (op) {
    case OP_ADD:
    case OP_SUB: {
        uint64_t l = mod_mul(a.n, b.d), r = mod_mul(b.n, a.d);
        *out = (mfrac){ op == OP_ADD ? mod_add(l, r) : mod_sub(l, r), mod_mul(a.d, b.d) };
        return true;
    }
    case OP_MUL:
        *out = (mfrac){ mod_mul(a.n, b.n), mod_mul(a.d, b.d) };
        return true;
    default:
        *out = (mfrac){ mod_mul(a.n, b.d), mod_mul(a.d, b.n) };
        return b.n != 0;
    }
}

/* A postfix program at point x, or false at a zero divisor. */
static inline bool eval_prog_mod(const template_prog *p, const uint64_t *x, mfrac *out)
{
    mfrac st[TEMPLATE_MAX_TOKENS];
    int sp = 0;
    for (int i = 0; i < p->len; i++) {
        int t = p->tok[i];
        if (t < TEMPLATE_TOK_OP) {
            st[sp++] = (mfrac){ x[t], 1 };
            continue;
        }
        sp--;
        if (!mfrac_apply(t - TEMPLATE_TOK_OP, st[sp - 1], st[sp], &st[sp - 1]))
            return false;
    }
    *out = st[0];
    return true;
}

/* The NPOINTS points of one seed, coordinates in 1..p-1. */
typedef struct {
    uint64_t x[NPOINTS][TEMPLATE_MAX_CARDS];
} points;

static inline points points_draw(uint64_t seed)
{
    points pt;
    for (int k = 0; k < NPOINTS; k++)
        for (int i = 0; i < TEMPLATE_MAX_CARDS; i++)
            pt.x[k][i] = 1 + splitmix_next(&seed) % (MOD_P - 1);
    return pt;
}

/* --- fingerprints, kept in an open-addressing set with a count each ------------------ */

typedef struct {
    uint64_t v[NPOINTS];
    uint32_t count; /* 0: empty slot; else how many walked items had this fingerprint */
} fp_slot;

typedef struct {
    fp_slot *slot;
    size_t cap, used;
} fp_set;

static inline fp_set fp_set_new(void)
{
    fp_set s = { calloc(1024, sizeof(fp_slot)), 1024, 0 };
    cr_assert(s.slot);
    return s;
}

/* The slot of fingerprint v: its own, or the empty one where it would go. */
static inline size_t fp_find(const fp_set *s, const uint64_t *v)
{
    size_t h = (size_t)(v[0] * 0x9e3779b97f4a7c15ull ^ v[NPOINTS - 1]) & (s->cap - 1);
    while (s->slot[h].count && memcmp(s->slot[h].v, v, sizeof s->slot[h].v))
        h = (h + 1) & (s->cap - 1);
    return h;
}

static inline void fp_insert_slot(fp_set *s, const uint64_t *v, uint32_t count)
{
    size_t h = fp_find(s, v);
    if (!s->slot[h].count) {
        memcpy(s->slot[h].v, v, sizeof s->slot[h].v);
        s->used++;
    }
    s->slot[h].count += count;
}

static inline void fp_set_add(fp_set *s, const uint64_t *v)
{
    if (2 * (s->used + 1) > s->cap) {
        fp_set big = { calloc(2 * s->cap, sizeof(fp_slot)), 2 * s->cap, 0 };
        cr_assert(big.slot);
        for (size_t i = 0; i < s->cap; i++)
            if (s->slot[i].count)
                fp_insert_slot(&big, s->slot[i].v, s->slot[i].count);
        free(s->slot);
        *s = big;
    }
    fp_insert_slot(s, v, 1);
}

/* --- the walks ------------------------------------------------------------------------ */

/* Which templates a walk visits: every template of f but those of shape `drop`
 * (NO_SHAPE: none dropped), or, with s, the first template of each of s's groups. */
typedef struct {
    const template_family *f;
    const formula_set *s;
    uint32_t drop;
    uint32_t next, end;
} walk;

static inline bool walk_next(walk *w, uint32_t *id)
{
    while (w->next < w->end) {
        uint32_t i = w->next++, shape;
        int perm[TEMPLATE_MAX_CARDS], ops[TEMPLATE_MAX_CARDS];
        if (w->s) {
            *id = formula_set_group_first(w->s, i);
            return true;
        }
        template_id_split(w->f, i, &shape, perm, ops);
        if (shape != w->drop) {
            *id = i;
            return true;
        }
    }
    return false;
}

/* Fingerprints of fr[0..n) (NPOINTS fractions each) into fp, with one inversion for the
 * whole chunk (Montgomery's trick: prefix products of the denominators). */
static inline void fingerprints(const mfrac *fr, size_t n, uint64_t *fp, uint64_t *pre)
{
    size_t m = n * NPOINTS;
    uint64_t acc = 1;
    for (size_t i = 0; i < m; i++) {
        pre[i] = acc;
        acc = mod_mul(acc, fr[i].d);
    }
    uint64_t inv = mod_inv(acc); /* of the product of all denominators */
    for (size_t i = m; i-- > 0;) {
        fp[i] = mod_mul(fr[i].n, mod_mul(inv, pre[i]));
        inv = mod_mul(inv, fr[i].d);
    }
}

/* Walks w at points pt, adding every fingerprint to set (and, when ids_fp is given, the
 * fingerprint of the i-th item at ids_fp[i * NPOINTS]). False when a divisor vanished at
 * a point: the caller draws other points. */
static inline bool walk_fingerprints(walk *w, const points *pt, fp_set *set, uint64_t *ids_fp)
{
    mfrac *fr = malloc(CHUNK * NPOINTS * sizeof *fr);
    uint64_t *fp = malloc(CHUNK * NPOINTS * sizeof *fp), *pre = malloc(CHUNK * NPOINTS * 8);
    cr_assert(fr && fp && pre);
    bool ok = true, more = true;
    size_t done = 0;
    while (ok && more) {
        size_t n = 0;
        uint32_t id;
        while (n < CHUNK && (more = walk_next(w, &id))) {
            template_prog prog;
            template_program(w->f, id, &prog);
            for (int k = 0; k < NPOINTS && ok; k++)
                ok = eval_prog_mod(&prog, pt->x[k], &fr[n * NPOINTS + k]);
            if (!ok)
                break;
            n++;
        }
        if (!ok || !n)
            break;
        fingerprints(fr, n, fp, pre);
        for (size_t i = 0; i < n; i++)
            fp_set_add(set, &fp[i * NPOINTS]);
        if (ids_fp)
            memcpy(&ids_fp[done * NPOINTS], fp, n * NPOINTS * sizeof *fp);
        done += n;
    }
    free(fr);
    free(fp);
    free(pre);
    return ok;
}

/* The walk's distinct functions, at the first seed (from SEED on) where no divisor
 * vanishes; the set is the caller's to free. *seed_used tells which seed. */
static inline fp_set count_functions(const walk *w0, uint64_t *seed_used, uint64_t *ids_fp)
{
    for (uint64_t seed = SEED; seed < SEED + SEED_TRIES; seed++) {
        walk w = *w0;
        points pt = points_draw(seed);
        fp_set set = fp_set_new();
        if (walk_fingerprints(&w, &pt, &set, ids_fp)) {
            if (seed_used)
                *seed_used = seed;
            return set;
        }
        free(set.slot);
    }
    cr_assert_fail("a divisor vanished at every one of %d seeds", SEED_TRIES);
    return (fp_set){ 0 };
}

static inline walk walk_templates(const template_family *f, uint32_t drop)
{
    return (walk){ f, NULL, drop, 0, template_family_count(f) };
}

static inline walk walk_groups(const template_family *f, const formula_set *s)
{
    return (walk){ f, s, NO_SHAPE, 0, formula_set_groups(s) };
}

static inline uint32_t shape_index(const template_family *f, const char *pattern)
{
    for (uint32_t s = 0; s < template_family_shapes(f); s++)
        if (!strcmp(template_family_shape(f, s), pattern))
            return s;
    cr_assert_fail("no shape %s", pattern);
    return NO_SHAPE;
}

static inline formula_set *set_for(const template_family *f)
{
    char err[128];
    formula_set *s = formula_set_new(f, err, sizeof err);
    cr_assert(s, "%s", err);
    return s;
}


/* Every template against its group's first one, template by template in id order
 * (formula_set_foreach), in chunks that share one inversion. */
typedef struct {
    const template_family *f;
    const uint64_t *first_fp; /* per group, NPOINTS values */
    points pt;
    uint32_t id[CHUNK], group[CHUNK];
    mfrac fr[CHUNK * NPOINTS];
    uint64_t fp[CHUNK * NPOINTS], pre[CHUNK * NPOINTS];
    size_t n;
    uint64_t differ, undefined; /* members whose function differs; members refused */
} member_check;

static inline void member_check_flush(member_check *m)
{
    size_t k = 0;
    for (size_t i = 0; i < m->n; i++) {
        template_prog prog;
        bool ok = true;
        template_program(m->f, m->id[i], &prog);
        for (int j = 0; j < NPOINTS && ok; j++)
            ok = eval_prog_mod(&prog, m->pt.x[j], &m->fr[k * NPOINTS + j]);
        if (!ok) {
            m->undefined++;
            continue;
        }
        m->group[k++] = m->group[i];
    }
    fingerprints(m->fr, k, m->fp, m->pre);
    for (size_t i = 0; i < k; i++)
        m->differ += memcmp(&m->fp[i * NPOINTS], &m->first_fp[(size_t)m->group[i] * NPOINTS],
                            NPOINTS * sizeof *m->fp) != 0;
    m->n = 0;
}

static inline int member_check_add(void *ctx, uint32_t id, uint32_t group)
{
    member_check *m = ctx;
    m->id[m->n] = id;
    m->group[m->n++] = group;
    if (m->n == CHUNK)
        member_check_flush(m);
    return 0;
}

/* Every template of s against its group's first (first_fp: per group, NPOINTS values
 * at the points of seed). Returns the templates that differ plus those refused. */
static inline uint64_t members_disagreeing(const template_family *f, const formula_set *s,
                                           const uint64_t *first_fp, uint64_t seed)
{
    member_check *m = calloc(1, sizeof *m);
    cr_assert(m);
    *m = (member_check){ .f = f, .first_fp = first_fp, .pt = points_draw(seed) };
    cr_assert_eq(formula_set_foreach(s, member_check_add, m), 0);
    member_check_flush(m);
    uint64_t bad = m->differ + m->undefined;
    free(m);
    return bad;
}

#endif
