/* mincover_parts.h - the result of mincover_run() in full: a part per phase, each
 * holding what its phase keeps (greedy's covers, the reductions' core and the kernel's,
 * the local search's and the Lagrangian cover's results, the exact search's basis, the
 * certificate's figures, max coverage's rows), so this header includes those modules. A
 * file that reads or fills a result's fields includes it; one that only passes a result
 * along needs mincover_result.h alone. */
#ifndef T24_HITSET_MINCOVER_PARTS_H
#define T24_HITSET_MINCOVER_PARTS_H

#include <stdbool.h>
#include <stdint.h>

#include "hitset/driver/mincover_result.h"
#include "hitset/heur/corecover.h"
#include "hitset/heur/coverage.h"
#include "hitset/heur/greedy.h"
#include "hitset/heur/lagcover.h"
#include "hitset/heur/localsearch.h"
#include "hitset/mip/ilp.h"
#include "hitset/presolve/kernel.h"
#include "hitset/presolve/reduce.h"
#include "hitset/proof/certify_result.h"

/* The result is a part per phase, in the order mincover_run() runs them, and the run's
 * own figures at the top (what it was given, its cover and the interval [best_bound,
 * optimum] it proved): a reader of one phase finds that phase's fields together, and a
 * new phase adds a part, not a dozen prefixed fields. A part's seconds, where it has
 * one, is its phase's wall time (hs_report.seconds). */

/* The lower bounds that need no search (bound.h's BOUND_BEFORE_GREEDY rows) and the
 * caller's (params.extra, run after the local search). */
struct mincover_bounds_part {
    uint32_t necessary;            /* elements alone in some set */
    uint32_t single_sets;          /* sets with one element */
    uint32_t packing;              /* pairwise disjoint sets found greedily (packing.h) */
    bool extra_ran[MINCOVER_EXTRA_MAX];      /* each caller's bound gave a value */
    uint32_t extra_value[MINCOVER_EXTRA_MAX]; /* its value, forced elements included */
    double seconds;                /* the bounds before greedy */
};

/* Greedy, its pruning and the randomised runs. */
struct mincover_greedy_part {
    greedy_cover classic;          /* classic greedy, ties to the lowest id */
    greedy_cover pruned;           /* classic, pruned */
    greedy_stats runs;             /* the randomised runs */
    double seconds;
};

/* The reductions and the kernel: the core the searches work on. */
struct mincover_presolve_part {
    reduce_result red;             /* what the reductions removed, and the core; when
                                      the limit stopped them (rounds 0: it had passed
                                      before them), no core, and no search followed */
    kernel_result kern;            /* the kernel of red.core (params.kernel), or zeroed
                                      (kern.core NULL) when none was made */
    const instance *core;          /* what the searches work on: kern.core, else red.core */
    uint32_t offset;               /* optimum = offset + optimum(core): red.nforced +
                                      kern.offset */
    uint32_t components;           /* the core's components holding a set (0: no core) */
    uint32_t largest_elems, largest_sets; /* the one of most sets */
    double seconds;                /* the reductions and the kernel */
};

/* The LP bound, on the core (offset added), by the simplex or column generation, or
 * from the exact search's root where the LP phase did not reach the optimum.
 *
 * Two real values, because a stopped column generation proves a bound below the LP
 * optimum (the Lagrangian bound L(u) of its best duals, lagrange.h), and one field for
 * both made every reader ask a flag which it held: `optimum` is the LP relaxation's
 * optimum and nothing else; `bound` is the best lower bound the phase proved, whichever
 * way (the optimum when reached). With the kernel, the core's LP may be above the
 * instance's (mincover_set_lp_bound()): both are then offset + the kernel's LP, at least
 * the instance's LP value. libt24hs's hs_report.lp_bound is `bound`, lp_reached
 * `optimum >= 0` (t24hs.c). */
