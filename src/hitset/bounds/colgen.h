/* colgen.h - the LP relaxation of a minimum hitting set by column generation.
 *
 * GLPK's simplex on every element at once does not finish on six-card instances
 * (hundreds of thousands of columns). Column generation solves a restricted LP over a
 * few thousand elements with GLPK, prices every other element against its duals (one
 * sum over the element's sets: its reduced cost 1 - sum of y_s) and adds the most
 * negative ones, until none is negative: the restricted optimum is then the LP optimum.
 *
 * Every round's duals y are also Lagrangian multipliers, so each round gives a proven
 * bound L(y) <= LP (lagrange.h, evaluated exactly), and so does y / a, a the largest sum
 * of y over one element's sets (Farley's bound, the better one early on): a stopped run
 * still reports the best of them. At the end L(y) equals the LP value up to GLPK's
 * tolerances: elements whose reduced cost lies within the pricing tolerance (1e-7) of 0
 * are not added, so `optimal` means optimal to that tolerance; the proven bound is
 * exact whatever the tolerance. */
#ifndef T24_HITSET_COLGEN_H
#define T24_HITSET_COLGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hitset/mip/ilp.h"
#include "hitset/model/instance.h"
#include "hitset/bounds/lagrange.h"

typedef struct {
    const uint32_t *cover;    /* a cover, whose elements start the restricted LP so that
                                 it is feasible (required) */
    uint32_t ncover;
    uint32_t per_round;       /* elements added per round at most (0, default:
                                 COLGEN_PER_ROUND in colgen.c, 300) */
    int mem_limit_mb;         /* GLPK's memory limit, 0 for none (default 0) */
    ilp_basis *basis;         /* when the LP optimum is reached: an optimal basis of the
                                 whole LP (the restricted one's, every other element
                                 nonbasic at 0) for ilp.h's searches, or NULL (default) */
    /* At most once a second: the proven bound so far. */
    void (*progress)(void *ctx, double bound, uint32_t rounds, double seconds);
    void *progress_ctx;
    budget limit;             /* time end, cancel and the run's work (core/budget.h;
                                 counted: each simplex chunk, each round's bound and
                                 pricing), asked between chunks and rounds (default:
                                 none: the rounds end when nothing prices out) */
} colgen_params;

typedef struct {
    bool optimal;         /* no element priced out: restricted is the LP optimum (to
                             the pricing tolerance) */
    double restricted;    /* the last restricted LP's optimum: at least the LP optimum,
                             equal to it when optimal (floating point; -1 if none) */
    lagrange_bound bound; /* the best proven bound, L of some round's duals */
    double *u;            /* those duals (nsets) clamped to [0, 1], as L reads them */
    uint32_t rounds;      /* restricted LPs solved */
    uint32_t columns;     /* elements in the last restricted LP */
    double seconds;
    bool failed;          /* GLPK failed after `rounds` rounds (err says how): the bound
                             of those rounds is still proven, the LP was not reached */
} colgen_result;

void colgen_params_init(colgen_params *p);
int colgen_lp(const instance *h, const colgen_params *p, colgen_result *out, char *err,
              size_t errsize);
void colgen_result_free(colgen_result *r);
/* Checker (core/check.h): NULL when r's multipliers are finite, in [0, 1], and give r's
 * bound under lagrange_evaluate(), else the first invariant broken. */
const char *colgen_result_check(const instance *h, const colgen_result *r);

#endif
