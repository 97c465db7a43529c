/* test_params.c - the list of parameters (src/hitset/t24hs_params.h, issue 50 item 2)
 * against hs_params_check(): each row's range is checked at its ends (both in range) and
 * just past them (refused), and a refusal reads "NAME = VALUE; must be MUST" with the
 * row's MUST. For the limits, whose check and words are core/budget.h's, this holds the
 * row's words to budget.h's. The rows as text against the header, the docs and the
 * commands' --help are tests/check_params.py. */
#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/budget.h"
#include "hitset/t24hs.h"
#include "hitset/t24hs_params.h"

/* One row as values: the field is set through set(), as a double (every range end of
 * the list is an integer below 2^53 or an infinity). */
typedef struct {
    const char *name, *kind, *must;
    double low, high;
    void (*set)(hs_params *p, double v);
} row;

/* An enum's value goes through int, as a caller's (hs_engine)-1 does: a negative double
 * into an unsigned enum would be undefined. */
#define AS_ENUM(v) (int)(v)
#define AS_RANGE(v) (v)
#define AS_SECONDS(v) (v)
#define AS_OPTIONAL_SECONDS(v) (v)
#define AS_WORK(v) (v)
#define AS_ANY(v) (v)
#define ROW_SET(name, type, kind, copy, def, low, high, option, clidef, must) \
    static void set_##name(hs_params *p, double v) { p->name = (type)AS_##kind(v); }
T24HS_PARAMS(ROW_SET)
#undef ROW_SET

static const row rows[] = {
#define ROW(name, type, kind, copy, def, low, high, option, clidef, must) \
    { #name, #kind, must, (double)(low), (double)(high), set_##name },
    T24HS_PARAMS(ROW)
#undef ROW
};

#define NROWS (sizeof rows / sizeof rows[0])

/* hs_params_check() on the defaults with r's field at v: 0, or -1 with err filled. */
static int check_at(const row *r, double v, char *err, size_t errsize)
{
    hs_params p;
    hs_params_init(&p);
    r->set(&p, v);
    err[0] = '\0';
    return hs_params_check(&p, err, errsize);
}

/* A value past end (low or high) of r's range, outward: one integer for the integer
 * ranges, twice the end for the limits (their ends are 0 and 1e9 or 1e15, and the
 * next double past 1e15 is still a whole number of work units). */
static double past(const row *r, bool high)
{
    double end = high ? r->high : r->low;
    if (strcmp(r->kind, "RANGE") == 0 || strcmp(r->kind, "ENUM") == 0)
        return high ? end + 1 : end - 1;
    return high ? end * 2 : -1;
}

Test(params, every_range_holds_at_its_ends_and_refuses_past_them_in_the_rows_words)
{
    char err[256], want[256];
    size_t checked = 0;
    for (size_t i = 0; i < NROWS; i++) {
        const row *r = &rows[i];
        if (strcmp(r->kind, "ANY") == 0)
            continue;
        for (int high = 0; high <= 1; high++) {
            double end = high ? r->high : r->low;
            bool open_low = !high && (strcmp(r->kind, "SECONDS") == 0 ||
                                      strcmp(r->kind, "OPTIONAL_SECONDS") == 0);
            if (isfinite(end) && !open_low) /* (0, 1e9]: 0 itself is refused */
                cr_expect_eq(check_at(r, end, err, sizeof err), 0, "%s = %.17g: %s", r->name,
                             end, err);
            if (!isfinite(end) || (!high && strcmp(r->kind, "OPTIONAL_SECONDS") == 0) ||
                (high && end == INT_MAX))
                continue; /* nothing past infinity or INT_MAX; below 0 is the default share */
            double v = past(r, high);
            if (strcmp(r->kind, "WORK") == 0 && !high)
                continue; /* a uint64_t has nothing below 0 */
            cr_expect_eq(check_at(r, v, err, sizeof err), -1, "%s = %.17g passed", r->name, v);
            snprintf(want, sizeof want, "%s = %.17g; must be %s", r->name, v, r->must);
            cr_expect_str_eq(err, want);
            checked++;
        }
    }
    /* both sides of time_limit, greedy_runs, engine, lp and threads; one of work,
     * deadline, local_search and mem_limit_mb */
    cr_expect_eq(checked, 14, "only %zu refusals checked", checked);
}

/* NaN is out of every range a double has. */
Test(params, nan_is_refused_by_every_real_row)
{
    char err[256];
    static const char *const reals[] = { "time_limit", "deadline", "local_search" };
    for (size_t k = 0; k < sizeof reals / sizeof reals[0]; k++)
        for (size_t i = 0; i < NROWS; i++)
            if (strcmp(rows[i].name, reals[k]) == 0) {
                cr_expect_eq(check_at(&rows[i], NAN, err, sizeof err), -1, "%s", reals[k]);
                cr_expect(strncmp(err, reals[k], strlen(reals[k])) == 0, "%s", err);
            }
}
