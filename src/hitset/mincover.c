/* mincover.c - minimum covers: bounds, greedy, reductions, the exact optimum; see mincover.h. */
#include "hitset/mincover.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hitset/bound.h"
#include "hitset/proof/certify.h"
#include "hitset/bounds/colgen.h"
#include "hitset/presolve/components.h"
#include "hitset/engine.h"
#include "hitset/mip/ilp.h"
#include "core/check.h"
#include "core/budget.h"
#include "core/walltime.h"

void mincover_params_init(mincover_params *p)
{
    memset(p, 0, sizeof *p);
    p->time_limit = 60;
    p->greedy_runs = 100;
    p->settled_runs = true;
    p->seed = 1;
    p->reduce = true;
    p->ls_seconds = -1;
    p->threads = 1;
    p->lag_seconds = -1;
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
/* CBC's threads: the CLI's --threads range, which is also the evaluation's. */
#define MINCOVER_MAX_THREADS 64

int mincover_params_check(const mincover_params *p, char *err, size_t errsize)
{
    /* Written as !(in range) so that NaN fails every check. */
    if (!(p->time_limit > 0 && p->time_limit <= 1e9))
        return bad_param(err, errsize, "time_limit", p->time_limit,
                         "a number of seconds in (0, 1e9]");
    if (!(p->deadline >= 0))
        return bad_param(err, errsize, "deadline", p->deadline, "0 (none) or a walltime");
    if (!(p->ls_seconds <= 1e9))
        return bad_param(err, errsize, "ls_seconds", p->ls_seconds,
                         "< 0 (the default share), 0 (none) or seconds up to 1e9");
    if (!(p->lag_seconds <= 1e9))
        return bad_param(err, errsize, "lag_seconds", p->lag_seconds,
                         "< 0 (the default), 0 (none) or seconds up to 1e9");
    if (p->greedy_runs < 1 || p->greedy_runs > MINCOVER_MAX_RUNS)
        return bad_param(err, errsize, "greedy_runs", p->greedy_runs,
                         "1.." MINCOVER_XSTR(MINCOVER_MAX_RUNS));
    if (p->engine != ILP_GLPK && p->engine != ILP_CBC && p->engine != ILP_T24)
        return bad_param(err, errsize, "engine", (int)p->engine,
                         "ILP_GLPK, ILP_CBC or ILP_T24");
    if (p->certificate && !engine_of(p->engine)->can_certify)
        return bad_param(err, errsize, "engine", (int)p->engine,
                         "ILP_T24 with a certificate (GLPK and CBC cannot certify)");
    if ((int)p->lp < (int)MINCOVER_LP_AUTO || (int)p->lp > (int)MINCOVER_LP_COLGEN)
        return bad_param(err, errsize, "lp", (int)p->lp,
                         "MINCOVER_LP_AUTO, MINCOVER_LP_SIMPLEX or MINCOVER_LP_COLGEN");
    if (p->threads < 1 || p->threads > MINCOVER_MAX_THREADS)
        return bad_param(err, errsize, "threads", p->threads,
                         "1.." MINCOVER_XSTR(MINCOVER_MAX_THREADS));
    if (p->mem_limit_mb < 0)
        return bad_param(err, errsize, "mem_limit_mb", p->mem_limit_mb, "0 (none) or more");
    if (p->nextra > MINCOVER_EXTRA_MAX || (p->nextra && !p->extra))
        return bad_param(err, errsize, "nextra", p->nextra,
                         "0.." MINCOVER_XSTR(MINCOVER_EXTRA_MAX) ", with extra given");
    for (uint32_t i = 0; i < p->nextra; i++)
        if (!p->extra[i].run || !p->extra[i].name || !p->extra[i].words || !p->extra[i].brief)
            return bad_param(err, errsize, "extra row", i, "a row with run, name, words, brief");
    return 0;
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

/* "optimal", "time_limit", or "glpk_failed" / "cbc_failed" after the engine's name. */
const char *mincover_ilp_status_name(const mincover_result *r)
{
    switch (r->ilp) {
    case MINCOVER_ILP_OPTIMAL:
        return "optimal";
    case MINCOVER_ILP_TIME_LIMIT:
        return "time_limit";
    default:
        return engine_of(r->params.engine)->failed;
    }
}

/* What proved the cover optimal: the bound's name (bound.h: "necessary", "packing",
 * "lp_bound"), the engine's ("glpk", "cbc"), "reductions", or NULL when it is not
 * proven. */
const char *mincover_proof_name(const mincover_result *r)
{
    switch (r->proof) {
    case MINCOVER_PROOF_BOUND:
        return r->proof_bound ? r->proof_bound->name : r->params.extra[r->proof_extra].name;
    case MINCOVER_PROOF_SEARCH:
        return engine_name(r->params.engine);
    case MINCOVER_PROOF_REDUCTIONS:
        return "reductions";
    default:
        return NULL;
    }
}

static void ilp_from(const mincover_params *p, ilp_params *q)
{
    ilp_params_init(q);
    q->time_limit = p->time_limit;
    q->mem_limit_mb = p->mem_limit_mb;
}

/* The exact search's progress, shifted to the whole instance by the forced elements and
 * to the whole run's clock. */
typedef struct {
    const mincover_params *p;
    uint32_t nforced;
    double offset;
} relay;

static void relay_progress(void *ctx, const ilp_progress *in)
{
    const relay *r = ctx;
    ilp_progress out = *in;
    out.seconds += r->offset;
    out.value += r->nforced;
    out.bound += r->nforced;
    r->p->progress(r->p->progress_ctx, &out);
}

/* The local search's progress in the same form; its bound is the core's LP ceiling. */
typedef struct {
    relay rl;
    uint32_t target;
} ls_relay;

static void relay_ls(void *ctx, uint32_t best, uint64_t steps, double seconds)
{
    const ls_relay *r = ctx;
    ilp_progress pr = { "local search", seconds, true, best, r->target, steps, "steps" };
    relay_progress((void *)&r->rl, &pr);
}

/* Keeps the first solver failure's message (the LP bound's and max coverage's are GLPK's,
 * the exact search's GLPK's or CBC's); later phases still run and report. */
static void note_failure(mincover_result *r, const char *what, const char *why)
{
    if (!r->message[0])
        snprintf(r->message, sizeof r->message, "%s: %.200s", what, why);
}

/* The lower bounds that need no search (bound.h's BOUND_BEFORE_GREEDY rows), in the
 * table's order; those on the core come with the search phase. */
static int bounds(const instance *h, mincover_result *r)
{
    r->lp_bound = -1; /* set by the search phase */
    for (size_t i = 0; i < bound_count(); i++)
        if (bound_at(i)->stage == BOUND_BEFORE_GREEDY && bound_at(i)->run(h, r))
            return -1;
    return 0;
}

/* The bound's value, or 0 (every cover's trivial bound) when it did not run. */
static uint32_t bound_value(const bound_method *b, const mincover_result *r)
{
    uint32_t v;
    return b->value(r, &v) ? v : 0;
}

/* The LP relaxation of the instance is nforced + that of reduce's core: every reduction
 * keeps the LP optimum (a forced x_e is 1 in every LP optimum and only meets the sets it
 * removes; a dominated set's row is implied by the smaller one; a dominated element's
 * weight moves to its dominator, capped at 1, without breaking a row). So the LP solved
 * before branching on the core gives the instance's bound at no extra cost. The kernel's
 * rules may raise it: offset + the kernel's LP is at least the instance's (a kernel LP
 * solution y' lifts to one of the instance costing one more per step: a taken element
 * at 1; a fold's u and w at y'_x and v at 1 - y'_x), and at most the optimum. */
static void set_lp_bound(mincover_result *r, double core_lp)
{
    r->lp_bound = r->offset + core_lp;
    /* Simplex works in floating point: forgive 1e-6 before rounding up; a stopped column
     * generation's exact ceiling, if higher, stands. */
    uint32_t c = (uint32_t)ceil(r->lp_bound - 1e-6);
    r->lp_bound_ceil = c > r->lp_bound_ceil ? c : r->lp_bound_ceil;
    r->lp_method = MINCOVER_LP_SIMPLEX;
    r->lp_reached = true;
    r->lp_rounds = r->lp_columns = 0;
}

/* Column generation's bound on the core: L of its best duals, whose ceiling is exact
 * (lagrange.h), so no tolerance is needed before rounding up. */
static void set_colgen_bound(mincover_result *r, const colgen_result *cg)
{
    r->lp_bound = r->offset + cg->bound.value;
    r->lp_bound_ceil = r->offset + cg->bound.ceil;
    r->lp_method = MINCOVER_LP_COLGEN;
    r->lp_reached = cg->optimal;
    r->lp_rounds = cg->rounds;
    r->lp_columns = cg->columns;
}

static bool use_colgen(const mincover_params *p, const instance *core)
{
    return p->lp == MINCOVER_LP_COLGEN ||
           (p->lp == MINCOVER_LP_AUTO && instance_nelems(core) > MINCOVER_COLGEN_MIN_ELEMS);
}

/* The smallest cover known before any search: pruned greedy's, or the caller's start. */
static uint32_t known_cover(const mincover_result *r)
{
    uint32_t n = r->greedy_pruned.n;
    return r->params.start && r->params.nstart < n ? r->params.nstart : n;
}

/* Is the smallest known cover already proven minimal by a bound that needs no search?
 * Then the random greedy runs have nothing to find (they could take the whole time
 * limit), only statistics to give (params.settled_runs); the searches after them stop at
 * once, the LP bound being reached. */
static bool settled(const mincover_result *r)
{
    uint32_t k = known_cover(r);
    for (size_t i = 0; i < bound_count(); i++)
        if (bound_at(i)->stage == BOUND_BEFORE_GREEDY && k <= bound_value(bound_at(i), r))
            return true;
    return false;
}

/* The run's budget: its deadline and the caller's cancel (core/budget.h). */
static budget run_budget(const mincover_params *p)
{
    return budget_until(p->deadline, &p->cancel);
}

/* Greedy and its pruning, which every run needs (linear in the incidences, so they end
 * soon even on a huge instance past its deadline), then the random runs, which the
 * deadline stops (none when it has passed). */
static int greedy_phase(const instance *h, const uint32_t *mult, mincover_result *r)
{
    if (greedy_run(h, NULL, &r->greedy) || greedy_prune(h, &r->greedy, &r->greedy_pruned))
        return -1;
    if ((!r->params.settled_runs && settled(r)) || budget_stopped(run_budget(&r->params))) {
        r->runs.seed = r->params.seed; /* none ran: runs, min, max stay 0 */
        return 0;
    }
    return greedy_runs_until(h, mult, r->params.greedy_runs, r->params.seed,
                             r->params.deadline, &r->params.cancel, &r->runs);
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

/* A cover of the instance from a cover of the search's core (r->core): the forced
 * elements, then the core's elements lifted through the kernel's steps (when there is a
 * kernel) and mapped back. Returns its size, r->offset + the distinct elements given. */
static uint32_t whole_cover(const mincover_result *r, const uint32_t *core, uint32_t n,
                            uint32_t *out)
{
    const reduce_result *red = &r->red;
    uint32_t k = 0;
    for (uint32_t i = 0; i < red->nforced; i++)
        out[k++] = red->forced[i];
    if (!r->kern.core) {
        for (uint32_t i = 0; i < n; i++)
            out[k++] = red->core_elem[core[i]];
        return k;
    }
    uint32_t m = kernel_lift(&r->kern, core, n, out + k); /* ids of reduce's core */
    for (uint32_t i = 0; i < m; i++)
        out[k + i] = red->core_elem[out[k + i]];
    return k + m;
}

/* The smallest cover announced through params.improved so far: only smaller ones follow,
 * each checked against every set of the whole instance first, so that a caller printing
 * the last one (on a signal) prints a cover. */
typedef struct {
    const instance *h;
    const mincover_params *p;
    const mincover_result *r; /* maps covers of the core back to the instance */
    uint32_t best;            /* size announced last, UINT32_MAX before the first */
    uint32_t *buf;            /* a cover of the whole instance, from one of the core */
} announcer;

static void announce(announcer *a, const uint32_t *elems, uint32_t n)
{
    if (!a->p->improved || !elems || n >= a->best || !instance_is_cover(a->h, elems, n))
        return;
    a->best = n;
    a->p->improved(a->p->improved_ctx, elems, n);
}

/* localsearch_params.improved: a smaller cover of the core, forced elements added. */
static void announce_core(void *ctx, const uint32_t *core, uint32_t n)
{
    announcer *a = ctx;
    if (a->r->offset + n < a->best)
        announce(a, a->buf, whole_cover(a->r, core, n, a->buf));
}

/* Column generation's progress: its proven bound beside the best cover so far. */
typedef struct {
    relay rl;
    const announcer *an;
    uint32_t start; /* the cover it started from, of the core */
} cg_relay;

static void relay_colgen(void *ctx, double bound, uint32_t rounds, double seconds)
{
    const cg_relay *c = ctx;
    /* Sizes on the core: relay_progress() adds the forced elements back. */
    uint32_t best = c->start, announced = c->an->best;
    if (announced != UINT32_MAX && announced - c->rl.nforced < best)
        best = announced - c->rl.nforced;
    ilp_progress pr = { "column generation", seconds, true, best, bound, rounds, "rounds" };
    relay_progress((void *)&c->rl, &pr);
}

/* GLPK's pre-flight (mincover.h): of `seconds`, what a GLPK phase on a model of
 * `entries` entries and `lines` rows and columns may give GLPK's own clock once the model
 * is built (at least 1 ms, as the phases always gave), or 0 when the phase should not
 * start: its set-up alone would take longer (and over 1 ms), or its model not fit. Without it, the exact
 * search given 22 s of a 100 s limit on a core of 33 million entries overran the limit by
 * 22 s and peaked at 6.4 GB. With mem_limit_mb, GLPK's own limit guards the memory (and
 * fails with a message). */
static double glpk_preflight(const mincover_params *p, uint64_t entries, uint64_t lines,
                             double seconds)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    double memory = pages > 0 && page > 0 ? 0.75 * (double)pages * (double)page : INFINITY;
    double model = (double)entries * MINCOVER_GLPK_BYTES_PER_ENTRY +
                   (double)lines * MINCOVER_GLPK_BYTES_PER_LINE;
    if (p->mem_limit_mb == 0 && model > memory)
        return 0;
    double setup = (double)(entries + lines) * MINCOVER_GLPK_SECONDS_PER_ITEM;
    if (setup > seconds && setup > BUDGET_FLOOR) /* a small model still gets its floor */
        return 0;
    return budget_floor(seconds - setup);
}

/* The rows and columns of GLPK's model of the whole core. */
static uint64_t core_lines(const instance *core)
{
    return (uint64_t)instance_nelems(core) + instance_nsets(core);
}

/* The entries of the restricted LP column generation starts from: the cover's columns. */
static uint64_t cover_entries(const instance *core, const greedy_cover *c)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < c->n; i++) {
        uint32_t len;
        instance_elem(core, c->elems[i], &len);
        n += len;
    }
    return n;
}

