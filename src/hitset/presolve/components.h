/* components.h - an instance cut into its independent parts, to be solved apart.
 *
 * Two sets that share no element, directly or through other sets, never compete for a
 * cover's elements, so the optimum is the sum of the parts' optima, and so is every
 * lower bound: a part's bound rounded up on its own is a sum of integers, where the
 * whole instance's LP bound is rounded up once. On a vertex-cover kernel of many small
 * graphs that is the difference between a bound of 4,122 and the optimum (hitting-sets.md).
 * Used by mincover_search.c's exact phase when the kernel (kernel.h) is on. */
#ifndef T24_HITSET_COMPONENTS_H
#define T24_HITSET_COMPONENTS_H

#include <stdint.h>

#include "hitset/model/instance.h"

typedef struct {
    uint32_t n;          /* parts holding a set; elements in no set belong to none */
    instance **part;     /* n instances, fewest incidences first (ties: lowest element) */
    uint32_t **elem_map; /* part i's element j is the instance's elem_map[i][j] */
} components;

/* The parts of h, built in time linear in its size (one union-find pass, one scatter).
 * Returns 0 with *out filled (free with components_free()), or -1 when memory runs
 * out (*out is then empty). */
int components_split(const instance *h, components *out);
void components_free(components *c);

#endif
