/* test_progress.c - the progress lines of src/cli/progress.c print the run's bound as a
 * whole number: the ceiling of what a phase proved, never "-0" for a bound of 0 (issue 49,
 * item 8), and the cover, gap and nodes beside it. Each test writes one log line into a
 * file that stands in for stderr (Criterion runs each test in a process of its own). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/progress.h"
#include "core/walltime.h"

/* The log line progress_show() writes for p, in buf. */
static void show(const hs_progress *p, char *buf, size_t size)
{
    char path[] = "/tmp/t24-progress-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    cr_assert(freopen(path, "w", stderr));
    progress_line l = progress_line_make("cover", PROGRESS_LOG, walltime_now(), 60);
    progress_show(&l, p);
    fflush(stderr);
    FILE *in = fopen(path, "r");
    cr_assert(in);
    size_t n = fread(buf, 1, size - 1, in);
    buf[n] = '\0';
    fclose(in);
    remove(path);
}

/* The text after "t24 cover: E s of 60 s, " (the elapsed time is the machine's). */
static const char *after_prefix(const char *line)
{
    const char *p = strstr(line, " of 60 s, ");
    cr_assert(p, "no prefix in '%s'", line);
    return p + strlen(" of 60 s, ");
}

Test(progress, a_bound_of_zero_is_printed_as_0_not_minus_0)
{
    char buf[512];
    hs_progress p = { "LP certificate", 1.0, false, 0, 0.0, 3, "rounds" };
    show(&p, buf, sizeof buf);
    cr_assert_str_eq(after_prefix(buf), "LP certificate: no cover yet, bound 0, 3 rounds\n");
    hs_progress q = { "local search", 1.0, true, 7, 0.0, 12, "steps" };
    show(&q, buf, sizeof buf);
    cr_assert_str_eq(after_prefix(buf), "local search: cover 7, bound 0, gap 100.0%, 12 steps\n");
}

Test(progress, a_fractional_bound_is_its_ceiling_and_rounding_noise_is_not)
{
    char buf[512];
    /* 28.2 proves 29 (covers are whole); 29 + 1e-9 is 29 computed in floating point. */
    hs_progress p = { "column generation", 1.0, true, 45, 28.2, 4, "rounds" };
    show(&p, buf, sizeof buf);
    /* gap (45 - 29) / 45 = 35.6 % */
    cr_assert_str_eq(after_prefix(buf), "column generation: cover 45, bound 29, gap 35.6%, 4 rounds\n");
    hs_progress q = { "column generation", 1.0, true, 45, 29.000000001, 5, "rounds" };
    show(&q, buf, sizeof buf);
    cr_assert_str_eq(after_prefix(buf), "column generation: cover 45, bound 29, gap 35.6%, 5 rounds\n");
}
