/* lagcover.c - covers from Lagrangian multipliers; see lagcover.h. */
#define _GNU_SOURCE /* qsort_r */
#include "hitset/heur/lagcover.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/idlist.h"
#include "core/walltime.h"
#include "hitset/bounds/lagrange.h"

/* The subgradient iterations between two greedy covers, and the subgradient's share of a
 * fixing round: a round is a short search, many rounds fit in the budget. */
#define LAGCOVER_EVERY 10
#define LAGCOVER_ROUND_ITERATIONS 200
#define LAGCOVER_FIRST_ITERATIONS 1000
/* The part of the best cover kept by fixing: starts at PI0, grows by PI_GROWTH per round
 * without improvement, back to PI0 after one. */
#define LAGCOVER_PI0 0.3
#define LAGCOVER_PI_GROWTH 1.1

void lagcover_params_init(lagcover_params *p)
{
    memset(p, 0, sizeof *p);
    p->limit = budget_until(0, NULL);
}

void lagcover_result_free(lagcover_result *r)
{
    free(r->elems);
    memset(r, 0, sizeof *r);
}

/* A binary min-heap of (score, element): scores only rise as sets get met, so a popped
 * entry whose score went up is pushed back with the new one (lazy evaluation). */
typedef struct {
    double key;
    uint32_t e;
} entry;

typedef struct {
    entry *a;
    size_t n, cap;
} heap;

static bool less(entry x, entry y) { return x.key < y.key || (x.key == y.key && x.e < y.e); }

static int heap_push(heap *q, entry x)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 1024;
        entry *a = realloc(q->a, cap * sizeof *a);
        if (!a)
            return -1;
        q->a = a;
        q->cap = cap;
    }
    size_t i = q->n++;
    while (i > 0 && less(x, q->a[(i - 1) / 2])) {
        q->a[i] = q->a[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    q->a[i] = x;
    return 0;
}

static entry heap_pop(heap *q)
{
    entry top = q->a[0], x = q->a[--q->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->n)
            break;
        if (c + 1 < q->n && less(q->a[c + 1], q->a[c]))
            c++;
        if (!less(q->a[c], x))
            break;
        q->a[i] = q->a[c];
        i = c;
    }
    if (q->n)
        q->a[i] = x;
    return top;
}

static double score(double r, uint32_t m) { return r > 0 ? r / m : r * m; }

/* Meets set s: the elements in it lose one unmet set each. */
static void meet(const instance *h, uint32_t s, bool *met, uint32_t *m)
{
    uint32_t len;
    const uint32_t *el = instance_set(h, s, &len);
    met[s] = true;
    for (uint32_t i = 0; i < len; i++)
        m[el[i]]--;
}

static int by_cost_desc(const void *a, const void *b, void *ctx)
{
    const double *r = ctx;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    if (r[x] != r[y])
        return r[x] > r[y] ? -1 : 1;
    return (x < y) - (x > y);
}

/* Drops the elements whose sets all stay met without them, the dearest first. */
static int drop_redundant(const instance *h, const double *reduced, uint32_t *elems,
                          uint32_t *n)
{
    uint32_t *cnt = calloc((size_t)instance_nsets(h) + 1, sizeof *cnt), k = 0;
    if (!cnt)
        return -1;
    for (uint32_t i = 0; i < *n; i++) {
        uint32_t len;
        const uint32_t *sets = instance_elem(h, elems[i], &len);
        for (uint32_t j = 0; j < len; j++)
            cnt[sets[j]]++;
    }
    qsort_r(elems, *n, sizeof *elems, by_cost_desc, (void *)reduced);
    for (uint32_t i = 0; i < *n; i++) {
        uint32_t len, j;
        const uint32_t *sets = instance_elem(h, elems[i], &len);
        for (j = 0; j < len && cnt[sets[j]] >= 2; j++)
            ;
        if (j < len) {
            elems[k++] = elems[i];
            continue;
        }
        for (j = 0; j < len; j++)
            cnt[sets[j]]--;
    }
    *n = k;
    free(cnt);
    return 0;
}

/* The Lagrangian greedy (see lagcover.h) with the reduced costs given, redundant
 * elements dropped: elems (room for every element) receives the cover, *n its size.
 * Returns 0, or -1 when memory runs out. */
int lagcover_greedy(const instance *h, const double *reduced, uint32_t *elems, uint32_t *n)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h), unmet = ns;
    uint32_t *m = malloc(((size_t)ne + 1) * sizeof *m);
    bool *met = calloc((size_t)ns + 1, sizeof *met);
    heap q = { 0 };
    int rc = -1;
    *n = 0;
    if (!m || !met)
        goto done;
    for (uint32_t e = 0; e < ne; e++) {
        instance_elem(h, e, &m[e]);
        if (m[e] && heap_push(&q, (entry){ score(reduced[e], m[e]), e }))
            goto done;
    }
    while (unmet && q.n) {
        entry x = heap_pop(&q);
        if (!m[x.e])
            continue;
        double now = score(reduced[x.e], m[x.e]);
        if (now > x.key) { /* stale: some of its sets were met since */
            if (heap_push(&q, (entry){ now, x.e }))
                goto done;
            continue;
        }
        uint32_t len;
        const uint32_t *sets = instance_elem(h, x.e, &len);
        elems[(*n)++] = x.e;
        for (uint32_t i = 0; i < len; i++)
            if (!met[sets[i]]) {
                meet(h, sets[i], met, m);
                unmet--;
            }
    }
    rc = drop_redundant(h, reduced, elems, n);
