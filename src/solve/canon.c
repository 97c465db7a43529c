/* canon.c - canonical forms of expressions; see canon.h for the rules.
 *
 * The form is built bottom-up as n-ary nodes: leaves, sums (added terms, then subtracted
 * ones) and products (multiplied factors, then divided ones). Every build step returns a
 * node with a sign: the expression's value is sign * value(node). Keeping the sign apart
 * is what folds double negatives: a parent sum moves a negative child to its other list,
 * a parent product multiplies the signs, and only the top has to write a leftover minus
 * back into the tree. No-ops removed on the way are kept in `units` and `pairs` and put
 * back at the top when the expression is printed. */
#include "solve/canon.h"

#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CN_LEAF, CN_SUM, CN_PROD };

typedef struct {
    int kind;
    int npos, nneg;
    int first; /* children: kids[first .. first + npos + nneg), added/multiplied first */
    rational value;
} cnode;

typedef struct {
    int node;
    int sign; /* +1 or -1 */
} signed_node;

struct canon {
    const expr *src;
    cnode *nodes;
    int nnodes, capnodes;
    int *kids;
    int nkids, capkids;
    int *scratch; /* 2 * leaves: the terms of the group being built */
    int capscratch;
    int *pairs; /* operands added and subtracted ("+x-x"), taken to the top */
    int npairs, cappairs;
    int *units; /* factors equal to 1, taken to the top as "*u" */
    int nunits, capunits;
    signed_node root;
    canon_status status;
    char *key;
    size_t keylen, keycap;
};

/* Returns an empty workspace, or NULL when memory runs out. Free with canon_free(). */
canon *canon_new(void)
{
    return calloc(1, sizeof(canon));
}

void canon_free(canon *c)
{
    if (!c)
        return;
    free(c->nodes);
    free(c->kids);
    free(c->scratch);
    free(c->pairs);
    free(c->units);
    free(c->key);
    free(c);
}

static bool grow(void **p, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return true;
    int n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, (size_t)n * elem);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

static int fail(canon *c, canon_status st)
{
    if (c->status == CANON_OK)
        c->status = st;
    return -1;
}

/* ---- order ---- */

/* Total order on canonical nodes: compound operands before cards, larger values first,
 * then structure. It returns 0 exactly when the two nodes are the same form. */
static int cmp_node(const canon *c, int a, int b)
{
    if (a == b)
        return 0;
    const cnode *x = &c->nodes[a], *y = &c->nodes[b];
    int lx = x->kind == CN_LEAF, ly = y->kind == CN_LEAF;
    if (lx != ly)
        return lx - ly;
    int v = rational_cmp(y->value, x->value);
    if (v || lx)
        return v;
    if (x->kind != y->kind)
        return x->kind - y->kind;
    if (x->npos != y->npos)
        return x->npos - y->npos;
    if (x->nneg != y->nneg)
        return x->nneg - y->nneg;
    for (int i = 0; i < x->npos + x->nneg; i++) {
        int r = cmp_node(c, c->kids[x->first + i], c->kids[y->first + i]);
        if (r)
            return r;
    }
    return 0;
}

static void sort_nodes(const canon *c, int *v, int n)
{
    for (int i = 1; i < n; i++) {
        int t = v[i], j = i;
        for (; j > 0 && cmp_node(c, v[j - 1], t) > 0; j--)
            v[j] = v[j - 1];
        v[j] = t;
    }
}

/* ---- node construction ---- */

static int new_leaf(canon *c, int64_t v)
{
    if (!grow((void **)&c->nodes, &c->capnodes, c->nnodes + 1, sizeof(cnode)))
        return fail(c, CANON_NOMEM);
    cnode *n = &c->nodes[c->nnodes];
    n->kind = CN_LEAF;
    n->npos = n->nneg = 0;
    n->first = 0;
    n->value = rational_from_int(v);
    return c->nnodes++;
}

