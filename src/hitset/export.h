/* export.h - a hitting-set instance in formats other solvers read.
 *
 *  - MathProg data for models/hitting_set.mod (GLPK's glpsol): param n (elements are
 *    1..n), set H of sets 1..m, and set S[h] of the elements of set h;
 *  - CPLEX LP: minimize the sum of binaries x<e+1> subject to one row h<s+1> per set;
 *  - PACE 2025 hitting set (.hgr): "p hs n m", then one line per set listing its
 *    elements (1-based, space-separated); lines starting with "c" are comments. A PACE
 *    solution file is the cover size on a line, then one element per line.
 * Element e and set s of the instance are numbered e+1 and s+1 in every file. Writers
 * return 0, or -1 when the stream reports an error. The reader refuses more than 2^24
 * elements (the memory an instance needs grows with N, whatever the sets hold). */
#ifndef T24_HITSET_EXPORT_H
#define T24_HITSET_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/cancel.h"
#include "hitset/instance.h"

int export_dat(FILE *fp, const instance *h, const char *comment);
int export_lp(FILE *fp, const instance *h, const char *comment);
int export_pace(FILE *fp, const instance *h, const char *comment);
int export_pace_solution(FILE *fp, const uint32_t *elems, uint32_t n);
instance *export_read_pace(FILE *fp, char *err, size_t errsize);
/* export_read_pace(), stopping when walltime_now() passes deadline (0: never) or cancel
 * asks, checked every EXPORT_CHECK_LINES lines: a flood of comments or sets then ends
 * with "the time limit ran out while reading, at line N" in err. (A read that blocks,
 * waiting on a pipe, is not interrupted.) */
#define EXPORT_CHECK_LINES 4096
instance *export_read_pace_until(FILE *fp, double deadline, const cancel_check *cancel,
                                 char *err, size_t errsize);

#endif
