/* certify_estimate.c - Knuth's estimate of a certifying search's tree; see
 * certify_estimate.h. The dives themselves are certify_tree.c's search in its dive mode
 * (certify_tree.h's certify_dives), so that they settle and branch as the search does;
 * this file sets them up and sums them. */
#include "hitset/proof/certify_estimate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"
#include "hitset/proof/certify.h"
#include "hitset/proof/certify_branch.h"
#include "hitset/proof/certify_tree.h"
#include "hitset/presolve/reduce.h"

#define ESTIMATE_MAX_DIVES 10000000u
/* The normal quantile of a two-sided 95% interval. */
#define Z95 1.96

void certify_estimate_params_init(certify_estimate_params *p)
{
    memset(p, 0, sizeof *p);
    certify_params_init(&p->search);
    p->seed = 1;
    p->dives = 64;
}

static int check(const certify_estimate_params *p, char *err, size_t errsize)
{
    if (certify_params_check(&p->search, err, errsize))
        return -1;
    if (p->dives < 1 || p->dives > ESTIMATE_MAX_DIVES)
        snprintf(err, errsize, "dives = %u; must be 1..%u", p->dives, ESTIMATE_MAX_DIVES);
    else if (p->search.split_depth || p->search.ncube)
        snprintf(err, errsize, "split_depth = %u, ncube = %u; both must be 0 (start nodes "
                 "are nstarts)", p->search.split_depth, p->search.ncube);
    else if (p->nstarts && (!p->start_off || !p->start_elems || !p->start_in))
        snprintf(err, errsize, "nstarts = %u; must be 0 when start_off, start_elems or "
                 "start_in is NULL", p->nstarts);
    else
        return 0;
    return -1;
}

/* The mean of x[0..n) and the half-width of its 95% interval (HUGE_VAL for n < 2). */
static double mean_of(const double *x, uint32_t n, double *half)
{
    double sum = 0, sq = 0;
    for (uint32_t i = 0; i < n; i++)
        sum += x[i];
    double mean = sum / n;
    for (uint32_t i = 0; i < n; i++)
        sq += (x[i] - mean) * (x[i] - mean);
    *half = n < 2 ? HUGE_VAL : Z95 * sqrt(sq / (n - 1) / n);
    return mean;
}

/* The dives' figures into r. */
static void summarise(certify_dives *dv, certify_estimate *r)
{
    double half;
    r->dives = dv->done;
    r->visited = dv->visited;
    if (dv->done == 0)
        return;
    r->nodes = mean_of(dv->nodes, dv->done, &half);
    r->nodes_low = fmax(r->nodes - half, (double)dv->visited);
    r->nodes_high = r->nodes + half;
    r->lps = mean_of(dv->lps, dv->done, &half);
    r->lps_low = fmax(r->lps - half, 0);
    r->lps_high = r->lps + half;
    r->dive_min = r->dive_max = dv->nodes[0];
    for (uint32_t i = 1; i < dv->done; i++) {
        r->dive_min = fmin(r->dive_min, dv->nodes[i]);
        r->dive_max = fmax(r->dive_max, dv->nodes[i]);
    }
    double rest = fmax(dv->seconds - dv->choose_seconds - dv->lp_cpu, 0);
    r->seconds_per_lp = dv->lp_solves ? dv->lp_cpu / (double)dv->lp_solves : 0;
    r->seconds_per_node = dv->met ? rest / (double)dv->met : 0;
    r->choose_seconds = dv->choose_seconds;
    for (uint32_t i = 0; i < dv->done; i++) /* each dive's estimate of the seconds */
        dv->lp_seconds[i] += dv->nodes[i] * r->seconds_per_node;
    r->core_seconds = mean_of(dv->lp_seconds, dv->done, &half) + r->choose_seconds;
    r->core_low = fmax(r->core_seconds - half, r->choose_seconds);
    r->core_high = r->core_seconds + half;
}

/* The dives over the reduction red, from the first cover on. */
static int dive_from(const instance *h, const reduce_result *red,
                     const certify_estimate_params *p, double deadline, certify_estimate *r,
                     char *err, size_t errsize)
{
    uint32_t ne = instance_nelems(red->core), ns = instance_nsets(red->core);
    uint32_t *cover = malloc(((size_t)instance_nelems(h) + 1) * sizeof *cover);
    double *est = malloc(3 * (size_t)p->dives * sizeof *est);
    certify_branch *branch = certify_branch_new(ne, ne + ns, &p->search);
    FILE *scratch = tmpfile();
    uint32_t ncover = 0;
    int rc = -1;
    if (!cover || !est || !branch)
        snprintf(err, errsize, "out of memory for the estimate");
    else if (!scratch)
        snprintf(err, errsize, "cannot create a temporary file for the dives");
    else
        rc = certify_first_cover(h, red, &p->search, deadline, cover, &ncover, err, errsize);
    certify_dives dv = { .seed = p->seed, .max = p->dives, .nstarts = p->nstarts,
                         .off = p->start_off, .elems = p->start_elems, .in = p->start_in,
                         .nodes = est, .lps = est ? est + p->dives : NULL,
                         .lp_seconds = est ? est + 2 * (size_t)p->dives : NULL };
    certify_tree_job job = { .h = h, .red = red, .p = &p->search, .deadline = deadline,
                             .tree = scratch, .cover = cover, .ncover = ncover,
                             .goal = p->search.goal, .branch = branch, .dives = &dv };
    if (rc == 0)
        rc = certify_tree_search(&job, err, errsize);
    if (rc == 0) {
        summarise(&dv, r);
        r->cover = job.ncover;
        r->target = p->search.goal && p->search.goal < job.ncover ? p->search.goal : job.ncover;
    }
    if (scratch)
        fclose(scratch);
    certify_branch_free(branch);
    free(est);
    free(cover);
    return rc;
}

int certify_estimate_run(const instance *h, const certify_estimate_params *p,
                         certify_estimate *r, char *err, size_t errsize)
{
    memset(r, 0, sizeof *r);
    if (check(p, err, errsize))
        return -1;
    double t0 = walltime_now(), deadline = p->search.limit.end;
    r->starts = p->nstarts ? p->nstarts : 1;
    reduce_result red;
    if (reduce_run_until(h, budget_until(deadline, p->search.cancel), &red, err, errsize))
        return -1;
    int rc = 0;
    if (red.stopped) { /* start nodes are reached from the fixpoint (cubes.c) */
        snprintf(err, errsize, "the reductions did not finish within the time limit: give "
                               "the estimate more time");
        rc = -1;
    } else {
        rc = dive_from(h, &red, p, deadline, r, err, errsize);
    }
    reduce_result_free(&red);
    r->starts = p->nstarts ? p->nstarts : 1;
    r->seconds = walltime_now() - t0;
    return rc;
}