/* Appends a group node whose lists are already sorted. */
static int new_group(canon *c, int kind, const int *pos, int np, const int *neg, int nn,
                     rational value)
{
    if (!grow((void **)&c->nodes, &c->capnodes, c->nnodes + 1, sizeof(cnode)) ||
        !grow((void **)&c->kids, &c->capkids, c->nkids + np + nn, sizeof(int)))
        return fail(c, CANON_NOMEM);
    cnode *n = &c->nodes[c->nnodes];
    n->kind = kind;
    n->npos = np;
    n->nneg = nn;
    n->first = c->nkids;
    n->value = value;
    memcpy(c->kids + c->nkids, pos, (size_t)np * sizeof(int));
    memcpy(c->kids + c->nkids + np, neg, (size_t)nn * sizeof(int));
    c->nkids += np + nn;
    return c->nnodes++;
}

static bool is_leaf_value(const canon *c, int node, int64_t v)
{
    return c->nodes[node].kind == CN_LEAF && rational_eq_int(c->nodes[node].value, v);
}

static void remove_at(int *v, int *n, int i)
{
    memmove(v + i, v + i + 1, (size_t)(*n - i - 1) * sizeof(int));
    (*n)--;
}

/* Takes out operands that appear on both lists of a group ("+x-x", "*x/x") while other
 * operands remain on the first list; they go to the top. A lone x/x or x-x stays: there
 * it is a real 1 or 0 (seed 002's 5 6 7 7 and (5-7/7)*6). */
static int take_pairs(canon *c, int *pos, int *np, int *neg, int *nn)
{
    for (int j = 0; j < *nn;) {
        int found = -1;
        for (int i = 0; *np > 1 && i < *np && found < 0; i++)
            if (cmp_node(c, pos[i], neg[j]) == 0)
                found = i;
        if (found < 0) {
            j++;
            continue;
        }
        if (!grow((void **)&c->pairs, &c->cappairs, c->npairs + 1, sizeof(int)))
            return fail(c, CANON_NOMEM);
        c->pairs[c->npairs++] = pos[found];
        remove_at(pos, np, found);
        remove_at(neg, nn, j);
    }
    return 0;
}

static rational_status sum_value(const canon *c, const int *pos, int np, const int *neg,
                                 int nn, rational *out)
{
    rational v = rational_from_int(0);
    rational_status st = RATIONAL_OK;
    for (int i = 0; i < np && !st; i++)
        st = rational_add(v, c->nodes[pos[i]].value, &v);
    for (int i = 0; i < nn && !st; i++)
        st = rational_sub(v, c->nodes[neg[i]].value, &v);
    *out = v;
    return st;
}

static rational_status prod_value(const canon *c, const int *pos, int np, const int *neg,
                                  int nn, rational *out)
{
    rational v = rational_from_int(1);
    rational_status st = RATIONAL_OK;
    for (int i = 0; i < np && !st; i++)
        st = rational_mul(v, c->nodes[pos[i]].value, &v);
    for (int i = 0; i < nn && !st; i++)
        st = rational_div(v, c->nodes[neg[i]].value, &v);
    *out = v;
    return st;
}

static int status_of(canon *c, rational_status st)
{
    return fail(c, st == RATIONAL_DIV_ZERO ? CANON_DIV_ZERO : CANON_OVERFLOW);
}

/* ---- sums ---- */

static bool is_zero(const canon *c, int node)
{
    return c->nodes[node].value.num == 0;
}

/* How many of the nodes v[0..n-1] are zero. */
static int count_zeros(const canon *c, const int *v, int n)
{
    int z = 0;
    for (int i = 0; i < n; i++)
        z += is_zero(c, v[i]);
    return z;
}

static void push_term(const canon *c, int *pos, int *np, int *neg, int *nn, int node, int s)
{
    if (s < 0 && is_zero(c, node))
        s = 1; /* x-0 is x+0 */
    if (s > 0)
        pos[(*np)++] = node;
    else
        neg[(*nn)++] = node;
}

