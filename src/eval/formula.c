/* formula.c - canonical forms of templates, groups and the evaluation plan; see formula.h. */
#define _GNU_SOURCE /* qsort_r */
#include "eval/formula.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hashmix.h"

#include "core/op.h"

enum { KIND_VAR, KIND_SUM, KIND_PROD };

/* An operand of a sum or product: body << 2 | flags. In a sum, bit 1 = subtracted; in a
 * product, bit 1 = divided and bit 0 = guarded (must be nonzero). */
#define ENT_BODY(e) ((e) >> 2)
#define ENT_GUARD 1u
#define ENT_NEG 2u
#define MAX_ENTS TEMPLATE_MAX_CARDS
#define MAX_FORMS (1u << 30) /* forms (body << 1 | negative) fit the memo key */

/* (form, form) -> the forms of their +, -, * and /, all made on the first visit: the walk
 * always tries the four operators on the same two operands in a row. A cache of a fixed
 * size, one entry a slot, a new pair evicting the old: the forms it holds can always be
 * made again (hash-consing finds the same bodies), so its size bounds memory and not
 * correctness, and seven cards' billions of pairs need no table of them all. */
typedef struct {
    uint64_t *key;
    uint32_t (*val)[OP_COUNT];
    size_t cap; /* a power of two; key 0 is empty */
} memo;

#define MEMO_MIN_SLOTS (1u << 10)
/* 1.5 GiB, reached at seven cards only (six cards take 4M slots, 96 MiB): a miss costs
 * four hash-consing lookups in tables of gigabytes, so the cache earns its memory. */
#define MEMO_MAX_SLOTS (1u << 26)

/* A form's group and, while grouping, its templates: side by side, so that a template
 * costs the walk one cache miss here, not two (seven cards: 2.7e9 of them). */
typedef struct {
    uint32_t group, count;
} form_slot;

typedef struct {
    uint8_t kind, nent;
    uint16_t mask;  /* cards the body uses */
    uint32_t ent;   /* offset of its operands in the entry pool */
    formula_step recipe; /* over bodies, not slots */
} body;

struct formula_set {
    int ncards;
    uint32_t ntemplates, ngroups;
    body *bodies;
    uint32_t nbodies, cap_bodies;
    uint32_t *ents;
    size_t nents, cap_ents;
    uint32_t *table; /* hash-consing: body ids, FORMULA_NONE empty */
    size_t table_cap;
    memo combos;     /* (op, form, form) -> form, while grouping */
    form_slot *forms;        /* per form: its group (FORMULA_NONE) and templates */
    uint32_t cap_forms;
    uint32_t *first, *size;  /* group -> its lowest template, its number of templates */
    uint32_t cap_groups;
    template_family *family; /* a copy, to recompute a template's form on demand */
    formula_plan plan;
    bool nomem;
};


/* --- the memo of combinations ---------------------------------------------------------- */

/* A cache of about one slot per eight templates (the walk meets a pair of operands per
 * four templates at the last operator and fewer above), within the bounds above. */
static int memo_init(memo *m, uint32_t ntemplates)
{
    size_t cap = MEMO_MIN_SLOTS;
    while (cap < MEMO_MAX_SLOTS && cap < ntemplates / 8)
        cap *= 2;
    m->key = calloc(cap, sizeof *m->key);
    m->val = malloc(cap * sizeof *m->val);
    m->cap = cap;
    return m->key && m->val ? 0 : -1;
}

static void memo_free(memo *m)
{
    free(m->key);
    free(m->val);
    memset(m, 0, sizeof *m);
}

/* --- bodies ---------------------------------------------------------------------------- */

static uint64_t body_hash(int kind, const uint32_t *ent, int n)
{
    uint64_t h = (uint64_t)kind * 0x9e3779b97f4a7c15ull + (uint64_t)n;
    for (int i = 0; i < n; i++)
        h = hashmix64(h ^ ent[i]) + (uint64_t)i;
    return hashmix64(h);
}

static bool body_is(const formula_set *s, uint32_t id, int kind, const uint32_t *ent, int n)
{
    const body *b = &s->bodies[id];
    return b->kind == kind && b->nent == n &&
           memcmp(s->ents + b->ent, ent, (size_t)n * sizeof *ent) == 0;
}

