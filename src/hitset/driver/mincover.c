/* mincover.c - minimum covers: the run's order (bounds, greedy, reductions, the searches,
 * the cover) and its result; the phases are in mincover_bounds.c, mincover_search.c and
 * mincover_proof.c, what they share in mincover_common.c, all below this file; see
 * mincover.h. */
#include "hitset/driver/mincover.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/driver/mincover_parts.h"
#include "hitset/driver/mincover_bounds.h"
#include "hitset/driver/mincover_common.h"
#include "hitset/driver/mincover_proof.h"
#include "hitset/driver/mincover_search.h"
#include "hitset/mip/ilp.h"
#include "core/check.h"
#include "core/budget.h"
#include "core/walltime.h"

void mincover_params_init(mincover_params *p)
{
    memset(p, 0, sizeof *p);
    p->limit = budget_until(walltime_now() + MINCOVER_DEFAULT_SECONDS, NULL);
    p->greedy_runs = 100;
    p->settled_runs = true;
    p->seed = 1;
    p->reduce = true;
    p->reduce_share = MINCOVER_REDUCE_SHARE;
    p->reduce_cap = MINCOVER_REDUCE_CAP_UNITS;
    p->ls_share = -1;
    p->threads = 1;
    p->lag_share = -1;
}

/* The check's message: the field, its value, and what it must be. */
static int bad_param(char *err, size_t errsize, const char *field, double value,
                     const char *range)
{
    snprintf(err, errsize, "%s = %.17g; must be %s", field, value, range);
    return -1;
}

#define MINCOVER_STR(x) #x
#define MINCOVER_XSTR(x) MINCOVER_STR(x)

/* A share that may be left to a default: not < 0, 0 or in (0, 1] (NaN included). */
static bool share_bad(double share)
{
    return !(share < 0 || share <= 1);
}

/* The ranges of the fields libt24hs sets are its own (t24hs_params.h, checked before it
 * calls this); what is left here are the driver's own fields and the rules between. */
int mincover_params_check(const mincover_params *p, char *err, size_t errsize)
{
    /* Written as !(in range) so that NaN fails every check. */
    if (!(p->limit.end > 0))
        return bad_param(err, errsize, "limit.end", p->limit.end,
                         "a walltime_now() time (every run has a time end)");
    if (p->limit.cancel || p->limit.work)
        return bad_param(err, errsize, p->limit.cancel ? "limit.cancel" : "limit.work", 1,
                         "NULL (the run's stop is params.cancel, its counter its own)");
    if (budget_check_work("work", p->limit.work_end, true, err, errsize))
        return -1;
    if (p->limit.work_end && p->engine == ILP_CBC)
        return bad_param(err, errsize, "engine", (int)p->engine,
                         "ILP_GLPK or ILP_T24 with a work limit (CBC's work is not counted)");
    if (share_bad(p->ls_share))
        return bad_param(err, errsize, "ls_share", p->ls_share,
                         "< 0 (the default share), 0 (none) or a fraction in (0, 1]");
    if (!(p->reduce_share > 0 && p->reduce_share <= 1))
        return bad_param(err, errsize, "reduce_share", p->reduce_share, "a fraction in (0, 1]");
    if (share_bad(p->lag_share))
        return bad_param(err, errsize, "lag_share", p->lag_share,
                         "< 0 (the default), 0 (none) or a fraction in (0, 1]");
    if (p->engine != ILP_GLPK && p->engine != ILP_CBC && p->engine != ILP_T24)
        return bad_param(err, errsize, "engine", (int)p->engine,
                         "ILP_GLPK, ILP_CBC or ILP_T24");
    if (p->certificate && !engine_of(p->engine)->can_certify)
        return bad_param(err, errsize, "engine", (int)p->engine,
                         "ILP_T24 with a certificate (GLPK and CBC cannot certify)");
    if (p->nextra > MINCOVER_EXTRA_MAX || (p->nextra && !p->extra))
        return bad_param(err, errsize, "nextra", p->nextra,
                         "0.." MINCOVER_XSTR(MINCOVER_EXTRA_MAX) ", with extra given");
    for (uint32_t i = 0; i < p->nextra; i++)
        if (!p->extra[i].run || !p->extra[i].name || !p->extra[i].words || !p->extra[i].brief)
            return bad_param(err, errsize, "extra row", i, "a row with run, name, words, brief");
    return 0;
}

