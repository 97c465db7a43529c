/* test_progress.c - the progress lines of src/cli/progress.c print the run's bound as a
 * whole number: the ceiling of what a phase proved, never "-0" for a bound of 0, and never
 * below a bound the command has already proven (t24 cover's LP certificate; issue 49, item
 * 8), with the cover, gap and nodes beside it. Each case of the table writes one log
 * line into a file that stands in for stderr (freopen(): Criterion runs each test in a
 * process of its own). */
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

/* The text after "t24 cover: E s of 60 s, " (the elapsed time is the machine's). */
static const char *after_prefix(const char *line)
{
    const char *p = strstr(line, " of 60 s, ");
    cr_assert(p, "no prefix in '%s'", line);
    return p + strlen(" of 60 s, ");
}

/* One line each: the phase's report (or, done, progress_done()'s for cover 215 and bound
 * 163), the floor the command has proven (0: none), and the text expected after the
 * prefix. The gaps are (cover - bound) / cover, worked by hand. */
typedef struct {
    const char *why;
    bool done;
    hs_progress p;
    uint32_t floor;
    const char *want;
} progress_case;

static const progress_case cases[] = {
    { "a bound of 0 is 0, not -0 (no cover yet)", false,
      { "LP certificate", 1.0, false, 0, 0.0, 3, "rounds" }, 0,
      "LP certificate: no cover yet, bound 0, 3 rounds\n" },
    { "a bound of 0 is 0, not -0 (gap 100 %)", false,
      { "local search", 1.0, true, 7, 0.0, 12, "steps" }, 0,
      "local search: cover 7, bound 0, gap 100.0%, 12 steps\n" },
    /* 28.2 proves 29 (covers are whole): gap (45 - 29) / 45 = 35.6 % */
    { "a fractional bound is its ceiling", false,
      { "column generation", 1.0, true, 45, 28.2, 4, "rounds" }, 0,
      "column generation: cover 45, bound 29, gap 35.6%, 4 rounds\n" },
    /* 29 + 1e-9 is 29 computed in floating point, not a bound of 30 */
    { "rounding noise is not rounded up", false,
      { "column generation", 1.0, true, 45, 29.000000001, 5, "rounds" }, 0,
      "column generation: cover 45, bound 29, gap 35.6%, 5 rounds\n" },
    /* t24 cover --lp-certificate proved 198 first; the run's local search then knew only
     * its forced elements (19): the line says 198, the gap from it. */
    { "no line shows a bound below the proven floor", false,
      { "local search", 14.0, true, 216, 19.0, 235136, "steps" }, 198,
      "local search: cover 216, bound 198, gap 8.3%, 235136 steps\n" },
    { "nor does the last line", true, { 0 }, 198,
      "done: cover 215, bound 198, gap 7.9%, not proven\n" },
    { "a phase's bound above the floor is its own", false,
      { "certify", 20.0, true, 215, 200.0, 9, NULL }, 198,
      "certify: cover 215, bound 200, gap 7.0%, 9 nodes\n" },
    { "without a floor the last line's bound is the run's", true, { 0 }, 0,
      "done: cover 215, bound 163, gap 24.2%, not proven\n" },
};

Test(progress, each_line_shows_the_whole_bound_at_or_above_the_proven_floor)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const progress_case *c = &cases[i];
        char buf[512];
        show_floor(c->done ? NULL : &c->p, c->floor, buf, sizeof buf);
        cr_expect_str_eq(after_prefix(buf), c->want, "%s: '%s'", c->why, buf);
    }
}
