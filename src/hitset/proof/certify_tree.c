/* certify_tree.c - the certifying branch and bound; see certify_tree.h.
 *
 * Every bound written is a Lagrangian one on the LP's duals, rounded down and evaluated
 * exactly as the checker will (certify_node.h); floating point only chooses what to
 * try. A node whose bound does not reach the target branches, after the fixings its
 * reduced costs prove; every solved internal node states its multipliers on its first
 * line, so that the children the fixings cut off, and any node the time limit leaves,
 * can inherit them. */
#include "hitset/proof/certify_tree.h"

#include <math.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/splitmix.h"
#include "core/budget.h"
#include "core/idlist.h"
#include "core/walltime.h"
#include "hitset/proof/certify_branch.h"
#include "hitset/proof/certify_lp.h"
#include "hitset/proof/certify_node.h"
#include "hitset/mip/glpk_guard.h"
#include "hitset/mip/lpwork.h"
#include "hitset/heur/greedy.h"

/* A node's own work beside its LP's iterations (its choice, its line of the tree), in
 * units (core/budget.h). */
#define CERTIFY_NODE_UNITS 256
/* A column further than this from 0 and from 1 is fractional. */
#define FRACTIONAL 1e-6
/* The LP stops once past the cutoff by this much: enough that the rounded duals' exact
 * bound passes it too (it is solved to the end when they do not). */
#define CUTOFF_MARGIN 1e-6
/* How often a search asks for a cover found elsewhere (certify_params.upper). */
#define CERTIFY_POLL_SECONDS 2.0
/* Dives keep a start node's optimal basis when solving it from GLPK's first basis took
 * this many simplex steps or more, up to DIVE_BASES_BYTES in all (dive()). */
#define DIVE_BASIS_STEPS 20000
#define DIVE_BASES_BYTES ((size_t)256 << 20)

typedef struct {
    uint32_t set; /* core set */
    uint64_t v;
} mult;

typedef struct {
    certify_tree_job *job;
    const uint32_t *elem_id, *set_id; /* core ids -> the instance's */
    glpk_guard *guard;                /* search_there()'s, whose hooks a watch restores */
    uint32_t nforced;
    certify_node st;                 /* the node's state */
    certify_lp *lp;                  /* NULL when the core has no set */
    certify_branch *branch;          /* the branching rule and what it learnt */
    bool own_branch;                 /* made here, not the job's */
    uint32_t target;                 /* the bound nodes must reach: the best cover's size,
                                        or the goal when smaller (certify_params.goal) */
    uint32_t least;                  /* the least bound of a leaf the time limit made */
    bool stopped;
    uint64_t *v;                     /* the node's multipliers per core set, 0 off the live */
    uint64_t *w;                     /* an ancestor's, while they are evaluated */
    double *x;                       /* the node's LP solution */
    uint32_t *ids;                   /* scratch: a cover in the instance's ids */
    mult *pool;                      /* the multipliers the path's nodes stated */
    size_t npool, poolcap;
    size_t *frame;                   /* where each stating node's multipliers start */
    uint32_t nframes;
    int **stat;                      /* bases per branching depth, made when first used */
    uint32_t *path;                  /* the bound of each branching node on the path */
    uint32_t depth, maxdepth;
    double started, said, polled;
    uint32_t opened;                 /* open nodes written (cubes) */
    uint32_t *open_elems;            /* scratch: an open node's fixings */
    unsigned char *open_in;
    /* Dives (certify_tree_job.dives): */
    double weight;                   /* the node's: the product of the numbers of
                                        children above it */
    double wnodes, wlps;             /* the dive's nodes and LPs, weighted */
    double wsecs;                    /* the dive's LPs' CPU seconds, weighted */
    double choose, lp_cpu;           /* the dive's CPU seconds choosing elements, and
                                        solving LPs */
    uint32_t start;                  /* the dive's start node */
    uint64_t steps;                  /* job->iterations when the dive began */
    int *first_basis;                /* the LP's basis before any solve */
    int **start_basis;               /* per start node, its optimal basis, or NULL */
    size_t basis_bytes;              /* what start_basis holds */
    char *err;
    size_t errsize;
} certify_tree_walk;

static int node(certify_tree_walk *s, double *value);

static int fail(certify_tree_walk *s, const char *why)
{
    snprintf(s->err, s->errsize, "%s", why);
    return -1;
}

/* Fixes core element e in the node's state and in the LP. */
static void set_fix(certify_tree_walk *s, uint32_t e, certify_fix how)
{
    certify_node_fix(&s->st, e, how);
    if (s->lp)
        certify_lp_fix(s->lp, e, how);
}

static bool holds(const certify_tree_walk *s, certify_wide ld)
{
    return certify_node_holds(&s->st, ld, s->target);
}

/* The LP value past which a node's bound reaches the target (the objective counts F1's
 * core elements, not the forced ones), by CUTOFF_MARGIN. */
static double cutoff(const certify_tree_walk *s)
{
    return (double)s->target - s->nforced - 1 + CUTOFF_MARGIN;
}

/* The node's multipliers from the LP's duals; returns ONE * L of them. */
static certify_wide take_duals(certify_tree_walk *s)
{
    for (uint32_t k = 0; k < s->st.ns; k++)
        s->v[k] = certify_node_live(&s->st, k)
                      ? certify_node_multiplier(certify_lp_dual(s->lp, k))
                      : 0;
    return certify_node_evaluate(&s->st, s->v);
}

/* ---- writing ---- */

static void put(certify_tree_walk *s, const char *text) { fputs(text, s->job->tree); }

