/* mincover_bounds.c - the driver's lower bounds: the table's bounds that need no search,
 * the LP bound (GLPK's simplex or column generation) with GLPK's pre-flight, and the
 * caller's bounds; see mincover_bounds.h. */
#include "hitset/driver/mincover_bounds.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hitset/driver/mincover_parts.h"
#include "hitset/bounds/colgen.h"
#include "hitset/driver/bound.h"
#include "hitset/mip/ilp.h"
#include "core/budget.h"
#include "core/walltime.h"

/* The lower bounds that need no search (bound.h's BOUND_BEFORE_GREEDY rows), in the
 * table's order; those on the core come with the search phase. */
int mincover_bounds_phase(const instance *h, mincover_result *r)
{
    r->lp.bound = r->lp.optimum = -1; /* set by the search phase */
    for (size_t i = 0; i < bound_count(); i++)
        if (bound_at(i)->stage == BOUND_BEFORE_GREEDY && bound_at(i)->run(h, r))
            return -1;
    return 0;
}

/* The LP relaxation of the instance is nforced + that of reduce's core: every reduction
 * keeps the LP optimum (a forced x_e is 1 in every LP optimum and only meets the sets it
 * removes; a dominated set's row is implied by the smaller one; a dominated element's
 * weight moves to its dominator, capped at 1, without breaking a row). So the LP solved
 * before branching on the core gives the instance's bound at no extra cost. The kernel's
 * rules may raise it: offset + the kernel's LP is at least the instance's (a kernel LP
 * solution y' lifts to one of the instance costing one more per step: a taken element
 * at 1; a fold's u and w at y'_x and v at 1 - y'_x), and at most the optimum. */
void mincover_set_lp_bound(mincover_result *r, double core_lp)
{
    r->lp.bound = r->lp.optimum = r->presolve.offset + core_lp;
    /* Simplex works in floating point: forgive 1e-6 before rounding up; a stopped column
     * generation's exact ceiling, if higher, stands. */
    uint32_t c = (uint32_t)ceil(r->lp.bound - 1e-6);
    r->lp.bound_ceil = c > r->lp.bound_ceil ? c : r->lp.bound_ceil;
    r->lp.method = MINCOVER_LP_SIMPLEX;
    r->lp.rounds = r->lp.columns = 0;
}

/* Column generation's bound on the core: L of its best duals, whose ceiling is exact
 * (lagrange.h), so no tolerance is needed before rounding up. */
static void set_colgen_bound(mincover_result *r, const colgen_result *cg)
{
    r->lp.bound = r->presolve.offset + cg->bound.value;
    r->lp.bound_ceil = r->presolve.offset + cg->bound.ceil;
    r->lp.method = MINCOVER_LP_COLGEN;
    r->lp.optimum = cg->optimal ? r->lp.bound : -1; /* else L(u), below the optimum */
    r->lp.rounds = cg->rounds;
    r->lp.columns = cg->columns;
}

bool mincover_use_colgen(const mincover_params *p, const instance *core)
{
    return p->lp == MINCOVER_LP_COLGEN ||
           (p->lp == MINCOVER_LP_AUTO && instance_nelems(core) > MINCOVER_COLGEN_MIN_ELEMS);
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
    /* Sizes on the core: mincover_relay_progress() adds the forced elements back. */
    uint32_t best = c->start, announced = c->an->best;
    if (announced != UINT32_MAX && announced - c->rl.nforced < best)
        best = announced - c->rl.nforced;
    ilp_progress pr = { "column generation", seconds, true, best, bound, rounds, "rounds" };
    mincover_relay_progress((void *)&c->rl, &pr);
}

/* The simplex's progress (ilp_lp_bound(), between its chunks): the best cover so far
 * beside the best bound proven before the LP (its iterate proves nothing until the end). */
typedef struct {
    cg_relay cg;
    uint32_t bound; /* on the core */
} lp_relay;

static void relay_lp(void *ctx, const ilp_progress *in)
{
    const lp_relay *c = ctx;
    uint32_t best = c->cg.start, announced = c->cg.an->best;
    if (announced != UINT32_MAX && announced - c->cg.rl.nforced < best)
        best = announced - c->cg.rl.nforced;
    ilp_progress pr = *in;
    pr.has_value = true;
    pr.value = best;
    pr.bound = c->bound;
    mincover_relay_progress((void *)&c->cg.rl, &pr);
}

/* GLPK's pre-flight (mincover_bounds.h): of `seconds`, what a GLPK phase on a model of
 * `entries` entries and `lines` rows and columns may give GLPK's own clock once the model
 * is built (at least 1 ms, as the phases always gave), or 0 when the phase should not
 * start: its set-up alone would take longer (and over 1 ms), or its model not fit. Without it, the exact
 * search given 22 s of a 100 s limit on a core of 33 million entries overran the limit by
 * 22 s and peaked at 6.4 GB. With mem_limit_mb, GLPK's own limit guards the memory (and
 * fails with a message). */
