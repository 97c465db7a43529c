/* certify_leaf.c - a one-leaf certificate of a Lagrangian bound; see certify_leaf.h. */
#include "hitset/proof/certify_leaf.h"

#include <inttypes.h>
#include <string.h>

#include "hitset/bounds/lagrange.h"
#include "hitset/proof/certify.h"

/* A comment's text on one line: the certificate's format has no escape, so a line
 * break (or any control byte) in it would start a line the checker parses. */
static int write_comment(FILE *out, const char *comment, uint64_t *bytes)
{
    if (!comment)
        return 0;
    if (fputs("c ", out) < 0)
        return -1;
    for (const char *c = comment; *c; c++)
        if (fputc((unsigned char)*c < 0x20 ? ' ' : *c, out) == EOF)
            return -1;
    if (fputc('\n', out) == EOF)
        return -1;
    *bytes += strlen(comment) + 3;
    return 0;
}

/* Decimal digits of v. */
static uint64_t digits(uint64_t v)
{
    uint64_t n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

/* The bytes of the `leaf y` line with y's nonzero multipliers, its newline included. */
static uint64_t leaf_line_bytes(const instance *h, const double *y)
{
    uint64_t n = strlen("leaf y") + 1;
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        uint64_t v = lagrange_fixed(y[s]);
        if (v)
            n += 2 + digits(s + 1) + digits(v); /* " S:V" */
    }
    return n;
}

int certify_leaf_write(const instance *h, const double *y, const char *comment, FILE *out,
                       certify_leaf_result *r)
{
    memset(r, 0, sizeof *r);
    if (leaf_line_bytes(h, y) > CERTIFY_LEAF_LINE_MAX)
        return -2;
    /* The bound is what lagrange_evaluate() proves with these very integers, so the
     * checker, summing them exactly, finds the same L(y). */
    lagrange_bound b = lagrange_evaluate(h, y, NULL);
    r->bound = b.ceil;
    r->value = b.value;
    int n = fprintf(out, "t24-certificate 1\n");
    if (n < 0 || write_comment(out, comment, &r->bytes))
        return -1;
    r->bytes += (uint64_t)n;
    n = fprintf(out, "instance %u %u %016" PRIx64 "\nbound %u\ndenominator %" PRIu64
                     "\ntree\nleaf y",
                instance_nelems(h), instance_nsets(h), certify_checksum(h), r->bound,
                (uint64_t)1 << LAGRANGE_FRACTION_BITS);
    if (n < 0)
        return -1;
    r->bytes += (uint64_t)n;
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        uint64_t v = lagrange_fixed(y[s]);
        if (v == 0)
            continue;
        n = fprintf(out, " %u:%" PRIu64, s + 1, v);
        if (n < 0)
            return -1;
        r->bytes += (uint64_t)n;
        r->multipliers++;
    }
    if (fputs("\nend\n", out) < 0 || fflush(out))
        return -1;
    r->bytes += 5;
    return 0;
}
