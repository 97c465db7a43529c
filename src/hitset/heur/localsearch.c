/* localsearch.c - the pair-move local search for hitting sets; see localsearch.h. The
 * state and its moves are localsearch_state's; here, which move to make, the elite covers
 * and the stops. */
#include "hitset/heur/localsearch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "core/idlist.h"
#include "core/splitmix.h"
#include "core/walltime.h"
#include "hitset/heur/localsearch_state.h"

#define NONE UINT32_MAX

/* The last few covers that were the best so far (the best, then the one before, ...):
 * restarts start from one of them. */
typedef struct {
    uint32_t *elems[LOCALSEARCH_ELITE];
    uint32_t n[LOCALSEARCH_ELITE];
    uint32_t count, next; /* filled slots; the slot the next cover overwrites */
} elite;

/* A pair move: add `add` to S and drop `drop` from it, leaving cost unmet weight. */
typedef struct {
    uint32_t add, drop;
    int64_t cost;
    uint32_t ties; /* moves of equal cost and age seen, for a uniform random choice */
} pair_move;

void localsearch_params_init(localsearch_params *p)
{
    memset(p, 0, sizeof *p);
    p->limit = budget_until(0, NULL);
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

/* ---- the partner of a candidate ---- */

/* Is a older than b (moved longer ago, then the smaller id)? */
static bool older(const localsearch_state *st, uint32_t a, uint32_t b)
{
    return st->stamp[a] != st->stamp[b] ? st->stamp[a] < st->stamp[b] : a < b;
}

/* Candidate partner r, whose drop after the add loses v (base + v the pair's cost):
 * better than *best (loss *bv) when it loses less, then is older. The tabu element
 * qualifies only when the pair meets every set. */
static void consider(const localsearch_state *st, uint32_t r, int64_t v, uint32_t tabu,
                     int64_t base, uint32_t *best, int64_t *bv)
{
    if (r == tabu && base + v != 0)
        return;
    if (*best == NONE || v < *bv || (v == *bv && older(st, r, *best))) {
        *best = r;
        *bv = v;
    }
}

/* Marks, for each element r of S, the weight of the sets only r meets that a is in too
 * (its relief: adding a takes it off r's loss). Returns how many elements it touched. */
static uint32_t mark_relief(localsearch_state *st, uint32_t a)
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
    return nt;
}

/* The element r of S to drop with a added (a outside S): least loss[r] - relief[r], then
 * the oldest; never tabu unless the pair meets every set (base + that = 0, base being the
 * unmet weight left by adding a). The touched elements are scored directly; every other
 * one loses its plain loss, so the best of them lies on the heap's frontier below the
 * touched (and tabu) nodes: a heap node's subtree loses at least what it does, so the
 * walk stops at the first untouched node of each path and at any node no better than
 * the best so far. It visits O(touched) nodes, not S. Sets *bv; NONE when none. */
static uint32_t best_partner(localsearch_state *st, uint32_t a, uint32_t tabu, int64_t base,
                             int64_t *bv)
{
    uint32_t best = NONE, nt = mark_relief(st, a), depth = 0;
    for (uint32_t i = 0; i < nt; i++) {
        uint32_t r = st->touched[i];
        consider(st, r, st->score[r] - st->relief[r], tabu, base, &best, bv);
    }
    if (st->nsol > 0)
        st->stack[depth++] = 0;
    while (depth > 0) {
        uint32_t i = st->stack[--depth], x = st->heap[i];
        if (best != NONE &&
            (st->score[x] > *bv || (st->score[x] == *bv && !older(st, x, best))))
            continue;
        bool pass = st->relief[x] != 0 || x == tabu;
        if (st->relief[x] == 0)
            consider(st, x, st->score[x], tabu, base, &best, bv);
        if (!pass)
            continue;
        for (uint32_t c = 2 * i + 1; c <= 2 * i + 2 && c < st->nsol; c++)
            st->stack[depth++] = c;
    }
    for (uint32_t i = 0; i < nt; i++)
        st->relief[st->touched[i]] = 0;
    return best;
}

/* ---- one step ---- */

/* Is the move (a, r) at cost better than best? Lower cost, then the older pair (its
 * younger element moved longer ago), then one of the equals at random (reservoir
 * sampling). */
static bool pair_better(localsearch_state *st, uint32_t a, uint32_t r, int64_t cost,
                        pair_move *best)
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

/* The best pair with candidate a into best. */
static void pair_consider(localsearch_state *st, uint32_t a, uint32_t tabu, pair_move *best)
{
    int64_t base = st->unmet_weight - st->score[a], bv = 0;
    uint32_t r = best_partner(st, a, tabu, base, &bv);
    if (r != NONE && pair_better(st, a, r, base + bv, best)) {
        best->add = a;
        best->drop = r;
        best->cost = base + bv;
    }
}

/* For a random unmet set, the best pair over its elements, or, one step in twenty, with
 * one of them at random, to shake the search; never re-adding the element dropped last,
 * nor dropping the one added last unless the pair meets every set. Makes it and returns
 * it (add NONE: none was possible). */
