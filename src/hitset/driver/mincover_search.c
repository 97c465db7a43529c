/* mincover_search.c - the driver's searches on the core: the kernel, the Lagrangian
 * cover, the local search and its budget, the exact search (whole or by components);
 * see mincover_search.h. */
#include "hitset/driver/mincover_search.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/driver/mincover_parts.h"
#include "hitset/driver/engine.h"
#include "hitset/driver/mincover_bounds.h"
#include "hitset/driver/mincover_proof.h"
#include "hitset/heur/corecover.h"
#include "hitset/mip/ilp.h"
#include "hitset/presolve/components.h"
#include "core/budget.h"
#include "core/walltime.h"

/* The local search's progress in the same form; its bound is the run's best: the core's LP
 * ceiling, or the bounds known when the phase began where they are more (the LP may not
 * have run: its ceiling is then 0, and the forced elements alone are no bound to show). */
typedef struct {
    relay rl;
    uint32_t target;
} ls_relay;

static ls_relay ls_relay_make(const mincover_result *r, double started, uint32_t target)
{
    uint32_t known = mincover_best_bound(r, 0), offset = r->presolve.offset;
    uint32_t core = known > offset ? known - offset : 0; /* the relay adds the forced back */
    ls_relay rl = { { &r->params, offset, walltime_now() - started },
                    core > target ? core : target };
    return rl;
}

static void relay_ls(void *ctx, uint32_t best, uint64_t steps, double seconds)
{
    const ls_relay *r = ctx;
    ilp_progress pr = { "local search", seconds, true, best, r->target, steps, "steps" };
    mincover_relay_progress((void *)&r->rl, &pr);
}

/* The Lagrangian cover's progress: its best cover beside the LP bound. */
static void relay_lag(void *ctx, uint32_t best, uint32_t rounds, double seconds)
{
    const ls_relay *r = ctx;
    ilp_progress pr = { "Lagrangian cover", seconds, true, best, r->target, rounds,
                        "rounds" };
    mincover_relay_progress((void *)&r->rl, &pr);
}

/* The Lagrangian cover heuristic on the core from the LP's duals (or its own start),
 * for `share` of the work left under a work limit and for `seconds` (its share of the
 * time, or with a work limit the time left as a cap); its cover, forced elements added,
 * is checked against every set. */
static int lag_phase(const instance *h, mincover_result *r, const double *duals, double share,
                     double seconds, double started, uint32_t target, uint32_t *buf,
                     announcer *an, char *err, size_t errsize)
{
    lagcover_params q;
    ls_relay rl = ls_relay_make(r, started, target);
    lagcover_params_init(&q);
    if (r->params.progress) {
        q.progress = relay_lag;
        q.progress_ctx = &rl;
    }
    q.u = duals;
    q.limit = budget_sooner(budget_work_share(mincover_run_budget(r), share),
                            walltime_now() + budget_floor(seconds));
    if (r->params.improved) {
        q.improved = mincover_announce_core;
        q.improved_ctx = an;
    }
    if (lagcover_run(r->presolve.core, &q, &r->lag.on_core, err, errsize))
        return -1;
    r->lag.ran = true;
    r->lag.best = mincover_whole_cover(r, r->lag.on_core.elems, r->lag.on_core.n, buf);
    if (!instance_is_cover(h, buf, r->lag.best)) {
        snprintf(err, errsize, "internal error: the Lagrangian cover misses a set");
        return -1;
    }
    return 0;
}

/* The budget rule's state (localsearch_params.extend): the cover's size against the
 * LP bound, and when the searches' time ends. */
typedef struct {
    uint32_t offset, target; /* forced elements; the core's LP ceiling (0: none) */
    double begun, until;     /* the local search's start; the end it may extend to */
} ls_gap;

/* The budget rule (hitting-sets.md, "The local search's budget"): where the cover is
 * still more than MINCOVER_LS_GAP above the LP bound's ceiling (or no LP bound is
 * known), the exact search has not closed such gaps in the time, so the local search
 * goes on until MINCOVER_LS_ALL of the budget; otherwise the exact search gets the rest. */
static bool ls_extend(void *ctx, uint32_t best, double *end)
{
    const ls_gap *g = ctx;
    if (g->target > 0 &&
        (double)best - g->target <= MINCOVER_LS_GAP * ((double)g->offset + g->target))
        return false;
    *end = g->until;
    return true;
}

