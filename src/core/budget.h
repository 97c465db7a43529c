/* budget.h - one limit: an end on the monotonic clock (core/walltime.h), an end in work
 * (units every phase counts, below) and the caller's early stop (core/cancel.h), asked the
 * same way by every phase.
 *
 * Time once travelled as a limit, a deadline or seconds, and each phase carried its own
 * copy of "past the deadline, or cancelled?", its own millisecond floor and its own
 * conversion to GLPK's milliseconds. They live here, once, so that a phase's limit reads
 * the same wherever it is set. A budget is a plain value, passed as one: make a shorter one for
 * a part of the work (budget_until() with an earlier end, budget_work_share() with an
 * earlier work end).
 *
 * Work: a unit is about one instance entry read (an incidence), so that a unit costs
 * about the same time in every phase (docs/hitting-sets.md, "Work limits": the phases'
 * weights and the measured rate). Every phase adds what it did to the run's one counter
 * (budget_work), where it already asks its budget; a limit in work stops every phase at
 * the same point on any machine, at any load, where a limit in seconds does not. */
#ifndef T24_CORE_BUDGET_H
#define T24_CORE_BUDGET_H

#include "core/cancel.h"
#include "core/stop_site.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The least time a phase that must run is given (seconds): a phase handed nothing left
 * still gets this, so that it starts, sees its end and stops at once with what it has,
 * rather than refusing a limit of 0 (which the phases' parameter checks reject). */
#define BUDGET_FLOOR 1e-3

/* The range of a limit in seconds, (0, BUDGET_MAX_SECONDS], and of one in work units,
 * [1, BUDGET_MAX_WORK] (1e15 units: years at the measured rate). */
#define BUDGET_MAX_SECONDS 1e9
#define BUDGET_MAX_WORK 1000000000000000ULL

/* The work units a second measured on this machine (docs/hitting-sets.md, "Work
 * limits": within a factor of 4 across phases): used only to read a user's seconds as
 * work where a work limit is set (`--local-search S` under --work), never to limit. */
#define BUDGET_UNITS_PER_SECOND 5e6

/* The work a run did, in units: one counter per run, which every phase of the run adds to
 * (the hitting-set engine runs its phases on one thread, so a plain count). */
typedef struct {
    uint64_t used;
} budget_work;

typedef struct {
    double end;                 /* walltime_now() at which the time is up; 0: never */
    const cancel_check *cancel; /* the caller's early stop, or NULL for none */
    budget_work *work;          /* the run's work counter, or NULL: nothing counted */
    uint64_t work_end;          /* work->used at which the work is up; 0: never */
} budget;

/* A budget that ends at `end` (walltime_now(); 0 for no end) or when cancel asks; no
 * work counted. */
budget budget_until(double end, const cancel_check *cancel);

/* b, counting its work into w (NULL: none), and also over once w->used reaches work_end
 * (0: no end in work). */
budget budget_counting(budget b, budget_work *w, uint64_t work_end);

/* Adds `units` of work done to b's counter (none: nothing). */
void budget_add(budget b, uint64_t units);

/* The units counted so far (0 with no counter). */
uint64_t budget_used(budget b);

/* Is there an end in work? Then the time end is a safety cap alone: a phase's share is
 * taken in work (budget_work_share()), never in seconds, so that the clock decides
 * nothing a run reports unless that cap (or a cancel) ends it. */
bool budget_by_work(budget b);

/* Work left before b's work end (UINT64_MAX with none; 0 once past it). */
uint64_t budget_work_left(budget b);

/* b, with its work end brought to `fraction` (in (0, 1]) of the work left, when it has
 * one: a phase's share in work. */
budget budget_work_share(budget b, double fraction);

/* b, with its time end brought to `end` (walltime_now()) when that is sooner or b has
 * none; end 0: b. A phase given seconds of its own from now takes
 * budget_sooner(b, now + seconds). */
budget budget_sooner(budget b, double end);

/* b, with its time end brought to `fraction` (in (0, 1]) of the time left at `now`, at
 * least BUDGET_FLOOR, when it has one and no end in work: a phase's share in time. With
 * an end in work the time end is the run's safety cap and stays whole (the phase's share
 * is then budget_work_share()'s). */
budget budget_time_share(budget b, double now, double fraction);

/* The one range check of a limit: seconds in (0, BUDGET_MAX_SECONDS], NaN refused.
 * Returns 0, or -1 with "FIELD = VALUE; must be ..." in err. */
int budget_check_seconds(const char *field, double seconds, char *err, size_t errsize);

/* The same for seconds that may be left to a default: < 0 (`negative` says what that
 * means, e.g. "the default share"), 0 (none) or seconds in (0, BUDGET_MAX_SECONDS]. */
int budget_check_optional_seconds(const char *field, double seconds, const char *negative,
                                  char *err, size_t errsize);

/* Is seconds a limit in (0, BUDGET_MAX_SECONDS] (NaN: no)? budget_check_seconds()'s
 * test alone, for a parser that words its own refusal. */
bool budget_seconds_ok(double seconds);

/* The same for a limit in work units: 1..BUDGET_MAX_WORK, or 0 (none) when zero_ok. */
int budget_check_work(const char *field, uint64_t units, bool zero_ok, char *err,
                      size_t errsize);

/* Is the time up at `now`, the work done, or has the caller asked to stop? The clock is
 * compared first and the cancel asked only when neither is up (a cancel check counted by
 * a test sees the same calls as before the budget existed), at `site`
 * (core/stop_site.h: the place that asks, passed to the cancel's probe). */
bool budget_over(budget b, double now, stop_site site);

/* budget_over() at walltime_now(). */
bool budget_stopped(budget b, stop_site site);

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
 * clock read per step costs more than a cheap step), and once stopped it stays so. The
 * work the loop reports is added to the budget's counter as it comes, and the work end
 * is checked at every question (a comparison, no clock: where it stops does not depend
 * on the stride or the machine). */
typedef struct {
    budget b;
    uint64_t stride, next; /* work between two readings; the work at the next */
    uint64_t counted;      /* the loop's work already added to b's counter */
    bool stopped;
    stop_site site; /* the loop's place, for the cancel (core/stop_site.h) */
} budget_poll;

/* A poll of b whose first question reads the clock; its questions are asked at `site`. */
budget_poll budget_poll_make(budget b, uint64_t stride, stop_site site);

/* Stopped, asked after `work` units done in all (a count that only grows): adds what is
 * new to the counter, is stopped at once past the work end, reads the clock only when
 * work has reached the next reading, and answers the last reading otherwise. */
bool budget_poll_stopped(budget_poll *p, uint64_t work);

#endif
