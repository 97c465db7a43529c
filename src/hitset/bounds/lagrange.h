/* lagrange.h - Lagrangian lower bounds of a minimum hitting set, and the subgradient
 * method that improves them.
 *
 * Relax every set's constraint "some element of s is chosen" with a multiplier u_s >= 0:
 *     L(u) = sum_s u_s + sum_e min(0, r_e),   r_e = 1 - sum_{s contains e} u_s,
 * and every cover C has |C| >= sum_s u_s * [s met] + sum_{e in C} r_e >= L(u). So every
 * multiplier vector gives a valid bound, and the best ones give the LP relaxation's value
 * (L(u) for an optimal dual u is the LP optimum). This is what makes the LP value
 * reachable where GLPK's simplex on the whole instance is not (six cards).
 *
 * Proven values are computed exactly: the multipliers are rounded down to fixed point
 * (multiples of 2^-LAGRANGE_FRACTION_BITS in [0, 1]) and L is summed in 128-bit
 * integers, so a reported bound never rests on floating-point rounding. The subgradient
 * search itself works in doubles; only its bounds go through the exact evaluation. */
#ifndef T24_HITSET_LAGRANGE_H
#define T24_HITSET_LAGRANGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget.h"
#include "hitset/model/instance.h"

#define LAGRANGE_FRACTION_BITS 32

/* An exactly evaluated L(u): its value (the exact rational rounded to a double, for
 * display) and its ceiling (exact), a lower bound on every cover's size. */
typedef struct {
    double value;
    uint32_t ceil;
} lagrange_bound;

/* L(u) of u (one multiplier per set; NaN and negatives count as 0, values above 1 as 1,
 * which loses nothing: an optimal dual never exceeds 1). When reduced is not NULL it
 * receives each element's r_e computed in doubles (for pricing and heuristics). */
lagrange_bound lagrange_evaluate(const instance *h, const double *u, double *reduced);
/* The multiplier lagrange_evaluate() reads for u: u rounded down to a multiple of
 * 2^-LAGRANGE_FRACTION_BITS in [0, 1], as that multiple (0 .. 2^32). A certificate
 * (certify_leaf.h) writes these integers, so that its checker sums what was summed here. */
uint64_t lagrange_fixed(double u);
/* a is the better bound: a higher ceiling (exact), or the same and a higher value. */
bool lagrange_better(lagrange_bound a, lagrange_bound b);

typedef struct {
    budget limit;          /* time end, cancel and the run's work (core/budget.h): an
                              iteration reads every entry of h once and counts that many
                              units; none starts once the limit is over or the work left
                              would not pay for it, but the first always runs (it gives the
                              bound). Default: none, then max_iterations must be set */
    uint32_t max_iterations; /* 0: no limit (default 0) */
    const double *start;   /* starting multipliers (nsets), or NULL for
                              u_s = min over e in s of 1/|sets of e| (default NULL) */
    /* Called with every multiplier vector the search visits, or NULL (default): the
     * Lagrangian cover heuristic (lagcover.h) runs on some of them. */
    void (*visit)(void *ctx, const double *u, const double *reduced, uint32_t iteration);
    void *visit_ctx;
} lagrange_params;

typedef struct {
    double *u;             /* the best multipliers found (nsets) */
    lagrange_bound best;   /* their exact L */
    uint32_t iterations;
    uint32_t best_iteration;
    double seconds;
} lagrange_result;

void lagrange_params_init(lagrange_params *p);
int lagrange_subgradient(const instance *h, const lagrange_params *p, lagrange_result *out,
                         char *err, size_t errsize);
void lagrange_result_free(lagrange_result *r);

#endif