static pair_move pair_step(localsearch_state *st, const pair_move *last)
{
    pair_move best = { NONE, NONE, 0, 0 };
    uint32_t m, s = st->unmet[splitmix_next(&st->rng) % st->nunmet];
    const uint32_t *el = instance_set(st->h, s, &m);
    if (splitmix_next(&st->rng) % 20 == 0) {
        uint32_t a = el[splitmix_next(&st->rng) % m];
        if (a != last->drop)
            pair_consider(st, a, last->add, &best);
    } else {
        for (uint32_t j = 0; j < m; j++)
            if (el[j] != last->drop)
                pair_consider(st, el[j], last->add, &best);
    }
    if (best.add != NONE) {
        localsearch_state_add(st, best.add);
        localsearch_state_drop(st, best.drop);
    }
    return best;
}

/* ---- covers kept ---- */

static void elite_free(elite *el)
{
    for (uint32_t i = 0; i < LOCALSEARCH_ELITE; i++)
        free(el->elems[i]);
}

/* A new best cover into the pool, over the oldest. Returns 0, or -1 (out of memory). */
static int elite_push(elite *el, const uint32_t *elems, uint32_t n)
{
    uint32_t k = el->next;
    uint32_t *copy = realloc(el->elems[k], ((size_t)n + 1) * sizeof *copy);
    if (!copy)
        return -1;
    memcpy(copy, elems, n * sizeof *copy);
    el->elems[k] = copy;
    el->n[k] = n;
    el->next = (k + 1) % LOCALSEARCH_ELITE;
    if (el->count < LOCALSEARCH_ELITE)
        el->count++;
    return 0;
}

/* Restarts from an elite cover, every weight back at 1: the best one half the time,
 * else any of the pool. O(entries of the instance). */
static void restart(localsearch_state *st, const elite *el)
{
    uint32_t newest = (el->next + LOCALSEARCH_ELITE - 1) % LOCALSEARCH_ELITE;
    uint32_t k = newest;
    if (splitmix_next(&st->rng) % 2)
        k = (uint32_t)((newest + LOCALSEARCH_ELITE -
                        splitmix_next(&st->rng) % el->count) % LOCALSEARCH_ELITE);
    localsearch_state_reset(st);
    for (uint32_t i = 0; i < el->n[k]; i++)
        localsearch_state_add(st, el->elems[k][i]);
}

/* ---- the search ---- */

typedef struct {
    const localsearch_params *p;
    double t0, said;   /* the call's start; the last progress report */
    uint64_t restart;  /* steps without a smaller cover before a restart */
    uint64_t since;    /* the step of the last improvement or restart */
    double end;        /* the time end: p->limit's, or what p->extend set (0: none) */
    double told;       /* when p->improved was last called */
    uint32_t told_n;   /* the size it was last called with */
    uint64_t patience; /* p->patience, or p->extend_patience once extended */
    bool extended;     /* p->extend was called */
    elite pool;
    bool oom;
    uint64_t check_every; /* steps between Debug builds' checks of the state */
} run_ctx;

/* Hands the best cover to p->improved: at most every LOCALSEARCH_ANNOUNCE seconds while
 * the search runs (a caller's check of a cover can cost the whole instance, and early on
 * covers improve every few steps), and once more at the end when the best was not told
 * (final). */
static void announce(run_ctx *c, const localsearch_result *out, bool final)
{
    if (!c->p->improved || out->n >= c->told_n)
        return;
    double now = walltime_now();
    if (!final && now - c->told < LOCALSEARCH_ANNOUNCE)
        return;
    c->told = now;
    c->told_n = out->n;
    c->p->improved(c->p->improved_ctx, out->elems, out->n);
}

/* S meets every set: drops the elements no set needs, keeps S when it is smaller than
 * out's cover. Returns true when the search ends here (the target reached, nothing left
 * to drop, or memory out). */
static bool keep_best(localsearch_state *st, run_ctx *c, localsearch_result *out)
{
    while (st->nsol > 0 && st->score[st->heap[0]] == 0)
        localsearch_state_drop(st, st->heap[0]);
    if (st->nsol < out->n) {
        out->n = st->nsol;
        memcpy(out->elems, st->heap, st->nsol * sizeof *st->heap);
        out->best_step = c->since = st->step;
        out->best_seconds = walltime_now() - c->t0;
        if (elite_push(&c->pool, st->heap, st->nsol))
            return c->oom = true;
        announce(c, out, false);
    }
    if (out->n > c->p->target && st->nsol > 0)
        return false;
    out->stop = LOCALSEARCH_TARGET;
    return true;
}

/* The search would stop for reason: true when p->extend lets it go on instead. */
static bool extended(run_ctx *c, const localsearch_result *out)
{
    if (c->extended || !c->p->extend)
        return false;
    c->extended = true;
    double end = c->end;
    if (!c->p->extend(c->p->extend_ctx, out->n, &end))
        return false;
    c->end = end;
    c->patience = c->p->extend_patience;
    return true;
}

