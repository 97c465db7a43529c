/* ilp.c - GLPK models of hitting-set instances; see ilp.h. */
#include "hitset/mip/ilp.h"

#include <glpk.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/walltime.h"
#include "hitset/mip/glpk_guard.h"
#include "hitset/mip/ilp_node.h"
#include "hitset/mip/lpwork.h"

void ilp_params_init(ilp_params *p)
{
    memset(p, 0, sizeof *p);
    p->engine = ILP_GLPK;
    p->threads = 1;
    p->limit = budget_until(0, NULL);
}

/* p's limit, asking p's cancel too where the limit has none of its own. */
static budget limit_of(const ilp_params *p)
{
    budget b = p->limit;
    if (!b.cancel)
        b.cancel = p->cancel;
    return b;
}

/* Releases the chosen elements; a no-op on an empty result. */
void ilp_result_free(ilp_result *r)
{
    free(r->chosen);
    memset(r, 0, sizeof *r);
}

void ilp_basis_free(ilp_basis *b)
{
    free(b->stat);
    memset(b, 0, sizeof *b);
}

/* Keeps P's basis in b (nothing is kept when memory runs out: it is only a shortcut). */
static void basis_save(glp_prob *P, ilp_basis *b)
{
    int nr = glp_get_num_rows(P), nc = glp_get_num_cols(P);
    ilp_basis_free(b);
    b->stat = malloc(((size_t)nr + (size_t)nc + 1) * sizeof *b->stat);
    if (!b->stat)
        return;
    b->nrows = (uint32_t)nr;
    b->ncols = (uint32_t)nc;
    for (int i = 1; i <= nr; i++)
        b->stat[i - 1] = glp_get_row_stat(P, i);
    for (int j = 1; j <= nc; j++)
        b->stat[nr + j - 1] = glp_get_col_stat(P, j);
}

/* Loads b into P when it was kept for a problem of P's size. */
static void basis_load(glp_prob *P, const ilp_basis *b)
{
    int nr = glp_get_num_rows(P), nc = glp_get_num_cols(P);
    if (!b || !b->stat || b->nrows != (uint32_t)nr || b->ncols != (uint32_t)nc)
        return;
    for (int i = 1; i <= nr; i++)
        glp_set_row_stat(P, i, b->stat[i - 1]);
    for (int j = 1; j <= nc; j++)
        glp_set_col_stat(P, j, b->stat[nr + j - 1]);
}

/* Columns 1..ne: binary x_e with cost 1. Rows 1..ns: sum of x over set s >= 1. */
static glp_prob *hitting_model(const instance *h, bool integer, int *ind, double *val)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    glp_prob *P = glp_create_prob();
    glp_set_obj_dir(P, GLP_MIN);
    if (ne)
        glp_add_cols(P, (int)ne);
    for (uint32_t e = 0; e < ne; e++) {
        glp_set_col_bnds(P, (int)e + 1, GLP_DB, 0.0, 1.0);
        glp_set_obj_coef(P, (int)e + 1, 1.0);
        if (integer)
            glp_set_col_kind(P, (int)e + 1, GLP_BV);
    }
    if (ns)
        glp_add_rows(P, (int)ns);
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++) {
            ind[i + 1] = (int)el[i] + 1;
            val[i + 1] = 1.0;
        }
        glp_set_row_bnds(P, (int)s + 1, GLP_LO, 1.0, 0.0);
        glp_set_mat_row(P, (int)s + 1, (int)len, ind, val);
    }
    return P;
}

/* Scratch rows for glp_set_mat_row (1-based), sized for the longest row. */
static int scratch(const instance *h, uint32_t extra, int **ind, double **val)
{
    size_t n = (size_t)instance_nelems(h) + extra + 2;
    *ind = malloc(n * sizeof **ind);
    *val = malloc(n * sizeof **val);
    if (*ind && *val)
        return 0;
    free(*ind);
    free(*val);
    return -1;
}

/* A stop asked inside a chunk of the simplex (issue 49): GLPK asks nobody there, and a
 * chunk on a large model runs for seconds (five cards, deck 1-13, whole: 2 to 7 s at
 * LPWORK_MIN_ITERATIONS). Cutting chunks shorter costs restarts (deck 1-10's LP took
 * twice as long in 0.5 s chunks here), so the chunk is watched instead: GLPK prints a
 * display line every LP_WATCH_MS, that output comes to this hook (and goes no further),
 * and when the cancel asks, the hook leaves the simplex as GLPK's own error hook does
 * (glpk_guard.h: the jump, then the thread's GLPK environment freed). The duals kept at
 * the last chunk's end stand; the path of a run that is not stopped is unchanged. */
