/* test_lines.c - the strict line reader every file reader uses (issue 11, items 6, 8
 * and 9), and the readers built on it: batch hands, --configs lists, PACE instances. */
#include <criterion/criterion.h>

#include <errno.h>
#include <fcntl.h>

#include "core/lines.h"
#include "core/timedread.h"
#include "core/walltime.h"
#include "helpers.h"
#include "hitset/model/pace.h"

/* Reads data (len bytes) through lines_next() and writes what it saw into out:
 * each line as [text], a problem as <NUL> or <LONG>, the end as $. */
static void read_all(const char *data, size_t len, size_t max, char *out, size_t size)
{
    FILE *fp = fmemopen((void *)data, len, "r");
    cr_assert(fp);
    lines rd;
    lines_init(&rd, fp, max);
    char *line;
    size_t n, used = 0;
    lines_status st;
    out[0] = '\0';
    while ((st = lines_next(&rd, &line, &n)) != LINES_EOF) {
        cr_assert(st == LINES_OK || st == LINES_NUL || st == LINES_TOO_LONG);
        used += (size_t)snprintf(out + used, size - used, "%ld%s%s%s", rd.lineno,
                                 st == LINES_OK ? "[" : st == LINES_NUL ? "<NUL>" : "<LONG>",
                                 st == LINES_OK ? line : "", st == LINES_OK ? "]" : "");
        if (st == LINES_OK)
            cr_assert_eq(n, strlen(line));
    }
    snprintf(out + used, size - used, "$");
    lines_free(&rd);
    fclose(fp);
}

#define READS(data, max, expected)                                                       \
    do {                                                                                 \
        char got[256];                                                                   \
        read_all(data, sizeof data - 1, max, got, sizeof got);                           \
        cr_assert_str_eq(got, expected, "reading %s", #data);                            \
    } while (0)

Test(lines, every_line_end_ends_a_line)
{
    READS("a\nb\n", 100, "1[a]2[b]$");
    READS("a\r\nb\r\n", 100, "1[a]2[b]$");
    READS("a\rb\r", 100, "1[a]2[b]$");          /* old Mac files */
    READS("a\rb\nc\r\nd", 100, "1[a]2[b]3[c]4[d]$"); /* mixed, no final end */
    READS("\n\r\n\r", 100, "1[]2[]3[]$");
    READS("", 100, "$");
}

Test(lines, a_nul_byte_or_an_overlong_line_is_reported_and_skipped)
{
    READS("3 3\0008 8\n1 2\n", 100, "1<NUL>2[1 2]$");
    READS("12345\n1234\n123456789\nok", 4, "1<LONG>2[1234]3<LONG>4[ok]$");
}

Test(lines, the_pace_reader_refuses_a_nul_instead_of_cutting_the_line)
{
    static const char text[] = "p hs 3 1\n1 2\0003\n";
    FILE *fp = fmemopen((void *)text, sizeof text - 1, "r");
    char err[128];
    instance *h = pace_read(fp, err, sizeof err);
    cr_assert_null(h, "the set was read as {1, 2}");
    cr_assert(strstr(err, "line 2") && strstr(err, "NUL"), "%s", err);
    fclose(fp);
}

Test(lines, the_pace_reader_reads_cr_line_ends)
{
    static const char text[] = "p hs 3 2\r1 2\r3\r";
    FILE *fp = fmemopen((void *)text, sizeof text - 1, "r");
    char err[128];
    instance *h = pace_read(fp, err, sizeof err);
    cr_assert_not_null(h, "%s", err);
    cr_assert_eq(instance_nsets(h), 2);
    instance_free(h);
    fclose(fp);
}

Test(lines, a_batch_line_with_a_nul_is_an_error_not_a_shorter_hand)
{
    static const char in[] = "3 3\0008 8\n";
    const char *args[] = { "solve", "--batch", "-", NULL };
    run_result r = run_t24_argv(args, in, sizeof in - 1);
    cr_assert_eq(r.status, 2);
    cr_assert_str_eq(r.out, "", "'3 3' was solved");
    cr_assert(strstr(r.err, "line 1: contains a NUL byte"), "%s", r.err);
    run_free(&r);
}

Test(lines, cr_only_batch_lines_are_separate_hands)
{
    static const char in[] = "3 3 8 8\r1 5 5 5\r";
    const char *args[] = { "solve", "--batch", "-", NULL };
    run_result r = run_t24_argv(args, in, sizeof in - 1);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(r.out, "3 3 8 8\t1\t8/(3-8/3)\n1 5 5 5\t1\t(5-1/5)*5\n");
    run_free(&r);
}

/* Runs `t24 sweep --json --configs FILE` on text; returns the result. */
static run_result sweep_configs(const char *text, size_t len)
{
    char path[] = "/tmp/t24-lines-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, len), (ssize_t)len);
    close(fd);
    const char *args[] = { "sweep", "--csv", "--configs", path, NULL };
    run_result r = run_t24_argv(args, NULL, 0);
    unlink(path);
    return r;
}

Test(lines, a_long_config_line_is_never_split_into_a_second_configuration)
{
    /* A 518-byte comment line: fgets(512) read its tail "2 1-4 6" as a configuration. */
    char text[1024];
    int n = snprintf(text, sizeof text, "#%510s2 1-4 6\n2 1-3 5\n", "");
    for (int i = 1; i < 511; i++)
        text[i] = 'x';
    run_result r = sweep_configs(text, (size_t)n);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(count_lines(r.out), 2, "a header and one configuration:\n%s", r.out);
    cr_assert(strstr(r.out, "configs,2,1,3,5,"), "%s", r.out);
    run_free(&r);
}

Test(lines, config_lines_with_nul_or_control_bytes_are_refused_and_cr_ends_lines)
{
    static const char nul[] = "2 1-3 5\0002 1-4 6\n";
    run_result r = sweep_configs(nul, sizeof nul - 1);
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, ":1: contains a NUL byte"), "%s", r.err);
    run_free(&r);
    static const char esc[] = "table \033[2Jx\n2 1-3 5\n";
    r = sweep_configs(esc, sizeof esc - 1);
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, ":1: contains a control character"), "%s", r.err);
    run_free(&r);
    static const char cr[] = "2 1-3 5\r2 1-4 6\r";
    r = sweep_configs(cr, sizeof cr - 1);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(count_lines(r.out), 3, "%s", r.out);
    run_free(&r);
}

