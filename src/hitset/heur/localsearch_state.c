/* localsearch_state.c - the local search's state and its moves; see localsearch_state.h.
 *
 * Vocabulary: the search holds a set S of elements; a set (row) is met when some element
 * of S is in it. For an element e outside S, score[e] is its gain: the total weight of
 * the unmet sets containing e. For e in S it is its loss: the weight of the sets only e
 * meets. The two agree at the moment e moves (what adding e newly meets is exactly what
 * only e then meets), so a move keeps score[e]. Both are kept exact incrementally. */
#include "hitset/heur/localsearch_state.h"

#include <stdlib.h>
#include <string.h>

#include "core/splitmix.h"

void localsearch_state_free(localsearch_state *st)
{
    free(st->in);
    free(st->score);
    free(st->stamp);
    free(st->count);
    free(st->who);
    free(st->weight);
    free(st->unmet);
    free(st->unmet_pos);
    free(st->heap);
    free(st->heap_pos);
    free(st->relief);
    free(st->touched);
    free(st->stack);
}

/* S empty, every set unmet with weight 1 (also a restart's reset). */
void localsearch_state_reset(localsearch_state *st)
{
    memset(st->in, 0, st->ne * sizeof *st->in);
    memset(st->count, 0, st->ns * sizeof *st->count);
    memset(st->who, 0, st->ns * sizeof *st->who);
    for (uint32_t e = 0; e < st->ne; e++) {
        uint32_t len;
        instance_elem(st->h, e, &len);
        st->score[e] = len;
    }
    for (uint32_t s = 0; s < st->ns; s++) {
        st->weight[s] = 1;
        st->unmet[s] = s;
        st->unmet_pos[s] = s;
    }
    st->nunmet = st->ns;
    st->unmet_weight = st->ns;
    st->nsol = 0;
}

/* Allocates the state for h and resets it. Returns 0 or -1 (out of memory). */
int localsearch_state_init(localsearch_state *st, const instance *h, uint64_t seed)
{
    memset(st, 0, sizeof *st);
    st->h = h;
    st->ne = instance_nelems(h);
    st->ns = instance_nsets(h);
    size_t ne = (size_t)st->ne + 1, ns = (size_t)st->ns + 1;
    st->in = malloc(ne * sizeof *st->in);
    st->score = malloc(ne * sizeof *st->score);
    st->stamp = calloc(ne, sizeof *st->stamp);
    st->count = malloc(ns * sizeof *st->count);
    st->who = malloc(ns * sizeof *st->who);
    st->weight = malloc(ns * sizeof *st->weight);
    st->unmet = malloc(ns * sizeof *st->unmet);
    st->unmet_pos = malloc(ns * sizeof *st->unmet_pos);
    st->heap = malloc(ne * sizeof *st->heap);
    st->heap_pos = malloc(ne * sizeof *st->heap_pos);
    st->relief = calloc(ne, sizeof *st->relief);
    st->touched = malloc(ne * sizeof *st->touched);
    st->stack = malloc(ne * sizeof *st->stack);
    if (!st->in || !st->score || !st->stamp || !st->count || !st->who ||
        !st->weight || !st->unmet || !st->unmet_pos || !st->heap || !st->heap_pos ||
        !st->relief || !st->touched || !st->stack)
        return -1;
    st->rng = seed;
    localsearch_state_reset(st);
    return 0;
}

/* ---- S as a heap: the element whose drop loses least (then the oldest) on top ---- */

static bool heap_less(const localsearch_state *st, uint32_t a, uint32_t b)
{
    if (st->score[a] != st->score[b])
        return st->score[a] < st->score[b];
    if (st->stamp[a] != st->stamp[b])
        return st->stamp[a] < st->stamp[b];
    return a < b;
}

static void heap_place(localsearch_state *st, uint32_t i, uint32_t e)
{
    st->heap[i] = e;
    st->heap_pos[e] = i;
}

static void heap_up(localsearch_state *st, uint32_t i)
{
    uint32_t e = st->heap[i];
    while (i > 0 && heap_less(st, e, st->heap[(i - 1) / 2])) {
        heap_place(st, i, st->heap[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    heap_place(st, i, e);
}

static void heap_down(localsearch_state *st, uint32_t i)
{
    uint32_t e = st->heap[i];
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= st->nsol)
            break;
        if (c + 1 < st->nsol && heap_less(st, st->heap[c + 1], st->heap[c]))
            c++;
        if (!heap_less(st, st->heap[c], e))
            break;
        heap_place(st, i, st->heap[c]);
        i = c;
    }
    heap_place(st, i, e);
}

static void heap_push(localsearch_state *st, uint32_t e)
{
    heap_place(st, st->nsol++, e);
    heap_up(st, st->nsol - 1);
}

static void heap_remove(localsearch_state *st, uint32_t e)
{
    uint32_t i = st->heap_pos[e], last = st->heap[--st->nsol];
    if (i == st->nsol)
        return;
    heap_place(st, i, last);
    heap_up(st, i);
    heap_down(st, st->heap_pos[last]);
}

/* ---- moves ---- */

static void unmet_remove(localsearch_state *st, uint32_t s)
{
    uint32_t i = st->unmet_pos[s], last = st->unmet[--st->nunmet];
    st->unmet[i] = last;
    st->unmet_pos[last] = i;
    st->unmet_weight -= st->weight[s];
}

static void unmet_add(localsearch_state *st, uint32_t s)
{
    st->unmet_pos[s] = st->nunmet;
    st->unmet[st->nunmet++] = s;
    st->unmet_weight += st->weight[s];
}

/* Set s changes between met and unmet: every other element's gain moves by delta. */
static void set_flips(localsearch_state *st, uint32_t s, uint32_t e, int64_t delta)
{
    uint32_t m;
    const uint32_t *el = instance_set(st->h, s, &m);
    for (uint32_t j = 0; j < m; j++) {
        if (el[j] == e)
            continue;
        st->score[el[j]] += delta;
    }
}

/* Puts e into S. Sets it newly meets stop counting for the other elements' gains; a set
 * it now shares with one other element no longer counts for that one's loss. */
void localsearch_state_add(localsearch_state *st, uint32_t e)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(st->h, e, &len);
    st->in[e] = true;
    st->stamp[e] = st->step;
    for (uint32_t i = 0; i < len; i++) {
        uint32_t s = sets[i];
        if (st->count[s] == 0) {
            unmet_remove(st, s);
            set_flips(st, s, e, -st->weight[s]);
        } else if (st->count[s] == 1) {
            uint32_t r = st->who[s];
            st->score[r] -= st->weight[s];
            heap_up(st, st->heap_pos[r]);
        }
        st->count[s]++;
        st->who[s] ^= e;
    }
    heap_push(st, e);
}

