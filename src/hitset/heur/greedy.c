/* greedy.c - greedy hitting sets; see greedy.h. */
#include "hitset/heur/greedy.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/check.h"
#include "core/idlist.h"
#include "core/splitmix.h"
#include "core/walltime.h"
#include "hitset/model/radix.h"

/* Elements waiting to be picked, filed in buckets by gain (singly linked lists), lazily:
 * a gain that falls is only counted down, and the element stays filed too high until a
 * bucket is emptied, which files each element it holds again at its current gain. Gains
 * only fall, so when the highest non-empty bucket is emptied, the elements whose gain is
 * that bucket's (the top) are all in it, and no other can reach the top again: they are
 * sorted by key once, and the picks walk them in that order, passing over those whose
 * gain fell meanwhile (filed again below). The pick is the lowest key among the highest
 * gains, exactly what a full scan for (most sets, lowest key) would pick. An element is
 * filed, and sorted (a radix sort), once plus at most once per fall: O(elements +
 * incidences) in all, and a fall costs one write, where moving the element from list to
 * list cost four scattered ones. (A scan of the top bucket per pick was quadratic: 2^24
 * elements of one set each ran for hours.) */
typedef struct {
    uint32_t *gain;               /* 0: not waiting (taken, gains nothing, or not allowed) */
    const uint32_t *key;          /* the caller's priority; NULL: the element id */
    uint32_t *head, *next;        /* a list per bucket (maxgain + 1 of them), NONE ends */
    uint32_t top, maxgain;        /* the top, and the highest bucket */
    uint32_t *level, *scratch;    /* the top's elements by key, and the sort's room */
    uint32_t nlevel, at;          /* their number, and the next one to look at */
    uint64_t work;                /* entries scanned so far: when to read the clock */
} buckets;

#define NONE UINT32_MAX
/* Entries scanned between two readings of the clock by a run that may stop. */
#define CLOCK_WORK (1u << 18)

static void file_elem(buckets *b, uint32_t e)
{
    b->next[e] = b->head[b->gain[e]];
    b->head[b->gain[e]] = e;
}

/* Empties the top bucket: its elements still at the top go to level[], sorted by key;
 * the others are filed again at their gain (or dropped, gaining nothing). */
static void arrive(buckets *b)
{
    uint32_t e = b->head[b->top];
    b->head[b->top] = NONE;
    b->nlevel = b->at = 0;
    while (e != NONE) {
        uint32_t next = b->next[e];
        if (b->gain[e] == b->top)
            b->level[b->nlevel++] = e;
        else if (b->gain[e] > 0)
            file_elem(b, e);
        e = next;
        b->work++;
    }
    radix_sort(b->level, b->nlevel, b->key, b->scratch);
}

/* The element a full scan would pick, no longer waiting; NONE when none gains. */
static uint32_t pick(buckets *b)
{
    for (;;) {
        while (b->at < b->nlevel) {
            uint32_t e = b->level[b->at++];
            if (b->gain[e] == b->top)
                return e;
            if (b->gain[e] > 0) /* fell while the top was walked */
                file_elem(b, e);
        }
        /* Every element of the top is taken or filed lower now. */
        while (b->top > 0 && b->head[b->top] == NONE)
            b->top--;
        if (b->top == 0)
            return NONE;
        arrive(b);
    }
}

/* Marks the sets of `best` met and counts down the gains of the elements waiting in
 * them (best's own gain is already 0). */
static void take(const instance *h, uint32_t best, buckets *b, unsigned char *met)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(h, best, &len);
    b->work += len;
    for (uint32_t i = 0; i < len; i++) {
        if (met[sets[i]])
            continue;
        met[sets[i]] = 1;
        uint32_t m;
        const uint32_t *el = instance_set(h, sets[i], &m);
        b->work += m;
        for (uint32_t j = 0; j < m; j++)
            if (b->gain[el[j]] > 0)
                b->gain[el[j]]--;
    }
}

static void buckets_free(buckets *b)
{
    free(b->gain);
    free(b->head);
    free(b->next);
    free(b->level);
    free(b->scratch);
}

/* Files the elements cand[0..ncand) (distinct, < nelems), or every element when cand is
 * NULL, that meet a set. Arrays are indexed by element id but only the filed elements'
 * entries are written (gain[] comes zeroed from calloc, whose fresh pages cost nothing
 * until touched): filing a few elements of a huge universe costs what they meet, not the
 * universe. */