const char *mincover_end_name(mincover_end e)
{
    static const char *const names[] = { "finished", "work", "time", "cancel" };
    return e <= MINCOVER_END_CANCEL ? names[e] : "finished";
}

bool mincover_reproducible(const mincover_result *r)
{
    return r->params.limit.work_end > 0 &&
           (r->ended_by == MINCOVER_END_FINISHED || r->ended_by == MINCOVER_END_WORK);
}

static const char *const lp_names[] = { "auto", "simplex", "colgen" };

/* "auto", "simplex" or "colgen": the --lp value and the JSON lp_method. */
const char *mincover_lp_name(mincover_lp m)
{
    return m <= MINCOVER_LP_COLGEN ? lp_names[m] : "auto";
}

/* One of those names into *out: 0, or -1 (out untouched) for anything else. */
int mincover_lp_parse(const char *s, mincover_lp *out)
{
    for (int m = MINCOVER_LP_AUTO; m <= MINCOVER_LP_COLGEN; m++)
        if (strcmp(s, lp_names[m]) == 0) {
            *out = (mincover_lp)m;
            return 0;
        }
    return -1;
}

/* "optimal", "time_limit", or the engine's failure: "glpk_failed", "cbc_failed",
 * "t24_failed". */
const char *mincover_ilp_status_name(const mincover_result *r)
{
    switch (r->exact.status) {
    case MINCOVER_ILP_OPTIMAL:
        return "optimal";
    case MINCOVER_ILP_TIME_LIMIT:
        return "time_limit";
    default:
        return engine_of(r->params.engine)->failed;
    }
}

/* What proved the cover optimal: the bound's name (bound.h: "necessary", "packing",
 * "lp_bound"), the engine's ("glpk", "cbc", "t24"), "reductions", or NULL when it is not
 * proven. */
const char *mincover_proof_name(const mincover_result *r)
{
    switch (r->proof.by) {
    case MINCOVER_PROOF_BOUND:
        return r->proof.row ? r->proof.row->name : r->params.extra[r->proof.extra_row].name;
    case MINCOVER_PROOF_SEARCH:
        return engine_name(r->params.engine);
    case MINCOVER_PROOF_REDUCTIONS:
        return "reductions";
    default:
        return NULL;
    }
}

uint32_t mincover_greedy_runs(const instance *h, const mincover_params *p)
{
    if (p->settled_runs)
        return p->greedy_runs; /* a study: its spread is reported, over the runs asked */
    uint64_t work = instance_nnz(h) + instance_nelems(h);
    uint64_t fit = work ? MINCOVER_GREEDY_WORK / work : p->greedy_runs;
    if (fit < 1)
        fit = 1;
    return fit < p->greedy_runs ? (uint32_t)fit : p->greedy_runs;
}

/* Greedy and its pruning, which every run needs (linear in the incidences, so they end
 * soon even on a huge instance past its deadline), announced at once (a stop during the
 * random runs prints it: they took over 10 s on PACE's heuristic_002 under load), then
 * the random runs, which the deadline stops (none when it has passed). */