static void add_to_sum(const canon *c, int *pos, int *np, int *neg, int *nn,
                       signed_node x, int s)
{
    const cnode n = c->nodes[x.node];
    s *= x.sign;
    if (n.kind != CN_SUM) {
        push_term(c, pos, np, neg, nn, x.node, s);
        return;
    }
    for (int i = 0; i < n.npos; i++)
        push_term(c, pos, np, neg, nn, c->kids[n.first + i], s);
    for (int i = 0; i < n.nneg; i++)
        push_term(c, pos, np, neg, nn, c->kids[n.first + n.npos + i], -s);
}

/* Two sorted lists of terms compared on the terms that are not zero: first how many,
 * then term by term. A zero term stays on the added side whichever way a sum is turned
 * (keep_zeros_added()), so it cannot be what decides the way round a zero sum is
 * written, or 2*2+0-4 and 4+0-2*2 would each print as the other. */
static int cmp_nonzero(const canon *c, const int *a, int na, const int *b, int nb)
{
    int ka = na - count_zeros(c, a, na), kb = nb - count_zeros(c, b, nb);
    if (ka != kb)
        return ka - kb;
    for (int i = 0, j = 0; i < na && j < nb; i++, j++) {
        while (i < na && is_zero(c, a[i]))
            i++;
        while (j < nb && is_zero(c, b[j]))
            j++;
        if (i == na || j == nb)
            break;
        int r = cmp_node(c, a[i], b[j]);
        if (r)
            return r;
    }
    return 0;
}

/* A sum is written the way round that makes it non-negative, when that leaves terms to
 * add; a zero sum takes the smaller of its two orders. Returns the sign to carry. */
static int orient_sum(const canon *c, int **pos, int *np, int **neg, int *nn, rational v)
{
    bool flip;
    if (*np == 0)
        flip = true;
    else if (*nn == 0)
        flip = false;
    else if (v.num != 0)
        flip = v.num < 0;
    else
        flip = cmp_nonzero(c, *neg, *nn, *pos, *np) < 0;
    if (!flip)
        return 1;
    int *t = *pos;
    *pos = *neg;
    *neg = t;
    int tn = *np;
    *np = *nn;
    *nn = tn;
    return -1;
}

/* A sum turned round subtracts what it added, zeros included; but x-0 is x+0 (rule 2),
 * or 0-2 turned round (2-0) and 2+0 would be two forms. Returns true if any moved. */
static bool keep_zeros_added(const canon *c, int *pos, int *np, int *neg, int *nn)
{
    bool moved = false;
    for (int j = 0; j < *nn;) {
        if (is_zero(c, neg[j])) {
            pos[(*np)++] = neg[j];
            remove_at(neg, nn, j);
            moved = true;
        } else {
            j++;
        }
    }
    return moved;
}

static int build_sum(canon *c, signed_node l, signed_node r, int rsign, signed_node *out)
{
    int half = c->capscratch / 2, np = 0, nn = 0;
    int *pos = c->scratch, *neg = c->scratch + half;
    add_to_sum(c, pos, &np, neg, &nn, l, 1);
    add_to_sum(c, pos, &np, neg, &nn, r, rsign);
    rational v;
    rational_status st = sum_value(c, pos, np, neg, nn, &v);
    if (st)
        return status_of(c, st);
    /* Sorted before turning round (a zero sum compares its two orders), turned round
     * before taking pairs (so c-c-y pairs up like c+y-c). */
    sort_nodes(c, pos, np);
    sort_nodes(c, neg, nn);
    out->sign = orient_sum(c, &pos, &np, &neg, &nn, v);
    if (out->sign < 0 && keep_zeros_added(c, pos, &np, neg, &nn))
        sort_nodes(c, pos, np);
    if (out->sign < 0 && v.num == INT64_MIN)
        return status_of(c, RATIONAL_OVERFLOW); /* 2^63 does not fit */
    if (out->sign < 0)
        v.num = -v.num;
    if (take_pairs(c, pos, &np, neg, &nn))
        return -1;
    if (np == 1 && nn == 0) {
        out->node = pos[0];
        return 0;
    }
    out->node = new_group(c, CN_SUM, pos, np, neg, nn, v);
    return out->node < 0 ? -1 : 0;
}