/* A local search step's work: the entries of a typical element and of the sets it
 * meets, about 2 (entries / elements) + 1 (docs/hitting-sets.md, "Work limits"). */
static uint64_t ls_step_units(const instance *core)
{
    uint32_t ne = instance_nelems(core);
    return 1 + (ne ? 2 * instance_nnz(core) / ne : 0);
}

/* The local search under a work limit: its share of the work as steps (params.ls_share
 * when given; else all the work left where column generation ran, as with time;
 * else LOCALSEARCH_DEFAULT_SHARE of it, or MINCOVER_LS_ALL with --ls-steps, whose steps
 * cap it), no patience where the steps or a share were asked, and the time left only as
 * a cap: no rule reads the clock. */
static double ls_work(mincover_result *r, double until, ls_gap *g, localsearch_params *q)
{
    const mincover_params *p = &r->params;
    bool colgen = r->lp.method == MINCOVER_LP_COLGEN;
    double share = p->ls_share > 0 ? p->ls_share
                   : colgen        ? 1
                   : p->ls_steps   ? MINCOVER_LS_ALL
                                   : LOCALSEARCH_DEFAULT_SHARE;
    uint64_t steps = budget_work_left(budget_work_share(mincover_run_budget(r), share)) /
                     ls_step_units(r->presolve.core);
    q->max_steps = steps ? steps : 1;
    if (p->ls_steps && p->ls_steps < q->max_steps)
        q->max_steps = p->ls_steps;
    q->patience = p->ls_steps || p->ls_share >= 0
                      ? 0 : localsearch_default_patience(r->presolve.core);
    return budget_floor(until - g->begun);
}

/* The local search's time (returned, in seconds from g->begun) and stops
 * (hitting-sets.md, "The local search's budget"):
 * a share given (params.ls_share, `--local-search S`: S / --time-limit) gives it that
 * share of the budget, and no patience. By default,
 * where column generation ran (six cards), all the budget, since the exact search cannot
 * search such a core in the time (six cards, deck 1-10: 109 with 225 s against 111 with
 * 69 s); with a step limit, MINCOVER_LS_ALL of it and the steps alone stop it (the run
 * is then reproducible); else a quarter, with patience, and the rule of ls_extend. */
static double ls_budget(mincover_result *r, double until, ls_gap *g, localsearch_params *q)
{
    const mincover_params *p = &r->params;
    if (budget_by_work(mincover_run_budget(r)))
        return ls_work(r, until, g, q);
    double all = until - (1 - MINCOVER_LS_ALL) * r->budget, seconds;
    uint64_t patience = localsearch_default_patience(r->presolve.core);
    q->max_steps = p->ls_steps;
    if (p->ls_share >= 0) {
        seconds = p->ls_share * r->budget;
    } else if (r->lp.method == MINCOVER_LP_COLGEN) {
        /* With patience, as before the rewrite: a small core it cannot improve (deck
         * 1-5 under a forced --lp colgen) leaves the exact search its time. */
        seconds = r->budget;
        q->patience = p->ls_steps ? 0 : patience;
    } else if (p->ls_steps) {
        seconds = budget_floor(all - g->begun);
    } else {
        seconds = LOCALSEARCH_DEFAULT_SHARE * r->budget;
        q->patience = patience;
        g->until = all;
        q->extend = ls_extend;
        q->extend_ctx = g;
        q->extend_patience = MINCOVER_LS_EXTEND_PATIENCE * patience;
    }
    return seconds;
}

/* The early local search's time (returned, as ls_budget()'s) and stops
 * (mincover_anytime()): MINCOVER_LS_EARLY_SHARE of the searches' time, or under a work
 * limit of the work left as steps (the time left then only caps), with the default
 * patience; no LP bound is known yet, so no rule extends it. */
static double ls_early_budget(mincover_result *r, double until, const ls_gap *g,
                              localsearch_params *q)
{
    budget run = mincover_run_budget(r);
    q->patience = localsearch_default_patience(r->presolve.core);
    if (!budget_by_work(run))
        return MINCOVER_LS_EARLY_SHARE * r->budget;
    uint64_t steps = budget_work_left(budget_work_share(run, MINCOVER_LS_EARLY_SHARE)) /
                     ls_step_units(r->presolve.core);
    q->max_steps = steps ? steps : 1;
    return budget_floor(until - g->begun);
}

