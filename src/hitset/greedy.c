/* greedy.c - greedy hitting sets; see greedy.h. */
#include "hitset/greedy.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "core/splitmix.h"
#include "core/walltime.h"

/* Elements waiting to be picked, bucketed by their current gain (doubly linked lists):
 * gains only fall, so a decrement moves an element one bucket down in O(1) and the top
 * non-empty bucket only ever moves down. The pick is the lowest key in the top bucket,
 * exactly what a full scan for (most sets, lowest key) would pick. */
typedef struct {
    uint32_t *gain, *key;
    uint32_t *head, *next, *prev; /* head per gain, links per element, NONE ends */
    bool *queued;
    uint32_t top;
} buckets;

#define NONE UINT32_MAX

static void unlink_elem(buckets *b, uint32_t e)
{
    uint32_t g = b->gain[e];
    if (b->prev[e] != NONE)
        b->next[b->prev[e]] = b->next[e];
    else
        b->head[g] = b->next[e];
    if (b->next[e] != NONE)
        b->prev[b->next[e]] = b->prev[e];
}

static void link_elem(buckets *b, uint32_t e)
{
    uint32_t g = b->gain[e];
    b->prev[e] = NONE;
    b->next[e] = b->head[g];
    if (b->head[g] != NONE)
        b->prev[b->head[g]] = e;
    b->head[g] = e;
}

/* The element a full scan would pick, taken out of the queue; NONE when none gains. */
static uint32_t pick(buckets *b)
{
    while (b->top > 0 && b->head[b->top] == NONE)
        b->top--;
    if (b->top == 0)
        return NONE;
    uint32_t best = b->head[b->top];
    for (uint32_t e = b->next[best]; e != NONE; e = b->next[e])
        if (b->key[e] < b->key[best])
            best = e;
    unlink_elem(b, best);
    b->queued[best] = false;
    return best;
}

/* Marks the sets of `best` met and lowers the gains of their elements. */
static void take(const instance *h, uint32_t best, buckets *b, unsigned char *met)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(h, best, &len);
    for (uint32_t i = 0; i < len; i++) {
        if (met[sets[i]])
            continue;
        met[sets[i]] = 1;
        uint32_t m;
        const uint32_t *el = instance_set(h, sets[i], &m);
        for (uint32_t j = 0; j < m; j++) {
            uint32_t e = el[j];
            if (!b->queued[e]) {
                b->gain[e]--;
                continue;
            }
            unlink_elem(b, e);
            if (--b->gain[e] > 0)
                link_elem(b, e);
            else
                b->queued[e] = false;
        }
    }
}

static void buckets_free(buckets *b)
{
    free(b->gain);
    free(b->key);
    free(b->head);
    free(b->next);
    free(b->prev);
    free(b->queued);
}

static int buckets_init(buckets *b, const instance *h, const bool *cand, const uint32_t *priority)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    b->gain = malloc((ne + 1) * sizeof *b->gain);
    b->key = malloc((ne + 1) * sizeof *b->key);
    b->head = malloc((ns + 1) * sizeof *b->head);
    b->next = malloc((ne + 1) * sizeof *b->next);
    b->prev = malloc((ne + 1) * sizeof *b->prev);
    b->queued = malloc((ne + 1) * sizeof *b->queued);
    b->top = 0;
    if (!b->gain || !b->key || !b->head || !b->next || !b->prev || !b->queued)
        return -1;
    for (uint32_t g = 0; g <= ns; g++)
        b->head[g] = NONE;
    /* Linking from the highest id down leaves each bucket in ascending id order. */
    for (uint32_t e = ne; e-- > 0;) {
        instance_elem(h, e, &b->gain[e]);
        b->key[e] = priority ? priority[e] : e;
        b->queued[e] = (!cand || cand[e]) && b->gain[e] > 0;
        if (b->queued[e]) {
            link_elem(b, e);
            if (b->gain[e] > b->top)
                b->top = b->gain[e];
        }
    }
    return 0;
}

/* Takes elements while one of the candidates (all when cand is NULL) meets an unmet set;
 * ties go to the lowest priority (the lowest id when priority is NULL). */
