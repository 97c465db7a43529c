/* test_limits.c - every search is bounded (issue 11, item 13): a time or memory limit
 * ends an undecided search with its own status (3) and message, never "no solution". */
#include <criterion/criterion.h>
#include <sys/resource.h>
#include <time.h>

#include "helpers.h"
#include "solve/search.h"

/* The hand: still running after 60 s at 501 MB before limits existed. */
#define HARD "--target", "100003", "2", "3", "5", "7", "11", "13", "17", "19"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

Test(limits, a_time_limit_ends_an_undecided_search_with_status_3)
{
    const char *argv[] = { "solve", "--time-limit", "0.5", HARD, NULL };
    double t0 = now();
    run_result r = run_t24_argv(argv, NULL, 0);
    double took = now() - t0;
    cr_assert_eq(r.status, 3, "status %d: %s", r.status, r.err);
    cr_assert_str_eq(r.out, "", "no answer is printed");
    cr_assert_str_eq(r.err, "t24 solve: undecided after 0.5 s\n");
    cr_assert_lt(took, 10, "took %.1f s", took);
    run_free(&r);
}

Test(limits, a_memory_limit_ends_an_undecided_search_and_bounds_the_memory)
{
    const char *argv[] = { "solve", "--time-limit", "60", "--memory-limit", "32", HARD, NULL };
    run_result r = run_t24_argv(argv, NULL, 0);
    struct rusage ru;
    cr_assert_eq(getrusage(RUSAGE_CHILDREN, &ru), 0);
    cr_assert_eq(r.status, 3, "status %d: %s", r.status, r.err);
    cr_assert(strstr(r.err, "undecided: the search memo reached the memory limit of 32 MiB"),
              "%s", r.err);
    /* ru_maxrss in KiB, over every child so far; the sanitizers' own memory is included. */
    cr_assert_lt(ru.ru_maxrss, (32 + 200) * 1024L, "peak %ld KiB", ru.ru_maxrss);
    run_free(&r);
}

Test(limits, batch_lines_that_hit_the_limit_are_reported_and_the_rest_answered)
{
    static const char in[] = "2 3 5 7 11 13 17 19\n3 3 8 8\n";
    const char *argv[] = { "solve", "--time-limit", "0.3", "--target", "100003", "--batch",
                           "-", NULL };
    run_result r = run_t24_argv(argv, in, sizeof in - 1);
    cr_assert_eq(r.status, 3, "status %d: %s", r.status, r.err);
    cr_assert_str_eq(r.err, "t24 solve: line 1: undecided after 0.3 s\n");
    cr_assert_str_eq(r.out, "3 3 8 8\t0\t\n", "the second hand is decided (at 100003)");
    run_free(&r);
    /* Bad input outranks an undecided hand in the exit status. */
    static const char bad[] = "2 3 5 7 11 13 17 19\nx\n";
    r = run_t24_argv(argv, bad, sizeof bad - 1);
    cr_assert_eq(r.status, 2, "status %d: %s", r.status, r.err);
    cr_assert_eq(count_lines(r.err), 2, "%s", r.err);
    run_free(&r);
}

Test(limits, bad_limits_are_usage_errors)
{
    const char *cases[][4] = { { "solve", "--time-limit", "0", "3" },
                               { "solve", "--time-limit", "-1", "3" },
                               { "solve", "--time-limit", "abc", "3" },
                               { "solve", "--memory-limit", "0", "3" },
                               { "solve", "--memory-limit", "1.5", "3" },
                               { "solve", "--memory-limit", "99999999", "3" } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *argv[] = { cases[i][0], cases[i][1], cases[i][2], cases[i][3], NULL };
        run_result r = run_t24_argv(argv, NULL, 0);
        cr_assert_eq(r.status, 2, "%s %s: %d", cases[i][1], cases[i][2], r.status);
        cr_assert_eq(count_lines(r.err), 1);
        cr_assert(strstr(r.err, cases[i][1]), "%s", r.err);
        run_free(&r);
    }
}

/* The library: a limit hit before a decision is its own status, and a search that ends
 * within its limit gives the same answer as one without. */
Test(limits, the_solver_reports_the_limit_it_hit)
{
    search *s = search_new();
    search_params p;
    search_params_init(&p);
    p.target = 100003;
    p.time_limit = 0.05;
    const int64_t hard[] = { 2, 3, 5, 7, 11, 13, 17, 19 };
    cr_assert_eq(search_run(s, hard, 8, &p, NULL), SEARCH_TIME_LIMIT);
    cr_assert_eq(search_count(s), 0);
    p.time_limit = 0;
    p.memory_limit = 4 << 20;
    cr_assert_eq(search_run(s, hard, 8, &p, NULL), SEARCH_MEMORY_LIMIT);
    /* Decided within the limits: the same as without them. */
    p.time_limit = 5;
    p.memory_limit = 64 << 20;
    p.target = 24;
    const int64_t none[] = { 1, 1, 1, 1 }, one[] = { 3, 3, 8, 8 };
    cr_assert_eq(search_run(s, none, 4, &p, NULL), SEARCH_OK);
    cr_assert_eq(search_count(s), 0);
    cr_assert_eq(search_run(s, one, 4, &p, NULL), SEARCH_OK);
    cr_assert_eq(search_count(s), 1);
    search_free(s);
}
