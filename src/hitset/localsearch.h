/* localsearch.h - weighted local searches for small hitting sets (unicost set cover).
 *
 * Both start from a cover; whenever the current set of elements meets every set, they
 * remember it and drop one element (aiming one lower); otherwise they swap one element
 * for another. Gains and losses count set weights, and unmet sets grow heavier, so sets
 * that stay unmet pull the search towards them; ties go to the elements unchanged
 * longest. The two methods differ in the swap and the weighting (localsearch_method):
 *  - pair moves (the default): for a random unmet set, the element to add and the one to
 *    drop are chosen together, the pair leaving the least unmet weight; one random unmet
 *    set weighs one more when a step did not reduce the unmet count;
 *  - RWLS (Gao, Weise and Li, 2015): drop the element whose loss is smallest (not the one
 *    just added), then add, for a random unmet set, its element with the largest gain
 *    that configuration checking allows (its neighbourhood changed since it was dropped);
 *    every unmet set weighs one more after each step.
 *
 * Deterministic: the same instance, start, seed and step limits give the same trajectory
 * and the same cover. Only a stop by the time limit depends on the machine: it decides
 * where that trajectory is cut, and the result reports the step at which its best cover
 * was found, so rerunning with that many steps reproduces it exactly. The best cover is checked against
 * the instance's element -> set rows before it is returned. */
#ifndef T24_HITSET_LOCALSEARCH_H
#define T24_HITSET_LOCALSEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cancel.h"

#include "hitset/instance.h"

/* How a step moves: LOCALSEARCH_PAIRS (default) chooses the element to add and the one
 * to drop together, the pair that leaves the least unmet weight, and raises the weight of
 * one unmet set only when a step did not reduce the unmet count (in the spirit of the
 * weighted swap searches of the PACE 2025 heuristic track); LOCALSEARCH_RWLS drops first,
 * then adds, and raises every unmet set's weight at every step (the search described
 * above). */
typedef enum { LOCALSEARCH_PAIRS, LOCALSEARCH_RWLS } localsearch_method;

typedef struct {
    localsearch_method method; /* default LOCALSEARCH_PAIRS */
    double seconds;     /* wall-clock budget, > 0 (default 1) */
    uint64_t max_steps; /* swap steps at most, 0 for no limit (default 0) */
    uint64_t seed;      /* random seed for the unmet set chosen at each step (default 1) */
    uint64_t patience;  /* stop after this many steps without a smaller cover, 0 for
                           never (default 0) */
    uint32_t target;    /* stop once a cover this small is found, e.g. a proven lower
                           bound (default 0: never) */
    /* Called at most once a second with the best size so far, or NULL (default). */
    void (*progress)(void *ctx, uint32_t best, uint64_t steps, double seconds);
    void *progress_ctx;
    /* Called with each smaller cover as it is found (n elements, in no order), or NULL
     * (default): a caller that must answer at any moment keeps the best so far. */
    void (*improved)(void *ctx, const uint32_t *elems, uint32_t n);
    void *improved_ctx;
    const cancel_check *cancel; /* the caller's early stop (core/cancel.h), or NULL */
} localsearch_params;

typedef enum {
    LOCALSEARCH_TARGET, /* reached params.target */
    LOCALSEARCH_STEPS,  /* used params.max_steps */
    LOCALSEARCH_PATIENCE, /* params.patience steps without a smaller cover */
    LOCALSEARCH_TIME,   /* used params.seconds */
    LOCALSEARCH_CANCELLED /* params.cancel asked it to stop */
} localsearch_stop;

typedef struct {
    uint32_t n;           /* size of the best cover */
    uint32_t *elems;      /* its elements, ascending */
    uint32_t start;       /* size of the starting cover */
    uint64_t steps;       /* swap steps made */
    uint64_t best_step;   /* steps made when the best cover was found (0: the start) */
    double best_seconds;  /* seconds from the call until it was found */
    double seconds;       /* the whole call */
    localsearch_stop stop;
} localsearch_result;

void localsearch_params_init(localsearch_params *p);
int localsearch_run(const instance *h, const uint32_t *start, uint32_t nstart,
                    const localsearch_params *p, localsearch_result *out, char *err,
                    size_t errsize);
void localsearch_result_free(localsearch_result *r);
const char *localsearch_stop_name(localsearch_stop s);

#endif
