/* certify_branch.c - the certifying search's branching choice; see certify_branch.h. */
#include "hitset/proof/certify_branch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A probed child that passes the cutoff is pruned; its rise counts as this much. */
#define PRUNED_RISE 1e3
/* Rises below this count as this in a score's product, so that one child that does not
 * move still leaves the other to decide. */
#define TINY_RISE 1e-6
/* Reliability branching stops after this many candidates in a row fail to beat the
 * best (Achterberg's lookahead). */
#define LOOKAHEAD 4

typedef struct {
    double key; /* what ranks the candidate: higher first */
    uint32_t col;
} ranked;

struct certify_branch {
    uint32_t ncols, basis_size;
    certify_branching rule;
    uint32_t candidates, iterations, reliability;
    double *sum[2];        /* per column, down and up: rises per unit of change */
    uint32_t *count[2];    /* and how many */
    double total[2];       /* over all columns: the guess for a column never seen */
    uint64_t ntotal[2];
    ranked *cand;          /* the node's candidates */
    int *probed[2];        /* where the probes of the candidate under test ended */
};

void certify_branch_free(certify_branch *b)
{
    if (!b)
        return;
    for (int d = 0; d < 2; d++) {
        free(b->sum[d]);
        free(b->count[d]);
        free(b->probed[d]);
    }
    free(b->cand);
    free(b);
}

certify_branch *certify_branch_new(uint32_t ncols, uint32_t basis_size,
                                   const certify_params *p)
{
    certify_branch *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->ncols = ncols;
    b->basis_size = basis_size;
    b->rule = p->branching;
    b->candidates = p->strong_candidates;
    b->iterations = p->strong_iterations;
    b->reliability = p->reliability;
    size_t n = (size_t)ncols + 1;
    bool ok = (b->cand = malloc(n * sizeof *b->cand)) != NULL;
    for (int d = 0; d < 2 && ok; d++)
        ok = (b->sum[d] = calloc(n, sizeof *b->sum[d])) &&
             (b->count[d] = calloc(n, sizeof *b->count[d])) &&
             (b->probed[d] = malloc(((size_t)basis_size + 1) * sizeof *b->probed[d]));
    if (!ok) {
        certify_branch_free(b);
        return NULL;
    }
    return b;
}

void certify_branch_learn(certify_branch *b, uint32_t e, bool up, double f, double rise)
{
    double unit = up ? 1 - f : f;
    if (!(unit > 0) || !isfinite(rise))
        return;
    double per = fmax(rise, 0) / unit;
    b->sum[up][e] += per;
    b->count[up][e]++;
    b->total[up] += per;
    b->ntotal[up]++;
}

/* The pseudocost of column e one way: its own average, else all columns'. */
static double pseudocost(const certify_branch *b, uint32_t e, int up)
{
    if (b->count[up][e])
        return b->sum[up][e] / b->count[up][e];
    return b->ntotal[up] ? b->total[up] / (double)b->ntotal[up] : 1;
}

static double score(double down, double up)
{
    return fmax(down, TINY_RISE) * fmax(up, TINY_RISE);
}

static double pseudo_score(const certify_branch *b, uint32_t e, double f)
{
    return score(f * pseudocost(b, e, 0), (1 - f) * pseudocost(b, e, 1));
}

static bool reliable(const certify_branch *b, uint32_t e)
{
    return b->count[0][e] >= b->reliability && b->count[1][e] >= b->reliability;
}

static int by_key(const void *a, const void *c)
{
    const ranked *x = a, *y = c;
    return (x->key < y->key) - (x->key > y->key);
}

/* The candidates (free, fractional) into b->cand, best first: by pseudocost score for
 * the reliability rule, else by nearness to 1/2. Returns how many. */
static uint32_t rank_candidates(certify_branch *b, const double *x, const unsigned char *fix,
                                double fractional)
{
    uint32_t n = 0;
    for (uint32_t e = 0; e < b->ncols; e++) {
        if (fix[e] != CERTIFY_FREE || x[e] <= fractional || x[e] >= 1 - fractional)
            continue;
        double key = b->rule == CERTIFY_RELIABLE ? pseudo_score(b, e, x[e])
                                                 : -fabs(x[e] - 0.5);
        b->cand[n++] = (ranked){ key, e };
    }
    qsort(b->cand, n, sizeof *b->cand, by_key);
    return n;
}

/* Probes column e both ways from stat, learning its pseudocosts; returns its score and
 * sets *settled when both children pass the cutoff. */
static double probe_both(certify_branch *b, certify_lp *lp, const int *stat, uint32_t e,
                         double z, double f, double cutoff, bool *settled)
{
    double rise[2];
    for (int up = 0; up < 2; up++) {
        double v = certify_lp_probe(lp, stat, e, up, cutoff, (int)b->iterations,
                                    b->probed[up]);
        rise[up] = v == HUGE_VAL ? PRUNED_RISE : v == -HUGE_VAL ? 0 : v - z;
        if (v != -HUGE_VAL)
            certify_branch_learn(b, e, up, f, v == HUGE_VAL ? cutoff - z : v - z);
    }
    *settled = rise[0] >= PRUNED_RISE && rise[1] >= PRUNED_RISE;
    return score(rise[0], rise[1]);
}

uint32_t certify_branch_choose(certify_branch *b, certify_lp *lp, const int *stat, double z,
                               const double *x, const unsigned char *fix, double fractional,
                               double cutoff, int *child[2], uint64_t *probes)
{
    size_t size = (size_t)b->basis_size * sizeof *stat;
    uint32_t n = rank_candidates(b, x, fix, fractional), best = UINT32_MAX, since = 0;
    uint32_t probed = 0;
    double best_score = -1;
    bool best_probed = false, settled = false;
    bool probing = b->rule == CERTIFY_RELIABLE || b->rule == CERTIFY_STRONG;
    for (uint32_t i = 0; i < n && !settled; i++) {
        uint32_t e = b->cand[i].col;
        bool probe = probing && n > 1 && probed < b->candidates &&
                     (b->rule == CERTIFY_STRONG || !reliable(b, e));
        double sc = b->cand[i].key;
        if (probe) {
            sc = probe_both(b, lp, stat, e, z, x[e], cutoff, &settled);
            probed++;
            *probes += 2;
        }
        if (sc > best_score) {
            best_score = sc;
            best = e;
            best_probed = probe;
            since = 0;
            if (probe)
                for (int up = 0; up < 2; up++)
                    memcpy(child[up], b->probed[up], size);
        } else if (++since >= LOOKAHEAD && b->rule == CERTIFY_RELIABLE) {
            break;
        }
        if (!probing || (b->rule == CERTIFY_STRONG && probed >= b->candidates))
            break;
    }
    if (!best_probed)
        for (int up = 0; up < 2; up++)
            memcpy(child[up], stat, size);
    return best;
}
