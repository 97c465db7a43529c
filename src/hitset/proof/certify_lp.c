/* certify_lp.c - the certifying search's LP on GLPK's simplex; see certify_lp.h. */
#include "hitset/proof/certify_lp.h"
#include "core/budget.h"
#include "hitset/mip/lpwork.h"

#include <glpk.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

struct certify_lp {
    glp_prob *P;
    int m, n;
    budget limit; /* where every iteration's work goes (certify_lp_limit()) */
    bool watched; /* certify_lp_watch() */
};

/* GLPK's allocator throughout: should GLPK fail midway (its memory limit), the guard
 * frees GLPK's environment and all of this with it. */
certify_lp *certify_lp_new(const instance *h)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    if (ns == 0 || ne >= INT_MAX || ns >= INT_MAX)
        return NULL;
    certify_lp *lp = glp_alloc(1, sizeof *lp);
    int *ind = glp_alloc((int)ne + 2, sizeof *ind);
    double *val = glp_alloc((int)ne + 2, sizeof *val);
    lp->m = (int)ns;
    lp->n = (int)ne;
    lp->limit = budget_until(0, NULL);
    lp->watched = false; /* glp_alloc() does not zero */
    lp->P = glp_create_prob();
    glp_set_obj_dir(lp->P, GLP_MIN);
    if (ne)
        glp_add_cols(lp->P, (int)ne);
    for (uint32_t e = 0; e < ne; e++) {
        glp_set_col_bnds(lp->P, (int)e + 1, GLP_DB, 0.0, 1.0);
        glp_set_obj_coef(lp->P, (int)e + 1, 1.0);
    }
    glp_add_rows(lp->P, (int)ns);
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++) {
            ind[i + 1] = (int)el[i] + 1;
            val[i + 1] = 1.0;
        }
        glp_set_row_bnds(lp->P, (int)s + 1, GLP_LO, 1.0, 0.0);
        glp_set_mat_row(lp->P, (int)s + 1, (int)len, ind, val);
    }
    glp_free(ind);
    glp_free(val);
    return lp;
}

void certify_lp_limit(certify_lp *lp, budget b)
{
    lp->limit = b;
}

void certify_lp_watch(certify_lp *lp, bool on)
{
    lp->watched = on;
}

void certify_lp_free(certify_lp *lp)
{
    if (!lp)
        return;
    glp_delete_prob(lp->P);
    glp_free(lp);
}

void certify_lp_fix(certify_lp *lp, uint32_t e, certify_fix how)
{
    int j = (int)e + 1;
    if (how == CERTIFY_FREE)
        glp_set_col_bnds(lp->P, j, GLP_DB, 0.0, 1.0);
    else
        glp_set_col_bnds(lp->P, j, GLP_FX, how == CERTIFY_IN ? 1.0 : 0.0,
                         how == CERTIFY_IN ? 1.0 : 0.0);
}

/* One solve, in chunks that count their work into lp's limit and ask it between them
 * (mip/lpwork.h); GLPK's return code, GLP_ESTOP when the limit stopped it. */
static int simplex(certify_lp *lp, double seconds, double cutoff, int it_lim)
{
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    if (lp->watched) { /* a display line every CERTIFY_LP_WATCH_MS (certify_lp_watch()) */
        sm.msg_lev = GLP_MSG_ON;
        sm.out_frq = CERTIFY_LP_WATCH_MS;
        sm.out_dly = 0;
    }
    /* Dual simplex: a parent's optimal basis stays dual feasible when a bound changes,
     * so a child is a few steps away; GLP_DUALP falls back to the primal simplex if it
     * is not. */
    sm.meth = GLP_DUALP;
    if (it_lim > 0)
        sm.it_lim = it_lim;
    if (cutoff != HUGE_VAL)
        sm.obj_ul = cutoff;
    return lpwork_simplex(lp->P, &sm, seconds, lp->limit);
}

certify_lp_status certify_lp_solve(certify_lp *lp, double seconds, double cutoff,
                                   uint64_t *iterations)
{
    int before = glp_get_it_cnt(lp->P), rc = simplex(lp, seconds, cutoff, 0);
    if (rc != 0 && rc != GLP_EOBJUL && rc != GLP_ETMLIM && rc != GLP_ESTOP) {
        /* The kept basis went bad (GLPK's factorisation refused it): start afresh. */
        glp_std_basis(lp->P);
        rc = simplex(lp, seconds, cutoff, 0);
    }
    if (iterations)
        *iterations += (uint64_t)(glp_get_it_cnt(lp->P) - before);
    if (rc == GLP_ETMLIM || rc == GLP_ESTOP)
        return CERTIFY_LP_TIME;
    if (rc == GLP_EOBJUL)
        return CERTIFY_LP_CUTOFF;
    if (rc != 0 || glp_get_status(lp->P) != GLP_OPT)
        return CERTIFY_LP_FAILED;
    return CERTIFY_LP_OPTIMAL;
}

double certify_lp_value(const certify_lp *lp) { return glp_get_obj_val(lp->P); }

double certify_lp_primal(const certify_lp *lp, uint32_t e)
{
    return glp_get_col_prim(lp->P, (int)e + 1);
}

double certify_lp_dual(const certify_lp *lp, uint32_t s)
{
    return glp_get_row_dual(lp->P, (int)s + 1);
}

uint32_t certify_lp_basis_size(const certify_lp *lp) { return (uint32_t)(lp->m + lp->n); }

void certify_lp_basis_save(const certify_lp *lp, int *stat)
{
    for (int i = 1; i <= lp->m; i++)
        stat[i - 1] = glp_get_row_stat(lp->P, i);
    for (int j = 1; j <= lp->n; j++)
        stat[lp->m + j - 1] = glp_get_col_stat(lp->P, j);
}

/* Statuses GLPK would not accept for the column's current bounds (a fixed column's
 * nonbasic status is GLP_NS, a free-in-[0,1] one's GLP_NL or GLP_NU) are mapped to
 * those, so that a basis kept at one node loads at another. */
void certify_lp_basis_load(certify_lp *lp, const int *stat)
{
    for (int i = 1; i <= lp->m; i++)
        glp_set_row_stat(lp->P, i, stat[i - 1]);
    for (int j = 1; j <= lp->n; j++) {
        int st = stat[lp->m + j - 1];
        if (st != GLP_BS)
            st = glp_get_col_type(lp->P, j) == GLP_FX ? GLP_NS : st == GLP_NS ? GLP_NL : st;
        glp_set_col_stat(lp->P, j, st);
    }
}

/* A dual feasible iterate bounds the optimum from below, so stopping early is safe, only
 * weaker. */
double certify_lp_probe(certify_lp *lp, const int *stat, uint32_t e, double v, double cutoff,
                        int iterations, int *ended)
{
    int j = (int)e + 1;
    glp_set_col_bnds(lp->P, j, GLP_FX, v, v);
    certify_lp_basis_load(lp, stat);
    /* its iterations bound a probe, not the clock */
    int rc = simplex(lp, BUDGET_MAX_SECONDS, cutoff, iterations), st = glp_get_status(lp->P);
    bool bound = glp_get_dual_stat(lp->P) == GLP_FEAS;
    double z = glp_get_obj_val(lp->P);
    certify_lp_basis_save(lp, ended);
    glp_set_col_bnds(lp->P, j, GLP_DB, 0.0, 1.0);
    if (rc == GLP_EOBJUL || st == GLP_NOFEAS || (bound && z > cutoff))
        return HUGE_VAL;
    return (rc == 0 || rc == GLP_EITLIM) && bound ? z : -HUGE_VAL;
}
