/* ilp.h - GLPK models of a hitting-set instance: the LP relaxation, the minimum hitting
 * set with glp_intopt (engine.h also offers CBC's) and maximum coverage with k elements.
 *
 * Each model's call (ilp_lp_bound(), ilp_glpk_hitting_set(), ilp_max_coverage()) builds
 * its own GLPK problem and deletes it before returning; GLPK prints nothing. Each runs on
 * a thread of its own (glpk_guard_call(), glpk_guard.h), whose GLPK environment is the
 * call's alone: a GLPK failure (including running out of memory or over mem_limit_mb) is
 * caught through glp_error_hook and becomes an error return instead of an abort, and
 * frees that environment only, so the caller's GLPK objects and settings are never
 * touched. */
#ifndef T24_HITSET_ILP_H
#define T24_HITSET_ILP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget.h"
#include "core/cancel.h"
#include "hitset/mip/ilp_search.h"
#include "hitset/model/instance.h"

/* GLPK's branch-and-bound choices, for measuring them (bench/): branching and
 * backtracking take GLPK's GLP_BR_* and GLP_BT_* values, 0 meaning t24's default (strong
 * branching; see ilp.c for what it is and why); the flags switch GLPK's cut generators
 * on, and t24's reduced-cost fixing at every node off (ilp_node.h). */
typedef struct {
    int branching, backtracking;
    bool gomory, mir, cover, clique;
    bool no_rc_fixing;
    int strong; /* columns strong branching probes, 0 for t24's default */
} ilp_glpk_options;

/* The LP relaxation's last basis (GLPK's statuses of rows 1..nrows, then columns
 * 1..ncols), kept by ilp_lp_bound() so that ilp_glpk_hitting_set() on the same instance starts
 * from it instead of solving the LP again: from the optimum, or from where a time limit
 * stopped the simplex. */
typedef struct {
    int *stat;
    uint32_t nrows, ncols;
} ilp_basis;

typedef struct {
    ilp_basis *basis;     /* GLPK only: filled by ilp_lp_bound(), and where its sizes match
                             the instance the start of ilp_lp_bound() and ilp_glpk_hitting_set();
                             or NULL (default) */
    const uint32_t *warm; /* a known solution (element ids) handed to the solver first, or NULL */
    uint32_t nwarm;
    int mem_limit_mb;     /* GLPK memory limit in MB, 0 for none (default 0; CBC has none) */
    ilp_engine engine;    /* for engine_hitting_set() (default ILP_GLPK) */
    int threads;          /* CBC only: threads of its branch and bound (default 1; GLPK
                             has one) */
    ilp_progress_fn progress; /* called at most once a second during a GLPK search, and
                                 between the simplex's chunks in ilp_lp_bound() (phase
                                 "LP bound", nodes its iterations), or NULL */
    void *progress_ctx;
    ilp_glpk_options glpk;    /* default: all zero */
    const cancel_check *cancel; /* GLPK only: the caller's early stop, asked at every
                                   callback of the branch and bound (core/cancel.h) */
    double *duals;        /* ilp_lp_bound() only, or NULL (default): room for one value per
                             set of the instance, where the rows' duals go whenever the
                             simplex ran, to its optimum or stopped by the limit (the
                             dual simplex's iterate: each >= 0 up to GLPK's tolerance,
                             its Lagrangian a lower bound); left as they were when it
                             did not run or failed */
    budget limit;         /* the time end of the whole call, LP included (both engines;
                             walltime_now(), 0: none), and for GLPK the run's work
                             counter and work end, asked between the simplex's chunks
                             (mip/lpwork.h; ilp_lp_bound() asks `cancel` there too, the
                             search's LP does not) and at every callback of the branch
                             and bound, which add their work to it; default: none */
} ilp_params;

typedef struct {
    ilp_status status;
    double value;        /* objective of the best solution (meaningless with ILP_NONE) */
    double bound;        /* proven bound: lower for minimum, upper for maximum */
    double lp;           /* optimum of the LP relaxation; -1 when the time limit stopped it
                            (bound the trivial one; status ILP_NONE, or ILP_STOPPED with
                            the warm start for a hitting set given one) */
    uint32_t *chosen;    /* elements of the best solution, ascending */
    uint32_t nchosen;
    uint64_t nodes;      /* branch-and-bound nodes explored */
    uint64_t rc_fixed;   /* GLPK: columns fixed by reduced cost at nodes (ilp_node.h) */
    uint64_t probes;     /* GLPK: strong branching's LP probes */
    uint64_t lp_iterations; /* GLPK: simplex iterations of the LP relaxation, 0 when it
                               started from an optimal basis (ilp_params.basis); CBC: 0 */
    double seconds;
} ilp_result;

void ilp_params_init(ilp_params *p);
int ilp_lp_bound(const instance *h, const ilp_params *p, double *value, char *err, size_t errsize);
int ilp_glpk_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                         size_t errsize);
int ilp_max_coverage(const instance *h, const uint32_t *weight, uint32_t k, const ilp_params *p,
                     ilp_result *out, char *err, size_t errsize);
bool ilp_take_warm(const instance *h, const ilp_params *p, ilp_result *out);
void ilp_result_free(ilp_result *r);
void ilp_basis_free(ilp_basis *b);

#endif