#define LP_WATCH_MS 100

/* The LP relaxation with the dual simplex, stopped after `seconds` or when b is over
 * (asked between chunks: mip/lpwork.h): 0 and its optimum in *value, 1 when the time
 * limit or b stopped it first (six cards: hundreds of thousands of columns), or -1. */
static int solve_lp(glp_prob *P, double seconds, budget b, const lpwork_tell *tell,
                    bool watched, double *value, char *err, size_t errsize)
{
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    if (watched) { /* a display line every LP_WATCH_MS: the watch's moment (below) */
        sm.msg_lev = GLP_MSG_ON;
        sm.out_frq = LP_WATCH_MS;
        sm.out_dly = 0;
    }
    /* Dual simplex: with unit costs the all-slack basis is dual feasible from the start,
     * so there is no phase 1 (measured in benchmarks.md: several times faster than the
     * primal simplex on six-card cores). */
    sm.meth = GLP_DUALP;
    if (glp_get_num_rows(P) == 0) {
        *value = 0;
        return 0;
    }
    int rc = lpwork_simplex_told(P, &sm, seconds, b, tell);
    if (rc == GLP_ETMLIM || rc == GLP_ESTOP)
        return 1;
    if (rc != 0 || glp_get_status(P) != GLP_OPT) {
        snprintf(err, errsize, "GLPK's simplex did not find the LP optimum (status %d)",
                 glp_get_status(P));
        return -1;
    }
    *value = glp_get_obj_val(P);
    return 0;
}

/* ilp_lp_bound()'s progress, told between the simplex's chunks: "LP bound" and its
 * iterations, at most once a second (the first chunk's end always); and the duals
 * reached there (ilp_params.duals), which a stop inside the next chunk keeps. */
typedef struct {
    const ilp_params *p;
    glp_prob *P;
    double started, said;
} lp_teller;

static void keep_duals(glp_prob *P, double *duals)
{
    for (int i = 1; duals && i <= glp_get_num_rows(P); i++)
        duals[i - 1] = glp_get_row_dual(P, i);
}

static void tell_lp(void *ctx, uint64_t iterations)
{
    lp_teller *t = ctx;
    double now = walltime_now();
    keep_duals(t->P, t->p->duals);
    if (!t->p->progress || (t->said > 0 && now - t->said < 1.0))
        return;
    t->said = now;
    ilp_progress pr = { "LP bound", now - t->started, false, 0, 0, iterations, "iterations" };
    t->p->progress(t->p->progress_ctx, &pr);
}


/* ilp_lp_bound()'s work, on the calling thread (GLPK's own: see below), inside the
 * guard g. g is the caller's, not a local: GLPK's words go into it between setjmp() and
 * the longjmp() and are read after, which C11 7.13.2.1p3 leaves indeterminate for an
 * object local to this function. Of its locals, only watch.stopped (volatile) changes
 * on the way to the longjmp() and is read after it. */
static int lp_bound_here(const instance *h, const ilp_params *p, glpk_guard *g, double *value,
                         char *err, size_t errsize)
{
    int *ind;
    double *val;
    if (scratch(h, 0, &ind, &val)) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    int term, rc;
    budget lim = limit_of(p);
    glpk_watch watch = { &g->jb, lim.cancel, STOP_SITE_ILP_LP_LINE, false };
    if (setjmp(g->jb)) {
        free(ind);
        free(val);
        if (!watch.stopped)
            return glpk_guard_failed(g, err, errsize);
        glp_free_env(); /* as glpk_guard_failed() does: P is gone with it */
        snprintf(err, errsize, "the time limit stopped the LP relaxation (a stop asked)");
        return -1;
    }
    glpk_guard_begin(g, p->mem_limit_mb, &term);
    glp_prob *P = hitting_model(h, false, ind, val);
    basis_load(P, p->basis);
    lp_teller teller = { p, P, walltime_now(), 0 };
    lpwork_tell tell = { p->progress || p->duals ? tell_lp : NULL, &teller };
    bool watched = cancel_can_ask(lim.cancel); /* a cancel that can ask */
    if (watched)
        glpk_guard_watch(&watch);
    rc = solve_lp(P, budget_left(p->limit, walltime_now()), lim, &tell, watched, value, err,
                  errsize);
    if (watched) {
        int off;
        glpk_guard_begin(g, p->mem_limit_mb, &off); /* the guard's hook back, output off */
    }
    /* A basis the time limit stopped is kept too: the next solve continues from it. */
    if (rc >= 0 && p->basis)
        basis_save(P, p->basis);
    /* and so are its multipliers: a stopped run's certificate may use them (issue 49) */
    if (rc >= 0)
        keep_duals(P, p->duals);
    if (rc == 1) {
        snprintf(err, errsize, "the time limit stopped the LP relaxation");
        rc = -1;
    }
    glp_delete_prob(P);
    glpk_guard_end(p->mem_limit_mb, term);
    free(ind);
    free(val);
    return rc;
}

