/* test_cmd_solve.c - `t24 solve` as a user runs it: output, exit status, batch, JSON. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "solve/table.h"

static char out[1 << 16];

/* Runs `t24 solve ARGS` (run_t24) with stdin from `input` (when not NULL); stdout goes
 * to out, stderr is kept apart in err. Returns the exit status. */
static int solve(const char *args, const char *input, char *err, size_t errsize)
{
    char full[4096];
    snprintf(full, sizeof full, "solve %s", args);
    run_result r = run_t24(full, input);
    cr_assert_lt(strlen(r.out), sizeof out, "t24 %s: stdout too long for the test", full);
    strcpy(out, r.out);
    snprintf(err, errsize, "%s", r.err);
    int status = r.status;
    run_free(&r);
    return status;
}

Test(cmd_solve, prints_one_solution_and_exits_0)
{
    char err[1024];
    cr_assert_eq(solve("3 3 8 8", NULL, err, sizeof err), 0);
    cr_assert_str_eq(out, "8/(3-8/3) = 24\n");
    cr_assert_eq(solve("1 5 5 5", NULL, err, sizeof err), 0);
    cr_assert_eq(solve("Q 2 --target 24", NULL, err, sizeof err), 0);
    cr_assert_eq(solve("--target=-3 1 2 3 3", NULL, err, sizeof err), 0);
}

Test(cmd_solve, no_solution_exits_1)
{
    char err[1024];
    cr_assert_eq(solve("3 9 4 10", NULL, err, sizeof err), 1);
    cr_assert_str_eq(out, "no solution\n");
    cr_assert_eq(solve("1 1 1 1 1 1", NULL, err, sizeof err), 1);
}

Test(cmd_solve, bad_input_exits_2_with_one_line_and_no_output)
{
    const char *bad[] = { "", "3 x 8 8", "--target 2.5 3 3 8 8", "--target", "3 3 8 8 --bogus",
                          "1 2 3 4 5 6 7 8 9 10 11 12 13 1 2 3 4", "--all 1 2 3 4 5 6 7",
                          "99999999999999999999 1", "--batch", "--batch /nonexistent/x" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[1024];
        cr_assert_eq(solve(bad[i], NULL, err, sizeof err), 2, "'%s'", bad[i]);
        cr_assert_str_eq(out, "", "'%s' printed '%s'", bad[i], out);
        cr_assert(strlen(err) > 0 && strchr(err, '\n') == err + strlen(err) - 1,
                  "'%s': stderr '%s'", bad[i], err);
    }
}

Test(cmd_solve, arithmetic_overflow_is_an_error_not_a_wrong_answer)
{
    char err[1024];
    /* only (2^62+2^62)/2^62 makes 2, and 2^62+2^62 leaves int64 */
    cr_assert_eq(solve("--target 2 4611686018427387904 4611686018427387904 4611686018427387904",
                       NULL, err, sizeof err), 2);
    cr_assert(strstr(err, "overflow"), "%s", err);
}

/* Issue 22: the one-spelling pruning fixed (4+M)-M, which overflows, and so reported
 * "arithmetic overflow" for a hand that 4+(M-M) (or M-(M-4)) solves within int64. */
Test(cmd_solve, an_overflow_on_one_spelling_hides_no_other)
{
    char err[1024];
    const char *M = "9223372036854775807";
    char args[256];
    snprintf(args, sizeof args, "--target 4 4 %s %s", M, M);
    cr_assert_eq(solve(args, NULL, err, sizeof err), 0, "%s", err);
    cr_expect(strstr(out, " = 4\n"), "%s", out);
    snprintf(args, sizeof args, "--target 5 4 %s %s", M, M);
    cr_assert_eq(solve(args, NULL, err, sizeof err), 0, "%s", err);
}

Test(cmd_solve, all_lists_distinct_solutions)
{
    char err[1024];
    cr_assert_eq(solve("--all 1 1 4 9", NULL, err, sizeof err), 0);
    cr_assert_str_eq(out, "(9-1)*(4-1) = 24\n");
    cr_assert_eq(solve("--all 1 2 3 4", NULL, err, sizeof err), 0);
    int lines = 0;
    for (const char *p = out; *p; p++)
        lines += *p == '\n';
    cr_assert_eq(lines, 3, "%s", out);
}

