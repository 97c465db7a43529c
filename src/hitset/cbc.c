/* cbc.c - the minimum hitting set with COIN-OR CBC; see cbc.h. */
#include "hitset/cbc.h"

#include <coin/Cbc_C_Interface.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"

const char *cbc_version(void) { return Cbc_getVersion(); }

/* Columns 0..ne-1: binary x_e with cost 1, named x<e+1> (CBC matches a MIP start by
 * column names: with empty names it silently ignores the start); rows: sum of x over
 * set s >= 1. */
static Cbc_Model *build(const instance *h, int *idx, double *val)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    Cbc_Model *m = Cbc_newModel();
    if (!m)
        return NULL;
    Cbc_setObjSense(m, 1);
    for (uint32_t e = 0; e < ne; e++) {
        char name[16];
        snprintf(name, sizeof name, "x%u", e + 1);
        Cbc_addCol(m, name, 0.0, 1.0, 1.0, 1, 0, NULL, NULL);
    }
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++) {
            idx[i] = (int)el[i];
            val[i] = 1.0;
        }
        Cbc_addRow(m, "", (int)len, idx, val, 'G', 1.0);
    }
    return m;
}

/* Silent, one thread, wall-clock seconds, and the warm start as a MIP start. */
static void configure(Cbc_Model *m, const ilp_params *p, double seconds, uint32_t ne, int *idx,
                      double *val)
{
    char sec[32];
    snprintf(sec, sizeof sec, "%.3f", seconds);
    Cbc_setParameter(m, "log", "0");
    Cbc_setParameter(m, "slog", "0");
    Cbc_setParameter(m, "threads", "0");
    Cbc_setParameter(m, "timeMode", "elapsed");
    Cbc_setParameter(m, "sec", sec);
    if (!p->warm)
        return;
    for (uint32_t e = 0; e < ne; e++) {
        idx[e] = (int)e;
        val[e] = 0.0;
    }
    for (uint32_t i = 0; i < p->nwarm; i++)
        if (p->warm[i] < ne)
            val[p->warm[i]] = 1.0;
    Cbc_setMIPStartI(m, (int)ne, idx, val);
}

/* The warm start's distinct elements below ne, ascending, as the solution: the best one
 * known when CBC stops before having its own (as GLPK's incumbent would be). Returns
 * false when there is no warm start. */
static bool take_warm(const ilp_params *p, uint32_t ne, int *seen, ilp_result *out)
{
    if (!p->warm)
        return false;
    memset(seen, 0, ((size_t)ne + 1) * sizeof *seen);
    for (uint32_t i = 0; i < p->nwarm; i++)
        if (p->warm[i] < ne)
            seen[p->warm[i]] = 1;
    out->nchosen = 0;
    for (uint32_t e = 0; e < ne; e++)
        if (seen[e])
            out->chosen[out->nchosen++] = e;
    out->value = out->nchosen;
    out->status = ILP_STOPPED;
    return true;
}

/* Reads CBC's verdict into out: status, value, bound and the chosen elements. Its claims
 * are checked against what is known, because CBC stopped by its time limit early (in its
 * preprocessing) can call a feasible problem infeasible and then reports a meaningless
 * bound: a covering problem with no empty set is always feasible, so "infeasible" only
 * means "no solution", and CBC's bound is believed only up to the cover it returns. An
 * optimality claim worse than the warm start it was given is not believed either. */
static int harvest(Cbc_Model *m, const ilp_params *p, uint32_t ne, int *scratch,
                   ilp_result *out, char *err, size_t errsize)
{
    out->nodes = (uint64_t)Cbc_getNodeCount(m);
    if (Cbc_isAbandoned(m)) {
        snprintf(err, errsize, "CBC abandoned the problem (numerical difficulties)");
        return -1;
    }
    const double *x = Cbc_isProvenInfeasible(m) ? NULL : Cbc_bestSolution(m);
    bool have_warm = take_warm(p, ne, scratch, out);
    uint32_t nwarm = have_warm ? out->nchosen : UINT32_MAX;
    if (!x) {
        if (!have_warm)
            out->status = ILP_NONE;
        return 0;
    }
    out->nchosen = 0;
    for (uint32_t e = 0; e < ne; e++)
        if (x[e] > 0.5)
            out->chosen[out->nchosen++] = e;
    out->value = out->nchosen; /* the objective counts the chosen elements exactly */
    double bound = Cbc_getBestPossibleObjValue(m);
    if (isfinite(bound) && bound > out->bound && bound <= out->value + 1e-6)
        out->bound = bound;
    bool believable = out->nchosen <= nwarm;
    out->status = Cbc_isProvenOptimal(m) && believable ? ILP_OPTIMAL : ILP_STOPPED;
    if (out->status == ILP_OPTIMAL)
        out->bound = out->value;
    if (out->nchosen > nwarm) /* CBC lost track of its start: the start is better */
        take_warm(p, ne, scratch, out);
    return 0;
}

/* The minimum hitting set with CBC under p->time_limit (LP bound included), from
 * p->warm when given. Returns 0 with *out filled as ilp_hitting_set() does (free with
 * ilp_result_free()), or -1 with a reason in err when GLPK's LP or CBC fails. */
int cbc_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                    size_t errsize)
{
    uint32_t ne = instance_nelems(h);
    double t0 = walltime_now();
    ilp_params lp = *p;
    lp.engine = ILP_GLPK;
    memset(out, 0, sizeof *out);
    if (ilp_lp_bound(h, &lp, &out->lp, err, errsize))
        return -1;
    out->bound = out->lp;
    out->chosen = malloc(((size_t)ne + 1) * sizeof *out->chosen);
    int *idx = malloc(((size_t)ne + 1) * sizeof *idx);
    double *val = malloc(((size_t)ne + 1) * sizeof *val);
    Cbc_Model *m = out->chosen && idx && val ? build(h, idx, val) : NULL;
    int rc = -1;
    double left = p->time_limit - (walltime_now() - t0);
    if (!m) {
        snprintf(err, errsize, "out of memory");
    } else if (instance_nsets(h) == 0) {
        out->status = ILP_OPTIMAL; /* nothing to hit: the empty set is optimal */
        rc = 0;
    } else if (left < 1e-3) {
        if (!take_warm(p, ne, idx, out)) /* the LP took the whole time */
            out->status = ILP_NONE;
        rc = 0;
    } else {
        configure(m, p, left, ne, idx, val);
        Cbc_solve(m);
        rc = harvest(m, p, ne, idx, out, err, errsize);
    }
    if (m)
        Cbc_deleteModel(m);
    free(idx);
    free(val);
    out->seconds = walltime_now() - t0;
    if (rc)
        ilp_result_free(out);
    return rc;
}
