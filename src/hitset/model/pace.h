/* pace.h - the PACE 2025 hitting-set format: instances (.hgr) read and written, solutions
 * written. The one home of the format in t24 (libt24hs's hs_instance_read_pace(),
 * hs_instance_write_pace() and hs_cover_write_pace() call it); t24-check reads the same
 * files on its own, with the same limits (src/checker/t24-check.c).
 *
 * An instance: lines starting with "c" are comments; one header "p hs N M"; then M
 * lines, one per set, listing its elements (1..N, separated by blanks). A solution: the
 * cover's size on a line, then one element per line. Element e and set s of the instance
 * are e+1 and s+1 in both files. Writers return 0, or -1 when the stream reports an
 * error. */
#ifndef T24_HITSET_PACE_H
#define T24_HITSET_PACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/cancel.h"
#include "hitset/model/instance.h"

/* A "c COMMENT" line first when comment is not NULL. */
int pace_write(FILE *fp, const instance *h, const char *comment);
int pace_write_solution(FILE *fp, const uint32_t *elems, uint32_t n);

/* Returns the instance (free with instance_free()), or NULL with "line L: why" in err: a
 * missing or repeated header, a set count other than M, an element outside 1..N, an
 * empty set, anything but numbers. It refuses more than 2^24 elements (an instance's
 * memory grows with N, whatever the sets hold), 2^28 entries over all sets (the named
 * constant PACE_MAX_ENTRIES_LOG2 of pace.c) and lines
 * over 1 MiB. LF, CRLF and CR line ends are all read. */
instance *pace_read(FILE *fp, char *err, size_t errsize);
/* pace_read(), stopping when walltime_now() passes deadline (0: never) or cancel asks,
 * checked every PACE_CHECK_LINES lines: a flood of comments or sets then ends with "the
 * time limit ran out while reading, at line N" in err, as does a read error past the
 * deadline. (A read that blocks, waiting on a pipe, is not interrupted here: a stream of
 * core/timedread.h fails at the deadline instead, which then reads as that.) */
#define PACE_CHECK_LINES 4096
instance *pace_read_until(FILE *fp, double deadline, const cancel_check *cancel, char *err,
                          size_t errsize);

#endif