/* A node line's start: counted as one node. */
static void start_node(certify_tree_walk *s, const char *word)
{
    s->job->nodes++;
    s->wnodes += s->weight;
    fputs(word, s->job->tree);
}

/* " y S:V ..." with the node's multipliers, kept for the `leaf inherit`s below it when
 * the node is internal (keep). */
static int state_y(certify_tree_walk *s, bool keep)
{
    FILE *f = s->job->tree;
    if (keep)
        s->frame[s->nframes++] = s->npool;
    fputs(" y", f);
    for (uint32_t k = 0; k < s->st.ns; k++) {
        if (!s->v[k])
            continue;
        fprintf(f, " %u:%llu", s->set_id[k] + 1, (unsigned long long)s->v[k]);
        if (!keep)
            continue;
        if (s->npool == s->poolcap) {
            size_t cap = s->poolcap ? 2 * s->poolcap : 1024;
            mult *more = realloc(s->pool, cap * sizeof *more);
            if (!more)
                return fail(s, "out of memory for the certificate's multipliers");
            s->pool = more;
            s->poolcap = cap;
        }
        s->pool[s->npool++] = (mult){ k, s->v[k] };
    }
    return 0;
}

static void pop_y(certify_tree_walk *s) { s->npool = s->frame[--s->nframes]; }

static bool any_multiplier(const certify_tree_walk *s)
{
    for (uint32_t k = 0; k < s->st.ns; k++)
        if (s->v[k])
            return true;
    return false;
}

/* ---- leaves ---- */

/* A leaf whose claim needs no multipliers of its own (|F1| >= target, or no live set
 * left, where L = 0): `leaf inherit` under a node that stated some, else `leaf` (an
 * empty list). */
static int bare_leaf(certify_tree_walk *s)
{
    start_node(s, s->nframes ? "leaf inherit\n" : "leaf\n");
    s->job->leaves++;
    return 0;
}

/* A live set with no free element left: no cover of this node exists. */
static int empty_leaf(certify_tree_walk *s)
{
    uint32_t k = 0;
    while (!(certify_node_live(&s->st, k) && s->st.nfree[k] == 0))
        k++;
    start_node(s, "leaf empty");
    fprintf(s->job->tree, " %u\n", s->set_id[k] + 1);
    s->job->leaves++;
    return 0;
}

/* The node's own multipliers prove it. */
static int own_leaf(certify_tree_walk *s)
{
    start_node(s, "leaf");
    int rc = state_y(s, false);
    put(s, "\n");
    s->job->leaves++;
    return rc;
}

/* What a stopped node inherits: its nearest stating ancestor's multipliers' bound (|F1|
 * without one). */
static uint32_t inherited_bound(certify_tree_walk *s)
{
    uint32_t b = s->st.nin;
    if (s->nframes) {
        size_t from = s->frame[s->nframes - 1];
        for (size_t i = from; i < s->npool; i++)
            s->w[s->pool[i].set] = s->pool[i].v;
        b = certify_node_bound(&s->st, certify_node_evaluate(&s->st, s->w));
        for (size_t i = from; i < s->npool; i++)
            s->w[s->pool[i].set] = 0;
    }
    return b;
}

/* The time limit ended the search here: the node's bound is what its nearest stating
 * ancestor's multipliers give (|F1| without one), and K is at most that. */
static int stop_leaf(certify_tree_walk *s)
{
    uint32_t b = inherited_bound(s);
    if (b < s->least)
        s->least = b;
    s->job->open++;
    return bare_leaf(s);
}

/* Multipliers of a packing into s->v: CERTIFY_ONE on live sets that share no free
 * element, taken greedily, fewest free elements first (a counting sort). Each free element
 * then reaches at most ONE, so ONE * L is ONE times their number: the packing bound, as
 * the checker computes it for these multipliers. Costs the core's entries once. Returns
 * ONE * L, or -1 with s->v all 0 when memory runs out (a bound of |F1|). */
static certify_wide packing_duals(certify_tree_walk *s)
{
    const certify_node *n = &s->st;
    uint32_t *count = calloc((size_t)n->ne + 2, sizeof *count);
    uint32_t *order = malloc(((size_t)n->ns + 1) * sizeof *order);
    unsigned char *used = calloc((size_t)n->ne + 1, 1);
    memset(s->v, 0, (size_t)n->ns * sizeof *s->v);
    certify_wide ld = -1;
    if (count && order && used) {
        for (uint32_t k = 0; k < n->ns; k++)
            count[certify_node_live(n, k) ? n->nfree[k] + 1 : 0]++;
        for (uint32_t c = 1, at = 0; c <= n->ne + 1; c++) { /* starts of each count */
            uint32_t here = count[c];
            count[c] = at;
            at += here;
        }
        uint32_t nlive = 0;
        for (uint32_t k = 0; k < n->ns; k++)
            if (certify_node_live(n, k)) {
                order[count[n->nfree[k] + 1]++] = k;
                nlive++;
            }
        for (uint32_t i = 0; i < nlive; i++) {
            uint32_t len, k = order[i];
            const uint32_t *row = instance_set(n->core, k, &len);
            bool free_of_used = true;
            for (uint32_t j = 0; j < len && free_of_used; j++)
                free_of_used = n->fix[row[j]] != CERTIFY_FREE || !used[row[j]];
            if (!free_of_used)
                continue;
            for (uint32_t j = 0; j < len; j++)
                used[row[j]] = 1;
            s->v[k] = CERTIFY_ONE;
        }
        ld = certify_node_evaluate(n, s->v);
    }
    free(count);
    free(order);
    free(used);
    return ld;
}