static int table_grow(formula_set *s)
{
    size_t cap = s->table_cap ? s->table_cap * 2 : 1u << 16;
    uint32_t *t = malloc(cap * sizeof *t);
    if (!t)
        return -1;
    memset(t, 0xff, cap * sizeof *t);
    for (uint32_t id = 0; id < s->nbodies; id++) {
        const body *b = &s->bodies[id];
        if (b->kind == KIND_VAR)
            continue;
        size_t j = body_hash(b->kind, s->ents + b->ent, b->nent) & (cap - 1);
        while (t[j] != FORMULA_NONE)
            j = (j + 1) & (cap - 1);
        t[j] = id;
    }
    free(s->table);
    s->table = t;
    s->table_cap = cap;
    return 0;
}

/* Appends a body (no hash-consing); returns its id or FORMULA_NONE without memory. */
static uint32_t body_add(formula_set *s, int kind, const uint32_t *ent, int n, uint16_t mask)
{
    if (s->nbodies == s->cap_bodies) {
        uint32_t cap = s->cap_bodies ? s->cap_bodies * 2 : 4096;
        if (cap > MAX_FORMS / 2)
            return FORMULA_NONE;
        body *b = realloc(s->bodies, cap * sizeof *b);
        if (!b)
            return FORMULA_NONE;
        s->bodies = b;
        s->cap_bodies = cap;
    }
    if (s->nents + (size_t)n > s->cap_ents) {
        size_t cap = s->cap_ents ? s->cap_ents * 2 : 16384;
        uint32_t *e = realloc(s->ents, cap * sizeof *e);
        if (!e)
            return FORMULA_NONE;
        s->ents = e;
        s->cap_ents = cap;
    }
    body *b = &s->bodies[s->nbodies];
    memset(b, 0, sizeof *b);
    b->kind = (uint8_t)kind;
    b->nent = (uint8_t)n;
    b->mask = mask;
    b->ent = (uint32_t)s->nents;
    if (n) /* cards have no operands, and ent is NULL then */
        memcpy(s->ents + s->nents, ent, (size_t)n * sizeof *ent);
    s->nents += (size_t)n;
    return s->nbodies++;
}

/* The body with these operands, made if new (its recipe then set by the caller, which
 * learns that *fresh is true). FORMULA_NONE when memory runs out. */
static uint32_t body_cons(formula_set *s, int kind, const uint32_t *ent, int n, uint16_t mask,
                          bool *fresh)
{
    *fresh = false;
    if (2 * (size_t)s->nbodies >= s->table_cap && table_grow(s))
        return FORMULA_NONE;
    size_t j = body_hash(kind, ent, n) & (s->table_cap - 1);
    for (; s->table[j] != FORMULA_NONE; j = (j + 1) & (s->table_cap - 1))
        if (body_is(s, s->table[j], kind, ent, n))
            return s->table[j];
    uint32_t id = body_add(s, kind, ent, n, mask);
    if (id != FORMULA_NONE) {
        s->table[j] = id;
        *fresh = true;
    }
    return id;
}

/* Appends the operands body a contributes to a sum or product of `kind`: its own
 * operands when it is one already, else itself. In a sum, neg flips their signs; in a
 * product, divide turns multiplied into divided and back, and guards every one. */
static int expand(const formula_set *s, uint32_t a, int kind, bool neg, bool divide,
                  uint32_t *ent, int n)
{
    const body *b = &s->bodies[a];
    uint32_t flip = kind == KIND_SUM ? (neg ? ENT_NEG : 0) : (divide ? ENT_NEG : 0);
    uint32_t guard = kind == KIND_PROD && divide ? ENT_GUARD : 0;
    if (b->kind != kind) {
        ent[n++] = a << 2 | flip | guard;
        return n;
    }
    for (int i = 0; i < b->nent; i++)
        ent[n++] = (s->ents[b->ent + i] ^ flip) | guard;
    return n;
}

/* How to compute the new body from the bodies A and B of the operands: sums take the
 * signs into account (c1, c2 are the signs of A and B in the body), products never need
 * them (a sign is pulled out of a product whole). */
static formula_step recipe(int op, uint32_t A, uint32_t B, bool c1neg, bool c2neg)
{
    if (op == OP_MUL || op == OP_DIV)
        return (formula_step){ A, B, op == OP_MUL ? FORMULA_MUL : FORMULA_DIV };
    if (!c1neg)
        return (formula_step){ A, B, c2neg ? FORMULA_SUB : FORMULA_ADD };
    return c2neg ? (formula_step){ A, B, FORMULA_NADD } : (formula_step){ B, A, FORMULA_SUB };
}

