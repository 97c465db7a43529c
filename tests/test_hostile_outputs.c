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

/* Runs `t24 ARGS` with stdout on /dev/full (a disk that is always full) and stdin from
 * input; returns the exit status, stderr goes into err. */
static int run_to_full_disk(const char *args, const char *input, char *err, size_t size)
{
    char in[64], errpath[] = "/tmp/t24-hostile-err-XXXXXX", cmd[1024];
    write_temp(in, input ? input : "");
    int fd = mkstemp(errpath);
    cr_assert(fd >= 0);
    close(fd);
    snprintf(cmd, sizeof cmd, "'%s' %s <'%s' >/dev/full 2>'%s'", getenv("T24_BIN"), args, in,
             errpath);
    int st = system(cmd);
    char *text = slurp(errpath);
    snprintf(err, size, "%s", text ? text : "");
    free(text);
    unlink(in);
    unlink(errpath);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Test(hostile_outputs, a_failed_write_on_stdout_is_exit_2_with_one_clean_line)
{
    char path[64], args[128];
    write_temp(path, "2 1-4 6\n");
    snprintf(args, sizeof args, "sweep --configs %s", path);
    const char *cases[] = { "study --cards 2 --deck 1-4",  "study --cards 2 --deck 1-4 --json",
                            "solve 3 3 8 8",                "solve 3 9 4 10",
                            "solve --batch -",              "solve --json 1 2 3 4",
                            "emit --cards 2 --deck 1-4",    args,
                            "--help",                       "solve --help" };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[4096];
        int st = run_to_full_disk(cases[i], "3 3 8 8\n1 1 1 1\n", err, sizeof err);
        cr_expect_eq(st, 2, "'t24 %s > /dev/full' should exit 2, got %d", cases[i], st);
        cr_expect_eq(count_lines(err), 1, "'t24 %s > /dev/full': one line, got: %s", cases[i],
                     err);
        cr_expect(strstr(err, "cannot write"), "'t24 %s > /dev/full' said: %s", cases[i], err);
        for (const char *p = err; *p; p++) /* no uninitialised bytes */
            cr_expect((*p >= ' ' && *p < 127) || *p == '\n', "'t24 %s': byte %d in: %s",
                      cases[i], *p, err);
    }
    unlink(path);
}

/* Splits one CSV line by RFC 4180 (a quoted field may hold commas and doubled quotes);
 * returns the number of fields and copies the first into first. */
static int csv_fields(const char *line, char *first, size_t size)
{
    int n = 0;
    size_t k = 0;
    const char *p = line;
    for (;;) {
        bool quoted = *p == '"';
        p += quoted;
        while (*p && (quoted || (*p != ',' && *p != '\n'))) {
            if (quoted && *p == '"') {
                if (p[1] != '"') {
                    p++;
                    break;
                }
                p++;
            }
            if (n == 0 && k + 1 < size)
                first[k++] = *p;
            p++;
        }
        n++;
        if (*p != ',')
            break;
        p++;
    }
    first[k < size ? k : size - 1] = '\0';
    return n;
}

Test(hostile_outputs, csv_quotes_a_table_name_with_a_comma_and_a_quote)
{
    char path[64], args[128], first[64];
    write_temp(path, "table a,\"b\n2 1-3 5\n");
    snprintf(args, sizeof args, "sweep --csv --configs %s", path);
    run_result r = run_t24(args, NULL);
    unlink(path);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *row = strchr(r.out, '\n') + 1;
    int header = csv_fields(r.out, first, sizeof first);
    cr_assert_str_eq(first, "table");
    cr_assert_eq(csv_fields(row, first, sizeof first), header, "a row has as many fields "
                 "as the header: %s", row);
    cr_assert_str_eq(first, "a,\"b");
    run_free(&r);
}
