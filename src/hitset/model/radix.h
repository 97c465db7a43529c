/* radix.h - ids sorted in linear time, for the engine's passes over huge instances.
 *
 * A comparison sort of every element of a 2^24-element instance costs seconds; the
 * passes that must sort (greedy's top bucket, an instance's unsorted rows) sort ids
 * by a radix sort instead: O(n) for n ids, whatever their order. */
#ifndef T24_HITSET_RADIX_H
#define T24_HITSET_RADIX_H

#include <stddef.h>
#include <stdint.h>

/* Sorts a[0..n) ascending by key[a[i]], or by the ids themselves when key is NULL;
 * stable (equal keys keep their order). tmp has room for n ids (its contents are
 * overwritten). Up to RADIX_SMALL ids an insertion sort; above, 8-bit digits, skipping
 * those on which every key agrees. */
void radix_sort(uint32_t *a, size_t n, const uint32_t *key, uint32_t *tmp);

#define RADIX_SMALL 48

#endif
