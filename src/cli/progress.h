/* progress.h - one self-overwriting line on stderr for long cover searches.
 *
 * progress_show() is an ilp_progress_fn (mincover_params.progress): it rewrites the line
 * with the elapsed time, what is running, the best cover, the best proven bound, the gap
 * and the nodes (or local search steps), at most once a second (each search calls it at
 * most that often; the line also skips a call less than a second after the previous
 * one, when one search hands over to the next). Commands install it only when stderr is
 * a terminal and --quiet is not given. */
#ifndef T24_CLI_PROGRESS_H
#define T24_CLI_PROGRESS_H

#include <stdbool.h>

#include "hitset/ilp.h"

typedef struct {
    const char *command; /* "study", "emit" */
    bool shown;          /* a line is on screen (progress_end() finishes it) */
    double last;         /* when it was last rewritten (walltime_now()) */
} progress_line;

void progress_show(void *ctx, const ilp_progress *p);
void progress_end(progress_line *l);

#endif
