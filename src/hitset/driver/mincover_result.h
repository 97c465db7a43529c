/* mincover_result.h - the parameters of mincover_run() (mincover.h), the names of how
 * its result ended, and the result's type by name (its parts: mincover_parts.h).
 *
 * Apart from mincover.h because the table of lower bounds (bound.h) reads a result and
 * mincover.c reads that table: with the types in mincover.h, bound.c and mincover.c would
 * include each other's headers, a circle tests/check_layers.sh refuses. It includes no
 * module of the engine's phases, so that bound.h and the driver's headers that only pass
 * a result along do not see the whole engine. */
#ifndef T24_HITSET_MINCOVER_RESULT_H
#define T24_HITSET_MINCOVER_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/budget.h"
#include "core/cancel.h"
#include "hitset/mip/ilp_search.h"
#include "hitset/model/instance.h"

struct bound_method; /* a row of the table of lower bounds (bound.h) */
/* The result itself, a part per phase, is in mincover_parts.h, which holds what each
 * phase keeps (greedy's covers, the reductions' core, the local search's result...) and
 * so includes those modules; this header includes none of them. */
typedef struct mincover_result mincover_result;

/* The budget rule (mincover_search.c, ls_extend; hitting-sets.md): when its quarter or its
 * patience ends with the cover more than MINCOVER_LS_GAP (relative to the LP bound's
 * ceiling) above that bound, the local search goes on until MINCOVER_LS_ALL of the budget,
 * leaving the rest to the exact search for its bound. Measured: GLPK closed or came
 * within one of gaps of 5 and 7 % after the local search (five cards, decks 1-5 and
 * 1-6) and improved none of 12 to 19 % in 45 s (deck 1-7, random set cover and vertex
 * cover). */
#define MINCOVER_LS_GAP 0.10
#define MINCOVER_LS_ALL 0.9
/* An extended search still ends after this many times its patience without a smaller
 * cover: on a core the exact search can finish (a small random instance: its LP bound
 * 40 % below the optimum, proven in a second) the gap says nothing, and the cover has
 * stopped improving long before 90 % of the budget. */
#define MINCOVER_LS_EXTEND_PATIENCE 10

/* A lower bound of the caller's (bench/'s MaxSAT bound, which needs CaDiCaL and so stays
 * out of the library): run on the reduced core after the local search, with at most half
 * of the time then left, its value (plus the forced elements) joins the table's rows
 * (bound.h) in the best bound and, after them, in the proof. run returns 0 with a bound
 * on every cover of core in *bound, or -1 with a reason in err (noted, not fatal). */
#define MINCOVER_EXTRA_MAX 4
typedef struct {
    const char *name;  /* its proven_by value */
    const char *words; /* in a report's verdict */
    const char *brief; /* in a generated table's header */
    int (*run)(void *ctx, const instance *core, double seconds, uint32_t *bound, char *err,
               size_t errsize);
    void *ctx;
} mincover_extra;

/* How the LP bound is computed (mincover_params.lp). */
typedef enum {
    MINCOVER_LP_AUTO,    /* column generation on cores above MINCOVER_COLGEN_MIN_ELEMS
                            elements, else the simplex */
    MINCOVER_LP_SIMPLEX, /* GLPK's dual simplex on every element */
    MINCOVER_LP_COLGEN   /* column generation (colgen.h) */
} mincover_lp;

