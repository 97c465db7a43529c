/* lagcover.h - covers from Lagrangian multipliers, in the spirit of Caprara, Fischetti and
 * Toth's heuristic for large set-covering instances (1999).
 *
 * Multipliers u (the LP's duals, say) price every element: its reduced cost
 * r_e = 1 - sum of u over its sets says how much it costs beyond the sets it meets.
 *  - Lagrangian greedy: repeatedly take the element with the smallest score, r_e / m_e
 *    when r_e > 0 and r_e * m_e otherwise (m_e: the unmet sets it meets), then drop the
 *    elements that became redundant, the dearest first;
 *  - it runs on the multipliers a short subgradient search visits around u, so that
 *    each cover comes from slightly different prices;
 *  - fixing: the cheapest part of the best cover is kept, the sets it meets leave, and
 *    the same search runs on what is left (a smaller instance, priced afresh); the part
 *    kept grows while nothing improves, and starts small again after an improvement.
 * A second source of covers beside the local search (localsearch.h), which then starts
 * from the better one. Deterministic: no randomness, only the time limit cuts it. */
#ifndef T24_HITSET_LAGCOVER_H
#define T24_HITSET_LAGCOVER_H

#include <stddef.h>
#include <stdint.h>

#include "core/budget.h"
#include "core/cancel.h"
#include "hitset/model/instance.h"

typedef struct {
    const double *u;       /* starting multipliers (nsets), or NULL for the subgradient
                              method's own start (default NULL) */
    uint32_t max_rounds;   /* fixing rounds at most, 0 for no limit (default 0) */
    /* At most once a second, after a fixing round: the best cover's size, or NULL. */
    void (*progress)(void *ctx, uint32_t best, uint32_t rounds, double seconds);
    void *progress_ctx;
    /* Called with each smaller cover as it is found (already checked), or NULL. */
    void (*improved)(void *ctx, const uint32_t *elems, uint32_t n);
    void *improved_ctx;
    budget limit;          /* time end, cancel and the run's work (core/budget.h): each
                              subgradient iteration counts the entries it reads (the
                              instance's, or a round's part), none starts that the work
                              left would not pay for (but a search's first), no round
                              starts once it is over, and the first search takes a
                              quarter of the time left at most (default: none; the rounds
                              then end when the part kept would be the whole cover) */
} lagcover_params;

typedef struct {
    uint32_t n;            /* size of the best cover (0 when there are no sets) */
    uint32_t *elems;       /* its elements, ascending */
    uint32_t rounds;       /* fixing rounds run */
    uint32_t greedy_calls; /* Lagrangian greedy covers built */
    uint32_t best_round;   /* the round that found the best cover (0: the first) */
    double seconds;
} lagcover_result;

void lagcover_params_init(lagcover_params *p);
int lagcover_greedy(const instance *h, const double *reduced, uint32_t *elems, uint32_t *n);
int lagcover_run(const instance *h, const lagcover_params *p, lagcover_result *out,
                 char *err, size_t errsize);
void lagcover_result_free(lagcover_result *r);

#endif