done:
    free(m);
    free(met);
    free(q.a);
    return rc;
}

/* One search: the subgradient method on h from u (NULL: its own start), with a greedy
 * cover every LAGCOVER_EVERY iterations; the smallest lands in best / *nbest. */
typedef struct {
    const instance *h;
    uint32_t *buf, *best, nbest, calls;
    int failed;
} lagcover_search;

static void visit(void *ctx, const double *u, const double *reduced, uint32_t it)
{
    lagcover_search *c = ctx;
    uint32_t n;
    (void)u;
    if (it % LAGCOVER_EVERY || c->failed)
        return;
    if (lagcover_greedy(c->h, reduced, c->buf, &n)) {
        c->failed = 1;
        return;
    }
    c->calls++;
    if (n < c->nbest) {
        c->nbest = n;
        memcpy(c->best, c->buf, (size_t)n * sizeof *c->buf);
    }
}

/* Runs one search on h of at most `iterations` subgradient iterations within b (which
 * counts each iteration's reading of h and starts none the work left would not pay for,
 * but always the first: the phase must give a cover); its steps aim at the number of
 * sets, a loose target that keeps the multipliers moving around the start (aiming at the
 * best cover's size gave larger covers: five cards, decks 1-10 and 1-13, 127 and 216
 * against 118 and 209). *out receives its multipliers when out is not NULL. Returns the
 * greedy covers built, or -1 when memory runs out. */
static int run_search(const instance *h, const double *u, uint32_t iterations, budget b,
                      uint32_t *best, uint32_t *nbest, double **out)
{
    lagcover_search c = { h, malloc(((size_t)instance_nelems(h) + 1) * sizeof *c.buf),
                          best, UINT32_MAX, 0, 0 };
    lagrange_params q;
    lagrange_result r;
    char err[64];
    if (!c.buf)
        return -1;
    lagrange_params_init(&q);
    q.limit = b;
    q.max_iterations = iterations;
    q.start = u;
    q.visit = visit;
    q.visit_ctx = &c;
    int rc = lagrange_subgradient(h, &q, &r, err, sizeof err);
    free(c.buf);
    if (rc || c.failed) {
        lagrange_result_free(&r);
        return -1;
    }
    *nbest = c.nbest;
    if (out)
        *out = r.u; /* the caller frees it */
    else
        lagrange_result_free(&r);
    return (int)c.calls;
}

static int by_cost_asc(const void *a, const void *b, void *ctx)
{
    return by_cost_desc(b, a, ctx);
}

/* What the fixing rounds share. */
typedef struct {
    const instance *h;
    const lagcover_params *p;
    double *u, *reduced;   /* the first search's multipliers and their reduced costs */
    bool *keep_elem, *keep_set;
    uint32_t *emap, *smap, *sub_best, *cand;
    double *sub_u;
} fixing;

static void fixing_free(fixing *f)
{
    free(f->u);
    free(f->reduced);
    free(f->keep_elem);
    free(f->keep_set);
    free(f->emap);
    free(f->smap);
    free(f->sub_best);
    free(f->cand);
    free(f->sub_u);
}

/* One fixing round: keeps the k cheapest elements of best (sorted cheapest first; read
 * before f->sub_best is reused, which it may be), runs a search on the sets they leave
 * unmet, and writes fixed + that cover into f->cand. Returns its size, UINT32_MAX when
 * the search found nothing, or -1 when memory runs out. */
static int64_t fix_round(fixing *f, const uint32_t *best, uint32_t k, uint32_t *calls)
{
    const instance *h = f->h;
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h), n = 0;
    memset(f->keep_set, 1, ns * sizeof *f->keep_set);
    memset(f->keep_elem, 1, ne * sizeof *f->keep_elem);
    for (uint32_t i = 0; i < k; i++) {
        uint32_t len;
        const uint32_t *sets = instance_elem(h, best[i], &len);
        f->keep_elem[best[i]] = false;
        for (uint32_t j = 0; j < len; j++)
            f->keep_set[sets[j]] = false;
        f->cand[n++] = best[i];
    }
    instance *sub = instance_sub(h, f->keep_elem, f->keep_set, f->emap, f->smap);
    if (!sub)
        return -1;
    uint32_t nsub = 0;
    if (instance_nsets(sub)) {
        for (uint32_t s = 0; s < instance_nsets(sub); s++)
            f->sub_u[s] = f->u[f->smap[s]];
        int c = run_search(sub, f->sub_u, LAGCOVER_ROUND_ITERATIONS, f->p->limit,
                           f->sub_best, &nsub, NULL);
        if (c < 0) {
            instance_free(sub);
            return -1;
        }
        *calls += (uint32_t)c;
    }
    if (nsub == UINT32_MAX) {
        instance_free(sub);
        return UINT32_MAX;
    }
    for (uint32_t i = 0; i < nsub; i++)
        f->cand[n++] = f->emap[f->sub_best[i]];
    instance_free(sub);
    if (drop_redundant(h, f->reduced, f->cand, &n))
        return -1;
    return n;
}

