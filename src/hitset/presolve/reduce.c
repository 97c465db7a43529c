/* reduce.c - forced elements, dominated sets and dominated elements; see reduce.h. */
#include "hitset/presolve/reduce.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "core/idlist.h"
#include "core/budget.h"
#include "core/walltime.h"
#include "hitset/presolve/rowsig.h"

/* The instance as it shrinks: alive flags and the alive degree of every set/element,
 * plus a stamp array for find_dominator (stamp[x] == tick marks x as in the current row). */
typedef struct {
    const instance *h;
    bool *alive_e, *alive_s;
    uint32_t *deg_e, *deg_s;
    uint32_t *stamp_s;
    uint32_t tick;
    uint32_t *alive; /* scratch: the alive entries of the row under test */
    /* Each set's and each element's whole row's signature (rowsig.h), so that most subset
     * tests end in one AND instead of a binary search per entry (the profile of a PACE
     * instance with 8k elements and 244k sets spent most of its reduction in those). */
    uint64_t *sig_s, *sig_e;
    reduce_result *r;
    budget_poll poll;      /* the deadline and the caller's cancel, every CLOCK_WORK */
    const reduce_log *log; /* who hears of each step, or NULL */
    const reduce_watch *watch; /* who hears how far the passes are, or NULL */
    uint64_t watched;      /* work when the clock was last read for watch */
    double next_watch;     /* when watch hears next */
    uint64_t work;         /* entries read so far */
} state;

/* Entries read between two readings of the clock: a few milliseconds' work. */
#define CLOCK_WORK (1u << 16)

/* The watch's report, at most once a second (its clock read once per CLOCK_WORK). */
static void tell_watch(state *st)
{
    const reduce_result *r = st->r;
    double now = walltime_now();
    st->watched = st->work;
    if (now < st->next_watch)
        return;
    st->next_watch = now + 1;
    st->watch->fn(st->watch->ctx,
                  (uint64_t)r->nforced + r->forced_sets + r->dominated_sets + r->dominated_elems +
                      r->emptied_elems,
                  r->rounds);
}

/* Past the deadline? Asked often, and answered from the clock once per CLOCK_WORK
 * entries read (a count of rows was no measure: one row of a set that holds most
 * elements can cost seconds of subset tests). Each removal is valid on its own, so a
 * pass may stop anywhere; the result says it stopped. */
static bool stopped(state *st)
{
    if (st->watch && st->work - st->watched >= CLOCK_WORK)
        tell_watch(st);
    st->r->stopped = st->r->stopped || budget_poll_stopped(&st->poll, st->work);
    return st->r->stopped;
}

/* Does the ascending row contain all n entries of want? Rows of an instance are sorted,
 * so a subset test costs a few probes per entry and stops at the first miss, instead of
 * a scan of the long row. */
static bool row_has_all(const uint32_t *row, uint32_t len, const uint32_t *want, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (!idlist_sorted_has(row, len, want[i]))
            return false;
    return true;
}

static void kill_set(state *st, uint32_t s)
{
    uint32_t len;
    const uint32_t *el = instance_set(st->h, s, &len);
    st->work += len;
    st->alive_s[s] = false;
    for (uint32_t i = 0; i < len; i++)
        st->deg_e[el[i]]--;
}

static void kill_elem(state *st, uint32_t e)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(st->h, e, &len);
    st->work += len;
    st->alive_e[e] = false;
    for (uint32_t i = 0; i < len; i++)
        st->deg_s[sets[i]]--;
}

/* Elements left meeting no alive set go: one pass over the elements, not stopped by the
 * deadline (a stopped pass through 2^24 elements of one set left millions behind). */
static bool drop_emptied(state *st)
{
    bool changed = false;
    for (uint32_t e = 0; e < instance_nelems(st->h); e++)
        if (st->alive_e[e] && st->deg_e[e] == 0) {
            kill_elem(st, e);
            st->r->emptied_elems++;
            changed = true;
        }
    return changed;
}

