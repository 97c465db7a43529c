/* timedread.h - a file descriptor read as a stream that gives up at a deadline or when
 * the caller cancels.
 *
 * A reader that checks its clock between lines (pace_read_until()) still waits for ever
 * inside one read: on a pipe whose writer neither writes nor closes, or on one endless
 * line that never reaches the next check. This stream waits for data with poll(2), a
 * tenth of a second at a time, and fails (errno ETIME: the deadline passed; ECANCELED:
 * cancelled) once the deadline passes or the check asks, so that the line reader
 * reports a read error that its caller tells from a real one by asking the same two
 * questions. Data that arrives without a wait is read on, the clock asked once a MiB
 * (an endless flow is cut there; a small file is read whole whatever the limit, as the
 * line reader's check every 4,096 lines did), the cancel check at every buffer (64 KiB). */
#ifndef T24_CORE_TIMEDREAD_H
#define T24_CORE_TIMEDREAD_H

#include <stdio.h>

#include "core/cancel.h"

/* A read-only stream over fd (not closed by fclose(), which frees the rest), stopping
 * when walltime_now() passes deadline (0: never) or cancel asks (NULL: never; its
 * function is copied, its context must outlive the stream). Nothing may have been read
 * from fd through another stream. Returns NULL with errno set when memory runs out. */
FILE *timedread_open(int fd, double deadline, const cancel_check *cancel);

#endif