static int greedy_phase(const instance *h, const uint32_t *mult, mincover_result *r,
                        announcer *an)
{
    budget b = mincover_run_budget(r);
    uint64_t run = 1 + instance_nnz(h) + instance_nelems(h); /* a greedy run's entries, > 0 */
    if (greedy_run(h, NULL, &r->greedy.classic) ||
        greedy_prune(h, &r->greedy.classic, &r->greedy.pruned))
        return -1;
    mincover_announce(an, r->greedy.pruned.elems, r->greedy.pruned.n);
    budget_add(b, 2 * run);
    if ((!r->params.settled_runs && mincover_settled(r)) ||
        budget_stopped(b, STOP_SITE_DRIVER_GREEDY)) {
        r->greedy.runs.seed = r->params.seed; /* none ran: runs, min, max stay 0 */
        return 0;
    }
    uint32_t runs = mincover_greedy_runs(h, &r->params);
    /* With a work limit, as many runs as fit in their share of it (at least one). */
    uint64_t fit = budget_work_left(budget_work_share(b, MINCOVER_GREEDY_WORK_SHARE)) / run;
    if (fit < runs)
        runs = fit ? (uint32_t)fit : 1;
    int rc = greedy_runs_until(h, mult, runs, r->params.seed, r->params.limit.end,
                               &r->params.cancel, &r->greedy.runs);
    budget_add(b, (uint64_t)r->greedy.runs.runs * run);
    return rc;
}

/* The reductions' progress (reduce_watch): greedy's best cover beside the bounds known
 * before them, and what the passes removed so far. */
typedef struct {
    const mincover_result *r;
    double started;
} reduce_relay;

static void relay_reduce(void *ctx, uint64_t removed, uint32_t round)
{
    (void)round;
    const reduce_relay *c = ctx;
    const mincover_result *r = c->r;
    uint32_t best = r->greedy.pruned.n;
    if (r->greedy.runs.runs && r->greedy.runs.best.n < best)
        best = r->greedy.runs.best.n;
    ilp_progress pr = { "reductions", walltime_now() - c->started, true, best,
                        mincover_best_bound(r, 0), removed, "removed" };
    r->params.progress(r->params.progress_ctx, &pr);
}

/* The reductions for their share of the time left, telling params.progress as they go;
 * in a solver's run (without the core method, which may take the place of the anytime
 * order) also for at most params.reduce_cap units of work. */
static int reduce_phase(const instance *h, mincover_result *r, double started, char *err,
                        size_t errsize)
{
    reduce_relay c = { r, started };
    reduce_watch w = { r->params.progress ? relay_reduce : NULL, &c };
    const mincover_params *p = &r->params;
    uint64_t cap = mincover_solver_run(p) && !p->core_method ? p->reduce_cap : 0;
    return reduce_run_capped_watched(h, mincover_run_budget(r), p->reduce_share, cap, &w,
                                     &r->presolve.red, err, errsize);
}

/* Without reductions the core is the whole instance, with identity maps. */
static int no_reduction(const instance *h, reduce_result *red)
{
    memset(red, 0, sizeof *red);
    red->rounds = 0;
    red->forced = malloc(sizeof *red->forced);
    red->core_elem = malloc((instance_nelems(h) + 1) * sizeof *red->core_elem);
    red->core_set = malloc((instance_nsets(h) + 1) * sizeof *red->core_set);
    if (red->forced && red->core_elem && red->core_set)
        red->core = instance_sub(h, NULL, NULL, red->core_elem, red->core_set);
    return red->core ? 0 : -1;
}

/* Chooses the smallest of the ILP's cover, pruned greedy, the best pruned random greedy
 * run, the Lagrangian cover and the local search's cover (the ILP's on ties), checks it
 * really meets every set, and lists it in greedy order (in the order found when the limit
 * stopped the reductions) with what each meets alone. */