/* Raises s->v on live sets whose free elements all have room left (R_e < ONE), each by
 * the least room among them, in set order: every such raise adds to sum v and to no
 * element's excess, so L only grows. Multipliers made on another core (the driver's,
 * whose kernel or reductions differ from the search's) leave such room where a set
 * they weighed is gone here. Costs the core's entries twice; no memory: unchanged. */
static void fill_room(certify_tree_walk *s)
{
    const certify_node *n = &s->st;
    uint64_t *reach = calloc((size_t)n->ne + 1, sizeof *reach);
    if (!reach)
        return;
    for (uint32_t k = 0; k < n->ns; k++) {
        uint32_t len;
        const uint32_t *row = instance_set(n->core, k, &len);
        for (uint32_t j = 0; certify_node_live(n, k) && s->v[k] && j < len; j++)
            reach[row[j]] += s->v[k];
    }
    for (uint32_t k = 0; k < n->ns; k++) {
        uint32_t len;
        const uint32_t *row = instance_set(n->core, k, &len);
        uint64_t room = CERTIFY_ONE;
        for (uint32_t j = 0; certify_node_live(n, k) && j < len && room; j++)
            if (n->fix[row[j]] == CERTIFY_FREE)
                room = reach[row[j]] >= CERTIFY_ONE ? 0
                       : CERTIFY_ONE - reach[row[j]] < room ? CERTIFY_ONE - reach[row[j]]
                                                            : room;
        if (!certify_node_live(n, k) || !room || !n->nfree[k])
            continue;
        s->v[k] += room;
        for (uint32_t j = 0; j < len; j++)
            if (n->fix[row[j]] == CERTIFY_FREE)
                reach[row[j]] += room;
    }
    free(reach);
}

/* The caller's multipliers (certify_params.hint, per set of the instance) into s->v on the
 * live sets, with the room they leave filled; returns ONE * L of them, or -1 with none
 * given. */
static certify_wide hint_duals(certify_tree_walk *s)
{
    const double *y = s->job->p->hint;
    if (!y)
        return -1;
    for (uint32_t k = 0; k < s->st.ns; k++)
        s->v[k] = certify_node_live(&s->st, k) ? certify_node_multiplier(y[s->set_id[k]]) : 0;
    fill_room(s);
    return certify_node_evaluate(&s->st, s->v);
}

/* The limit (time, work or a signal) stopped the node before or in its LP: the node keeps
 * the best of what its multipliers prove, the LP's where it ran (`lp`: the dual simplex's
 * iterate between two chunks still gives multipliers, and L of any multipliers bounds the
 * node, computed exactly here and again by the checker), a packing's at the root (the
 * run's packing bound, where a stopped LP may have got less far), and what it inherits.
 * Before, a stop in the root's LP wrote bound 0 when the LP had got nowhere, and a stop
 * before it paid one chunk of the simplex on the whole instance (3 to 5 s on five cards,
 * deck 1-13) for bound 43 where the packing gives 163 (issue 49). */
static int stopped_leaf(certify_tree_walk *s, bool lp)
{
    certify_wide ld = lp ? take_duals(s) : -1;
    if (s->depth == 0) {
        certify_wide lp_ld = ld, pk = packing_duals(s), hi = hint_duals(s);
        if (hi > pk && hi > lp_ld)
            ld = hi; /* s->v holds the hint's */
        else if (lp && lp_ld > pk)
            ld = take_duals(s); /* back to the LP's multipliers in s->v */
        else
            ld = packing_duals(s);
    }
    if (ld < 0)
        return stop_leaf(s);
    uint32_t b = certify_node_bound(&s->st, ld);
    if (b <= inherited_bound(s))
        return stop_leaf(s);
    if (b < s->least)
        s->least = b;
    s->job->open++;
    return own_leaf(s);
}

/* A node at the split depth: `open NAME`, its fixings handed to the caller's on_open
 * (cubes.h), which searches it apart. It proves nothing here. */
static int open_node(certify_tree_walk *s)
{
    const certify_params *p = s->job->p;
    char name[32];
    uint32_t n = 0;
    snprintf(name, sizeof name, "cube-%05u", ++s->opened);
    for (uint32_t e = 0; e < s->st.ne; e++)
        if (s->st.fix[e] != CERTIFY_FREE) {
            s->open_elems[n] = s->elem_id[e];
            s->open_in[n++] = s->st.fix[e] == CERTIFY_IN;
        }
    start_node(s, "open ");
    fprintf(s->job->tree, "%s\n", name);
    s->job->open++;
    if (p->on_open)
        p->on_open(p->open_ctx, name, s->open_elems, s->open_in, n);
    return 0;
}

/* ---- covers ---- */

/* Takes ids[0..n) (in the instance's ids) as the best cover when it is one and smaller,
 * pruned of the elements it does not need. */
static void offer_cover(certify_tree_walk *s, uint32_t n)
{
    certify_tree_job *job = s->job;
    if (n >= job->ncover || !instance_is_cover(job->h, s->ids, n))
        return;
    greedy_cover g, pruned;
    if (greedy_order(job->h, s->ids, n, &g) == 0) {
        if (greedy_prune(job->h, &g, &pruned) == 0) {
            memcpy(s->ids, pruned.elems, pruned.n * sizeof *s->ids);
            n = pruned.n;
            greedy_cover_free(&pruned);
        }
        greedy_cover_free(&g);
    }
    qsort(s->ids, n, sizeof *s->ids, idlist_compare);
    memcpy(job->cover, s->ids, n * sizeof *s->ids);
    job->ncover = n;
    if (n < s->target)
        s->target = n;
    if (job->p->improved)
        job->p->improved(job->p->improved_ctx, job->cover, n);
}