/* Sets with a single alive element force it, then the elements left with no set go. */
static bool forced_step(state *st)
{
    bool changed = false;
    for (uint32_t s = 0; s < instance_nsets(st->h) && !stopped(st); s++) {
        st->work++;
        if (!st->alive_s[s] || st->deg_s[s] != 1)
            continue;
        uint32_t len, e = UINT32_MAX;
        const uint32_t *el = instance_set(st->h, s, &len);
        st->work += len;
        for (uint32_t i = 0; i < len && e == UINT32_MAX; i++)
            if (st->alive_e[el[i]])
                e = el[i];
        const uint32_t *sets = instance_elem(st->h, e, &len);
        for (uint32_t i = 0; i < len; i++)
            if (st->alive_s[sets[i]]) {
                kill_set(st, sets[i]);
                st->r->forced_sets++;
            }
        if (st->log && st->log->forced)
            st->log->forced(st->log->ctx, s, e);
        kill_elem(st, e);
        st->r->forced[st->r->nforced++] = e;
        changed = true;
    }
    return drop_emptied(st) || changed;
}

/* Drops every alive set that contains set g (or equals it and comes later); returns
 * whether g itself must go because an earlier equal set exists. Candidates must contain
 * g's rarest alive element. */
static bool supersets_of_set(state *st, uint32_t g, bool *changed)
{
    uint32_t len, rare = UINT32_MAX, n = 0;
    uint64_t want = 0;
    const uint32_t *el = instance_set(st->h, g, &len);
    st->work += len;
    for (uint32_t i = 0; i < len; i++)
        if (st->alive_e[el[i]]) {
            st->alive[n++] = el[i];
            want |= rowsig_bit(el[i]);
            if (rare == UINT32_MAX || st->deg_e[el[i]] < st->deg_e[rare])
                rare = el[i];
        }
    uint32_t nc;
    const uint32_t *cand = instance_elem(st->h, rare, &nc);
    for (uint32_t i = 0; i < nc && !stopped(st); i++) {
        uint32_t s = cand[i], m;
        st->work++;
        if (s == g || !st->alive_s[s] || st->deg_s[s] < st->deg_s[g] ||
            (want & ~st->sig_s[s]))
            continue;
        const uint32_t *row = instance_set(st->h, s, &m);
        st->work += n;
        if (!row_has_all(row, m, st->alive, n))
            continue;
        if (st->deg_s[s] == st->deg_s[g] && s < g)
            return true;
        if (st->log && st->log->dropped)
            st->log->dropped(st->log->ctx, s);
        kill_set(st, s);
        st->r->dominated_sets++;
        *changed = true;
    }
    return false;
}

static bool dominated_sets_step(state *st)
{
    bool changed = false;
    for (uint32_t g = 0; g < instance_nsets(st->h) && !stopped(st); g++, st->work++)
        if (st->alive_s[g] && supersets_of_set(st, g, &changed)) {
            if (st->log && st->log->dropped)
                st->log->dropped(st->log->ctx, g);
            kill_set(st, g);
            st->r->dominated_sets++;
            changed = true;
        }
    return changed;
}

/* Is element a dominated: another alive element meets all of a's alive sets (strictly
 * more, or the same ones with a lower id)? *by receives that element, UINT32_MAX when a
 * meets no alive set. Candidates meet a's rarest alive set. */
static bool elem_dominated(state *st, uint32_t a, uint32_t *by)
{
    uint32_t len, rare = UINT32_MAX, n = 0;
    uint64_t want = 0;
    const uint32_t *sets = instance_elem(st->h, a, &len);
    st->work += len;
    for (uint32_t i = 0; i < len; i++)
        if (st->alive_s[sets[i]]) {
            st->alive[n++] = sets[i];
            want |= rowsig_bit(sets[i]);
            if (rare == UINT32_MAX || st->deg_s[sets[i]] < st->deg_s[rare])
                rare = sets[i];
        }
    *by = UINT32_MAX;
    if (rare == UINT32_MAX)
        return true; /* meets no set: any cover can do without it */
    uint32_t nc;
    const uint32_t *cand = instance_set(st->h, rare, &nc);
    for (uint32_t i = 0; i < nc && !stopped(st); i++) {
        uint32_t b = cand[i], m;
        st->work++;
        if (b == a || !st->alive_e[b] || st->deg_e[b] < st->deg_e[a])
            continue;
        if ((st->deg_e[b] == st->deg_e[a] && b > a) || (want & ~st->sig_e[b]))
            continue;
        const uint32_t *row = instance_elem(st->h, b, &m);
        st->work += n;
        if (row_has_all(row, m, st->alive, n)) {
            *by = b;
            return true;
        }
    }
    return false;
}

