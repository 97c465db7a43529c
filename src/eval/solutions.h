/* solutions.h - solution sets: for every hand, the sorted ids of the templates that hit it.
 *
 * Stored as compressed sparse rows (one row per hand), which scales to the 5-card
 * study (430,080 templates x 6,188 hands) because solutions are sparse. */
#ifndef T24_EVAL_SOLUTIONS_H
#define T24_EVAL_SOLUTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "core/hand.h"
#include "core/template.h"

typedef struct {
    uint32_t nhands;
    uint32_t ntemplates;
    uint64_t *off;  /* nhands + 1 row offsets into ids */
    uint32_t *ids;  /* template ids, increasing within each row */
    uint32_t promoted; /* hands whose evaluation overflowed int64 and was redone in GMP */
} solutions;

typedef void (*solutions_progress_fn)(void *ctx, uint32_t done, uint32_t total);

int solutions_compute(solutions *s, const template_family *f, const hand_set *hs, int64_t target,
                   int nthreads, solutions_progress_fn progress, void *ctx);
void solutions_free(solutions *s);
static inline uint64_t solutions_row_len(const solutions *s, uint32_t hand)
{
    return s->off[hand + 1] - s->off[hand];
}
static inline const uint32_t *solutions_row(const solutions *s, uint32_t hand)
{
    return s->ids + s->off[hand];
}
int solutions_equal(const solutions *a, const solutions *b);
int solutions_write(const solutions *s, const hand_set *hs, FILE *out);
int solutions_read(solutions *s, FILE *in, char *err, size_t errsize);

#endif
