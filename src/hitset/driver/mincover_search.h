/* mincover_search.h - the driver's searches on the core (private to src/hitset/driver/):
 * the kernel, the Lagrangian cover, the local search and its budget, the exact search
 * (whole or by components). Called by mincover.c; calls mincover_bounds.h,
 * mincover_proof.h and mincover_common.h, never mincover.c. */
#ifndef T24_HITSET_MINCOVER_SEARCH_H
#define T24_HITSET_MINCOVER_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "hitset/driver/mincover_common.h"
#include "hitset/mip/lpwork.h" /* MINCOVER_LP_PROBE_UNITS: one of its chunks */

/* The anytime order of a solver's run (mincover_search.c, anytime_lp(); docs/hitting-sets.md,
 * "Anytime covers"): the simplex first for this much work (one of lpwork's chunks, about
 * half a second here: a stop in it prints greedy's cover), and where it has not reached the optimum by then, the local search
 * first for MINCOVER_LS_EARLY_SHARE of the searches' time (or of the work left), then the
 * LP for its share of what is left. Half: a stop while the LP runs then finds a cover
 * from at least as long a search as a run limited to that moment makes (that run gives
 * the LP a fifth of its time first: half >= 0.8 x (half + a fifth of the other half)). */
#define MINCOVER_LP_PROBE_UNITS LPWORK_CHUNK_UNITS
#define MINCOVER_LS_EARLY_SHARE 0.5

int mincover_kernel_phase(mincover_result *r, char *err, size_t errsize);
uint32_t mincover_search_phase(const instance *h, mincover_result *r, double started,
                               uint32_t *cand, uint32_t *ncand, announcer *an, char *err,
                               size_t errsize);

#endif
