/* mincover.h - the hitting-set half of the study: bounds, greedy, reductions, the exact
 * optimum, the cover in greedy order and (optionally) maximum coverage.
 *
 * Works on any instance, so tests feed it hand-made instances. The cover is always verified
 * against the instance's element -> set rows before it is reported, and `optimal` is set
 * only when a proven lower bound equals the cover's size. */
#ifndef T24_HITSET_MINCOVER_H
#define T24_HITSET_MINCOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hitset/driver/engine.h"
#include "hitset/model/instance.h"
#include "hitset/driver/mincover_result.h"

/* mincover_params_init()'s limit: this many seconds from the call. */
#define MINCOVER_DEFAULT_SECONDS 60
#define MINCOVER_MAX_RUNS 10000
/* A solver (settled_runs off: no spread to report) makes at most this many incidences'
 * worth of random greedy runs, at least one run: each run costs about the instance's
 * entries, and on heuristic_040 (1.9 million entries) 100 runs took 11 of its 60 s for a
 * cover the local search then improves by 7 % anyway (docs/hitting-sets.md). */
#define MINCOVER_GREEDY_WORK (1u << 24)
/* With a work limit (params.work), the random runs get at most this share of the work
 * left: as many runs as fit, at least one. */
#define MINCOVER_GREEDY_WORK_SHARE 0.1
/* The LP relaxation before the local search (its ceiling is the local search's target)
 * gets at most half of the searches' time: on six cards it can take all of it, and the
 * local search would then have none. */
#define MINCOVER_LP_SHARE 0.5
/* A solver's (settled_runs off, no certificate) simplex LP gets less: there the bound is only the
 * local search's target, and on heuristic_040 GLPK's simplex used its 22 s of the 60
 * and gave no bound, while the local search had 16 s. */
#define MINCOVER_LP_SHARE_SOLVER 0.2
/* The anytime order of a solver's run (mincover_search.c, anytime_lp(); docs/hitting-sets.md,
 * "Anytime covers"): the simplex first for this much work (one of lpwork's chunks, about
 * half a second here: a stop in it prints greedy's cover), and where it has not reached the optimum by then, the local search
 * first for MINCOVER_LS_EARLY_SHARE of the searches' time (or of the work left), then the
 * LP for its share of what is left. Half: a stop while the LP runs then finds a cover
 * from at least as long a search as a run limited to that moment makes (that run gives
 * the LP a fifth of its time first: half >= 0.8 x (half + a fifth of the other half)). */
#define MINCOVER_LP_PROBE_UNITS LPWORK_CHUNK_UNITS
#define MINCOVER_LS_EARLY_SHARE 0.5
/* The reductions' share of the time left when they start (params.reduce_share's
 * default): on seven cards, deck 1-7 (3.9 million classes x 1,714 hands), the dominated
 * classes alone took 526 s of 600 and left no time for the LP bound; stopped at half,
 * the searches (column generation first) work on the core reached by then. */
#define MINCOVER_REDUCE_SHARE 0.5
/* A solver's run (no certificate; docs/hitting-sets.md, "Anytime covers") gives them at
 * most this much work whatever its limit (params.reduce_cap's default; about 6 s here, what
 * a 15 s run's share gives them): their share of a long run let them run on where a
 * shorter run had cut them and searched (PACE's heuristic_002, whose reductions take
 * 4.8e7 units, was still reducing at 30 s of 300 under load, printing greedy's cover). */
#define MINCOVER_REDUCE_CAP_UNITS 30000000ULL
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

void mincover_params_init(mincover_params *p);
/* "finished", "work", "time" or "cancel" (JSON's work.ended_by). */
const char *mincover_end_name(mincover_end e);
/* Does the run give the same answer again: a work limit, and ended by it or by nothing? */
bool mincover_reproducible(const mincover_result *r);
/* The random greedy runs a run of p makes on h: p->greedy_runs, or, for a solver
 * (settled_runs off), at most MINCOVER_GREEDY_WORK / (entries + elements) of them, at
 * least one. */
uint32_t mincover_greedy_runs(const instance *h, const mincover_params *p);
/* The share of the searches' time the LP bound gets before the local search:
 * MINCOVER_LP_SHARE_SOLVER for a solver's simplex (settled_runs off, no certificate, not
 * column generation), else MINCOVER_LP_SHARE. */
double mincover_lp_share(const mincover_params *p, bool colgen);
/* Is every field in its range? Returns 0, or -1 with "field = value; must be range" in
 * err for the first that is not: the one place the ranges are kept, so that callers
 * (the CLI, libt24hs) parse values and leave their ranges to the engine. */
int mincover_params_check(const mincover_params *p, char *err, size_t errsize);
int mincover_run(const instance *h, const uint32_t *multiplicity, const mincover_params *p,
               mincover_result *out, char *err, size_t errsize);
void mincover_result_free(mincover_result *r);
const char *mincover_ilp_status_name(const mincover_result *r);
const char *mincover_proof_name(const mincover_result *r);
const char *mincover_lp_name(mincover_lp m);
int mincover_lp_parse(const char *s, mincover_lp *out);

#endif
