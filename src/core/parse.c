/* parse.c - strict parsing of numbers and decks; see parse.h. */
#include "core/parse.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* One rule for every number t24 reads: it starts with a digit, or a sign followed by a
 * digit (or by a point and a digit, for decimals), never with a blank of any kind;
 * strtoll and strtod would skip leading whitespace, newlines included. */
static bool plain_start(const char *s)
{
    if (*s == '-' || *s == '+')
        s++;
    if (*s == '.')
        s++;
    return *s >= '0' && *s <= '9';
}

/* Only decimal notation: strtod also reads "0x1p4", "inf" and "nan". */
static bool decimal_chars(const char *s, size_t n)
{
    return strspn(s, "0123456789.eE+-") >= n;
}

int parse_int64(const char *s, int64_t *out)
{
    if (!s || !plain_start(s))
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || end == s)
        return -1;
    *out = (int64_t)v;
    return 0;
}

int parse_int_range(const char *s, int lo, int hi, int *out)
{
    int64_t v;
    if (parse_int64(s, &v) || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

int parse_double_positive(const char *s, double *out)
{
    if (!s || !plain_start(s) || !decimal_chars(s, strlen(s)))
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !(v > 0) || v > 1e9)
        return -1;
    *out = v;
    return 0;
}

/* A memory size: a positive number of bytes with an optional K, M, G or T (powers of
 * 1024), e.g. "8G", "1.5G", "512M"; at most 1 EiB. */
int parse_size(const char *s, uint64_t *out)
{
    if (!s || s[0] == '-' || s[0] == '+' || !plain_start(s))
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || !decimal_chars(s, (size_t)(end - s)))
        return -1;
    static const char units[] = "KMGT";
    if (*end) {
        const char *u = strchr(units, *end);
        if (!u || end[1])
            return -1;
        for (long k = 0; k <= u - units; k++)
            v *= 1024;
    }
    if (!(v >= 1) || v > 0x1p60)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* "LO-HI" with 0 <= LO <= HI <= 1000000. */
int parse_deck(const char *s, int64_t *lo, int64_t *hi)
{
    const char *dash = s ? strchr(s, '-') : NULL;
    if (!dash || dash == s)
        return -1;
    char buf[64];
    size_t n = (size_t)(dash - s);
    if (n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    int64_t a, b;
    if (parse_int64(buf, &a) || parse_int64(dash + 1, &b) || dash[1] == '-' || dash[1] == '+')
        return -1;
    if (a < 0 || b > 1000000 || a > b)
        return -1;
    *lo = a;
    *hi = b;
    return 0;
}
