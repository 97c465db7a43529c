/* args.c - command-line value parsing; see args.h. */
#include "args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int args_int64(const char *s, int64_t *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || end == s || s[0] == ' ' || s[0] == '\t')
        return -1;
    *out = (int64_t)v;
    return 0;
}

int args_int_range(const char *s, int lo, int hi, int *out)
{
    int64_t v;
    if (args_int64(s, &v) || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

int args_double_positive(const char *s, double *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !(v > 0) || v > 1e9)
        return -1;
    *out = v;
    return 0;
}

/* "LO-HI" with 0 <= LO <= HI <= 1000000. */
int args_deck(const char *s, int64_t *lo, int64_t *hi)
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
    if (args_int64(buf, &a) || args_int64(dash + 1, &b) || dash[1] == '-' || dash[1] == '+')
        return -1;
    if (a < 0 || b > 1000000 || a > b)
        return -1;
    *lo = a;
    *hi = b;
    return 0;
}

int args_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "t24%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (try 't24%s%s --help')\n", cmd ? " " : "", cmd ? cmd : "");
    return ARGS_EXIT_USAGE;
}

bool args_is_help(const char *s)
{
    return strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0;
}

const char *args_value(int argc, char **argv, int *i, const char *name, bool *missing)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    *missing = false;
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}
