/* localcut.c - local cuts for a hitting-set LP; see localcut.h. */
#include "localcut.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/idlist.h"

/* A family's view of the instance: its union's elements and their traces. */
typedef struct {
    uint32_t nu;      /* elements in the union */
    uint32_t *u;      /* them, ascending */
    uint32_t *ti;     /* each one's trace, an index into tr */
    uint32_t nt;      /* distinct traces */
    uint64_t *tr;     /* bit i: the family's i-th set */
    double *y;        /* the LP mass of each trace */
    uint64_t full;    /* every set of the family */
} view;

typedef struct {
    const uint64_t *tr;
    const double *w;
    uint32_t nt;
    double best;
    uint32_t *chosen, *best_set, depth, nbest;
    uint64_t nodes, limit;
} oracle;

static void view_free(view *v)
{
    free(v->u);
    free(v->ti);
    free(v->tr);
    free(v->y);
}

/* The union and its traces; x may be NULL (masses 0). Returns -1 when memory runs out. */
static int view_build(const hs_instance *h, const double *x, const uint32_t *fam, uint32_t n,
                      view *v)
{
    uint32_t ne = hs_instance_nelems(h), ns = hs_instance_nsets(h), cap = 0;
    memset(v, 0, sizeof *v);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t len;
        hs_instance_set(h, fam[i], &len);
        cap += len;
    }
    int32_t *pos = malloc((size_t)ns * sizeof *pos);
    unsigned char *in = calloc(ne, 1);
    v->u = malloc(((size_t)cap + 1) * sizeof *v->u);
    v->ti = malloc(((size_t)cap + 1) * sizeof *v->ti);
    v->tr = calloc((size_t)cap + 1, sizeof *v->tr);
    v->y = calloc((size_t)cap + 1, sizeof *v->y);
    uint64_t *mask = calloc((size_t)cap + 1, sizeof *mask);
    int rc = pos && in && v->u && v->ti && v->tr && v->y && mask ? 0 : -1;
    for (uint32_t s = 0; rc == 0 && s < ns; s++)
        pos[s] = -1;
    for (uint32_t i = 0; rc == 0 && i < n; i++) {
        uint32_t len;
        const uint32_t *el = hs_instance_set(h, fam[i], &len);
        pos[fam[i]] = (int32_t)i;
        for (uint32_t j = 0; j < len; j++)
            if (!in[el[j]]) {
                in[el[j]] = 1;
                v->u[v->nu++] = el[j];
            }
    }
    if (rc == 0)
        qsort(v->u, v->nu, sizeof *v->u, idlist_compare);
    for (uint32_t i = 0; rc == 0 && i < v->nu; i++) {
        uint32_t len;
        const uint32_t *ss = hs_instance_elem(h, v->u[i], &len);
        for (uint32_t j = 0; j < len; j++)
            if (pos[ss[j]] >= 0)
                mask[i] |= 1ULL << pos[ss[j]];
        /* distinct traces: a linear scan, a family's union has a few hundred */
        uint32_t t = 0;
        while (t < v->nt && v->tr[t] != mask[i])
            t++;
        if (t == v->nt)
            v->tr[v->nt++] = mask[i];
        v->ti[i] = t;
        v->y[t] += x ? x[v->u[i]] : 0;
    }
    v->full = n == 64 ? ~0ULL : (1ULL << n) - 1;
    free(pos);
    free(in);
    free(mask);
    if (rc)
        view_free(v);
    return rc;
}

/* Weights of uncovered bits no two of which share a trace: each needs its own trace, so
 * the sum of their cheapest traces' weights bounds what is left. */
static double packing_bound(const oracle *o, uint64_t unc)
{
    double lb = 0;
    while (unc) {
        int b = __builtin_ctzll(unc);
        uint64_t kill = 1ULL << b;
        double least = HUGE_VAL;
        for (uint32_t i = 0; i < o->nt; i++)
            if (o->tr[i] >> b & 1) {
                kill |= o->tr[i];
                least = fmin(least, o->w[i]);
            }
        unc &= ~kill;
        lb += least;
    }
    return lb;
}

