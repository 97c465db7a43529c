/* test_pace.c - the PACE 2025 format's one module (hitset/model/pace.h, issue 31): what the
 * writers write byte for byte, the reader taking it back, and the reader's refusals and
 * stops, each with its reason. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/model/pace.h"
#include "mincover_helpers.h"

#define END UINT32_MAX

/* Three elements, two sets: {1, 2} and {2, 3} in the file's numbering. */
static const uint32_t small[2][16] = { { 0, 1, END }, { 1, 2, END } };

/* The text a writer leaves in a memory stream (free it). */
static char *written(int (*w)(FILE *, const instance *, const char *), const instance *h,
                     const char *comment)
{
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    cr_assert(fp);
    cr_assert_eq(w(fp, h, comment), 0);
    cr_assert_eq(fclose(fp), 0);
    return text;
}

/* The instance text reads to, or NULL with the reader's reason in err. */
static instance *read_text(const char *text, char *err, size_t errsize)
{
    FILE *fp = fmemopen((void *)text, strlen(text), "r");
    cr_assert(fp);
    instance *h = pace_read(fp, err, errsize);
    fclose(fp);
    return h;
}

Test(pace, the_writers_write_the_format_byte_for_byte)
{
    instance *h = make_instance(3, 2, small);
    char *text = written(pace_write, h, "two sets");
    cr_expect_str_eq(text, "c two sets\np hs 3 2\n1 2\n2 3\n");
    free(text);
    text = written(pace_write, h, NULL);
    cr_expect_str_eq(text, "p hs 3 2\n1 2\n2 3\n");
    free(text);
    instance_free(h);

    /* A solution: the size, then the elements 1-based in the order given. */
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    const uint32_t cover[] = { 1, 0, 4294967294u };
    cr_assert_eq(pace_write_solution(fp, cover, 3), 0);
    cr_assert_eq(pace_write_solution(fp, NULL, 0), 0);
    fclose(fp);
    cr_expect_str_eq(text, "3\n2\n1\n4294967295\n0\n");
    free(text);
}

/* What pace_write() writes, pace_read() reads back as the same instance, the comment
 * skipped; any line end (LF, CRLF, CR) reads the same. */
Test(pace, the_reader_takes_back_what_the_writer_wrote)
{
    instance *h = make_instance(3, 2, small);
    char err[256] = "";
    char *text = written(pace_write, h, "c p 1 2: a comment that looks like data");
    instance *back = read_text(text, err, sizeof err);
    cr_assert(back, "%s", err);
    cr_expect(instance_equal(h, back));
    instance_free(back);
    free(text);
    static const char *const ends[] = { "p hs 3 2\r\n1 2\r\n2 3\r\n", "p hs 3 2\r1 2\r2 3\r",
                                        "c\n\np hs 3 2\n2 1\n3 2" };
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
        back = read_text(ends[i], err, sizeof err);
        cr_assert(back, "%s", err);
        cr_expect(instance_equal(h, back), "read otherwise: %s", ends[i]);
        instance_free(back);
    }
    instance_free(h);
}

Test(pace, the_reader_refuses_malformed_files_naming_the_line)
{
    static const char *const bad[][2] = {
        { "1 2\n", "line 1: set before the header" },
        { "p hs 3 1\n1 4\n", "line 2: element 4 is outside 1..3" },
        { "p hs 3 2\n1 2\n", "line 2: the file ends after 1 of the 2 sets the header "
                             "announces" },
        { "p hs 3 1\n1 x\n", "line 2: expected a list of elements" },
        { "p hs 3 1\np hs 3 1\n1\n", "line 2: expected one header 'p hs N M' (N, M from 0 "
                                     "to 4294967295)" },
        { "p ds 3 1\n1\n", "line 1: expected one header 'p hs N M' (N, M from 0 to "
                           "4294967295)" },
        { "p hs 3 1\n0\n", "line 2: expected a list of elements" }, /* 1-based */
        { "p hs 3 1\n\n", "line 2: an empty set: no hitting set exists" },
        { "p hs 3 1\n1\n2\n", "line 3: more sets than the 1 the header announces" },
        { "c nothing\n", "no 'p hs N M' header" },
        { "p hs 16777217 1\n1\n", "line 1: 16777217 elements: at most 16777216 are read" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char err[256] = "";
        instance *h = read_text(bad[i][0], err, sizeof err);
        cr_expect_null(h, "accepted: %s", bad[i][0]);
        cr_expect_str_eq(err, bad[i][1], "for: %s", bad[i][0]);
        instance_free(h);
    }
}

static int asked(void *ctx)
{
    (void)ctx;
    return 1;
}

/* A deadline already past, or a cancel that asks, stops the reader at the first check
 * (line PACE_CHECK_LINES) of a file of comments; with neither it reads the file. */
Test(pace, the_reader_stops_at_its_deadline_or_cancel)
{
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    for (int i = 0; i < 2 * PACE_CHECK_LINES; i++)
        fprintf(fp, "c padding\n");
    fprintf(fp, "p hs 1 1\n1\n");
    fclose(fp);
    char err[256], want[128];
    snprintf(want, sizeof want, "the time limit ran out while reading, at line %d",
             PACE_CHECK_LINES);
    const cancel_check cancel = { asked, NULL, NULL };
    for (int way = 0; way < 3; way++) {
        err[0] = '\0';
        fp = fmemopen(text, len, "r");
        instance *h = way == 0   ? pace_read_until(fp, 1e-9, NULL, err, sizeof err)
                      : way == 1 ? pace_read_until(fp, 0, &cancel, err, sizeof err)
                                 : pace_read_until(fp, 0, NULL, err, sizeof err);
        fclose(fp);
        if (way < 2) {
            cr_expect_null(h, "way %d read the file", way);
            cr_expect_str_eq(err, want);
        } else {
            cr_expect(h && instance_nsets(h) == 1, "%s", err);
        }
        instance_free(h);
    }
    free(text);
}