/* The local search on the core from `start` (a cover of the core), aiming at `target`
 * (a proven bound's ceiling on the core, the LP's: reaching it proves the cover optimal),
 * until `until` at the latest, with the early budget (ls_early_budget()) or the usual
 * one (ls_budget()). Keeps its result in r->ls.on_core and checks forced + its cover against
 * the whole instance. Returns 0, or -1 with err set. */
static int ls_phase(const instance *h, mincover_result *r, const uint32_t *start,
                    uint32_t nstart, uint32_t target, double started, double until,
                    bool early, uint32_t *buf, announcer *an, char *err, size_t errsize)
{
    const mincover_params *p = &r->params;
    localsearch_params q;
    ls_relay rl = ls_relay_make(r, started, target);
    ls_gap g = { r->presolve.offset, target, walltime_now(), 0 };
    localsearch_params_init(&q);
    q.seed = p->seed;
    q.target = target;
    double seconds = early ? ls_early_budget(r, until, &g, &q) : ls_budget(r, until, &g, &q);
    /* The LP may have used much of the budget (six cards): the local search gets at
     * most what is left, so that the two searches end by `until`. */
    double now = walltime_now(), left = until - now;
    if (seconds > left)
        seconds = budget_floor(left);
    q.limit = budget_until(now + seconds, &p->cancel);
    if (p->progress) {
        q.progress = relay_ls;
        q.progress_ctx = &rl;
    }
    if (p->improved) {
        q.improved = mincover_announce_core;
        q.improved_ctx = an;
    }
    if (localsearch_run(r->presolve.core, start, nstart, &q, &r->ls.on_core, err, errsize))
        return -1;
    budget_add(mincover_run_budget(r), r->ls.on_core.steps * ls_step_units(r->presolve.core));
    r->ls.ran = true;
    r->ls.start = r->presolve.offset + nstart;
    r->ls.best = mincover_whole_cover(r, r->ls.on_core.elems, r->ls.on_core.n, buf);
    if (!instance_is_cover(h, buf, r->ls.best)) {
        snprintf(err, errsize, "internal error: the local search's cover misses a set");
        return -1;
    }
    return 0;
}

/* The core method's rounds, told as progress lines: "core round N", its best cover
 * (forced added) beside the LP ceiling, and the round's core size. */
typedef struct {
    ls_relay ls;
    char phase[32];
} core_relay;

static void relay_core(void *ctx, uint32_t round, uint32_t core, uint32_t best, double seconds)
{
    core_relay *c = ctx;
    snprintf(c->phase, sizeof c->phase, "core round %u", round);
    ilp_progress pr = { c->phase, seconds, true, best, c->ls.target, core, "core elements" };
    mincover_relay_progress((void *)&c->ls.rl, &pr);
}

/* Where the run asks for it (params.core_method, opt-in: on the instances measured it
 * found larger covers than the local search), the core has the core method's shape
 * (corecover_shape_fits(): far more elements than sets) and the local search has its
 * default budget, the core method (corecover.h)
 * runs in its place, from the same start and the LP's duals (none after the simplex:
 * prices 0), for the local search's share of the work (or time) left: MINCOVER_LS_ALL
 * where column generation ran, as the local search's all, else LOCALSEARCH_DEFAULT_SHARE;
 * its cover is kept as the local search's, checked against the whole instance. */
static bool core_fits(const mincover_result *r)
{
    return r->params.core_method && r->params.ls_share < 0 && !r->params.ls_steps &&
           corecover_shape_fits(r->presolve.core);
}