typedef struct {
    budget limit;          /* the run's one limit (core/budget.h), made once at the edge:
                              limit.end, the walltime_now() at which the run must end
                              (> 0; default MINCOVER_DEFAULT_SECONDS from
                              mincover_params_init()), which also bounds each max-coverage
                              ILP's length (as long as the run had); limit.work_end, work
                              units for the whole run, 0 for none (default): then every
                              phase's share is taken in work and limit.end is a safety
                              cap alone, so that the run's cover and bounds are the same
                              on any machine at any load unless that cap or the cancel
                              ends it first (mincover_result.ended_by). limit.cancel and
                              limit.work must be NULL: the stop is params.cancel (below)
                              and the counter the result's own (mincover_result.work) */
    double ls_share;       /* the local search's share of the searches' budget: of their
                              time (mincover_result.budget), or under a work limit of the
                              work left when it starts. < 0 for the default
                              (LOCALSEARCH_DEFAULT_SHARE, or all of it where column
                              generation ran; with the patience above and the rule of
                              MINCOVER_LS_GAP), 0 to skip it, in (0, 1] for that share
                              with no patience, unless it reaches the LP bound (default
                              -1). `--local-search S` is S / --time-limit, or under
                              --work S x BUDGET_UNITS_PER_SECOND units of the work
                              (to_mincover(), t24hs.c) */
    uint64_t ls_steps;     /* local search steps at most, 0 for no limit (default 0);
                              by default it then gets MINCOVER_LS_ALL of the budget
                              and no patience, so that with a seed its cover is
                              reproducible when the steps end before its time */
    uint32_t greedy_runs;  /* randomised greedy runs, 1..MINCOVER_MAX_RUNS (default 100) */
    bool settled_runs;     /* make them also when the necessary elements or the packing
                              bound already prove pruned greedy's cover (default on: the
                              study reports their spread; `t24 cover`, a solver, skips
                              them, since they cannot find a smaller cover) */
    uint64_t seed;         /* their random seed (default 1) */
    bool coverage;         /* also maximum coverage for k = 1..optimum (default off) */
    bool reduce;           /* reduce before the ILP (default on; off to cross-check) */
    double reduce_share;   /* the reductions' share of the time left when they start,
                              in (0, 1] (default MINCOVER_REDUCE_SHARE): stopped by it,
                              the searches go on from the core they reached
                              (reduce_run_share()) */
    uint64_t reduce_cap;   /* in a solver's run (mincover_solver_run()), also at most
                              this much work for them, 0 for no cap (default
                              MINCOVER_REDUCE_CAP_UNITS): a share that does not grow
                              with the limit */
    bool kernel;           /* then the kernel's rules (kernel.h) on reduce's core, for the
                              searches (default off, so that lp_bound stays the
                              instance's LP value in a study's tables; `t24 cover` turns
                              it on: offset + the kernel's LP is at least that value, and
                              is lp_bound then; nothing without reduce) */
    bool core_method;      /* the core method (corecover.h) in the local search's place
                              where the core has its shape (default off: larger covers
                              than the local search on the instances measured) */
    int mem_limit_mb;      /* GLPK memory limit in MB, 0 for none (default 0) */
    ilp_engine engine;     /* the exact search: ILP_GLPK (default) or ILP_CBC */
    mincover_lp lp;        /* the LP bound's method (default MINCOVER_LP_AUTO) */
    double lag_share;      /* the Lagrangian cover heuristic's share of the searches'
                              budget (of their time, or of the work left under a work
                              limit): < 0 for the default (MINCOVER_LAG_SHARE where
                              column generation ran, else none), 0 for none, in (0, 1]
                              for that share (default -1) */
    int threads;           /* CBC's threads (default 1) */
    ilp_progress_fn progress; /* progress of the reductions, the local search and the
                                 exact search, at most once a second (sizes of the
                                 whole instance), or NULL */
    void *progress_ctx;
    /* Called with each smaller cover of the whole instance as it is found (greedy, each
     * local search improvement, the exact search's cover), already checked against every
     * set, or NULL (default): what `t24 cover` prints when a signal stops it. */
    void (*improved)(void *ctx, const uint32_t *elems, uint32_t n);
    void *improved_ctx;
    /* A cover the caller already has (n distinct elements meeting every set, checked by
     * mincover_run()), or NULL (default): a candidate for the result, and the size every
     * cover passed to `improved` must beat, so that a caller who published it never sees
     * a larger one announced after it. */
    const uint32_t *start;
    uint32_t nstart;
    /* The caller's early stop (core/cancel.h; default: none): every phase asks it where
     * it reads its clock and ends as at the time limit, its covers and bounds valid.
     * CBC is not asked (its C interface has no callback): it ends at its time limit. */
    cancel_check cancel;
    /* NULL (default), or where the certificate of the run's lower bound goes: the exact
     * search is then t24's certifying search (engine must be ILP_T24) on the whole
     * instance, not the core, and the only bound the result calls proven is the one
     * the certificate proves (docs/certificates.md). Written whole at the end. */
    FILE *certificate;
    /* With ILP_T24: the bound its search proves at most (certify_params.goal), 0
     * (default): the cover's size, optimality. */
    uint32_t certify_goal;
    /* The caller's lower bounds (NULL, or nextra <= MINCOVER_EXTRA_MAX rows; default
     * none). */
    const mincover_extra *extra;
    uint32_t nextra;
} mincover_params;

typedef enum {
    MINCOVER_ILP_OPTIMAL,    /* the exact search (params.engine's) ended with its optimum */
    MINCOVER_ILP_TIME_LIMIT, /* stopped before its optimum, or given no time: by the
                                time limit, its share, the work limit or the caller's
                                cancel (ended_by says which ended the run); the best
                                cover and bound are reported */
    MINCOVER_ILP_FAILED      /* the engine failed: the other covers and bounds remain */
} mincover_ilp_status;

/* What proved the reported cover optimal (MINCOVER_PROOF_NONE: nothing did): the first
 * lower bound of bound.h's table, in its order (cheapest first), that equals its size;
 * else the exact search, credited only when it ran on a non-empty core; else the
 * reductions. Which bound it was is the result's proof_bound, so that a new bound is a
 * row of that table and no value here. */
typedef enum {
    MINCOVER_PROOF_NONE,
    MINCOVER_PROOF_BOUND,     /* a row of the table of lower bounds: proof_bound */
    MINCOVER_PROOF_SEARCH,    /* the exact search (params.engine) */
    MINCOVER_PROOF_REDUCTIONS /* the reductions left an empty core and no LP ran: the
                                 forced elements are the optimum */
} mincover_proof;

/* What ended a run (mincover_result.ended_by): only a run that finished or used its work
 * is reproducible; the clock or a cancel end runs at a moment no other run repeats. */
typedef enum {
    MINCOVER_END_FINISHED, /* every phase ended on its own (or the exact search's proof) */
    MINCOVER_END_WORK,     /* params.limit.work_end was reached */
    MINCOVER_END_TIME,     /* params.limit.end, or without a work limit a phase's share
                              of the time (with one: the safety cap, before the work) */
    MINCOVER_END_CANCEL    /* the caller's cancel (a signal, for t24) */
} mincover_end;


#endif
