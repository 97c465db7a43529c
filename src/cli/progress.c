/* progress.c - progress on stderr; see progress.h. */
#include "cli/progress.h"

#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "core/walltime.h"

bool progress_wanted(progress_mode mode)
{
    return mode == PROGRESS_LOG || (mode == PROGRESS_AUTO && isatty(STDERR_FILENO));
}

progress_line progress_line_make(const char *command, progress_mode mode, double start,
                                 double budget)
{
    progress_line l = { command, false, 0, mode == PROGRESS_LOG, start, budget, 0 };
    return l;
}

/* "t24 study: 35 s of 600 s, " (or without " of ..." when there is no budget). */
static void log_prefix(const progress_line *l, double now)
{
    fprintf(stderr, "t24 %s: %.0f s", l->command, now - l->start);
    if (l->budget > 0)
        fprintf(stderr, " of %.0f s", l->budget);
    fputs(", ", stderr);
}

void progress_log(progress_line *l, const char *text)
{
    double now = walltime_now();
    log_prefix(l, now);
    fprintf(stderr, "%s\n", text);
    fflush(stderr);
    l->last = now;
}

void progress_show(void *ctx, const hs_progress *p)
{
    progress_line *l = ctx;
    double now = walltime_now(), bound = ceil(p->bound - 1e-6);
    if (!(bound > 0)) /* ceil(0 - 1e-6) is -0, which would print "bound -0" */
        bound = 0;
    if (bound < l->floor)
        bound = l->floor;
    double period = l->log ? PROGRESS_LOG_PERIOD : 1.0;
    if ((l->shown || l->log) && l->last > 0 && now - l->last < period)
        return;
    l->last = now;
    if (l->log) {
        log_prefix(l, now);
        fprintf(stderr, "%s: ", p->phase);
    } else {
        fprintf(stderr, "\r\033[Kt24 %s: %.0f s, %s: ", l->command, p->seconds, p->phase);
    }
    if (p->has_value)
        fprintf(stderr, "cover %.0f, bound %.0f, gap %.1f%%", p->value, bound,
                p->value > 0 ? 100.0 * (p->value - bound) / p->value : 0.0);
    else
        fprintf(stderr, "no cover yet, bound %.0f", bound);
    fprintf(stderr, ", %llu %s", (unsigned long long)p->nodes, p->unit ? p->unit : "nodes");
    if (l->log)
        fputc('\n', stderr);
    fflush(stderr);
    l->shown = !l->log;
}

void progress_done(progress_line *l, uint32_t cover, uint32_t bound, bool proven)
{
    char text[128];
    if (!l->log)
        return;
    if (bound < l->floor)
        bound = l->floor;
    snprintf(text, sizeof text, "done: cover %u, bound %u, gap %.1f%%, %s", cover, bound,
             cover > 0 ? 100.0 * (cover - bound) / cover : 0.0,
             proven ? "proven" : "not proven");
    progress_log(l, text);
}

/* Ends the line when one is showing, so that what follows starts on a fresh line. */
void progress_end(progress_line *l)
{
    if (l->shown)
        fputc('\n', stderr);
    l->shown = false;
}