/* The core's LP bound for at most MINCOVER_LP_SHARE of the budget (less GLPK's set-up:
 * none when the pre-flight says it cannot fit): GLPK's simplex on
 * every element, or column generation from `start` (a cover of the core), whose duals
 * land in *duals (the caller frees them). Both keep an optimal basis for the exact
 * search. Sets r's LP fields and returns the bound's ceiling on the core (the local
 * search's target), or 0 when there is none. */
static uint32_t lp_phase(mincover_result *r, const greedy_cover *start, double started,
                         const announcer *an, double **duals)
{
    const mincover_params *p = &r->params;
    double t0 = walltime_now(), lp;
    char why[256];
    uint32_t target = 0;
    *duals = NULL;
    double share = MINCOVER_LP_SHARE * r->budget;
    bool colgen = use_colgen(p, r->core);
    const instance *core = r->core;
    share = colgen ? glpk_preflight(p, cover_entries(core, start),
                                    (uint64_t)instance_nsets(core) + start->n, share)
                   : glpk_preflight(p, instance_nnz(core), core_lines(core), share);
    if (share == 0) {
        /* no LP bound: the searches go on without a target */
    } else if (colgen) {
        colgen_params cp;
        colgen_result cg;
        cg_relay rl = { { p, r->offset, t0 - started }, an, start->n };
        colgen_params_init(&cp);
        cp.seconds = share;
        cp.cover = start->elems;
        cp.ncover = start->n;
        cp.mem_limit_mb = p->mem_limit_mb;
        cp.basis = &r->basis;
        cp.cancel = &p->cancel;
        if (p->progress) {
            cp.progress = relay_colgen;
            cp.progress_ctx = &rl;
        }
        if (colgen_lp(r->core, &cp, &cg, why, sizeof why) == 0) {
            set_colgen_bound(r, &cg);
            target = cg.bound.ceil;
            *duals = cg.u;
            cg.u = NULL;
            colgen_result_free(&cg);
        } else {
            note_failure(r, "LP bound", why);
        }
    } else {
        ilp_params lq;
        ilp_from(p, &lq);
        lq.time_limit = share;
        lq.basis = &r->basis;
        lq.cancel = &p->cancel;
        /* A failure here is the time limit on six-card cores: the exact search's own
         * LP reports what GLPK says. */
        if (ilp_lp_bound(r->core, &lq, &lp, why, sizeof why) == 0 && lp >= 0) {
            target = (uint32_t)ceil(lp - 1e-6);
            set_lp_bound(r, lp);
        }
    }
    r->seconds_lp = walltime_now() - t0;
    return target;
}

