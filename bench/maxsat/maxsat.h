/* maxsat.h - a core-guided MaxSAT lower bound for the minimum hitting set (issue 20).
 *
 * The instance as MaxSAT: one hard clause per set (some element of it chosen), one soft
 * unit clause "not chosen" per element. OLL (Andres, Kaufmann, Matheis and Schaub 2012;
 * Morgado et al. 2014), the core-guided method of the strongest PACE 2025 exact entries:
 * CaDiCaL solves under the soft literals as assumptions; an UNSAT answer names a core
 * (soft literals that cannot all hold), which proves one more element is needed, and
 * is relaxed by a totalizer whose "at least 2 of the core violated" output becomes a
 * new soft literal. Every core found raises the bound by one, so the bound is valid at
 * any moment; a SAT answer proves it optimal. Built only into t24-maxsat-bound and its
 * test: CaDiCaL is a C++ library, kept out of t24 itself (start-up).
 *
 * It is a row of the caller's (maxsat_bound_row(), for hs_params.extra_bounds), not of
 * the library's table (hitset/driver/bound.c): that table is a constant array, and the library
 * is built without CaDiCaL, so the row is handed in by the program that links both. */
#ifndef T24_BENCH_MAXSAT_H
#define T24_BENCH_MAXSAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hitset/t24hs.h"

typedef struct {
    uint32_t bound;   /* proven: every cover has at least this many elements */
    bool optimal;     /* a cover of that size exists (the last solve was SAT) */
    uint32_t cores;   /* cores found (the bound, as every core raises it by one) */
    double seconds;
} maxsat_result;

/* Called after each core with the bound so far, or NULL. */
typedef void (*maxsat_progress_fn)(void *ctx, uint32_t bound, double seconds);

/* The bound on h within seconds. Returns 0, or -1 with the reason in err. */
int maxsat_bound(const hs_instance *h, double seconds, maxsat_progress_fn progress, void *ctx,
                 maxsat_result *out, char *err, size_t errsize);

/* The bound as a row of the caller's lower bounds (hs_params.extra_bounds): name
 * "maxsat". A cover run given it credits an optimum to it when no bound of the library's
 * table reaches the optimum first. */
hs_bound_row maxsat_bound_row(void);

#endif
