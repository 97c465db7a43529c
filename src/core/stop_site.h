/* stop_site.h - the names of the places where a computation asks whether to stop.
 *
 * Every ask of a budget (core/budget.h: budget_over, budget_stopped, a budget_poll) and
 * of a caller's cancel (core/cancel.h: cancel_requested) names its place with one of the
 * sites below, so that a test can tell which sites a run reached and force a stop at each
 * (tests/test_stop.c, through a cancel's `at` probe), and a phase added without a site of
 * its own, or a site no test forces, fails a check (tests/check_stop_sites.sh and
 * test_stop's coverage test). The list and how to add a site: docs/hitting-sets.md,
 * "Stop sites".
 *
 * One row per place: STOP_SITE(ID, "name", "where the ask is"). The name is the id in
 * lower case (the check script compares them); a row is added at the end of its phase's
 * group, never reused. The reading sites come first, up to PACE_LINES (test_stop runs
 * readings for them alone). */
#ifndef T24_CORE_STOP_SITE_H
#define T24_CORE_STOP_SITE_H

#define STOP_SITES(STOP_SITE)                                                                      \
    STOP_SITE(READ_CALL, "read_call", "core/timedread: each read of the stream")                   \
    STOP_SITE(READ_WAIT, "read_wait",                                                              \
              "core/timedread: waiting for data, or a read a signal broke")                        \
    STOP_SITE(READ_CAUSE, "read_cause", "cli/cover_input: after a failed read, was it a stop?")    \
    STOP_SITE(PACE_LINES, "pace_lines",                                                            \
              "model/pace: every PACE_CHECK_LINES lines, and at a read error")                     \
    STOP_SITE(GREEDY_SCAN, "greedy_scan",                                                          \
              "heur/greedy: a random run's buckets and its race's sort")                           \
    STOP_SITE(GREEDY_RUNS, "greedy_runs", "heur/greedy: after each random run")                    \
    STOP_SITE(DRIVER_GREEDY, "driver_greedy", "mincover: before the random greedy runs")           \
    STOP_SITE(DRIVER_REDUCE, "driver_reduce", "mincover: before the reductions")                   \
    STOP_SITE(DRIVER_LP, "driver_lp", "mincover_bounds: before the LP bound's first chunk")        \
    STOP_SITE(DRIVER_KERNEL, "driver_kernel", "mincover_search: before the kernel")                \
    STOP_SITE(DRIVER_SPENT, "driver_spent",                                                        \
              "mincover_search: no core or no time: a signal still certifies")                     \
    STOP_SITE(DRIVER_PART, "driver_part", "mincover_search: before a component's GLPK search")     \
    STOP_SITE(DRIVER_ENDED, "driver_ended",                                                        \
              "mincover: which limit ended the run (the report's ended_by)")                       \
    STOP_SITE(REDUCE_POLL, "reduce_poll", "presolve/reduce: the passes' poll")                     \
    STOP_SITE(REDUCE_SHARE, "reduce_share",                                                        \
              "presolve/reduce: stopped by its share or by the caller?")                           \
    STOP_SITE(KERNEL_POLL, "kernel_poll", "presolve/kernel: the rules' poll")                      \
    STOP_SITE(CROWN_POLL, "crown_poll", "presolve/crown: the half-integral LP's poll")             \
    STOP_SITE(LAGRANGE_STEP, "lagrange_step", "bounds/lagrange: after each subgradient iteration") \
    STOP_SITE(COLGEN_ROUND, "colgen_round", "bounds/colgen: before each round")                    \
    STOP_SITE(LAGCOVER_ROUND, "lagcover_round", "heur/lagcover: before each fixing round")         \
    STOP_SITE(LOCALSEARCH_STEP, "localsearch_step", "heur/localsearch: every 64 steps")            \
    STOP_SITE(CORECOVER_PRICES, "corecover_prices",                                                \
              "heur/corecover: each subgradient step on the core")                                 \
    STOP_SITE(CORECOVER_ROUND, "corecover_round", "heur/corecover: before each core")              \
    STOP_SITE(LPWORK_CHUNK, "lpwork_chunk", "mip/lpwork: between two chunks of the simplex")       \
    STOP_SITE(ILP_LP_LINE, "ilp_lp_line", "mip/ilp: a display line of the LP bound's simplex")     \
    STOP_SITE(ILP_NODE, "ilp_node", "mip/ilp: GLPK's branch-and-bound callback")                   \
    STOP_SITE(CERTIFY_REDUCED, "certify_reduced",                                                  \
              "proof/certify: reductions stopped before a split or a cube: a signal?")             \
    STOP_SITE(CERTIFY_ROUND, "certify_round", "proof/certify: after each round")                   \
    STOP_SITE(CERTIFY_NODE, "certify_node", "proof/certify_tree: each node")                       \
    STOP_SITE(CERTIFY_ROOT_LINE, "certify_root_line",                                              \
              "proof/certify_tree: a display line of the root's simplex")                          \
    STOP_SITE(CUBES_NEXT, "cubes_next", "dist/cubes: before each cube")                            \
    STOP_SITE(CUBES_MERGE_CHECK, "cubes_merge_check", "dist/cubes_merge: before t24-check")

typedef enum {
#define STOP_SITE_ENUM(id, name, where) STOP_SITE_##id,
    STOP_SITES(STOP_SITE_ENUM)
#undef STOP_SITE_ENUM
        STOP_SITE_COUNT
} stop_site;

/* The site's name ("greedy_runs"), or "?" for a value outside the list. */
static inline const char *stop_site_name(stop_site s)
{
    static const char *const names[] = {
#define STOP_SITE_NAME(id, name, where) name,
        STOP_SITES(STOP_SITE_NAME)
#undef STOP_SITE_NAME
    };
    return (unsigned)s < STOP_SITE_COUNT ? names[s] : "?";
}

/* Where the site is, in words (stop_site_name()'s row). */
static inline const char *stop_site_where(stop_site s)
{
    static const char *const where[] = {
#define STOP_SITE_WHERE(id, name, w) w,
        STOP_SITES(STOP_SITE_WHERE)
#undef STOP_SITE_WHERE
    };
    return (unsigned)s < STOP_SITE_COUNT ? where[s] : "?";
}

#endif
