/* mincover_common.c - what the driver's phases share, below them; see mincover_common.h. */
#include "hitset/driver/mincover_common.h"

#include <stdio.h>

#include "hitset/driver/mincover_parts.h"
#include "hitset/presolve/kernel.h"

void mincover_ilp_from(const mincover_params *p, ilp_params *q)
{
    ilp_params_init(q);
    q->limit = budget_until(p->limit.end, NULL);
    q->mem_limit_mb = p->mem_limit_mb;
}

void mincover_relay_progress(void *ctx, const ilp_progress *in)
{
    const relay *r = ctx;
    ilp_progress out = *in;
    out.seconds += r->offset;
    out.value += r->nforced;
    out.bound += r->nforced;
    r->p->progress(r->p->progress_ctx, &out);
}

/* Keeps the first solver failure's message (the LP bound's and max coverage's are GLPK's,
 * the exact search's GLPK's or CBC's); later phases still run and report. */
void mincover_note_failure(mincover_result *r, const char *what, const char *why)
{
    if (!r->message[0])
        snprintf(r->message, sizeof r->message, "%s: %.200s", what, why);
}

/* The run's budget: params.limit's time end and work end, the caller's cancel, and its
 * work counter (r->work, which every phase adds to; core/budget.h). */
budget mincover_run_budget(mincover_result *r)
{
    return budget_counting(budget_until(r->params.limit.end, &r->params.cancel), &r->work,
                           r->params.limit.work_end);
}

/* Does the run solve rather than study (docs/hitting-sets.md, "Anytime covers")? No
 * certificate, no spread of greedy runs to report, the local search's default budget:
 * then a stop at any moment should print about what a run limited to that moment prints,
 * and the reductions before its first local-search cover take a share capped in work. */
bool mincover_solver_run(const mincover_params *p)
{
    return !p->settled_runs && !p->certificate && p->ls_share < 0 && !p->ls_steps;
}

/* A phase's seconds: `share` (of the time, as without a work limit), or with one (b by
 * work: the phase's share is then b's work) `safety`, the time left, which only caps. */
double mincover_safety_or(budget b, double share, double safety)
{
    return budget_by_work(b) ? safety : share;
}

/* A cover of the instance from a cover of the search's core (r->presolve.core): the forced
 * elements, then the core's elements lifted through the kernel's steps (when there is a
 * kernel) and mapped back. Returns its size, r->presolve.offset + the distinct elements given. */
uint32_t mincover_whole_cover(const mincover_result *r, const uint32_t *core, uint32_t n,
                              uint32_t *out)
{
    const reduce_result *red = &r->presolve.red;
    uint32_t k = 0;
    for (uint32_t i = 0; i < red->nforced; i++)
        out[k++] = red->forced[i];
    if (!r->presolve.kern.core) {
        for (uint32_t i = 0; i < n; i++)
            out[k++] = red->core_elem[core[i]];
        return k;
    }
    uint32_t m = kernel_lift(&r->presolve.kern, core, n, out + k); /* ids of reduce's core */
    for (uint32_t i = 0; i < m; i++)
        out[k + i] = red->core_elem[out[k + i]];
    return k + m;
}

void mincover_announce(announcer *a, const uint32_t *elems, uint32_t n)
{
    if (!a->p->improved || !elems || n >= a->best || !instance_is_cover(a->h, elems, n))
        return;
    a->best = n;
    a->p->improved(a->p->improved_ctx, elems, n);
}

/* localsearch_params.improved: a smaller cover of the core, forced elements added. */
void mincover_announce_core(void *ctx, const uint32_t *core, uint32_t n)
{
    announcer *a = ctx;
    if (a->r->presolve.offset + n < a->best)
        mincover_announce(a, a->buf, mincover_whole_cover(a->r, core, n, a->buf));
}

/* The smallest cover of the whole instance known without the searches: pruned greedy's,
 * the best random run's where smaller, the caller's start where smaller still. *elems
 * points at it (in r, or the caller's start; NULL when greedy has not run); returns its
 * size. The one choice of both the cover phase's first candidate and the certifying
 * search's start when no core was built. */
uint32_t mincover_known_whole(const mincover_result *r, const uint32_t **elems)
{
    const uint32_t *c = r->greedy.pruned.elems;
    uint32_t n = r->greedy.pruned.n;
    if (r->greedy.runs.best.elems && r->greedy.runs.best.n < n) {
        c = r->greedy.runs.best.elems;
        n = r->greedy.runs.best.n;
    }
    if (r->params.start && r->params.nstart < n) {
        c = r->params.start;
        n = r->params.nstart;
    }
    *elems = c;
    return n;
}

/* The bound's value, or 0 (every cover's trivial bound) when it did not run. */
uint32_t mincover_bound_value(const bound_method *b, const mincover_result *r)
{
    uint32_t v;
    return b->value(r, &v) ? v : 0;
}

/* The best proven lower bound: the highest of the table's bounds and the exact
 * search's (forced + the core's proven bound, 0 when it failed). */
uint32_t mincover_best_bound(const mincover_result *r, uint32_t reduced)
{
    uint32_t best = reduced;
    for (size_t i = 0; i < bound_count(); i++) {
        uint32_t v = mincover_bound_value(bound_at(i), r);
        best = v > best ? v : best;
    }
    for (uint32_t i = 0; i < r->params.nextra; i++)
        if (r->bounds.extra_ran[i] && r->bounds.extra_value[i] > best)
            best = r->bounds.extra_value[i];
    return best;
}
