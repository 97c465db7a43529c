/* reduce.c - forced elements, dominated sets and dominated elements; see reduce.h. */
#include "hitset/reduce.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/idlist.h"
#include "core/walltime.h"

/* The instance as it shrinks: alive flags and the alive degree of every set/element,
 * plus a stamp array for find_dominator (stamp[x] == tick marks x as in the current row). */
typedef struct {
    const instance *h;
    bool *alive_e, *alive_s;
    uint32_t *deg_e, *deg_s;
    uint32_t *stamp_s;
    uint32_t tick;
    uint32_t *alive; /* scratch: the alive entries of the row under test */
    reduce_result *r;
    double deadline; /* walltime_now() at which to stop, 0 for none */
    const cancel_check *cancel; /* or when the caller asks */
} state;

/* Past the deadline? Asked every 64 rows: each removal is valid on its own, so a pass
 * may stop anywhere and leave a core that is merely less reduced. */
static bool out_of_time(state *st, uint32_t i)
{
    if (st->r->stopped || i % 64 != 0)
        return st->r->stopped;
    st->r->stopped = (st->deadline > 0 && walltime_now() >= st->deadline) ||
                     cancel_requested(st->cancel);
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
    st->alive_s[s] = false;
    for (uint32_t i = 0; i < len; i++)
        st->deg_e[el[i]]--;
}

static void kill_elem(state *st, uint32_t e)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(st->h, e, &len);
    st->alive_e[e] = false;
    for (uint32_t i = 0; i < len; i++)
        st->deg_s[sets[i]]--;
}

/* Sets with a single alive element force it. */
static bool forced_step(state *st)
{
    bool changed = false;
    for (uint32_t s = 0; s < instance_nsets(st->h); s++) {
        if (!st->alive_s[s] || st->deg_s[s] != 1)
            continue;
        uint32_t len, e = UINT32_MAX;
        const uint32_t *el = instance_set(st->h, s, &len);
        for (uint32_t i = 0; i < len && e == UINT32_MAX; i++)
            if (st->alive_e[el[i]])
                e = el[i];
        const uint32_t *sets = instance_elem(st->h, e, &len);
        for (uint32_t i = 0; i < len; i++)
            if (st->alive_s[sets[i]]) {
                kill_set(st, sets[i]);
                st->r->forced_sets++;
            }
        kill_elem(st, e);
        st->r->forced[st->r->nforced++] = e;
        changed = true;
    }
    for (uint32_t e = 0; e < instance_nelems(st->h); e++)
        if (st->alive_e[e] && st->deg_e[e] == 0) {
            kill_elem(st, e);
            st->r->emptied_elems++;
            changed = true;
        }
    return changed;
}

/* Drops every alive set that contains set g (or equals it and comes later); returns
 * whether g itself must go because an earlier equal set exists. Candidates must contain
 * g's rarest alive element. */
static bool supersets_of_set(state *st, uint32_t g, bool *changed)
{
    uint32_t len, rare = UINT32_MAX, n = 0;
    const uint32_t *el = instance_set(st->h, g, &len);
    for (uint32_t i = 0; i < len; i++)
        if (st->alive_e[el[i]]) {
            st->alive[n++] = el[i];
            if (rare == UINT32_MAX || st->deg_e[el[i]] < st->deg_e[rare])
                rare = el[i];
        }
    uint32_t nc;
    const uint32_t *cand = instance_elem(st->h, rare, &nc);
    for (uint32_t i = 0; i < nc; i++) {
        uint32_t s = cand[i], m;
        if (s == g || !st->alive_s[s] || st->deg_s[s] < st->deg_s[g])
            continue;
        const uint32_t *row = instance_set(st->h, s, &m);
        if (!row_has_all(row, m, st->alive, n))
            continue;
        if (st->deg_s[s] == st->deg_s[g] && s < g)
            return true;
        kill_set(st, s);
        st->r->dominated_sets++;
        *changed = true;
    }
    return false;
}

