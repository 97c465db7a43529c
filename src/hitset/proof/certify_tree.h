/* certify_tree.h - the certifying search's branch and bound (certify.h), below the
 * reductions: it searches the reduced core and writes its nodes in the ids of the
 * instance as given.
 *
 * State of a node, as the certificate defines it: the elements fixed in (F1: the forced
 * ones and those fixed on the path) and out (F0), the live sets (met by nothing in F1;
 * the sets outside the core are all dropped or met by a forced element). Every leaf it
 * writes holds under the certificate's exact rules for the target it had when written,
 * and the target only falls; leaves that the time limit makes hold for `bound`. */
#ifndef T24_HITSET_CERTIFY_TREE_H
#define T24_HITSET_CERTIFY_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hitset/proof/certify_branch.h"
#include "hitset/proof/certify_result.h"
#include "hitset/model/instance.h"
#include "hitset/presolve/reduce.h"

/* Knuth's random dives (certify_estimate.h): with certify_tree_job.dives set, the
 * search goes down one child of each node, picked at random, from a start node picked
 * at random, instead of into all of them. A dive's nodes (and LPs), each weighted by the
 * product of the numbers of children above it (the starts counting as the root's
 * children), sum to an unbiased estimate of the tree's (Knuth 1975). */
typedef struct {
    uint64_t seed;              /* the random generator's state (splitmix.h), advanced */
    uint32_t max;               /* dives at most, >= 1 */
    uint32_t nstarts;           /* start nodes; 0: the root alone */
    const uint64_t *off;        /* start i's fixings: elems, in [off[i], off[i + 1]) */
    const uint32_t *elems;      /* instance ids, each a core element */
    const unsigned char *in;    /* in F1 where in[k], else F0 */
    double *nodes, *lps;        /* out: each finished dive's estimates (room for max) */
    double *lp_seconds;         /* out: and of the LPs' CPU seconds (each LP weighted) */
    uint32_t done;              /* out: the dives finished (the time limit may cut one) */
    uint64_t visited;           /* out: the most nodes one dive wrote: a lower bound */
    uint64_t met;               /* out: the nodes the finished dives wrote */
    double seconds;             /* out: the finished dives' CPU seconds (GLPK's thread) */
    double choose_seconds;      /* out: of which choosing the branching element (strong
                                   branching's probes, mostly) */
    uint64_t lp_solves;         /* out: their LPs */
    double lp_cpu;              /* out: their CPU seconds in LPs */
} certify_dives;

typedef struct {
    const instance *h;          /* the instance as given: covers are checked on it */
    const reduce_result *red;   /* its reduction: the core searched, the maps, forced */
    const certify_params *p;
    double deadline;            /* walltime_now() at which the search stops (0: never) */
    FILE *tree;                 /* the nodes go here, in preorder */
    uint32_t *cover;            /* in: a cover of h (room for nelems ids); out: the best
                                   known, ascending */
    uint32_t ncover;
    uint32_t goal;              /* the bound the round sets out to prove (a node closes
                                   once its bound reaches the smaller of it and the
                                   cover); 0: the cover */
    bool root_only;             /* the root's LP alone, its bound the leaf's */
    uint32_t proven;            /* the bound earlier rounds proved (progress shows it) */
    certify_branch *branch;     /* the branching rule, its pseudocosts kept from round
                                   to round; NULL: the search makes its own */
    certify_dives *dives;       /* NULL: the search; else random dives, each written to
                                   tree (rewound before each), which is no proof */
    /* What the search did (added to what the fields held): */
    uint32_t bound;             /* out: the bound the tree proves */
    uint64_t nodes, leaves, lp_solves, probes, iterations;
    uint32_t open;
} certify_tree_job;

/* Writes the tree below the reductions to job->tree and fills the job's results.
 * Returns 0, or -1 with a reason in err when memory runs out or GLPK fails (the tree is
 * then unfinished). GLPK runs on a thread of its own (glpk_guard_call()). */
int certify_tree_search(certify_tree_job *job, char *err, size_t errsize);

#endif