/* An alive element meeting every set that the (dead) element e meets: all sets are
 * alive here, so the first alive element of e's rarest set containing all of e's sets. */
static uint32_t find_dominator(state *st, uint32_t e)
{
    uint32_t len, m;
    const uint32_t *sets = instance_elem(st->h, e, &len);
    if (len == 0)
        return UINT32_MAX;
    st->tick++;
    for (uint32_t i = 0; i < len; i++)
        st->stamp_s[sets[i]] = st->tick;
    const uint32_t *cand = instance_set(st->h, sets[0], &m);
    for (uint32_t i = 0; i < m; i++) {
        uint32_t b = cand[i], n, common = 0;
        if (!st->alive_e[b])
            continue;
        const uint32_t *row = instance_elem(st->h, b, &n);
        for (uint32_t j = 0; j < n; j++)
            common += st->stamp_s[row[j]] == st->tick;
        if (common == len)
            return b;
    }
    return UINT32_MAX; /* unreachable: an alive element dominates every dead one */
}

static bool dominated_elems_step(state *st)
{
    bool changed = false;
    uint32_t by;
    for (uint32_t a = 0; a < instance_nelems(st->h) && !stopped(st); a++, st->work++)
        if (st->alive_e[a] && elem_dominated(st, a, &by)) {
            if (st->log && st->log->dominated)
                st->log->dominated(st->log->ctx, a, by);
            kill_elem(st, a);
            st->r->dominated_elems++;
            changed = true;
        }
    return changed;
}

static int state_init(state *st, const instance *h, reduce_result *r)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    memset(st, 0, sizeof *st);
    st->h = h;
    st->r = r;
    st->alive_e = malloc((ne + 1) * sizeof *st->alive_e);
    st->alive_s = malloc((ns + 1) * sizeof *st->alive_s);
    st->deg_e = malloc((ne + 1) * sizeof *st->deg_e);
    st->deg_s = malloc((ns + 1) * sizeof *st->deg_s);
    st->stamp_s = calloc(ns + 1, sizeof *st->stamp_s);
    st->alive = malloc(((size_t)(ne > ns ? ne : ns) + 1) * sizeof *st->alive);
    st->sig_e = malloc((ne + 1) * sizeof *st->sig_e);
    st->sig_s = malloc((ns + 1) * sizeof *st->sig_s);
    r->forced = malloc((ne + 1) * sizeof *r->forced);
    if (!st->alive_e || !st->alive_s || !st->deg_e || !st->deg_s ||
        !st->stamp_s || !st->alive || !st->sig_e || !st->sig_s || !r->forced)
        return -1;
    for (uint32_t e = 0; e < ne; e++) {
        st->alive_e[e] = true;
        const uint32_t *row = instance_elem(h, e, &st->deg_e[e]);
        st->sig_e[e] = rowsig_of(row, st->deg_e[e]);
    }
    for (uint32_t s = 0; s < ns; s++) {
        st->alive_s[s] = true;
        const uint32_t *row = instance_set(h, s, &st->deg_s[s]);
        st->sig_s[s] = rowsig_of(row, st->deg_s[s]);
    }
    return 0;
}

static void state_free(state *st)
{
    free(st->alive_e);
    free(st->alive_s);
    free(st->deg_e);
    free(st->deg_s);
    free(st->stamp_s);
    free(st->alive);
    free(st->sig_e);
    free(st->sig_s);
}

/* Applies the three reductions until none changes anything. Fills *out (free it with
 * reduce_result_free()); the instance is only read. Returns 0, or -1 with a reason in
 * err when memory runs out. */
int reduce_run(const instance *h, reduce_result *out, char *err, size_t errsize)
{
    return reduce_run_until(h, budget_until(0, NULL), out, err, errsize);
}

/* reduce_run(), stopping once the budget b is over (its end, or its cancel; core/budget.h),
 * wherever the passes are: out->stopped says so, and no core is built then (the caller's
 * time is up: on an instance of 2^27 entries the core was one more copy of it, a second
 * and a gigabyte, for no search). */
int reduce_run_until(const instance *h, budget b, reduce_result *out, char *err,
                     size_t errsize)
{
    return reduce_run_logged(h, b, NULL, out, err, errsize);
}

/* The passes within b; stopped, a core is still built when a log needs it or when
 * `outer` (the caller's whole budget, of which b is a share; NULL: none) is not over. */