static bool dominated_sets_step(state *st)
{
    bool changed = false;
    for (uint32_t g = 0; g < instance_nsets(st->h) && !out_of_time(st, g); g++)
        if (st->alive_s[g] && supersets_of_set(st, g, &changed)) {
            kill_set(st, g);
            st->r->dominated_sets++;
            changed = true;
        }
    return changed;
}

/* Is element a dominated: another alive element meets all of a's alive sets (strictly
 * more, or the same ones with a lower id)? Candidates meet a's rarest alive set. */
static bool elem_dominated(state *st, uint32_t a)
{
    uint32_t len, rare = UINT32_MAX, n = 0;
    const uint32_t *sets = instance_elem(st->h, a, &len);
    for (uint32_t i = 0; i < len; i++)
        if (st->alive_s[sets[i]]) {
            st->alive[n++] = sets[i];
            if (rare == UINT32_MAX || st->deg_s[sets[i]] < st->deg_s[rare])
                rare = sets[i];
        }
    if (rare == UINT32_MAX)
        return true; /* meets no set: any cover can do without it */
    uint32_t nc;
    const uint32_t *cand = instance_set(st->h, rare, &nc);
    for (uint32_t i = 0; i < nc; i++) {
        uint32_t b = cand[i], m;
        if (b == a || !st->alive_e[b] || st->deg_e[b] < st->deg_e[a])
            continue;
        if (st->deg_e[b] == st->deg_e[a] && b > a)
            continue;
        const uint32_t *row = instance_elem(st->h, b, &m);
        if (row_has_all(row, m, st->alive, n))
            return true;
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
    for (uint32_t a = 0; a < instance_nelems(st->h) && !out_of_time(st, a); a++)
        if (st->alive_e[a] && elem_dominated(st, a)) {
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
    r->forced = malloc((ne + 1) * sizeof *r->forced);
    if (!st->alive_e || !st->alive_s || !st->deg_e || !st->deg_s ||
        !st->stamp_s || !st->alive || !r->forced)
        return -1;
    for (uint32_t e = 0; e < ne; e++) {
        st->alive_e[e] = true;
        instance_elem(h, e, &st->deg_e[e]);
    }
    for (uint32_t s = 0; s < ns; s++) {
        st->alive_s[s] = true;
        instance_set(h, s, &st->deg_s[s]);
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
}

/* Applies the three reductions until none changes anything. Fills *out (free it with
 * reduce_result_free()); the instance is only read. Returns 0, or -1 with a reason in
 * err when memory runs out. */
int reduce_run(const instance *h, reduce_result *out, char *err, size_t errsize)
{
    return reduce_run_until(h, 0, NULL, out, err, errsize);
}

/* reduce_run(), stopping at deadline (walltime_now(); 0 for none) or when cancel asks,
 * wherever the passes are: out->stopped says so, and the core is then valid but less
 * reduced. */
int reduce_run_until(const instance *h, double deadline, const cancel_check *cancel,
                     reduce_result *out, char *err, size_t errsize)
{
    state st;
    memset(out, 0, sizeof *out);
    int rc = -1;
    if (state_init(&st, h, out))
        goto done;
    st.deadline = deadline;
    st.cancel = cancel;
    bool changed = true;
    while (changed && !out->stopped) {
        out->rounds++;
        changed = forced_step(&st);
        changed |= dominated_sets_step(&st);
        changed |= dominated_elems_step(&st);
    }
    out->core_elem = malloc((instance_nelems(h) + 1) * sizeof *out->core_elem);
    out->core_set = malloc((instance_nsets(h) + 1) * sizeof *out->core_set);
    if (out->core_elem && out->core_set)
        out->core = instance_sub(h, st.alive_e, st.alive_s, out->core_elem, out->core_set);
    rc = out->core ? 0 : -1;
done:
    state_free(&st);
    if (rc) {
        reduce_result_free(out);
        snprintf(err, errsize, "out of memory while reducing the instance");
    }
    return rc;
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