typedef struct {
    const instance *h;
    const ilp_params *p;
    double *value;
    char *err;
    size_t errsize;
} lp_bound_call;

static int lp_bound_there(void *arg)
{
    lp_bound_call *c = arg;
    glpk_guard g;
    return lp_bound_here(c->h, c->p, &g, c->value, c->err, c->errsize);
}

/* Optimum of the LP relaxation of the minimum hitting set (x_e in [0,1]), a lower bound
 * on every cover's size, computed on GLPK's own thread (glpk_guard_call()). Returns 0
 * with it in *value, or -1 with a reason in err. */
int ilp_lp_bound(const instance *h, const ilp_params *p, double *value, char *err, size_t errsize)
{
    lp_bound_call c = { h, p, value, err, errsize };
    return glpk_guard_call(lp_bound_there, &c, err, errsize);
}

/* GLPK's choices: the caller's where given, else t24's defaults. Branching: strong
 * branching (ilp_node.h) on ILP_STRONG_CANDIDATES columns, ILP_STRONG_ITERATIONS dual
 * simplex steps per probe; GLPK's own Driebeck-Tomlin rule, the next best, needed 30 times
 * longer on five cards, deck 1-6 (hitting-sets.md). On cores with more than
 * ILP_DTH_MAX_COLS columns (six cards) every probe and every Driebeck-Tomlin step takes
 * seconds, and the time limit was overrun by that much: there the most fractional column,
 * which costs nothing to pick. */
#define ILP_DTH_MAX_COLS 20000
/* A node of GLPK's branch and bound counts as this many simplex iterations of its model
 * (its LP is solved inside glp_intopt(), where no chunk can count it): the work of a
 * search limited by work is then the nodes it selected. */
#define ILP_NODE_UNITS 20
#define ILP_STRONG_CANDIDATES 5
#define ILP_STRONG_ITERATIONS 50

/* What the branch-and-bound callback tracks: the best proven bound seen (each active
 * node's bound is valid for its subtree, so the best active node bounds everything left),
 * and the warm start to hand over at the first heuristic request. */
typedef struct {
    int dir;            /* GLP_MIN or GLP_MAX */
    double bound;
    const double *warm; /* 1-based column values, or NULL */
    bool warm_given;
    const ilp_params *p; /* for its progress callback */
    double started, said; /* when the call started and progress was last reported */
    uint64_t nodes;     /* explored so far */
    bool rc_fixing;     /* ilp_node_fix_by_reduced_cost() at every node */
    int strong;         /* candidates for ilp_node_strong_branch(), 0 for GLPK's rule */
    uint64_t fixed, probes; /* what ilp_node did */
} cbinfo;

/* At most once a second: where the search stands, for the caller's progress display. */
static void report_progress(glp_tree *T, cbinfo *c)
{
    int active, in_tree, total;
    glp_ios_tree_size(T, &active, &in_tree, &total);
    c->nodes = (uint64_t)(total - active);
    double now = walltime_now();
    if (!c->p->progress || now - c->said < 1.0)
        return;
    c->said = now;
    glp_prob *P = glp_ios_get_prob(T);
    ilp_progress pr = { "glpk", now - c->started, glp_mip_status(P) == GLP_FEAS, 0, c->bound,
                        c->nodes, NULL };
    if (pr.has_value)
        pr.value = glp_mip_obj_val(P);
    c->p->progress(c->p->progress_ctx, &pr);
}

