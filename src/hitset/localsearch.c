/* localsearch.c - weighted local searches for hitting sets; see localsearch.h.
 *
 * Vocabulary: the search holds a set S of elements; a set (row) is met when some element
 * of S is in it. For an element e outside S, score[e] is the total weight of the unmet
 * sets containing e (what adding it gains); for e in S it is minus the weight of the sets
 * only e meets (what dropping it loses). Both are kept exact incrementally. */
#include "hitset/localsearch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/splitmix.h"
#include "core/walltime.h"

#define NONE UINT32_MAX

typedef struct {
    const instance *h;
    uint32_t ne, ns;
    bool *in;          /* element in S */
    bool *can_add;     /* configuration checking: its neighbourhood changed since dropped */
    int64_t *score;
    uint64_t *stamp;   /* step of the element's last change, for ties (older first) */
    uint32_t *count;   /* per set: elements of S in it */
    uint32_t *who;     /* per set: xor of those elements (the one, when count is 1) */
    int64_t *weight;   /* per set */
    uint32_t *unmet, *unmet_pos, nunmet;
    uint32_t *sol, *sol_pos, nsol;
    int64_t *relief;   /* pair search: per element of S, weight a candidate would share */
    uint32_t *touched; /* the elements whose relief is not zero */
    uint64_t rng, step;
} state;

void localsearch_params_init(localsearch_params *p)
{
    memset(p, 0, sizeof *p);
    p->seconds = 1;
    p->seed = 1;
}

const char *localsearch_stop_name(localsearch_stop s)
{
    switch (s) {
    case LOCALSEARCH_TARGET:
        return "target";
    case LOCALSEARCH_STEPS:
        return "steps";
    case LOCALSEARCH_PATIENCE:
        return "patience";
    case LOCALSEARCH_CANCELLED:
        return "cancelled";
    default:
        return "time";
    }
}

/* Releases the best cover; a no-op on an emptied result. */
void localsearch_result_free(localsearch_result *r)
{
    free(r->elems);
    memset(r, 0, sizeof *r);
}

static void state_free(state *st)
{
    free(st->in);
    free(st->can_add);
    free(st->score);
    free(st->stamp);
    free(st->count);
    free(st->who);
    free(st->weight);
    free(st->unmet);
    free(st->unmet_pos);
    free(st->sol);
    free(st->sol_pos);
    free(st->relief);
    free(st->touched);
}

/* Everything empty: S is empty, every set unmet with weight 1. Returns 0 or -1. */
static int state_init(state *st, const instance *h, uint64_t seed)
{
    memset(st, 0, sizeof *st);
    st->h = h;
    st->ne = instance_nelems(h);
    st->ns = instance_nsets(h);
    size_t ne = (size_t)st->ne + 1, ns = (size_t)st->ns + 1;
    st->in = calloc(ne, sizeof *st->in);
    st->can_add = malloc(ne * sizeof *st->can_add);
    st->score = malloc(ne * sizeof *st->score);
    st->stamp = calloc(ne, sizeof *st->stamp);
    st->count = calloc(ns, sizeof *st->count);
    st->who = calloc(ns, sizeof *st->who);
    st->weight = malloc(ns * sizeof *st->weight);
    st->unmet = malloc(ns * sizeof *st->unmet);
    st->unmet_pos = malloc(ns * sizeof *st->unmet_pos);
    st->sol = malloc(ne * sizeof *st->sol);
    st->sol_pos = malloc(ne * sizeof *st->sol_pos);
    st->relief = calloc(ne, sizeof *st->relief);
    st->touched = malloc(ne * sizeof *st->touched);
    if (!st->in || !st->can_add || !st->score || !st->stamp || !st->count || !st->who ||
        !st->weight || !st->unmet || !st->unmet_pos || !st->sol || !st->sol_pos ||
        !st->relief || !st->touched)
        return -1;
    for (uint32_t e = 0; e < st->ne; e++) {
        uint32_t len;
        instance_elem(h, e, &len);
        st->can_add[e] = true;
        st->score[e] = len;
    }
    for (uint32_t s = 0; s < st->ns; s++) {
        st->weight[s] = 1;
        st->unmet[s] = s;
        st->unmet_pos[s] = s;
    }
    st->nunmet = st->ns;
    st->rng = seed;
    return 0;
}

static void unmet_remove(state *st, uint32_t s)
{
    uint32_t i = st->unmet_pos[s], last = st->unmet[--st->nunmet];
    st->unmet[i] = last;
    st->unmet_pos[last] = i;
}