static int run(const instance *h, const bool *cand, const uint32_t *priority, greedy_cover *out)
{
    uint32_t ne = instance_nelems(h);
    buckets b;
    unsigned char *met = calloc(instance_nsets(h) + 1, 1);
    memset(out, 0, sizeof *out);
    out->elems = malloc((ne + 1) * sizeof *out->elems);
    out->adds = malloc((ne + 1) * sizeof *out->adds);
    if (buckets_init(&b, h, cand, priority) || !met || !out->elems || !out->adds) {
        buckets_free(&b);
        free(met);
        greedy_cover_free(out);
        return -1;
    }
    for (uint32_t e; (e = pick(&b)) != NONE;) {
        out->elems[out->n] = e;
        out->adds[out->n++] = b.gain[e];
        take(h, e, &b, met);
    }
    buckets_free(&b);
    free(met);
    CHECK(greedy_cover_check(h, out));
    return 0;
}

/* Greedy over all elements. priority (nelems values, may be NULL) breaks ties: the lowest
 * value wins; NULL means the lowest element id wins. Fills *out (free it with
 * greedy_cover_free()); out->n is the cover size, and the picks meet every set because
 * every set of an instance is non-empty. Returns 0, or -1 when memory runs out. */
int greedy_run(const instance *h, const uint32_t *priority, greedy_cover *out)
{
    if (run(h, NULL, priority, out))
        return -1;
    CHECK(instance_check_cover(h, out->elems, out->n));
    return 0;
}

/* Orders the given elements the way greedy would take them when allowed only those:
 * each step takes the one meeting the most sets not yet met (lowest id on ties), and
 * adds[] records that count. Elements that add nothing come last with adds 0, so all n
 * appear (repeats and ids >= nelems are dropped). Returns 0, or -1 out of memory. */
int greedy_order(const instance *h, const uint32_t *elems, uint32_t n, greedy_cover *out)
{
    uint32_t ne = instance_nelems(h);
    bool *cand = calloc(ne ? ne : 1, sizeof *cand);
    memset(out, 0, sizeof *out);
    if (!cand)
        return -1;
    for (uint32_t i = 0; i < n; i++)
        if (elems[i] < ne)
            cand[elems[i]] = true;
    if (run(h, cand, NULL, out) < 0) {
        free(cand);
        return -1;
    }
    for (uint32_t i = 0; i < out->n; i++)
        cand[out->elems[i]] = false;
    for (uint32_t e = 0; e < ne; e++)
        if (cand[e]) {
            out->elems[out->n] = e;
            out->adds[out->n++] = 0;
        }
    free(cand);
    CHECK(greedy_cover_check(h, out));
    return 0;
}

/* out = the sequence elems[0..n) with the sets each newly meets. */
static int sequence(const instance *h, const uint32_t *elems, uint32_t n, greedy_cover *out)
{
    unsigned char *met = calloc(instance_nsets(h) ? instance_nsets(h) : 1, 1);
    out->elems = malloc((n ? n : 1) * sizeof *out->elems);
    out->adds = malloc((n ? n : 1) * sizeof *out->adds);
    out->n = 0;
    if (!met || !out->elems || !out->adds) {
        free(met);
        greedy_cover_free(out);
        return -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t len, adds = 0;
        const uint32_t *sets = instance_elem(h, elems[i], &len);
        for (uint32_t j = 0; j < len; j++) {
            adds += !met[sets[j]];
            met[sets[j]] = 1;
        }
        out->elems[out->n] = elems[i];
        out->adds[out->n++] = adds;
    }
    free(met);
    return 0;
}

/* Drops redundant elements of a cover: from the last pick back to the first, an element
 * goes when every set it meets is met by another kept element. The kept elements stay
 * in their order; adds[] is recomputed for the new sequence. Returns 0, or -1 out of
 * memory (out is then empty). */
int greedy_prune(const instance *h, const greedy_cover *in, greedy_cover *out)
{
    uint32_t ns = instance_nsets(h);
    uint32_t *count = calloc(ns ? ns : 1, sizeof *count);
    bool *keep = malloc((in->n ? in->n : 1) * sizeof *keep);
    uint32_t *kept = malloc((in->n ? in->n : 1) * sizeof *kept);
    int rc = -1;
    memset(out, 0, sizeof *out);
    if (!count || !keep || !kept)
        goto done;
    for (uint32_t i = 0; i < in->n; i++) {
        uint32_t len;
        const uint32_t *sets = instance_elem(h, in->elems[i], &len);
        for (uint32_t j = 0; j < len; j++)
            count[sets[j]]++;
    }
    for (uint32_t i = in->n; i-- > 0;) {
        uint32_t len;
        const uint32_t *sets = instance_elem(h, in->elems[i], &len);
        keep[i] = false;
        for (uint32_t j = 0; j < len && !keep[i]; j++)
            keep[i] = count[sets[j]] == 1;
        for (uint32_t j = 0; j < len && !keep[i]; j++)
            count[sets[j]]--;
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < in->n; i++)
        if (keep[i])
            kept[n++] = in->elems[i];
    rc = sequence(h, kept, n, out);
    if (rc == 0) {
        CHECK(greedy_cover_check(h, out));
        CHECK(greedy_cover_met(out) == greedy_cover_met(in) ? NULL
                                                            : "pruning left a set unmet");
    }
done:
    free(count);
    free(keep);
    free(kept);
    return rc;
}