static int buckets_init(buckets *b, const instance *h, const uint32_t *cand, uint32_t ncand,
                        const uint32_t *priority)
{
    uint32_t ne = instance_nelems(h), n = cand ? ncand : ne;
    memset(b, 0, sizeof *b);
    b->key = priority;
    b->gain = calloc((size_t)ne + 1, sizeof *b->gain);
    b->next = malloc(((size_t)ne + 1) * sizeof *b->next);
    b->level = malloc(((size_t)n + 1) * sizeof *b->level);
    b->scratch = malloc(((size_t)n + 1) * sizeof *b->scratch);
    if (!b->gain || !b->next || !b->level || !b->scratch)
        return -1;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t e = cand ? cand[i] : i;
        instance_elem(h, e, &b->gain[e]);
        b->maxgain = b->gain[e] > b->maxgain ? b->gain[e] : b->maxgain;
    }
    b->head = malloc(((size_t)b->maxgain + 1) * sizeof *b->head);
    if (!b->head)
        return -1;
    for (uint32_t g = 0; g <= b->maxgain; g++)
        b->head[g] = NONE;
    for (uint32_t i = n; i-- > 0;) {
        uint32_t e = cand ? cand[i] : i;
        if (b->gain[e] > 0)
            file_elem(b, e);
    }
    b->top = b->maxgain;
    return 0;
}

/* Stops a run that may stop: past the deadline (0: none) or cancelled, asked once per
 * CLOCK_WORK entries scanned. */
typedef budget stop_rule;

/* Past the deadline, or cancelled? NULL: never. */
static bool stop_now(const stop_rule *stop)
{
    return stop && budget_stopped(*stop, STOP_SITE_GREEDY_SCAN);
}

static bool must_stop(const stop_rule *stop, buckets *b, uint64_t *next_clock)
{
    if (!stop || b->work < *next_clock)
        return false;
    *next_clock = b->work + CLOCK_WORK;
    return stop_now(stop);
}

/* Takes elements while one of the candidates (cand[0..ncand), distinct; all when cand
 * is NULL) meets an unmet set; ties go to the lowest priority (the lowest id when
 * priority is NULL). Returns 0; 1 when stop (NULL: never) ended it first, with *out
 * empty; or -1 when memory runs out, with *out empty. */
static int run(const instance *h, const uint32_t *cand, uint32_t ncand,
               const uint32_t *priority, const stop_rule *stop, greedy_cover *out)
{
    uint32_t n = cand ? ncand : instance_nelems(h);
    buckets b;
    unsigned char *met = calloc((size_t)instance_nsets(h) + 1, 1);
    uint64_t next_clock = CLOCK_WORK;
    int rc = 0;
    memset(out, 0, sizeof *out);
    out->elems = malloc(((size_t)n + 1) * sizeof *out->elems);
    out->adds = malloc(((size_t)n + 1) * sizeof *out->adds);
    if (buckets_init(&b, h, cand, ncand, priority) || !met || !out->elems || !out->adds)
        rc = -1;
    for (uint32_t e; rc == 0 && (e = pick(&b)) != NONE;) {
        out->elems[out->n] = e;
        out->adds[out->n++] = b.gain[e];
        b.gain[e] = 0;
        take(h, e, &b, met);
        if (must_stop(stop, &b, &next_clock))
            rc = 1;
    }
    buckets_free(&b);
    free(met);
    if (rc)
        greedy_cover_free(out);
    else
        CHECK(greedy_cover_check(h, out));
    return rc;
}

/* Greedy over all elements. priority (nelems values, may be NULL) breaks ties: the lowest
 * value wins; NULL means the lowest element id wins. Fills *out (free it with
 * greedy_cover_free()); out->n is the cover size, and the picks meet every set because
 * every set of an instance is non-empty. Returns 0, or -1 when memory runs out. */
int greedy_run(const instance *h, const uint32_t *priority, greedy_cover *out)
{
    if (run(h, NULL, 0, priority, NULL, out))
        return -1;
    CHECK(instance_check_cover(h, out->elems, out->n));
    return 0;
}

/* Orders the given elements the way greedy would take them when allowed only those:
 * each step takes the one meeting the most sets not yet met (lowest id on ties), and
 * adds[] records that count. Elements that add nothing come last with adds 0, so all n
 * appear (repeats and ids >= nelems are dropped). Costs what the n elements meet, not
 * the universe. Returns 0, or -1 out of memory. */
