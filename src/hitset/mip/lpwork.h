/* lpwork.h - GLPK's simplex run in chunks of iterations, the work of each chunk counted
 * into a budget (core/budget.h) and the budget asked between chunks.
 *
 * glp_simplex() asks nobody while it runs: a time limit is all it takes, and a signal,
 * a cancel or a limit in work waited for the whole solve (seconds on five cards' deck
 * 1-13). Cut into chunks by it_lim, the solve asks the budget every
 * LPWORK_CHUNK_UNITS units, and stops where the work ends at the same iteration on any
 * machine. A chunk that ends by it_lim leaves GLPK's basis where it was, so the next
 * chunk goes on from it. */
#ifndef T24_HITSET_MIP_LPWORK_H
#define T24_HITSET_MIP_LPWORK_H

#include <glpk.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/budget.h"

/* The work of one chunk, in units (about 0.5 s at the rate measured in
 * docs/hitting-sets.md, "Work limits"), and at least LPWORK_MIN_ITERATIONS: short enough
 * for a stop asked within about a second, long enough that GLPK's restart per chunk
 * costs little. A restart loses the dual simplex's pricing weights, about 80 more
 * iterations each (measured on five cards' deck 1-10, whole: 200-iteration chunks took
 * 40 % more iterations and twice the time, 1,000-iteration chunks as many as one solve). */
#define LPWORK_CHUNK_UNITS 2500000
#define LPWORK_MIN_ITERATIONS 500

/* The units one simplex iteration of P counts: a pivot prices the rows and updates the
 * factorisation, about (rows + columns + nonzeros) / LPWORK_ENTRIES_PER_UNIT entries. */
uint64_t lpwork_iteration_units(glp_prob *P);
/* The same for a model of that many rows, columns and nonzeros, before it is built. */
uint64_t lpwork_model_units(uint64_t rows, uint64_t cols, uint64_t nonzeros);
/* Is a chunk of such a model's iterations LPWORK_CHUNK_UNITS, not stretched to
 * LPWORK_MIN_ITERATIONS? Then one chunk takes about half a second here; on a large model
 * (five cards, deck 1-13, whole: seconds) the minimum makes it longer. */
bool lpwork_first_chunk_fits(uint64_t units_per_iteration);

/* glp_simplex(P, sm) for at most `seconds` in all (sm->tm_lim is set per chunk from what
 * is left) and sm->it_lim iterations in all (0 or INT_MAX: none), in chunks; each chunk's
 * iterations times lpwork_iteration_units() are added to b, and b is asked between
 * chunks (not before the first: a solve that fits in one chunk asks nothing). Returns GLPK's code of the last chunk, or GLP_ESTOP when b stopped it (its end,
 * its work or its cancel): P then holds the basis reached, as after GLP_ETMLIM. */
int lpwork_simplex(glp_prob *P, const glp_smcp *sm, double seconds, budget b);

/* Told between two chunks, with the iterations of the solve so far: a caller's progress
 * display (the LP phase said nothing for as long as it ran: half a minute of a 300 s
 * `t24 cover`). */
typedef struct {
    void (*fn)(void *ctx, uint64_t iterations);
    void *ctx;
} lpwork_tell;

/* lpwork_simplex(), telling `tell` (NULL: nobody) between chunks. */
int lpwork_simplex_told(glp_prob *P, const glp_smcp *sm, double seconds, budget b,
                        const lpwork_tell *tell);

#endif
