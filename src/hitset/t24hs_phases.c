/* t24hs_phases.c - the phases of a cover run one at a time, for callers that chain
 * their own (t24hs.h: greedy, the reductions, the local search, the exact search).
 *
 * As in t24hs.c, nothing is decided here: the parameters are checked under their public
 * names, handed to the module that does the work, and its result handed back in the
 * public types, arrays taken over rather than copied where the module allocated them. */
#include "hitset/t24hs.h"

#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/walltime.h"
#include "hitset/driver/engine.h"
#include "hitset/heur/greedy.h"
#include "hitset/model/instance.h"
#include "hitset/heur/localsearch.h"
#include "hitset/presolve/reduce.h"
#include "hitset/t24hs_null.h"

/* The exact engines' thread range (hs_params.threads says the same). */
#define PHASES_MAX_THREADS 64

static int bad(char *err, size_t errsize, const char *field, double value, const char *range)
{
    snprintf(err, errsize, "%s = %.17g; must be %s", field, value, range);
    return -1;
}

void hs_cover_free(hs_cover *c)
{
    if (!c)
        return;
    free(c->elems);
    memset(c, 0, sizeof *c);
}

int hs_greedy(const hs_instance *h, bool prune, hs_cover *out, char *err, size_t errsize)
{
    greedy_cover g, gp;
    if (t24hs_null_refused(out, "cover", err, errsize))
        return -1;
    memset(out, 0, sizeof *out);
    if (t24hs_null_refused(h, "instance", err, errsize))
        return -1;
    if (greedy_run(h, NULL, &g))
        goto nomem;
    if (prune) {
        int rc = greedy_prune(h, &g, &gp);
        greedy_cover_free(&g);
        if (rc)
            goto nomem;
        g = gp;
    }
    out->size = g.n;
    out->elems = g.elems; /* taken over: greedy_cover_free() below frees adds alone */
    g.elems = NULL;
    greedy_cover_free(&g);
    return 0;
nomem:
    snprintf(err, errsize, "out of memory");
    return -1;
}

int hs_reduce(const hs_instance *h, hs_reduction *out, char *err, size_t errsize)
{
    reduce_result r;
    if (t24hs_null_refused(out, "reduction", err, errsize))
        return -1;
    memset(out, 0, sizeof *out);
    if (t24hs_null_refused(h, "instance", err, errsize))
        return -1;
    if (reduce_run(h, &r, err, errsize))
        return -1;
    hs_reduce_stats s = { r.nforced, r.forced_sets, r.dominated_sets, r.dominated_elems,
                          r.emptied_elems, r.rounds, r.stopped, instance_nelems(r.core),
                          instance_nsets(r.core) };
    out->stats = s;
    out->forced = r.forced;
    out->core = r.core;
    out->core_elem = r.core_elem;
    out->core_set = r.core_set;
    r.forced = r.core_elem = r.core_set = NULL;
    r.core = NULL;
    reduce_result_free(&r); /* whatever else it may own one day */
    return 0;
}

void hs_reduction_free(hs_reduction *r)
{
    if (!r)
        return;
    free(r->forced);
    free(r->core_elem);
    free(r->core_set);
    instance_free(r->core);
    memset(r, 0, sizeof *r);
}

/* hs_local_search_params.seconds' and hs_exact_params.time_limit's defaults, as t24hs.h
 * documents them. */
#define HS_LOCAL_SEARCH_SECONDS 1.0
#define HS_EXACT_SECONDS 60.0

void hs_local_search_params_init(hs_local_search_params *p)
{
    localsearch_params d;
    if (!p)
        return;
    localsearch_params_init(&d);
    memset(p, 0, sizeof *p);
    p->seconds = HS_LOCAL_SEARCH_SECONDS;
    p->max_steps = d.max_steps;
    p->seed = d.seed;
}

