/* test_preflight.c - the estimate before a run, and the refusal of hopeless runs. */
#include <criterion/criterion.h>

#include "core/parse.h"
#include "helpers.h"
#include "study/preflight.h"

Test(preflight, sizes_parse_in_powers_of_1024)
{
    uint64_t v;
    cr_assert_eq(parse_size("8G", &v), 0);
    cr_expect_eq(v, 8ull << 30);
    cr_assert_eq(parse_size("1.5K", &v), 0);
    cr_expect_eq(v, 1536);
    cr_assert_eq(parse_size("512", &v), 0);
    cr_expect_eq(v, 512);
    cr_assert_eq(parse_size(".5K", &v), 0);
    cr_expect_eq(v, 512);
    const char *bad[] = { "", "0", "-1G", "12Q", "G", "1GB", " 1G", "1e30", "1.", "1.G",
                          "1e-3G", ".", ".G", "+1G" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_eq(parse_size(bad[i], &v), -1, "'%s'", bad[i]);
}

/* The estimate of NCARDS cards over deck 1-HI, all groupings; a time limit <= 0 keeps
 * hs_params' default. */
static preflight_estimate estimate_of(int ncards, int64_t hi, double time_limit)
{
    enumeration_params sp;
    hs_params hp;
    enumeration_params_init(&sp);
    hs_params_init(&hp);
    sp.ncards = ncards;
    sp.hi = hi;
    sp.groupings = TEMPLATE_ALL;
    if (time_limit > 0)
        hp.time_limit = time_limit;
    preflight_estimate e;
    cr_assert_eq(preflight_run(&sp, &hp, &e), 0);
    return e;
}

static preflight_estimate six_cards(int64_t hi, double time_limit)
{
    return estimate_of(6, hi, time_limit);
}

/* Six cards: Catalan(5) * 6! * 4^5 = 42 * 720 * 1024 templates, C(18, 6) hands of 1-13. */
Test(preflight, the_estimate_counts_templates_and_hands)
{
    enumeration_params sp;
    hs_params hp;
    enumeration_params_init(&sp);
    hs_params_init(&hp);
    sp.ncards = 6;
    sp.hi = 13;
    sp.groupings = TEMPLATE_ALL;
    preflight_estimate e;
    cr_assert_eq(preflight_run(&sp, &hp, &e), 0);
    cr_expect_eq(e.templates, 42ull * 720 * 1024);
    cr_expect_eq(e.hands, 18564);
    /* Four words per template at least: group, group member, class, class member. */
    cr_expect_geq(e.bytes, 16.0 * 42 * 720 * 1024);
    /* The matrix: a 4-byte id per incidence each way, and it is part of the peak. */
    cr_expect_geq(e.matrix_bytes, 8.0 * (double)e.incidences);
    cr_expect_lt(e.matrix_bytes, e.bytes);
    sp.nthreads = 1;
    preflight_estimate one;
    cr_assert_eq(preflight_run(&sp, &hp, &one), 0);
    cr_expect_gt(one.seconds_enumerate, e.seconds_enumerate);
}

/* Issue 26: six cards of 1-13 were estimated at 3.8 GiB where `make six` peaks at
 * 2.0 GiB. The estimate is an upper bound of the measured peaks (maximum resident set,
 * /usr/bin/time -v, 2 threads, each run given its whole limit: docs/six-decks.md,
 * docs/six.md, docs/reliability.md) and within a quarter of them; the class-hand
 * incidences (the instance's instance_nnz, measured per deck) are bounded too. */
Test(preflight, the_six_card_estimate_bounds_the_measured_peak_closely)
{
    struct { int64_t hi; double limit, peak_mib; uint64_t incidences; } m[] = {
        { 4, 60, 469, 65883 },        { 5, 60, 0, 232272 },      { 6, 60, 0, 803808 },
        { 7, 120, 605, 1364038 },     { 8, 300, 717, 2664204 },  { 9, 60, 0, 4075424 },
        { 10, 300, 1046, 5937876 },   { 11, 60, 0, 7889979 },    { 12, 60, 0, 12670356 },
        { 13, 900, 2028, 16193832 },
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
        preflight_estimate e = six_cards(m[i].hi, m[i].limit);
        double inc = (double)e.incidences, mib = e.bytes / (1024.0 * 1024.0);
        cr_expect_geq(inc, (double)m[i].incidences, "deck 1-%lld: %.0f incidences estimated, "
                      "%llu measured", (long long)m[i].hi, inc,
                      (unsigned long long)m[i].incidences);
        /* Close from 1-6 on; below, a deck's incidences are a small part of its peak. */
        cr_expect_leq(inc, (m[i].hi >= 6 ? 1.3 : 2.5) * (double)m[i].incidences,
                      "deck 1-%lld: %.0f incidences "
                      "estimated, %llu measured", (long long)m[i].hi, inc,
                      (unsigned long long)m[i].incidences);
        if (m[i].peak_mib == 0)
            continue;
        cr_expect_geq(mib, m[i].peak_mib, "deck 1-%lld: %.0f MiB estimated, %.0f measured",
                      (long long)m[i].hi, mib, m[i].peak_mib);
        cr_expect_leq(mib, 1.25 * m[i].peak_mib, "deck 1-%lld: %.0f MiB estimated, %.0f "
                      "measured", (long long)m[i].hi, mib, m[i].peak_mib);
    }
}

/* Issue 26: the estimate ignored --time-limit, promising six-card searches of 2 min
 * under a 20 s limit. The limit bounds the whole study: the hitting sets get what the
 * enumeration leaves of it, and the line says so. */
Test(preflight, the_estimate_keeps_to_the_time_limit)
{
    double limits[] = { 1, 20, 60, 900 };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        preflight_estimate e = six_cards(13, limits[i]);
        double whole = e.seconds_enumerate + e.seconds_hitting;
        cr_expect_leq(whole, limits[i] > e.seconds_enumerate ? limits[i] : e.seconds_enumerate,
                      "--time-limit %g: %.0f s to enumerate, %.0f s for the hitting sets",
                      limits[i], e.seconds_enumerate, e.seconds_hitting);
        cr_expect_eq(e.time_limit, limits[i]);
    }
    run_result r = run_t24("study --cards 6 --deck 1-13 --time-limit 20 --estimate", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "overruns --time-limit 20 s"), "%s", r.out);
    run_free(&r);
    r = run_t24("study --cards 6 --deck 1-13 --time-limit 900 --estimate", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "min for the hitting sets (--time-limit 900 s bounds the whole "
                            "study)"), "%s", r.out);
    run_free(&r);
}

