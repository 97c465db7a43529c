/* kernel.c - the kernel's rules on a hypergraph that changes; see kernel.h.
 *
 * Why each rule keeps optimum(instance) = offset + optimum(kernel), for any sets:
 *  - vertex-cover domination (v's sets all pairs, u a neighbour, {u, w} a set for every
 *    other neighbour w): a cover C without u holds every such w (to meet {u, w}) and v
 *    (to meet {v, u}); C - v + u meets v's sets ({v, w} by w) and every other set as C
 *    did, so some optimal cover holds u.
 *  - folding v (sets {v, u}, {v, w} only) into x: a cover C' of the kernel gives
 *    C = C' - x + u + w when x is in C' (x's sets were u's and w's), else C' + v (every
 *    set of u or w other than v's two is x's, met by another of its elements, or it
 *    would be {x}): |C'| + 1. Conversely an optimal C holds v or both u and w; with both,
 *    C - u - w - v + x is a kernel cover; with v and at most one of them, C - v (+ x for
 *    the one, less it): one smaller each time. So the optima differ by exactly one. A
 *    set {u, w}, which graphs' folding must exclude, becomes {x} and forces x: u and w
 *    both, as vertex-cover domination (drained first) would take them.
 * Rows: a set's row is sorted and may keep dead elements (only its alive ones count,
 * deg_s); an element's row likewise keeps dead sets. Rows never lose an alive entry
 * except by a fold, which rewrites them. */
#include "hitset/presolve/kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "core/idlist.h"
#include "core/budget.h"
#include "core/walltime.h"
#include "hitset/presolve/crown.h"
#include "hitset/presolve/rowsig.h"

/* The ids whose rule must look again, each at most once (a stack). */
typedef struct {
    uint32_t *ids;
    uint32_t n;
    unsigned char *in;
} worklist;

typedef struct {
    uint32_t ne, ns;
    uint64_t *soff;            /* set s's row: sel[soff[s] .. soff[s] + slen[s]) */
    uint32_t *sel, *slen;
    uint32_t **erow, *elen, *ecap; /* element rows: in ebase, or owned once grown */
    uint32_t *ebase;
    unsigned char *eown, *alive_e, *alive_s;
    uint32_t *deg_e, *deg_s;   /* alive sets of an element, alive elements of a set */
    uint64_t *sig_e, *sig_s;   /* a bit per entry ever in the row (dead ones too) */
    uint32_t *stamp_e, *stamp_s, tick;
    uint32_t *buf;             /* scratch: max(ne, ns) + 1 ids */
    worklist q[KERNEL_RULES];  /* sets for FORCED, DOMINATED_SETS; elements else */
    kernel_result *r;
    budget_poll poll;          /* the deadline and the caller's cancel */
    uint64_t work;             /* entries read so far */
} kstate;

/* Entries read between two readings of the clock, as in reduce.c. */
#define KERNEL_CLOCK_WORK (1u << 16)

/* Stopped? The crown rule's LP may have stopped the run too (it answers for itself). */
static bool stopped(kstate *st)
{
    st->r->stopped = st->r->stopped || budget_poll_stopped(&st->poll, st->work);
    return st->r->stopped;
}

static uint32_t *srow(const kstate *st, uint32_t s)
{
    return st->sel + st->soff[s];
}

static void push(worklist *w, uint32_t id)
{
    if (!w->in[id]) {
        w->in[id] = 1;
        w->ids[w->n++] = id;
    }
}

static void touch_set(kstate *st, uint32_t s)
{
    push(&st->q[KERNEL_FORCED], s);
    push(&st->q[KERNEL_DOMINATED_SETS], s);
}

static void touch_elem(kstate *st, uint32_t e)
{
    push(&st->q[KERNEL_DOMINATED_ELEMS], e);
    push(&st->q[KERNEL_VC_DOMINATION], e);
    push(&st->q[KERNEL_FOLDING], e);
}