/* How many sets the cover meets: the sum of its adds. */
uint32_t greedy_cover_met(const greedy_cover *c)
{
    uint32_t met = 0;
    for (uint32_t i = 0; i < c->n; i++)
        met += c->adds[i];
    return met;
}

/* The invariants of greedy_cover for h: distinct elements of h, and adds[i] exactly the
 * sets elems[i] meets that no earlier element met (recounted here, through the element
 * rows). Returns NULL when memory runs out for the check. */
const char *greedy_cover_check(const instance *h, const greedy_cover *c)
{
    uint32_t ne = instance_nelems(h);
    unsigned char *met = calloc(instance_nsets(h) + 1, 1), *taken = calloc(ne + 1, 1);
    const char *why = NULL;
    for (uint32_t i = 0; met && taken && i < c->n && !why; i++) {
        uint32_t e = c->elems[i], len, adds = 0;
        if (e >= ne || taken[e]) {
            why = e >= ne ? "a cover holds an element out of range" : "a cover repeats an element";
            break;
        }
        taken[e] = 1;
        const uint32_t *sets = instance_elem(h, e, &len);
        for (uint32_t j = 0; j < len; j++) {
            adds += !met[sets[j]];
            met[sets[j]] = 1;
        }
        if (adds != c->adds[i])
            why = "a cover's adds[] differ from the sets its elements newly meet";
    }
    free(met);
    free(taken);
    return why;
}

/* Releases a cover's arrays and empties it; a no-op on an empty cover. */
void greedy_cover_free(greedy_cover *c)
{
    free(c->elems);
    free(c->adds);
    memset(c, 0, sizeof *c);
}

/* A uniformly random order of the items (element e appearing multiplicity[e] times);
 * each element's priority is the position of its first item. With templates as items
 * this is seed 004's tie-breaking: Python iterates the expressions in an arbitrary order
 * and the first of the best ones wins, so a class of many templates wins ties more often. */
static void random_priority(uint32_t ne, const uint32_t *item, uint32_t nitems,
                            uint32_t *shuffled, uint64_t *state, uint32_t *priority)
{
    memcpy(shuffled, item, nitems * sizeof *item);
    for (uint32_t i = nitems; i > 1; i--) {
        uint32_t j = (uint32_t)(((unsigned __int128)splitmix_next(state) * i) >> 64);
        uint32_t t = shuffled[i - 1];
        shuffled[i - 1] = shuffled[j];
        shuffled[j] = t;
    }
    for (uint32_t e = 0; e < ne; e++)
        priority[e] = UINT32_MAX;
    for (uint32_t i = 0; i < nitems; i++)
        if (priority[shuffled[i]] == UINT32_MAX)
            priority[shuffled[i]] = i;
}

typedef struct {
    double key;
    uint32_t elem;
} race_entry;

static int cmp_race(const void *a, const void *b)
{
    const race_entry *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->elem > y->elem) - (x->elem < y->elem);
}

/* The same distribution of priorities as random_priority() without the items: in a
 * uniform shuffle of the items, element e's first item comes at the minimum of
 * multiplicity[e] uniform positions, and the order of those minima is the order of
 * independent exponential variables of rates multiplicity[e] (a race). O(elements log
 * elements) per run instead of O(items) random writes, which dominate once classes stand
 * for millions of templates (six cards). */
static void race_priority(uint32_t ne, const uint32_t *multiplicity, race_entry *race,
                          uint64_t *state, uint32_t *priority)
{
    uint32_t n = 0;
    for (uint32_t e = 0; e < ne; e++) {
        uint32_t m = multiplicity ? multiplicity[e] : 1;
        priority[e] = UINT32_MAX;
        if (!m)
            continue;
        double u = (double)((splitmix_next(state) >> 11) + 1) * 0x1.0p-53; /* (0, 1] */
        race[n++] = (race_entry){ -log(u) / m, e };
    }
    qsort(race, n, sizeof *race, cmp_race);
    for (uint32_t i = 0; i < n; i++)
        priority[race[i].elem] = i;
}