static int cover_phase(const instance *h, mincover_result *r, const uint32_t *cand, uint32_t ncand,
                       uint32_t core_bound, uint32_t *lsbuf, char *err, size_t errsize)
{
    const uint32_t *best;
    uint32_t nbest = mincover_known_whole(r, &best);
    if (r->lag.ran && r->lag.best < nbest) {
        best = lsbuf;
        nbest = mincover_whole_cover(r, r->lag.on_core.elems, r->lag.on_core.n, lsbuf);
    }
    if (r->ls.ran && r->ls.best < nbest) {
        best = lsbuf;
        nbest = mincover_whole_cover(r, r->ls.on_core.elems, r->ls.on_core.n, lsbuf);
    }
    if (ncand != UINT32_MAX && ncand <= nbest) {
        best = cand;
        nbest = ncand;
    }
    if (!instance_is_cover(h, best, nbest)) {
        snprintf(err, errsize, "internal error: the chosen cover misses a set");
        return -1;
    }
    /* Where the limit or their share stopped the reductions (a huge instance: the
     * searches have used the time left), the cover keeps the order it was found in:
     * greedy's order would cost one more greedy run, seconds there. */
    bool cut = r->presolve.red.stopped || r->presolve.red.partial;
    if (cut ? greedy_sequence(h, best, nbest, &r->cover)
            : greedy_order(h, best, nbest, &r->cover))
        goto nomem;
    r->solves = malloc((r->cover.n + 1) * sizeof *r->solves);
    if (!r->solves)
        goto nomem;
    for (uint32_t i = 0; i < r->cover.n; i++)
        instance_elem(h, r->cover.elems[i], &r->solves[i]);
    r->optimum = r->cover.n;
    uint32_t reduced = r->exact.status == MINCOVER_ILP_FAILED ? 0 : r->presolve.offset + core_bound;
    /* With a certificate asked for, only what it proves is called proven. */
    r->best_bound = r->params.certificate ? (r->proof.cert_written ? r->proof.cert.bound : 0)
                                          : mincover_best_bound(r, reduced);
    if (r->best_bound > r->optimum) {
        snprintf(err, errsize, "internal error: lower bound %u above a cover of %u",
                 r->best_bound, r->optimum);
        return -1;
    }
    r->optimal = r->best_bound == r->optimum;
    mincover_proof_of(r, reduced);
    return 0;
nomem:
    snprintf(err, errsize, "out of memory");
    return -1;
}

/* Maximum coverage, its ILPs all within as long again as the run had from its start t0
 * to params.limit's end: it follows the searches, which took the run's time. */
static void coverage_phase(const instance *h, mincover_result *r, double t0)
{
    ilp_params q;
    char why[256];
    mincover_ilp_from(&r->params, &q);
    q.limit = budget_until(walltime_now() + (r->params.limit.end - t0), NULL);
    if (coverage_run(h, &r->greedy.classic, r->optimum, r->optimal, &q, &r->coverage.rows, why,
                     sizeof why))
        mincover_note_failure(r, "max coverage", why);
    else
        r->coverage.n = r->optimum;
}

/* What ended the run (mincover_end), asked once it is over: the cancel; else the work,
 * when used up; else the clock, when past the deadline or the searches' time (which
 * started at `searched`); else nothing but the phases themselves. Without a work limit,
 * a phase's share of the time ends it too: a run whose exact search was stopped by it
 * ended by time. */
static mincover_end ended_by(mincover_result *r, double searched)
{
    budget b = mincover_run_budget(r);
    double now = walltime_now();
    if (cancel_requested(&r->params.cancel, STOP_SITE_DRIVER_ENDED))
        return MINCOVER_END_CANCEL;
    if (budget_by_work(b) && budget_work_left(b) == 0)
        return MINCOVER_END_WORK;
    if (now >= r->params.limit.end ||
        now >= searched + r->budget ||
        (!budget_by_work(b) && r->exact.status == MINCOVER_ILP_TIME_LIMIT))
        return MINCOVER_END_TIME;
    return MINCOVER_END_FINISHED;
}