/* ---- products ---- */

static void add_to_prod(const canon *c, int *pos, int *np, int *neg, int *nn,
                        signed_node x, int e, int *sign)
{
    const cnode n = c->nodes[x.node];
    *sign *= x.sign;
    if (n.kind != CN_PROD) {
        if (e > 0)
            pos[(*np)++] = x.node;
        else
            neg[(*nn)++] = x.node;
        return;
    }
    for (int i = 0; i < n.npos; i++)
        (e > 0 ? pos : neg)[e > 0 ? (*np)++ : (*nn)++] = c->kids[n.first + i];
    for (int i = 0; i < n.nneg; i++)
        (e > 0 ? neg : pos)[e > 0 ? (*nn)++ : (*np)++] = c->kids[n.first + n.npos + i];
}

static int push_unit(canon *c, int node)
{
    if (!grow((void **)&c->units, &c->capunits, c->nunits + 1, sizeof(int)))
        return fail(c, CANON_NOMEM);
    c->units[c->nunits++] = node;
    return 0;
}

static bool is_unit(const canon *c, int node)
{
    rational v = c->nodes[node].value;
    return v.num == 1 && v.den == 1;
}

/* Takes out the factors equal to 1 that multiply or divide other factors (into
 * c->units): a card 1 as in 8*3*1, or a computed one as in 6*4/(4-3), which the 4 Numbers
 * list writes (4-3)*6*4. When every factor left on top is a 1, the first stays (1/5 keeps
 * its 1). Dividing by a card -1 is multiplying by it. */
static int take_units(canon *c, int *pos, int *np, int *neg, int *nn)
{
    for (int j = 0; j < *nn;) {
        if (is_leaf_value(c, neg[j], -1)) {
            pos[(*np)++] = neg[j];
            remove_at(neg, nn, j);
        } else if (is_unit(c, neg[j])) {
            if (push_unit(c, neg[j]))
                return -1;
            remove_at(neg, nn, j);
        } else {
            j++;
        }
    }
    int others = 0, keep = -1;
    for (int i = 0; i < *np; i++) {
        if (!is_unit(c, pos[i]))
            others++;
        else if (keep < 0 || cmp_node(c, pos[i], pos[keep]) < 0)
            keep = i;
    }
    if (others == 0 && keep >= 0)
        keep = pos[keep];
    else
        keep = -1;
    for (int i = 0; i < *np;) {
        if (is_unit(c, pos[i]) && pos[i] != keep) {
            if (push_unit(c, pos[i]))
                return -1;
            remove_at(pos, np, i);
        } else {
            i++;
        }
    }
    return 0;
}

static int build_prod(canon *c, signed_node l, signed_node r, int e, signed_node *out)
{
    int half = c->capscratch / 2, np = 0, nn = 0, sign = 1;
    int *pos = c->scratch, *neg = c->scratch + half;
    add_to_prod(c, pos, &np, neg, &nn, l, 1, &sign);
    add_to_prod(c, pos, &np, neg, &nn, r, e, &sign);
    if (take_units(c, pos, &np, neg, &nn) || take_pairs(c, pos, &np, neg, &nn))
        return -1;
    rational v;
    rational_status st = prod_value(c, pos, np, neg, nn, &v);
    if (st)
        return status_of(c, st);
    out->sign = v.num == 0 ? 1 : sign; /* -0 is 0 */
    if (np == 1 && nn == 0) {
        out->node = pos[0];
        return 0;
    }
    sort_nodes(c, pos, np);
    sort_nodes(c, neg, nn);
    out->node = new_group(c, CN_PROD, pos, np, neg, nn, v);
    return out->node < 0 ? -1 : 0;
}