/* Takes e out of S: the reverse of add(). */
void localsearch_state_drop(localsearch_state *st, uint32_t e)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(st->h, e, &len);
    heap_remove(st, e);
    st->in[e] = false;
    st->stamp[e] = st->step;
    for (uint32_t k = 0; k < len; k++) {
        uint32_t s = sets[k];
        st->count[s]--;
        st->who[s] ^= e;
        if (st->count[s] == 0) {
            unmet_add(st, s);
            set_flips(st, s, e, st->weight[s]);
        } else if (st->count[s] == 1) {
            uint32_t r = st->who[s];
            st->score[r] += st->weight[s];
            heap_down(st, st->heap_pos[r]);
        }
    }
}

/* Set s, unmet, weighs one more, and so gains one more for each of its elements. */
static void bump(localsearch_state *st, uint32_t s)
{
    uint32_t m;
    const uint32_t *el = instance_set(st->h, s, &m);
    st->weight[s]++;
    st->unmet_weight++;
    for (uint32_t j = 0; j < m; j++)
        st->score[el[j]]++;
}

/* A local optimum: the unmet sets weigh more (all while few, else one at random). */
void localsearch_state_bump_weights(localsearch_state *st)
{
    if (st->nunmet <= LOCALSEARCH_BUMP_ALL)
        for (uint32_t i = 0; i < st->nunmet; i++)
            bump(st, st->unmet[i]);
    else
        bump(st, st->unmet[splitmix_next(&st->rng) % st->nunmet]);
}

/* ---- the checker ---- */

/* Per set: count and who as the elements of S in it say, the weight at least 1. */
static const char *check_sets(const localsearch_state *st)
{
    uint32_t unmet = 0;
    int64_t unmet_weight = 0;
    for (uint32_t s = 0; s < st->ns; s++) {
        uint32_t m, count = 0, who = 0;
        const uint32_t *el = instance_set(st->h, s, &m);
        for (uint32_t j = 0; j < m; j++)
            if (st->in[el[j]])
                count++, who ^= el[j];
        if (count != st->count[s])
            return "a set's count is not the number of elements of S in it";
        if (who != st->who[s])
            return "a set's who is not the xor of the elements of S in it";
        if (st->weight[s] < 1)
            return "a set weighs less than 1";
        if (count == 0)
            unmet++, unmet_weight += st->weight[s];
    }
    if (unmet != st->nunmet)
        return "nunmet is not the number of sets S does not meet";
    if (unmet_weight != st->unmet_weight)
        return "unmet_weight is not the weight of the sets S does not meet";
    for (uint32_t i = 0; i < st->nunmet; i++)
        if (st->unmet[i] >= st->ns || st->unmet_pos[st->unmet[i]] != i ||
            st->count[st->unmet[i]] != 0)
            return "the unmet list and its positions disagree, or list a met set";
    return NULL;
}

/* Per element: its score, gain outside S and loss inside, summed again over its sets. */
static const char *check_scores(const localsearch_state *st)
{
    for (uint32_t e = 0; e < st->ne; e++) {
        uint32_t len;
        const uint32_t *sets = instance_elem(st->h, e, &len);
        int64_t score = 0;
        for (uint32_t i = 0; i < len; i++)
            if (st->count[sets[i]] == (st->in[e] ? 1u : 0u))
                score += st->weight[sets[i]];
        if (score != st->score[e])
            return st->in[e] ? "an element's loss is not the weight of the sets only it meets"
                             : "an element's gain is not the weight of its unmet sets";
        if (st->relief[e] != 0 && st->ntouched == 0)
            return "an element has relief outside a pairing";
    }
    return NULL;
}

/* S is heap[0 .. nsol), each element once, positions right, every parent before its
 * children by (loss, stamp, id). */
static const char *check_heap(const localsearch_state *st)
{
    uint32_t in = 0;
    for (uint32_t e = 0; e < st->ne; e++)
        in += st->in[e];
    if (in != st->nsol)
        return "nsol is not the number of elements in S";
    for (uint32_t i = 0; i < st->nsol; i++) {
        uint32_t e = st->heap[i];
        if (e >= st->ne || !st->in[e] || st->heap_pos[e] != i)
            return "the heap and its positions disagree, or hold an element outside S";
        if (i > 0 && heap_less(st, e, st->heap[(i - 1) / 2]))
            return "a heap node comes before its parent";
    }
    return NULL;
}

const char *localsearch_state_check(const localsearch_state *st)
{
    const char *why = check_sets(st);
    if (!why)
        why = check_scores(st);
    return why ? why : check_heap(st);
}