/* One random tie-breaking order as the runs above GREEDY_SHUFFLE_MAX items draw it:
 * priority[e] is e's rank (UINT32_MAX for multiplicity 0), from the generator state
 * *state. Returns 0, or -1 out of memory. */
int greedy_race_order(uint32_t ne, const uint32_t *multiplicity, uint64_t *state,
                      uint32_t *priority)
{
    race_entry *race = malloc(((size_t)ne + 1) * sizeof *race);
    if (!race)
        return -1;
    race_priority(ne, multiplicity, race, state, priority);
    free(race);
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* `runs` greedy runs (runs >= 1), each breaking ties by a fresh random order of the
 * items, where element e stands for multiplicity[e] items (NULL: one each). The same seed
 * gives the same figures. Up to GREEDY_SHUFFLE_MAX items the order is a shuffle of the
 * items; above, a race with the same distribution (race_priority()). Fills *out with
 * min / lower median / max of the greedy sizes and the range after pruning. Returns 0,
 * or -1 out of memory. */
int greedy_runs(const instance *h, const uint32_t *multiplicity, uint32_t runs, uint64_t seed,
                greedy_stats *out)
{
    return greedy_runs_until(h, multiplicity, runs, seed, 0, NULL, out);
}

/* greedy_runs(), stopping after the run that ends past deadline (walltime_now(); 0 for
 * none) or when cancel asks: out->runs says how many ran, at least one, and the figures
 * are theirs. */
int greedy_runs_until(const instance *h, const uint32_t *multiplicity, uint32_t runs,
                      uint64_t seed, double deadline, const cancel_check *cancel,
                      greedy_stats *out)
{
    uint32_t ne = instance_nelems(h);
    uint64_t nitems = 0;
    for (uint32_t e = 0; e < ne; e++)
        nitems += multiplicity ? multiplicity[e] : 1;
    bool race = nitems > GREEDY_SHUFFLE_MAX;
    size_t nalloc = race || !nitems ? 1 : (size_t)nitems;
    uint32_t *item = malloc(nalloc * sizeof *item);
    uint32_t *shuffled = malloc(nalloc * sizeof *shuffled);
    race_entry *racers = race ? malloc(((size_t)ne + 1) * sizeof *racers) : NULL;
    uint32_t *priority = malloc((ne ? ne : 1) * sizeof *priority);
    uint32_t *size = malloc((runs ? runs : 1) * sizeof *size);
    int rc = -1;
    memset(out, 0, sizeof *out);
    out->runs = runs;
    out->seed = seed;
    if (!item || !shuffled || (race && !racers) || !priority || !size || runs == 0)
        goto done;
    for (uint32_t e = 0, k = 0; e < ne && !race; e++)
        for (uint32_t m = 0; m < (multiplicity ? multiplicity[e] : 1); m++)
            item[k++] = e;
    uint64_t state = seed;
    out->pruned_min = UINT32_MAX;
    for (uint32_t r = 0; r < runs; r++) {
        greedy_cover c, p;
        if (race)
            race_priority(ne, multiplicity, racers, &state, priority);
        else
            random_priority(ne, item, (uint32_t)nitems, shuffled, &state, priority);
        if (greedy_run(h, priority, &c))
            goto done;
        int bad = greedy_prune(h, &c, &p);
        size[r] = c.n;
        if (!bad && p.n > out->pruned_max)
            out->pruned_max = p.n;
        if (!bad && p.n < out->pruned_min) {
            /* Keep it: with a stopped ILP it may be the best cover there is. */
            out->pruned_min = p.n;
            greedy_cover_free(&out->best);
            out->best = p;
            memset(&p, 0, sizeof p);
        }
        greedy_cover_free(&c);
        greedy_cover_free(&p);
        if (bad)
            goto done;
        if (r + 1 < runs && ((deadline > 0 && walltime_now() >= deadline) ||
                             cancel_requested(cancel)))
            runs = out->runs = r + 1; /* the time limit covers the whole run */
    }
    qsort(size, runs, sizeof *size, cmp_u32);
    out->min = size[0];
    out->median = size[(runs - 1) / 2];
    out->max = size[runs - 1];
    rc = 0;
done:
    free(item);
    free(shuffled);
    free(racers);
    free(priority);
    free(size);
    return rc;
}