/* A set goes: its elements lose it, and each rule on elements looks at them again. */
static void kill_set(kstate *st, uint32_t s, kernel_rule why)
{
    uint32_t *row = srow(st, s);
    st->work += st->slen[s];
    st->alive_s[s] = 0;
    st->r->rule[why].sets++;
    for (uint32_t i = 0; i < st->slen[s]; i++)
        if (st->alive_e[row[i]]) {
            st->deg_e[row[i]]--;
            touch_elem(st, row[i]);
        }
}

/* A set become a pair, or rewritten by a fold: the element rules look at its members. */
static void touch_members(kstate *st, uint32_t s)
{
    uint32_t *row = srow(st, s);
    st->work += st->slen[s];
    for (uint32_t i = 0; i < st->slen[s]; i++)
        if (st->alive_e[row[i]])
            touch_elem(st, row[i]);
}

/* An element goes: its sets lose it (none may lose its last one). */
static void kill_elem(kstate *st, uint32_t e, kernel_rule why)
{
    st->work += st->elen[e];
    st->alive_e[e] = 0;
    st->r->rule[why].elems++;
    for (uint32_t i = 0; i < st->elen[e]; i++) {
        uint32_t s = st->erow[e][i];
        if (!st->alive_s[s])
            continue;
        st->deg_s[s]--;
        touch_set(st, s);
        if (st->deg_s[s] == 2)
            touch_members(st, s);
    }
}

/* e joins the cover: its sets go, then e. */
static void take(kstate *st, uint32_t e, kernel_rule why)
{
    st->r->steps[st->r->nsteps++] = (kernel_step){ e, UINT32_MAX, UINT32_MAX };
    st->r->offset++;
    st->r->rule[why].applied++;
    for (uint32_t i = 0; i < st->elen[e]; i++)
        if (st->alive_s[st->erow[e][i]])
            kill_set(st, st->erow[e][i], why);
    kill_elem(st, e, why);
}

/* The alive element of pair s other than x. */
static uint32_t partner(kstate *st, uint32_t s, uint32_t x)
{
    uint32_t *row = srow(st, s);
    st->work += st->slen[s];
    for (uint32_t i = 0; i < st->slen[s]; i++)
        if (row[i] != x && st->alive_e[row[i]])
            return row[i];
    return UINT32_MAX; /* unreachable: a pair has two alive elements */
}

/* Is {a, b} an alive set? Looks through the shorter row. */
static bool has_pair(kstate *st, uint32_t a, uint32_t b)
{
    uint32_t x = st->elen[a] <= st->elen[b] ? a : b, y = x == a ? b : a;
    st->work += st->elen[x];
    for (uint32_t i = 0; i < st->elen[x]; i++) {
        uint32_t s = st->erow[x][i];
        if (st->alive_s[s] && st->deg_s[s] == 2 && partner(st, s, x) == y)
            return true;
    }
    return false;
}

static void do_forced(kstate *st, uint32_t s)
{
    if (!st->alive_s[s] || st->deg_s[s] != 1)
        return;
    uint32_t *row = srow(st, s), i = 0;
    while (!st->alive_e[row[i]])
        i++;
    take(st, row[i], KERNEL_FORCED);
}

/* Does the ascending row hold all n ids of want? */
static bool row_has_all(const uint32_t *row, uint32_t len, const uint32_t *want, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (!idlist_sorted_has(row, len, want[i]))
            return false;
    return true;
}

/* Set g's alive elements into buf, with their signature and the rarest of them. */
static uint32_t alive_of_set(kstate *st, uint32_t g, uint64_t *sig, uint32_t *rare)
{
    uint32_t *row = srow(st, g), n = 0;
    *sig = 0;
    *rare = UINT32_MAX;
    st->work += st->slen[g];
    for (uint32_t i = 0; i < st->slen[g]; i++)
        if (st->alive_e[row[i]]) {
            st->buf[n++] = row[i];
            *sig |= rowsig_bit(row[i]);
            if (*rare == UINT32_MAX || st->deg_e[row[i]] < st->deg_e[*rare])
                *rare = row[i];
        }
    return n;
}