/* The canonical operands of (form fa) op (form fb): its kind, its sorted operands in
 * ent (their number returned) and whether the form is negated. */
static int canonical(const formula_set *s, int op, uint32_t fa, uint32_t fb, int *kind,
                     uint32_t ent[2 * MAX_ENTS], bool *neg)
{
    uint32_t A = fa >> 1, B = fb >> 1;
    bool sa = fa & 1, sb = fb & 1, sum = op == OP_ADD || op == OP_SUB;
    *kind = sum ? KIND_SUM : KIND_PROD;
    int n = expand(s, A, *kind, sum && sa, false, ent, 0);
    n = expand(s, B, *kind, sum && (sb ^ (op == OP_SUB)), op == OP_DIV, ent, n);
    for (int i = 1; i < n; i++) /* insertion sort by body: at most 7 operands */
        for (int j = i; j > 0 && ENT_BODY(ent[j - 1]) > ENT_BODY(ent[j]); j--) {
            uint32_t t = ent[j];
            ent[j] = ent[j - 1];
            ent[j - 1] = t;
        }
    *neg = !sum && (sa ^ sb);
    if (sum && (ent[0] & ENT_NEG)) {
        *neg = true;
        for (int i = 0; i < n; i++)
            ent[i] ^= ENT_NEG;
    }
    return n;
}

/* The form of (form fa) op (form fb) among the bodies made already (read only), or
 * FORMULA_NONE when its body was never made. */
static uint32_t combine_find(const formula_set *s, int op, uint32_t fa, uint32_t fb)
{
    int kind;
    bool neg;
    uint32_t ent[2 * MAX_ENTS];
    int n = canonical(s, op, fa, fb, &kind, ent, &neg);
    size_t j = body_hash(kind, ent, n) & (s->table_cap - 1);
    for (; s->table[j] != FORMULA_NONE; j = (j + 1) & (s->table_cap - 1))
        if (body_is(s, s->table[j], kind, ent, n))
            return s->table[j] << 1 | neg;
    return FORMULA_NONE;
}

/* The form of (form fa) op (form fb); FORMULA_NONE when memory runs out. */
static uint32_t combine_new(formula_set *s, int op, uint32_t fa, uint32_t fb)
{
    uint32_t A = fa >> 1, B = fb >> 1;
    bool sa = fa & 1, sb = fb & 1;
    int kind;
    bool neg;
    uint32_t ent[2 * MAX_ENTS];
    int n = canonical(s, op, fa, fb, &kind, ent, &neg);
    bool fresh;
    uint16_t mask = s->bodies[A].mask | s->bodies[B].mask;
    uint32_t id = body_cons(s, kind, ent, n, mask, &fresh);
    if (id == FORMULA_NONE)
        return FORMULA_NONE;
    if (fresh)
        s->bodies[id].recipe = recipe(op, A, B, neg ^ sa, neg ^ sb ^ (op == OP_SUB));
    return id << 1 | neg;
}

/* Sets out[op] to the form of fa op fb for the four operators. Returns 0, or -1 when
 * memory runs out. */
static int combine(formula_set *s, uint32_t fa, uint32_t fb, uint32_t out[OP_COUNT])
{
    uint64_t key = 1ull << 63 | (uint64_t)fa << 30 | fb;
    size_t j = hashmix64(key) & (s->combos.cap - 1);
    if (s->combos.key[j] != key) {
        for (int op = 0; op < OP_COUNT; op++) {
            uint32_t f = combine_new(s, op, fa, fb);
            if (f == FORMULA_NONE || f >= MAX_FORMS)
                return -1;
            s->combos.val[j][op] = f;
        }
        s->combos.key[j] = key;
    }
    memcpy(out, s->combos.val[j], sizeof s->combos.val[j]);
    return 0;
}

/* The same from the bodies made already, for a finished set. Returns 0, or -1 when some
 * body was never made (a form of no template of the family). */
static int combine_ro(const formula_set *s, uint32_t fa, uint32_t fb, uint32_t out[OP_COUNT])
{
    for (int op = 0; op < OP_COUNT; op++)
        if ((out[op] = combine_find(s, op, fa, fb)) == FORMULA_NONE)
            return -1;
    return 0;
}

/* --- templates to groups --------------------------------------------------------------- */

