/* budget.h - one phase's time: an end on the monotonic clock (core/walltime.h) and the
 * caller's early stop (core/cancel.h), asked the same way by every phase.
 *
 * Time once travelled as a limit, a deadline or seconds, and each phase carried its own
 * copy of "past the deadline, or cancelled?", its own millisecond floor and its own
 * conversion to GLPK's milliseconds. They live here, once, so that a phase's limit reads
 * the same wherever it is set. A budget is a plain value, passed as one: make a shorter one for
 * a part of the work (budget_until() with an earlier end). */
#ifndef T24_CORE_BUDGET_H
#define T24_CORE_BUDGET_H

#include "core/cancel.h"

#include <stdbool.h>
#include <stdint.h>

/* The least time a phase that must run is given (seconds): a phase handed nothing left
 * still gets this, so that it starts, sees its end and stops at once with what it has,
 * rather than refusing a limit of 0 (which the phases' parameter checks reject). */
#define BUDGET_FLOOR 1e-3

typedef struct {
    double end;                 /* walltime_now() at which the time is up; 0: never */
    const cancel_check *cancel; /* the caller's early stop, or NULL for none */
} budget;

/* A budget that ends at `end` (walltime_now(); 0 for no end) or when cancel asks. */
budget budget_until(double end, const cancel_check *cancel);

/* Is the time up at `now`, or has the caller asked to stop? The clock is compared first
 * and the cancel asked only when the time is not up (a cancel check counted by a test
 * sees the same calls as before the budget existed). */
bool budget_over(budget b, double now);

/* budget_over() at walltime_now(). */
bool budget_stopped(budget b);

/* Seconds left at `now` (negative once past the end; INFINITY for no end). */
double budget_left(budget b, double now);

/* seconds, or BUDGET_FLOOR when that is more. */
double budget_floor(double seconds);

/* `fraction` of `of` seconds (a total, or what is left), unless the time left at `now`
 * is shorter: then what is left, floored (budget_floor()). */
double budget_share(budget b, double now, double fraction, double of);

/* seconds as GLPK's tm_lim: milliseconds rounded up (a limit never shrinks), at least 1
 * (0 would be none) and at most INT_MAX (a longer limit is as good as none). */
int budget_glpk_ms(double seconds);

/* A budget asked from a hot loop: the clock is read once per `stride` units of work (a
 * clock read per step costs more than a cheap step), and once stopped it stays so. */
typedef struct {
    budget b;
    uint64_t stride, next; /* work between two readings; the work at the next */
    bool stopped;
} budget_poll;

/* A poll of b whose first question reads the clock. */
budget_poll budget_poll_make(budget b, uint64_t stride);

/* Stopped, asked after `work` units done in all: reads the clock only when work has
 * reached the next reading, and answers the last reading otherwise. */
bool budget_poll_stopped(budget_poll *p, uint64_t work);

#endif
