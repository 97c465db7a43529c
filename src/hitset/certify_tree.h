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

#include "hitset/certify_branch.h"
#include "hitset/certify_result.h"
#include "hitset/instance.h"
#include "hitset/reduce.h"

typedef struct {
    const instance *h;          /* the instance as given: covers are checked on it */
    const reduce_result *red;   /* its reduction: the core searched, the maps, forced */
    const certify_params *p;
    double deadline;            /* walltime_now() at which the search stops */
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
