/* test_progress.c - the progress lines of src/cli/progress.c print the run's bound as a
 * whole number: the ceiling of what a phase proved, never "-0" for a bound of 0, and never
 * below a bound the command has already proven (t24 cover's LP certificate; issue 49, item
 * 8), with the cover, gap and nodes beside it. Each test writes one log line into a
 * file that stands in for stderr (Criterion runs each test in a process of its own). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/progress.h"
#include "core/walltime.h"

/* The log line progress_show() writes for p (or, p NULL, progress_done() for cover 215 and
 * bound 163), on a line whose floor is `floor`, in buf. */
static void show_floor(const hs_progress *p, uint32_t floor, char *buf, size_t size)
{
    char path[] = "/tmp/t24-progress-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    cr_assert(freopen(path, "w", stderr));
    progress_line l = progress_line_make("cover", PROGRESS_LOG, walltime_now(), 60);
    l.floor = floor;
    if (p)
        progress_show(&l, p);
    else
        progress_done(&l, 215, 163, false);
    fflush(stderr);
    FILE *in = fopen(path, "r");
    cr_assert(in);
    size_t n = fread(buf, 1, size - 1, in);
    buf[n] = '\0';
    fclose(in);
    remove(path);
}

static void show(const hs_progress *p, char *buf, size_t size)
{
    show_floor(p, 0, buf, size);
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

Test(progress, no_line_shows_a_bound_below_the_one_the_command_has_proven)
{
    char buf[512];
    /* t24 cover --lp-certificate proved 198 first; the run's local search then knew only
     * its forced elements (19): the line says 198, the gap from it. */
    hs_progress p = { "local search", 14.0, true, 216, 19.0, 235136, "steps" };
    show_floor(&p, 198, buf, sizeof buf);
    cr_assert_str_eq(after_prefix(buf),
                     "local search: cover 216, bound 198, gap 8.3%, 235136 steps\n");
    show_floor(NULL, 198, buf, sizeof buf);
    cr_assert_str_eq(after_prefix(buf), "done: cover 215, bound 198, gap 7.9%, not proven\n");
    /* A phase's bound above the floor is its own. */
    hs_progress q = { "certify", 20.0, true, 215, 200.0, 9, NULL };
    show_floor(&q, 198, buf, sizeof buf);
    cr_assert_str_eq(after_prefix(buf), "certify: cover 215, bound 200, gap 7.0%, 9 nodes\n");
    show_floor(NULL, 0, buf, sizeof buf);
    cr_assert_str_eq(after_prefix(buf), "done: cover 215, bound 163, gap 24.2%, not proven\n");
}