/* The forced elements, F1 and, with_lp, the free elements the LP takes (x > 1/2). */
static void offer_node_cover(certify_tree_walk *s, bool with_lp)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->nforced; i++)
        s->ids[n++] = s->job->red->forced[i];
    for (uint32_t e = 0; e < s->st.ne; e++)
        if (s->st.fix[e] == CERTIFY_IN ||
            (with_lp && s->st.fix[e] == CERTIFY_FREE && s->x[e] > 0.5))
            s->ids[n++] = s->elem_id[e];
    offer_cover(s, n);
}

/* No live set is left: F1 is a cover, and the node holds by |F1| >= target once the
 * target is its size. (Were it refused as a cover, the node proves |F1| only.) */
static int cover_leaf(certify_tree_walk *s)
{
    offer_node_cover(s, false);
    if (s->st.nin < s->target && s->st.nin < s->least)
        s->least = s->st.nin;
    return bare_leaf(s);
}

/* Writes the node as a leaf when its state alone settles it (|F1| reaches the target,
 * a live set has no free element, or no set is live); returns whether it did, with the
 * writer's return in *rc. */
static bool settled(certify_tree_walk *s, int *rc)
{
    if (s->st.nin >= s->target)
        *rc = bare_leaf(s);
    else if (s->st.nempty)
        *rc = empty_leaf(s);
    else if (s->st.nlive == 0)
        *rc = cover_leaf(s);
    else
        return false;
    return true;
}

/* ---- branching ---- */

/* The live set with the fewest free elements (there is one, with at least one). */
static uint32_t fewest_free(const certify_tree_walk *s)
{
    uint32_t best = UINT32_MAX;
    for (uint32_t k = 0; k < s->st.ns; k++)
        if (certify_node_live(&s->st, k) &&
            (best == UINT32_MAX || s->st.nfree[k] < s->st.nfree[best]))
            best = k;
    return best;
}

/* `branch E` (stating the node's multipliers when `here`): E in F0 first, then in F1,
 * child i from the basis child[i]. What each child's LP rose by, from the node's z with
 * E at f, teaches E's pseudocosts. */
static int branch_on(certify_tree_walk *s, uint32_t e, int *child[2], bool here, double z,
                     double f)
{
    start_node(s, "branch");
    fprintf(s->job->tree, " %u", s->elem_id[e] + 1);
    if (here && state_y(s, true))
        return -1;
    put(s, "\n");
    int rc = 0;
    double w = s->weight;
    int pick = s->job->dives ? (int)(splitmix_next(&s->job->dives->seed) & 1) : -1;
    if (pick >= 0)
        s->weight = 2 * w; /* a dive: one child of two */
    for (int up = 0; up < 2 && rc == 0; up++) {
        if (pick >= 0 && up != pick)
            continue;
        double value = NAN;
        set_fix(s, e, up ? CERTIFY_IN : CERTIFY_OUT);
        certify_lp_basis_load(s->lp, child[up]);
        rc = node(s, &value);
        set_fix(s, e, CERTIFY_FREE);
        if (!isnan(value))
            certify_branch_learn(s->branch, e, up, f, value - z);
    }
    s->weight = w;
    return rc;
}

/* `split S` on core set k: child i takes its i-th free element, the earlier ones out,
 * each from the node's basis stat. */
static int split_on(certify_tree_walk *s, uint32_t k, const int *stat, bool here)
{
    uint32_t len;
    const uint32_t *el = instance_set(s->st.core, k, &len);
    size_t from = s->st.ntrail;
    for (uint32_t i = 0; i < len; i++)
        if (s->st.fix[el[i]] == CERTIFY_FREE && certify_node_push(&s->st, el[i], CERTIFY_OUT))
            return fail(s, "out of memory for the search's path");
    size_t to = s->st.ntrail;
    start_node(s, "split");
    fprintf(s->job->tree, " %u", s->set_id[k] + 1);
    if (here && state_y(s, true))
        return -1;
    put(s, "\n");
    int rc = 0;
    double w = s->weight;
    size_t pick = s->job->dives ? from + splitmix_next(&s->job->dives->seed) % (to - from)
                                : SIZE_MAX;
    for (size_t i = from; i < to && rc == 0; i++) {
        if (pick != SIZE_MAX && i < pick) { /* a dive: the children before the one */
            set_fix(s, s->st.trail[i], CERTIFY_OUT);
            continue;
        }
        if (pick != SIZE_MAX)
            s->weight = w * (double)(to - from);
        certify_lp_basis_load(s->lp, stat);
        set_fix(s, s->st.trail[i], CERTIFY_IN);
        rc = node(s, NULL);
        set_fix(s, s->st.trail[i], CERTIFY_OUT);
        if (pick != SIZE_MAX)
            break;
    }
    s->weight = w;
    for (size_t i = from; i < to; i++)
        set_fix(s, s->st.trail[i], CERTIFY_FREE);
    s->st.ntrail = from;
    return rc;
}

/* Room for three bases at branching depth d: the node's, and one for each child. */
static int *bases_at(certify_tree_walk *s, uint32_t d)
{
    if (!s->stat[d])
        s->stat[d] = malloc(3 * (size_t)certify_lp_basis_size(s->lp) * sizeof **s->stat);
    return s->stat[d];
}

/* What follows the fixings at branching depth d: a leaf when they settled the node,
 * else the branching (stating the multipliers when `here`). */