static int run(const instance *h, budget b, const budget *outer, const reduce_log *log,
               const reduce_watch *watch, reduce_result *out, char *err, size_t errsize)
{
    state st;
    memset(out, 0, sizeof *out);
    int rc = -1;
    if (state_init(&st, h, out))
        goto done;
    st.poll = budget_poll_make(b, CLOCK_WORK, STOP_SITE_REDUCE_POLL);
    st.log = log;
    st.watch = watch && watch->fn ? watch : NULL;
    bool changed = true;
    while (changed && !out->stopped) {
        out->rounds++;
        changed = forced_step(&st);
        changed |= dominated_sets_step(&st);
        changed |= dominated_elems_step(&st);
    }
    if (out->stopped && outer && !budget_stopped(*outer, STOP_SITE_REDUCE_SHARE)) {
        out->stopped = false; /* its share is over, not the caller's time */
        out->partial = true;
    }
    if (out->stopped && !log) { /* a certifying search (log) needs the core it reduced */
        rc = 0;
        CHECK(reduce_result_check(h, out));
        goto done;
    }
    out->core_elem = malloc((instance_nelems(h) + 1) * sizeof *out->core_elem);
    out->core_set = malloc((instance_nsets(h) + 1) * sizeof *out->core_set);
    if (out->core_elem && out->core_set)
        out->core = instance_sub(h, st.alive_e, st.alive_s, out->core_elem, out->core_set);
    rc = out->core ? 0 : -1;
    if (rc == 0)
        CHECK(reduce_result_check(h, out));
done:
    state_free(&st);
    if (rc) {
        reduce_result_free(out);
        snprintf(err, errsize, "out of memory while reducing the instance");
    }
    return rc;
}

int reduce_run_logged(const instance *h, budget b, const reduce_log *log, reduce_result *out,
                      char *err, size_t errsize)
{
    return run(h, b, NULL, log, NULL, out, err, errsize);
}

int reduce_run_share(const instance *h, budget b, double share, reduce_result *out, char *err,
                     size_t errsize)
{
    return reduce_run_share_watched(h, b, share, NULL, out, err, errsize);
}

int reduce_run_share_watched(const instance *h, budget b, double share, const reduce_watch *watch,
                             reduce_result *out, char *err, size_t errsize)
{
    return reduce_run_capped_watched(h, b, share, 0, watch, out, err, errsize);
}

int reduce_run_capped_watched(const instance *h, budget b, double share, uint64_t cap,
                              const reduce_watch *watch, reduce_result *out, char *err,
                              size_t errsize)
{
    double now = walltime_now();
    budget mine = b;
    if (budget_by_work(b)) /* the share in work; the end on the clock only caps */
        mine = budget_work_share(b, share);
    else if (b.end > 0 && share < 1)
        mine.end = now + share * budget_left(b, now);
    if (cap && b.work) { /* b's counter makes the cap an end in work, even without one */
        uint64_t end = b.work->used + cap;
        if (!budget_by_work(mine) || end < mine.work_end)
            mine.work_end = end;
    }
    return run(h, mine, &b, NULL, watch, out, err, errsize);
}

/* Only the dominated-element reduction, which also keeps maximum coverage intact (an
 * element can be swapped for its dominator without meeting fewer sets). Sets
 * keep_elem[e] for the elements that stay and, when dominator is not NULL, dominator[e]
 * to a staying element that meets every set e meets (e itself when it stays, UINT32_MAX
 * when e meets no set). Returns the
 * number of staying elements, or -1 when memory runs out. */
int reduce_elems(const instance *h, bool *keep_elem, uint32_t *dominator)
{
    state st;
    reduce_result r;
    memset(&r, 0, sizeof r);
    int rc = -1;
    if (state_init(&st, h, &r) == 0) {
        dominated_elems_step(&st);
        rc = 0;
        for (uint32_t e = 0; e < instance_nelems(h); e++) {
            keep_elem[e] = st.alive_e[e];
            rc += keep_elem[e];
        }
        for (uint32_t e = 0; dominator && e < instance_nelems(h); e++)
            dominator[e] = keep_elem[e] ? e : find_dominator(&st, e);
    }
    state_free(&st);
    reduce_result_free(&r);
    return rc;
}