double mincover_glpk_preflight(const mincover_params *p, uint64_t entries, uint64_t lines,
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
uint64_t mincover_core_lines(const instance *core)
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

double mincover_lp_share(const mincover_params *p, bool colgen)
{
    bool solver = !p->settled_runs && !p->certificate && !colgen;
    return solver ? MINCOVER_LP_SHARE_SOLVER : MINCOVER_LP_SHARE;
}

/* b, ending also `units` of work from now (its own work end, if sooner, stands): a
 * phase's slice decided by work alone, with or without a work limit for the run. */
static budget work_slice(budget b, uint64_t units)
{
    uint64_t end = budget_used(b) + units;
    if (!budget_by_work(b) || end < b.work_end)
        b.work_end = end;
    return b;
}

/* The core's LP bound for at most mincover_lp_share() of `of` seconds (the searches'
 * budget, or what is left of it) or of the work left (less GLPK's set-up: none when the
 * pre-flight says it cannot fit): GLPK's simplex on every element, or column generation
 * from `start` (a cover of the core), whose duals land in *duals (the caller frees them).
 * With `probe` > 0, the simplex only, for at most `probe` units of work (a slice decided
 * by work, never by the clock, so that a run under --work takes the same path): a probe
 * that ends before the optimum leaves no bound and keeps its basis, from which the next
 * call goes on. Both keep an optimal basis for the exact search. Sets r's LP fields and
 * returns the bound's ceiling on the core (the local search's target), or 0 when there
 * is none. */
uint32_t mincover_lp_phase(mincover_result *r, const greedy_cover *start, double started,
                           const announcer *an, double **duals, double of, uint64_t probe)
{
    const mincover_params *p = &r->params;
    double t0 = walltime_now(), lp;
    char why[256];
    uint32_t target = 0;
    *duals = NULL;
    bool colgen = mincover_use_colgen(p, r->presolve.core);
    budget lim = budget_work_share(mincover_run_budget(r), mincover_lp_share(p, colgen));
    double share = mincover_safety_or(lim, mincover_lp_share(p, colgen) * of, r->budget);
    if (probe) {
        assert(!colgen); /* its restarts would start over: the caller probes the simplex */
        lim = work_slice(lim, probe);
        share = r->budget; /* the probe's work ends it; the time only caps */
    }
    const instance *core = r->presolve.core;
    share = colgen
                ? mincover_glpk_preflight(p, cover_entries(core, start),
                                          (uint64_t)instance_nsets(core) + start->n, share)
                : mincover_glpk_preflight(p, instance_nnz(core), mincover_core_lines(core), share);
    if (cancel_requested(&p->cancel, STOP_SITE_DRIVER_LP))
        share = 0; /* a stop asked: not even the simplex's first chunk (half a second) */
    if (share == 0) {
        /* no LP bound: the searches go on without a target */
    } else if (colgen) {
        colgen_params cp;
        colgen_result cg;
        cg_relay rl = { { p, r->presolve.offset, t0 - started }, an, start->n };
        colgen_params_init(&cp);
        cp.limit = budget_sooner(lim, walltime_now() + share);
        cp.cover = start->elems;
        cp.ncover = start->n;
        cp.mem_limit_mb = p->mem_limit_mb;
        cp.basis = &r->exact.basis;
        if (p->progress) {
            cp.progress = relay_colgen;
            cp.progress_ctx = &rl;
        }
        if (colgen_lp(r->presolve.core, &cp, &cg, why, sizeof why) == 0) {
            set_colgen_bound(r, &cg);
            target = cg.bound.ceil;
            size_t bytes = ((size_t)instance_nsets(core) + 1) * sizeof *r->lp.duals;
            free(r->lp.duals); /* a certificate's multipliers, as the simplex's (below) */
            r->lp.duals = p->certificate && cg.u ? malloc(bytes) : NULL;
            if (r->lp.duals)
                memcpy(r->lp.duals, cg.u, bytes - sizeof *r->lp.duals);
            *duals = cg.u;
            cg.u = NULL;
            colgen_result_free(&cg);
        } else {
            mincover_note_failure(r, "LP bound", why);
        }
    } else {
        ilp_params lq;
        uint32_t known = mincover_best_bound(r, 0), offset = r->presolve.offset;
        lp_relay rl = { { { p, offset, t0 - started }, an, start->n },
                        known > offset ? known - offset : 0 };
        mincover_ilp_from(p, &lq);
        lq.limit = budget_sooner(lim, walltime_now() + share);
        if (p->progress) {
            lq.progress = relay_lp;
            lq.progress_ctx = &rl;
        }
        lq.basis = &r->exact.basis;
        lq.cancel = &p->cancel;
        /* With a certificate, the duals reached stay for the certifying search: a stop
         * before its own root LP keeps what they prove (issue 49). A probe's are
         * replaced by the next call's, which goes on from its basis. */
        if (p->certificate && !r->lp.duals)
            r->lp.duals = calloc((size_t)instance_nsets(core) + 1, sizeof *r->lp.duals);
        lq.duals = p->certificate ? r->lp.duals : NULL;
        /* A failure here is the time limit on six-card cores: the exact search's own
         * LP reports what GLPK says. */
        if (ilp_lp_bound(r->presolve.core, &lq, &lp, why, sizeof why) == 0 && lp >= 0) {
            target = (uint32_t)ceil(lp - 1e-6);
            mincover_set_lp_bound(r, lp);
        }
    }
    r->lp.seconds += walltime_now() - t0; /* a probe's, then the rest's */
    return target;
}

/* The caller's bounds (params.extra) on the core, each with at most half of the time
 * left before end, so that the exact search still gets some. A failure is noted and
 * leaves that row without a value. */
void mincover_extra_phase(mincover_result *r, double end)
{
    for (uint32_t i = 0; i < r->params.nextra && r->presolve.core; i++) {
        const mincover_extra *x = &r->params.extra[i];
        double left = end - walltime_now();
        uint32_t b;
        char why[256];
        if (left <= 2e-3)
            break;
        if (x->run(x->ctx, r->presolve.core, left / 2, &b, why, sizeof why)) {
            mincover_note_failure(r, x->name, why);
            continue;
        }
        r->bounds.extra_ran[i] = true;
        r->bounds.extra_value[i] = r->presolve.offset + b;
    }
}
