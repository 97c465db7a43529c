/* certify_estimate.h - what a round of the certifying search (certify.h) would cost,
 * before paying it: Knuth's estimate of its tree from random dives (D. E. Knuth,
 * "Estimating the efficiency of backtrack programs", Math. Comp. 29, 1975).
 *
 * A dive starts at the root of the reduced instance (or at one of the given start nodes,
 * the open nodes of cubes, picked uniformly at random), and at each node does what the
 * search's round at the same goal does: the same target (the smaller of the goal and the
 * best cover), the node's LP and its exact bound, the same closing rule, the reduced-cost
 * fixings and the branching rule, whose pseudocosts the dives teach as the search's
 * nodes would. It then goes down one child picked uniformly at random. Each node it meets
 * counts the product of the numbers of children above it, and the sum, a dive's
 * estimate, has the tree's node count as its expectation. The estimate is exact when the
 * nodes of each depth have equally many children (a single leaf, a full binary tree).
 *
 * The mean over the dives is reported with a 95% interval from their spread (mean +-
 * 1.96 standard errors; below, never less than the nodes one dive met). The dives'
 * estimates are heavy tailed: a few dives miss the rare deep subtrees that hold most of
 * a large tree, so a short run errs low far more often than high, and the interval is
 * only as good as the dives that found them.
 *
 * Core-seconds, on this machine, are Knuth's estimate of the LPs' CPU seconds (each LP
 * a dive solves counts its own time, weighted as its node), plus the estimated nodes
 * times the dives' CPU seconds per node besides LPs and choices (writing its line,
 * fixings), plus the dives' seconds choosing elements once: strong branching probes an
 * element until its
 * pseudocosts are reliable, a cost the search pays once as it learns, not at every node
 * (dives that charged it to every node would count deck 1-6's search several times
 * over). Elements that stay unreliable keep being probed in a long search; that share
 * is left out.
 *
 * Dives follow the search's rules but not its history: a round of certify_run() starts
 * with the pseudocosts of the rounds before it and may lower its target by a cover it
 * finds; the dives learn theirs as they go and share any cover they find. */
#ifndef T24_HITSET_CERTIFY_ESTIMATE_H
#define T24_HITSET_CERTIFY_ESTIMATE_H

#include <stddef.h>
#include <stdint.h>

#include "hitset/proof/certify_result.h"
#include "hitset/model/instance.h"

typedef struct {
    certify_params search;      /* the round estimated: goal, start (its cover), branching
                                   and its tunables; limit (its time end) and cancel bound
                                   the estimate; split_depth and the cube must be unset */
    uint64_t seed;              /* the dives' random generator (default 1) */
    uint32_t dives;             /* dives at most, 1..10000000 (default 64) */
    /* The nodes dives start from, nstarts of them (0, the default: the root): start i
     * is the node that fixings start_elems/start_in [start_off[i], start_off[i + 1])
     * reach after the reductions (instance ids, in F1 where start_in, else F0), as a
     * cube (certify_params.cube_elems). The estimate is then of all their trees. */
    uint32_t nstarts;
    const uint64_t *start_off;
    const uint32_t *start_elems;
    const unsigned char *start_in;
} certify_estimate_params;

typedef struct {
    uint32_t dives;             /* dives finished; 0: no estimate (the time ran out first) */
    uint32_t starts;            /* start nodes (1: the root) */
    uint32_t target, cover;     /* the target at the end, and the best cover known */
    uint64_t visited;           /* the most nodes one dive met: a lower bound */
    double nodes, nodes_low, nodes_high; /* the tree's nodes: the mean, its 95% interval
                                   (high HUGE_VAL with one dive) */
    double lps, lps_low, lps_high; /* the LPs the search would solve, likewise */
    double dive_min, dive_max;  /* the least and the most nodes one dive estimated */
    double seconds_per_lp;      /* the dives' CPU seconds in LPs over their LPs */
    double seconds_per_node;    /* their CPU seconds besides LPs and choices, per node */
    double choose_seconds;      /* their CPU seconds choosing elements */
    double core_seconds, core_low, core_high; /* the CPU seconds the search would take:
                                   the mean and 95% interval of the dives' estimates of
                                   its LPs' and nodes' seconds, plus choose_seconds */
    double seconds;             /* this call's */
} certify_estimate;

void certify_estimate_params_init(certify_estimate_params *p);

/* Estimates the round of h's certifying search at p->search.goal (0: the best cover's
 * size). Returns 0 with *r filled (r->dives 0 when no dive finished in time), or -1
 * with err set when a parameter is out of range, the reductions do not finish in time,
 * memory runs out, a start fixes an element outside the reduced instance, or GLPK
 * fails. The dives and hence the estimate depend on the seed alone, unless the time
 * limit ends them first. */
int certify_estimate_run(const instance *h, const certify_estimate_params *p,
                         certify_estimate *r, char *err, size_t errsize);

#endif
