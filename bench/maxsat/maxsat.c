/* maxsat.c - OLL core-guided lower bound with CaDiCaL; see maxsat.h.
 *
 * Literals: element e is variable e + 1 (true: chosen). A soft literal is one the
 * search would like true: -x_e at first, later -o_k for output o_k ("at least k of the
 * core violated") of a totalizer. */
#include "maxsat.h"

#include <ccadical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"

/* A totalizer over m input literals: outs[k-1] is implied by "at least k inputs true". */
typedef struct {
    int *outs;
    int m;
} totalizer;

typedef struct {
    CCaDiCaL *sat;
    int nvars;
    int *soft;          /* the current soft literals */
    int nsoft, capsoft;
    totalizer *tot;     /* the totalizers made so far */
    int ntot, captot;
    int *tot_of;        /* per variable: totalizer whose output it is, or -1 */
    int *rank_of;       /* and which output (k) */
    int capvars;
    double deadline;
} oll;

static int new_var(oll *o)
{
    if (o->nvars + 1 >= o->capvars) {
        int nc = o->capvars ? 2 * o->capvars : 1024;
        int *t = realloc(o->tot_of, (size_t)nc * sizeof *t);
        int *r = t ? realloc(o->rank_of, (size_t)nc * sizeof *r) : NULL;
        if (t)
            o->tot_of = t;
        if (!t || !r)
            return 0;
        o->rank_of = r;
        for (int v = o->capvars; v < nc; v++)
            o->tot_of[v] = -1;
        o->capvars = nc;
    }
    return ++o->nvars;
}

static int push_soft(oll *o, int lit)
{
    if (o->nsoft == o->capsoft) {
        int nc = o->capsoft ? 2 * o->capsoft : 256;
        int *s = realloc(o->soft, (size_t)nc * sizeof *s);
        if (!s)
            return -1;
        o->soft = s;
        o->capsoft = nc;
    }
    o->soft[o->nsoft++] = lit;
    return 0;
}

static void clause3(CCaDiCaL *s, int a, int b, int c)
{
    if (a)
        ccadical_add(s, a);
    if (b)
        ccadical_add(s, b);
    ccadical_add(s, c);
    ccadical_add(s, 0);
}

/* Outputs of a totalizer node over in[0..m-1], into out[0..m-1] (new variables):
 * out[k-1] is implied by at least k of the inputs. Returns 0 or -1 (no memory). */
static int build(oll *o, const int *in, int m, int *out)
{
    if (m == 1) {
        out[0] = in[0];
        return 0;
    }
    int p = m / 2, q = m - p;
    int *a = malloc((size_t)p * sizeof *a), *b = malloc((size_t)q * sizeof *b);
    int rc = -1;
    if (!a || !b || build(o, in, p, a) || build(o, in + p, q, b))
        goto done;
    for (int k = 0; k < m; k++)
        if (!(out[k] = new_var(o)))
            goto done;
    for (int i = 0; i <= p; i++)
        for (int j = 0; j <= q; j++)
            if (i + j > 0) /* a_i and b_j imply r_{i+j}; a_0, b_0 are "true" */
                clause3(o->sat, i ? -a[i - 1] : 0, j ? -b[j - 1] : 0, out[i + j - 1]);
    rc = 0;
done:
    free(a);
    free(b);
    return rc;
}

/* Relaxes a core: a totalizer over its violations (the negated soft literals), its
 * "at least 2" output a new soft literal. Returns 0 or -1. */
static int relax(oll *o, const int *core, int m)
{
    if (m < 2)
        return 0; /* a unit core: the literal is simply false from now on */
    if (o->ntot == o->captot) {
        int nc = o->captot ? 2 * o->captot : 64;
        totalizer *t = realloc(o->tot, (size_t)nc * sizeof *t);
        if (!t)
            return -1;
        o->tot = t;
        o->captot = nc;
    }
    int *in = malloc((size_t)m * sizeof *in), *out = malloc((size_t)m * sizeof *out);
    if (!in || !out) {
        free(in);
        free(out);
        return -1;
    }
    for (int i = 0; i < m; i++)
        in[i] = -core[i];
    int rc = build(o, in, m, out);
    free(in);
    if (rc) {
        free(out);
        return -1;
    }
    o->tot[o->ntot] = (totalizer){ out, m };
    for (int k = 1; k < m; k++) { /* outputs are fresh variables except when m == 1 */
        o->tot_of[out[k]] = o->ntot;
        o->rank_of[out[k]] = k + 1;
    }
    o->ntot++;
    return push_soft(o, -out[1]);
}