/* Drops every set holding g (of two equal ones the later), each candidate first
 * filtered by its signature: it must have every bit of g's alive elements. */
static void do_dominated_set(kstate *st, uint32_t g)
{
    if (!st->alive_s[g])
        return;
    uint64_t sig;
    uint32_t rare, n = alive_of_set(st, g, &sig, &rare);
    for (uint32_t i = 0; i < st->elen[rare] && !stopped(st); i++) {
        uint32_t s = st->erow[rare][i];
        st->work++;
        if (s == g || !st->alive_s[s] || st->deg_s[s] < n || (sig & ~st->sig_s[s]))
            continue;
        st->work += n;
        if (!row_has_all(srow(st, s), st->slen[s], st->buf, n))
            continue;
        if (st->deg_s[s] == n && s < g) {
            kill_set(st, g, KERNEL_DOMINATED_SETS);
            return;
        }
        kill_set(st, s, KERNEL_DOMINATED_SETS);
    }
}

/* Element a's alive sets into buf, with their signature and the smallest of them. */
static uint32_t alive_of_elem(kstate *st, uint32_t a, uint64_t *sig, uint32_t *rare)
{
    uint32_t n = 0;
    *sig = 0;
    *rare = UINT32_MAX;
    st->work += st->elen[a];
    for (uint32_t i = 0; i < st->elen[a]; i++) {
        uint32_t s = st->erow[a][i];
        if (st->alive_s[s]) {
            st->buf[n++] = s;
            *sig |= rowsig_bit(s);
            if (*rare == UINT32_MAX || st->deg_s[s] < st->deg_s[*rare])
                *rare = s;
        }
    }
    return n;
}

/* Drops a when another alive element meets all its sets (strictly more, or the same
 * ones with a lower id), or when it meets none. */
static void do_dominated_elem(kstate *st, uint32_t a)
{
    if (!st->alive_e[a])
        return;
    uint64_t sig;
    uint32_t rare, n = alive_of_elem(st, a, &sig, &rare);
    if (n == 0) {
        kill_elem(st, a, KERNEL_DOMINATED_ELEMS);
        return;
    }
    uint32_t *cand = srow(st, rare);
    for (uint32_t i = 0; i < st->slen[rare] && !stopped(st); i++) {
        uint32_t b = cand[i];
        st->work++;
        if (b == a || !st->alive_e[b] || st->deg_e[b] < n || (st->deg_e[b] == n && b > a) ||
            (sig & ~st->sig_e[b]))
            continue;
        st->work += n;
        if (row_has_all(st->erow[b], st->elen[b], st->buf, n)) {
            kill_elem(st, a, KERNEL_DOMINATED_ELEMS);
            return;
        }
    }
}

/* When every alive set of v is a pair: its partners into buf, their number returned;
 * else UINT32_MAX. */
static uint32_t pair_neighbours(kstate *st, uint32_t v)
{
    uint32_t n = 0;
    st->work += st->elen[v];
    for (uint32_t i = 0; i < st->elen[v]; i++) {
        uint32_t s = st->erow[v][i];
        if (!st->alive_s[s])
            continue;
        if (st->deg_s[s] != 2)
            return UINT32_MAX;
        st->buf[n++] = partner(st, s, v);
    }
    return n;
}

/* Is {u, w} a set for every other neighbour w of v (buf[0..n))? u's partners are
 * stamped when its row is the cheaper to read, else each w's row is searched for u. */