/* The estimate's line, one line for each of 1, 8 and 64 MPI ranks, and where the
 * figures were measured (issue 42; tests/check_rank_estimate.sh recomputes them). */
Test(preflight, estimate_prints_its_lines_and_runs_nothing)
{
    run_result r = run_t24("study --cards 6 --deck 1-13 --estimate", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(count_lines(r.out), 5, "%s", r.out);
    cr_expect(strstr(r.out, "\n1 rank: rank 0 about ") && strstr(r.out, "\n8 ranks: ") &&
              strstr(r.out, "\n64 ranks: ") && strstr(r.out, "\nmeasured: six cards"),
              "%s", r.out);
    cr_expect(strstr(r.out, "30965760 templates") && strstr(r.out, "18564 hands"), "%s", r.out);
    cr_expect(strstr(r.out, "class-hand matrix about") && strstr(r.out, "M incidences"), "%s",
              r.out);
    run_free(&r);
}

/* The line cites OEIS A140606 beside the formula count (issue 52): six cards' `all`
 * family makes A140606(6) = 793,002 distinct functions (tests/test_oeis.c checks t24's
 * templates against it); the reduced family (three of the five four-card shapes) makes
 * fewer, and seven cards' count is not checked, so neither line names one. */
Test(preflight, the_line_cites_a140606_where_the_count_is_checked)
{
    char line[512];
    preflight_estimate e = six_cards(13, 0);
    cr_assert_gt(preflight_describe(&e, line, sizeof line), 0);
    cr_expect(strstr(line, "(1104762 formulas, 793002 functions as OEIS A140606) x "), "%s",
              line);
    e = estimate_of(7, 7, 0);
    cr_assert_gt(preflight_describe(&e, line, sizeof line), 0);
    cr_expect(!strstr(line, "A140606") && strstr(line, " formulas) x "), "%s", line);
    enumeration_params sp;
    hs_params hp;
    enumeration_params_init(&sp);
    hs_params_init(&hp);
    sp.groupings = TEMPLATE_REDUCED;
    cr_assert_eq(preflight_run(&sp, &hp, &e), 0);
    cr_assert_gt(preflight_describe(&e, line, sizeof line), 0);
    cr_expect(!strstr(line, "A140606") && strstr(line, "4608 templates ("), "%s", line);
}

/* The template arrays alone (four words per template, 495 MB) do not fit in 256 MiB. */
Test(preflight, a_run_over_the_memory_limit_is_refused_with_status_2)
{
    run_result r = run_t24("study --cards 6 --deck 1-13 --memory-limit 256M", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect_eq(count_lines(r.err), 1);
    cr_expect(strstr(r.err, "--memory-limit 256 MiB") && strstr(r.err, "18564 hands"), "%s",
              r.err);
    cr_expect_str_empty(r.out);
    run_free(&r);
    r = run_t24("emit --cards 6 --deck 1-13 --memory-limit 256M", NULL);
    cr_expect_eq(r.status, 2);
    run_free(&r);
}

/* --ranks chooses the lines; a bad list is refused naming the value (exit 2, one line),
 * and so is --ranks without --estimate, which it would otherwise silently not affect. */
Test(preflight, ranks_choose_the_lines_and_bad_lists_are_refused)
{
    run_result r = run_t24("study --cards 7 --deck 1-13 --estimate --ranks 2,16", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(count_lines(r.out), 4, "%s", r.out);
    cr_expect(strstr(r.out, "\n2 ranks: rank 0 about ") && strstr(r.out, "; rank 1 about ") &&
              strstr(r.out, "\n16 ranks: ") && strstr(r.out, "ranks 1-15 about ") &&
              !strstr(r.out, "\n8 ranks"), "%s", r.out);
    run_free(&r);
    const char *bad[][2] = { { "0", "'0'" },          { "x", "'x'" },
                             { "16777217", "'16777217'" }, { "8,,64", "'8,,64'" },
                             { ",8", "',8'" },        { "1,2,3,4,5,6,7,8,9", "at most 8" },
                             { "-1", "'-1'" } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *argv[] = { "study", "--estimate", "--ranks", bad[i][0], NULL };
        r = run_t24_argv(argv, NULL, 0);
        cr_expect_eq(r.status, 2, "--ranks %s", bad[i][0]);
        cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
        cr_expect(strstr(r.err, "--ranks") && strstr(r.err, bad[i][1]), "%s", r.err);
        cr_expect_str_empty(r.out);
        run_free(&r);
    }
    r = run_t24("study --ranks 8", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "--ranks goes with --estimate"), "%s", r.err);
    run_free(&r);
}

/* Issue 42: over MPI every rank groups every template and rank 0 gathers every rank's
 * incidences, so rank 0's peak is one process's whatever N (it must not be promised to
 * fall), while the other ranks' share of the scan does fall; the scan's core-seconds do
 * not grow with N, the grouping's do (it is replicated). */
Test(preflight, over_ranks_rank_zero_holds_everything_and_the_others_a_share)
{
    preflight_estimate e = estimate_of(7, 13, 0);
    preflight_ranks one, eight, many;
    cr_assert_eq(preflight_ranks_run(&e, 1, &one), 0);
    cr_assert_eq(preflight_ranks_run(&e, 8, &eight), 0);
    cr_assert_eq(preflight_ranks_run(&e, 64, &many), 0);
    cr_expect_eq(one.rank0_bytes, e.bytes);
    cr_expect_eq(eight.rank0_bytes, e.bytes);
    cr_expect_eq(many.rank0_bytes, e.bytes);
    cr_expect_eq(one.other_bytes, 0);
    cr_expect_gt(eight.other_bytes, many.other_bytes);
    /* Never below the grouping's peak, which every rank reaches. */
    cr_expect_geq(many.other_bytes, e.grouping_bytes);
    cr_expect_lt(eight.wall_seconds, one.wall_seconds);
    cr_expect_gt(many.core_seconds, eight.core_seconds);
    cr_expect_eq(preflight_ranks_run(&e, 0, &one), -1);
}

/* Issue 42, item 2: when the limit cannot hold the class-hand incidences themselves
 * (8 bytes each, the instance's rows both ways), the refusal names that figure: seven
 * cards of 1-13, about 1.1e9 incidences, 8.2 GiB. With 16G the incidences fit and the
 * refusal is the whole run's, as before. */
Test(preflight, a_limit_below_the_incidences_is_refused_naming_them)
{
    run_result r = run_t24("study --cards 7 --deck 1-13 --memory-limit 4G", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
    cr_expect(strstr(r.err, "--memory-limit 4.0 GiB: the class-hand incidences alone need "
                            "about 8.2 GiB"), "%s", r.err);
    cr_expect_str_empty(r.out);
    run_free(&r);
    r = run_t24("study --cards 7 --deck 1-13 --memory-limit 16G", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "--memory-limit 16 GiB: 2724986880 templates") &&
              !strstr(r.err, "incidences alone"), "%s", r.err);
    run_free(&r);
}

/* 15,890,700 hands of six cards: refused at once under the default limit (were it
 * started, the test would time out long before the enumeration ended). */
Test(preflight, an_impossible_configuration_is_refused_at_once, .timeout = 30)
{
    run_result r = run_t24("study --cards 6 --deck 1-45", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "refusing to start") && strstr(r.err, "15890700 hands"), "%s", r.err);
    run_free(&r);
}

Test(preflight, bad_limits_name_the_value)
{
    const char *bad[] = { "--memory-limit 0", "--memory-limit 12Q", "--memory-limit" };
    for (size_t i = 0; i < 3; i++) {
        char args[128];
        snprintf(args, sizeof args, "study %s", bad[i]);
        run_result r = run_t24(args, NULL);
        cr_expect_eq(r.status, 2, "%s", bad[i]);
        cr_expect(strstr(r.err, "--memory-limit"), "%s", r.err);
        cr_expect_eq(count_lines(r.err), 1);
        run_free(&r);
    }
}

/* No progress on a stderr that is not a terminal (test_terminal.c checks that it
 * appears on one). */
Test(preflight, no_progress_when_stderr_is_not_a_terminal, .timeout = 120)
{
    run_result r = run_t24("study --cards 5 --deck 1-8 --time-limit 1 --greedy-runs 1", NULL);
    cr_expect_eq(r.status, 0);
    cr_expect_str_empty(r.err, "no terminal, no progress: %s", r.err);
    run_free(&r);
}