static int core_phase(const instance *h, mincover_result *r, const uint32_t *start,
                      uint32_t nstart, const double *duals, uint32_t target, double started,
                      double until, uint32_t *buf, announcer *an, char *err, size_t errsize)
{
    corecover_params q;
    corecover_result cr;
    core_relay rl = { { { &r->params, r->presolve.offset, walltime_now() - started }, target },
                      "" };
    corecover_params_init(&q);
    q.u = duals;
    q.start = start;
    q.nstart = nstart;
    q.seed = r->params.seed;
    double share = r->lp.method == MINCOVER_LP_COLGEN ? MINCOVER_LS_ALL
                                                       : LOCALSEARCH_DEFAULT_SHARE;
    q.limit = budget_work_share(mincover_run_budget(r), share);
    double end = walltime_now() + share * (until - walltime_now());
    if (!budget_by_work(q.limit) && (q.limit.end == 0 || end < q.limit.end))
        q.limit.end = end;
    if (r->params.progress) {
        q.progress = relay_core;
        q.progress_ctx = &rl;
    }
    if (r->params.improved) {
        q.improved = mincover_announce_core;
        q.improved_ctx = an;
    }
    if (corecover_run(r->presolve.core, &q, &cr, err, errsize))
        return -1;
    localsearch_result *ls = &r->ls.on_core;
    *ls = (localsearch_result){ .n = cr.n, .elems = cr.elems, .start = nstart,
                                .steps = cr.steps, .seconds = cr.seconds,
                                .stop = LOCALSEARCH_STEPS };
    cr.elems = NULL;
    r->ls.core = cr;
    r->ls.ran = true;
    r->ls.start = r->presolve.offset + nstart;
    r->ls.best = mincover_whole_cover(r, ls->elems, ls->n, buf);
    if (!instance_is_cover(h, buf, r->ls.best)) {
        snprintf(err, errsize, "internal error: the core method's cover misses a set");
        return -1;
    }
    return 0;
}

/* The ILP on the core for the time left (less GLPK's set-up; none when the pre-flight
 * says it cannot fit: status time_limit), warm-started from warm (a cover of the core).
 * Stores the best cover of the whole instance it yields (forced + core solution) in
 * *cand, or sets *ncand to UINT32_MAX when it yields none; returns the proven lower bound
 * on the core optimum. */
static uint32_t ilp_phase(mincover_result *r, const uint32_t *warm, uint32_t nwarm,
                          double seconds, double started, uint32_t *cand, uint32_t *ncand)
{
    ilp_params q;
    ilp_result res;
    char why[256];
    *ncand = UINT32_MAX;
    relay rl = { &r->params, r->presolve.offset, walltime_now() - started };
    mincover_ilp_from(&r->params, &q);
    double time = mincover_glpk_preflight(&r->params, instance_nnz(r->presolve.core),
                                          mincover_core_lines(r->presolve.core), seconds);
    if (time == 0) { /* not even its model would be built in time */
        r->exact.status = MINCOVER_ILP_TIME_LIMIT;
        return 0;
    }
    q.basis = &r->exact.basis; /* the local search phase's LP, if it ran */
    q.cancel = &r->params.cancel;
    q.limit = budget_sooner(mincover_run_budget(r), walltime_now() + time);
    q.warm = warm;
    q.nwarm = nwarm;
    q.engine = r->params.engine;
    q.threads = r->params.threads;
    if (r->params.progress) {
        q.progress = mincover_relay_progress;
        q.progress_ctx = &rl;
    }
    if (engine_hitting_set(r->presolve.core, &q, &res, why, sizeof why)) {
        mincover_note_failure(r, "exact optimum", why);
        r->exact.status = MINCOVER_ILP_FAILED;
        return 0;
    }
    r->exact.status = res.status == ILP_OPTIMAL ? MINCOVER_ILP_OPTIMAL : MINCOVER_ILP_TIME_LIMIT;
    /* Else the time limit stopped the LP: no LP bound from it. A bound that is already
     * the LP value (the LP phase's) stands: this is the same LP. */
    if (res.lp >= 0 && r->lp.optimum < 0) /* none, or a stopped colgen's L(u) */
        mincover_set_lp_bound(r, res.lp);
    if (res.status != ILP_NONE)
        *ncand = mincover_whole_cover(r, res.chosen, res.nchosen, cand);
    uint32_t core_bound = (uint32_t)ceil(res.bound - 1e-6);
    ilp_result_free(&res);
    return core_bound;
}

/* One part's exact search (components.h) for `seconds`, warm-started from warm's
 * elements in it (a cover of the core meets every part): its cover, in core ids, appended
 * to out[*n..]; returns its proven bound (0 when it failed or had no time), and counts it
 * in r->exact.parts_proven when optimal. */