static bool dominates(kstate *st, uint32_t u, uint32_t n, uint64_t others)
{
    if (st->elen[u] > others) {
        for (uint32_t j = 0; j < n; j++)
            if (st->buf[j] != u && !has_pair(st, u, st->buf[j]))
                return false;
        return true;
    }
    st->tick++;
    st->work += st->elen[u];
    for (uint32_t i = 0; i < st->elen[u]; i++) {
        uint32_t s = st->erow[u][i];
        if (st->alive_s[s] && st->deg_s[s] == 2)
            st->stamp_e[partner(st, s, u)] = st->tick;
    }
    for (uint32_t j = 0; j < n; j++)
        if (st->buf[j] != u && st->stamp_e[st->buf[j]] != st->tick)
            return false;
    return true;
}

/* Vertex-cover domination at v (kernel.h); degree one is the dominated elements'. */
static void do_vc_domination(kstate *st, uint32_t v)
{
    if (!st->alive_e[v] || st->deg_e[v] < 2)
        return;
    uint32_t n = pair_neighbours(st, v);
    if (n == UINT32_MAX)
        return;
    uint64_t total = 0;
    for (uint32_t j = 0; j < n; j++)
        total += st->elen[st->buf[j]];
    for (uint32_t j = 0; j < n && !stopped(st); j++) {
        uint32_t u = st->buf[j];
        if (dominates(st, u, n, total - st->elen[u])) {
            take(st, u, KERNEL_VC_DOMINATION);
            return;
        }
    }
}

/* Room for len entries in e's row, keeping its entries. Returns 0, or -1 out of memory
 * (the row unchanged). */
static int grow_row(kstate *st, uint32_t e, uint64_t len)
{
    if (len <= st->ecap[e])
        return 0;
    uint64_t cap = 2 * (uint64_t)st->ecap[e] > len ? 2 * (uint64_t)st->ecap[e] : len;
    if (cap > st->ns)
        cap = st->ns; /* a row holds each set once: never more */
    uint32_t *row = malloc((size_t)cap * sizeof *row);
    if (!row)
        return -1;
    memcpy(row, st->erow[e], (size_t)st->elen[e] * sizeof *row);
    if (st->eown[e])
        free(st->erow[e]);
    st->erow[e] = row;
    st->ecap[e] = (uint32_t)cap;
    st->eown[e] = 1;
    return 0;
}

/* In set s's sorted row, gone becomes keep, moved to its place. */
static void replace_in_set(kstate *st, uint32_t s, uint32_t gone, uint32_t keep)
{
    uint32_t *row = srow(st, s), n = st->slen[s], i = 0;
    st->work += n;
    while (row[i] != gone)
        i++;
    for (; i + 1 < n && row[i + 1] < keep; i++)
        row[i] = row[i + 1];
    for (; i > 0 && row[i - 1] > keep; i--)
        row[i] = row[i - 1];
    row[i] = keep;
    st->sig_s[s] |= rowsig_bit(keep);
}

/* keep's row, dead sets dropped, merged with the n ascending new sets in buf. Returns
 * 0, or -1 out of memory. */
static int merge_rows(kstate *st, uint32_t keep, uint32_t n)
{
    uint32_t m = 0, *row = st->erow[keep];
    for (uint32_t i = 0; i < st->elen[keep]; i++)
        if (st->alive_s[row[i]])
            row[m++] = row[i];
    st->elen[keep] = m;
    if (grow_row(st, keep, (uint64_t)m + n))
        return -1;
    row = st->erow[keep];
    uint32_t a = m, b = n;
    for (uint64_t k = (uint64_t)m + n; k > 0; k--) /* from the back, in place */
        row[k - 1] = a > 0 && (b == 0 || row[a - 1] > st->buf[b - 1]) ? row[--a]
                                                                      : st->buf[--b];
    st->elen[keep] = m + n;
    return 0;
}

/* gone's sets become keep's: in a set holding both, gone just dies; in the others keep
 * takes its place. Every set of keep, and their elements, look again. */