static int continuation(certify_tree_walk *s, bool here, uint32_t d)
{
    int rc;
    if (settled(s, &rc))
        return rc;
    int *stat = bases_at(s, d);
    if (!stat)
        return fail(s, "out of memory for a basis");
    certify_lp_basis_save(s->lp, stat);
    if (s->job->p->branching != CERTIFY_SPLIT) {
        uint32_t size = certify_lp_basis_size(s->lp);
        int *child[2] = { stat + size, stat + 2 * size };
        double z = certify_lp_value(s->lp), t0 = s->job->dives ? walltime_thread_cpu() : 0;
        uint32_t e = certify_branch_choose(s->branch, s->lp, stat, z, s->x, s->st.fix,
                                           FRACTIONAL, cutoff(s), child, &s->job->probes);
        if (s->job->dives)
            s->choose += walltime_thread_cpu() - t0;
        if (e != UINT32_MAX)
            return branch_on(s, e, child, here, z, s->x[e]);
    }
    return split_on(s, fewest_free(s), stat, here);
}

/* The lines of the fixings trail[from..to): `branch E` each, the first stating the
 * node's multipliers; a fixing at 1 cuts off its first child, written at once. */
static int fixing_lines(certify_tree_walk *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        start_node(s, "branch");
        fprintf(s->job->tree, " %u", s->elem_id[s->st.trail[i]] + 1);
        if (i == from && state_y(s, true))
            return -1;
        put(s, "\n");
        if (s->st.trail_how[i] == CERTIFY_IN)
            bare_leaf(s); /* `leaf inherit`: the first child, E in F0 */
    }
    return 0;
}

/* An internal node with multipliers v (ONE * L = ld): its reduced-cost fixings, the
 * branching, then the children the fixings at 0 cut off (their second children, so
 * after the rest in preorder). */
static int inner(certify_tree_walk *s, certify_wide ld)
{
    size_t from = s->st.ntrail;
    uint32_t frames = s->nframes, d = s->depth;
    bool stating = any_multiplier(s); /* with none, no fixing could inherit them */
    if (d + 1 >= s->maxdepth)
        return fail(s, "the search went deeper than its elements (a bug)");
    s->path[s->depth++] = certify_node_bound(&s->st, ld);
    int rc = 0;
    if (stating && certify_node_fix_by_reduced_cost(&s->st, s->v, ld, s->target))
        rc = fail(s, "out of memory for the search's path");
    size_t to = s->st.ntrail;
    for (size_t i = from; s->lp && i < to; i++)
        certify_lp_fix(s->lp, s->st.trail[i], (certify_fix)s->st.trail_how[i]);
    if (rc == 0)
        rc = fixing_lines(s, from, to);
    if (rc == 0)
        rc = continuation(s, stating && to == from, d);
    for (size_t i = to; i-- > from;) {
        if (rc == 0 && s->st.trail_how[i] == CERTIFY_OUT)
            bare_leaf(s); /* the second child, E in F1 */
        set_fix(s, s->st.trail[i], CERTIFY_FREE);
    }
    s->st.ntrail = from;
    while (s->nframes > frames)
        pop_y(s);
    s->depth--;
    return rc;
}

/* ---- the nodes ---- */

/* At most once a second: the cover, and the bound proven: an earlier round's, or the
 * least bound over the nodes left open (each below a node of the path, whose bound holds
 * for it) and the stopped leaves when that is more. */
static void progress(certify_tree_walk *s, double now)
{
    const certify_params *p = s->job->p;
    if (!p->progress || now - s->said < 1.0)
        return;
    s->said = now;
    uint32_t b = s->target < s->least ? s->target : s->least;
    for (uint32_t i = 0; i < s->depth; i++)
        if (s->path[i] < b)
            b = s->path[i];
    if (s->job->proven > b)
        b = s->job->proven;
    ilp_progress pr = { "certify", now - s->started, true, (double)s->job->ncover, (double)b,
                        s->job->nodes, NULL };
    p->progress(p->progress_ctx, &pr);
}

/* Every few seconds: a smaller cover found elsewhere lowers the target (leaves written
 * for the higher one still hold for it). */
static void poll_upper(certify_tree_walk *s, double now)
{
    const certify_params *p = s->job->p;
    if (!p->upper || now - s->polled < CERTIFY_POLL_SECONDS)
        return;
    s->polled = now;
    uint32_t u = p->upper(p->upper_ctx);
    if (u < s->target)
        s->target = u;
}

/* The job's limit ending at `end` (0: none): the caller's work and cancel. */
static budget job_limit(const certify_tree_walk *s, double end)
{
    budget b = s->job->p->limit;
    b.end = end;
    if (!b.cancel)
        b.cancel = s->job->p->cancel;
    return b;
}

/* The clock is read once a node, for all four: the caller's upper bound, the deadline,
 * the work (a node counts CERTIFY_NODE_UNITS, its LP's iterations their own) and the
 * cancel (the job's budget, core/budget.h). */
static bool poll_stop(certify_tree_walk *s, double now)
{
    poll_upper(s, now);
    budget b = job_limit(s, s->job->deadline);
    budget_add(b, CERTIFY_NODE_UNITS);
    if (!s->stopped)
        s->stopped = budget_over(b, now, STOP_SITE_CERTIFY_NODE);
    return s->stopped;
}

