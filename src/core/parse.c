/* parse.c - strict parsing of numbers and decks; see parse.h. */
#include "core/parse.h"

#include "core/budget.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* One rule for every number t24 reads: an optional sign, then digits, optionally a point
 * and more digits, or a point and digits (".5"); nothing else. strtoll and strtod would
 * skip leading whitespace (newlines included) and strtod also reads "1.", "1e-3",
 * "0x1p4", "inf" and "nan": none of those is a number here. Returns the length of the
 * number at the start of s (0 when there is none); `decimals` allows the point. */
static size_t number_len(const char *s, bool decimals)
{
    size_t i = (*s == '-' || *s == '+') ? 1 : 0;
    size_t d = strspn(s + i, "0123456789");
    i += d;
    if (decimals && s[i] == '.') {
        size_t f = strspn(s + i + 1, "0123456789");
        if (f == 0)
            return 0; /* "1." or "." */
        i += 1 + f;
    } else if (d == 0) {
        return 0;
    }
    return i;
}

int parse_int64(const char *s, int64_t *out)
{
    if (!s || number_len(s, false) == 0)
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || end == s)
        return -1;
    *out = (int64_t)v;
    return 0;
}

/* The digits of s's mantissa (its point dropped) and its exponent less the digits after
 * the point: s is digits "." digits? "e" digits, no sign anywhere. Returns -1 when s has
 * another form or the digits do not fit in buf. */
static int count_parts(const char *s, char *buf, size_t size, long *shift)
{
    size_t d = strspn(s, "0123456789"), f = 0, n = 0;
    if (d == 0 || d >= size)
        return -1;
    memcpy(buf, s, d);
    n = d;
    s += d;
    if (*s == '.') {
        f = strspn(s + 1, "0123456789");
        if (f == 0 || n + f >= size)
            return -1;
        memcpy(buf + n, s + 1, f);
        n += f;
        s += 1 + f;
    }
    buf[n] = '\0';
    if (*s != 'e' && *s != 'E')
        return *s || f ? -1 : (*shift = 0, 0); /* "1.5" alone is no count */
    size_t x = strspn(s + 1, "0123456789");
    if (x == 0 || x > 3 || s[1 + x])
        return -1;
    *shift = strtol(s + 1, NULL, 10) - (long)f;
    return 0;
}

int parse_count(const char *s, uint64_t *out)
{
    char digits[64];
    long shift;
    if (!s || count_parts(s, digits, sizeof digits, &shift))
        return -1;
    size_t n = strlen(digits);
    for (; shift < 0; shift++) /* digits after the exponent's reach must be zeros */
        if (digits[--n] != '0')
            return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned k = (unsigned)(digits[i] - '0');
        if (v > (UINT64_MAX - k) / 10)
            return -1;
        v = 10 * v + k;
    }
    for (; shift > 0; shift--) {
        if (v > UINT64_MAX / 10)
            return -1;
        v *= 10;
    }
    *out = v;
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
    if (!s || number_len(s, true) != strlen(s))
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !budget_seconds_ok(v))
        return -1;
    *out = v;
    return 0;
}

/* A memory size: a positive number of bytes with an optional K, M, G or T (powers of
 * 1024), e.g. "8G", "1.5G", "512M"; at most 1 EiB. */
int parse_size(const char *s, uint64_t *out)
{
    size_t n = s ? number_len(s, true) : 0;
    if (n == 0 || s[0] == '-' || s[0] == '+')
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end != s + n)
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
