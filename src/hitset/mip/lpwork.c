/* lpwork.c - GLPK's simplex in chunks, counted and asked between: see lpwork.h. */
#include "hitset/mip/lpwork.h"

#include <limits.h>

#include "core/walltime.h"

/* Entries of the model one iteration counts as a unit (calibrated with the rest of the
 * phases: docs/hitting-sets.md, "Work limits"). */
#define LPWORK_ENTRIES_PER_UNIT 16

uint64_t lpwork_model_units(uint64_t rows, uint64_t cols, uint64_t nonzeros)
{
    return 1 + (rows + cols + nonzeros) / LPWORK_ENTRIES_PER_UNIT;
}

uint64_t lpwork_iteration_units(glp_prob *P)
{
    return lpwork_model_units((uint64_t)glp_get_num_rows(P), (uint64_t)glp_get_num_cols(P),
                              (uint64_t)glp_get_num_nz(P));
}

bool lpwork_first_chunk_fits(uint64_t units_per_iteration)
{
    return (uint64_t)LPWORK_MIN_ITERATIONS * units_per_iteration <= LPWORK_CHUNK_UNITS;
}

/* Iterations in the next chunk: LPWORK_CHUNK_UNITS of work, at least
 * LPWORK_MIN_ITERATIONS, no more than the work and the iterations left (at least one, so
 * that every chunk moves). */
static int chunk_iterations(budget b, uint64_t per, uint64_t its_left)
{
    uint64_t n = LPWORK_CHUNK_UNITS / per, work = budget_work_left(b);
    if (n < LPWORK_MIN_ITERATIONS)
        n = LPWORK_MIN_ITERATIONS;
    if (work != UINT64_MAX && work / per + 1 < n)
        n = work / per + 1;
    if (its_left < n)
        n = its_left;
    if (n < 1)
        n = 1;
    return n > INT_MAX ? INT_MAX : (int)n;
}

int lpwork_simplex(glp_prob *P, const glp_smcp *sm, double seconds, budget b)
{
    return lpwork_simplex_told(P, sm, seconds, b, NULL);
}

int lpwork_simplex_told(glp_prob *P, const glp_smcp *sm, double seconds, budget b,
                        const lpwork_tell *tell)
{
    int start_its = glp_get_it_cnt(P); /* the tell counts this solve's iterations */
    glp_smcp q = *sm;
    uint64_t per = lpwork_iteration_units(P);
    uint64_t its_left = sm->it_lim > 0 && sm->it_lim < INT_MAX ? (uint64_t)sm->it_lim : UINT64_MAX;
    double end = walltime_now() + seconds;
    /* The budget is asked between chunks only: a solve of one chunk (a node's LP, most
     * restricted LPs) asks nothing more than glp_simplex() did, and its first chunk
     * always runs (at most LPWORK_CHUNK_UNITS). */
    for (bool first = true;; first = false) {
        /* the first chunk runs even when the time is up (GLPK's least, a millisecond):
         * a phase handed nothing left still starts, as with BUDGET_FLOOR */
        double left = end - walltime_now();
        if (left <= 0 && !first)
            return GLP_ETMLIM;
        q.tm_lim = budget_glpk_ms(left);
        q.it_lim = chunk_iterations(b, per, its_left);
        int before = glp_get_it_cnt(P);
        int rc = glp_simplex(P, &q);
        uint64_t done = (uint64_t)(glp_get_it_cnt(P) - before);
        budget_add(b, done * per);
        if (rc != GLP_EITLIM)
            return rc;
        its_left -= done < its_left ? done : its_left;
        if (its_left == 0)
            return GLP_EITLIM;
        if (tell && tell->fn)
            tell->fn(tell->ctx, (uint64_t)(glp_get_it_cnt(P) - start_its));
        if (budget_stopped(b, STOP_SITE_LPWORK_CHUNK))
            return GLP_ESTOP;
    }
}