/* The node's LP from the basis at hand, stopped once past the cutoff with `cut`. */
static certify_lp_status solve(certify_tree_walk *s, bool cut)
{
    double left = budget_left(budget_until(s->job->deadline, NULL), walltime_now());
    if (left <= 0) {
        s->stopped = true;
        return CERTIFY_LP_TIME;
    }
    s->job->lp_solves++;
    s->wlps += s->weight;
    double t0 = s->job->dives ? walltime_thread_cpu() : 0;
    certify_lp_status st =
        certify_lp_solve(s->lp, left, cut ? cutoff(s) : HUGE_VAL, &s->job->iterations);
    if (s->job->dives) { /* the node's LP costs what this one did, weighted as it is */
        double t = walltime_thread_cpu() - t0;
        s->lp_cpu += t;
        s->wsecs += s->weight * t;
    }
    if (st == CERTIFY_LP_TIME)
        s->stopped = true;
    return st;
}

/* A dive's start node solved to its optimum, from GLPK's first basis: its basis is kept
 * when that took long (and there is room), so that the next dive from there solves it at
 * once. Not always: the solution from a basis loaded may differ from the one pivoted to
 * in its last bits, and a tie between columns equally fractional then breaks the other
 * way; the search solves its root from the first basis, and so do dives, as long as
 * that is cheap. */
static void keep_start_basis(certify_tree_walk *s)
{
    size_t bytes = (size_t)certify_lp_basis_size(s->lp) * sizeof(int);
    if (s->start_basis[s->start] || s->job->iterations - s->steps < DIVE_BASIS_STEPS ||
        s->basis_bytes + bytes > DIVE_BASES_BYTES)
        return;
    if ((s->start_basis[s->start] = malloc(bytes))) {
        certify_lp_basis_save(s->lp, s->start_basis[s->start]);
        s->basis_bytes += bytes;
    }
}

/* Is the LP solution integral on the free columns? Reads it into x. */
static bool integral(certify_tree_walk *s)
{
    bool all = true;
    for (uint32_t e = 0; e < s->st.ne; e++) {
        s->x[e] = s->st.fix[e] == CERTIFY_FREE ? certify_lp_primal(s->lp, e) : 0;
        all &= s->x[e] <= FRACTIONAL || s->x[e] >= 1 - FRACTIONAL;
    }
    return all;
}

/* Is one chunk of the node's LP short (lpwork_first_chunk_fits())? */
static bool root_chunk_fits(const certify_tree_walk *s)
{
    const instance *core = s->st.core;
    return lpwork_first_chunk_fits(lpwork_model_units(
        instance_nsets(core), instance_nelems(core), instance_nnz(core)));
}

/* The root's first LP on a large model, watched for a stop inside a chunk of the simplex
 * (issue 49): a chunk there runs for seconds (five cards, deck 1-13, whole: 2 to 7 s at
 * LPWORK_MIN_ITERATIONS) and GLPK asks nobody inside it. GLPK's display line every
 * CERTIFY_LP_WATCH_MS reaches glpk_guard_watch()'s hook, which, once the cancel asks,
 * leaves the simplex as GLPK's error hook would (glpk_guard.h). GLPK's state is then
 * left mid-solve: s->lp is dropped and no GLPK call touches the model again (the
 * thread's environment frees it with everything GLPK allocated, certify_lp included,
 * when the search's thread ends); the root becomes stopped_leaf()'s, whose multipliers
 * need no LP. */
typedef struct {
    jmp_buf jb;   /* where the hook leaves to */
    glpk_watch w; /* the hook's state, w.jb pointing at jb */
} root_watch;

/* solve_watched()'s solve under the watch rw. rw is the caller's, as is the object of
 * every setjmp() of the engine's (tests/check_setjmp.sh): the hook changes it on the way
 * to the longjmp(), and a changed object local to the function that calls setjmp() is
 * indeterminate after the jump (C11 7.13.2.1p3). */
static certify_lp_status solve_under_watch(certify_tree_walk *s, root_watch *rw)
{
    int off;
    if (setjmp(rw->jb)) {
        s->lp = NULL;
        s->stopped = true;
        glpk_guard_begin(s->guard, s->job->p->mem_limit_mb, &off); /* its hooks back */
        return CERTIFY_LP_TIME;
    }
    glpk_guard_watch(&rw->w);
    certify_lp_watch(s->lp, true);
    certify_lp_status st = solve(s, true);
    certify_lp_watch(s->lp, false);
    glpk_guard_begin(s->guard, s->job->p->mem_limit_mb, &off); /* its hooks back */
    return st;
}

static certify_lp_status solve_watched(certify_tree_walk *s)
{
    const cancel_check *cancel = s->job->p->cancel;
    if (!cancel_can_ask(cancel))
        return solve(s, true);
    root_watch rw;
    rw.w = (glpk_watch){ &rw.jb, cancel, STOP_SITE_CERTIFY_ROOT_LINE, false };
    return solve_under_watch(s, &rw);
}

/* One node and its subtree, written in preorder. value (or NULL) receives the node's LP
 * value when it solved one. */