static void search(oracle *o, uint64_t unc, double cost)
{
    if (o->limit && o->nodes >= o->limit)
        return;
    o->nodes++;
    if (!unc) {
        if (cost < o->best) {
            o->best = cost;
            o->nbest = o->depth;
            memcpy(o->best_set, o->chosen, o->depth * sizeof *o->chosen);
        }
        return;
    }
    if (cost + packing_bound(o, unc) >= o->best)
        return;
    int bit = -1;
    uint32_t fewest = UINT32_MAX;
    for (uint64_t r = unc; r; r &= r - 1) {
        int b = __builtin_ctzll(r);
        uint32_t c = 0;
        for (uint32_t i = 0; i < o->nt; i++)
            c += (uint32_t)(o->tr[i] >> b & 1);
        if (c < fewest) {
            fewest = c;
            bit = b;
        }
    }
    for (uint32_t i = 0; i < o->nt; i++)
        if (o->tr[i] >> bit & 1) {
            o->chosen[o->depth++] = i;
            search(o, unc & ~o->tr[i], cost + o->w[i]);
            o->depth--;
        }
}

/* The least w-weight of traces covering full, exactly: returns it with the traces in
 * set[0..*nset), or HUGE_VAL when the node limit stopped the search. Weights are
 * integers or the LP's values; a trace inside another of no greater weight is never
 * needed, and is skipped. */
static double least_cover(const view *v, const double *w, uint64_t limit, uint32_t *set,
                          uint32_t *nset, uint64_t *nodes)
{
    uint32_t *keep = malloc(((size_t)v->nt + 1) * sizeof *keep), nk = 0;
    uint64_t *tr = malloc(((size_t)v->nt + 1) * sizeof *tr);
    double *wk = malloc(((size_t)v->nt + 1) * sizeof *wk);
    uint32_t *chosen = malloc(65 * sizeof *chosen), *best = malloc(65 * sizeof *best);
    double r = HUGE_VAL;
    if (keep && tr && wk && chosen && best) {
        for (uint32_t i = 0; i < v->nt; i++) {
            bool dominated = false;
            for (uint32_t j = 0; j < v->nt && !dominated; j++)
                dominated = j != i && (v->tr[i] & ~v->tr[j]) == 0 && w[j] <= w[i] &&
                            (v->tr[i] != v->tr[j] || w[j] < w[i] || j < i);
            if (!dominated) {
                keep[nk] = i;
                tr[nk] = v->tr[i];
                wk[nk++] = w[i];
            }
        }
        oracle o = { tr, wk, nk, HUGE_VAL, chosen, best, 0, 0, 0, limit };
        search(&o, v->full, 0);
        if (nodes)
            *nodes += o.nodes;
        if (!(limit && o.nodes >= limit)) {
            r = o.best;
            for (uint32_t i = 0; i < o.nbest; i++)
                set[i] = keep[best[i]];
            *nset = o.nbest;
        }
    }
    free(keep);
    free(tr);
    free(wk);
    free(chosen);
    free(best);
    return r;
}

uint32_t localcut_rank(const hs_instance *h, const uint32_t *fam, uint32_t n, uint64_t node_limit)
{
    view v;
    if (n == 0)
        return 0;
    if (n > LOCALCUT_MAX_FAMILY || view_build(h, NULL, fam, n, &v))
        return UINT32_MAX;
    double *one = malloc(((size_t)v.nt + 1) * sizeof *one);
    uint32_t set[64], nset = 0, k = UINT32_MAX;
    if (one) {
        for (uint32_t t = 0; t < v.nt; t++)
            one[t] = 1;
        double r = least_cover(&v, one, node_limit, set, &nset, NULL);
        if (r != HUGE_VAL)
            k = (uint32_t)r;
    }
    free(one);
    view_free(&v);
    return k;
}

uint32_t localcut_family(const hs_instance *h, const double *x, uint32_t seed, uint32_t size,
                         uint32_t *fam)
{
    uint32_t ne = hs_instance_nelems(h), ns = hs_instance_nsets(h), n = 0;
    unsigned char *in_u = calloc(ne, 1), *in_f = calloc(ns, 1);
    double *slack = malloc(((size_t)ns + 1) * sizeof *slack);
    if (!in_u || !in_f || !slack || size == 0)
        goto out;
    if (size > LOCALCUT_MAX_FAMILY)
        size = LOCALCUT_MAX_FAMILY;
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = hs_instance_set(h, s, &len);
        slack[s] = -1;
        for (uint32_t i = 0; i < len; i++)
            slack[s] += x[el[i]];
    }
    for (uint32_t add = seed; add != UINT32_MAX && n < size;) {
        uint32_t len;
        const uint32_t *el = hs_instance_set(h, add, &len);
        fam[n++] = add;
        in_f[add] = 1;
        for (uint32_t i = 0; i < len; i++)
            in_u[el[i]] = 1;
        /* the next: meets the union, adds the least mass outside it (ties: tighter) */
        double least = HUGE_VAL;
        add = UINT32_MAX;
        for (uint32_t s = 0; s < ns; s++) {
            if (in_f[s] || slack[s] > 0.5)
                continue;
            const uint32_t *es = hs_instance_set(h, s, &len);
            double mass = 0.3 * slack[s];
            bool meets = false;
            for (uint32_t i = 0; i < len; i++)
                if (in_u[es[i]])
                    meets = true;
                else
                    mass += x[es[i]];
            if (meets && mass < least) {
                least = mass;
                add = s;
            }
        }
    }
