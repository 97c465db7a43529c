/* mincover_bounds.h - the driver's lower bounds (private to src/hitset/driver/): the
 * table's bounds that need no search, the LP bound (GLPK's simplex or column generation)
 * with GLPK's pre-flight, and the caller's bounds. Called by mincover.c and
 * mincover_search.c; calls only mincover_common.h of the driver. */
#ifndef T24_HITSET_MINCOVER_BOUNDS_H
#define T24_HITSET_MINCOVER_BOUNDS_H

#include <stdbool.h>
#include <stdint.h>

#include "hitset/driver/mincover_common.h"
#include "hitset/heur/greedy.h"

/* The LP relaxation before the local search (its ceiling is the local search's target)
 * gets at most half of the searches' time: on six cards it can take all of it, and the
 * local search would then have none. */
#define MINCOVER_LP_SHARE 0.5
/* A solver's (settled_runs off, no certificate) simplex LP gets less: there the bound is only the
 * local search's target, and on heuristic_040 GLPK's simplex used its 22 s of the 60
 * and gave no bound, while the local search had 16 s. */
#define MINCOVER_LP_SHARE_SOLVER 0.2
/* Cores with more elements than this (six cards) get the LP bound by column generation
 * (colgen.h) instead of GLPK's simplex on every element, and a Lagrangian cover
 * (lagcover.h) for at most MINCOVER_LAG_SHARE of the time, before the local search:
 * measured in hitting-sets.md, column generation is 20 times faster on six cards,
 * deck 1-7, and the only one to finish on larger decks. */
#define MINCOVER_COLGEN_MIN_ELEMS 20000
#define MINCOVER_LAG_SHARE 0.1
/* GLPK's pre-flight (mincover_bounds.c): GLPK builds its model and factorizes before its own
 * clock starts, in time and memory linear in the model's entries and lines (rows and
 * columns). Measured on random models of 8.4 million entries with 0.26, 2.1 and 8.4
 * million lines (two cores under load): 0.32 us and 88 bytes an entry, 0.55 us and 330
 * bytes a line. A GLPK phase gets its time minus MINCOVER_GLPK_SECONDS_PER_ITEM an entry
 * and a line, and does not start when nothing is left, or, without mem_limit_mb, when
 * its model (MINCOVER_GLPK_BYTES_PER_ENTRY, _PER_LINE) exceeds 3/4 of the machine's
 * memory. */
#define MINCOVER_GLPK_SECONDS_PER_ITEM 1e-6
#define MINCOVER_GLPK_BYTES_PER_ENTRY 100
#define MINCOVER_GLPK_BYTES_PER_LINE 350

/* The share of the searches' time the LP bound gets before the local search:
 * MINCOVER_LP_SHARE_SOLVER for a solver's simplex (settled_runs off, no certificate, not
 * column generation), else MINCOVER_LP_SHARE. */
double mincover_lp_share(const mincover_params *p, bool colgen);int mincover_bounds_phase(const instance *h, mincover_result *r);
void mincover_set_lp_bound(mincover_result *r, double core_lp);
double mincover_glpk_preflight(const mincover_params *p, uint64_t entries, uint64_t lines,
                               double seconds);
uint64_t mincover_core_lines(const instance *core);
bool mincover_use_colgen(const mincover_params *p, const instance *core);
uint32_t mincover_lp_phase(mincover_result *r, const greedy_cover *start, double started,
                           const announcer *an, double **duals, double of, uint64_t probe);
void mincover_extra_phase(mincover_result *r, double end);

#endif