static void callback(glp_tree *T, void *info)
{
    cbinfo *c = info;
    if (glp_ios_reason(T) == GLP_ISELECT)
        budget_add(c->p->limit, ILP_NODE_UNITS * lpwork_iteration_units(glp_ios_get_prob(T)));
    if (cancel_requested(c->p->cancel, STOP_SITE_ILP_NODE) ||
        budget_stopped(c->p->limit, STOP_SITE_ILP_NODE)) {
        /* ends as the time limit would (GLP_ESTOP) */
        glp_ios_terminate(T);
        return;
    }
    if (glp_ios_reason(T) == GLP_IBRANCH && c->strong > 0)
        c->probes += ilp_node_strong_branch(T, c->strong, ILP_STRONG_ITERATIONS,
                                            budget_left(c->p->limit, walltime_now()) > 0);

    int node = glp_ios_best_node(T);
    if (node) {
        double b = glp_ios_node_bound(T, node);
        if (c->dir == GLP_MIN ? b > c->bound : b < c->bound)
            c->bound = b;
    }
    if (glp_ios_reason(T) == GLP_IHEUR && c->warm && !c->warm_given) {
        c->warm_given = true;
        glp_ios_heur_sol(T, c->warm);
    }
    if (glp_ios_reason(T) == GLP_IHEUR && c->rc_fixing)
        c->fixed += ilp_node_fix_by_reduced_cost(T);
    report_progress(T, c);
}

/* How many columns strong branching probes: 0 where GLPK's rule branches. */
static int strong_candidates(const ilp_glpk_options *o, int ncols)
{
    if (o->branching || ncols > ILP_DTH_MAX_COLS)
        return 0;
    return o->strong > 0 ? o->strong : ILP_STRONG_CANDIDATES;
}

static void tune(glp_iocp *io, const ilp_glpk_options *o, int ncols)
{
    if (ncols > ILP_DTH_MAX_COLS)
        io->br_tech = GLP_BR_MFV;
    if (o->branching)
        io->br_tech = o->branching;
    if (o->backtracking)
        io->bt_tech = o->backtracking;
    io->gmi_cuts = o->gomory ? GLP_ON : GLP_OFF;
    io->mir_cuts = o->mir ? GLP_ON : GLP_OFF;
    io->cov_cuts = o->cover ? GLP_ON : GLP_OFF;
    io->clq_cuts = o->clique ? GLP_ON : GLP_OFF;
}

/* Branch and bound from the LP optimum already in P. Fills status, value, bound and the
 * chosen elements (columns 1..ne with value 1). */
static int solve_mip(glp_prob *P, uint32_t ne, const double *warm, bool unit_costs,
                     const ilp_params *p, double started, ilp_result *out, char *err,
                     size_t errsize)
{
    int dir = glp_get_obj_dir(P);
    /* The limit covers the whole call, LP relaxation included. */
    double left = budget_left(p->limit, walltime_now());
    if (left <= 0) { /* less than GLPK's first millisecond: ceil(left ms) < 1 */
        out->status = ILP_NONE;
        out->bound = out->lp;
        return 0;
    }
    /* Only the hitting-set model (minimum, unit costs) suits ilp_node.h. */
    bool unit = unit_costs && dir == GLP_MIN;
    int strong = unit ? strong_candidates(&p->glpk, glp_get_num_cols(P)) : 0;
    cbinfo cb = { dir, out->lp, warm, false, p, started, walltime_now(), 0,
                  unit && !p->glpk.no_rc_fixing, strong, 0, 0 };
    glp_iocp io;
    glp_init_iocp(&io);
    io.msg_lev = GLP_MSG_OFF;
    io.presolve = GLP_OFF; /* the callback's heuristic solution is in our own columns */
    tune(&io, &p->glpk, glp_get_num_cols(P));
    io.cb_func = callback;
    io.cb_info = &cb;
    io.tm_lim = budget_glpk_ms(left);
    int rc = glp_intopt(P, &io), st = glp_mip_status(P);
    if (rc != 0 && rc != GLP_ETMLIM && rc != GLP_ESTOP) { /* ESTOP: cancelled */
        snprintf(err, errsize, "GLPK's integer optimiser failed (glp_intopt returned %d)", rc);
        return -1;
    }
    if (st == GLP_OPT) {
        out->status = ILP_OPTIMAL;
    } else if (st == GLP_FEAS) {
        out->status = ILP_STOPPED;
    } else if (st == GLP_UNDEF) {
        out->status = ILP_NONE;
    } else {
        snprintf(err, errsize, "GLPK found the integer problem infeasible (status %d)", st);
        return -1;
    }
    out->bound = cb.bound;
    out->nodes = cb.nodes;
    out->rc_fixed = cb.fixed;
    out->probes = cb.probes;
    if (out->status == ILP_NONE)
        return 0;
    /* Both models have integer costs (unit, or integer weights), so the objective of an
     * integer solution is an integer; GLPK's sum can be off by rounding (37 - 1e-9). */
    out->value = floor(glp_mip_obj_val(P) + 0.5);
    if (out->status == ILP_OPTIMAL)
        out->bound = out->value;
    for (uint32_t e = 0; e < ne; e++)
        if (glp_mip_col_val(P, (int)e + 1) > 0.5)
            out->chosen[out->nchosen++] = e;
    return 0;
}

