/* lagrange.c - Lagrangian bounds and the subgradient method; see lagrange.h. */
#include "hitset/bounds/lagrange.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"

#define ONE ((uint64_t)1 << LAGRANGE_FRACTION_BITS)

/* The step length's factor starts here and adapts every LAGRANGE_WINDOW iterations to
 * how much the bound moved (Caprara, Fischetti and Toth's rule): halved when it
 * oscillates by more than 1 %, raised by half when it moved less than 0.1 %. */
#define LAGRANGE_STEP0 0.1
#define LAGRANGE_WINDOW 20

/* u rounded down to a multiple of 2^-LAGRANGE_FRACTION_BITS in [0, 1], as an integer:
 * scaling by a power of two is exact in a double, and the conversion truncates. */
uint64_t lagrange_fixed(double u)
{
    if (!(u > 0))
        return 0;
    if (u >= 1)
        return ONE;
    return (uint64_t)(u * (double)ONE);
}

/* Exact: every term is an integer multiple of 2^-32; an element's sum is at most
 * nsets * 2^32 < 2^64, the totals are summed in 128 bits. */
lagrange_bound lagrange_evaluate(const instance *h, const double *u, double *reduced)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    unsigned __int128 sum = 0, excess = 0;
    for (uint32_t s = 0; s < ns; s++)
        sum += lagrange_fixed(u[s]);
    for (uint32_t e = 0; e < ne; e++) {
        uint32_t len;
        const uint32_t *sets = instance_elem(h, e, &len);
        uint64_t a = 0;
        for (uint32_t i = 0; i < len; i++)
            a += lagrange_fixed(u[sets[i]]);
        if (a > ONE)
            excess += a - ONE;
        if (reduced)
            reduced[e] = ((double)ONE - (double)a) / (double)ONE;
    }
    lagrange_bound b = { 0, 0 };
    if (sum <= excess) {
        b.value = -(double)(excess - sum) / (double)ONE;
        return b;
    }
    unsigned __int128 v = sum - excess, c = (v + ONE - 1) >> LAGRANGE_FRACTION_BITS;
    b.value = (double)v / (double)ONE;
    b.ceil = c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
    return b;
}

bool lagrange_better(lagrange_bound a, lagrange_bound b)
{
    return a.ceil > b.ceil || (a.ceil == b.ceil && a.value > b.value);
}

void lagrange_params_init(lagrange_params *p)
{
    memset(p, 0, sizeof *p);
    p->limit = budget_until(0, NULL);
}

void lagrange_result_free(lagrange_result *r)
{
    free(r->u);
    memset(r, 0, sizeof *r);
}

/* u_s = min over e in s of 1/|sets of e|: then no reduced cost is negative, so L(u) =
 * sum u, a dual-feasible start (Beasley's and CFT's). */
static void start_multipliers(const instance *h, double *u)
{
    uint32_t ns = instance_nsets(h);
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len, deg;
        const uint32_t *el = instance_set(h, s, &len);
        double m = 1;
        for (uint32_t i = 0; i < len; i++) {
            instance_elem(h, el[i], &deg);
            if (deg && 1.0 / deg < m)
                m = 1.0 / deg;
        }
        u[s] = m;
    }
}

/* The subgradient at u: g_s = 1 - (elements of s with a negative reduced cost), the
 * violation of s by the Lagrangian solution, projected so that a multiplier at 0 is not
 * pushed below it. Returns |g|^2. */
static double subgradient(const instance *h, const double *u, const double *reduced,
                          double *g)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    for (uint32_t s = 0; s < ns; s++)
        g[s] = 1;
    for (uint32_t e = 0; e < ne; e++) {
        if (!(reduced[e] < 0))
            continue;
        uint32_t len;
        const uint32_t *sets = instance_elem(h, e, &len);
        for (uint32_t i = 0; i < len; i++)
            g[sets[i]] -= 1;
    }
    double norm = 0;
    for (uint32_t s = 0; s < ns; s++) {
        if (u[s] <= 0 && g[s] < 0)
            g[s] = 0;
        norm += g[s] * g[s];
    }
    return norm;
}