static int cancel_now(void *ctx) { return *(const int *)ctx; }

/* core/timedread (issue 38): a read that would wait on a silent pipe fails at the
 * deadline (ETIME) or at the cancel (ECANCELED), where a plain stream waits for ever;
 * what arrives without a wait is read whole whatever the deadline, and the line reader
 * reports the failure as a read error. The 0.2 s deadline is asserted only as "ended",
 * with a 10 s hang detector around it. */
Test(lines, timedread_gives_up_at_the_deadline_or_cancel_never_on_data)
{
    for (int way = 0; way < 2; way++) {
        int fd[2], flag = way;
        cr_assert_eq(pipe(fd), 0);
        const cancel_check cancel = { cancel_now, &flag, NULL };
        double t0 = walltime_now();
        FILE *fp = timedread_open(fd[0], way ? 0 : t0 + 0.2, &cancel);
        cr_assert(fp);
        lines rd;
        char *line;
        size_t len;
        lines_init(&rd, fp, 100);
        cr_assert_eq(lines_next(&rd, &line, &len), LINES_ERROR);
        cr_expect_eq(rd.error, way ? ECANCELED : ETIME);
        cr_expect_lt(walltime_now() - t0, 10.0);
        lines_free(&rd);
        fclose(fp);
        close(fd[0]);
        close(fd[1]);
    }
    int fd[2];
    cr_assert_eq(pipe(fd), 0);
    cr_assert_eq(write(fd[1], "a\nb", 3), 3);
    close(fd[1]);
    FILE *fp = timedread_open(fd[0], walltime_now() - 1, NULL); /* long past */
    lines rd;
    char *line;
    size_t len;
    lines_init(&rd, fp, 100);
    cr_assert_eq(lines_next(&rd, &line, &len), LINES_OK);
    cr_expect_str_eq(line, "a");
    cr_assert_eq(lines_next(&rd, &line, &len), LINES_OK);
    cr_expect_str_eq(line, "b");
    cr_expect_eq(lines_next(&rd, &line, &len), LINES_EOF);
    lines_free(&rd);
    fclose(fp);
    close(fd[0]);
}
