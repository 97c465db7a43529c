/* budget.c - one limit (time, work, cancel): see budget.h. */
#include "core/budget.h"

#include "core/walltime.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>

budget budget_until(double end, const cancel_check *cancel)
{
    budget b = { end, cancel, NULL, 0 };
    return b;
}

budget budget_counting(budget b, budget_work *w, uint64_t work_end)
{
    b.work = w;
    b.work_end = w ? work_end : 0;
    return b;
}

void budget_add(budget b, uint64_t units)
{
    if (b.work)
        b.work->used = units > UINT64_MAX - b.work->used ? UINT64_MAX : b.work->used + units;
}

uint64_t budget_used(budget b)
{
    return b.work ? b.work->used : 0;
}

bool budget_by_work(budget b)
{
    return b.work && b.work_end > 0;
}

uint64_t budget_work_left(budget b)
{
    if (!budget_by_work(b))
        return UINT64_MAX;
    return b.work->used >= b.work_end ? 0 : b.work_end - b.work->used;
}

budget budget_work_share(budget b, double fraction)
{
    if (budget_by_work(b) && fraction < 1) {
        uint64_t left = budget_work_left(b);
        /* at least one unit, so that a share of something is never "no end" */
        uint64_t share = (uint64_t)(fraction * (double)left);
        b.work_end = b.work->used + (share ? share : 1);
    }
    return b;
}

budget budget_sooner(budget b, double end)
{
    if (end > 0 && (b.end <= 0 || end < b.end))
        b.end = end;
    return b;
}

budget budget_time_share(budget b, double now, double fraction)
{
    if (b.end > 0 && !budget_by_work(b) && fraction < 1)
        b.end = now + budget_floor(fraction * budget_left(b, now));
    return b;
}

static bool work_done(budget b)
{
    return budget_by_work(b) && b.work->used >= b.work_end;
}

bool budget_over(budget b, double now, stop_site site)
{
    return (b.end > 0 && now >= b.end) || work_done(b) || cancel_requested(b.cancel, site);
}

bool budget_seconds_ok(double seconds)
{
    return seconds > 0 && seconds <= BUDGET_MAX_SECONDS; /* NaN fails */
}

int budget_check_seconds(const char *field, double seconds, char *err, size_t errsize)
{
    if (budget_seconds_ok(seconds))
        return 0;
    snprintf(err, errsize, "%s = %.17g; must be a number of seconds in (0, 1e9]", field, seconds);
    return -1;
}

int budget_check_optional_seconds(const char *field, double seconds, const char *negative,
                                  char *err, size_t errsize)
{
    if (seconds <= 0 || budget_seconds_ok(seconds)) /* NaN fails both */
        return 0;
    snprintf(err, errsize, "%s = %.17g; must be < 0 (%s), 0 (none) or seconds up to 1e9",
             field, seconds, negative);
    return -1;
}

int budget_check_work(const char *field, uint64_t units, bool zero_ok, char *err,
                      size_t errsize)
{
    if ((units >= 1 || zero_ok) && units <= BUDGET_MAX_WORK)
        return 0;
    snprintf(err, errsize, "%s = %llu; must be %s of work units up to 1e15", field,
             (unsigned long long)units, zero_ok ? "0 (none) or a number" : "a number");
    return -1;
}

bool budget_stopped(budget b, stop_site site)
{
    return budget_over(b, walltime_now(), site);
}

double budget_left(budget b, double now)
{
    return b.end > 0 ? b.end - now : INFINITY;
}

double budget_floor(double seconds)
{
    return seconds > BUDGET_FLOOR ? seconds : BUDGET_FLOOR;
}

double budget_share(budget b, double now, double fraction, double of)
{
    double share = fraction * of, left = budget_left(b, now);
    return share < left ? share : budget_floor(left);
}

int budget_glpk_ms(double seconds)
{
    double ms = ceil(seconds * 1000.0);
    return ms >= INT_MAX ? INT_MAX : ms < 1 ? 1 : (int)ms;
}

budget_poll budget_poll_make(budget b, uint64_t stride, stop_site site)
{
    budget_poll p = { b, stride, 0, 0, false, site };
    return p;
}

bool budget_poll_stopped(budget_poll *p, uint64_t work)
{
    if (work > p->counted) {
        budget_add(p->b, work - p->counted);
        p->counted = work;
    }
    if (!p->stopped && work_done(p->b))
        p->stopped = true;
    if (p->stopped || work < p->next)
        return p->stopped;
    p->next = work + p->stride;
    p->stopped = budget_over(p->b, walltime_now(), p->site);
    return p->stopped;
}
