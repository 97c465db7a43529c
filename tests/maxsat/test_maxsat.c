/* test_maxsat.c - the core-guided MaxSAT lower bound (bench/maxsat): never above the
 * brute-force optimum, equal to it when given time (its last solve is then SAT), and
 * equal to GLPK's proven optimum on a larger instance; and the tool t24-maxsat-bound keeps
 * t24's contract (docs/reliability.md): one line naming what is wrong, exit status 2. */
#include <criterion/criterion.h>

#include "core/walltime.h"
#include "helpers.h"
#include "hitset/mip/ilp.h"
#include "maxsat.h"
#include "mincover_helpers.h"

/* The bounds reported after each core (the progress callback): one per core, in order. */
typedef struct {
    uint32_t calls, last;
    bool in_steps; /* each bound one above the one before, starting at 1 */
    double seconds; /* the last report's time */
    bool in_time;   /* each report's time at or after the one before, and not negative */
} steps;

/* The reports' times are seconds since the call began: the last is within the time the
 * test measured around the call (an independent clock reading; a report of the clock's
 * absolute time, or of the time left, falls outside). Order alone cannot tell: any
 * monotonic reading is in order. */
static void expect_times_within(const steps *s, double elapsed, const maxsat_result *r, int i)
{
    cr_expect(s->in_time, "instance %d: a core reported before the one ahead of it", i);
    cr_expect_leq(s->seconds, elapsed, "instance %d: a report at %g s of a call of %g s", i,
                  s->seconds, elapsed);
    cr_expect_leq(s->seconds, r->seconds, "instance %d: a report at %g s, the run took %g s",
                  i, s->seconds, r->seconds);
}

static void record_step(void *ctx, uint32_t bound, double seconds)
{
    steps *s = ctx;
    s->in_steps = s->in_steps && bound == s->last + 1;
    s->in_time = s->in_time && seconds >= s->seconds;
    s->last = bound;
    s->seconds = seconds;
    s->calls++;
}

/* Every bound on the way is a bound too: each core raises it by one, and the last equals
 * brute force's optimum. */
Test(maxsat, reaches_the_brute_force_optimum_and_never_passes_it)
{
    uint64_t state = 11;
    for (int i = 0; i < 40; i++) {
        instance *h = random_instance(14, 20 + (uint32_t)i, 1 + (uint32_t)(i % 5), &state);
        uint32_t opt = brute_optimum(h);
        maxsat_result r;
        steps s = { 0, 0, true, 0, true };
        char err[256];
        double before = walltime_now();
        cr_assert_eq(maxsat_bound(h, 30, record_step, &s, &r, err, sizeof err), 0, "%s", err);
        double elapsed = walltime_now() - before;
        cr_expect(r.optimal, "instance %d: not finished", i);
        cr_expect_eq(r.bound, opt, "instance %d: bound %u, optimum %u", i, r.bound, opt);
        cr_expect(s.in_steps, "instance %d: a core did not raise the bound by one", i);
        cr_expect_eq(s.calls, r.bound, "instance %d: %u cores reported, bound %u", i, s.calls,
                     r.bound);
        expect_times_within(&s, elapsed, &r, i);
        instance_free(h);
    }
}

/* Cut short, the bound is still below the optimum: a bound, never a guess, each unit of
 * it a core reported on the way. No limit is guessed to stop it half-way: the limit
 * doubles from 1 us until the run finishes, every run on the way, stopped or not, stays
 * at or below GLPK's proven optimum, and at least
 * one stopped with a bound above 0 and below the optimum (a loaded machine only makes
 * more of them). */