/* The Lagrangian cover's progress: its best cover beside the LP bound. */
static void relay_lag(void *ctx, uint32_t best, uint32_t rounds, double seconds)
{
    const ls_relay *r = ctx;
    ilp_progress pr = { "Lagrangian cover", seconds, true, best, r->target, rounds,
                        "rounds" };
    relay_progress((void *)&r->rl, &pr);
}

/* The Lagrangian cover heuristic on the core from the LP's duals (or its own start),
 * for `seconds`; its cover, forced elements added, is checked against every set. */
static int lag_phase(const instance *h, mincover_result *r, const double *duals,
                     double seconds, double started, uint32_t target, uint32_t *buf,
                     announcer *an, char *err, size_t errsize)
{
    lagcover_params q;
    ls_relay rl = { { &r->params, r->offset, walltime_now() - started }, target };
    lagcover_params_init(&q);
    if (r->params.progress) {
        q.progress = relay_lag;
        q.progress_ctx = &rl;
    }
    q.seconds = budget_floor(seconds);
    q.u = duals;
    q.cancel = &r->params.cancel;
    if (r->params.improved) {
        q.improved = announce_core;
        q.improved_ctx = an;
    }
    if (lagcover_run(r->core, &q, &r->lag, err, errsize))
        return -1;
    r->lag_ran = true;
    r->lag_best = whole_cover(r, r->lag.elems, r->lag.n, buf);
    if (!instance_is_cover(h, buf, r->lag_best)) {
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
static bool ls_extend(void *ctx, uint32_t best, double *seconds)
{
    const ls_gap *g = ctx;
    if (g->target > 0 &&
        (double)best - g->target <= MINCOVER_LS_GAP * ((double)g->offset + g->target))
        return false;
    *seconds = g->until - g->begun;
    return true;
}

/* The local search's time and stops (hitting-sets.md, "The local search's budget"):
 * `--local-search S` gives it S, capped by the budget, and no patience. By default,
 * where column generation ran (six cards), all the budget, since the exact search cannot
 * search such a core in the time (six cards, deck 1-10: 109 with 225 s against 111 with
 * 69 s); with a step limit, MINCOVER_LS_ALL of it and the steps alone stop it (the run
 * is then reproducible); else a quarter, with patience, and the rule of ls_extend. */
static void ls_budget(const mincover_result *r, double until, ls_gap *g,
                      localsearch_params *q)
{
    const mincover_params *p = &r->params;
    double all = until - (1 - MINCOVER_LS_ALL) * r->budget;
    uint64_t patience = localsearch_default_patience(r->core);
    q->max_steps = p->ls_steps;
    if (p->ls_seconds >= 0) {
        q->seconds = p->ls_seconds < r->budget ? p->ls_seconds : r->budget;
    } else if (r->lp_method == MINCOVER_LP_COLGEN) {
        /* With patience, as before the rewrite: a small core it cannot improve (deck
         * 1-5 under a forced --lp colgen) leaves the exact search its time. */
        q->seconds = r->budget;
        q->patience = p->ls_steps ? 0 : patience;
    } else if (p->ls_steps) {
        q->seconds = budget_floor(all - g->begun);
    } else {
        q->seconds = LOCALSEARCH_DEFAULT_SHARE * r->budget;
        q->patience = patience;
        g->until = all;
        q->extend = ls_extend;
        q->extend_ctx = g;
        q->extend_patience = MINCOVER_LS_EXTEND_PATIENCE * patience;
    }
}

/* The local search on the core from `start` (a cover of the core), aiming at `target`
 * (the ceiling of the core's LP bound: reaching it proves the cover optimal), until
 * `until` at the latest. Keeps its result in r->ls and checks forced + its cover against
 * the whole instance. Returns 0, or -1 with err set. */
static int ls_phase(const instance *h, mincover_result *r, const uint32_t *start,
                    uint32_t nstart, uint32_t target, double started, double until,
                    uint32_t *buf, announcer *an, char *err, size_t errsize)
{
    const mincover_params *p = &r->params;
    localsearch_params q;
    ls_relay rl = { { p, r->offset, walltime_now() - started }, target };
    ls_gap g = { r->offset, target, walltime_now(), 0 };
    localsearch_params_init(&q);
    q.seed = p->seed;
    q.target = target;
    ls_budget(r, until, &g, &q);
    /* The LP may have used much of the budget (six cards): the local search gets at
     * most what is left, so that the two searches end by `until`. */
    double left = until - walltime_now();
    if (q.seconds > left)
        q.seconds = budget_floor(left);
    if (p->progress) {
        q.progress = relay_ls;
        q.progress_ctx = &rl;
    }
    if (p->improved) {
        q.improved = announce_core;
        q.improved_ctx = an;
    }
    q.cancel = &p->cancel;
    if (localsearch_run(r->core, start, nstart, &q, &r->ls, err, errsize))
        return -1;
    r->ls_ran = true;
    r->ls_start = r->offset + nstart;
    r->ls_best = whole_cover(r, r->ls.elems, r->ls.n, buf);
    if (!instance_is_cover(h, buf, r->ls_best)) {
        snprintf(err, errsize, "internal error: the local search's cover misses a set");
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
    relay rl = { &r->params, r->offset, walltime_now() - started };
    ilp_from(&r->params, &q);
    q.time_limit = glpk_preflight(&r->params, instance_nnz(r->core),
                                  core_lines(r->core), seconds);
    if (q.time_limit == 0) { /* not even its model would be built in time */
        r->ilp = MINCOVER_ILP_TIME_LIMIT;
        return 0;
    }
    q.basis = &r->basis; /* the local search phase's LP, if it ran */
    q.cancel = &r->params.cancel;
    q.warm = warm;
    q.nwarm = nwarm;
    q.engine = r->params.engine;
    q.threads = r->params.threads;
    if (r->params.progress) {
        q.progress = relay_progress;
        q.progress_ctx = &rl;
    }
    if (engine_hitting_set(r->core, &q, &res, why, sizeof why)) {
        note_failure(r, "exact optimum", why);
        r->ilp = MINCOVER_ILP_FAILED;
        return 0;
    }
    r->ilp = res.status == ILP_OPTIMAL ? MINCOVER_ILP_OPTIMAL : MINCOVER_ILP_TIME_LIMIT;
    /* Else the time limit stopped the LP: no LP bound from it. A bound that is already
     * the LP value (the LP phase's) stands: this is the same LP. */
    if (res.lp >= 0 && !r->lp_reached)
        set_lp_bound(r, res.lp);
    if (res.status != ILP_NONE)
        *ncand = whole_cover(r, res.chosen, res.nchosen, cand);
    uint32_t core_bound = (uint32_t)ceil(res.bound - 1e-6);
    ilp_result_free(&res);
    return core_bound;
}

/* One part's exact search (components.h) for `seconds`, warm-started from warm's
 * elements in it (a cover of the core meets every part): its cover, in core ids, appended
 * to out[*n..]; returns its proven bound (0 when it failed or had no time), and counts it
 * in r->parts_proven when optimal. */
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
    ilp_from(&r->params, &q);
    q.time_limit = budget_stopped(run_budget(&r->params)) ? 0
                                           : glpk_preflight(&r->params, instance_nnz(part),
                                                            core_lines(part), seconds);
    q.warm = pwarm;
    q.nwarm = nw;
    q.cancel = &r->params.cancel;
    q.engine = r->params.engine;
    q.threads = r->params.threads;
    bool ran = q.time_limit > 0;
    if (ran && engine_hitting_set(part, &q, &res, why, sizeof why)) {
        note_failure(r, "exact optimum of a component", why);
        ran = false;
    }
    const uint32_t *best = ran && res.status != ILP_NONE ? res.chosen : pwarm;
    uint32_t nbest = ran && res.status != ILP_NONE ? res.nchosen : nw;
    for (uint32_t i = 0; i < nbest; i++)
        out[(*n)++] = map[best[i]];
    if (ran) {
        bound = (uint32_t)ceil(res.bound - 1e-6);
        r->parts_proven += res.status == ILP_OPTIMAL;
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
    uint32_t ne = instance_nelems(r->core), n = 0, bound = 0;
    bool *in_warm = calloc((size_t)ne + 1, sizeof *in_warm);
    uint32_t *pwarm = malloc(((size_t)ne + 1) * sizeof *pwarm);
    uint32_t *core = malloc(((size_t)ne + 1) * sizeof *core);
    *ncand = UINT32_MAX;
    if (!in_warm || !pwarm || !core || components_split(r->core, &parts)) {
        free(in_warm);
        free(pwarm);
        free(core);
        return UINT32_MAX;
    }
    for (uint32_t i = 0; i < nwarm; i++)
        in_warm[warm[i]] = true;
    double end = walltime_now() + seconds;
    uint64_t left = instance_nnz(r->core);
    for (uint32_t i = 0; i < parts.n; i++) {
        uint64_t nnz = instance_nnz(parts.part[i]);
        double share = (end - walltime_now()) * (double)nnz / (double)(left ? left : 1);
        left -= nnz;
        bound += ilp_part(r, parts.part[i], parts.elem_map[i], in_warm, share, pwarm, core, &n);
    }
    r->parts_apart = parts.n;
    r->ilp = r->parts_proven == parts.n ? MINCOVER_ILP_OPTIMAL : MINCOVER_ILP_TIME_LIMIT;
    *ncand = whole_cover(r, core, n, cand);
    components_free(&parts);
    free(in_warm);
    free(pwarm);
    free(core);
    return bound;
}

/* The certifying search on the whole instance for the time left (params.certificate),
 * from warm (a cover of the core) made whole: the certificate written, its cover in
 * *cand, and its bound returned less the forced elements, as ilp_phase() returns the
 * core's. A failure writes no certificate and proves nothing. */
static uint32_t certify_phase(const instance *h, mincover_result *r, const uint32_t *warm,
                              uint32_t nwarm, double seconds, double started, uint32_t *cand,
                              uint32_t *ncand)
{
    certify_params q;
    certify_result res;
    char why[256];
    relay rl = { &r->params, 0, walltime_now() - started };
    certify_params_init(&q);
    q.time_limit = budget_floor(seconds);
    q.cancel = &r->params.cancel;
    q.mem_limit_mb = r->params.mem_limit_mb;
    q.goal = r->params.certify_goal;
    q.start = cand; /* read before the search writes its own cover */
    q.nstart = whole_cover(r, warm, nwarm, cand);
    if (r->params.progress) {
        q.progress = relay_progress;
        q.progress_ctx = &rl;
    }
    *ncand = UINT32_MAX;
    if (certify_run(h, &q, r->params.certificate, &res, why, sizeof why)) {
        note_failure(r, "certified search", why);
        r->ilp = MINCOVER_ILP_FAILED;
        return 0;
    }
    r->ilp = res.optimal ? MINCOVER_ILP_OPTIMAL : MINCOVER_ILP_TIME_LIMIT;
    r->cert = (mincover_certificate){ true, res.bound, res.nodes, res.leaves, res.bytes,
                                      res.open, res.seconds, { { 0 } }, res.nround };
    memcpy(r->cert.round, res.round, sizeof r->cert.round);
    memcpy(cand, res.cover, (size_t)res.ncover * sizeof *cand);
    *ncand = res.ncover;
    uint32_t core = res.bound > r->offset ? res.bound - r->offset : 0;
    certify_result_free(&res);
    return core;
}

/* The caller's bounds (params.extra) on the core, each with at most half of the time
 * left before end, so that the exact search still gets some. A failure is noted and
 * leaves that row without a value. */
static void extra_phase(mincover_result *r, double end)
{
    for (uint32_t i = 0; i < r->params.nextra && r->core; i++) {
        const mincover_extra *x = &r->params.extra[i];
        double left = end - walltime_now();
        uint32_t b;
        char why[256];
        if (left <= 2e-3)
            break;
        if (x->run(x->ctx, r->core, left / 2, &b, why, sizeof why)) {
            note_failure(r, x->name, why);
            continue;
        }
        r->extra_ran[i] = true;
        r->extra_value[i] = r->offset + b;
    }
}

/* The core's components holding a set, and the largest (by sets). Returns 0, or -1 out
 * of memory. */
static int count_components(mincover_result *r)
{
    uint32_t ne = instance_nelems(r->core), ns = instance_nsets(r->core);
    uint32_t *ce = malloc(((size_t)ne + 1) * sizeof *ce);
    uint32_t *cs = malloc(((size_t)ns + 1) * sizeof *cs);
    uint32_t *sets = calloc((size_t)ne + 1, sizeof *sets);
    uint32_t *elems = calloc((size_t)ne + 1, sizeof *elems);
    uint32_t n = ce && cs && sets && elems ? kernel_components(r->core, ce, cs) : UINT32_MAX;
    for (uint32_t s = 0; n != UINT32_MAX && s < ns; s++)
        sets[cs[s]]++;
    for (uint32_t e = 0; n != UINT32_MAX && e < ne; e++)
        elems[ce[e]]++;
    for (uint32_t c = 0; n != UINT32_MAX && c < n; c++) {
        r->components += sets[c] > 0;
        if (sets[c] > r->largest_sets) {
            r->largest_sets = sets[c];
            r->largest_elems = elems[c];
        }
    }
    free(ce);
    free(cs);
    free(sets);
    free(elems);
    return n == UINT32_MAX ? -1 : 0;
}

/* The kernel of reduce's core (kernel.h), which the searches then work on (r->core, with
 * r->offset), unless the reductions are off, stopped, or the time is up: then reduce's
 * core (or none). The certifying search is not given it: it reduces the whole instance
 * itself, in steps its checker knows (reduce_run_logged()); the kernel only shapes the
 * cover it starts from. Returns 0, or -1 with err set when memory runs out. */
static int kernel_phase(mincover_result *r, char *err, size_t errsize)
{
    r->core = r->red.core;
    r->offset = r->red.nforced;
    if (r->params.reduce && r->params.kernel && r->red.core && !budget_stopped(run_budget(&r->params))) {
        if (kernel_run(r->red.core, run_budget(&r->params), &r->kern, err, errsize))
            return -1;
        r->core = r->kern.core;
        r->offset += r->kern.offset;
    }
    if (r->core && count_components(r)) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    return 0;
}

/* Greedy on the core, the local search from it, then the ILP from the better of the two
 * for the rest of the time. Returns the core's proven bound (see ilp_phase()), or
 * UINT32_MAX with err set when memory runs out or a cover check fails. */
static uint32_t search_phase(const instance *h, mincover_result *r, double started,
                             uint32_t *cand, uint32_t *ncand, announcer *an, char *err,
                             size_t errsize)
{
    greedy_cover g = { 0 }, gp = { 0 };
    double *duals = NULL;
    uint32_t bound = UINT32_MAX;
    double t0 = walltime_now();
    double until = budget_left(run_budget(&r->params), t0); /* INFINITY: no deadline */
    r->budget = until < r->params.time_limit ? budget_floor(until) : r->params.time_limit;
    if (!r->core || until <= BUDGET_FLOOR) {
        /* The limit is spent (a long enumeration, a huge instance): building the local
         * search's state or GLPK's problem alone would overrun it, and past the limit
         * the reductions built no core. The greedy covers stand. */
        r->ilp = MINCOVER_ILP_TIME_LIMIT;
        *ncand = UINT32_MAX;
        return 0;
    }
    if (greedy_run(r->core, NULL, &g) || greedy_prune(r->core, &g, &gp)) {
        snprintf(err, errsize, "out of memory");
        goto done;
    }
    uint32_t target = lp_phase(r, &gp, started, an, &duals);
    const uint32_t *warm = gp.elems;
    uint32_t nwarm = gp.n;
    double lag = r->params.lag_seconds;
    if (lag < 0)
        lag = r->lp_method == MINCOVER_LP_COLGEN ? MINCOVER_LAG_SHARE * r->budget : 0;
    double left = t0 + r->budget - walltime_now();
    if (lag > left) /* never past the searches' end */
        lag = left;
    if (lag > 0) {
        if (lag_phase(h, r, duals, lag, started, target, cand, an, err, errsize))
            goto done;
        if (r->lag.n < nwarm) {
            warm = r->lag.elems;
            nwarm = r->lag.n;
        }
    }
    if (r->params.ls_seconds != 0) {
        if (ls_phase(h, r, warm, nwarm, target, started, t0 + r->budget, cand, an, err,
                     errsize))
            goto done;
        warm = r->ls.elems;
        nwarm = r->ls.n;
    }
    r->seconds_ls = walltime_now() - t0;
    extra_phase(r, t0 + r->budget);
    double rest = r->budget - (walltime_now() - t0);
    if (r->params.certificate)
        bound = certify_phase(h, r, warm, nwarm, rest, started, cand, ncand);
    else if (r->params.kernel && r->components > 1)
        bound = ilp_parts_phase(r, warm, nwarm, rest, cand, ncand);
    else
        bound = ilp_phase(r, warm, nwarm, rest, started, cand, ncand);
    if (bound == UINT32_MAX)
        snprintf(err, errsize, "out of memory");
done:
    free(duals);
    greedy_cover_free(&g);
    greedy_cover_free(&gp);
    return bound;
}

/* Sets r->proof (and r->proof_bound): the first bound of the table, cheapest first, that
 * reaches the optimum (mincover_proof). The exact search's bound counts only where it
 * searched something: on an empty core it is the forced elements, which the LP bound
 * (equal to it there) already credits. */
static void proof_of(mincover_result *r, uint32_t reduced)
{
    bool searched = r->ilp != MINCOVER_ILP_FAILED && r->core &&
                    instance_nsets(r->core) > 0;
    uint32_t v;
    r->proof_bound = NULL;
    r->proof_extra = -1;
    r->proof = MINCOVER_PROOF_NONE;
    if (!r->optimal)
        return;
    for (size_t i = 0; i < bound_count(); i++)
        if (bound_at(i)->value(r, &v) && v == r->optimum) {
            r->proof = MINCOVER_PROOF_BOUND;
            r->proof_bound = bound_at(i);
            return;
        }
    for (uint32_t i = 0; i < r->params.nextra; i++) /* the caller's, after the table's */
        if (r->extra_ran[i] && r->extra_value[i] == r->optimum) {
            r->proof = MINCOVER_PROOF_BOUND;
            r->proof_extra = (int)i;
            return;
        }
    /* No bound reaches it: the search did, or the core is empty and the LP did not run,
     * and as every reduction keeps the optimum, the forced elements alone are it. */
    r->proof = searched && reduced == r->optimum ? MINCOVER_PROOF_SEARCH
                                                 : MINCOVER_PROOF_REDUCTIONS;
}

/* The best proven lower bound: the highest of the table's bounds and the exact
 * search's (forced + the core's proven bound, 0 when it failed). */
static uint32_t best_bound(const mincover_result *r, uint32_t reduced)
{
    uint32_t best = reduced;
    for (size_t i = 0; i < bound_count(); i++) {
        uint32_t v = bound_value(bound_at(i), r);
        best = v > best ? v : best;
    }
    for (uint32_t i = 0; i < r->params.nextra; i++)
        if (r->extra_ran[i] && r->extra_value[i] > best)
            best = r->extra_value[i];
    return best;
}

/* Chooses the smallest of the ILP's cover, pruned greedy, the best pruned random greedy
 * run, the Lagrangian cover and the local search's cover (the ILP's on ties), checks it
 * really meets every set, and lists it in greedy order (in the order found when the limit
 * stopped the reductions) with what each meets alone. */
static int cover_phase(const instance *h, mincover_result *r, const uint32_t *cand, uint32_t ncand,
                       uint32_t core_bound, uint32_t *lsbuf, char *err, size_t errsize)
{
    const uint32_t *best = r->greedy_pruned.elems;
    uint32_t nbest = r->greedy_pruned.n;
    if (r->runs.best.elems && r->runs.best.n < nbest) {
        best = r->runs.best.elems;
        nbest = r->runs.best.n;
    }
    if (r->params.start && r->params.nstart < nbest) {
        best = r->params.start;
        nbest = r->params.nstart;
    }
    if (r->lag_ran && r->lag_best < nbest) {
        best = lsbuf;
        nbest = whole_cover(r, r->lag.elems, r->lag.n, lsbuf);
    }
    if (r->ls_ran && r->ls_best < nbest) {
        best = lsbuf;
        nbest = whole_cover(r, r->ls.elems, r->ls.n, lsbuf);
    }
    if (ncand != UINT32_MAX && ncand <= nbest) {
        best = cand;
        nbest = ncand;
    }
    if (!instance_is_cover(h, best, nbest)) {
        snprintf(err, errsize, "internal error: the chosen cover misses a set");
        return -1;
    }
    /* Where the limit stopped the reductions (a huge instance: no time was left for a
     * search), the cover keeps the order it was found in: greedy's order would cost one
     * more greedy run, seconds there. */
    if (r->red.stopped ? greedy_sequence(h, best, nbest, &r->cover)
                       : greedy_order(h, best, nbest, &r->cover))
        goto nomem;
    r->solves = malloc((r->cover.n + 1) * sizeof *r->solves);
    if (!r->solves)
        goto nomem;
    for (uint32_t i = 0; i < r->cover.n; i++)
        instance_elem(h, r->cover.elems[i], &r->solves[i]);
    r->optimum = r->cover.n;
    uint32_t reduced = r->ilp == MINCOVER_ILP_FAILED ? 0 : r->offset + core_bound;
    /* With a certificate asked for, only what it proves is called proven. */
    r->best_bound = r->params.certificate ? (r->cert.written ? r->cert.bound : 0)
                                          : best_bound(r, reduced);
    if (r->best_bound > r->optimum) {
        snprintf(err, errsize, "internal error: lower bound %u above a cover of %u",
                 r->best_bound, r->optimum);
        return -1;
    }
    r->optimal = r->best_bound == r->optimum;
    proof_of(r, reduced);
    return 0;
nomem:
    snprintf(err, errsize, "out of memory");
    return -1;
}

static void coverage_phase(const instance *h, mincover_result *r)
{
    ilp_params q;
    char why[256];
    ilp_from(&r->params, &q);
    if (coverage_run(h, &r->greedy, r->optimum, r->optimal, &q, &r->coverage, why,
                     sizeof why))
        note_failure(r, "max coverage", why);
    else
        r->ncoverage = r->optimum;
}

/* Runs the whole pipeline on h. multiplicity (per element, may be NULL) is how many
 * templates each class stands for, used only by the random greedy runs. Returns 0 with
 * *out filled (free with mincover_result_free()); a solver's failure (GLPK's, or CBC's
 * in the exact search) or a stop by the time limit is not an error: out->message / out->ilp say what happened and the bounds and
 * cover still hold. Returns -1 with a reason in err when memory runs out or a cover
 * check fails. */
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
    if (!cand || !lsbuf || !an.buf || bounds(h, out))
        goto nomem;
    double t1 = walltime_now();
    if (greedy_phase(h, multiplicity, out))
        goto nomem;
    announce(&an, out->greedy_pruned.elems, out->greedy_pruned.n);
    announce(&an, out->runs.best.elems, out->runs.best.n);
    double t2 = walltime_now();
    if (budget_stopped(run_budget(p)))
        out->red.stopped = true; /* no core: no search follows (search_phase()) */
    else if (p->reduce ? reduce_run_until(h, run_budget(p), &out->red, err, errsize)
                       : no_reduction(h, &out->red))
        goto nomem;
    if (kernel_phase(out, err, errsize))
        goto fail;
    double t3 = walltime_now();
    uint32_t core_bound = search_phase(h, out, t0, cand, &ncand, &an, err, errsize);
    if (core_bound == UINT32_MAX)
        goto fail;
    if (ncand != UINT32_MAX)
        CHECK(instance_check_cover(h, cand, ncand));
    double t4 = walltime_now();
    if (cover_phase(h, out, cand, ncand, core_bound, lsbuf, err, errsize))
        goto fail;
    announce(&an, out->cover.elems, out->cover.n);
    double t5 = walltime_now();
    if (p->coverage)
        coverage_phase(h, out);
    out->seconds_bounds = t1 - t0;
    out->seconds_greedy = t2 - t1;
    out->seconds_reduce = t3 - t2;
    out->seconds_ilp = t4 - t3 - out->seconds_ls;
    out->seconds_cover = t5 - t4;
    out->seconds_coverage = walltime_now() - t5;
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
    greedy_cover_free(&r->greedy);
    greedy_cover_free(&r->greedy_pruned);
    greedy_cover_free(&r->runs.best);
    greedy_cover_free(&r->cover);
    reduce_result_free(&r->red);
    kernel_result_free(&r->kern);
    localsearch_result_free(&r->ls);
    lagcover_result_free(&r->lag);
    ilp_basis_free(&r->basis);
    free(r->solves);
    free(r->coverage);
    memset(r, 0, sizeof *r);
}
