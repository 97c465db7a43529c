/* localsearch_state.h - the local search's state (localsearch.h): the set S of elements,
 * which sets it meets, the set weights, and each element's score, all kept exact as
 * elements move in and out, at the cost of the moved element's sets (and, for a set that
 * changes between met and unmet, its elements). Read directly by localsearch.c; only the
 * functions below change it. */
#ifndef T24_HITSET_LOCALSEARCH_STATE_H
#define T24_HITSET_LOCALSEARCH_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "hitset/model/instance.h"

/* At a local optimum with at most this many unmet sets, every one weighs one more; with
 * more, one of them at random (the cost of a step then stays that of one set). */
#define LOCALSEARCH_BUMP_ALL 64

/* score[e]: outside S, the weight of the unmet sets containing e (its gain); inside S,
 * the weight of the sets only e meets (its loss). S is heap[0..nsol), a min-heap by
 * (loss, stamp, id): heap[0] is the element whose drop loses least, the oldest of
 * equals. */
typedef struct {
    const instance *h;
    uint32_t ne, ns;
    bool *in;          /* element in S */
    int64_t *score;    /* gain outside S, loss inside (see above) */
    uint64_t *stamp;   /* step of the element's last move, for ties (older first) */
    uint32_t *count;   /* per set: elements of S in it */
    uint32_t *who;     /* per set: xor of those elements (the one, when count is 1) */
    int64_t *weight;   /* per set */
    int64_t unmet_weight;
    uint32_t *unmet, *unmet_pos, nunmet;
    uint32_t *heap, *heap_pos, nsol; /* S, a min-heap by (loss, stamp, id) */
    int64_t *relief;   /* per element of S: weight a candidate would take off its loss */
    uint32_t *touched, ntouched; /* the elements whose relief is not zero */
    uint32_t *stack;   /* heap nodes still to visit when pairing a candidate */
    uint64_t rng, step;
} localsearch_state;

/* Allocates st for h (kept, not copied) with S empty and every set unmet at weight 1, its
 * random generator seeded with seed. Returns 0, or -1 when memory runs out (st is then
 * freed with localsearch_state_free() all the same). */
int localsearch_state_init(localsearch_state *st, const instance *h, uint64_t seed);
void localsearch_state_free(localsearch_state *st);
/* S empty again and every weight 1; stamps, the step and the generator are kept. */
void localsearch_state_reset(localsearch_state *st);
/* e (outside S) into S, stamped with st->step. */
void localsearch_state_add(localsearch_state *st, uint32_t e);
/* e (in S) out of it, stamped with st->step. */
void localsearch_state_drop(localsearch_state *st, uint32_t e);
/* A local optimum: each unmet set weighs one more while there are at most
 * LOCALSEARCH_BUMP_ALL of them, else one of them at random. */
void localsearch_state_bump_weights(localsearch_state *st);

/* The state recomputed from scratch and compared with what the moves kept (core/check.h;
 * GLPK's CHECK_ACCURACY does the same for the simplex): NULL when every invariant above
 * holds, else the first one broken. O(entries of the instance) and no memory: the search
 * runs it every LOCALSEARCH_CHECK_EVERY steps in Debug builds (at least entries / 16
 * apart, so that it costs a step at most 16 entries on average). */
const char *localsearch_state_check(const localsearch_state *st);
#define LOCALSEARCH_CHECK_EVERY 1024

#endif