/* Opens group numbers in the order forms are first met. */
static uint32_t group_of_form(formula_set *s, uint32_t form)
{
    if (form >= s->cap_forms) {
        uint32_t cap = s->cap_forms ? s->cap_forms : 4096;
        while (cap <= form)
            cap *= 2;
        form_slot *g = realloc(s->forms, cap * sizeof *g);
        if (!g)
            return FORMULA_NONE;
        for (uint32_t i = s->cap_forms; i < cap; i++)
            g[i] = (form_slot){ FORMULA_NONE, 0 };
        s->forms = g;
        s->cap_forms = cap;
    }
    if (s->forms[form].group == FORMULA_NONE)
        s->forms[form].group = s->ngroups++;
    s->forms[form].count++;
    return s->forms[form].group;
}

/* What the walk does with each template's form, in template id order. */
typedef int (*leaf_fn)(void *ctx, uint32_t id, uint32_t form);

typedef struct {
    formula_set *s;       /* grouping: bodies are made as met */
    const formula_set *cs; /* the set, for either use */
    leaf_fn leaf;
    void *ctx;
    const char *pat;
    int len;
    int perm[TEMPLATE_MAX_CARDS];
    uint32_t stack[TEMPLATE_MAX_TOKENS];
    int sp;
    uint32_t base; /* id of the template with this shape and perm and all ops + */
    bool failed;
} walker;

/* Tries every operator at each operator slot from pos on, in postfix order, so the ids
 * it reaches (base + ops rank) increase: groups get numbers in template id order. Nothing
 * per template is kept: a template's form goes to the leaf function and is forgotten. */
static void walk(walker *w, int pos, int leaf, uint32_t orank)
{
    int sp0 = w->sp;
    for (; w->pat[pos] == 'L'; pos++)
        w->stack[w->sp++] = (uint32_t)w->perm[leaf++] << 1;
    uint32_t a = w->stack[w->sp - 2], b = w->stack[w->sp - 1];
    uint32_t forms[OP_COUNT];
    w->failed |= (w->s ? combine(w->s, a, b, forms) : combine_ro(w->cs, a, b, forms)) != 0;
    for (int op = 0; op < OP_COUNT && !w->failed; op++) {
        uint32_t c = forms[op];
        uint32_t rank = orank * OP_COUNT + (uint32_t)op;
        if (pos == w->len - 1) {
            w->failed |= w->leaf(w->ctx, w->base + rank, c) != 0;
        } else {
            w->sp -= 2;
            w->stack[w->sp++] = c;
            walk(w, pos + 1, leaf, rank);
            w->sp--;
            w->stack[w->sp++] = a;
            w->stack[w->sp++] = b;
        }
    }
    w->sp = sp0;
}

/* Every template of the family in id order through w's leaf function, with progress after
 * each (shape, permutation) block. Returns 0, or -1 when the walk failed. */
static int walk_all(walker *w, formula_progress_fn progress, void *pctx)
{
    const template_family *f = w->cs->family;
    int n = w->cs->ncards;
    uint32_t nperms = (uint32_t)template_factorial(n);
    uint32_t nops = 1u << (2 * (n - 1)), nshapes = template_family_shapes(f);
    for (uint32_t sh = 0; sh < nshapes && !w->failed; sh++) {
        w->pat = template_family_shape(f, sh);
        w->len = (int)strlen(w->pat);
        for (uint32_t r = 0; r < nperms && !w->failed; r++) {
            template_perm_unrank(n, r, w->perm);
            w->base = (sh * nperms + r) * nops;
            w->sp = 0;
            walk(w, 0, 0, 0);
        }
        if (progress)
            progress(pctx, (uint64_t)(sh + 1) * nperms * nops, template_family_count(f));
    }
    return w->failed ? -1 : 0;
}

/* The grouping's leaf: a template joins its form's group, which it opens when new (ids
 * come ascending, so the opener is the group's lowest template). */
static int group_leaf(void *ctx, uint32_t id, uint32_t form)
{
    formula_set *s = ctx;
    uint32_t before = s->ngroups, g = group_of_form(s, form);
    if (g == FORMULA_NONE)
        return -1;
    if (g == before) {
        if (g == s->cap_groups) {
            uint32_t cap = s->cap_groups ? s->cap_groups * 2 : 4096;
            uint32_t *first = realloc(s->first, (size_t)cap * sizeof *first);
            if (!first)
                return -1;
            s->first = first;
            s->cap_groups = cap;
        }
        s->first[g] = id;
    }
    return 0;
}