/* Runs the whole pipeline on h. multiplicity (per element, may be NULL) is how many
 * templates each class stands for, used only by the random greedy runs. Returns 0 with
 * *out filled (free with mincover_result_free()); a solver's failure (GLPK's, or CBC's
 * in the exact search) or a stop by the time limit is not an error: out->message and
 * out->exact.status say what happened and the bounds and cover still hold. Returns -1
 * with a reason in err when memory runs out or a cover check fails. */
int mincover_run(const instance *h, const uint32_t *multiplicity, const mincover_params *p,
               mincover_result *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    out->params = *p;
    out->elems = instance_nelems(h);
    out->sets = instance_nsets(h);
    uint32_t *cand = malloc(((size_t)instance_nelems(h) + 1) * sizeof *cand), ncand;
    uint32_t *lsbuf = malloc(((size_t)instance_nelems(h) + 1) * sizeof *lsbuf);
    announcer an = { h, &out->params, out, p->start ? p->nstart : UINT32_MAX,
                     malloc(((size_t)instance_nelems(h) + 1) * sizeof *an.buf) };
    double t0 = walltime_now();
    if (p->start && !instance_is_cover(h, p->start, p->nstart)) {
        snprintf(err, errsize, "the start cover misses a set");
        goto fail;
    }
    if (!cand || !lsbuf || !an.buf || mincover_bounds_phase(h, out))
        goto nomem;
    double t1 = walltime_now();
    if (greedy_phase(h, multiplicity, out, &an))
        goto nomem;
    mincover_announce(&an, out->greedy.runs.best.elems, out->greedy.runs.best.n);
    double t2 = walltime_now();
    if (budget_stopped(mincover_run_budget(out), STOP_SITE_DRIVER_REDUCE))
        out->presolve.red.stopped = true; /* no core: no search follows (mincover_search_phase()) */
    else if (p->reduce ? reduce_phase(h, out, t0, err, errsize)
                       : no_reduction(h, &out->presolve.red))
        goto nomem;
    if (mincover_kernel_phase(out, err, errsize))
        goto fail;
    double t3 = walltime_now();
    uint32_t core_bound = mincover_search_phase(h, out, t0, cand, &ncand, &an, err, errsize);
    if (core_bound == UINT32_MAX)
        goto fail;
    if (ncand != UINT32_MAX)
        CHECK(instance_check_cover(h, cand, ncand));
    double t4 = walltime_now();
    if (cover_phase(h, out, cand, ncand, core_bound, lsbuf, err, errsize))
        goto fail;
    mincover_announce(&an, out->cover.elems, out->cover.n);
    double t5 = walltime_now();
    if (p->coverage)
        coverage_phase(h, out, t0);
    out->bounds.seconds = t1 - t0;
    out->greedy.seconds = t2 - t1;
    out->presolve.seconds = t3 - t2;
    out->exact.seconds = t4 - t3 - out->ls.seconds;
    out->seconds_cover = t5 - t4;
    out->coverage.seconds = walltime_now() - t5;
    out->ended_by = ended_by(out, t3);
    free(cand);
    free(lsbuf);
    free(an.buf);
    return 0;
nomem:
    snprintf(err, errsize, "out of memory");
fail:
    free(cand);
    free(lsbuf);
    free(an.buf);
    mincover_result_free(out);
    return -1;
}

/* Releases everything the result owns; a no-op on an emptied result. */
void mincover_result_free(mincover_result *r)
{
    greedy_cover_free(&r->greedy.classic);
    greedy_cover_free(&r->greedy.pruned);
    greedy_cover_free(&r->greedy.runs.best);
    greedy_cover_free(&r->cover);
    reduce_result_free(&r->presolve.red);
    kernel_result_free(&r->presolve.kern);
    localsearch_result_free(&r->ls.on_core);
    corecover_result_free(&r->ls.core);
    lagcover_result_free(&r->lag.on_core);
    ilp_basis_free(&r->exact.basis);
    free(r->lp.duals);
    free(r->solves);
    free(r->coverage.rows);
    memset(r, 0, sizeof *r);
}