int greedy_order(const instance *h, const uint32_t *elems, uint32_t n, greedy_cover *out)
{
    uint32_t ne = instance_nelems(h), k = 0;
    unsigned char *seen = calloc((size_t)ne + 1, 1);
    uint32_t *cand = malloc(((size_t)n + 1) * sizeof *cand);
    uint32_t *tmp = malloc(((size_t)n + 1) * sizeof *tmp);
    int rc = -1;
    memset(out, 0, sizeof *out);
    if (!seen || !cand || !tmp)
        goto done;
    for (uint32_t i = 0; i < n; i++)
        if (elems[i] < ne && !seen[elems[i]]) {
            seen[elems[i]] = 1;
            cand[k++] = elems[i];
        }
    radix_sort(cand, k, NULL, tmp); /* those that add nothing come in this order */
    if (run(h, cand, k, NULL, NULL, out))
        goto done;
    for (uint32_t i = 0; i < out->n; i++)
        seen[out->elems[i]] = 0;
    for (uint32_t i = 0; i < k; i++)
        if (seen[cand[i]]) {
            out->elems[out->n] = cand[i];
            out->adds[out->n++] = 0;
        }
    rc = 0;
    CHECK(greedy_cover_check(h, out));
done:
    free(seen);
    free(cand);
    free(tmp);
    return rc;
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

/* elems[0..n) as given, with what each newly meets: one pass over their sets. */
int greedy_sequence(const instance *h, const uint32_t *elems, uint32_t n, greedy_cover *out)
{
    memset(out, 0, sizeof *out);
    if (sequence(h, elems, n, out))
        return -1;
    CHECK(greedy_cover_check(h, out));
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

/* Room for one race: each element's finishing time, as the bits of the double (a
 * non-negative double orders as its bits do), the racers by time, and the sort's room. */
typedef struct {
    uint64_t *time;
    uint32_t *order, *tmp;
} race_room;

static void race_room_free(race_room *r)
{
    free(r->time);
    free(r->order);
    free(r->tmp);
}

static int race_room_alloc(race_room *r, uint32_t ne)
{
    r->time = malloc(((size_t)ne + 1) * sizeof *r->time);
    r->order = malloc(((size_t)ne + 1) * sizeof *r->order);
    r->tmp = malloc(((size_t)ne + 1) * sizeof *r->tmp);
    return r->time && r->order && r->tmp ? 0 : -1;
}

/* order[0..n) ascending by time, equal times in their order (ascending ids): a radix
 * sort of 11-bit digits, skipping those every time shares, so O(n) where a comparison
 * sort of 2^24 racers took seconds. Returns true when stop (NULL: never) ended it
 * between two digits, order then in no useful order. */
static bool sort_racers(race_room *r, uint32_t n, const stop_rule *stop)
{
    uint64_t any = 0, all = UINT64_MAX;
    for (uint32_t i = 0; i < n; i++) {
        any |= r->time[r->order[i]];
        all &= r->time[r->order[i]];
    }
    uint32_t *src = r->order, *dst = r->tmp;
    for (unsigned shift = 0; shift < 64; shift += 11) {
        if (((any ^ all) >> shift & 0x7ff) == 0)
            continue;
        if (stop_now(stop))
            return true;
        uint32_t count[2049] = { 0 };
        for (uint32_t i = 0; i < n; i++)
            count[(r->time[src[i]] >> shift & 0x7ff) + 1]++;
        for (int d = 0; d < 2048; d++)
            count[d + 1] += count[d];
        for (uint32_t i = 0; i < n; i++)
            dst[count[r->time[src[i]] >> shift & 0x7ff]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != r->order)
        memcpy(r->order, src, n * sizeof *src);
    return false;
}

/* The same distribution of priorities as random_priority() without the items: in a
 * uniform shuffle of the items, element e's first item comes at the minimum of
 * multiplicity[e] uniform positions, and the order of those minima is the order of
 * independent exponential variables of rates multiplicity[e] (a race), ties to the lower
 * id. O(elements) per run instead of O(items) random writes, which dominate once classes
 * stand for millions of templates (six cards). Returns true when stop (NULL: never) ended
 * it first, priority then unfinished. */
static bool race_priority(uint32_t ne, const uint32_t *multiplicity, race_room *race,
                          uint64_t *state, uint32_t *priority, const stop_rule *stop)
{
    uint32_t n = 0;
    for (uint32_t e = 0; e < ne; e++) {
        uint32_t m = multiplicity ? multiplicity[e] : 1;
        priority[e] = UINT32_MAX;
        if (!m)
            continue;
        double u = (double)((splitmix_next(state) >> 11) + 1) * 0x1.0p-53; /* (0, 1] */
        double t = -log(u) / m + 0.0; /* + 0.0: u = 1 gives -0.0, whose bits sort last */
        memcpy(&race->time[e], &t, sizeof t);
        race->order[n++] = e;
    }
    if (stop_now(stop) || sort_racers(race, n, stop))
        return true;
    for (uint32_t i = 0; i < n; i++)
        priority[race->order[i]] = i;
    return false;
}

/* One random tie-breaking order as the runs above GREEDY_SHUFFLE_MAX items draw it:
 * priority[e] is e's rank (UINT32_MAX for multiplicity 0), from the generator state
 * *state. Returns 0, or -1 out of memory. */
int greedy_race_order(uint32_t ne, const uint32_t *multiplicity, uint64_t *state,
                      uint32_t *priority)
{
    race_room race = { 0 };
    int rc = race_room_alloc(&race, ne);
    if (rc == 0)
        race_priority(ne, multiplicity, &race, state, priority, NULL);
    race_room_free(&race);
    return rc;
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

/* One run's cover, pruned, into the figures: its size at size[r], the pruned range, and
 * out->best when it is the smallest pruned cover so far. Returns 0, or -1 out of
 * memory. */
static int tally(const instance *h, greedy_cover *c, uint32_t r, uint32_t *size,
                 greedy_stats *out)
{
    greedy_cover p;
    if (greedy_prune(h, c, &p))
        return -1;
    size[r] = c->n;
    if (p.n > out->pruned_max)
        out->pruned_max = p.n;
    if (p.n < out->pruned_min) {
        /* Keep it: with a stopped ILP it may be the best cover there is. */
        out->pruned_min = p.n;
        greedy_cover_free(&out->best);
        out->best = p;
        memset(&p, 0, sizeof p);
    }
    greedy_cover_free(&p);
    return 0;
}

/* greedy_runs(), stopping at deadline (walltime_now(); 0 for none) or when cancel asks,
 * between runs or inside one (a run cut short, or ended past the limit, is dropped):
 * out->runs says how many ran, possibly none, and the figures are theirs (all 0 when
 * none ran). */
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
    race_room racers = { 0 };
    uint32_t *priority = malloc((ne ? ne : 1) * sizeof *priority);
    uint32_t *size = malloc((runs ? runs : 1) * sizeof *size);
    stop_rule stop = budget_until(deadline, cancel);
    int rc = -1;
    memset(out, 0, sizeof *out);
    out->seed = seed;
    if (!item || !shuffled || (race && race_room_alloc(&racers, ne)) || !priority || !size ||
        runs == 0)
        goto done;
    for (uint32_t e = 0, k = 0; e < ne && !race; e++)
        for (uint32_t m = 0; m < (multiplicity ? multiplicity[e] : 1); m++)
            item[k++] = e;
    uint64_t state = seed;
    out->pruned_min = UINT32_MAX;
    for (uint32_t r = 0; r < runs; r++) {
        greedy_cover c;
        if (race && race_priority(ne, multiplicity, &racers, &state, priority, &stop))
            break; /* the time limit came while the race was drawn */
        if (!race)
            random_priority(ne, item, (uint32_t)nitems, shuffled, &state, priority);
        int st = run(h, NULL, 0, priority, &stop, &c);
        if (st < 0)
            goto done;
        if (st == 0 && stop_now(&stop))
            greedy_cover_free(&c); /* ended past the limit: pruning it would overrun too */
        if (st > 0 || !c.elems)
            break; /* the time limit covers the whole run: this one is dropped */
        CHECK(instance_check_cover(h, c.elems, c.n));
        st = tally(h, &c, r, size, out);
        greedy_cover_free(&c);
        if (st)
            goto done;
        out->runs = r + 1;
        if (budget_stopped(stop, STOP_SITE_GREEDY_RUNS))
            break;
    }
    if (out->runs == 0)
        out->pruned_min = 0;
    else {
        qsort(size, out->runs, sizeof *size, idlist_compare);
        out->min = size[0];
        out->median = size[(out->runs - 1) / 2];
        out->max = size[out->runs - 1];
    }
    rc = 0;
done:
    free(item);
    free(shuffled);
    race_room_free(&racers);
    free(priority);
    free(size);
    return rc;
}
