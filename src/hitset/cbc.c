/* cbc.c - the minimum hitting set with COIN-OR CBC; see cbc.h. */
#include "hitset/cbc.h"

#include <coin/Cbc_C_Interface.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"

const char *cbc_version(void) { return Cbc_getVersion(); }

/* Columns 0..ne-1: binary x_e with cost 1; rows: sum of x over set s >= 1. */
static Cbc_Model *build(const instance *h, int *idx, double *val)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    Cbc_Model *m = Cbc_newModel();
    if (!m)
        return NULL;
    Cbc_setObjSense(m, 1);
    for (uint32_t e = 0; e < ne; e++)
        Cbc_addCol(m, "", 0.0, 1.0, 1.0, 1, 0, NULL, NULL);
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

/* Reads CBC's verdict into out: status, value, bound and the chosen elements. */
static int harvest(Cbc_Model *m, uint32_t ne, ilp_result *out, char *err, size_t errsize)
{
    if (Cbc_isProvenInfeasible(m) || Cbc_isAbandoned(m)) {
        snprintf(err, errsize, "CBC %s the problem",
                 Cbc_isAbandoned(m) ? "abandoned" : "found no solution to");
        return -1;
    }
    out->nodes = (uint64_t)Cbc_getNodeCount(m);
    const double *x = Cbc_bestSolution(m);
    double bound = Cbc_getBestPossibleObjValue(m);
    out->bound = isfinite(bound) && bound > out->bound ? bound : out->bound;
    if (!x) {
        out->status = ILP_NONE;
        return 0;
    }
    out->status = Cbc_isProvenOptimal(m) ? ILP_OPTIMAL : ILP_STOPPED;
    for (uint32_t e = 0; e < ne; e++)
        if (x[e] > 0.5)
            out->chosen[out->nchosen++] = e;
    out->value = out->nchosen; /* the objective counts the chosen elements exactly */
    if (out->status == ILP_OPTIMAL)
        out->bound = out->value;
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
        out->status = ILP_NONE; /* the LP took the whole time */
        rc = 0;
    } else {
        configure(m, p, left, ne, idx, val);
        Cbc_solve(m);
        rc = harvest(m, ne, out, err, errsize);
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
