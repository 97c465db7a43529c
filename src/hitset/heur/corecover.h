/* corecover.h - covers from a core of cheap elements, after the core-problem method of
 * Caprara, Fischetti and Toth for large set covering (Operations Research 47(5), 1999).
 *
 * Where the elements (a study's classes) far outnumber the sets (its hands), a cover uses
 * few of them and most are never worth taking. Prices u on the sets (the LP's duals, then
 * Lagrangian multipliers) give each element a reduced cost r_e = 1 - sum of u over its
 * sets; the core is
 *  - the elements of the best cover so far (so the core always has a cover, as good),
 *  - each set's CORECOVER_PER_SET cheapest elements (every set keeps a choice),
 *  - then the cheapest elements overall, up to core_max in all;
 * the local search (localsearch.h) runs on that sub-instance, which is far smaller than
 * the instance, from the better of the best cover and the best of a few random greedy
 * runs on the core; the first round's best cover is the better of the start and the best
 * of a few random greedy runs on the whole instance (the local search once started from
 * the pruned greedy alone: 51 on seven cards, deck 1-7, where the best run gives 49). A cover of the core is a cover of the instance: every set keeps its
 * core elements. After each round, subgradient steps on the core's Lagrangian
 * relaxation (aiming at the best cover's size) move the prices, and the next core is built
 * from them over the whole instance.
 *
 * Deterministic: the same instance, prices, start, seed and limits give the same rounds
 * and cover; under a work limit (core/budget.h) where it stops does not depend on the
 * machine. Every cover it keeps is checked against the whole instance first. */
#ifndef T24_HITSET_CORECOVER_H
#define T24_HITSET_CORECOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget.h"
#include "hitset/model/instance.h"

/* Each set's cheapest elements in every core. */
#define CORECOVER_PER_SET 5
/* The default core: CORECOVER_CORE_PER_SET elements per set, at least CORECOVER_CORE_MIN. */
#define CORECOVER_CORE_PER_SET 4
#define CORECOVER_CORE_MIN 5000
/* The shape where the driver runs it (mincover_search.c, docs/hitting-sets.md): at least
 * CORECOVER_SHAPE_RATIO elements per set, and at least CORECOVER_SHAPE_CORES default
 * cores' worth of elements (else the core would be most of the instance). */
#define CORECOVER_SHAPE_RATIO 16
#define CORECOVER_SHAPE_CORES 4
/* A round's local search: CORECOVER_STEPS_PER_ELEM steps per core element, at least
 * CORECOVER_STEPS_MIN. */
#define CORECOVER_STEPS_PER_ELEM 50
#define CORECOVER_STEPS_MIN 200000
/* Before the rounds, random greedy runs on the whole instance: at most
 * CORECOVER_START_RUNS, as many as CORECOVER_START_WORK entries pay for (at least one). */
#define CORECOVER_START_RUNS 32
#define CORECOVER_START_WORK (1ull << 26)
/* Random greedy runs on each core, and subgradient steps between two rounds. */
#define CORECOVER_GREEDY_RUNS 8
#define CORECOVER_SUBGRADIENT 20

typedef struct {
    const double *u;        /* starting prices (nsets, each clamped to [0, 1]), or NULL:
                               all 0 (default NULL) */
    const uint32_t *start;  /* a cover of the instance (required) */
    uint32_t nstart;
    uint32_t core_max;      /* a core's elements at most, beyond the best cover's and
                               the sets' cheapest (0, default: corecover_default_core()) */
    uint32_t max_rounds;    /* rounds at most, 0 for no limit (default 1000) */
    uint64_t round_steps;   /* local search steps per round (0, default: the rule above) */
    uint64_t seed;          /* (default 1) */
    /* After each round: its number (from 1), the core's elements, the best cover's size
     * so far and its seconds; or NULL (default). */
    void (*progress)(void *ctx, uint32_t round, uint32_t core, uint32_t best, double seconds);
    void *progress_ctx;
    /* Called with each smaller cover (checked) as a round ends, or NULL (default). */
    void (*improved)(void *ctx, const uint32_t *elems, uint32_t n);
    void *improved_ctx;
    budget limit;           /* time end, work end, cancel: asked between rounds and by
                               the local search; every phase's work counted (default:
                               none, then max_rounds alone ends it) */
} corecover_params;

/* One round: its core's elements, and the best cover's size after it. */
typedef struct {
    uint32_t core, best;
} corecover_round;

typedef struct {
    uint32_t n;             /* the best cover's size */
    uint32_t *elems;        /* its elements, ascending */
    uint32_t start;         /* nstart */
    uint32_t rounds;        /* rounds run */
    uint32_t best_round;    /* the round that found it (0: the start) */
    uint32_t core_last;     /* the last core's elements */
    uint64_t steps;         /* local search steps in all rounds */
    corecover_round *log;   /* rounds of them, in order */
    double seconds;
} corecover_result;

void corecover_params_init(corecover_params *p);

/* The default core size for h: CORECOVER_CORE_PER_SET per set, at least _MIN. */
uint32_t corecover_default_core(const instance *h);

/* Does h have the shape the core method is for (CORECOVER_SHAPE_RATIO, _CORES above)? */
bool corecover_shape_fits(const instance *h);

/* The core for prices u (nsets, NULL: all 0): keep (nelems flags, overwritten) marks the
 * best cover's elements best[0..nbest), each set's per_set cheapest elements, and the
 * cheapest others (ties: the lower id) until core_max are marked in all. Returns the
 * elements marked, or UINT32_MAX when memory runs out. */
uint32_t corecover_build_core(const instance *h, const double *u, const uint32_t *best,
                              uint32_t nbest, uint32_t per_set, uint32_t core_max, bool *keep);

/* The rounds, from p->start; *out gets the best cover (never larger than the start).
 * Returns 0, or -1 with err set on bad parameters or when memory runs out. */
int corecover_run(const instance *h, const corecover_params *p, corecover_result *out,
                  char *err, size_t errsize);
void corecover_result_free(corecover_result *r);

#endif