static uint32_t ilp_part(mincover_result *r, const instance *part, const uint32_t *map,
                         const bool *in_warm, double seconds, uint32_t *pwarm, uint32_t *out,
                         uint32_t *n)
{
    ilp_params q;
    ilp_result res = { 0 };
    char why[256];
    uint32_t nw = 0, bound = 0;
    for (uint32_t j = 0; j < instance_nelems(part); j++)
        if (in_warm[map[j]])
            pwarm[nw++] = j;
    mincover_ilp_from(&r->params, &q);
    q.limit = mincover_run_budget(r);
    double time = budget_stopped(q.limit, STOP_SITE_DRIVER_PART) ? 0
                                          : mincover_glpk_preflight(&r->params, instance_nnz(part),
                                                                    mincover_core_lines(part), seconds);
    q.limit = budget_sooner(q.limit, walltime_now() + time);
    q.warm = pwarm;
    q.nwarm = nw;
    q.cancel = &r->params.cancel;
    q.engine = r->params.engine;
    q.threads = r->params.threads;
    bool ran = time > 0;
    if (ran && engine_hitting_set(part, &q, &res, why, sizeof why)) {
        mincover_note_failure(r, "exact optimum of a component", why);
        ran = false;
    }
    const uint32_t *best = ran && res.status != ILP_NONE ? res.chosen : pwarm;
    uint32_t nbest = ran && res.status != ILP_NONE ? res.nchosen : nw;
    for (uint32_t i = 0; i < nbest; i++)
        out[(*n)++] = map[best[i]];
    if (ran) {
        bound = (uint32_t)ceil(res.bound - 1e-6);
        r->exact.parts_proven += res.status == ILP_OPTIMAL;
        ilp_result_free(&res);
    }
    return bound;
}

/* The exact phase on the core's components apart (params.kernel, more than one): the
 * smallest first, each given the time left times its share of the incidences not yet
 * searched, so that what a small one leaves goes to the next. The core's bound is the
 * sum of theirs, each rounded up on its own; the cover, the union of their best. Returns
 * the bound, or UINT32_MAX when memory runs out; *cand and *ncand as ilp_phase(). */
static uint32_t ilp_parts_phase(mincover_result *r, const uint32_t *warm, uint32_t nwarm,
                                double seconds, uint32_t *cand, uint32_t *ncand)
{
    components parts;
    uint32_t ne = instance_nelems(r->presolve.core), n = 0, bound = 0;
    bool *in_warm = calloc((size_t)ne + 1, sizeof *in_warm);
    uint32_t *pwarm = malloc(((size_t)ne + 1) * sizeof *pwarm);
    uint32_t *core = malloc(((size_t)ne + 1) * sizeof *core);
    *ncand = UINT32_MAX;
    if (!in_warm || !pwarm || !core || components_split(r->presolve.core, &parts)) {
        free(in_warm);
        free(pwarm);
        free(core);
        return UINT32_MAX;
    }
    for (uint32_t i = 0; i < nwarm; i++)
        in_warm[warm[i]] = true;
    double end = walltime_now() + seconds;
    uint64_t left = instance_nnz(r->presolve.core);
    for (uint32_t i = 0; i < parts.n; i++) {
        uint64_t nnz = instance_nnz(parts.part[i]);
        double share = (end - walltime_now()) * (double)nnz / (double)(left ? left : 1);
        left -= nnz;
        bound += ilp_part(r, parts.part[i], parts.elem_map[i], in_warm, share, pwarm, core, &n);
    }
    r->exact.parts_apart = parts.n;
    r->exact.status =
        r->exact.parts_proven == parts.n ? MINCOVER_ILP_OPTIMAL : MINCOVER_ILP_TIME_LIMIT;
    *ncand = mincover_whole_cover(r, core, n, cand);
    components_free(&parts);
    free(in_warm);
    free(pwarm);
    free(core);
    return bound;
}

/* The core's components holding a set, and the largest (by sets). Returns 0, or -1 out
 * of memory. */
static int count_components(mincover_result *r)
{
    uint32_t ne = instance_nelems(r->presolve.core), ns = instance_nsets(r->presolve.core);
    uint32_t *ce = malloc(((size_t)ne + 1) * sizeof *ce);
    uint32_t *cs = malloc(((size_t)ns + 1) * sizeof *cs);
    uint32_t *sets = calloc((size_t)ne + 1, sizeof *sets);
    uint32_t *elems = calloc((size_t)ne + 1, sizeof *elems);
    uint32_t n =
        ce && cs && sets && elems ? kernel_components(r->presolve.core, ce, cs) : UINT32_MAX;
    for (uint32_t s = 0; n != UINT32_MAX && s < ns; s++)
        sets[cs[s]]++;
    for (uint32_t e = 0; n != UINT32_MAX && e < ne; e++)
        elems[ce[e]]++;
    for (uint32_t c = 0; n != UINT32_MAX && c < n; c++) {
        r->presolve.components += sets[c] > 0;
        if (sets[c] > r->presolve.largest_sets) {
            r->presolve.largest_sets = sets[c];
            r->presolve.largest_elems = elems[c];
        }
    }
    free(ce);
    free(cs);
    free(sets);
    free(elems);
    return n == UINT32_MAX ? -1 : 0;
}

