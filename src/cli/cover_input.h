/* cover_input.h - `t24 cover`'s instance FILE, read within its time limit.
 *
 * Every mode that reads FILE (the cover run, --split, --estimate) reads it here, so that
 * the time limit and a signal bound the reading itself: a pipe that blocks, one endless
 * line or an endless flood of lines ends at the deadline or at stop, where the line
 * reader alone would wait for ever (core/timedread.h). */
#ifndef T24_CLI_COVER_INPUT_H
#define T24_CLI_COVER_INPUT_H

#include <stddef.h>

#include "core/cancel.h"
#include "hitset/t24hs.h"

/* FILE (NULL or "-": standard input) read until deadline (hs_clock(); 0: none) or until
 * stop asks (NULL: never). Returns the instance, or NULL with err naming the file and
 * why ("the time limit ran out while reading, at line N", "stopped by a signal while
 * reading", or what is wrong with it). */
hs_instance *cover_input_read(const char *file, double deadline, const cancel_check *stop,
                              char *err, size_t errsize);

#endif
