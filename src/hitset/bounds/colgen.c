/* colgen.c - the LP relaxation by column generation; see colgen.h. */
#define _GNU_SOURCE /* qsort_r */
#include "hitset/bounds/colgen.h"

#include <glpk.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "core/budget.h"
#include "core/walltime.h"
#include "hitset/mip/glpk_guard.h"
#include "hitset/mip/lpwork.h"

/* An element prices out when its reduced cost is below this: GLPK's duals carry
 * rounding of about 1e-9, and an element at -1e-9 would be added round after round. */
#define COLGEN_PRICE_EPS 1e-7
/* Elements added per round by default. Fewer per round means more rounds, but each
 * restricted LP re-solves much faster: six cards, deck 1-13 (18,480 hands) converged in
 * 182 s adding 200 a round and 188 s adding 500, and had not in 240 s adding 4,620;
 * deck 1-10 took 21.4 s with 300 a round, 43 s with 3,000. */
#define COLGEN_PER_ROUND 300

void colgen_params_init(colgen_params *p)
{
    memset(p, 0, sizeof *p);
    p->limit = budget_until(0, NULL);
}

void colgen_result_free(colgen_result *r)
{
    free(r->u);
    memset(r, 0, sizeof *r);
}

/* What the rounds share: the restricted LP's columns and scratch rows. */
typedef struct {
    const instance *h;
    glp_prob *P;
    bool *in;          /* element already a column */
    uint32_t *cand;    /* elements priced out this round */
    uint32_t *order;   /* column j + 1 is element order[j] */
    double *reduced;   /* reduced costs under the current duals */
    double *y;         /* the current duals */
    double *scaled;    /* y scaled to dual feasibility */
    int *ind;          /* 1-based rows of one column */
    double *val;
    uint32_t ncols;
} rmp;

static void rmp_free(rmp *m)
{
    free(m->in);
    free(m->cand);
    free(m->order);
    free(m->reduced);
    free(m->y);
    free(m->scaled);
    free(m->ind);
    free(m->val);
}

static int rmp_alloc(const instance *h, rmp *m)
{
    size_t ne = instance_nelems(h), ns = instance_nsets(h);
    memset(m, 0, sizeof *m);
    m->h = h;
    m->in = calloc(ne + 1, sizeof *m->in);
    m->cand = malloc((ne + 1) * sizeof *m->cand);
    m->order = malloc((ne + 1) * sizeof *m->order);
    m->reduced = malloc((ne + 1) * sizeof *m->reduced);
    m->y = calloc(ns + 1, sizeof *m->y);
    m->scaled = malloc((ns + 1) * sizeof *m->scaled);
    m->ind = malloc((ns + 2) * sizeof *m->ind);
    m->val = malloc((ns + 2) * sizeof *m->val);
    if (m->in && m->cand && m->order && m->reduced && m->y && m->scaled && m->ind && m->val)
        return 0;
    rmp_free(m);
    return -1;
}

/* Element e as a column: cost 1, x_e >= 0, a 1 in each of its sets' rows. No upper
 * bound: x_e <= 1 never binds in a minimum, and without it the row duals alone price. */
static void add_column(rmp *m, uint32_t e)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(m->h, e, &len);
    int j = glp_add_cols(m->P, 1);
    glp_set_col_bnds(m->P, j, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(m->P, j, 1.0);
    for (uint32_t i = 0; i < len; i++) {
        m->ind[i + 1] = (int)sets[i] + 1;
        m->val[i + 1] = 1.0;
    }
    glp_set_mat_col(m->P, j, (int)len, m->ind, m->val);
    m->in[e] = true;
    m->order[m->ncols++] = e;
}

static int by_reduced(const void *a, const void *b, void *ctx)
{
    const double *r = ctx;
    double x = r[*(const uint32_t *)a], y = r[*(const uint32_t *)b];
    if (x != y)
        return x < y ? -1 : 1;
    return (*(const uint32_t *)a > *(const uint32_t *)b) -
           (*(const uint32_t *)a < *(const uint32_t *)b);
}