static int build(canon *c, const expr *e, signed_node *out)
{
    if (e->op == EXPR_LEAF) {
        out->sign = 1;
        out->node = new_leaf(c, e->value);
        return out->node < 0 ? -1 : 0;
    }
    signed_node l, r;
    if (build(c, e->left, &l) || build(c, e->right, &r))
        return -1;
    switch ((op_kind)e->op) {
    case OP_ADD: return build_sum(c, l, r, 1, out);
    case OP_SUB: return build_sum(c, l, r, -1, out);
    case OP_MUL: return build_prod(c, l, r, 1, out);
    default: return build_prod(c, l, r, -1, out);
    }
}

/* ---- key ---- */

/* Makes room for n more key bytes and the terminating NUL. */
static bool key_room(canon *c, size_t n)
{
    if (c->keylen + n + 1 <= c->keycap)
        return true;
    size_t cap = 2 * c->keycap + n + 64;
    char *k = realloc(c->key, cap);
    if (!k)
        return false;
    c->key = k;
    c->keycap = cap;
    return true;
}

static bool key_char(canon *c, char ch)
{
    if (!key_room(c, 1))
        return false;
    c->key[c->keylen++] = ch;
    c->key[c->keylen] = '\0';
    return true;
}

/* Written by hand: keys are built for every solution found, and printf was a fifth of
 * the all-solutions run time. */
static bool key_int(canon *c, int64_t v)
{
    char tmp[24];
    int n = 0;
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[n++] = (char)('0' + m % 10);
        m /= 10;
    } while (m);
    if (v < 0)
        tmp[n++] = '-';
    if (!key_room(c, (size_t)n))
        return false;
    while (n)
        c->key[c->keylen++] = tmp[--n];
    c->key[c->keylen] = '\0';
    return true;
}

static bool key_node(canon *c, int node)
{
    const cnode n = c->nodes[node];
    if (n.kind == CN_LEAF)
        return key_int(c, n.value.num);
    char plus = n.kind == CN_SUM ? '+' : '*', minus = n.kind == CN_SUM ? '-' : '/';
    bool ok = key_char(c, '(');
    for (int i = 0; ok && i < n.npos + n.nneg; i++)
        ok = key_char(c, i < n.npos ? plus : minus) && key_node(c, c->kids[n.first + i]);
    return ok && key_char(c, ')');
}

static bool key_list(canon *c, const int *v, int n)
{
    bool ok = key_char(c, '|');
    for (int i = 0; ok && i < n; i++)
        ok = (i == 0 || key_char(c, ',')) && key_node(c, v[i]);
    return ok;
}

static int decorate(canon *c);

/* The key is that of the form as printed, with the no-ops put back (decorate()): where
 * the no-ops were taken from depends on the order the expression was built in (2+1-2-1
 * keeps 1-1 and takes 2 to the top, 1-1+2-2 the other way round), and two forms that
 * print the same are one solution. Only when the printed form cannot be built the
 * parts are keyed apart: the core, its sign, the units and the pairs. */
static bool make_key(canon *c)
{
    c->keylen = 0;
    if (!key_room(c, 0))
        return false;
    c->key[0] = '\0';
    int nnodes = c->nnodes, nkids = c->nkids;
    int top = c->npairs || c->nunits || c->root.sign < 0 ? decorate(c) : c->root.node;
    if (c->status != CANON_OK)
        return false; /* out of memory, not "cannot be printed": keying the parts apart
                         would make this form a second solution */
    bool ok = top >= 0 ? key_node(c, top)
                       : (c->root.sign > 0 || key_char(c, '-')) && key_node(c, c->root.node) &&
                             key_list(c, c->units, c->nunits) &&
                             key_list(c, c->pairs, c->npairs);
    c->nnodes = nnodes; /* the decorated copy is scratch */
    c->nkids = nkids;
    return ok;
}