struct mincover_lp_part {
    double optimum;                /* the LP relaxation's optimum (GLPK's simplex, in the
                                      LP phase or at the exact search's root, or a column
                                      generation that closed its gap); < 0: not reached */
    double bound;                  /* the best real-valued lower bound proven: optimum
                                      when reached, else a stopped column generation's
                                      Lagrangian bound; < 0: none */
    uint32_t bound_ceil;           /* the integer bound the table credits (bound.c's
                                      "lp_bound" row): the highest ceiling either method
                                      proved, the simplex's after forgiving 1e-6 of
                                      floating-point noise, column generation's exact; so
                                      at least ceil(bound - 1e-6), and above it when a
                                      stopped column generation's exact ceiling beat the
                                      simplex's rounding */
    mincover_lp method;            /* which method gave bound (SIMPLEX or COLGEN) */
    uint32_t rounds;               /* column generation: restricted LPs solved */
    uint32_t columns;              /* column generation: elements in the last one */
    double seconds;                /* within the local search's (ls.seconds) */
    double *duals;                 /* with params.certificate: the simplex's duals per
                                      core set where it ran, finished or stopped (any
                                      values >= 0 bound the instance by their Lagrangian,
                                      which the certifying search evaluates exactly), or
                                      NULL; mincover_result_free() frees them */
};

/* The Lagrangian cover heuristic (lagcover.h), before the local search. */
struct mincover_lag_part {
    bool ran;
    uint32_t best;                 /* its cover of the instance (forced + core) */
    lagcover_result on_core;       /* its run on the core (sizes without the forced) */
};

/* The local search. */
struct mincover_ls_part {
    bool ran;                      /* it ran (params.ls_share != 0) */
    uint32_t start;                /* its start: forced + the better of pruned greedy
                                      and the Lagrangian cover on the core */
    uint32_t best;                 /* its best cover of the instance (forced + core) */
    localsearch_result on_core;    /* its run on the core (sizes without the forced) */
    corecover_result core;         /* the core method's rounds (core.rounds 0: it did not
                                      run); where it ran in the local search's place, its
                                      cover is on_core's (core.elems NULL) */
    double seconds;                /* the searches' phase up to the caller's bounds: the
                                      core's greedy, the LP, the Lagrangian cover and the
                                      local search (the exact search's is exact.seconds) */
};

/* The exact search (params.engine), on the core as one or by components. */
struct mincover_exact_part {
    mincover_ilp_status status;
    uint32_t parts_apart;          /* components it searched apart (0: the core as one;
                                      components.h) */
    uint32_t parts_proven;         /* of them, those it proved optimal */
    ilp_basis basis;               /* the core's LP basis, from the local search phase
                                      to the exact search */
    double seconds;
};

/* What proved the cover optimal, and the certificate. */
struct mincover_proof_part {
    mincover_proof by;             /* what proved it (see mincover_proof) */
    const struct bound_method *row; /* the bound's row when by is MINCOVER_PROOF_BOUND,
                                       else NULL */
    int extra_row;                 /* or, with row NULL, the caller's row (params.extra)
                                      that proved it; else -1 */
    bool cert_written;             /* a certificate went to params.certificate whole */
    certify_stats cert;            /* then what it proves and cost (certify_result.h) */
};

/* Maximum coverage for k = 1..optimum (params.coverage). */
struct mincover_coverage_part {
    coverage_row *rows;            /* NULL without params.coverage */
    uint32_t n;
    double seconds;
};

struct mincover_result {
    mincover_params params;
    budget_work work;              /* the work units the run used, whatever ended it */
    mincover_end ended_by;
    uint32_t elems, sets;          /* the instance's (a study's classes and hands) */
    uint32_t optimum;              /* size of the best cover found */
    bool optimal;                  /* proven: best_bound == optimum */
    uint32_t best_bound;           /* best proven lower bound */
    greedy_cover cover;            /* the best cover, in greedy order (in the order
                                      found when presolve.red.stopped) */
    uint32_t *solves;              /* per cover entry: sets it meets on its own */
    double budget;                 /* seconds the searches were given: what was left
                                      of params.limit when they started */
    char message[256];             /* why the first solver failed, when one did (the LP
                                      bound, the exact search with either engine, max
                                      coverage), else "" */
    double seconds_cover;          /* choosing and checking the cover */
    struct mincover_bounds_part bounds;
    struct mincover_greedy_part greedy;
    struct mincover_presolve_part presolve;
    struct mincover_lp_part lp;
    struct mincover_lag_part lag;
    struct mincover_ls_part ls;
    struct mincover_exact_part exact;
    struct mincover_proof_part proof;
    struct mincover_coverage_part coverage;
};

#endif