/* The step factor's rule over the last window's bounds (see LAGRANGE_STEP0). */
static double adapt_step(double lambda, double lo, double hi)
{
    if (hi <= 0)
        return lambda;
    double spread = (hi - lo) / hi;
    if (spread > 0.01)
        return lambda / 2;
    if (spread < 0.001)
        return lambda * 1.5;
    return lambda;
}

typedef struct {
    double *u, *reduced, *g;
} work;

static void work_free(work *w)
{
    free(w->u);
    free(w->reduced);
    free(w->g);
}

/* Is the search over after an iteration, with the next costing `per` units? Over by
 * p->limit (its time, its work, its cancel) or p->max_iterations, or the work left would
 * not pay for the next: a search stops before the iteration that would pass its work end,
 * so that it never overruns it (but the first always runs). */
static bool search_over(const lagrange_params *p, uint32_t done, uint64_t per)
{
    if (p->max_iterations && done >= p->max_iterations)
        return true;
    return budget_stopped(p->limit, STOP_SITE_LAGRANGE_STEP) || budget_work_left(p->limit) < per;
}

/* Subgradient optimisation of L(u) from p->start (or the dual-feasible start) until
 * p->limit or p->max_iterations, keeping the multipliers with the best exact bound.
 * Stops early when the subgradient vanishes (u is optimal). Returns 0 with *out filled
 * (free with lagrange_result_free()), or -1 with a reason in err when memory runs out or
 * nothing would end the search (neither an end in p->limit nor max_iterations). */
int lagrange_subgradient(const instance *h, const lagrange_params *p, lagrange_result *out,
                         char *err, size_t errsize)
{
    uint32_t ns = instance_nsets(h), ne = instance_nelems(h);
    uint64_t per = instance_nnz(h) ? instance_nnz(h) : 1; /* one iteration's units */
    double t0 = walltime_now();
    memset(out, 0, sizeof *out);
    if (p->limit.end <= 0 && !budget_by_work(p->limit) && !p->max_iterations) {
        snprintf(err, errsize, "internal error: lagrange_subgradient() given no limit");
        return -1;
    }
    work w = { malloc(((size_t)ns + 1) * sizeof *w.u),
               malloc(((size_t)ne + 1) * sizeof *w.reduced),
               malloc(((size_t)ns + 1) * sizeof *w.g) };
    out->u = calloc((size_t)ns + 1, sizeof *out->u);
    if (!w.u || !w.reduced || !w.g || !out->u) {
        work_free(&w);
        lagrange_result_free(out);
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    if (p->start)
        memcpy(w.u, p->start, (size_t)ns * sizeof *w.u);
    else
        start_multipliers(h, w.u);
    /* The step aims at the number of sets, a loose target that keeps the multipliers
     * moving (lagcover.c measured tighter ones). */
    double upper = (double)ns, lambda = LAGRANGE_STEP0;
    double lo = INFINITY, hi = -INFINITY;
    out->best.value = -INFINITY;
    for (uint32_t it = 0;; it++) {
        lagrange_bound b = lagrange_evaluate(h, w.u, w.reduced);
        out->iterations = it + 1;
        if (p->visit)
            p->visit(p->visit_ctx, w.u, w.reduced, it);
        if (lagrange_better(b, out->best)) {
            out->best = b;
            out->best_iteration = it;
            memcpy(out->u, w.u, (size_t)ns * sizeof *w.u);
        }
        budget_add(p->limit, per);
        if (search_over(p, it + 1, per))
            break;
        double norm = subgradient(h, w.u, w.reduced, w.g);
        if (norm == 0)
            break;
        lo = fmin(lo, b.value);
        hi = fmax(hi, b.value);
        if ((it + 1) % LAGRANGE_WINDOW == 0) {
            lambda = adapt_step(lambda, lo, hi);
            lo = INFINITY;
            hi = -INFINITY;
        }
        double gap = upper - b.value;
        /* The step's least gap, 0.1% of the upper bound: a relative gap, not a time (time
         * floors are core/budget.h's BUDGET_FLOOR, in seconds). */
        if (gap < 1e-3 * upper)
            gap = 1e-3 * upper;
        double step = lambda * gap / norm;
        for (uint32_t s = 0; s < ns; s++)
            w.u[s] = fmin(1.0, fmax(0.0, w.u[s] + step * w.g[s]));
    }
    out->seconds = walltime_now() - t0;
    work_free(&w);
    return 0;
}