/* When the whole expression is a product of ones (a core equal to 1 and units), which one
 * the build order left as the core is chance: (3-2)*(4-5) and (5-4)*(2-3) keep different
 * ones. The smallest in node order becomes the core, so a card 1 is one only when
 * nothing compound is (and spare cards 1 then pair up as "+1-1"), and a leftover minus
 * goes on the same one (decorate()) whatever the order. */
static void settle_ones(canon *c)
{
    int core = c->root.node, at = -1;
    if (c->nodes[core].kind == CN_PROD || !is_unit(c, core))
        return;
    for (int i = 0; i < c->nunits; i++)
        if (cmp_node(c, c->units[i], at < 0 ? core : c->units[at]) < 0)
            at = i;
    if (at < 0)
        return;
    c->root.node = c->units[at];
    c->units[at] = core;
}

/* A pair that is a sum, +(a+b-c)-(a+b-c) (from 2*(1+1)/(1+1), say), prints flattened at
 * the top and reads back as the pairs a, b and c: it is those pairs. Not when a term is
 * zero, since x-0 is x+0 and a zero cannot pair up. Returns -1 when memory runs out. */
static int split_sum_pairs(canon *c)
{
    for (int i = 0; i < c->npairs; i++) {
        const cnode n = c->nodes[c->pairs[i]];
        if (n.kind != CN_SUM)
            continue;
        if (count_zeros(c, c->kids + n.first, n.npos + n.nneg))
            continue;
        if (!grow((void **)&c->pairs, &c->cappairs, c->npairs + n.npos + n.nneg, sizeof(int)))
            return -1;
        c->pairs[i] = c->kids[n.first];
        for (int k = 1; k < n.npos + n.nneg; k++)
            c->pairs[c->npairs++] = c->kids[n.first + k];
        i--; /* the first term took its place: look at it again */
    }
    return 0;
}

/* Canonicalises e (whose nodes must stay alive until the next call, for the fallback in
 * canon_format()). Returns CANON_OK, or the failure: CANON_OVERFLOW when some canonical
 * sub-sum or sub-product leaves int64 rationals, CANON_DIV_ZERO, CANON_NOMEM. */
canon_status canon_build(canon *c, const expr *e)
{
    c->src = e;
    c->nnodes = c->nkids = c->npairs = c->nunits = 0;
    c->status = CANON_OK;
    int leaves = expr_leaves(e, NULL, 0);
    if (!grow((void **)&c->scratch, &c->capscratch, 2 * leaves + 2, sizeof(int)))
        return c->status = CANON_NOMEM;
    if (build(c, e, &c->root))
        return c->status;
    /* -0 is 0, but only at the top: a zero sum inside a larger sum must keep its sign, or
     * (2-P)-7 and 2-(P+7) would differ when P is 2. */
    if (is_zero(c, c->root.node))
        c->root.sign = 1;
    settle_ones(c);
    /* Two spare cards 1 are one "+1-1" pair: 12*2*1*1 is 12*2+1-1 (4 Numbers, 1 1 2 12). */
    sort_nodes(c, c->units, c->nunits);
    for (int i = c->nunits - 1; i > 0; i--) {
        if (!is_leaf_value(c, c->units[i], 1) || !is_leaf_value(c, c->units[i - 1], 1))
            continue;
        if (!grow((void **)&c->pairs, &c->cappairs, c->npairs + 1, sizeof(int)))
            return c->status = CANON_NOMEM;
        c->pairs[c->npairs++] = c->units[i];
        remove_at(c->units, &c->nunits, i);
        remove_at(c->units, &c->nunits, --i);
    }
    if (split_sum_pairs(c))
        return c->status = CANON_NOMEM;
    sort_nodes(c, c->pairs, c->npairs);
    if (!make_key(c))
        return c->status = CANON_NOMEM;
    return CANON_OK;
}

/* The key of the last successful canon_build(): equal keys, equal forms. Owned by c and
 * valid until the next canon_build(). */