int hs_local_search(const hs_instance *h, const uint32_t *start, uint32_t nstart,
                    const hs_local_search_params *p, hs_cover *best,
                    hs_local_search_stats *stats, char *err, size_t errsize)
{
    hs_local_search_params defaults;
    if (t24hs_null_refused(best, "cover", err, errsize) ||
        t24hs_null_refused(stats, "stats", err, errsize))
        return -1;
    memset(best, 0, sizeof *best);
    memset(stats, 0, sizeof *stats);
    if (t24hs_null_refused(h, "instance", err, errsize))
        return -1;
    if (!p) {
        hs_local_search_params_init(&defaults);
        p = &defaults;
    }
    if (budget_check_seconds("seconds", p->seconds, err, errsize))
        return -1;
    if ((!start && nstart) || !hs_instance_is_cover(h, start, nstart)) {
        snprintf(err, errsize, "the start is no cover of the instance");
        return -1;
    }
    localsearch_params q;
    localsearch_result r;
    localsearch_params_init(&q);
    q.limit = budget_until(walltime_now() + p->seconds, NULL);
    q.max_steps = p->max_steps;
    q.seed = p->seed;
    if (localsearch_run(h, start, nstart, &q, &r, err, errsize))
        return -1;
    hs_local_search_stats s = { true, r.start, r.n, r.steps, r.best_step,
                                localsearch_stop_name(r.stop), r.seconds, r.best_seconds,
                                NULL, 0 };
    *stats = s;
    best->size = r.n;
    best->elems = r.elems;
    r.elems = NULL;
    localsearch_result_free(&r);
    return 0;
}

void hs_exact_params_init(hs_exact_params *p)
{
    ilp_params d;
    if (!p)
        return;
    ilp_params_init(&d);
    memset(p, 0, sizeof *p);
    p->engine = HS_ENGINE_GLPK;
    p->time_limit = HS_EXACT_SECONDS;
    p->threads = d.threads;
    p->mem_limit_mb = d.mem_limit_mb;
}

static int exact_check(const hs_instance *h, const hs_exact_params *p, char *err,
                       size_t errsize)
{
    if (p->engine != HS_ENGINE_GLPK && p->engine != HS_ENGINE_CBC && p->engine != HS_ENGINE_T24)
        return bad(err, errsize, "engine", (int)p->engine,
                   "HS_ENGINE_GLPK, HS_ENGINE_CBC or HS_ENGINE_T24");
    if (budget_check_seconds("time_limit", p->time_limit, err, errsize))
        return -1;
    if (p->threads < 1 || p->threads > PHASES_MAX_THREADS)
        return bad(err, errsize, "threads", p->threads, "1..64");
    if (p->mem_limit_mb < 0)
        return bad(err, errsize, "mem_limit_mb", p->mem_limit_mb, "0 (none) or more");
    if ((p->warm || p->nwarm) && (!p->warm || !hs_instance_is_cover(h, p->warm, p->nwarm))) {
        snprintf(err, errsize, "the warm start is no cover of the instance");
        return -1;
    }
    return 0;
}

int hs_exact_search(const hs_instance *h, const hs_exact_params *p, hs_exact_result *out,
                    char *err, size_t errsize)
{
    hs_exact_params defaults;
    if (t24hs_null_refused(out, "result", err, errsize))
        return -1;
    memset(out, 0, sizeof *out);
    if (t24hs_null_refused(h, "instance", err, errsize))
        return -1;
    if (!p) {
        hs_exact_params_init(&defaults);
        p = &defaults;
    }
    if (exact_check(h, p, err, errsize))
        return -1;
    ilp_params q;
    ilp_result r;
    ilp_params_init(&q);
    q.engine = p->engine == HS_ENGINE_CBC ? ILP_CBC : p->engine == HS_ENGINE_T24 ? ILP_T24 : ILP_GLPK;
    q.limit = budget_until(walltime_now() + p->time_limit, NULL);
    q.threads = p->threads;
    q.mem_limit_mb = p->mem_limit_mb;
    q.warm = p->warm;
    q.nwarm = p->nwarm;
    q.glpk.branching = p->glpk.branching;
    q.glpk.backtracking = p->glpk.backtracking;
    q.glpk.gomory = p->glpk.gomory;
    q.glpk.mir = p->glpk.mir;
    q.glpk.cover = p->glpk.cover;
    q.glpk.clique = p->glpk.clique;
    q.glpk.no_rc_fixing = p->glpk.no_rc_fixing;
    q.glpk.strong = p->glpk.strong;
    if (engine_hitting_set(h, &q, &r, err, errsize))
        return -1;
    out->status = r.status == ILP_OPTIMAL   ? HS_EXACT_OPTIMAL
                  : r.status == ILP_STOPPED ? HS_EXACT_STOPPED
                                            : HS_EXACT_NONE;
    out->bound = r.bound;
    out->nodes = r.nodes;
    out->seconds = r.seconds;
    if (r.status != ILP_NONE) {
        out->cover.size = r.nchosen;
        out->cover.elems = r.chosen;
        r.chosen = NULL;
    }
    ilp_result_free(&r);
    return 0;
}

void hs_exact_result_free(hs_exact_result *r)
{
    if (!r)
        return;
    hs_cover_free(&r->cover);
    memset(r, 0, sizeof *r);
}