static int absorb(kstate *st, uint32_t keep, uint32_t gone)
{
    uint32_t n = 0;
    st->tick++;
    for (uint32_t i = 0; i < st->elen[keep]; i++)
        st->stamp_s[st->erow[keep][i]] = st->tick;
    st->alive_e[gone] = 0;
    st->work += st->elen[gone];
    for (uint32_t i = 0; i < st->elen[gone]; i++) {
        uint32_t s = st->erow[gone][i];
        if (!st->alive_s[s])
            continue;
        if (st->stamp_s[s] == st->tick) {
            st->deg_s[s]--;
        } else {
            replace_in_set(st, s, gone, keep);
            st->buf[n++] = s;
        }
    }
    if (merge_rows(st, keep, n))
        return -1;
    st->deg_e[keep] += n;
    st->deg_e[gone] = 0;
    st->sig_e[keep] |= st->sig_e[gone];
    touch_elem(st, keep);
    for (uint32_t i = 0; i < st->elen[keep]; i++) {
        touch_set(st, st->erow[keep][i]);
        touch_members(st, st->erow[keep][i]);
    }
    return 0;
}

/* Folds v (kernel.h) when its only sets are pairs {v, u}, {v, w}; the neighbour with
 * more sets absorbs the other. Returns 0, or -1 out of memory. */
static int do_fold(kstate *st, uint32_t v)
{
    if (!st->alive_e[v] || st->deg_e[v] != 2 || pair_neighbours(st, v) != 2)
        return 0;
    uint32_t u = st->buf[0], w = st->buf[1];
    if (u == w) /* two copies of one pair: the dominated sets' */
        return 0;
    uint32_t keep = st->deg_e[u] >= st->deg_e[w] ? u : w, gone = keep == u ? w : u;
    st->r->steps[st->r->nsteps++] = (kernel_step){ v, keep, gone };
    st->r->offset++;
    st->r->rule[KERNEL_FOLDING].applied++;
    for (uint32_t i = 0; i < st->elen[v]; i++)
        if (st->alive_s[st->erow[v][i]])
            kill_set(st, st->erow[v][i], KERNEL_FOLDING);
    kill_elem(st, v, KERNEL_FOLDING);
    st->r->rule[KERNEL_FOLDING].elems++; /* gone */
    return absorb(st, keep, gone);
}

/* Works through rule's list until it is empty (what it adds to its own list included)
 * or the time is up. Returns 0, or -1 out of memory. */
static int drain(kstate *st, kernel_rule rule)
{
    worklist *w = &st->q[rule];
    double t0 = walltime_now();
    int rc = 0;
    while (w->n > 0 && rc == 0 && !stopped(st)) {
        uint32_t id = w->ids[--w->n];
        w->in[id] = 0;
        st->work++;
        switch (rule) {
        case KERNEL_FORCED: do_forced(st, id); break;
        case KERNEL_DOMINATED_SETS: do_dominated_set(st, id); break;
        case KERNEL_DOMINATED_ELEMS: do_dominated_elem(st, id); break;
        case KERNEL_VC_DOMINATION: do_vc_domination(st, id); break;
        case KERNEL_FOLDING: rc = do_fold(st, id); break;
        default: break; /* the crown rule runs on the whole graph (crown()) */
        }
    }
    st->r->rule[rule].seconds += walltime_now() - t0;
    return rc;
}

/* The lists until all are empty, the cheaper rules first: each time one is drained,
 * back to the first that has work. */
static int drain_all(kstate *st)
{
    kernel_rule rule = KERNEL_FORCED;
    while (rule < KERNEL_RULES && !stopped(st)) {
        if (st->q[rule].n == 0) {
            rule++;
            continue;
        }
        if (drain(st, rule))
            return -1;
        rule = KERNEL_FORCED;
    }
    return 0;
}

/* The lists and stamps, then h's rows copied (element rows in one block until one
 * grows). */