static void unmet_add(state *st, uint32_t s)
{
    st->unmet_pos[s] = st->nunmet;
    st->unmet[st->nunmet++] = s;
}

/* Puts e into S. Sets it newly meets stop counting for the other elements' gains; a
 * set it now shares with one other element no longer counts for that one's loss. */
static void add(state *st, uint32_t e)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(st->h, e, &len);
    st->in[e] = true;
    st->score[e] = -st->score[e]; /* its newly met sets are exactly those only it meets */
    st->stamp[e] = st->step;
    st->sol_pos[e] = st->nsol;
    st->sol[st->nsol++] = e;
    for (uint32_t i = 0; i < len; i++) {
        uint32_t s = sets[i], m;
        const uint32_t *el = instance_set(st->h, s, &m);
        if (st->count[s] == 0)
            unmet_remove(st, s);
        else if (st->count[s] == 1)
            st->score[st->who[s]] += st->weight[s];
        for (uint32_t j = 0; j < m; j++) {
            if (el[j] == e)
                continue;
            if (st->count[s] == 0)
                st->score[el[j]] -= st->weight[s];
            st->can_add[el[j]] = true;
        }
        st->count[s]++;
        st->who[s] ^= e;
    }
}

/* Takes e out of S: the reverse of add(), and e may not come back until a neighbour
 * changes (configuration checking). */
static void drop(state *st, uint32_t e)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(st->h, e, &len);
    st->in[e] = false;
    st->can_add[e] = false;
    st->score[e] = -st->score[e];
    st->stamp[e] = st->step;
    uint32_t i = st->sol_pos[e], last = st->sol[--st->nsol];
    st->sol[i] = last;
    st->sol_pos[last] = i;
    for (uint32_t k = 0; k < len; k++) {
        uint32_t s = sets[k], m;
        const uint32_t *el = instance_set(st->h, s, &m);
        st->count[s]--;
        st->who[s] ^= e;
        if (st->count[s] == 0)
            unmet_add(st, s);
        else if (st->count[s] == 1)
            st->score[st->who[s]] -= st->weight[s];
        for (uint32_t j = 0; j < m; j++) {
            if (el[j] == e)
                continue;
            if (st->count[s] == 0)
                st->score[el[j]] += st->weight[s];
            st->can_add[el[j]] = true;
        }
    }
}

/* a better than b: higher score, then older. */
static bool better(const state *st, uint32_t a, uint32_t b)
{
    if (b == NONE || st->score[a] != st->score[b])
        return b == NONE || st->score[a] > st->score[b];
    return st->stamp[a] < st->stamp[b];
}

/* The element of S whose drop loses least, other than tabu (unless it is alone). */
static uint32_t pick_drop(const state *st, uint32_t tabu)
{
    uint32_t best = NONE;
    for (uint32_t i = 0; i < st->nsol; i++) {
        uint32_t e = st->sol[i];
        if (e != tabu && better(st, e, best))
            best = e;
    }
    return best == NONE ? st->sol[0] : best;
}

/* The element of unmet set s that gains most among those configuration checking
 * allows, or among all of them when it allows none. */
static uint32_t pick_add(const state *st, uint32_t s)
{
    uint32_t m, best = NONE, any = NONE;
    const uint32_t *el = instance_set(st->h, s, &m);
    for (uint32_t j = 0; j < m; j++) {
        if (st->can_add[el[j]] && better(st, el[j], best))
            best = el[j];
        if (better(st, el[j], any))
            any = el[j];
    }
    return best == NONE ? any : best;
}

