/* cancel.h - a caller's request to stop a long computation early, beside its time limit.
 *
 * A computation that runs for seconds (the hitting-set searches) asks the caller's check
 * where it reads its clock, and stops as it would at its time limit: whatever it found
 * stays valid (a cover, a proven bound). A NULL check, or one with neither function,
 * never cancels. The function may be called from any thread the computation runs on
 * (GLPK's own, say), often: it must be cheap and safe there, such as reading an atomic
 * flag the caller sets.
 *
 * Every ask names its place (core/stop_site.h). A probe, `at`, is told the place: a test
 * sets it to see which sites a run reached and to stop at a chosen one; a caller that
 * does not care sets `requested` alone (the site is then not passed on). */
#ifndef T24_CORE_CANCEL_H
#define T24_CORE_CANCEL_H

#include "core/stop_site.h"

#include <stdbool.h>

typedef struct {
    int (*requested)(void *ctx); /* non-zero: stop now */
    void *ctx;
    int (*at)(void *ctx, stop_site site); /* or NULL; when set, asked instead of requested */
} cancel_check;

/* Can c ever ask to stop (a function set)? */
static inline bool cancel_can_ask(const cancel_check *c)
{
    return c && (c->requested || c->at);
}

/* Has the caller asked to stop? Asked at `site`. */
static inline bool cancel_requested(const cancel_check *c, stop_site site)
{
    if (!c)
        return false;
    if (c->at)
        return c->at(c->ctx, site) != 0;
    return c->requested && c->requested(c->ctx) != 0;
}

#endif