/* Releases everything in r; a no-op on an empty result. */
void reduce_result_free(reduce_result *r)
{
    free(r->forced);
    free(r->core_elem);
    free(r->core_set);
    instance_free(r->core);
    memset(r, 0, sizeof *r);
}

/* What reduce_result_check() marks on h: the forced elements, the sets kept in the core,
 * each element's core id (UINT32_MAX outside the core), and per core element c the core
 * sets whose first element is c (by_first[first_off[c] .. first_off[c + 1]]): a set
 * that contains a core set contains its first element, so only those need testing. */
typedef struct {
    const instance *h;
    const reduce_result *r;
    unsigned char *forced, *kept_set;
    uint32_t *core_id;
    uint32_t *stamp; /* per core element: 1 + the removed set under test */
    uint32_t *first_off, *by_first;
} audit;

static void audit_free(audit *a)
{
    free(a->forced);
    free(a->kept_set);
    free(a->core_id);
    free(a->stamp);
    free(a->first_off);
    free(a->by_first);
}

static int audit_alloc(audit *a, const instance *h, const reduce_result *r)
{
    size_t ne = instance_nelems(h), ns = instance_nsets(h);
    size_t cne = instance_nelems(r->core), cns = instance_nsets(r->core);
    memset(a, 0, sizeof *a);
    a->h = h;
    a->r = r;
    a->forced = calloc(ne + 1, 1);
    a->kept_set = calloc(ns + 1, 1);
    a->core_id = malloc((ne + 1) * sizeof *a->core_id);
    a->stamp = calloc(cne + 1, sizeof *a->stamp);
    a->first_off = calloc(cne + 2, sizeof *a->first_off);
    a->by_first = malloc((cns + 1) * sizeof *a->by_first);
    if (!a->forced || !a->kept_set || !a->core_id || !a->stamp || !a->first_off ||
        !a->by_first) {
        audit_free(a);
        return -1;
    }
    for (size_t e = 0; e < ne; e++)
        a->core_id[e] = UINT32_MAX;
    return 0;
}

/* Every element and every set of h ends in exactly one of the counts. */
static const char *check_counts(const instance *h, const reduce_result *r)
{
    if ((uint64_t)instance_nelems(r->core) + r->nforced + r->dominated_elems +
            r->emptied_elems != instance_nelems(h))
        return "the core's, forced, dominated and emptied elements do not add up to h's";
    if ((uint64_t)instance_nsets(r->core) + r->forced_sets + r->dominated_sets !=
        instance_nsets(h))
        return "the core's, forced and dominated sets do not add up to h's";
    return NULL;
}

/* Forced elements are killed when forced, so none can be forced twice. */
static const char *check_forced(audit *a)
{
    for (uint32_t i = 0; i < a->r->nforced; i++) {
        uint32_t e = a->r->forced[i];
        if (e >= instance_nelems(a->h))
            return "a forced element is out of range";
        if (a->forced[e])
            return "a forced element is repeated";
        a->forced[e] = 1;
    }
    return NULL;
}

/* The core's elements are the alive ones: distinct, and never a forced (dead) one. */
static const char *check_core_elems(audit *a)
{
    for (uint32_t c = 0; c < instance_nelems(a->r->core); c++) {
        uint32_t e = a->r->core_elem[c];
        if (e >= instance_nelems(a->h))
            return "a core element maps out of range";
        if (a->forced[e])
            return "a core element maps to a forced element";
        if (a->core_id[e] != UINT32_MAX)
            return "two core elements map to one element";
        a->core_id[e] = c;
    }
    return NULL;
}

/* Core set k is its set of h with the dead elements removed (instance_sub()): exactly
 * the core elements of that set, none added; and no forced element meets it, since a
 * forced element kills every set it meets. */
static const char *check_core_set(audit *a, uint32_t k)
{
    uint32_t s = a->r->core_set[k], m, n, kept = 0;
    if (s >= instance_nsets(a->h))
        return "a core set maps out of range";
    if (a->kept_set[s])
        return "two core sets map to one set";
    a->kept_set[s] = 1;
    const uint32_t *row = instance_set(a->r->core, k, &m);
    const uint32_t *orig = instance_set(a->h, s, &n);
    for (uint32_t i = 0; i < m; i++)
        if (!idlist_sorted_has(orig, n, a->r->core_elem[row[i]]))
            return "a core set is not a subset of its set of h";
    for (uint32_t i = 0; i < n; i++) {
        if (a->forced[orig[i]])
            return "a core set's set of h is met by a forced element";
        kept += a->core_id[orig[i]] != UINT32_MAX;
    }
    return kept == m ? NULL : "a core set lacks a core element of its set of h";
}