static int fixing_alloc(fixing *f, const instance *h, const lagcover_params *p)
{
    size_t ne = instance_nelems(h), ns = instance_nsets(h);
    memset(f, 0, sizeof *f);
    f->h = h;
    f->p = p;
    f->reduced = malloc((ne + 1) * sizeof *f->reduced);
    f->keep_elem = malloc((ne + 1) * sizeof *f->keep_elem);
    f->keep_set = malloc((ns + 1) * sizeof *f->keep_set);
    f->emap = malloc((ne + 1) * sizeof *f->emap);
    f->smap = malloc((ns + 1) * sizeof *f->smap);
    f->sub_best = malloc((ne + 1) * sizeof *f->sub_best);
    f->cand = malloc((ne + 1) * sizeof *f->cand);
    f->sub_u = malloc((ns + 1) * sizeof *f->sub_u);
    return f->reduced && f->keep_elem && f->keep_set && f->emap && f->smap &&
                   f->sub_best && f->cand && f->sub_u
               ? 0
               : -1;
}

/* Keeps cand if it beats out's cover: checked against every set, then announced.
 * Returns 1 when kept, 0 when not smaller, -1 when a smaller one misses a set. */
static int take(const instance *h, const lagcover_params *p, const uint32_t *cand,
                uint32_t n, lagcover_result *out)
{
    if (n >= out->n || !instance_is_cover(h, cand, n))
        return n < out->n ? -1 : 0;
    memcpy(out->elems, cand, (size_t)n * sizeof *cand);
    out->n = n;
    if (p->improved)
        p->improved(p->improved_ctx, out->elems, n);
    return 1;
}

/* The first search from p->u, then fixing rounds until the time or p->max_rounds is up or
 * the part to keep would be the whole cover. Returns 0 with *out filled (free with
 * lagcover_result_free(); the cover is checked against every set), or -1 with a reason in
 * err when memory runs out or a cover check fails. */
int lagcover_run(const instance *h, const lagcover_params *p, lagcover_result *out,
                 char *err, size_t errsize)
{
    double t0 = walltime_now(), said = t0;
    fixing f;
    memset(&f, 0, sizeof f); /* fixing_free() is safe even if fixing_alloc() never ran */
    memset(out, 0, sizeof *out);
    out->n = UINT32_MAX;
    out->elems = malloc(((size_t)instance_nelems(h) + 1) * sizeof *out->elems);
    if (!out->elems || fixing_alloc(&f, h, p))
        goto nomem;
    if (instance_nsets(h) == 0) {
        out->n = 0;
        goto finish;
    }
    /* The first search gets a quarter of the time at most: the rounds are where covers
     * improve. */
    uint32_t n0;
    int c = run_search(h, p->u, LAGCOVER_FIRST_ITERATIONS, budget_time_share(p->limit, t0, 0.25),
                       f.cand, &n0, &f.u);
    if (c < 0)
        goto nomem;
    out->greedy_calls = (uint32_t)c;
    if (n0 == UINT32_MAX || take(h, p, f.cand, n0, out) < 0)
        goto broken;
    lagrange_evaluate(h, f.u, f.reduced);
    double pi = LAGCOVER_PI0;
    while (!budget_stopped(p->limit, STOP_SITE_LAGCOVER_ROUND) &&
           (!p->max_rounds || out->rounds < p->max_rounds)) {
        uint32_t k = (uint32_t)ceil(pi * out->n);
        if (k >= out->n)
            break;
        memcpy(f.sub_best, out->elems, (size_t)out->n * sizeof *out->elems);
        qsort_r(f.sub_best, out->n, sizeof *f.sub_best, by_cost_asc, f.reduced);
        int64_t n = fix_round(&f, f.sub_best, k, &out->greedy_calls);
        if (n < 0)
            goto nomem;
        out->rounds++;
        int better = n == UINT32_MAX ? 0 : take(h, p, f.cand, (uint32_t)n, out);
        if (better < 0)
            goto broken;
        if (better) {
            out->best_round = out->rounds;
            pi = LAGCOVER_PI0;
        } else {
            pi *= LAGCOVER_PI_GROWTH;
        }
        double now = walltime_now();
        if (p->progress && now - said >= 1.0) {
            said = now;
            p->progress(p->progress_ctx, out->n, out->rounds, now - t0);
        }
    }
finish:
    fixing_free(&f);
    qsort(out->elems, out->n, sizeof *out->elems, idlist_compare);
    out->seconds = walltime_now() - t0;
    return 0;
broken:
    snprintf(err, errsize, "internal error: a Lagrangian cover misses a set");
    goto fail;
nomem:
    snprintf(err, errsize, "out of memory");
fail:
    fixing_free(&f);
    lagcover_result_free(out);
    return -1;
}