/* Each group's size, from its form's count. */
static int group_sizes(formula_set *s)
{
    s->size = malloc(((size_t)s->ngroups + 1) * sizeof *s->size);
    if (!s->size)
        return -1;
    for (uint32_t form = 0; form < s->cap_forms; form++)
        if (s->forms[form].group != FORMULA_NONE)
            s->size[s->forms[form].group] = s->forms[form].count;
    return 0;
}

/* --- the plan -------------------------------------------------------------------------- */

static int popcount16(uint16_t m) { return __builtin_popcount(m); }

/* Steps by number of cards (dependencies first), then kind (a run per kind keeps the
 * evaluation loop's branch predictable), then body id (deterministic). */
static int step_cmp(const void *x, const void *y, void *arg)
{
    const formula_set *s = arg;
    const body *a = &s->bodies[*(const uint32_t *)x], *b = &s->bodies[*(const uint32_t *)y];
    int pa = popcount16(a->mask), pb = popcount16(b->mask);
    if (pa != pb)
        return pa - pb;
    if (a->recipe.kind != b->recipe.kind)
        return (int)a->recipe.kind - (int)b->recipe.kind;
    uint32_t ia = *(const uint32_t *)x, ib = *(const uint32_t *)y;
    return (ia > ib) - (ia < ib);
}

static int make_plan(formula_set *s)
{
    formula_plan *p = &s->plan;
    uint32_t nb = s->nbodies, n = (uint32_t)s->ncards;
    uint16_t full = (uint16_t)((1u << n) - 1);
    uint8_t *need = calloc(nb, 1);
    uint32_t *slot = malloc(nb * sizeof *slot), *order = malloc(nb * sizeof *order);
    int rc = -1;
    if (!need || !slot || !order)
        goto done;
    for (uint32_t form = 0; form < s->cap_forms; form++)
        if (s->forms[form].group != FORMULA_NONE)
            need[form >> 1] = 1;
    for (uint32_t id = nb; id-- > n;)
        if (need[id])
            need[s->bodies[id].recipe.a] = need[s->bodies[id].recipe.b] = 1;
    uint32_t ni = 0, nr = 0;
    for (uint32_t id = n; id < nb; id++)
        if (need[id] && s->bodies[id].mask != full)
            order[ni++] = id;
    for (uint32_t id = n; id < nb; id++)
        if (need[id] && s->bodies[id].mask == full)
            order[ni + nr++] = id;
    qsort_r(order, ni, sizeof *order, step_cmp, s);
    qsort_r(order + ni, nr, sizeof *order, step_cmp, s);
    for (uint32_t i = 0; i < n; i++)
        slot[i] = i;
    for (uint32_t i = 0; i < ni; i++)
        slot[order[i]] = n + i;
    p->ncards = (int)n;
    p->nsteps = ni;
    p->nroots = nr;
    p->steps = malloc((ni + 1) * sizeof *p->steps);
    p->roots = malloc((nr + 1) * sizeof *p->roots);
    p->root_pos = malloc((nr + 1) * sizeof *p->root_pos);
    p->root_neg = malloc((nr + 1) * sizeof *p->root_neg);
    if (!p->steps || !p->roots || !p->root_pos || !p->root_neg)
        goto done;
    for (uint32_t i = 0; i < ni + nr; i++) {
        formula_step r = s->bodies[order[i]].recipe;
        formula_step st = { slot[r.a], slot[r.b], r.kind };
        if (i < ni) {
            p->steps[i] = st;
            continue;
        }
        uint32_t k = i - ni, form = order[i] << 1;
        p->roots[k] = st;
        p->root_pos[k] = form < s->cap_forms ? s->forms[form].group : FORMULA_NONE;
        p->root_neg[k] = form + 1 < s->cap_forms ? s->forms[form + 1].group : FORMULA_NONE;
    }
    rc = 0;
done:
    free(need);
    free(slot);
    free(order);
    return rc;
}

/* --- the set --------------------------------------------------------------------------- */

/* Groups the templates of f by canonical form and makes the plan, calling progress (when
 * given) with the templates grouped so far. Returns a new set the caller frees with
 * formula_set_free(), or NULL with a reason in err (out of memory). Memory grows with
 * the formulas and their bodies, not with the templates: none is stored. */