const char *canon_key(const canon *c)
{
    assert(c->status == CANON_OK && c->key);
    return c->key;
}

/* ---- printing ---- */

typedef struct {
    char *buf;
    size_t size, len;
} sink;

static void put_char(sink *s, char ch)
{
    if (s->len + 1 < s->size)
        s->buf[s->len] = ch;
    s->len++;
}

static void put_int(sink *s, int64_t v)
{
    char tmp[24];
    int n = 0;
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[n++] = (char)('0' + m % 10);
        m /= 10;
    } while (m);
    if (v < 0)
        tmp[n++] = '-';
    while (n)
        put_char(s, tmp[--n]);
}

static void print_node(const canon *c, sink *s, int node)
{
    const cnode n = c->nodes[node];
    if (n.kind == CN_LEAF) {
        /* A negative card is bracketed so that 5-(-3) never reads as 5--3. */
        if (n.value.num < 0)
            put_char(s, '(');
        put_int(s, n.value.num);
        if (n.value.num < 0)
            put_char(s, ')');
        return;
    }
    char times = n.kind == CN_SUM ? '+' : '*', minus = n.kind == CN_SUM ? '-' : '/';
    for (int i = 0; i < n.npos + n.nneg; i++) {
        int k = c->kids[n.first + i];
        int kk = c->nodes[k].kind;
        bool neg = i >= n.npos;
        /* Sums inside products need brackets; so does anything compound after '/' or
         * a sum after '-' (neither occurs in a flattened form, but costs nothing). */
        bool par = (n.kind == CN_PROD && kk == CN_SUM) || (neg && kk == n.kind);
        if (i)
            put_char(s, neg ? minus : times);
        if (par)
            put_char(s, '(');
        print_node(c, s, k);
        if (par)
            put_char(s, ')');
    }
}

/* Writes -x for a sum or product x with a leftover minus, by turning one sum round;
 * returns -1 when there is no such sum (the caller then prints the source tree). */
static int negate(canon *c, int node)
{
    const cnode n = c->nodes[node];
    rational v = n.value;
    if (v.num == INT64_MIN)
        return -1; /* -v does not fit: the source tree is printed instead */
    v.num = -v.num;
    if (n.kind == CN_SUM) {
        /* -(a+0-b) is b+0-a: what was subtracted, and the zeros (x-0 is x+0), now lead. */
        int zeros = count_zeros(c, c->kids + n.first, n.npos);
        if (n.nneg + zeros == 0)
            return -1;
        /* Copied first: new_group() may move c->kids. */
        int *list = malloc((size_t)(n.npos + n.nneg) * sizeof(int));
        if (!list)
            return fail(c, CANON_NOMEM);
        int np = n.nneg, nn = 0, *rest = list + n.nneg + zeros;
        memcpy(list, c->kids + n.first + n.npos, (size_t)n.nneg * sizeof(int));
        for (int i = 0; i < n.npos; i++) {
            int k = c->kids[n.first + i];
            if (is_zero(c, k))
                list[np++] = k;
            else
                rest[nn++] = k; /* stays sorted */
        }
        sort_nodes(c, list, np);
        int r = new_group(c, CN_SUM, list, np, rest, nn, v);
        free(list);
        return r;
    }
    if (n.kind != CN_PROD)
        return -1;
    for (int i = 0; i < n.npos + n.nneg && c->status == CANON_OK; i++) {
        int k = c->kids[n.first + i], t = negate(c, k);
        if (t < 0)
            continue;
        const cnode m = c->nodes[node];
        int *list = malloc((size_t)(m.npos + m.nneg) * sizeof(int));
        if (!list)
            return fail(c, CANON_NOMEM);
        memcpy(list, c->kids + m.first, (size_t)(m.npos + m.nneg) * sizeof(int));
        list[i] = t;
        sort_nodes(c, list, m.npos);
        sort_nodes(c, list + m.npos, m.nneg);
        int r = new_group(c, CN_PROD, list, m.npos, list + m.npos, m.nneg, v);
        free(list);
        return r;
    }
    return -1;
}

