/* greedy.h - the classic greedy for hitting sets, its pruning and randomised runs.
 *
 * Greedy repeatedly takes the element that meets the most sets not yet met. Ties go to
 * the lowest priority value (by default the lowest element id). Pruning then drops every
 * element whose sets all stay met without it, latest pick first. */
#ifndef T24_HITSET_GREEDY_H
#define T24_HITSET_GREEDY_H

#include <stdint.h>

#include "core/cancel.h"
#include "hitset/instance.h"

/* Randomised runs shuffle at most this many items; beyond, they draw the same
 * distribution of tie-breaking orders as a race (greedy.c), in time linear in elements. */
#define GREEDY_SHUFFLE_MAX (1u << 22)

typedef struct {
    uint32_t n;       /* elements taken */
    uint32_t *elems;  /* in the order taken */
    uint32_t *adds;   /* sets newly met by each, in the same order */
} greedy_cover;

typedef struct {
    uint32_t runs;
    uint64_t seed;
    uint32_t min, median, max;              /* greedy sizes over the runs */
    uint32_t pruned_min, pruned_max;        /* after pruning each run's cover */
    greedy_cover best;                      /* the first smallest pruned cover; the
                                               caller frees it with greedy_cover_free() */
} greedy_stats;

int greedy_run(const instance *h, const uint32_t *priority, greedy_cover *out);
int greedy_order(const instance *h, const uint32_t *elems, uint32_t n, greedy_cover *out);
int greedy_prune(const instance *h, const greedy_cover *in, greedy_cover *out);
int greedy_runs(const instance *h, const uint32_t *multiplicity, uint32_t runs, uint64_t seed,
                greedy_stats *out);
int greedy_runs_until(const instance *h, const uint32_t *multiplicity, uint32_t runs,
                      uint64_t seed, double deadline, const cancel_check *cancel,
                      greedy_stats *out);
int greedy_race_order(uint32_t ne, const uint32_t *multiplicity, uint64_t *state,
                      uint32_t *priority);
void greedy_cover_free(greedy_cover *c);
uint32_t greedy_cover_met(const greedy_cover *c);

/* Checker (core/check.h): NULL when c is a consistent sequence for h, else what broke. */
const char *greedy_cover_check(const instance *h, const greedy_cover *c);

#endif
