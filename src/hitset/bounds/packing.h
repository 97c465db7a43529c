/* packing.h - a lower bound from sets no element meets twice.
 *
 * If k sets are pairwise disjoint, every cover needs k distinct elements, one per set.
 * Greedy packing (smallest sets first, ties to the lower set id) finds such sets quickly;
 * the bound is weaker than the LP relaxation (a packing is an integral dual solution), so
 * it matters only where the LP is out of reach. */
#ifndef T24_HITSET_PACKING_H
#define T24_HITSET_PACKING_H

#include <stdint.h>

#include "hitset/model/instance.h"

uint32_t packing_bound(const instance *h);

#endif
