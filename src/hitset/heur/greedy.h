/* greedy.h - the classic greedy for hitting sets, its pruning and randomised runs.
 *
 * Greedy repeatedly takes the element that meets the most sets not yet met. Ties go to
 * the lowest priority value (by default the lowest element id). Pruning then drops every
 * element whose sets all stay met without it, latest pick first. A run costs time linear
 * in the incidences (bucket queues, greedy.c), so the first cover of a huge instance
 * comes in about the time it takes to read it. */
#ifndef T24_HITSET_GREEDY_H
#define T24_HITSET_GREEDY_H

#include <stdint.h>

#include "core/cancel.h"
#include "hitset/model/instance.h"

/* Randomised runs shuffle at most this many items; beyond, they draw the same
 * distribution of tie-breaking orders as a race (greedy.c), in time linear in elements. */
#define GREEDY_SHUFFLE_MAX (1u << 22)

/* A sequence of elements and the sets each newly meets. Its two arrays are its own
 * (malloc'd by the function that filled it): greedy_cover_free() releases them. A zeroed
 * greedy_cover is empty and may be freed. */
typedef struct {
    uint32_t n;       /* elements taken */
    uint32_t *elems;  /* in the order taken */
    uint32_t *adds;   /* sets newly met by each, in the same order */
} greedy_cover;

typedef struct {
    uint32_t runs;                          /* runs made (greedy_runs_until() may stop
                                               before the runs asked for) */
    uint64_t seed;
    uint32_t min, median, max;              /* greedy sizes over the runs */
    uint32_t pruned_min, pruned_max;        /* after pruning each run's cover */
    greedy_cover best;                      /* the first smallest pruned cover; the
                                               caller frees it with greedy_cover_free() */
} greedy_stats;

/* The functions that fill a greedy_cover or greedy_stats *out zero it first without
 * freeing what it held, so out must not also be an input, nor hold a cover not yet
 * freed. */

/* Greedy over all elements of h: *out receives the picks in order and what each added;
 * they meet every set, since no set of an instance is empty. priority (NULL, or nelems
 * values) breaks ties: the lowest value wins (equal values: an order fixed by h and
 * priority alone); NULL: the lowest element id. Returns 0,
 * with *out the caller's to free with greedy_cover_free(); or -1 when memory runs out,
 * with *out empty. */
int greedy_run(const instance *h, const uint32_t *priority, greedy_cover *out);
/* elems[0..n) (repeats and ids >= nelems dropped) in the order greedy takes them when
 * allowed only those, the lowest id on ties, with what each adds; those that add nothing
 * come last, ascending, with adds 0. It costs what those elements meet, whatever the
 * universe. Returns 0 with *out the caller's (as greedy_run()),
 * or -1 when memory runs out, with *out empty. */
int greedy_order(const instance *h, const uint32_t *elems, uint32_t n, greedy_cover *out);
/* elems[0..n) (distinct ids < nelems, not checked) in the order given, each with the
 * sets it meets that no earlier one met: greedy_order() without the reordering, in one
 * pass over their sets, where greedy_order() costs a greedy run (seconds on a huge
 * instance). Returns 0 with *out the caller's (as greedy_run()), or -1 when memory runs
 * out, with *out empty. */
int greedy_sequence(const instance *h, const uint32_t *elems, uint32_t n, greedy_cover *out);
/* in without its redundant elements (in's ids < nelems, not checked): from the last back
 * to the first, an element goes when every set it meets is met by another element still
 * kept. The rest keep their order and *out gets their adds anew; it meets every set in
 * meets. in is unchanged. Returns 0 with *out the caller's (as greedy_run()), or -1 when
 * memory runs out, with *out empty. */
int greedy_prune(const instance *h, const greedy_cover *in, greedy_cover *out);
/* `runs` greedy runs, each breaking ties by a fresh random order of the items, element e
 * standing for multiplicity[e] items (NULL: one each); the same seed gives the same
 * figures. Up to GREEDY_SHUFFLE_MAX items the order is a shuffle of the items, above it a
 * race of the same distribution (greedy_race_order()). *out receives the minimum, lower
 * median and maximum of the greedy sizes, the range after pruning, and best. Returns 0;
 * or -1 when runs is 0 or memory runs out, the figures then meaningless. Either way
 * out->best may hold a cover, which the caller frees with greedy_cover_free() (safe also
 * when it is empty). */
int greedy_runs(const instance *h, const uint32_t *multiplicity, uint32_t runs, uint64_t seed,
                greedy_stats *out);
/* greedy_runs() (which is this with neither), stopping once deadline (walltime_now()
 * seconds; 0: none) passes or cancel (NULL: none) asks, between runs or inside one (the
 * run cut short, or ended past the limit, is dropped unpruned, so a huge instance's run
 * does not overrun the deadline):
 * out->runs says how many ran, possibly none, and the figures are theirs (all 0 when none
 * ran). The same returns, and out->best the caller's either way (empty when none ran). */
int greedy_runs_until(const instance *h, const uint32_t *multiplicity, uint32_t runs,
                      uint64_t seed, double deadline, const cancel_check *cancel,
                      greedy_stats *out);
/* One random tie-breaking order as the runs above GREEDY_SHUFFLE_MAX items draw it:
 * priority (ne values, overwritten) receives each element's rank, UINT32_MAX for
 * multiplicity 0 (NULL multiplicity: one each), drawn from the generator state *state,
 * which advances. Returns 0, or -1 when memory runs out (priority and *state then
 * untouched). */
int greedy_race_order(uint32_t ne, const uint32_t *multiplicity, uint64_t *state,
                      uint32_t *priority);
/* Frees c's arrays and zeroes it (c itself is the caller's); a no-op on an empty cover. */
void greedy_cover_free(greedy_cover *c);
/* How many sets c meets: the sum of its adds, taken on trust (greedy_cover_check()
 * recounts them). */
uint32_t greedy_cover_met(const greedy_cover *c);

/* Checker (core/check.h): NULL when c is a consistent sequence for h (distinct elements
 * of h, each adds[i] the sets elems[i] meets that no earlier one met; meeting every set is
 * not asked), else what broke. NULL also when memory runs out for the check. */
const char *greedy_cover_check(const instance *h, const greedy_cover *c);

#endif
