/* cubes.h - one certified search split into cubes that many processes (or machines)
 * close apart, and merged back into one certificate (issue 30; docs/cluster.md).
 *
 * A cube folder DIR holds:
 *   instance.hgr        the instance (PACE), as split
 *   goal                the bound the cubes set out to prove (0: the best cover's size)
 *   cover.sol           the best cover known (PACE solution); any worker that finds a
 *                       smaller one replaces it, under DIR/lock, and every search polls it
 *   root.cert           the certifying search from the root down to the split depth: a
 *                       `t24-certificate 1` whose nodes at that depth are `open cube-N`
 *   cube-N              one open node: `t24-cube 1`, then `fix E in|out` lines
 *   cube-N.proof        its subtree, when searched (`t24-cube-proof 1`, `bound B`,
 *                       `target T`, `nodes X`, `seconds S`, `tree`, the nodes, `end`:
 *                       one cut short is no proof)
 *   proof.cert          the merge: root.cert with every open node replaced by its
 *                       cube's subtree, bound K the least over them, for t24-check;
 *                       named so only once the checker verified it (or could not run)
 *   cube-N.proof.rejected  a proof the checker refused, set aside by the merge (never
 *                       deleted): the cube is open again
 * A cube is closed when its proof's bound reaches the target, the smaller of the goal
 * and the best cover. Every file is written whole (a temporary file, then rename), so a
 * killed worker loses only the cube it was searching; the split builds DIR beside it and
 * renames it into place. */
#ifndef T24_HITSET_CUBES_H
#define T24_HITSET_CUBES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/cancel.h"
#include "hitset/proof/certify_estimate.h"
#include "hitset/model/instance.h"

/* An independent checker's verdict on one certificate (t24 cover runs the t24-check
 * program: the merge trusts no code of its own to verify what it merged). */
enum {
    CUBES_CHECK_VERIFIED,    /* every node holds, none open: the bound is proven */
    CUBES_CHECK_OPEN,        /* every node read holds, *open of them are open */
    CUBES_CHECK_FAILED,      /* a node fails, or the file is malformed: why says where */
    CUBES_CHECK_UNAVAILABLE  /* no verdict (no checker, the time ran out): why says so */
};
/* Checks the certificate file cert against the instance file (and the cover file when
 * not NULL) within seconds; returns one of the above, with why (a line) and *open. */
typedef int (*cubes_checker)(void *ctx, const char *instance, const char *cover,
                             const char *cert, double seconds, uint64_t *open, char *why,
                             size_t whysize);

typedef struct {
    budget limit;               /* the call's time end (walltime_now(), > 0) and cancel;
                                   its work fields are not read (`work` is) */
    uint64_t work;              /* work units for each search, counted apart: the split's
                                   (its depths together) and each cube's (a counter of its
                                   own), so that a cube's proof depends on neither the time
                                   nor the cubes searched before it; 0: none (default) */
    uint32_t goal;              /* split: the bound to prove, 0: the cover's (optimality) */
    uint32_t ncubes;            /* split: open nodes wanted, at least (1..100000) */
    bool by_sets;               /* split: the nodes above the cubes split on the live set
                                   with the fewest free elements (`split S`), not on an
                                   element; the cubes' own searches branch as always */
    uint32_t worker, nworkers;  /* run: cube i (from 0) is this worker's when
                                   i % nworkers == worker */
    FILE *log;                  /* a line per cube and per split depth, or NULL */
    cubes_checker check;        /* merge: verifies proof.cert, or NULL (never verified) */
    void *check_ctx;
} cubes_params;

typedef struct {
    uint32_t cubes;             /* cube files in DIR */
    uint32_t closed;            /* with a proof reaching the target */
    uint32_t searched;          /* run: cubes this call searched */
    uint32_t depth;             /* split: the depth of the open nodes */
    uint32_t goal, cover;       /* the goal (0: none) and the best cover's size */
    uint32_t target;            /* the smaller of the two */
    uint32_t bound;             /* merge: K, what proof.cert claims (complete only) */
    bool verified;              /* merge: the checker verified proof.cert's K */
    uint32_t rejected;          /* merge: proofs the checker refused, set aside */
    char verdict[256];          /* merge: the checker's verdict, or why there is none */
    bool complete;              /* merge: every cube has a proof: proof.cert written */
    uint64_t nodes;             /* nodes of the proofs (merge), of the split's tree */
    double cube_seconds;        /* the closed cubes' seconds, summed */
    double left_low, left_high; /* the core-seconds left: the open cubes times the least
                                   and the most a closed cube took (0 when none closed) */
    double left_mean;           /* and times their mean: the point estimate */
    double seconds;
} cubes_report;

void cubes_params_init(cubes_params *p);

/* Splits h's certifying search into at least p->ncubes cubes in the new folder dir
 * (refused when it exists): the depth grows from 1 until the open nodes are enough, or
 * none is left (the root's tree proves the target alone: one merge away). Returns 0, or
 * -1 with err set (nothing left behind). */
int cubes_split(const instance *h, const char *dir, const cubes_params *p, cubes_report *r,
                char *err, size_t errsize);
/* Searches the cube `dir/name` (name: cube-N) until p->limit, writes its proof (when
 * it proves more than an earlier one), and a smaller cover to dir/cover.sol. */
int cubes_solve(const char *dir, const char *name, const cubes_params *p, cubes_report *r,
                char *err, size_t errsize);
/* This worker's cubes of dir that are not closed, one after the other, until the time
 * limit. */
int cubes_run(const char *dir, const cubes_params *p, cubes_report *r, char *err,
              size_t errsize);
/* Joins root.cert and the cubes' proofs into dir/proof.cert when every cube has one
 * (r->complete), else only counts; r->left_* estimate the work left. Refuses a folder
 * whose root.cert or cube files name another instance than instance.hgr. The merged
 * certificate is verified by p->check until p->limit's end: r->verified then, and
 * proof.cert written; with no verdict (no checker, the time ran out) it is written
 * unverified, r->verdict saying why. A bound above the cover, or a certificate the
 * checker refuses, is not written: every cube whose proof fails alone (spliced into
 * root.cert, the other cubes and root.cert's own leaves left open) has its proof set
 * aside (cubes_set_aside()) and -1 names them in err. Returns 0, or -1 with err set. */
int cubes_merge(const char *dir, const cubes_params *p, cubes_report *r, char *err,
                size_t errsize);
/* The work dir has left (cubes_estimate.c): Knuth's estimate (certify_estimate.h) of the
 * trees of its cubes that are not closed, at the folder's target, from the folder's
 * cover, with p's seed, dives, time limit and branching (p->search's goal and start are
 * the folder's). r->starts counts the open cubes; with none, r is zero but for cover
 * and target. Returns 0, or -1 with err set (a folder that cannot be read, a damaged
 * cube, certify_estimate_run()'s failures). */
int cubes_estimate(const char *dir, const certify_estimate_params *p, certify_estimate *r,
                   char *err, size_t errsize);

#endif
