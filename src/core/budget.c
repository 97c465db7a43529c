/* budget.c - one phase's time: see budget.h. */
#include "core/budget.h"

#include "core/walltime.h"

#include <limits.h>
#include <math.h>

budget budget_until(double end, const cancel_check *cancel)
{
    budget b = { end, cancel };
    return b;
}

bool budget_over(budget b, double now)
{
    return (b.end > 0 && now >= b.end) || cancel_requested(b.cancel);
}

bool budget_stopped(budget b)
{
    return budget_over(b, walltime_now());
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

budget_poll budget_poll_make(budget b, uint64_t stride)
{
    budget_poll p = { b, stride, 0, false };
    return p;
}

bool budget_poll_stopped(budget_poll *p, uint64_t work)
{
    if (p->stopped || work < p->next)
        return p->stopped;
    p->next = work + p->stride;
    p->stopped = budget_over(p->b, walltime_now());
    return p->stopped;
}