/* The kernel of reduce's core (kernel.h), which the searches then work on (r->presolve.core, with
 * r->presolve.offset), unless the reductions are off, stopped, or the time is up: then reduce's
 * core (or none). The certifying search is not given it: it reduces the whole instance
 * itself, in steps its checker knows (reduce_run_logged()); the kernel only shapes the
 * cover it starts from. Returns 0, or -1 with err set when memory runs out. */
int mincover_kernel_phase(mincover_result *r, char *err, size_t errsize)
{
    r->presolve.core = r->presolve.red.core;
    r->presolve.offset = r->presolve.red.nforced;
    /* Not after a partial reduction: the kernel's first rules are the reductions' own,
     * and would spend the searches' time finishing what was stopped to leave them it. */
    if (r->params.reduce && r->params.kernel && r->presolve.red.core &&
        !r->presolve.red.partial &&
        !budget_stopped(mincover_run_budget(r), STOP_SITE_DRIVER_KERNEL)) {
        if (kernel_run(r->presolve.red.core, mincover_run_budget(r), &r->presolve.kern,
                       err, errsize))
            return -1;
        r->presolve.core = r->presolve.kern.core;
        r->presolve.offset += r->presolve.kern.offset;
    }
    if (r->presolve.core && count_components(r)) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    return 0;
}

/* Does the run take the anytime order (docs/hitting-sets.md, "Anytime covers")? A
 * solver's run (no certificate, no spread of greedy runs to report) with the local
 * search's default budget: a stop at any moment (a signal, the time limit) should then
 * print about the cover a run limited to that moment prints, so the local search may not
 * wait behind an LP that takes a fifth of the run (PACE's heuristic_083: greedy's 4,524
 * printed at 30 s of 300 against 4,117 from a 30 s run). */
static bool anytime(const mincover_result *r)
{
    return mincover_solver_run(&r->params) && !core_fits(r);
}

/* The LP phase in the run's order, returning the LP's target (UINT32_MAX with err set
 * when the early local search fails). Without the anytime order, the LP from greedy's
 * cover `start`. In it (buf: room for a cover of h), the simplex first for
 * MINCOVER_LP_PROBE_UNITS of work: where it reaches the optimum (small cores) nothing changes; else (and before column generation,
 * which cannot be resumed) the local search runs first from greedy's cover for its early
 * share, its cover lands in *early and becomes *start, and the LP then goes on (the
 * simplex from the probe's basis) for its share of what is left. Which way it goes is
 * decided by work alone, so a run under --work takes the same path on any machine. */
static uint32_t anytime_lp(const instance *h, mincover_result *r, greedy_cover *start,
                           localsearch_result *early, double started, double t0,
                           uint32_t *buf, announcer *an, double **duals, char *err,
                           size_t errsize)
{
    if (!anytime(r))
        return mincover_lp_phase(r, start, started, an, duals, r->budget, 0);
    if (!mincover_use_colgen(&r->params, r->presolve.core)) {
        uint32_t target = mincover_lp_phase(r, start, started, an, duals, r->budget,
                                            MINCOVER_LP_PROBE_UNITS);
        if (r->lp.bound >= 0)
            return target;
    }
    uint32_t known = mincover_best_bound(r, 0), offset = r->presolve.offset;
    if (ls_phase(h, r, start->elems, start->n, known > offset ? known - offset : 0, started,
                 t0 + r->budget, true, buf, an, err, errsize))
        return UINT32_MAX;
    *early = r->ls.on_core;
    r->ls.on_core = (localsearch_result){ 0 };
    r->ls.ran = false;
    *start = (greedy_cover){ early->n, early->elems, NULL };
    return mincover_lp_phase(r, start, started, an, duals, t0 + r->budget - walltime_now(), 0);
}

/* The local search's result as one search from greedy's cover (`nstart`, of the core):
 * the early search's steps, then the late one's from its cover. */