/* The elements not yet columns whose reduced cost is below -eps, the most negative
 * first (ties to the lower id): adds at most `most` of them and returns how many. */
static uint32_t price(rmp *m, double eps, uint32_t most)
{
    uint32_t ne = instance_nelems(m->h), n = 0;
    for (uint32_t e = 0; e < ne; e++)
        if (!m->in[e] && m->reduced[e] < -eps)
            m->cand[n++] = e;
    qsort_r(m->cand, n, sizeof *m->cand, by_reduced, m->reduced);
    if (n > most)
        n = most;
    for (uint32_t i = 0; i < n; i++)
        add_column(m, m->cand[i]);
    return n;
}

/* Rows 1..nsets (sum >= 1), then the cover's elements as columns. */
static void build(rmp *m, const colgen_params *p)
{
    uint32_t ns = instance_nsets(m->h);
    m->P = glp_create_prob();
    glp_set_obj_dir(m->P, GLP_MIN);
    if (ns)
        glp_add_rows(m->P, (int)ns);
    for (uint32_t s = 0; s < ns; s++)
        glp_set_row_bnds(m->P, (int)s + 1, GLP_LO, 1.0, 0.0);
    for (uint32_t i = 0; i < p->ncover; i++)
        if (!m->in[p->cover[i]])
            add_column(m, p->cover[i]);
}

/* One restricted LP: 0 with its optimum and duals, 1 when the time ran out or b stopped
 * it, -1. */
static int solve(rmp *m, double seconds, budget b, bool first, double *value, char *err,
                 size_t errsize)
{
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    /* The first LP has the all-slack basis, dual feasible with unit costs; later ones
     * start from the last optimum, still primal feasible with the new columns at 0. */
    sm.meth = first ? GLP_DUALP : GLP_PRIMAL;
    int rc = lpwork_simplex(m->P, &sm, seconds, b);
    if (rc == GLP_ETMLIM || rc == GLP_ESTOP)
        return 1;
    if (rc != 0 || glp_get_status(m->P) != GLP_OPT) {
        snprintf(err, errsize, "GLPK's simplex did not solve a restricted LP (status %d)",
                 glp_get_status(m->P));
        return -1;
    }
    *value = glp_get_obj_val(m->P);
    for (uint32_t s = 0; s < instance_nsets(m->h); s++)
        m->y[s] = glp_get_row_dual(m->P, (int)s + 1);
    return 0;
}

/* The whole LP's basis from the restricted optimum: the rows' statuses, then per element
 * its column's status or, for the elements never added, nonbasic at its lower bound
 * (their reduced costs are not negative, so this basis is optimal for the whole LP). */
static void save_basis(const rmp *m, ilp_basis *b)
{
    uint32_t ns = instance_nsets(m->h), ne = instance_nelems(m->h);
    ilp_basis_free(b);
    int *col = malloc(((size_t)ne + 1) * sizeof *col);
    b->stat = malloc(((size_t)ns + ne + 1) * sizeof *b->stat);
    if (!col || !b->stat) { /* only a shortcut for the next search: nothing is kept */
        free(col);
        ilp_basis_free(b);
        return;
    }
    for (uint32_t e = 0; e < ne; e++)
        col[e] = 0;
    /* Columns were added in this order: the cover's, then each round's. */
    for (int j = 1; j <= glp_get_num_cols(m->P); j++)
        col[m->order[j - 1]] = j;
    for (uint32_t s = 0; s < ns; s++)
        b->stat[s] = glp_get_row_stat(m->P, (int)s + 1);
    for (uint32_t e = 0; e < ne; e++)
        b->stat[ns + e] = col[e] ? glp_get_col_stat(m->P, col[e]) : GLP_NL;
    b->nrows = ns;
    b->ncols = ne;
    free(col);
}

/* Keeps multipliers y in u as lagrange_evaluate() reads them: NaN and negatives as 0,
 * values above 1 as 1. GLPK's duals stray past 0 and 1 by its rounding (-9e-13 and
 * 1 + 2^-52 seen on small instances); clamped, u gives the same bound and lies where
 * Lagrangian multipliers belong, for the heuristics that start from it. */
