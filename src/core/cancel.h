/* cancel.h - a caller's request to stop a long computation early, beside its time limit.
 *
 * A computation that runs for seconds (the hitting-set searches) asks the caller's check
 * where it reads its clock, and stops as it would at its time limit: whatever it found
 * stays valid (a cover, a proven bound). A NULL check, or one with a NULL function,
 * never cancels. The function may be called from any thread the computation runs on
 * (GLPK's own, say), often: it must be cheap and safe there, such as reading an atomic
 * flag the caller sets. */
#ifndef T24_CORE_CANCEL_H
#define T24_CORE_CANCEL_H

#include <stdbool.h>

typedef struct {
    int (*requested)(void *ctx); /* non-zero: stop now */
    void *ctx;
} cancel_check;

static inline bool cancel_requested(const cancel_check *c)
{
    return c && c->requested && c->requested(c->ctx) != 0;
}

#endif
