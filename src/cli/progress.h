/* progress.h - progress on stderr for long runs: a self-overwriting line on a terminal,
 * or, with --progress, plain lines a log file keeps.
 *
 * progress_show() is an hs_progress_fn (hs_params.progress). On a terminal it
 * rewrites one line with the elapsed time, what is running, the best cover, the best
 * proven bound, the gap and the nodes (or local search steps), at most once a second
 * (each search calls it at most that often; the line also skips a call less than a
 * second after the previous one, when one search hands over to the next). In log mode
 * (--progress) it writes a whole line at most every PROGRESS_LOG_PERIOD seconds instead,
 * with no escape codes and the run's elapsed time beside its budget:
 *
 *   t24 study: 35 s of 600 s, local search: cover 51, bound 45, gap 11.8%, 12345 steps
 *
 * so that `2>log` records how the bounds moved (docs/frontier/ draws them). */
#ifndef T24_CLI_PROGRESS_H
#define T24_CLI_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "hitset/t24hs.h"

#define PROGRESS_LOG_PERIOD 5.0

/* Where progress goes: --quiet (none), the default (only on a terminal), --progress
 * (always, as log lines). */
typedef enum { PROGRESS_AUTO, PROGRESS_OFF, PROGRESS_LOG } progress_mode;

typedef struct {
    const char *command; /* "study", "emit" */
    bool shown;          /* a terminal line is on screen (progress_end() finishes it) */
    double last;         /* when it was last written (walltime_now()) */
    bool log;            /* whole lines every PROGRESS_LOG_PERIOD s (--progress) */
    double start;        /* log mode: walltime_now() when the command started */
    double budget;       /* log mode: the run's time limit in seconds, 0 for none */
    uint32_t floor;      /* a lower bound this command has already proven (t24 cover's LP
                            certificate), 0 for none: no line shows a smaller bound */
} progress_line;

/* Is progress shown at all in this mode (PROGRESS_AUTO: when stderr is a terminal)? */
bool progress_wanted(progress_mode mode);
/* A line for `command` in this mode; start and budget are for log lines. */
progress_line progress_line_make(const char *command, progress_mode mode, double start,
                                 double budget);
void progress_show(void *ctx, const hs_progress *p);
/* One log line "t24 CMD: E s of B s, TEXT" now, whatever the period (log mode only). */
void progress_log(progress_line *l, const char *text);
/* Log mode only: the run's last line, "done: cover C, bound B, gap G%, proven" (or "not
 * proven"), so that a log ends with the result; a no-op otherwise. */
void progress_done(progress_line *l, uint32_t cover, uint32_t bound, bool proven);
void progress_end(progress_line *l);

#endif
