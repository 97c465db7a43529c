/* stop.h - SIGINT and SIGTERM as a request to stop at once, as the time limit would
 * (`t24 cover`'s cube modes and --estimate).
 *
 * A search asks stop_requested() where it reads its clock and ends as at its time limit:
 * a worker keeps the proofs it finished, an estimate reports the dives it made. The
 * handlers are installed without SA_RESTART, so a read blocked on a pipe returns at the
 * signal instead of waiting on (core/timedread.h waits a tenth of a second at a time,
 * for a signal that reached another thread). A second signal ends the process at once,
 * as the signal would have without the handlers: the way out of a step that does not ask.
 *
 * The flag is one static object: a signal handler has no other way to find it, so there
 * is one per process. */
#ifndef T24_CLI_STOP_H
#define T24_CLI_STOP_H

#include <stdbool.h>

#include "core/cancel.h"

/* Installs the handlers. Returns 0, or -1 when sigaction fails. */
int stop_start(void);
/* Non-zero once a signal asked (a cancel function: ctx is ignored). */
int stop_requested(void *ctx);
/* The cancel check of stop_requested(). */
cancel_check stop_check(void);

#endif