/* Warm start as 1-based column values: x from the given elements, then (for coverage)
 * y_s = 1 for every set they meet. */
static double *warm_columns(const instance *h, const ilp_params *p, bool with_sets)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    if (!p->warm)
        return NULL;
    double *x = calloc((size_t)ne + (with_sets ? ns : 0) + 1, sizeof *x);
    if (!x)
        return NULL;
    for (uint32_t i = 0; i < p->nwarm; i++) {
        uint32_t e = p->warm[i], len;
        if (e >= ne)
            continue;
        x[e + 1] = 1.0;
        const uint32_t *sets = instance_elem(h, e, &len);
        for (uint32_t j = 0; with_sets && j < len; j++)
            x[ne + sets[j] + 1] = 1.0;
    }
    return x;
}

/* Columns 1..ne: binary x_e; ne+1..ne+ns: y_s in [0,1] with profit weight[s]. Rows
 * 1..ns: y_s - sum of x over set s <= 0; row ns+1: sum of x <= k. */
static glp_prob *coverage_model(const instance *h, const uint32_t *weight, uint32_t k, int *ind,
                                double *val)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    glp_prob *P = glp_create_prob();
    glp_set_obj_dir(P, GLP_MAX);
    if (ne + ns)
        glp_add_cols(P, (int)(ne + ns));
    glp_add_rows(P, (int)ns + 1);
    for (uint32_t e = 0; e < ne; e++)
        glp_set_col_kind(P, (int)e + 1, GLP_BV);
    for (uint32_t s = 0; s < ns; s++) {
        int col = (int)(ne + s) + 1;
        glp_set_col_bnds(P, col, GLP_DB, 0.0, 1.0);
        glp_set_obj_coef(P, col, weight ? weight[s] : 1.0);
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++) {
            ind[i + 1] = (int)el[i] + 1;
            val[i + 1] = -1.0;
        }
        ind[len + 1] = col;
        val[len + 1] = 1.0;
        glp_set_row_bnds(P, (int)s + 1, GLP_UP, 0.0, 0.0);
        glp_set_mat_row(P, (int)s + 1, (int)len + 1, ind, val);
    }
    for (uint32_t e = 0; e < ne; e++) {
        ind[e + 1] = (int)e + 1;
        val[e + 1] = 1.0;
    }
    glp_set_row_bnds(P, (int)ns + 1, GLP_UP, 0.0, (double)k);
    glp_set_mat_row(P, (int)ns + 1, (int)ne, ind, val);
    return P;
}

/* The weight of every set: what no choice of k elements can exceed. */
static double trivial_max(const instance *h, const uint32_t *weight)
{
    double total = 0;
    for (uint32_t s = 0; s < instance_nsets(h); s++)
        total += weight ? weight[s] : 1;
    return total;
}

/* What ilp_glpk_hitting_set() and ilp_max_coverage() share: scratch space, the LP
 * relaxation and the MIP inside the GLPK guard g, the caller's (as lp_bound_here()'s: no
 * local of this function that changes between setjmp() and the longjmp() is read after
 * it). `coverage` picks the model (weight and k only then). */