static int state_alloc(kstate *st, const instance *h)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    uint64_t nnz = instance_nnz(h);
    st->ne = ne;
    st->ns = ns;
    st->soff = malloc(((size_t)ns + 1) * sizeof *st->soff);
    st->sel = malloc((size_t)(nnz + 1) * sizeof *st->sel);
    st->ebase = malloc((size_t)(nnz + 1) * sizeof *st->ebase);
    st->slen = malloc(((size_t)ns + 1) * sizeof *st->slen);
    st->erow = malloc(((size_t)ne + 1) * sizeof *st->erow);
    st->elen = malloc(((size_t)ne + 1) * sizeof *st->elen);
    st->ecap = malloc(((size_t)ne + 1) * sizeof *st->ecap);
    st->eown = calloc((size_t)ne + 1, 1);
    st->alive_e = malloc((size_t)ne + 1);
    st->alive_s = malloc((size_t)ns + 1);
    st->deg_e = malloc(((size_t)ne + 1) * sizeof *st->deg_e);
    st->deg_s = malloc(((size_t)ns + 1) * sizeof *st->deg_s);
    st->sig_e = calloc((size_t)ne + 1, sizeof *st->sig_e);
    st->sig_s = calloc((size_t)ns + 1, sizeof *st->sig_s);
    st->stamp_e = calloc((size_t)ne + 1, sizeof *st->stamp_e);
    st->stamp_s = calloc((size_t)ns + 1, sizeof *st->stamp_s);
    st->buf = malloc(((size_t)(ne > ns ? ne : ns) + 1) * sizeof *st->buf);
    bool ok = st->soff && st->sel && st->ebase && st->slen && st->erow && st->elen &&
              st->ecap && st->eown && st->alive_e && st->alive_s && st->deg_e &&
              st->deg_s && st->sig_e && st->sig_s && st->stamp_e && st->stamp_s && st->buf;
    for (int k = 0; k < KERNEL_RULES && ok; k++) {
        uint32_t n = k <= KERNEL_DOMINATED_SETS ? ns : ne;
        st->q[k].ids = malloc(((size_t)n + 1) * sizeof *st->q[k].ids);
        st->q[k].in = calloc((size_t)n + 1, 1);
        ok = st->q[k].ids && st->q[k].in;
    }
    return ok ? 0 : -1;
}

static void state_fill(kstate *st, const instance *h)
{
    uint64_t k = 0;
    for (uint32_t s = 0; s < st->ns; s++) {
        uint32_t len;
        const uint32_t *row = instance_set(h, s, &len);
        st->soff[s] = k;
        st->slen[s] = st->deg_s[s] = len;
        st->alive_s[s] = 1;
        memcpy(st->sel + k, row, (size_t)len * sizeof *row);
        st->sig_s[s] = rowsig_of(row, len);
        k += len;
    }
    k = 0;
    for (uint32_t e = 0; e < st->ne; e++) {
        uint32_t len;
        const uint32_t *row = instance_elem(h, e, &len);
        st->erow[e] = st->ebase + k;
        st->elen[e] = st->ecap[e] = st->deg_e[e] = len;
        st->alive_e[e] = 1;
        memcpy(st->erow[e], row, (size_t)len * sizeof *row);
        st->sig_e[e] = rowsig_of(row, len);
        k += len;
    }
}

static void state_free(kstate *st)
{
    for (uint32_t e = 0; st->eown && e < st->ne; e++)
        if (st->eown[e])
            free(st->erow[e]);
    void *all[] = { st->soff, st->sel, st->ebase, st->slen, st->erow, st->elen, st->ecap,
                    st->eown, st->alive_e, st->alive_s, st->deg_e, st->deg_s, st->sig_e,
                    st->sig_s, st->stamp_e, st->stamp_s, st->buf };
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        free(all[i]);
    for (int k = 0; k < KERNEL_RULES; k++) {
        free(st->q[k].ids);
        free(st->q[k].in);
    }
}

