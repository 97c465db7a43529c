/* progress.c - the search progress line; see progress.h. */
#include "cli/progress.h"

#include <math.h>
#include <stdio.h>

#include "core/walltime.h"

void progress_show(void *ctx, const ilp_progress *p)
{
    progress_line *l = ctx;
    double now = walltime_now(), bound = ceil(p->bound - 1e-6);
    if (l->shown && now - l->last < 1.0)
        return;
    l->last = now;
    fprintf(stderr, "\r\033[Kt24 %s: %.0f s, %s: ", l->command, p->seconds, p->phase);
    if (p->has_value)
        fprintf(stderr, "cover %.0f, bound %.0f, gap %.1f%%", p->value, bound,
                p->value > 0 ? 100.0 * (p->value - bound) / p->value : 0.0);
    else
        fprintf(stderr, "no cover yet, bound %.0f", bound);
    fprintf(stderr, ", %llu %s", (unsigned long long)p->nodes, p->unit ? p->unit : "nodes");
    fflush(stderr);
    l->shown = true;
}

/* Ends the line when one is showing, so that what follows starts on a fresh line. */
void progress_end(progress_line *l)
{
    if (l->shown)
        fputc('\n', stderr);
    l->shown = false;
}
