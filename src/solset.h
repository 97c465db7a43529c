/* solset.h - solution sets: for every hand, the sorted ids of the templates that hit it.
 *
 * Stored as compressed sparse rows (one row per hand), which scales to the 5-card
 * study (430,080 templates x 6,188 hands) because solutions are sparse. */
#ifndef T24_SOLSET_H
#define T24_SOLSET_H

#include <stdint.h>
#include <stdio.h>

#include "hand.h"
#include "template.h"

typedef struct {
    uint32_t nhands;
    uint32_t ntemplates;
    uint64_t *off;  /* nhands + 1 row offsets into ids */
    uint32_t *ids;  /* template ids, increasing within each row */
    uint32_t promoted; /* hands whose evaluation overflowed int64 and was redone in GMP */
} solset;

typedef void (*solset_progress_fn)(void *ctx, uint32_t done, uint32_t total);

int solset_compute(solset *s, const template_family *f, const hand_set *hs, int64_t target,
                   int nthreads, solset_progress_fn progress, void *ctx);
void solset_free(solset *s);
static inline uint64_t solset_row_len(const solset *s, uint32_t hand)
{
    return s->off[hand + 1] - s->off[hand];
}
static inline const uint32_t *solset_row(const solset *s, uint32_t hand)
{
    return s->ids + s->off[hand];
}
int solset_equal(const solset *a, const solset *b);
int solset_write(const solset *s, const hand_set *hs, FILE *out);
int solset_read(solset *s, FILE *in, char *err, size_t errsize);

#endif
