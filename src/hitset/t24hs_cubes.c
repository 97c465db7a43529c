/* t24hs_cubes.c - libt24hs's cubes (t24hs.h), over hitset/cubes/cubes.h: the public and the
 * internal types are kept apart so that either may grow. */
#include <stdio.h>
#include <string.h>

#include "core/budget.h"
#include "core/cancel.h"
#include "core/walltime.h"
#include "hitset/cubes/cubes.h"
#include "hitset/t24hs.h"
#include "hitset/t24hs_null.h"

/* hs_cubes_params.time_limit's default, as t24hs.h documents it. */
#define HS_CUBES_SECONDS 60.0

void hs_cubes_params_init(hs_cubes_params *p)
{
    cubes_params q;
    if (!p)
        return;
    cubes_params_init(&q);
    memset(p, 0, sizeof *p);
    p->time_limit = HS_CUBES_SECONDS;
    p->ncubes = q.ncubes;
    p->nworkers = q.nworkers;
}

_Static_assert((int)HS_CHECK_VERIFIED == (int)CUBES_CHECK_VERIFIED &&
                   (int)HS_CHECK_OPEN == (int)CUBES_CHECK_OPEN &&
                   (int)HS_CHECK_FAILED == (int)CUBES_CHECK_FAILED &&
                   (int)HS_CHECK_UNAVAILABLE == (int)CUBES_CHECK_UNAVAILABLE,
               "hs_certificate_checker's verdicts are cubes_checker's");

static void outer(const cubes_report *r, hs_cubes_report *out)
{
    if (!out) /* the caller wants no report */
        return;
    *out = (hs_cubes_report){ r->cubes,  r->closed,   r->searched,     r->depth,
                              r->goal,   r->cover,    r->target,       r->bound,
                              r->complete, r->nodes,  r->cube_seconds, r->left_low,
                              r->left_high, r->left_mean, r->seconds, r->verified,
                              r->rejected, "" };
    memcpy(out->verdict, r->verdict, sizeof out->verdict);
}

/* q: p (NULL: the defaults, as everywhere in the library) as the internal parameters,
 * its seconds made a time end from now. Refuses a time limit out of range (the one range
 * check, core/budget.h): -1 with err set and *r zeroed. */
static int inner(const hs_cubes_params *p, cancel_check *c, cubes_params *q,
                 hs_cubes_report *r, char *err, size_t errsize)
{
    hs_cubes_params defaults;
    if (!p) {
        hs_cubes_params_init(&defaults);
        p = &defaults;
    }
    cubes_params_init(q);
    if (budget_check_seconds("time_limit", p->time_limit, err, errsize)) {
        cubes_report none = { 0 };
        outer(&none, r);
        return -1;
    }
    *c = (cancel_check){ p->cancelled, p->cancel_ctx, NULL };
    q->limit = budget_until(walltime_now() + p->time_limit, p->cancelled ? c : NULL);
    q->work = p->work;
    q->goal = p->goal;
    q->ncubes = p->ncubes;
    q->worker = p->worker;
    q->nworkers = p->nworkers;
    q->log = p->log;
    q->by_sets = p->split_by_sets;
    q->check = p->check; /* the verdicts are the same numbers (checked above) */
    q->check_ctx = p->check_ctx;
    return 0;
}

int hs_cubes_split(const hs_instance *h, const char *dir, const hs_cubes_params *p,
                   hs_cubes_report *r, char *err, size_t errsize)
{
    if (t24hs_null_refused(h, "instance", err, errsize) || t24hs_null_refused(dir, "folder", err, errsize))
        return -1;
    cancel_check c;
    cubes_params q;
    if (inner(p, &c, &q, r, err, errsize))
        return -1;
    cubes_report in;
    int rc = cubes_split(h, dir, &q, &in, err, errsize);
    outer(&in, r);
    return rc;
}

int hs_cubes_solve(const char *dir, const char *name, const hs_cubes_params *p,
                   hs_cubes_report *r, char *err, size_t errsize)
{
    if (t24hs_null_refused(dir, "folder", err, errsize) || t24hs_null_refused(name, "cube", err, errsize))
        return -1;
    cancel_check c;
    cubes_params q;
    if (inner(p, &c, &q, r, err, errsize))
        return -1;
    cubes_report in;
    int rc = cubes_solve(dir, name, &q, &in, err, errsize);
    outer(&in, r);
    return rc;
}

int hs_cubes_run(const char *dir, const hs_cubes_params *p, hs_cubes_report *r, char *err,
                 size_t errsize)
{
    if (t24hs_null_refused(dir, "folder", err, errsize))
        return -1;
    cancel_check c;
    cubes_params q;
    if (inner(p, &c, &q, r, err, errsize))
        return -1;
    cubes_report in;
    int rc = cubes_run(dir, &q, &in, err, errsize);
    outer(&in, r);
    return rc;
}

int hs_cubes_merge(const char *dir, hs_cubes_report *r, char *err, size_t errsize)
{
    return hs_cubes_merge_checked(dir, NULL, r, err, errsize);
}

int hs_cubes_merge_checked(const char *dir, const hs_cubes_params *p, hs_cubes_report *r,
                           char *err, size_t errsize)
{
    if (t24hs_null_refused(dir, "folder", err, errsize))
        return -1;
    cancel_check c;
    cubes_params q;
    if (inner(p, &c, &q, r, err, errsize))
        return -1;
    cubes_report in;
    int rc = cubes_merge(dir, &q, &in, err, errsize);
    outer(&in, r);
    return rc;
}
