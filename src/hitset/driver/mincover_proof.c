/* mincover_proof.c - what proves the driver's cover optimal: the bounds that settle it
 * before any search, the certifying search, the bound that proves the optimum and the
 * best proven bound; see mincover_proof.h. */
#include "hitset/driver/mincover_proof.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/driver/mincover_parts.h"
#include "hitset/driver/bound.h"
#include "hitset/proof/certify.h"
#include "core/budget.h"
#include "core/walltime.h"

/* The smallest cover known before any search: pruned greedy's, or the caller's start. */
static uint32_t known_cover(const mincover_result *r)
{
    uint32_t n = r->greedy.pruned.n;
    return r->params.start && r->params.nstart < n ? r->params.nstart : n;
}

/* Copies the smallest whole cover known without a core (a stop before the reductions
 * built one) into out: pruned greedy's, the best random run's or the caller's start.
 * Returns its size. */
static uint32_t known_whole(const mincover_result *r, uint32_t *out)
{
    const uint32_t *c;
    uint32_t n = mincover_known_whole(r, &c);
    if (c)
        memcpy(out, c, (size_t)n * sizeof *out);
    return c ? n : 0;
}

/* Is the smallest known cover already proven minimal by a bound that needs no search?
 * Then the random greedy runs have nothing to find (they could take the whole time
 * limit), only statistics to give (params.settled_runs); the searches after them stop at
 * once, the LP bound being reached. */
bool mincover_settled(const mincover_result *r)
{
    uint32_t k = known_cover(r);
    for (size_t i = 0; i < bound_count(); i++)
        if (bound_at(i)->stage == BOUND_BEFORE_GREEDY && k <= mincover_bound_value(bound_at(i), r))
            return true;
    return false;
}

/* The LP phase's multipliers (r->lp.duals, per set of the search's core: reduce's, or
 * the kernel's) as one per set of h, for the certifying search's stopped root; NULL when
 * there are none or memory runs out (the root then keeps a packing's). The caller frees
 * them. Any values bound h by their Lagrangian, however the kernel changed the sets. */
static double *whole_duals(const instance *h, const mincover_result *r)
{
    const reduce_result *red = &r->presolve.red;
    const uint32_t *kern = r->presolve.kern.core ? r->presolve.kern.core_set : NULL;
    if (!r->lp.duals || !r->presolve.core || !red->core_set ||
        (r->presolve.kern.core && !kern))
        return NULL;
    double *y = calloc((size_t)instance_nsets(h) + 1, sizeof *y);
    for (uint32_t k = 0; y && k < instance_nsets(r->presolve.core); k++)
        y[red->core_set[kern ? kern[k] : k]] = r->lp.duals[k];
    return y;
}

/* The certifying search on the whole instance for the time left (params.certificate),
 * from warm (a cover of the core) made whole: the certificate written, its cover in
 * *cand, and its bound returned less the forced elements, as ilp_phase() returns the
 * core's. A failure writes no certificate and proves nothing. */
uint32_t mincover_certify_phase(const instance *h, mincover_result *r, const uint32_t *warm,
                                uint32_t nwarm, double seconds, double started, uint32_t *cand,
                                uint32_t *ncand)
{
    certify_params q;
    certify_result res;
    char why[256];
    relay rl = { &r->params, 0, walltime_now() - started };
    certify_params_init(&q);
    q.cancel = &r->params.cancel;
    q.limit = budget_sooner(mincover_run_budget(r), walltime_now() + budget_floor(seconds));
    q.mem_limit_mb = r->params.mem_limit_mb;
    q.goal = r->params.certify_goal;
    double *hint = whole_duals(h, r);
    q.hint = hint;
    q.start = cand; /* read before the search writes its own cover */
    q.nstart = r->presolve.core ? mincover_whole_cover(r, warm, nwarm, cand)
                                : known_whole(r, cand);
    if (r->params.progress) {
        q.progress = mincover_relay_progress;
        q.progress_ctx = &rl;
    }
    *ncand = UINT32_MAX;
    int failed = certify_run(h, &q, r->params.certificate, &res, why, sizeof why);
    free(hint);
    if (failed) {
        mincover_note_failure(r, "certified search", why);
        r->exact.status = MINCOVER_ILP_FAILED;
        return 0;
    }
    r->exact.status = res.optimal ? MINCOVER_ILP_OPTIMAL : MINCOVER_ILP_TIME_LIMIT;
    r->proof.cert_written = true;
    r->proof.cert = res.stats;
    memcpy(cand, res.cover, (size_t)res.ncover * sizeof *cand);
    *ncand = res.ncover;
    uint32_t core = res.stats.bound > r->presolve.offset ? res.stats.bound - r->presolve.offset : 0;
    certify_result_free(&res);
    return core;
}

/* Sets r->proof.by (and r->proof.row): the first bound of the table, cheapest first, that
 * reaches the optimum (mincover_proof). The exact search's bound counts only where it
 * searched something: on an empty core it is the forced elements, which the LP bound
 * (equal to it there) already credits. */
void mincover_proof_of(mincover_result *r, uint32_t reduced)
{
    bool searched = r->exact.status != MINCOVER_ILP_FAILED && r->presolve.core &&
                    instance_nsets(r->presolve.core) > 0;
    uint32_t v;
    r->proof.row = NULL;
    r->proof.extra_row = -1;
    r->proof.by = MINCOVER_PROOF_NONE;
    if (!r->optimal)
        return;
    for (size_t i = 0; i < bound_count(); i++)
        if (bound_at(i)->value(r, &v) && v == r->optimum) {
            r->proof.by = MINCOVER_PROOF_BOUND;
            r->proof.row = bound_at(i);
            return;
        }
    for (uint32_t i = 0; i < r->params.nextra; i++) /* the caller's, after the table's */
        if (r->bounds.extra_ran[i] && r->bounds.extra_value[i] == r->optimum) {
            r->proof.by = MINCOVER_PROOF_BOUND;
            r->proof.extra_row = (int)i;
            return;
        }
    /* No bound reaches it: the search did, or the core is empty and the LP did not run,
     * and as every reduction keeps the optimum, the forced elements alone are it. */
    r->proof.by =
        searched && reduced == r->optimum ? MINCOVER_PROOF_SEARCH : MINCOVER_PROOF_REDUCTIONS;
}