Test(maxsat, a_stopped_bound_is_still_a_bound, .timeout = 300)
{
    uint64_t state = 77;
    instance *h = random_instance(60, 150, 4, &state);
    ilp_params q;
    ilp_result g;
    char err[256];
    ilp_params_init(&q);
    cr_assert_eq(ilp_glpk_hitting_set(h, &q, &g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g.status, ILP_OPTIMAL);
    uint32_t opt = (uint32_t)g.value;
    int midway = 0, stopped = 0;
    bool finished = false;
    double limit = 1e-6;
    for (; limit < 120 && !finished; limit *= 2) {
        maxsat_result r;
        steps s = { 0, 0, true, 0, true };
        cr_assert_eq(maxsat_bound(h, limit, record_step, &s, &r, err, sizeof err), 0, "%s",
                     err);
        cr_expect_leq(r.bound, opt, "%g s: bound %u above the optimum %u", limit, r.bound,
                      opt);
        cr_expect(s.in_steps && r.bound == s.last, "%g s: bound %u, but %u cores reported",
                  limit, r.bound, s.last);
        finished = r.optimal;
        if (finished) {
            cr_expect_eq(r.bound, opt, "%g s: optimal at %u, not %u", limit, r.bound, opt);
        } else {
            stopped++;
            midway += r.bound > 0 && r.bound < opt;
        }
    }
    cr_expect(finished, "not finished in %g s", limit / 2);
    cr_expect_gt(midway, 0, "no run stopped half-way (%d stopped, the last limit %g s)",
                 stopped, limit / 2);
    ilp_result_free(&g);
    instance_free(h);
}

/* A second engine on an instance too large for brute force: GLPK's proven optimum. */
Test(maxsat, agrees_with_glpk_on_a_larger_instance)
{
    uint64_t state = 77;
    instance *h = random_instance(60, 150, 4, &state);
    ilp_params q;
    ilp_result g;
    char err[256];
    ilp_params_init(&q);
    cr_assert_eq(ilp_glpk_hitting_set(h, &q, &g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g.status, ILP_OPTIMAL);
    maxsat_result r;
    cr_assert_eq(maxsat_bound(h, 60, NULL, NULL, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.optimal);
    cr_expect_eq(r.bound, (uint32_t)g.value);
    ilp_result_free(&g);
    instance_free(h);
}

/* Runs t24-maxsat-bound (env T24_MAXSAT_BIN) with a shell-quoted argument string; stdout
 * goes to `to` when given (such as /dev/full), else is captured. */
static run_result run_maxsat(const char *args, const char *to)
{
    const char *bin = getenv("T24_MAXSAT_BIN");
    cr_assert(bin, "T24_MAXSAT_BIN must name t24-maxsat-bound");
    run_files f;
    run_files_make(&f, "", 0);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' %s <'%s' >'%s' 2>'%s'", bin, args, f.in, to ? to : f.out,
             f.err);
    int st = system(cmd);
    if (to)
        fclose(fopen(f.out, "w"));
    return run_files_collect(&f, st);
}

#define SMALL_HGR "'" T24_SOURCE_DIR "/data/instances/cards4_deck1-10_target24_all.hgr'"

static void expect_one_line(const char *args, const char *needle)
{
    run_result r = run_maxsat(args, NULL);
    cr_expect_eq(r.status, 2, "'%s': status %d", args, r.status);
    cr_expect_eq(count_lines(r.err), 1, "'%s': %s", args, r.err);
    cr_expect(strstr(r.err, needle), "'%s' should say '%s': %s", args, needle, r.err);
    cr_expect_str_eq(r.out, "");
    run_free(&r);
}

Test(maxsat_tool, answers_on_stdout_and_exits_0)
{
    run_result r = run_maxsat(SMALL_HGR " 10", NULL);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, ": lower bound 93 "), "%s", r.out);
    run_free(&r);
}

/* It printed its bound into /dev/full and exited 0. */
Test(maxsat_tool, exits_2_when_stdout_cannot_be_written)
{
    run_result r = run_maxsat(SMALL_HGR " 10", "/dev/full");
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "t24-maxsat-bound: cannot write to standard output: "), "%s", r.err);
    cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
    run_free(&r);
}

/* The usage line named no argument; "cannot open" gave no reason. */
Test(maxsat_tool, a_bad_argument_is_named_in_one_line)
{
    expect_one_line(SMALL_HGR " soon", "SECONDS must be a positive number, not 'soon'");
    expect_one_line(SMALL_HGR " 0", "not '0'");
    expect_one_line(SMALL_HGR, "missing SECONDS after '");
    expect_one_line("", "missing FILE.hgr and SECONDS");
    expect_one_line(SMALL_HGR " 1 extra", "unexpected argument 'extra'");
    expect_one_line("/nonexistent/x.hgr 1",
                    "cannot read '/nonexistent/x.hgr': No such file or directory");
    expect_one_line("/tmp 1", "'/tmp' is a directory");
}

Test(maxsat_tool, help_exits_0)
{
    run_result r = run_maxsat("--help", NULL);
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "usage: t24-maxsat-bound FILE.hgr SECONDS"), "%s", r.out);
    cr_expect_str_eq(r.err, "");
    run_free(&r);
}

/* The bound as the caller's row of a cover run (issue 27: a bound outside the library is
 * one row): on K5's edges (vertex cover: LP 2.5, packing 2, optimum 4) no bound of the
 * library's table reaches 4, the MaxSAT row does, and the run credits it by name. */
Test(maxsat, its_row_proves_what_the_table_cannot)
{
    uint32_t a[10], b[10], k = 0;
    uint64_t off[11];
    uint32_t el[20];
    for (uint32_t i = 0; i < 5; i++)
        for (uint32_t j = i + 1; j < 5; j++, k++) {
            a[k] = i;
            b[k] = j;
        }
    for (k = 0; k < 10; k++) {
        off[k] = 2 * k;
        el[2 * k] = a[k];
        el[2 * k + 1] = b[k];
    }
    off[10] = 20;
    char err[256];
    hs_instance *h = hs_instance_new(5, 10, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    hs_bound_row row = maxsat_bound_row();
    hs_params p;
    hs_params_init(&p);
    p.time_limit = 30;
    p.extra_bounds = &row;
    p.nextra_bounds = 1;
    hs_report r;
    cr_assert_eq(hs_cover_run(h, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.size, 4);
    cr_expect(r.optimal);
    cr_expect_eq(r.lp_bound_ceil, 3, "the LP alone would not prove it");
    cr_expect_str_eq(r.proven_by, "maxsat");
    cr_expect_str_eq(r.proof_bound.words, "the core-guided MaxSAT bound");
    cr_expect(r.extra_bound_ran[0]);
    cr_expect_eq(r.extra_bound[0], 4);
    hs_report_free(&r);
    /* Without the row, the same run is proven by the exact search instead. */
    p.extra_bounds = NULL;
    p.nextra_bounds = 0;
    cr_assert_eq(hs_cover_run(h, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.optimal);
    cr_expect_str_neq(r.proven_by, "maxsat");
    hs_report_free(&r);
    hs_instance_free(h);
}
