/* localsearch.h - a weighted pair-move local search for small hitting sets (unicost set
 * cover), whose step costs the degree of the elements it touches, not the instance.
 *
 * It holds a set S of elements. Whenever S meets every set it drops the elements no set
 * needs, remembers S, and drops one more at random (aiming one lower); otherwise it makes
 * a pair move: for a random unmet set, the element to add (one of that set's) and the
 * element of S to drop are chosen together, the pair leaving the least unmet weight. The
 * drop that aimed lower and the pair move after it are together a "remove two, add one"
 * move whose second half is scored with the first's unmet sets. Sets start at weight 1; at
 * a local optimum (a step that did not reduce the unmet sets) the unmet sets weigh one
 * more (all of them while there are at most LOCALSEARCH_BUMP_ALL, else one at random), so
 * that the sets that stay unmet pull the search towards them. The element dropped last is
 * not added back next, and the element added last is not dropped next unless that meets
 * every set. Ties go to the elements unchanged longest, then at random. After `restart`
 * steps without a smaller cover the search restarts, every weight back at 1, from one of
 * its elite covers (the last LOCALSEARCH_ELITE that were the best so far).
 *
 * Cost: S sits in a heap ordered by what dropping each element loses, so that a
 * candidate's best partner is found by visiting only the elements whose loss the
 * candidate changes and the heap nodes just below them: a step costs about the sizes of
 * the sets of the elements it considers and moves (times a logarithm), not |S| or the
 * instance. Building the state and each restart cost O(entries of the instance).
 *
 * Deterministic: the same instance, start, seed and step limits give the same trajectory
 * and the same cover. Only a stop by the time limit depends on the machine: it decides
 * where that trajectory is cut, and the result reports the step at which its best cover
 * was found, so rerunning with that many steps reproduces it exactly. The best cover is
 * checked against the instance's element -> set rows before it is returned. */
#ifndef T24_HITSET_LOCALSEARCH_H
#define T24_HITSET_LOCALSEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget.h"

#include "hitset/model/instance.h"

/* The default local search: a quarter of the time limit at most, and it gives up after
 * LOCALSEARCH_DEFAULT_PATIENCE steps per set of the core without a smaller cover, at least
 * LOCALSEARCH_DEFAULT_PATIENCE_MIN (small instances finish in milliseconds; on five cards, deck
 * 1-10, improvements still come 400,000 steps apart). Here, beside the search, so that
 * the driver (mincover.c) and the certifying search (certify.c) run the same one. */
#define LOCALSEARCH_DEFAULT_SHARE 0.25
#define LOCALSEARCH_DEFAULT_PATIENCE 300
#define LOCALSEARCH_DEFAULT_PATIENCE_MIN 50000

/* The default patience on core: LOCALSEARCH_DEFAULT_PATIENCE steps per set, at least _MIN. */
static inline uint64_t localsearch_default_patience(const instance *core)
{
    uint64_t p = (uint64_t)LOCALSEARCH_DEFAULT_PATIENCE * instance_nsets(core);
    return p < LOCALSEARCH_DEFAULT_PATIENCE_MIN ? LOCALSEARCH_DEFAULT_PATIENCE_MIN : p;
}

/* Elite covers kept for restarts. */
#define LOCALSEARCH_ELITE 8
/* The default restart: after max(LOCALSEARCH_RESTART_MIN, LOCALSEARCH_RESTART_PER_SET *
 * sets) steps without a smaller cover, so that a restart's O(entries) is spread over
 * many steps. */
#define LOCALSEARCH_RESTART_MIN 100000
#define LOCALSEARCH_RESTART_PER_SET 100
/* params.improved is called at most once in this many seconds while the search runs. */
#define LOCALSEARCH_ANNOUNCE 0.05

typedef struct {
    budget limit;       /* its time end and cancel (core/budget.h), asked every 64 steps;
                           it counts no work into the budget's counter (its caller counts
                           its steps, and caps them with max_steps). Default: none, so a
                           caller sets an end, max_steps or patience */
    uint64_t max_steps; /* pair steps at most, 0 for no limit (default 0) */
    uint64_t seed;      /* random seed (default 1) */
    uint64_t patience;  /* stop after this many steps without a smaller cover, 0 for
                           never (default 0) */
    uint64_t restart;   /* restart from an elite cover after this many steps without a
                           smaller cover: 0 for the default above (default 0),
                           UINT64_MAX for never */
    uint32_t target;    /* stop once a cover this small is found, e.g. a proven lower
                           bound (default 0: never) */
    /* Called at most once a second with the best size so far, or NULL (default). */
    void (*progress)(void *ctx, uint32_t best, uint64_t steps, double seconds);
    void *progress_ctx;
    /* Called with a smaller cover (n elements, in no order) as it is found, at most once
     * every LOCALSEARCH_ANNOUNCE seconds (a smaller one found meanwhile is told about
     * that much later), and with the best one at the end if it was not told; or NULL
     * (default): a caller that must answer at any moment keeps the best so far. */
    void (*improved)(void *ctx, const uint32_t *elems, uint32_t n);
    void *improved_ctx;
    /* Called once, when the search would stop by its time or its patience, with the best
     * size so far; returning true with *end set (a new time end, walltime_now()) lets it
     * go on with extend_patience: the same trajectory, not a restart, so a rerun with the
     * steps of its best cover reproduces that cover. NULL (default): it stops. */
    bool (*extend)(void *ctx, uint32_t best, double *end);
    void *extend_ctx;
    uint64_t extend_patience; /* the patience once extended, 0 for none (default 0) */
} localsearch_params;

typedef enum {
    LOCALSEARCH_TARGET, /* reached params.target */
    LOCALSEARCH_STEPS,  /* used params.max_steps */
    LOCALSEARCH_PATIENCE, /* params.patience steps without a smaller cover */
    LOCALSEARCH_TIME,   /* reached its time end (params.limit) */
    LOCALSEARCH_CANCELLED /* params.cancel asked it to stop */
} localsearch_stop;

typedef struct {
    uint32_t n;           /* size of the best cover */
    uint32_t *elems;      /* its elements, ascending */
    uint32_t start;       /* size of the starting cover */
    uint64_t steps;       /* pair steps made */
    uint64_t best_step;   /* steps made when the best cover was found (0: the start) */
    uint64_t restarts;    /* restarts from elite covers */
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
