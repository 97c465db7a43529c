/* test_pace_limit.c - t24's PACE reader at its entry limit (issue 52 item 3): the entries
 * of all sets, counted as written, at most 2^PACE_MAX_ENTRIES_LOG2 (28 in t24). A file of
 * 2^28 entries takes half a GB of text and about 7 GB to read, too much for make test, so
 * this file compiles the reader itself with the exponent 10: the same code, the boundary
 * at 1,024 entries (one past it refused, at it accepted). tests/check_checker_limit.sh
 * does the same with t24-check, and checks that both builds of record say 2^28. */
#define PACE_MAX_ENTRIES_LOG2 10
#include "../src/hitset/model/pace.c"

#include <criterion/criterion.h>

/* "p hs N M" and M sets: sets - 1 of `width` elements 1..width, then one of `last`
 * elements 1..last, as a stream to read. */
static FILE *instance_text(uint32_t n, uint32_t sets, uint32_t width, uint32_t last)
{
    FILE *fp = tmpfile();
    cr_assert(fp);
    fprintf(fp, "c %u entries\np hs %u %u\n", (sets - 1) * width + last, n, sets);
    for (uint32_t s = 0; s < sets; s++)
        for (uint32_t e = 1, w = s + 1 < sets ? width : last; e <= w; e++)
            fprintf(fp, "%u%c", e, e == w ? '\n' : ' ');
    rewind(fp);
    return fp;
}

Test(pace_limit, an_instance_of_exactly_the_limits_entries_is_read)
{
    char err[256] = "";
    FILE *fp = instance_text(5, 256, 4, 4); /* 256 x 4 = 1024 = 2^10 */
    instance *h = pace_read(fp, err, sizeof err);
    cr_assert(h, "refused at the limit: %s", err);
    cr_assert_eq(instance_nsets(h), 256);
    uint64_t entries = 0;
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        uint32_t len;
        instance_set(h, s, &len);
        entries += len;
    }
    cr_assert_eq(entries, 1024);
    instance_free(h);
    fclose(fp);
}

Test(pace_limit, one_entry_past_the_limit_is_refused_at_its_line)
{
    char err[256] = "";
    FILE *fp = instance_text(5, 256, 4, 5); /* 255 x 4 + 5 = 1025 */
    instance *h = pace_read(fp, err, sizeof err);
    cr_assert_null(h);
    /* the header is line 2, the 256th set line 258 */
    cr_assert_str_eq(err, "line 258: more than 1024 (2^10) elements in all sets: at most "
                          "that many are read");
    fclose(fp);
}

Test(pace_limit, repeats_count_as_written)
{
    /* A set that names one element twice is two entries read (the reader's memory holds
     * the line as written before the repeat goes): 1023 + 2 = 1025 is refused. */
    char err[256] = "";
    FILE *fp = tmpfile();
    cr_assert(fp);
    fprintf(fp, "p hs 1 1024\n");
    for (int s = 0; s < 1023; s++)
        fputs("1\n", fp);
    fputs("1 1\n", fp);
    rewind(fp);
    cr_assert_null(pace_read(fp, err, sizeof err));
    cr_assert(strstr(err, "line 1025: more than 1024"), "%s", err);
    fclose(fp);
}