/* Every unmet set weighs one more, and so gains one more for each of its elements. */
static void bump_weights(state *st)
{
    for (uint32_t i = 0; i < st->nunmet; i++) {
        uint32_t s = st->unmet[i], m;
        const uint32_t *el = instance_set(st->h, s, &m);
        st->weight[s]++;
        for (uint32_t j = 0; j < m; j++)
            st->score[el[j]]++;
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* A pair move: add `add` to S and drop `drop` from it, leaving cost more unmet weight
 * than now (negative: less). */
typedef struct {
    uint32_t add, drop;
    int64_t cost;
    uint32_t ties; /* moves of equal cost and age seen, for a uniform random choice */
} pair_move;

/* Is the move (a, r) at cost better than best? Lower cost, then the older elements
 * (the longest unchanged), then one of the equals at random (reservoir sampling). */
static bool pair_better(state *st, uint32_t a, uint32_t r, int64_t cost, pair_move *best)
{
    if (best->add == NONE || cost < best->cost) {
        best->ties = 1;
        return true;
    }
    if (cost > best->cost)
        return false;
    uint64_t age = st->stamp[a] > st->stamp[r] ? st->stamp[a] : st->stamp[r];
    uint64_t best_age = st->stamp[best->add] > st->stamp[best->drop] ? st->stamp[best->add]
                                                                      : st->stamp[best->drop];
    if (age != best_age) {
        if (age < best_age)
            best->ties = 1;
        return age < best_age;
    }
    return splitmix_next(&st->rng) % ++best->ties == 0;
}

/* Every pair (a, r) for the candidate a outside S and each r in S: adding a gains a's
 * score; dropping r then loses r's loss less the weight of the sets only r meets that a
 * meets too (its relief). r == tabu (the element added last) is skipped unless the pair
 * meets every set. unmet_weight is the weight unmet now. */
static void pair_consider(state *st, uint32_t a, uint32_t tabu, int64_t unmet_weight,
                          pair_move *best)
{
    uint32_t len, nt = 0;
    const uint32_t *sets = instance_elem(st->h, a, &len);
    for (uint32_t i = 0; i < len; i++) {
        uint32_t s = sets[i];
        if (st->count[s] != 1)
            continue;
        uint32_t r = st->who[s];
        if (st->relief[r] == 0)
            st->touched[nt++] = r;
        st->relief[r] += st->weight[s];
    }
    for (uint32_t i = 0; i < st->nsol; i++) {
        uint32_t r = st->sol[i];
        int64_t cost = -st->score[a] - st->score[r] - st->relief[r];
        if (r == tabu && unmet_weight + cost != 0)
            continue;
        if (pair_better(st, a, r, cost, best)) {
            best->add = a;
            best->drop = r;
            best->cost = cost;
        }
    }
    for (uint32_t i = 0; i < nt; i++)
        st->relief[st->touched[i]] = 0;
}

/* One pair step: for a random unmet set, the best pair over its elements (one of them
 * at random, one step in twenty, to shake the search), never re-adding the element
 * dropped last. Returns the move made (add NONE when there was none). */
static pair_move pair_step(state *st, const pair_move *last)
{
    pair_move best = { NONE, NONE, 0, 0 };
    int64_t unmet_weight = 0;
    for (uint32_t i = 0; i < st->nunmet; i++)
        unmet_weight += st->weight[st->unmet[i]];
    uint32_t m, s = st->unmet[splitmix_next(&st->rng) % st->nunmet];
    const uint32_t *el = instance_set(st->h, s, &m);
    if (splitmix_next(&st->rng) % 20 == 0) {
        uint32_t a = el[splitmix_next(&st->rng) % m];
        if (a != last->drop)
            pair_consider(st, a, last->add, unmet_weight, &best);
    } else {
        for (uint32_t j = 0; j < m; j++)
            if (el[j] != last->drop)
                pair_consider(st, el[j], last->add, unmet_weight, &best);
    }
    if (best.add != NONE) {
        add(st, best.add);
        drop(st, best.drop);
    }
    return best;
}

/* Set s, unmet, weighs one more, and so gains one more for each of its elements. */
static void bump_one(state *st, uint32_t s)
{
    uint32_t m;
    const uint32_t *el = instance_set(st->h, s, &m);
    st->weight[s]++;
    for (uint32_t j = 0; j < m; j++)
        st->score[el[j]]++;
}

/* Keeps S, a smaller cover than out's, in out and announces it. */
static void remember(state *st, const localsearch_params *p, double t0,
                     localsearch_result *out)
{
    out->n = st->nsol;
    memcpy(out->elems, st->sol, st->nsol * sizeof *st->sol);
    out->best_step = st->step;
    out->best_seconds = walltime_now() - t0;
    if (p->improved)
        p->improved(p->improved_ctx, st->sol, st->nsol);
}

/* S meets every set: keeps it when it is smaller than out's cover. Returns true when the
 * search ends here (the target reached, or nothing left to drop). */
static bool keep_best(state *st, const localsearch_params *p, double t0,
                      localsearch_result *out)
{
    if (st->nsol < out->n)
        remember(st, p, t0, out);
    if (out->n > p->target && st->nsol > 0)
        return false;
    out->stop = LOCALSEARCH_TARGET;
    return true;
}

/* The stop conditions checked between steps; false to go on. */
static bool must_stop(const state *st, const localsearch_params *p, double t0, double *said,
                      localsearch_result *out)
{
    if (p->max_steps && st->step >= p->max_steps) {
        out->stop = LOCALSEARCH_STEPS;
        return true;
    }
    if (p->patience && st->step - out->best_step >= p->patience) {
        out->stop = LOCALSEARCH_PATIENCE;
        return true;
    }
    if (st->step % 64 == 0) {
        double now = walltime_now();
        if (now - t0 >= p->seconds) {
            out->stop = LOCALSEARCH_TIME;
            return true;
        }
        if (cancel_requested(p->cancel)) {
            out->stop = LOCALSEARCH_CANCELLED;
            return true;
        }
        if (p->progress && now - *said >= 1.0) {
            *said = now;
            p->progress(p->progress_ctx, out->n, st->step, now - t0);
        }
    }
    return false;
}

/* The pair search from S = the start: whenever S meets every set, keep it and drop a
 * random element (aiming one lower); otherwise make the best pair move, and when it did
 * not reduce the unmet sets, one random unmet set weighs one more. */
static void search_pairs(state *st, const localsearch_params *p, double t0,
                         localsearch_result *out)
{
    pair_move last = { NONE, NONE, 0, 0 };
    double said = t0;
    for (;;) {
        while (st->nunmet == 0) {
            if (keep_best(st, p, t0, out))
                return;
            drop(st, st->sol[splitmix_next(&st->rng) % st->nsol]);
            last.add = last.drop = NONE;
        }
        if (must_stop(st, p, t0, &said, out))
            return;
        st->step++;
        uint32_t before = st->nunmet;
        pair_move mv = pair_step(st, &last);
        last = mv; /* no move (every candidate tabu): the tabu lapses */
        if (st->nunmet >= before && st->nunmet > 0)
            bump_one(st, st->unmet[splitmix_next(&st->rng) % st->nunmet]);
    }
}

/* The RWLS search (LOCALSEARCH_RWLS), from S = the start. Keeps the best cover in out. */
static void search(state *st, const localsearch_params *p, double t0, localsearch_result *out)
{
    uint32_t tabu = NONE;
    double said = t0;
    for (;;) {
        while (st->nunmet == 0) {
            if (keep_best(st, p, t0, out))
                return;
            drop(st, pick_drop(st, NONE));
        }
        if (must_stop(st, p, t0, &said, out))
            return;
        st->step++;
        drop(st, pick_drop(st, tabu));
        uint32_t s = st->unmet[splitmix_next(&st->rng) % st->nunmet];
        tabu = pick_add(st, s);
        add(st, tabu);
        bump_weights(st);
    }
}

/* Searches for a smaller cover than start (nstart elements, which must meet every set;
 * repeats are ignored) under p. Returns 0 with the best cover found (at worst the start,
 * less repeats) in *out, which the caller frees with localsearch_result_free(); or -1
 * with a reason in err when the start is not a cover, an id is out of range, memory runs
 * out or (never expected) the best cover fails its final check. */
int localsearch_run(const instance *h, const uint32_t *start, uint32_t nstart,
                    const localsearch_params *p, localsearch_result *out, char *err,
                    size_t errsize)
{
    double t0 = walltime_now();
    state st;
    memset(out, 0, sizeof *out);
    if (state_init(&st, h, p->seed) ||
        !(out->elems = malloc(((size_t)st.ne + 1) * sizeof *out->elems))) {
        snprintf(err, errsize, "out of memory");
        goto fail;
    }
    for (uint32_t i = 0; i < nstart; i++) {
        if (start[i] >= st.ne) {
            snprintf(err, errsize, "start element %u out of range (%u elements)", start[i], st.ne);
            goto fail;
        }
        if (!st.in[start[i]])
            add(&st, start[i]);
    }
    if (st.nunmet) {
        snprintf(err, errsize, "the start misses %u of %u sets", st.nunmet, st.ns);
        goto fail;
    }
    out->start = out->n = st.nsol;
    memcpy(out->elems, st.sol, st.nsol * sizeof *st.sol);
    if (p->method == LOCALSEARCH_RWLS)
        search(&st, p, t0, out);
    else
        search_pairs(&st, p, t0, out);
    out->steps = st.step;
    qsort(out->elems, out->n, sizeof *out->elems, cmp_u32);
    if (!instance_is_cover(h, out->elems, out->n)) {
        snprintf(err, errsize, "internal error: the local search's cover misses a set");
        goto fail;
    }
    state_free(&st);
    out->seconds = walltime_now() - t0;
    return 0;
fail:
    state_free(&st);
    localsearch_result_free(out);
    return -1;
}
