/* export.h - a hitting-set instance as a 0-1 program for other solvers, written only
 * (t24 reads none of these back: the PACE format, which it also reads, is pace.h):
 *
 *  - MathProg data for models/hitting_set.mod (GLPK's glpsol): param n (elements are
 *    1..n), set H of sets 1..m, and set S[h] of the elements of set h;
 *  - CPLEX LP: minimize the sum of binaries x<e+1> subject to one row h<s+1> per set.
 * Element e and set s of the instance are numbered e+1 and s+1 in both, as in pace.h.
 * Each writes a comment line first when comment is not NULL, and returns 0, or -1 when
 * the stream reports an error. */
#ifndef T24_HITSET_EXPORT_H
#define T24_HITSET_EXPORT_H

#include <stdio.h>

#include "hitset/model/instance.h"

int export_dat(FILE *fp, const instance *h, const char *comment);
int export_lp(FILE *fp, const instance *h, const char *comment);

#endif