Test(cmd_solve, aces_high_tries_11_as_well)
{
    char err[1024];
    cr_assert_eq(solve("A A A A", NULL, err, sizeof err), 1);
    cr_assert_eq(solve("--aces-high A A A A", NULL, err, sizeof err), 0);
    cr_assert(strstr(out, "11"), "%s", out);
}

Test(cmd_solve, json_has_hand_target_solvable_and_solutions)
{
    char err[1024];
    cr_assert_eq(solve("--json 3 3 8 8", NULL, err, sizeof err), 0);
    cJSON *js = cJSON_Parse(out);
    cr_assert_not_null(js, "%s", out);
    cr_assert_str_eq(cJSON_GetObjectItem(js, "hand")->valuestring, "3 3 8 8");
    cr_assert_eq(cJSON_GetObjectItem(js, "target")->valuedouble, 24);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(js, "solvable")));
    cr_assert_str_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(js, "solutions"), 0)->valuestring,
                     "8/(3-8/3)");
    cJSON_Delete(js);
}

Test(cmd_solve, batch_reports_a_bad_line_and_solves_the_rest)
{
    char err[1024];
    const char *input = "3 3 8 8\n# a comment\n\n3 x 8\n3 9 4 10\n1 1 4 9\n";
    cr_assert_eq(solve("--batch - --all", input, err, sizeof err), 2);
    cr_assert_str_eq(out, "3 3 8 8\t1\t8/(3-8/3)\n3 9 4 10\t0\t\n1 1 4 9\t1\t(9-1)*(4-1)\n");
    cr_assert(strstr(err, "line 4"), "%s", err);
    cr_assert_eq(solve("--batch - --json", "1 2 3 4\n", err, sizeof err), 0);
    cJSON *js = cJSON_Parse(out);
    cr_assert_not_null(js, "%s", out);
    cr_assert_eq(cJSON_GetObjectItem(js, "line")->valuedouble, 1);
    cJSON_Delete(js);
}

Test(cmd_solve, help_lists_every_option)
{
    char err[1024];
    cr_assert_eq(solve("--help", NULL, err, sizeof err), 0);
    const char *opts[] = { "--target", "--all", "--aces-high", "--batch", "--json", "--stats",
                           "--help" };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        cr_assert(strstr(out, opts[i]), "help lacks %s", opts[i]);
}

/* Issue 22: --stats printed zeros when the compiled table answered (no search ran). It
 * now says which answered; the table's count is the expressions it tried, at least one
 * and at most all of them (every one for a hand it proves unsolvable). */
Test(cmd_solve, stats_say_whether_the_table_or_the_search_answered)
{
    char err[1024];
    cr_assert_eq(solve("--stats --json 3 3 8 8", NULL, err, sizeof err), 0, "%s", err);
    cr_expect(strstr(out, "\"answered_by\":\"table\""), "%s", out);
    const char *e = strstr(out, "\"expressions\":");
    cr_assert(e, "%s", out);
    long tried = atol(e + 14);
    cr_expect(tried >= 1 && tried <= (long)table_default.count, "%ld tries", tried);
    cr_assert_eq(solve("--stats --json 1 1 1 1", NULL, err, sizeof err), 1, "%s", err);
    e = strstr(out, "\"expressions\":");
    cr_assert(e, "%s", out);
    cr_expect_eq(atol(e + 14), (long)table_default.count, "an unsolvable hand tries them all");
    cr_assert_eq(solve("--stats --json 1 2 3 4 5", NULL, err, sizeof err), 0, "%s", err);
    cr_expect(strstr(out, "\"answered_by\":\"search\""), "%s", out);
    cr_assert_eq(solve("--stats 3 3 8 8", NULL, err, sizeof err), 0);
    cr_expect(strstr(err, "compiled table: expressions"), "%s", err);
}