out:
    free(in_u);
    free(in_f);
    free(slack);
    return n;
}

/* The blocker LP's row generation: c >= 0 minimising c.y subject to c.v >= 1 for the
 * covers v found so far, each round adding the cover least in c. Leaves the last c in
 * a (one per trace). */
static void blocker(const view *v, const localcut_params *p, double *a, uint64_t *nodes)
{
    glp_prob *Q = glp_create_prob();
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    glp_set_obj_dir(Q, GLP_MIN);
    glp_add_cols(Q, (int)v->nt);
    int *ind = malloc(66 * sizeof *ind);
    double *one = malloc(66 * sizeof *one);
    uint32_t set[64], nset = 0;
    for (uint32_t t = 0; t < v->nt; t++) {
        glp_set_col_bnds(Q, (int)t + 1, GLP_LO, 0, 0);
        glp_set_obj_coef(Q, (int)t + 1, v->y[t]);
        a[t] = 0;
    }
    for (uint32_t it = 0; ind && one && it < p->iterations; it++) {
        double least = least_cover(v, a, p->node_limit, set, &nset, nodes);
        if (least == HUGE_VAL || (it && least >= 1 - 1e-9))
            break;
        int r = glp_add_rows(Q, 1);
        for (uint32_t i = 0; i < nset; i++) {
            ind[i + 1] = (int)set[i] + 1;
            one[i + 1] = 1;
        }
        glp_set_row_bnds(Q, r, GLP_LO, 1, 0);
        glp_set_mat_row(Q, r, (int)nset, ind, one);
        if (glp_simplex(Q, &sm) != 0 || glp_get_status(Q) != GLP_OPT)
            break;
        for (uint32_t t = 0; t < v->nt; t++)
            a[t] = glp_get_col_prim(Q, (int)t + 1);
    }
    free(ind);
    free(one);
    glp_delete_prob(Q);
}

/* *cut from the view and integer weights w (per trace), rhs r. */
static int make_cut(const view *v, const double *w, double r, localcut *cut)
{
    cut->n = 0;
    cut->rhs = (uint64_t)r;
    cut->elem = malloc(((size_t)v->nu + 1) * sizeof *cut->elem);
    cut->coef = malloc(((size_t)v->nu + 1) * sizeof *cut->coef);
    if (!cut->elem || !cut->coef) {
        localcut_free(cut);
        return -1;
    }
    for (uint32_t i = 0; i < v->nu; i++)
        if (w[v->ti[i]] > 0) {
            cut->elem[cut->n] = v->u[i];
            cut->coef[cut->n++] = (uint32_t)w[v->ti[i]];
        }
    return 0;
}

int localcut_separate(const hs_instance *h, const double *x, const uint32_t *fam, uint32_t n,
                      const localcut_params *p, double min_violation, localcut *cut,
                      double *violation, uint64_t *nodes)
{
    view v;
    memset(cut, 0, sizeof *cut);
    if (n == 0 || n > LOCALCUT_MAX_FAMILY)
        return 0;
    if (view_build(h, x, fam, n, &v))
        return -1;
    double *a = malloc(((size_t)v.nt + 1) * sizeof *a);
    uint32_t set[64], nset = 0;
    int rc = a ? 0 : -1;
    if (rc == 0) {
        blocker(&v, p, a, nodes);
        double lhs = 0;
        for (uint32_t t = 0; t < v.nt; t++) {
            a[t] = floor(a[t] * p->scale + 0.5); /* integers, r exact for them */
            lhs += a[t] * v.y[t];
        }
        double r = least_cover(&v, a, p->node_limit, set, &nset, nodes);
        if (r != HUGE_VAL && r >= 1 && (r - lhs) / r > min_violation) {
            *violation = (r - lhs) / r;
            rc = make_cut(&v, a, r, cut) ? -1 : 1;
        }
    }
    free(a);
    view_free(&v);
    return rc;
}

void localcut_free(localcut *cut)
{
    free(cut->elem);
    free(cut->coef);
    cut->elem = NULL;
    cut->coef = NULL;
    cut->n = 0;
}
