/* certify_result.h - the certifying search's parameters and result (certify.h), apart
 * so that the search's own modules (certify_tree.h, certify_branch.h) read them without
 * including certify.h, which includes them. */
#ifndef T24_HITSET_CERTIFY_RESULT_H
#define T24_HITSET_CERTIFY_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/budget.h"
#include "core/cancel.h"
#include "hitset/mip/ilp_search.h"

/* How the search branches (measured in certify_branch.h; CERTIFY_RELIABLE is the
 * default). */
typedef enum {
    CERTIFY_RELIABLE,   /* `branch E`: reliability branching (certify_branch.h) */
    CERTIFY_STRONG,     /* `branch E` on the column strong branching picks among the
                           strong_candidates most fractional ones */
    CERTIFY_FRACTIONAL, /* `branch E` on the most fractional column, no probes */
    CERTIFY_SPLIT       /* `split S` on the live set with the fewest free elements */
} certify_branching;

typedef struct {
    const cancel_check *cancel;  /* the caller's early stop, or NULL (default) */
    budget limit;                /* the time end of the whole call (walltime_now(), 0:
                                    none), the run's work counter and work end (every node
                                    and every simplex iteration adds to it) and a cancel
                                    asked beside `cancel`: the search stops once it is over
                                    (default: none; a caller gives an end) */
    const uint32_t *start;       /* a known cover (element ids), or NULL (default): the
                                    search's first target; when absent or not a cover,
                                    greedy's improved by t24's default local search */
    uint32_t nstart;
    const double *hint;          /* multipliers per set of the instance (any values; those
                                    not > 0 count as 0), or NULL (default): a root stopped
                                    before its own LP ends keeps what they prove where it
                                    is more than the LP's so far and a packing's (the
                                    driver's LP phase, finished or stopped: issue 49) */
    int mem_limit_mb;            /* GLPK's memory limit, 0: none (default) */
    /* progress and improved may be called from the thread the search runs on (GLPK's,
     * glpk_guard.h), as cancel may be. */
    ilp_progress_fn progress;    /* at most once a second, phase "certify": the target,
                                    the bound proven so far, the nodes written; or NULL
                                    (default) */
    void *progress_ctx;
    /* Called with every cover smaller than the start found (element ids, ascending),
     * the start pruned of elements it does not need included; or NULL (default). */
    void (*improved)(void *ctx, const uint32_t *elems, uint32_t n);
    void *improved_ctx;
    certify_branching branching; /* default CERTIFY_RELIABLE */
    uint32_t strong_candidates;  /* columns probed at a node at most (default 5) */
    uint32_t strong_iterations;  /* dual simplex steps per probe (default 50) */
    uint32_t reliability;        /* CERTIFY_RELIABLE: observations each way after which
                                    an element's pseudocosts are trusted (default 4) */
    uint32_t goal;               /* the bound to prove, 0 (default): the best cover's
                                    size, a proof of optimality. A node is closed once its
                                    bound reaches the smaller of the goal and the cover, so
                                    a goal below the cover proves that bound with a tree
                                    that grows only with it (the same nodes a best-first
                                    search opens to reach it) */
    /* Cubes (cubes.h: one proof over many machines). With split_depth > 0 a node at that
     * branching depth is not searched but written `open NAME` (NAME cube-NNNNN, counted
     * from 1 in preorder) and handed to on_open with its fixings (instance ids, in F1
     * where in[i], else F0); the search is one round at the goal. */
    uint32_t split_depth;
    void (*on_open)(void *ctx, const char *name, const uint32_t *elems,
                    const unsigned char *in, uint32_t n);
    void *open_ctx;
    /* A cube to search instead of the root (ncube > 0; an open node has at least one
     * fixing): the node these fixings reach after the reductions. The certificate is
     * then its subtree alone (no header, no reductions), one round at the goal, whose
     * bound is the result's. */
    const uint32_t *cube_elems;
    const unsigned char *cube_in;
    uint32_t ncube;
    /* A cover size found elsewhere (another cube's search), polled every few seconds,
     * or NULL (default): the target falls to it. */
    uint32_t (*upper)(void *ctx);
    void *upper_ctx;
} certify_params;

/* One round of the search (certify.h): what it set out to prove and what it cost. The
 * rounds' growth is the estimate of what the next goals would cost. */
#define CERTIFY_ROUNDS_KEPT 16
typedef struct {
    uint32_t goal;      /* 0: the root's LP alone */
    uint32_t bound;     /* what the round's tree proves */
    bool finished;      /* not stopped by the time limit */
    uint64_t nodes;     /* its tree's nodes */
    uint64_t lp_solves;
    double seconds;
} certify_round;

/* What a certificate's search proved and cost: the one form of these figures inside the
 * engine, the certifying search's (certify_result.stats) and the driver's (its proof
 * part, mincover_parts.h), copied from one to the other whole. libt24hs's
 * hs_certificate_stats is its copy at the library's edge (t24hs.c), apart so that the
 * public struct keeps its layout (docs/library.md's SONAME rule). */
typedef struct {
    uint32_t bound;     /* K, the bound the certificate proves */
    uint64_t nodes;     /* nodes of the certificate's tree, reductions included */
    uint64_t leaves;    /* its leaves */
    uint64_t bytes;     /* the certificate's size */
    uint32_t open;      /* leaves the time limit made of nodes it left unexplored */
    double seconds;
    certify_round round[CERTIFY_ROUNDS_KEPT]; /* the last rounds, oldest first */
    uint32_t nround;    /* how many of round[] hold one */
} certify_stats;

typedef struct {
    certify_stats stats; /* K (stats.bound), the tree, the rounds, the seconds, the bytes */
    uint32_t *cover;    /* the best cover known (element ids, ascending): the start, or
                           one the search found */
    uint32_t ncover;
    bool optimal;       /* K == ncover: the certificate proves the cover optimal */
    uint64_t lp_solves; /* LPs solved at nodes, over all rounds (strong branching's
                           probes apart) */
    uint64_t probes;    /* strong branching's probes, over all rounds */
    uint64_t iterations; /* simplex steps at nodes, over all rounds */
    uint32_t reductions; /* the root's dominated, drop and split nodes */
    uint32_t rounds;    /* the search's rounds: the root's LP, then one per goal */
} certify_result;

#endif