static void keep_multipliers(double *u, const double *y, uint32_t ns)
{
    for (uint32_t s = 0; s < ns; s++)
        u[s] = y[s] > 0 ? (y[s] < 1 ? y[s] : 1) : 0;
}

/* The round's proven bound: L of the duals y, and L of y / a, a = the largest sum of y
 * over one element's sets (Farley's bound): early on many elements price far below 0 and
 * L(y) is worthless, while y / a is dual feasible and bounds by restricted / a. Keeps
 * the better in out when it beats out's, and leaves y's reduced costs in m->reduced. */
static void keep_best_bound(rmp *m, colgen_result *out)
{
    uint32_t ns = instance_nsets(m->h), ne = instance_nelems(m->h);
    lagrange_bound b = lagrange_evaluate(m->h, m->y, m->reduced);
    if (lagrange_better(b, out->bound)) {
        out->bound = b;
        keep_multipliers(out->u, m->y, ns);
    }
    double a = 1;
    for (uint32_t e = 0; e < ne; e++)
        if (1 - m->reduced[e] > a)
            a = 1 - m->reduced[e];
    if (a <= 1)
        return;
    /* Into a copy: y itself prices the next round. */
    for (uint32_t s = 0; s < ns; s++)
        m->scaled[s] = m->y[s] / a;
    b = lagrange_evaluate(m->h, m->scaled, NULL);
    if (lagrange_better(b, out->bound)) {
        out->bound = b;
        keep_multipliers(out->u, m->scaled, ns);
    }
}

/* The rounds until nothing prices out or the time is up; GLPK failures return -1. */
static int rounds(rmp *m, const colgen_params *p, uint32_t most, double t0,
                  colgen_result *out, char *err, size_t errsize)
{
    double said = t0;
    budget b = p->limit;
    /* a round's bound reads every entry, its pricing every element */
    uint64_t round_units = instance_nnz(m->h) + instance_nelems(m->h);
    for (;;) {
        if (budget_stopped(b, STOP_SITE_COLGEN_ROUND))
            return 0;
        double value;
        int rc = solve(m, budget_left(b, walltime_now()), b, out->rounds == 0, &value, err, errsize);
        if (rc)
            return rc > 0 ? 0 : -1;
        out->rounds++;
        out->restricted = value;
        keep_best_bound(m, out);
        budget_add(b, round_units);
        double now = walltime_now();
        if (p->progress && now - said >= 1.0) {
            said = now;
            p->progress(p->progress_ctx, out->bound.value, out->rounds, now - t0);
        }
        if (price(m, COLGEN_PRICE_EPS, most) == 0) {
            out->optimal = true;
            if (p->basis)
                save_basis(m, p->basis);
            return 0;
        }
    }
}

/* After GLPK failed (err says how): the rounds solved before still proved their bound,
 * which is kept (0, not optimal); with none, -1 and nothing. */
static int stopped_by_failure(colgen_result *out, double t0)
{
    out->seconds = walltime_now() - t0;
    out->optimal = false;
    out->failed = true;
    if (out->rounds > 0)
        return 0;
    colgen_result_free(out);
    return -1;
}

/* The GLPK part of column generation inside GLPK's guard g: the restricted master built
 * from p->cover on m (allocated), then its rounds. Returns what rounds() returns, or -1
 * with err set when GLPK failed (its environment, m->P with it, is then gone). m and g
 * are the caller's: an object local to the function that calls setjmp(), changed after
 * it and read after the longjmp(), would be indeterminate (C11 7.13.2.1p3). Both are
 * changed in between (GLPK's words go into g) and g is read after the jump; of this
 * function's locals, term alone changes, and it is read only when no jump came. */