/* The stop conditions checked between steps; false to go on. */
static bool must_stop(const localsearch_state *st, run_ctx *c, localsearch_result *out)
{
    const localsearch_params *p = c->p;
    if (p->max_steps && st->step >= p->max_steps) {
        out->stop = LOCALSEARCH_STEPS;
        return true;
    }
    if (c->patience && st->step - out->best_step >= c->patience && !extended(c, out)) {
        out->stop = LOCALSEARCH_PATIENCE;
        return true;
    }
    if (st->step % 64 == 0) {
        double now = walltime_now();
        if (c->end > 0 && now >= c->end && !extended(c, out)) {
            out->stop = LOCALSEARCH_TIME;
            return true;
        }
        if (cancel_requested(p->limit.cancel, STOP_SITE_LOCALSEARCH_STEP)) {
            out->stop = LOCALSEARCH_CANCELLED;
            return true;
        }
        announce(c, out, false); /* a smaller cover that waited */
        if (p->progress && now - c->said >= 1.0) {
            c->said = now;
            p->progress(p->progress_ctx, out->n, st->step, now - c->t0);
        }
    }
    return false;
}

/* From S = the start: whenever S meets every set, keep it and drop a random element
 * (aiming one lower); otherwise make the best pair move, and when it did not reduce the
 * unmet sets, raise weights; after c->restart steps without a smaller cover, restart
 * from an elite cover. */
static void search(localsearch_state *st, run_ctx *c, localsearch_result *out)
{
    pair_move last = { NONE, NONE, 0, 0 };
    for (;;) {
        while (st->nunmet == 0) {
            if (keep_best(st, c, out))
                return;
            localsearch_state_drop(st, st->heap[splitmix_next(&st->rng) % st->nsol]);
            last.add = last.drop = NONE;
        }
        if (must_stop(st, c, out))
            return;
        if (st->step - c->since >= c->restart) {
            restart(st, &c->pool);
            out->restarts++;
            c->since = st->step;
            last.add = last.drop = NONE;
            continue;
        }
        st->step++;
        uint32_t before = st->nunmet;
        last = pair_step(st, &last); /* no move (every candidate tabu): the tabu lapses */
        if (st->nunmet >= before && st->nunmet > 0)
            localsearch_state_bump_weights(st);
#ifndef NDEBUG
        if (st->step % c->check_every == 0)
            CHECK(localsearch_state_check(st)); /* the kept state against one from scratch */
#endif
    }
}

/* S = start (repeats ignored), which must meet every set. Returns 0 or -1 with err. */
static int load_start(localsearch_state *st, const uint32_t *start, uint32_t nstart,
                      char *err, size_t errsize)
{
    for (uint32_t i = 0; i < nstart; i++) {
        if (start[i] >= st->ne) {
            snprintf(err, errsize, "start element %u out of range (%u elements)", start[i],
                     st->ne);
            return -1;
        }
        if (!st->in[start[i]])
            localsearch_state_add(st, start[i]);
    }
    if (st->nunmet) {
        snprintf(err, errsize, "the start misses %u of %u sets", st->nunmet, st->ns);
        return -1;
    }
    return 0;
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
    run_ctx c;
    localsearch_state st;
    memset(out, 0, sizeof *out);
    memset(&c, 0, sizeof c);
    c.p = p;
    c.t0 = c.said = walltime_now();
    c.end = p->limit.end;
    c.patience = p->patience;
    c.told = c.t0 - LOCALSEARCH_ANNOUNCE; /* the first smaller cover is told at once */
    int rc = -1;
    if (localsearch_state_init(&st, h, p->seed) ||
        !(out->elems = malloc(((size_t)st.ne + 1) * sizeof *out->elems))) {
        snprintf(err, errsize, "out of memory");
        goto done;
    }
    if (load_start(&st, start, nstart, err, errsize))
        goto done;
    CHECK(localsearch_state_check(&st));
    c.check_every = instance_nnz(h) / 16 > LOCALSEARCH_CHECK_EVERY ? instance_nnz(h) / 16
                                                                   : LOCALSEARCH_CHECK_EVERY;
    out->start = out->n = c.told_n = st.nsol;
    memcpy(out->elems, st.heap, st.nsol * sizeof *st.heap);
    uint64_t every = (uint64_t)LOCALSEARCH_RESTART_PER_SET * st.ns;
    c.restart = p->restart ? p->restart
                           : every > LOCALSEARCH_RESTART_MIN ? every : LOCALSEARCH_RESTART_MIN;
    if (elite_push(&c.pool, st.heap, st.nsol))
        c.oom = true;
    else
        search(&st, &c, out);
    if (!c.oom)
        announce(&c, out, true);
    if (c.oom) {
        snprintf(err, errsize, "out of memory");
        goto done;
    }
    CHECK(localsearch_state_check(&st));
    out->steps = st.step;
    qsort(out->elems, out->n, sizeof *out->elems, idlist_compare);
    if (!instance_is_cover(h, out->elems, out->n)) {
        snprintf(err, errsize, "internal error: the local search's cover misses a set");
        goto done;
    }
    out->seconds = walltime_now() - c.t0;
    rc = 0;
done:
    localsearch_state_free(&st);
    elite_free(&c.pool);
    if (rc)
        localsearch_result_free(out);
    return rc;
}