static void join_early(mincover_result *r, const localsearch_result *early, uint32_t nstart)
{
    localsearch_result *ls = &r->ls.on_core;
    ls->best_step = ls->n < early->n ? early->steps + ls->best_step : early->best_step;
    ls->steps += early->steps;
    ls->restarts += early->restarts;
    ls->start = nstart;
    r->ls.start = r->presolve.offset + nstart;
}

/* Greedy on the core, the local search from it, then the ILP from the better of the two
 * for the rest of the time. Returns the core's proven bound (see ilp_phase()), or
 * UINT32_MAX with err set when memory runs out or a cover check fails. */
uint32_t mincover_search_phase(const instance *h, mincover_result *r, double started,
                               uint32_t *cand, uint32_t *ncand, announcer *an, char *err,
                               size_t errsize)
{
    greedy_cover g = { 0 }, gp = { 0 };
    localsearch_result early = { 0 };
    double *duals = NULL;
    uint32_t bound = UINT32_MAX;
    double t0 = walltime_now();
    budget run = mincover_run_budget(r);
    double until = budget_left(run, t0); /* params.limit.end: always set */
    r->budget = budget_floor(until);
    if (!r->presolve.core || until <= BUDGET_FLOOR) {
        /* The limit is spent (a long enumeration, a huge instance): building the local
         * search's state or GLPK's problem alone would overrun it, and past the limit
         * the reductions built no core. The greedy covers stand. */
        r->exact.status = MINCOVER_ILP_TIME_LIMIT;
        *ncand = UINT32_MAX;
        /* A signal there still gets its certificate: the certifying search, stopped
         * before it starts, writes its root with a packing's multipliers (the bound
         * the run had), where this wrote none and the run said "time limit" (issue 49). */
        if (r->params.certificate && cancel_requested(&r->params.cancel, STOP_SITE_DRIVER_SPENT))
            return mincover_certify_phase(h, r, NULL, 0, BUDGET_FLOOR, started, cand, ncand);
        return 0;
    }
    if (greedy_run(r->presolve.core, NULL, &g) || greedy_prune(r->presolve.core, &g, &gp)) {
        snprintf(err, errsize, "out of memory");
        goto done;
    }
    greedy_cover start = gp; /* a view: the LP's start, then the searches' */
    uint32_t target = anytime_lp(h, r, &start, &early, started, t0, cand, an, &duals,
                                 err, errsize);
    if (target == UINT32_MAX)
        goto done;
    const uint32_t *warm = start.elems;
    uint32_t nwarm = start.n;
    double share = r->params.lag_share >= 0                 ? r->params.lag_share
                   : r->lp.method == MINCOVER_LP_COLGEN ? MINCOVER_LAG_SHARE
                                                        : 0;
    double left = t0 + r->budget - walltime_now();
    double lag = mincover_safety_or(run, share * r->budget, left);
    if (lag > left) /* never past the searches' end */
        lag = left;
    if (share > 0 && lag > 0) {
        if (lag_phase(h, r, duals, share, lag, started, target, cand, an, err, errsize))
            goto done;
        if (r->lag.on_core.n < nwarm) {
            warm = r->lag.on_core.elems;
            nwarm = r->lag.on_core.n;
        }
    }
    if (r->params.ls_share != 0) {
        if (core_fits(r) ? core_phase(h, r, warm, nwarm, duals, target, started,
                                      t0 + r->budget, cand, an, err, errsize)
                         : ls_phase(h, r, warm, nwarm, target, started, t0 + r->budget,
                                    false, cand, an, err, errsize))
            goto done;
        if (early.elems)
            join_early(r, &early, gp.n);
        warm = r->ls.on_core.elems;
        nwarm = r->ls.on_core.n;
    }
    r->ls.seconds = walltime_now() - t0;
    if (!budget_by_work(run)) /* the caller's bounds take seconds: none under a work limit */
        mincover_extra_phase(r, t0 + r->budget);
    double rest = r->budget - (walltime_now() - t0);
    if (r->params.certificate)
        bound = mincover_certify_phase(h, r, warm, nwarm, rest, started, cand, ncand);
    else if (r->params.kernel && r->presolve.components > 1)
        bound = ilp_parts_phase(r, warm, nwarm, rest, cand, ncand);
    else
        bound = ilp_phase(r, warm, nwarm, rest, started, cand, ncand);
    if (bound == UINT32_MAX)
        snprintf(err, errsize, "out of memory");
done:
    localsearch_result_free(&early);
    free(duals);
    greedy_cover_free(&g);
    greedy_cover_free(&gp);
    return bound;
}