/* The kernel instance of the alive elements and sets, renumbered in their order. */
static int build_core(kstate *st, kernel_result *r, char *err, size_t errsize)
{
    uint32_t ne = 0, ns = 0;
    uint64_t nnz = 0;
    r->core_elem = malloc(((size_t)st->ne + 1) * sizeof *r->core_elem);
    for (uint32_t e = 0; r->core_elem && e < st->ne; e++)
        if (st->alive_e[e]) {
            st->stamp_e[e] = ne; /* its kernel id */
            r->core_elem[ne++] = e;
        }
    for (uint32_t s = 0; s < st->ns; s++)
        if (st->alive_s[s]) {
            ns++;
            nnz += st->deg_s[s];
        }
    uint64_t *off = malloc(((size_t)ns + 1) * sizeof *off);
    uint32_t *el = malloc((size_t)(nnz + 1) * sizeof *el);
    r->core_set = malloc(((size_t)ns + 1) * sizeof *r->core_set);
    if (!r->core_elem || !off || !el || !r->core_set) {
        free(off);
        free(el);
        snprintf(err, errsize, "out of memory while building the kernel");
        return -1;
    }
    uint64_t k = off[0] = 0;
    for (uint32_t s = 0, j = 0; s < st->ns; s++) {
        if (!st->alive_s[s])
            continue;
        r->core_set[j] = s;
        for (uint32_t i = 0; i < st->slen[s]; i++)
            if (st->alive_e[srow(st, s)[i]])
                el[k++] = st->stamp_e[srow(st, s)[i]];
        off[++j] = k;
    }
    r->core = instance_adopt(ne, ns, off, el, err, errsize);
    return r->core ? 0 : -1;
}

static uint64_t removed(const kernel_result *r)
{
    uint64_t n = 0;
    for (int k = 0; k < KERNEL_RULES; k++)
        n += (uint64_t)r->rule[k].elems + r->rule[k].sets;
    return n;
}

/* The graph of the alive elements when every alive set is a pair: vertex v is elem[v]
 * (local[elem[v]] = v), rows both ways in *off / *adj. Returns the number of vertices;
 * 0 when some set is not a pair; UINT32_MAX out of memory. */
static uint32_t alive_graph(kstate *st, uint32_t *elem, uint32_t *local, uint64_t **off,
                            uint32_t **adj)
{
    uint32_t nv = 0, npairs = 0;
    for (uint32_t s = 0; s < st->ns; s++)
        if (st->alive_s[s] && st->deg_s[s] != 2)
            return 0;
        else
            npairs += st->alive_s[s];
    for (uint32_t e = 0; e < st->ne; e++)
        if (st->alive_e[e]) {
            local[e] = nv;
            elem[nv++] = e;
        }
    *off = calloc((size_t)nv + 2, sizeof **off);
    *adj = malloc((2 * (size_t)npairs + 1) * sizeof **adj);
    if (!*off || !*adj)
        return UINT32_MAX;
    for (int pass = 0; pass < 2; pass++) /* counts into off[v + 2], then rows from off[v + 1] */
        for (uint32_t s = 0; s < st->ns; s++) {
            uint32_t ab[2], k = 0, *row = srow(st, s);
            for (uint32_t i = 0; st->alive_s[s] && i < st->slen[s] && k < 2; i++)
                if (st->alive_e[row[i]])
                    ab[k++] = local[row[i]];
            for (uint32_t i = 0; k == 2 && i < 2; i++) {
                if (pass == 0)
                    (*off)[ab[i] + 2]++;
                else
                    (*adj)[(*off)[ab[i] + 1]++] = ab[1 - i];
            }
            if (pass == 0 && s + 1 == st->ns)
                for (uint32_t v = 0; v < nv; v++)
                    (*off)[v + 2] += (*off)[v + 1];
        }
    return nv;
}

/* The crown rule (kernel.h): vertices at 1 in the LP's half-integral optimum are taken,
 * then those at 0, whose pairs those at 1 have met, dropped. Returns 1 when it removed
 * something, 0 when not (a set that is not a pair, all at 1/2, stopped), -1 out of
 * memory. */