static int guarded_rounds(rmp *m, glpk_guard *g, const colgen_params *p, uint32_t most,
                          double t0, colgen_result *out, char *err, size_t errsize)
{
    int term;
    if (setjmp(g->jb))
        return glpk_guard_failed(g, err, errsize);
    glpk_guard_begin(g, p->mem_limit_mb, &term);
    build(m, p);
    int rc = rounds(m, p, most, t0, out, err, errsize);
    out->columns = m->ncols;
    glp_delete_prob(m->P);
    glpk_guard_end(p->mem_limit_mb, term);
    return rc;
}

/* Column generation from p->cover until no element
 * prices out or p->limit is over. Returns 0 with *out filled (free with
 * colgen_result_free()): out->optimal says whether the LP optimum was reached, and
 * out->bound is proven either way, also when GLPK failed after some rounds (out->failed,
 * the reason in err). Returns -1
 * with a reason in err when GLPK fails before any round, the cover is missing or memory
 * runs out. */
static int colgen_here(const instance *h, const colgen_params *p, colgen_result *out,
                       char *err, size_t errsize)
{
    uint32_t ns = instance_nsets(h);
    uint32_t most = p->per_round ? p->per_round : COLGEN_PER_ROUND;
    double t0 = walltime_now();
    rmp m;
    memset(out, 0, sizeof *out);
    out->restricted = -1;
    if (ns == 0) { /* nothing to hit: the empty cover, and the LP optimum 0 */
        out->optimal = true;
        out->restricted = 0;
        return 0;
    }
    for (uint32_t i = 0; i < p->ncover; i++)
        if (p->cover[i] >= instance_nelems(h)) {
            snprintf(err, errsize, "column generation's cover names element %u of %u",
                     p->cover[i], instance_nelems(h));
            return -1;
        }
    if (!instance_is_cover(h, p->cover, p->ncover)) {
        snprintf(err, errsize, "column generation needs a cover to start from");
        return -1;
    }
    out->u = calloc((size_t)ns + 1, sizeof *out->u);
    if (!out->u || rmp_alloc(h, &m)) {
        free(out->u);
        out->u = NULL;
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    out->bound = lagrange_evaluate(h, out->u, NULL); /* all zero: the bound 0 */
    glpk_guard g;
    int rc = guarded_rounds(&m, &g, p, most, t0, out, err, errsize);
    rmp_free(&m);
    out->seconds = walltime_now() - t0;
    return rc ? stopped_by_failure(out, t0) : 0;
}

typedef struct {
    const instance *h;
    const colgen_params *p;
    colgen_result *out;
    char *err;
    size_t errsize;
} colgen_call;

static int colgen_there(void *arg)
{
    colgen_call *c = arg;
    return colgen_here(c->h, c->p, c->out, c->err, c->errsize);
}

/* colgen_here() on GLPK's own thread (glpk_guard_call()); see colgen.h. */
int colgen_lp(const instance *h, const colgen_params *p, colgen_result *out, char *err,
              size_t errsize)
{
    colgen_call c = { h, p, out, err, errsize };
    memset(out, 0, sizeof *out); /* what a failure to start the thread leaves */
    out->restricted = -1;
    int rc = glpk_guard_call(colgen_there, &c, err, errsize);
    if (rc == 0)
        CHECK(colgen_result_check(h, out));
    return rc;
}

/* The invariants of colgen_result for h (colgen.h). The bound is recomputed from u: it
 * was evaluated on exactly these multipliers, so the ceiling must match exactly, and the
 * value (the same computation) to far below any rounding that matters. */
const char *colgen_result_check(const instance *h, const colgen_result *r)
{
    uint32_t ns = instance_nsets(h);
    if (ns > 0 && !r->u)
        return "column generation's result has no multipliers";
    for (uint32_t s = 0; s < ns; s++) {
        if (!isfinite(r->u[s]))
            return "a multiplier of column generation is not finite";
        if (r->u[s] < 0 || r->u[s] > 1)
            return "a multiplier of column generation lies outside [0, 1]";
    }
    lagrange_bound b = lagrange_evaluate(h, r->u, NULL);
    if (b.ceil != r->bound.ceil || fabs(b.value - r->bound.value) > 1e-9)
        return "column generation's bound is not L of its multipliers";
    return NULL;
}