static int node(certify_tree_walk *s, double *value)
{
    int rc;
    double now = walltime_now();
    progress(s, now);
    if (settled(s, &rc))
        return rc;
    if (s->job->p->split_depth && s->depth >= s->job->p->split_depth)
        return open_node(s);
    /* Stopped already (a signal during the phases before the search): the root still
     * solves its LP for one chunk of the simplex where a chunk is short (mip/lpwork.h: a
     * small LP fits in one, and its bound is kept), else it keeps a packing's multipliers
     * rather than pay seconds for a chunk stretched to the least iterations (five cards,
     * deck 1-13, whole: 3 to 5 s, for less than the packing proves; stopped_leaf()). */
    bool root = s->depth == 0 && s->job->lp_solves == 0;
    if (poll_stop(s, now) && !(root && s->lp && root_chunk_fits(s)))
        return root ? stopped_leaf(s, false) : stop_leaf(s);
    certify_lp_status st = root && !root_chunk_fits(s) && !s->job->dives ? solve_watched(s)
                                                                         : solve(s, true);
    if (!s->lp) /* a stop inside the root's LP (solve_watched()) */
        return stopped_leaf(s, false);
    if (st == CERTIFY_LP_CUTOFF) {
        if (value)
            *value = certify_lp_value(s->lp);
        if (holds(s, take_duals(s)))
            return own_leaf(s);
        st = solve(s, false);
    }
    if (st == CERTIFY_LP_TIME)
        return s->lp && s->job->lp_solves > 0 ? stopped_leaf(s, true) : stop_leaf(s);
    if (st != CERTIFY_LP_OPTIMAL)
        return fail(s, "GLPK's simplex found no optimum at a node of the search");
    if (s->job->dives && s->depth == 0)
        keep_start_basis(s);
    if (value)
        *value = certify_lp_value(s->lp);
    certify_wide ld = take_duals(s);
    if (holds(s, ld))
        return own_leaf(s);
    if (integral(s)) {
        offer_node_cover(s, true);
        if (holds(s, ld))
            return own_leaf(s);
    }
    if (s->job->root_only) {
        uint32_t b = certify_node_bound(&s->st, ld);
        if (b < s->least)
            s->least = b;
        return own_leaf(s);
    }
    return inner(s, ld);
}

/* ---- the search ---- */

static void search_free(certify_tree_walk *s)
{
    certify_node_free(&s->st);
    if (s->own_branch)
        certify_branch_free(s->branch);
    free(s->v);
    free(s->w);
    free(s->x);
    free(s->ids);
    free(s->pool);
    free(s->frame);
    for (uint32_t d = 0; s->stat && d < s->maxdepth; d++)
        free(s->stat[d]);
    free(s->stat);
    free(s->path);
    free(s->open_elems);
    free(s->open_in);
    free(s->first_basis);
    uint32_t nstarts = s->job->dives && s->job->dives->nstarts ? s->job->dives->nstarts : 1;
    for (uint32_t i = 0; s->start_basis && i < nstarts; i++)
        free(s->start_basis[i]);
    free(s->start_basis);
}

static int search_init(certify_tree_walk *s, certify_tree_job *job, char *err, size_t errsize)
{
    const reduce_result *red = job->red;
    memset(s, 0, sizeof *s);
    s->job = job;
    s->elem_id = red->core_elem;
    s->set_id = red->core_set;
    s->nforced = red->nforced;
    s->target = job->goal && job->goal < job->ncover ? job->goal : job->ncover;
    s->least = UINT32_MAX;
    s->err = err;
    s->errsize = errsize;
    uint32_t ne = instance_nelems(red->core), ns = instance_nsets(red->core);
    s->maxdepth = ne + 2; /* each branching fixes an element */
    int rc = certify_node_init(&s->st, red->core, red->nforced);
    s->own_branch = !job->branch;
    s->branch = job->branch ? job->branch : certify_branch_new(ne, ne + ns, job->p);
    s->v = calloc((size_t)ns + 1, sizeof *s->v);
    s->w = calloc((size_t)ns + 1, sizeof *s->w);
    s->x = calloc((size_t)ne + 1, sizeof *s->x);
    s->ids = malloc(((size_t)instance_nelems(job->h) + 1) * sizeof *s->ids);
    s->frame = malloc(s->maxdepth * sizeof *s->frame);
    s->stat = calloc(s->maxdepth, sizeof *s->stat);
    s->path = malloc(s->maxdepth * sizeof *s->path);
    s->open_elems = malloc(((size_t)ne + 1) * sizeof *s->open_elems);
    s->open_in = malloc((size_t)ne + 1);
    s->weight = 1;
    if (job->dives && !(s->start_basis = calloc(job->dives->nstarts ? job->dives->nstarts : 1,
                                                 sizeof *s->start_basis)))
        rc = -1;
    if (rc || !s->branch || !s->v || !s->w || !s->x || !s->ids || !s->frame || !s->stat ||
        !s->path || !s->open_elems || !s->open_in) {
        search_free(s);
        snprintf(err, errsize, "out of memory for the certifying search");
        return -1;
    }
    s->started = s->said = s->polled = walltime_now();
    return 0;
}

/* Instance ids to core ids (UINT32_MAX off the core), or NULL when memory runs out. */
static uint32_t *core_ids(const certify_tree_walk *s)
{
    uint32_t n = instance_nelems(s->job->h);
    uint32_t *core = malloc(((size_t)n + 1) * sizeof *core);
    for (uint32_t i = 0; core && i < n; i++)
        core[i] = UINT32_MAX;
    for (uint32_t e = 0; core && e < s->st.ne; e++)
        core[s->elem_id[e]] = e;
    return core;
}

/* Fixings elems[0..n) (instance ids; in F1 where in[i], else F0) in the node's state and
 * the LP, or freed again (undo): a search starts where the split left an open node. Each
 * must be a core element (the split branched on it), else -1 with err set. */
static int fixings(certify_tree_walk *s, const uint32_t *core, const uint32_t *elems,
                   const unsigned char *in, uint32_t n, bool undo)
{
    uint32_t all = instance_nelems(s->job->h);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = elems[i];
        if (id >= all || core[id] == UINT32_MAX) {
            snprintf(s->err, s->errsize,
                     "the cube fixes element %u, which is not in the reduced instance "
                     "(a cube of another instance?)",
                     id + 1);
            return -1;
        }
        set_fix(s, core[id], undo ? CERTIFY_FREE : in[i] ? CERTIFY_IN : CERTIFY_OUT);
    }
    return 0;
}