static int crown(kstate *st)
{
    double t0 = walltime_now();
    uint64_t *off = NULL;
    uint32_t *adj = NULL, *elem = malloc(((size_t)st->ne + 1) * sizeof *elem);
    uint32_t *local = malloc(((size_t)st->ne + 1) * sizeof *local);
    unsigned char *x2 = malloc((size_t)st->ne + 1);
    uint32_t before = st->r->rule[KERNEL_CROWN].elems;
    uint32_t nv = elem && local && x2 ? alive_graph(st, elem, local, &off, &adj) : UINT32_MAX;
    int rc = nv == UINT32_MAX ? -1 : 0;
    int lp = nv > 0 && nv != UINT32_MAX ? crown_lp(nv, off, adj, st->poll.b, x2)
                                        : 1;
    if (lp < 0)
        rc = -1;
    st->r->stopped |= lp == 1 && nv > 0 && nv != UINT32_MAX;
    for (uint32_t v = 0; lp == 0 && v < nv; v++)
        if (x2[v] == 2 && st->alive_e[elem[v]])
            take(st, elem[v], KERNEL_CROWN);
    for (uint32_t v = 0; lp == 0 && v < nv; v++) /* x_v = 0: every neighbour is at 1 */
        if (x2[v] == 0 && st->alive_e[elem[v]] && st->deg_e[elem[v]] == 0)
            kill_elem(st, elem[v], KERNEL_CROWN);
    if (rc == 0 && st->r->rule[KERNEL_CROWN].elems > before)
        rc = 1;
    st->r->rule[KERNEL_CROWN].seconds += walltime_now() - t0;
    free(off);
    free(adj);
    free(elem);
    free(local);
    free(x2);
    return rc;
}

/* Rounds: every set and element on the lists, then the lists drained; after the first,
 * only the vertex-cover rules' lists (a pair made elsewhere may let them fire at a
 * common neighbour of its two elements, which nothing put back on a list), until a
 * round removes nothing. */
static int fixpoint(kstate *st)
{
    uint64_t before;
    do {
        before = removed(st->r);
        st->r->rounds++;
        for (uint32_t e = 0; e < st->ne; e++)
            if (st->alive_e[e]) {
                if (st->r->rounds == 1)
                    push(&st->q[KERNEL_DOMINATED_ELEMS], e);
                push(&st->q[KERNEL_VC_DOMINATION], e);
                push(&st->q[KERNEL_FOLDING], e);
            }
        for (uint32_t s = 0; s < st->ns && st->r->rounds == 1; s++)
            touch_set(st, s);
        if (drain_all(st))
            return -1;
    } while (removed(st->r) != before && !st->r->stopped);
    return 0;
}

int kernel_run(const instance *h, budget b, kernel_result *out, char *err, size_t errsize)
{
    kstate st;
    double t0 = walltime_now();
    memset(&st, 0, sizeof st);
    memset(out, 0, sizeof *out);
    out->nelems = instance_nelems(h);
    st.r = out;
    st.poll = budget_poll_make(b, KERNEL_CLOCK_WORK, STOP_SITE_KERNEL_POLL);
    out->steps = malloc(((size_t)instance_nelems(h) + 1) * sizeof *out->steps);
    int rc = -1;
    if (!out->steps || state_alloc(&st, h)) {
        snprintf(err, errsize, "out of memory while kernelizing");
        goto done;
    }
    state_fill(&st, h);
    int crowned = 1;
    while (crowned == 1 && !st.r->stopped) { /* the others, then crowns, until neither acts */
        if (fixpoint(&st)) {
            snprintf(err, errsize, "out of memory while folding");
            goto done;
        }
        if (!st.r->stopped && (crowned = crown(&st)) < 0) {
            snprintf(err, errsize, "out of memory while looking for crowns");
            goto done;
        }
    }
    rc = build_core(&st, out, err, errsize);
done:
    state_free(&st);
    out->seconds = walltime_now() - t0;
    if (rc)
        kernel_result_free(out);
    else
        CHECK(kernel_result_check(h, out));
    return rc;
}
