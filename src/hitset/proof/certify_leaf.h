/* certify_leaf.h - a certificate of one leaf: multipliers y >= 0 on an instance's sets
 * prove that every cover has at least ceil(L(y)) elements, by weak duality (lagrange.h),
 * whatever y is. The file is `leaf y S:V ...` under the usual head (docs/formats.md,
 * "Certificates"), and t24-check verifies it without trusting t24.
 *
 * Why apart from certify.h: the certifying search needs GLPK's simplex on the whole
 * instance, which seven cards' millions of elements do not allow, while column
 * generation's duals (colgen.h) reach the LP value there in a minute; those duals, as
 * such a y, certify the LP bound. */
#ifndef T24_HITSET_CERTIFY_LEAF_H
#define T24_HITSET_CERTIFY_LEAF_H

#include <stdint.h>
#include <stdio.h>

#include "hitset/model/instance.h"

typedef struct {
    uint32_t bound;       /* K = ceil(L(y)), exact (0 when L(y) <= 0) */
    double value;         /* L(y), for display */
    uint32_t multipliers; /* the nonzero ones written */
    uint64_t bytes;       /* the file's */
} certify_leaf_result;

/* The longest line t24-check reads (its CERT_LINE_MAX, newline included): the leaf is
 * one line, up to 21 bytes a nonzero multiplier, so past about 12 million of them (an
 * instance may have 2^28 sets) it would not be read. */
#define CERTIFY_LEAF_LINE_MAX ((uint64_t)1 << 28)

/* Writes the certificate of K = ceil(L(y)) for h to out, with y read as
 * lagrange_evaluate() reads it (rounded down to multiples of 2^-32 in [0, 1]); comment
 * (one line, or NULL) goes in a `c` line. Returns 0 with *r filled, -1 when out
 * reports an error (part may be written), or -2, nothing written, when the leaf's line
 * would pass CERTIFY_LEAF_LINE_MAX. */
int certify_leaf_write(const instance *h, const double *y, const char *comment, FILE *out,
                       certify_leaf_result *r);

#endif