formula_set *formula_set_new_progress(const template_family *f, formula_progress_fn progress,
                                      void *ctx, char *err, size_t errsize)
{
    formula_set *s = calloc(1, sizeof *s);
    if (!s)
        goto nomem;
    s->ncards = template_family_cards(f);
    s->ntemplates = template_family_count(f);
    s->family = template_family_new(s->ncards, template_family_groupings(f));
    if (!s->family || table_grow(s) || memo_init(&s->combos, s->ntemplates))
        goto nomem;
    for (int i = 0; i < s->ncards; i++) {
        uint32_t id = body_add(s, KIND_VAR, NULL, 0, (uint16_t)(1u << i));
        if (id == FORMULA_NONE)
            goto nomem;
        s->bodies[id].recipe = (formula_step){ id, id, FORMULA_ADD };
    }
    walker w = { .s = s, .cs = s, .leaf = group_leaf, .ctx = s };
    if (walk_all(&w, progress, ctx) || group_sizes(s) || make_plan(s))
        goto nomem;
    memo_free(&s->combos);
    return s;
nomem:
    snprintf(err, errsize, "out of memory while grouping templates into formulas");
    formula_set_free(s);
    return NULL;
}

formula_set *formula_set_new(const template_family *f, char *err, size_t errsize)
{
    return formula_set_new_progress(f, NULL, NULL, err, errsize);
}

/* Releases the set; a no-op on NULL. */
void formula_set_free(formula_set *s)
{
    if (!s)
        return;
    memo_free(&s->combos);
    free(s->table);
    free(s->bodies);
    free(s->ents);
    free(s->forms);
    free(s->first);
    free(s->size);
    template_family_free(s->family);
    free(s->plan.steps);
    free(s->plan.roots);
    free(s->plan.root_pos);
    free(s->plan.root_neg);
    free(s);
}

uint32_t formula_set_templates(const formula_set *s) { return s->ntemplates; }
uint32_t formula_set_groups(const formula_set *s) { return s->ngroups; }

/* Distinct bodies met while grouping (cards included): a measure of the work saved. */
uint32_t formula_set_bodies(const formula_set *s) { return s->nbodies; }

/* The lowest template of a group (groups are numbered by it) and its number of templates. */
uint32_t formula_set_group_first(const formula_set *s, uint32_t group) { return s->first[group]; }
uint32_t formula_set_group_size(const formula_set *s, uint32_t group) { return s->size[group]; }

/* The group of a template, recomputed: its program's forms, one operator at a time,
 * found among the bodies the grouping made. FORMULA_NONE only for an id outside the
 * family. */
uint32_t formula_set_group_of(const formula_set *s, uint32_t template_id)
{
    if (template_id >= s->ntemplates)
        return FORMULA_NONE;
    template_prog p;
    template_program(s->family, template_id, &p);
    uint32_t st[TEMPLATE_MAX_TOKENS];
    int sp = 0;
    for (int i = 0; i < p.len; i++) {
        if (p.tok[i] < TEMPLATE_TOK_OP) {
            st[sp++] = (uint32_t)p.tok[i] << 1;
            continue;
        }
        sp--;
        st[sp - 1] = combine_find(s, p.tok[i] - TEMPLATE_TOK_OP, st[sp - 1], st[sp]);
        if (st[sp - 1] == FORMULA_NONE)
            return FORMULA_NONE;
    }
    return st[0] < s->cap_forms ? s->forms[st[0]].group : FORMULA_NONE;
}

typedef struct {
    const formula_set *s;
    formula_member_fn fn;
    void *ctx;
} foreach_ctx;

static int foreach_leaf(void *ctx, uint32_t id, uint32_t form)
{
    foreach_ctx *c = ctx;
    return c->fn(c->ctx, id, c->s->forms[form].group);
}

/* Calls fn(ctx, id, group) for every template of the family in increasing id order,
 * walking the templates again (nothing per template is stored): the way to list a group's
 * members. Returns 0, or -1 when fn returned nonzero (the walk then stops). */
int formula_set_foreach(const formula_set *s, formula_member_fn fn, void *ctx)
{
    foreach_ctx c = { s, fn, ctx };
    walker w = { .cs = s, .leaf = foreach_leaf, .ctx = &c };
    return walk_all(&w, NULL, NULL);
}

/* The plan; owned by the set. */
const formula_plan *formula_set_plan(const formula_set *s) { return &s->plan; }