/* The printed form: the canonical tree with its no-ops put back in their standard place,
 * as (core)*1+x-x. */
static int decorate(canon *c)
{
    int top = c->root.node, turned = -1, tunit = -1;
    if (c->root.sign < 0 && (top = negate(c, c->root.node)) < 0) {
        /* A core that cannot be turned round, next to a unit that can ((0*0+1) and
         * (2+2-3) from (0*0+1)*(3-2-2)): the first such unit takes the minus. */
        top = c->root.node;
        for (int i = 0; i < c->nunits && turned < 0 && c->status == CANON_OK; i++)
            if ((tunit = negate(c, c->units[i])) >= 0)
                turned = i;
        if (turned < 0 || c->status != CANON_OK || c->nodes[top].value.num == INT64_MIN)
            return -1;
    }
    if (c->nunits) {
        const cnode n = c->nodes[top];
        int np = n.kind == CN_PROD ? n.npos : 1, nn = n.kind == CN_PROD ? n.nneg : 0;
        int *list = malloc((size_t)(np + nn + c->nunits) * sizeof(int));
        if (!list)
            return fail(c, CANON_NOMEM);
        if (n.kind == CN_PROD)
            memcpy(list, c->kids + n.first, (size_t)(np + nn) * sizeof(int));
        else
            list[0] = top;
        memmove(list + np + c->nunits, list + np, (size_t)nn * sizeof(int));
        memcpy(list + np, c->units, (size_t)c->nunits * sizeof(int));
        if (turned >= 0)
            list[np + turned] = tunit;
        np += c->nunits;
        sort_nodes(c, list, np);
        rational v = c->nodes[top].value;
        if (turned >= 0)
            v.num = -v.num;
        top = new_group(c, CN_PROD, list, np, list + np, nn, v);
        free(list);
    }
    if (c->npairs && top >= 0) {
        const cnode n = c->nodes[top];
        int np = n.kind == CN_SUM ? n.npos : 1, nn = n.kind == CN_SUM ? n.nneg : 0;
        int *pos = malloc((size_t)(np + nn + 2 * c->npairs) * sizeof(int));
        if (!pos)
            return fail(c, CANON_NOMEM);
        int *neg = pos + np + c->npairs;
        if (n.kind == CN_SUM) {
            memcpy(pos, c->kids + n.first, (size_t)np * sizeof(int));
            memcpy(neg, c->kids + n.first + np, (size_t)nn * sizeof(int));
        } else {
            pos[0] = top;
        }
        for (int i = 0; i < c->npairs; i++) {
            pos[np++] = c->pairs[i];
            neg[nn++] = c->pairs[i];
        }
        sort_nodes(c, pos, np);
        sort_nodes(c, neg, nn);
        top = new_group(c, CN_SUM, pos, np, neg, nn, c->nodes[top].value);
        free(pos);
    }
    return top;
}

/* Prints the last canonical form with minimal parentheses, no-ops in their standard place
 * ("(8+8+8)*1", "12*2+1-1"). When a negative result cannot be written that way round, the
 * source expression is printed as it is. Returns the full length, like snprintf. */
int canon_format(canon *c, char *buf, size_t size)
{
    assert(c->status == CANON_OK);
    sink s = { buf, size, 0 };
    if (size)
        buf[0] = '\0';
    int nnodes = c->nnodes, nkids = c->nkids;
    int top = decorate(c);
    c->status = CANON_OK; /* out of memory here only costs the printed form (below) */
    if (top < 0)
        return expr_format(c->src, buf, size);
    print_node(c, &s, top);
    if (size)
        buf[s.len < size ? s.len : size - 1] = '\0';
    c->nnodes = nnodes; /* the decorated copy is scratch */
    c->nkids = nkids;
    return (int)s.len;
}
