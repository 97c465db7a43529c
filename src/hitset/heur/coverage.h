/* coverage.h - maximum coverage against greedy: for k = 1..kmax, the most sets that k
 * elements can meet, next to what greedy's first k picks meet.
 *
 * Each k is one GLPK max-coverage ILP on a reduced instance (dominated elements dropped,
 * equal sets merged into one weighted set; both keep every k's optimum), warm-started
 * from the better of greedy's first k picks and the previous k's solution plus the best
 * next element. Afterwards bounds are made consistent: the optimum never decreases with
 * k, so bound(k) <= bound(k+1); and when a cover of size kmax is known, k = kmax meets
 * every set. Rows whose best equals their bound are proven. */
#ifndef T24_HITSET_COVERAGE_H
#define T24_HITSET_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hitset/heur/greedy.h"
#include "hitset/model/instance.h"
#include "hitset/mip/ilp.h"

typedef struct {
    uint32_t k;
    uint32_t greedy;  /* sets met by greedy's first k picks */
    uint32_t best;    /* most sets met by k elements, as found */
    uint32_t bound;   /* proven upper bound on that most */
    bool proven;      /* best == bound */
    double seconds;   /* time in GLPK for this k (not deterministic) */
} coverage_row;

int coverage_run(const instance *h, const greedy_cover *greedy, uint32_t kmax, bool kmax_optimal,
                 const ilp_params *p, coverage_row **rows, char *err, size_t errsize);

#endif
