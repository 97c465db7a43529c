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

void mincover_params_init(mincover_params *p);
/* "finished", "work", "time" or "cancel" (JSON's work.ended_by). */
const char *mincover_end_name(mincover_end e);
/* Does the run give the same answer again: a work limit, and ended by it or by nothing? */
bool mincover_reproducible(const mincover_result *r);
/* The random greedy runs a run of p makes on h: p->greedy_runs, or, for a solver
 * (settled_runs off), at most MINCOVER_GREEDY_WORK / (entries + elements) of them, at
 * least one. */
uint32_t mincover_greedy_runs(const instance *h, const mincover_params *p);
/* Are the driver's own fields in range (the limit, the shares, the caller's bound rows)
 * and do the fields agree (a work limit, a certificate, and the engine)? Returns 0, or
 * -1 with "field = value; must be range" in err for the first that is not. The ranges
 * of what libt24hs sets (greedy_runs, threads, lp, ...) are its list's alone
 * (t24hs_params.h), checked by hs_params_check() before it calls this. */
int mincover_params_check(const mincover_params *p, char *err, size_t errsize);
int mincover_run(const instance *h, const uint32_t *multiplicity, const mincover_params *p,
               mincover_result *out, char *err, size_t errsize);
void mincover_result_free(mincover_result *r);
const char *mincover_ilp_status_name(const mincover_result *r);
const char *mincover_proof_name(const mincover_result *r);
const char *mincover_lp_name(mincover_lp m);
int mincover_lp_parse(const char *s, mincover_lp *out);

#endif
