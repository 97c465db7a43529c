/* ilp_node.c - reduced-cost fixing and strong branching inside GLPK; see ilp_node.h. */
#include "hitset/mip/ilp_node.h"

#include <math.h>

/* A child whose LP passes the cutoff is pruned at once; its rise counts as this much. */
#define PRUNED_RISE 1e3
/* Slack against rounding: a bound must pass z - 1 by this much, relative to 1 + z, to
 * count. The LP's reduced costs are exact only up to GLPK's tolerances (1e-7 each), so
 * this is wider than those; it costs nothing measurable. */
#define CUTOFF_SLACK 1e-4

/* Covers are integers, so once one of size z is known only covers of size z - 1 or less
 * matter: a node (or a column) whose LP bound passes z - 1 can go. HUGE_VAL without an
 * incumbent. */
static double cutoff(glp_prob *P)
{
    if (glp_mip_status(P) != GLP_FEAS)
        return HUGE_VAL;
    double z = glp_mip_obj_val(P);
    return z - 1.0 + CUTOFF_SLACK * (1.0 + fabs(z));
}

/* A column non-basic at 0 with reduced cost d raises every solution of this node's
 * subproblem that takes it to at least obj + d; past the cutoff it is fixed at 0 for the
 * whole subtree (one non-basic at 1 with d < 0, at 1). GLPK's own fixing compares with
 * z itself, and with unit costs d <= 1, so it almost never fires; against z - 1 it fires
 * at every node whose LP is within 1 of the cutoff. Fixing non-basic columns at their
 * current value keeps the optimal basis optimal, which is why GLPK fixes at this point. */
uint32_t ilp_node_fix_by_reduced_cost(glp_tree *T)
{
    glp_prob *P = glp_ios_get_prob(T);
    double cut = cutoff(P), obj = glp_get_obj_val(P);
    uint32_t fixed = 0;
    if (cut == HUGE_VAL)
        return 0;
    for (int j = 1, n = glp_get_num_cols(P); j <= n; j++) {
        if (glp_get_col_type(P, j) != GLP_DB)
            continue; /* already fixed */
        int stat = glp_get_col_stat(P, j);
        double d = glp_get_col_dual(P, j);
        if (stat == GLP_NL && obj + d > cut) {
            glp_set_col_bnds(P, j, GLP_FX, 0.0, 0.0);
            fixed++;
        } else if (stat == GLP_NU && obj - d > cut) {
            glp_set_col_bnds(P, j, GLP_FX, 1.0, 1.0);
            fixed++;
        }
    }
    return fixed;
}

/* The k branchable columns nearest to 1/2, nearest first, into cand; returns how many. */
static int pick_candidates(glp_tree *T, glp_prob *P, int k, int *cand, double *dist)
{
    int nc = 0;
    for (int j = 1, n = glp_get_num_cols(P); j <= n; j++) {
        if (!glp_ios_can_branch(T, j))
            continue;
        double f = fabs(glp_get_col_prim(P, j) - 0.5);
        if (nc == k && f >= dist[k - 1])
            continue;
        int at = nc < k ? nc++ : k - 1;
        for (; at > 0 && dist[at - 1] > f; at--) {
            cand[at] = cand[at - 1];
            dist[at] = dist[at - 1];
        }
        cand[at] = j;
        dist[at] = f;
    }
    return nc;
}

/* The node's LP bound with column j fixed at v, from Q (a copy of the node's LP) started
 * at the node's optimal basis `stat`: a few dual simplex steps. A dual feasible iterate
 * bounds the optimum from below, so stopping early is safe, only weaker. HUGE_VAL when
 * the child is infeasible or passes the cutoff, -HUGE_VAL when nothing was learnt. Only
 * the choice of column rests on this: GLPK solves and prunes every child itself. */
static double probe(glp_prob *Q, const int *stat, int j, double v, double cut, int iterations)
{
    int m = glp_get_num_rows(Q), n = glp_get_num_cols(Q);
    for (int i = 1; i <= m; i++)
        glp_set_row_stat(Q, i, stat[i]);
    for (int k = 1; k <= n; k++)
        glp_set_col_stat(Q, k, stat[m + k]);
    glp_set_col_bnds(Q, j, GLP_FX, v, v);
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.meth = GLP_DUAL;
    sm.it_lim = iterations;
    if (cut != HUGE_VAL)
        sm.obj_ul = cut;
    int rc = glp_simplex(Q, &sm), st = glp_get_status(Q);
    bool bound = glp_get_dual_stat(Q) == GLP_FEAS;
    double z = glp_get_obj_val(Q);
    glp_set_col_bnds(Q, j, GLP_DB, 0.0, 1.0);
    if (rc == GLP_EOBJUL || st == GLP_NOFEAS || (bound && z > cut))
        return HUGE_VAL;
    return (rc == 0 || rc == GLP_EITLIM) && bound ? z : -HUGE_VAL;
}

/* Probes every candidate both ways from a copy of the node's LP; returns the best
 * (largest product of the two rises) and its child with the smaller bound in *sel. */
static int probe_all(glp_prob *P, const int *cand, int nc, int iterations, uint32_t *probes,
                     int *sel)
{
    int m = glp_get_num_rows(P), n = glp_get_num_cols(P), best = cand[0];
    /* GLPK's allocator: should GLPK fail inside (its memory limit), ilp.c's guard frees
     * GLPK's environment, and this with it. */
    int *stat = glp_alloc(m + n + 1, sizeof *stat);
    for (int i = 1; i <= m; i++)
        stat[i] = glp_get_row_stat(P, i);
    for (int j = 1; j <= n; j++)
        stat[m + j] = glp_get_col_stat(P, j);
    double z = glp_get_obj_val(P), cut = cutoff(P), best_score = -1;
    glp_prob *Q = glp_create_prob();
    glp_copy_prob(Q, P, GLP_OFF);
    for (int i = 0; i < nc; i++) {
        double dn = probe(Q, stat, cand[i], 0.0, cut, iterations);
        double up = probe(Q, stat, cand[i], 1.0, cut, iterations);
        *probes += 2;
        double rd = dn == HUGE_VAL ? PRUNED_RISE : dn - z;
        double ru = up == HUGE_VAL ? PRUNED_RISE : up - z;
        double score = fmax(rd, 1e-6) * fmax(ru, 1e-6);
        if (score > best_score) {
            best_score = score;
            best = cand[i];
            *sel = rd < ru ? GLP_DN_BRNCH : GLP_UP_BRNCH;
        }
        if (rd >= PRUNED_RISE && ru >= PRUNED_RISE)
            break; /* both children pruned: the node goes, nothing to compare */
    }
    glp_delete_prob(Q);
    glp_free(stat);
    return best;
}

uint32_t ilp_node_strong_branch(glp_tree *T, int candidates, int iterations, bool probe)
{
    glp_prob *P = glp_ios_get_prob(T);
    int k = candidates < 1 ? 1 : candidates;
    int *cand = glp_alloc(k, sizeof *cand); /* GLPK's allocator, as in probe_all() */
    double *dist = glp_alloc(k, sizeof *dist);
    uint32_t probes = 0;
    int nc = pick_candidates(T, P, k, cand, dist);
    if (nc > 0) {
        int sel = GLP_NO_BRNCH;
        int j = probe ? probe_all(P, cand, nc, iterations, &probes, &sel) : cand[0];
        glp_ios_branch_upon(T, j, sel);
    }
    glp_free(cand);
    glp_free(dist);
    return probes;
}
