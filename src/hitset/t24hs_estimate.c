/* t24hs_estimate.c - libt24hs's estimates (t24hs.h), over hitset/proof/certify_estimate.h and
 * cubes.h: the public and the internal types kept apart so that either may grow. */
#include <string.h>

#include "core/budget.h"
#include "core/cancel.h"
#include "core/walltime.h"
#include "hitset/proof/certify_estimate.h"
#include "hitset/cubes/cubes.h"
#include "hitset/t24hs.h"
#include "hitset/t24hs_null.h"

/* hs_estimate_params.time_limit's default, as t24hs.h documents it. */
#define HS_ESTIMATE_SECONDS 60.0

void hs_estimate_params_init(hs_estimate_params *p)
{
    certify_estimate_params q;
    if (!p)
        return;
    certify_estimate_params_init(&q);
    memset(p, 0, sizeof *p);
    p->time_limit = HS_ESTIMATE_SECONDS;
    p->seed = q.seed;
    p->dives = q.dives;
}

/* q: p (NULL: the defaults, as everywhere in the library) as the internal parameters,
 * its seconds made a time end from now. Refuses a time limit out of range (the one range
 * check, core/budget.h): -1 with err set. */
static int inner(const hs_estimate_params *p, cancel_check *c, certify_estimate_params *q,
                 char *err, size_t errsize)
{
    hs_estimate_params defaults;
    if (!p) {
        hs_estimate_params_init(&defaults);
        p = &defaults;
    }
    certify_estimate_params_init(q);
    if (budget_check_seconds("time_limit", p->time_limit, err, errsize))
        return -1;
    *c = (cancel_check){ p->cancelled, p->cancel_ctx, NULL };
    q->search.limit = budget_until(walltime_now() + p->time_limit, NULL);
    q->search.cancel = p->cancelled ? c : NULL;
    q->search.goal = p->goal;
    q->search.start = p->start;
    q->search.nstart = p->nstart;
    q->seed = p->seed;
    q->dives = p->dives;
    return 0;
}

static void outer(const certify_estimate *r, hs_estimate *out)
{
    *out = (hs_estimate){ .dives = r->dives,
                          .starts = r->starts,
                          .target = r->target,
                          .cover = r->cover,
                          .visited = r->visited,
                          .nodes = r->nodes,
                          .nodes_low = r->nodes_low,
                          .nodes_high = r->nodes_high,
                          .lps = r->lps,
                          .lps_low = r->lps_low,
                          .lps_high = r->lps_high,
                          .dive_min = r->dive_min,
                          .dive_max = r->dive_max,
                          .seconds_per_lp = r->seconds_per_lp,
                          .seconds_per_node = r->seconds_per_node,
                          .choose_seconds = r->choose_seconds,
                          .core_seconds = r->core_seconds,
                          .core_low = r->core_low,
                          .core_high = r->core_high,
                          .seconds = r->seconds };
}

int hs_estimate_search(const hs_instance *h, const hs_estimate_params *p, hs_estimate *r,
                       char *err, size_t errsize)
{
    if (t24hs_null_refused(r, "estimate", err, errsize))
        return -1;
    memset(r, 0, sizeof *r);
    if (t24hs_null_refused(h, "instance", err, errsize))
        return -1;
    cancel_check c;
    certify_estimate_params q;
    if (inner(p, &c, &q, err, errsize))
        return -1;
    certify_estimate in;
    int rc = certify_estimate_run(h, &q, &in, err, errsize);
    outer(&in, r);
    return rc;
}

int hs_cubes_estimate(const char *dir, const hs_estimate_params *p, hs_estimate *r,
                      char *err, size_t errsize)
{
    if (t24hs_null_refused(r, "estimate", err, errsize))
        return -1;
    memset(r, 0, sizeof *r);
    if (t24hs_null_refused(dir, "folder", err, errsize))
        return -1;
    cancel_check c;
    certify_estimate_params q;
    if (inner(p, &c, &q, err, errsize))
        return -1;
    certify_estimate in;
    int rc = cubes_estimate(dir, &q, &in, err, errsize);
    outer(&in, r);
    return rc;
}
