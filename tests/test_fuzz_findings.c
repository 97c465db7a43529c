/* test_fuzz_findings.c - what the fuzzers of tests/fuzz found, as plain regression tests
 * (the inputs are in the seed corpora too, so the fuzzers replay them on every run). */
#include <criterion/criterion.h>

#include <string.h>

#include "hitset/model/pace.h"
#include "solve/search.h"
#include "solve/verify.h"
#include "eval/solutions.h"

/* verify.c copied the text of a number into a 32-byte buffer: leading zeros made a
 * short number 62 bytes long (a stack overflow AddressSanitizer reported). */
Test(fuzz_findings, verify_reads_numbers_with_many_leading_zeros)
{
    char text[160];
    snprintf(text, sizeof text, "%0100d-(-0000000000000000000000000000000000000000003)", 27);
    int64_t cards[] = { 27, -3 };
    cr_assert_eq(verify_solution(text, cards, 2, 30), VERIFY_OK, "%s", text);
    cr_assert_eq(verify_solution(text, cards, 2, 24), VERIFY_VALUE);
}

static int read_text(const char *text, char *err, size_t size)
{
    FILE *fp = fmemopen((void *)text, strlen(text), "r");
    cr_assert(fp);
    solutions s;
    int rc = solutions_read(&s, fp, err, size);
    if (rc == 0)
        solutions_free(&s);
    fclose(fp);
    return rc;
}

/* solutions_read() took "hands -1" for 4294967295 (fscanf's %u) and allocated the
 * offsets of that many hands before reading any (32 GB: AddressSanitizer's
 * allocation-size-too-big). */
Test(fuzz_findings, a_solutions_header_is_read_strictly_and_trusted_no_further_than_its_rows)
{
    char err[128];
    cr_assert_eq(read_text("t24-solutions 1\nhands -1 templates 5 cards 2\n1 1\t0\t\n", err,
                           sizeof err), -1);
    cr_assert_str_eq(err, "line 2: bad header");
    cr_assert_eq(read_text("t24-solutions 1\nhands 4000000000 templates 5 cards 2\n", err,
                           sizeof err), -1);
    cr_assert_str_eq(err, "line 2: bad header", "more hands than any deck has");
    cr_assert_eq(read_text("t24-solutions 1\nhands 19999999 templates 5 cards 2\n1 1\t0\t\n",
                           err, sizeof err), -1);
    cr_assert_str_eq(err, "line 4: fewer rows than the header's hands", "the rows run out first");
    cr_assert_eq(read_text("t24-solutions 1\nhands 1 template 5 cards 2\n1 1\t0\t\n", err,
                           sizeof err), -1);
    cr_assert_eq(read_text("t24-solutions 1\nhands 2 templates 5 cards 2\n1 1\t2\t0 4\n"
                           "1 2\t0\t\n", err, sizeof err), 0, "%s", err);
}

/* "p hs 999999991 1" made the PACE reader allocate the offsets of a billion elements
 * (8 GB; libFuzzer's out-of-memory). */
Test(fuzz_findings, a_pace_universe_is_bounded)
{
    static const char text[] = "p hs 999999991 1\r1\r";
    FILE *fp = fmemopen((void *)text, sizeof text - 1, "r");
    char err[128];
    instance *h = pace_read(fp, err, sizeof err);
    fclose(fp);
    cr_assert_null(h);
    cr_assert(strstr(err, "999999991 elements"), "%s", err);
}

/* Every printed solution of cards at target is new and correct. */
static void listed_once(const int64_t *cards, int n, int64_t target, size_t at_least)
{
    search *s = search_new();
    search_params p;
    cr_assert(s);
    search_params_init(&p);
    p.target = target;
    p.all = true;
    cr_assert_eq(search_run(s, cards, n, &p, NULL), SEARCH_OK);
    size_t count = search_count(s);
    cr_assert_geq(count, at_least, "%zu solutions", count);
    for (size_t i = 0; i < count; i++) {
        const char *text = search_solution(s, i);
        cr_assert_eq(verify_solution(text, cards, n, target), VERIFY_OK, "'%s'", text);
        for (size_t j = 0; j < i; j++)
            cr_assert_str_neq(text, search_solution(s, j), "'%s' twice", text);
    }
    search_free(s);
}

/* fuzz_solve: all-solutions mode listed '(0*0+1)*(3-2-2)' twice for cards 0 0 1 3 2 2 at
 * target -1 (two canonical keys, one printed form); canon.c now gives them one key
 * (test_canon.c). Cards -1 (six of them) at target 1 still need search.c's check of the
 * printed form: a form canon.c cannot print is printed as its source expression, and
 * one of those reads like another solution's canonical form. */
Test(fuzz_findings, no_solution_is_printed_twice)
{
    const int64_t zeros[] = { 0, 0, 1, 3, 2, 2 }, minus_ones[] = { -1, -1, -1, -1, -1, -1 };
    listed_once(zeros, 6, -1, 1000);
    listed_once(minus_ones, 6, 1, 10);
}