static int run_model_here(const instance *h, const ilp_params *p, glpk_guard *g, bool coverage,
                          const uint32_t *weight, uint32_t k, ilp_result *out, char *err,
                          size_t errsize)
{
    uint32_t ne = instance_nelems(h);
    double t0 = walltime_now();
    int *ind;
    double *val;
    memset(out, 0, sizeof *out);
    out->chosen = malloc(((size_t)ne + 1) * sizeof *out->chosen);
    double *warm = warm_columns(h, p, coverage);
    if (!out->chosen || (p->warm && !warm) || scratch(h, coverage, &ind, &val)) {
        free(warm);
        ilp_result_free(out);
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    int term, rc;
    if (setjmp(g->jb)) {
        free(warm);
        free(ind);
        free(val);
        ilp_result_free(out);
        return glpk_guard_failed(g, err, errsize);
    }
    glpk_guard_begin(g, p->mem_limit_mb, &term);
    glp_prob *P = coverage ? coverage_model(h, weight, k, ind, val)
                           : hitting_model(h, true, ind, val);
    if (!coverage)
        basis_load(P, p->basis);
    /* The search's own LP asks the work, not the cancel: stopped, it would leave the
     * search no bound at all, and after the LP phase it starts from that phase's basis
     * (a stop during it was asked there). */
    budget work = p->limit;
    work.cancel = NULL;
    rc = solve_lp(P, budget_left(work, walltime_now()), work, NULL, false, &out->lp, err,
                  errsize);
    out->lp_iterations = (uint64_t)glp_get_it_cnt(P); /* P is new: this LP's alone */
    if (rc == 1) { /* no LP optimum, so no search: only the trivial bound */
        out->status = ILP_NONE;
        out->lp = -1;
        out->bound = coverage ? trivial_max(h, weight) : 0;
        rc = 0;
    } else if (rc == 0 && !coverage && instance_nsets(h) == 0) {
        out->status = ILP_OPTIMAL; /* nothing to hit: the empty set is optimal */
    } else if (rc == 0) {
        rc = solve_mip(P, ne, warm, !coverage, p, t0, out, err, errsize);
    }
    if (rc == 0 && !coverage && out->status == ILP_NONE)
        ilp_take_warm(h, p, out); /* stopped before the search had it: still the best */
    glp_delete_prob(P);
    glpk_guard_end(p->mem_limit_mb, term);
    free(warm);
    free(ind);
    free(val);
    out->seconds = walltime_now() - t0;
    if (rc)
        ilp_result_free(out);
    return rc;
}

typedef struct {
    const instance *h;
    const ilp_params *p;
    bool coverage;
    const uint32_t *weight;
    uint32_t k;
    ilp_result *out;
    char *err;
    size_t errsize;
} model_call;

static int run_model_there(void *arg)
{
    model_call *c = arg;
    glpk_guard g;
    return run_model_here(c->h, c->p, &g, c->coverage, c->weight, c->k, c->out, c->err,
                          c->errsize);
}

/* run_model_here() on GLPK's own thread (glpk_guard_call()). */
static int run_model(const instance *h, const ilp_params *p, bool coverage,
                     const uint32_t *weight, uint32_t k, ilp_result *out, char *err,
                     size_t errsize)
{
    model_call c = { h, p, coverage, weight, k, out, err, errsize };
    memset(out, 0, sizeof *out); /* what a failure to start the thread leaves */
    return glpk_guard_call(run_model_there, &c, err, errsize);
}

/* When a search stops before its first solution, the warm start is the best cover known
 * (as GLPK's incumbent would be): out gets its distinct elements, ascending, with status
 * ILP_STOPPED, but only if they meet every set of h. out->chosen must hold
 * instance_nelems(h) elements. Returns false (out unchanged) otherwise. */
bool ilp_take_warm(const instance *h, const ilp_params *p, ilp_result *out)
{
    uint32_t ne = instance_nelems(h);
    if (!p->warm || !instance_is_cover(h, p->warm, p->nwarm))
        return false;
    bool *in = calloc(ne ? ne : 1, sizeof *in);
    if (!in)
        return false;
    for (uint32_t i = 0; i < p->nwarm; i++)
        if (p->warm[i] < ne)
            in[p->warm[i]] = true;
    out->nchosen = 0;
    for (uint32_t e = 0; e < ne; e++)
        if (in[e])
            out->chosen[out->nchosen++] = e;
    free(in);
    out->value = out->nchosen;
    out->status = ILP_STOPPED;
    return true;
}

/* The minimum hitting set with GLPK, whatever p->engine says (engine.h picks the
 * engine): LP relaxation (out->lp), then glp_intopt under p->time_limit, starting from
 * p->warm when given. Returns 0 with *out filled (free with
 * ilp_result_free()): status ILP_OPTIMAL only when GLPK proved optimality; otherwise
 * out->bound is the best lower bound proven before the stop. Returns -1 with a reason in
 * err when GLPK fails. */
int ilp_glpk_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                         size_t errsize)
{
    return run_model(h, p, false, NULL, 0, out, err, errsize);
}

/* Maximum coverage: at most k elements meeting the largest total weight of sets
 * (weight NULL: 1 each). Same contract as ilp_glpk_hitting_set(), with out->value the weight
 * met, out->bound an upper bound and the warm start at most k elements. */
int ilp_max_coverage(const instance *h, const uint32_t *weight, uint32_t k, const ilp_params *p,
                     ilp_result *out, char *err, size_t errsize)
{
    return run_model(h, p, true, weight, k, out, err, errsize);
}
