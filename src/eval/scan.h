/* scan.h - one pass over a range of hands: which formula groups hit each hand, folded at
 * once into a partition of the groups (partition.h) and a few figures per hand.
 *
 * Memory is bounded by the partition (one class number per group, plus the class-hand
 * incidences) and the per-hand figures: no (hand, template) pair is kept. The hands are
 * split over threads in contiguous ranges whose partitions are met in order, so the
 * result does not depend on the number of threads (nor, through scan_merge(), of
 * processes). */
#ifndef T24_EVAL_SCAN_H
#define T24_EVAL_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "core/hand.h"
#include "eval/formula.h"
#include "eval/partition.h"

#define SCAN_NO_HIT UINT32_MAX

typedef void (*scan_progress_fn)(void *ctx, uint32_t done, uint32_t total);

typedef struct {
    int nthreads;               /* default 2 */
    uint32_t first, last;       /* hands [first, last), last capped at the hand count;
                                   default every hand (0, UINT32_MAX) */
    scan_progress_fn progress;  /* optional, called from the calling thread */
    void *progress_ctx;
    /* optional: asked before each hand by every thread (a signal's flag, read and never
     * written), non-zero stops the scan: a stop lands within one hand's evaluation */
    int (*cancelled)(void *ctx);
    void *cancel_ctx;
} scan_params;

typedef struct {
    uint32_t first, last;  /* the hands scanned */
    uint64_t *row_len;     /* per hand (index - first): templates that hit it */
    uint32_t *first_hit;   /* per hand: the lowest template id that hits it, or SCAN_NO_HIT */
    uint8_t *promoted;     /* per hand: 1 when int64 overflowed and GMP answered */
    partition part;        /* the groups by the hands they hit (hand numbers are global) */
} scan_result;

void scan_params_init(scan_params *p);
/* scan_run() returned it: p->cancelled asked to stop; out holds nothing. */
#define SCAN_STOPPED 1

int scan_run(scan_result *out, const formula_set *fs, const hand_set *hs, int64_t target,
             const scan_params *p);
int scan_append(scan_result *a, scan_result *b);
void scan_result_free(scan_result *r);

#endif
