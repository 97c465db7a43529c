/* localcut.h - local cuts for the LP of a minimum hitting-set instance (issue 30, item 4):
 * a measurement tool (t24-local-cuts), not part of t24 or of its certificates.
 *
 * A family F of a few sets (at most 64) of an instance sees each element e only through
 * its trace, the sets of F that contain it. Every cover of the instance covers F, so any
 * weights c >= 0 on the traces give the valid inequality
 *
 *     sum_e c_{trace(e)} x_e >= r,   r = the least c-weight of a cover of F,
 *
 * r computed exactly by a small search. Two forms are tried:
 *  - the rank form: c = 1 on every trace, r = the least number of elements hitting F
 *    (sum over the union of F's sets >= k);
 *  - the separated form: c chosen by row generation on the blocker LP, min c.y* over
 *    c.v >= 1 for every cover v of F (y*: the LP solution summed per trace), then scaled
 *    to integers (c = round(scale * c)) and r recomputed exactly for them, so the cut is
 *    valid whatever the row generation reached. */
#ifndef T24_BENCH_LOCALCUT_H
#define T24_BENCH_LOCALCUT_H

#include <stdbool.h>
#include <stdint.h>

#include "hitset/t24hs.h"

#define LOCALCUT_MAX_FAMILY 64

typedef struct {
    uint32_t n;     /* elements with a nonzero coefficient */
    uint32_t *elem; /* ascending */
    uint32_t *coef; /* >= 1 */
    uint64_t rhs;   /* the least sum of coef over a cover of the family */
} localcut;

typedef struct {
    uint32_t scale;      /* integer coefficients round(scale * c); at least 1 */
    uint32_t iterations; /* row generation steps at most */
    uint64_t node_limit; /* nodes of one exact search at most; past it, no cut */
} localcut_params;

/* Grows a family of at most size sets (<= LOCALCUT_MAX_FAMILY) from set seed, under the
 * LP solution x (one value per element): each next set is one with slack at most 1/2
 * that meets the family's union and adds the least LP mass outside it. Returns its size;
 * fam receives the sets, seed first. */
uint32_t localcut_family(const hs_instance *h, const double *x, uint32_t seed, uint32_t size,
                         uint32_t *fam);

/* The least number of elements that hit every set of fam[0..n), n <= 64, or UINT32_MAX
 * when the search passes node_limit (0: none) or memory runs out. */
uint32_t localcut_rank(const hs_instance *h, const uint32_t *fam, uint32_t n, uint64_t node_limit);

/* The separated form for fam[0..n) at x: returns 1 with *cut (free with localcut_free())
 * and its violation (rhs - sum coef x, relative to rhs) when that is above min_violation,
 * 0 when no such cut was found, -1 when memory ran out. *nodes (or NULL) grows by the
 * exact searches' nodes. */
int localcut_separate(const hs_instance *h, const double *x, const uint32_t *fam, uint32_t n,
                      const localcut_params *p, double min_violation, localcut *cut,
                      double *violation, uint64_t *nodes);
void localcut_free(localcut *cut);

#endif