/* The soft literals the core used leave the assumptions; a totalizer output -o_k that
 * did is replaced by -o_{k+1} (one more violation is now paid for). Fills core. */
static int take_core(oll *o, int *core, int *m)
{
    int kept = 0, n = o->nsoft;
    *m = 0;
    for (int i = 0; i < n; i++) {
        int l = o->soft[i];
        if (!ccadical_failed(o->sat, l)) {
            o->soft[kept++] = l;
            continue;
        }
        core[(*m)++] = l;
    }
    o->nsoft = kept;
    for (int i = 0; i < *m; i++) {
        int v = -core[i], t = v > 0 && v < o->capvars ? o->tot_of[v] : -1;
        if (t >= 0 && o->rank_of[v] < o->tot[t].m &&
            push_soft(o, -o->tot[t].outs[o->rank_of[v]]))
            return -1;
    }
    return 0;
}

static int out_of_time(void *ctx)
{
    return walltime_now() >= ((const oll *)ctx)->deadline;
}

static void oll_free(oll *o)
{
    if (o->sat)
        ccadical_release(o->sat);
    for (int i = 0; i < o->ntot; i++)
        free(o->tot[i].outs);
    free(o->tot);
    free(o->soft);
    free(o->tot_of);
    free(o->rank_of);
}

/* Hard clauses and the first soft literals. */
static int oll_init(oll *o, const hs_instance *h, double deadline)
{
    memset(o, 0, sizeof *o);
    o->deadline = deadline;
    if (!(o->sat = ccadical_init()))
        return -1;
    ccadical_set_terminate(o->sat, o, out_of_time);
    uint32_t ne = hs_instance_nelems(h);
    for (uint32_t e = 0; e < ne; e++)
        if (!new_var(o) || push_soft(o, -(int)(e + 1)))
            return -1;
    for (uint32_t s = 0; s < hs_instance_nsets(h); s++) {
        uint32_t len;
        const uint32_t *el = hs_instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++)
            ccadical_add(o->sat, (int)el[i] + 1);
        ccadical_add(o->sat, 0);
    }
    return 0;
}

int maxsat_bound(const hs_instance *h, double seconds, maxsat_progress_fn progress, void *ctx,
                 maxsat_result *out, char *err, size_t errsize)
{
    double t0 = walltime_now();
    oll o;
    int *core = NULL, rc = -1;
    memset(&o, 0, sizeof o);
    memset(out, 0, sizeof *out);
    if (hs_instance_nelems(h) >= (uint32_t)(1 << 28) || oll_init(&o, h, t0 + seconds))
        goto nomem;
    for (;;) {
        for (int i = 0; i < o.nsoft; i++)
            ccadical_assume(o.sat, o.soft[i]);
        int res = ccadical_solve(o.sat);
        if (res == 10) {
            out->optimal = true;
            break;
        }
        if (res != 20)
            break; /* stopped by the time limit: the bound so far stands */
        int m;
        free(core);
        if (!(core = malloc(((size_t)o.nsoft + 1) * sizeof *core)) || take_core(&o, core, &m))
            goto nomem;
        if (m == 0) {
            snprintf(err, errsize, "the hard clauses alone are unsatisfiable (an empty set?)");
            goto done;
        }
        out->cores++;
        out->bound++;
        if (relax(&o, core, m))
            goto nomem;
        if (progress)
            progress(ctx, out->bound, walltime_now() - t0);
    }
    rc = 0;
    goto done;
nomem:
    snprintf(err, errsize, "out of memory");
done:
    out->seconds = walltime_now() - t0;
    free(core);
    oll_free(&o);
    return rc;
}

/* hs_bound_row.run: the bound on the core within the run's seconds. */
static int row_run(void *ctx, const hs_instance *core, double seconds, uint32_t *bound,
                   char *err, size_t errsize)
{
    (void)ctx;
    maxsat_result r;
    if (maxsat_bound(core, seconds, NULL, NULL, &r, err, errsize))
        return -1;
    *bound = r.bound;
    return 0;
}

hs_bound_row maxsat_bound_row(void)
{
    hs_bound_row row = { "maxsat", "the core-guided MaxSAT bound", "the MaxSAT bound",
                         row_run, NULL };
    return row;
}
