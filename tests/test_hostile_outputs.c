/* test_hostile_outputs.c - what t24 writes stays exact and whole (issue 11): 64-bit
 * targets and seeds in every format, quoted CSV fields, write errors on stdout. */
#include <criterion/criterion.h>

#include "helpers.h"

/* Writes text to a new temporary file whose name goes into path (size >= 32). */
static void write_temp(char *path, const char *text)
{
    strcpy(path, "/tmp/t24-hostile-XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

Test(hostile_outputs, a_target_beyond_2_to_the_53_is_written_exactly_in_json)
{
    /* 2^53 + 1 is the first integer a double cannot hold. */
    run_result r = run_t24("study --json --cards 2 --deck 1-3 --target 9007199254740993 "
                           "--seed 9223372036854775807", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "\"target\":\t9007199254740993,"), "%s", r.out);
    cr_assert(strstr(r.out, "\"seed\":\t9223372036854775807,"), "%s", r.out);
    run_free(&r);
}

Test(hostile_outputs, int64_max_targets_survive_csv_markdown_and_json)
{
    char path[64], args[160];
    write_temp(path, "2 1-3 9223372036854775807\n2 1-3 9223372036854775806\n");
    snprintf(args, sizeof args, "sweep --csv --seed 9223372036854775807 --configs %s", path);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "\nconfigs,2,1,3,9223372036854775807,all,"), "%s", r.out);
    cr_assert(strstr(r.out, "\nconfigs,2,1,3,9223372036854775806,all,"), "%s", r.out);
    cr_assert_null(strstr(r.out, "-9223372036854775808"));
    run_free(&r);
    snprintf(args, sizeof args, "sweep --seed 9223372036854775807 --configs %s", path);
    r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "| 2 | 1-3 | 9223372036854775807 | all |"), "%s", r.out);
    cr_assert(strstr(r.out, "at targets 9223372036854775807 and 9223372036854775806"), "%s",
              r.out);
    cr_assert(strstr(r.out, "(seed 9223372036854775807)"), "%s", r.out);
    cr_assert_null(strstr(r.out, "-9223372036854775808"));
    run_free(&r);
    snprintf(args, sizeof args, "sweep --json --configs %s", path);
    r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "[9223372036854775807, 9223372036854775806]"), "%s", r.out);
    run_free(&r);
    unlink(path);
}