/* Buckets the core sets by their first element (a counting sort). */
static void index_by_first(audit *a)
{
    const instance *core = a->r->core;
    uint32_t cns = instance_nsets(core), len;
    for (uint32_t k = 0; k < cns; k++)
        a->first_off[instance_set(core, k, &len)[0] + 1]++;
    for (uint32_t c = 0; c < instance_nelems(core); c++)
        a->first_off[c + 1] += a->first_off[c];
    for (uint32_t k = 0; k < cns; k++)
        a->by_first[a->first_off[instance_set(core, k, &len)[0]]++] = k;
    for (uint32_t c = instance_nelems(core); c > 0; c--) /* undo the advance */
        a->first_off[c] = a->first_off[c - 1];
    a->first_off[0] = 0;
}

/* Does set s of h (not in the core) contain every element of some core set? */
static bool contains_core_set(audit *a, uint32_t s)
{
    uint32_t n, m;
    const uint32_t *orig = instance_set(a->h, s, &n);
    for (uint32_t i = 0; i < n; i++)
        if (a->core_id[orig[i]] != UINT32_MAX)
            a->stamp[a->core_id[orig[i]]] = s + 1;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = a->core_id[orig[i]];
        if (c == UINT32_MAX)
            continue;
        for (uint32_t j = a->first_off[c]; j < a->first_off[c + 1]; j++) {
            const uint32_t *row = instance_set(a->r->core, a->by_first[j], &m);
            uint32_t t = 0;
            while (t < m && a->stamp[row[t]] == s + 1)
                t++;
            if (t == m)
                return true;
        }
    }
    return false;
}

/* A set leaves either with a forced element, which it then contains, or as a superset
 * of an alive set g's alive elements. g's alive elements only shrink later, and if g
 * leaves too, then by a forced element among them or as a superset of another set's,
 * and so on: every removed set ends met by a forced element or containing a core set. */
static const char *check_removed_sets(audit *a)
{
    index_by_first(a);
    for (uint32_t s = 0; s < instance_nsets(a->h); s++) {
        if (a->kept_set[s])
            continue;
        uint32_t n, i = 0;
        const uint32_t *orig = instance_set(a->h, s, &n);
        while (i < n && !a->forced[orig[i]])
            i++;
        if (i == n && !contains_core_set(a, s))
            return "a removed set is met by no forced element and contains no core set";
    }
    return NULL;
}

/* A stopped reduction, which has no core: distinct forced elements of h, and no more
 * elements or sets gone than h has. NULL also when memory runs out for the check. */
static const char *check_stopped(const instance *h, const reduce_result *r)
{
    if (r->core_elem || r->core_set)
        return "a stopped reduction has maps but no core";
    if ((uint64_t)r->nforced + r->dominated_elems + r->emptied_elems > instance_nelems(h) ||
        (uint64_t)r->forced_sets + r->dominated_sets > instance_nsets(h))
        return "a stopped reduction removed more than h holds";
    unsigned char *seen = calloc((size_t)instance_nelems(h) + 1, 1);
    const char *why = NULL;
    for (uint32_t i = 0; seen && i < r->nforced && !why; i++) {
        uint32_t e = r->forced[i];
        why = e >= instance_nelems(h) ? "a forced element is out of range"
              : seen[e]               ? "a forced element is repeated"
                                      : NULL;
        if (!why)
            seen[e] = 1;
    }
    free(seen);
    return why;
}

/* The invariants of reduce_result for h (reduce.h); NULL also when memory runs out for
 * the check. */
const char *reduce_result_check(const instance *h, const reduce_result *r)
{
    if (!r->core)
        return r->stopped ? check_stopped(h, r) : "a reduction has no core";
    const char *why = check_counts(h, r);
    audit a;
    if (why || audit_alloc(&a, h, r))
        return why;
    why = check_forced(&a);
    if (!why)
        why = check_core_elems(&a);
    for (uint32_t k = 0; !why && k < instance_nsets(r->core); k++)
        why = check_core_set(&a, k);
    if (!why)
        why = check_removed_sets(&a);
    audit_free(&a);
    return why;
}