/* The cube's fixings (certify_params.cube_elems). */
static int enter_cube(certify_tree_walk *s)
{
    const certify_params *p = s->job->p;
    uint32_t *core = core_ids(s);
    int rc = core ? fixings(s, core, p->cube_elems, p->cube_in, p->ncube, false)
                  : fail(s, "out of memory for the cube");
    free(core);
    return rc;
}

/* One dive from start node i, its estimates kept when it finished. */
static int dive(certify_tree_walk *s, const uint32_t *core, uint32_t i, double weight)
{
    certify_dives *dv = s->job->dives;
    const uint32_t *el = dv->nstarts ? dv->elems + dv->off[i] : NULL;
    const unsigned char *in = dv->nstarts ? dv->in + dv->off[i] : NULL;
    uint32_t n = dv->nstarts ? (uint32_t)(dv->off[i + 1] - dv->off[i]) : 0;
    double t0 = walltime_thread_cpu();
    uint64_t lps = s->job->lp_solves, nodes = s->job->nodes;
    s->start = i;
    s->steps = s->job->iterations;
    s->weight = weight;
    s->wnodes = s->wlps = s->wsecs = s->choose = s->lp_cpu = 0;
    if (fseek(s->job->tree, 0, SEEK_SET))
        return fail(s, "cannot rewind the dives' scratch file");
    int rc = fixings(s, core, el, in, n, false);
    if (rc == 0 && s->lp)
        certify_lp_basis_load(s->lp, s->start_basis[i] ? s->start_basis[i] : s->first_basis);
    if (rc == 0)
        rc = node(s, NULL);
    fixings(s, core, el, in, n, true);
    if (rc || s->stopped)
        return rc;
    dv->nodes[dv->done] = s->wnodes;
    dv->lp_seconds[dv->done] = s->wsecs;
    dv->lps[dv->done++] = s->wlps;
    dv->met += s->job->nodes - nodes;
    dv->lp_cpu += s->lp_cpu;
    if (s->job->nodes - nodes > dv->visited)
        dv->visited = s->job->nodes - nodes;
    dv->seconds += walltime_thread_cpu() - t0;
    dv->choose_seconds += s->choose;
    dv->lp_solves += s->job->lp_solves - lps;
    return 0;
}

/* The dives, each from a start node picked at random (the root when none is given),
 * until dv->max or the time limit. The LP's first basis is kept: a dive from a start
 * not yet solved starts from it, as a search of that node would. */
static int dives(certify_tree_walk *s)
{
    certify_dives *dv = s->job->dives;
    uint32_t nstarts = dv->nstarts ? dv->nstarts : 1;
    uint32_t *core = core_ids(s);
    if (!core)
        return fail(s, "out of memory for the dives");
    int rc = 0;
    if (s->lp) {
        s->first_basis = malloc((size_t)certify_lp_basis_size(s->lp) * sizeof(int));
        if (s->first_basis)
            certify_lp_basis_save(s->lp, s->first_basis);
        else
            rc = fail(s, "out of memory for the dives");
    }
    while (rc == 0 && dv->done < dv->max && !poll_stop(s, walltime_now())) {
        uint32_t i = nstarts > 1 ? (uint32_t)(splitmix_next(&dv->seed) % nstarts) : 0;
        rc = dive(s, core, i, (double)nstarts);
        if (s->stopped)
            break;
    }
    free(core);
    return rc;
}

/* The search inside the guard g, search_there()'s: GLPK's words go into g between
 * setjmp() and the longjmp() and are read after it, which C11 7.13.2.1p3 leaves
 * indeterminate for an object local to this function; none of its locals is changed on
 * the way and read after (term is read only when no jump came). */
static int search_guarded(certify_tree_walk *s, glpk_guard *g)
{
    int term;
    if (setjmp(g->jb)) {
        s->lp = NULL; /* gone with GLPK's environment */
        return glpk_guard_failed(g, s->err, s->errsize);
    }
    glpk_guard_begin(g, s->job->p->mem_limit_mb, &term);
    s->guard = g;
    int rc = 0;
    if (s->st.ns > 0 && !(s->lp = certify_lp_new(s->st.core)))
        rc = fail(s, "the LP cannot be built (too many elements or sets for GLPK)");
    if (s->lp)
        certify_lp_limit(s->lp, job_limit(s, 0)); /* the time: certify_lp_solve()'s seconds */
    if (rc == 0 && s->job->dives)
        rc = dives(s);
    else if (rc == 0 && s->job->p->ncube)
        rc = enter_cube(s);
    if (rc == 0 && !s->job->dives)
        rc = node(s, NULL);
    certify_lp_free(s->lp);
    s->lp = NULL;
    glpk_guard_end(s->job->p->mem_limit_mb, term);
    return rc;
}

/* The search on GLPK's thread, inside the guard. */
static int search_there(void *arg)
{
    glpk_guard g;
    return search_guarded(arg, &g);
}

int certify_tree_search(certify_tree_job *job, char *err, size_t errsize)
{
    certify_tree_walk s;
    if (search_init(&s, job, err, errsize))
        return -1;
    int rc = glpk_guard_call(search_there, &s, err, errsize);
    if (rc == 0)
        job->bound = s.target < s.least ? s.target : s.least;
    search_free(&s);
    return rc;
}
