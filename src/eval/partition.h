/* partition.h - elements (formula groups) split by the hands they hit, without keeping
 * every (hand, element) pair.
 *
 * Partition refinement: every element starts in one class; each hand splits each class it
 * touches into the elements that hit it and the rest. After all hands, two elements share
 * a class iff they hit exactly the same hands, whatever order the hands came in. Each class
 * remembers its hand list as "the first k hands of the class it split from, then its own",
 * so memory stays at one class number per element plus the (class, hand) incidences.
 *
 * A finished partition numbers its classes by their lowest element and leaves out the
 * elements that hit nothing (class PARTITION_NONE); it is therefore canonical, and the meet
 * of the partitions of consecutive hand ranges (threads, MPI ranks) is exactly the
 * partition of the whole range. */
#ifndef T24_EVAL_PARTITION_H
#define T24_EVAL_PARTITION_H

#include <stddef.h>
#include <stdint.h>

#define PARTITION_NONE UINT32_MAX

typedef struct {
    uint32_t nelems;
    uint32_t nclasses;   /* classes of elements that hit at least one hand */
    uint32_t *class_of;  /* per element, or PARTITION_NONE */
    uint64_t *off;       /* nclasses + 1 offsets into hands */
    uint32_t *hands;     /* each class's hands, ascending */
} partition;

typedef struct partition_refiner partition_refiner;

partition_refiner *partition_refiner_new(uint32_t nelems);
void partition_refiner_free(partition_refiner *r);
int partition_refiner_hand(partition_refiner *r, uint32_t hand, const uint32_t *hits, size_t n);
int partition_refiner_finish(partition_refiner *r, partition *out);
int partition_meet(const partition *a, const partition *b, partition *out);
void partition_free(partition *p);

#endif
