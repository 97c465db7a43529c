/* test_study_report.c - a study's readable report and its --out listings, called from
 * study/ directly (issue 31: every output of a study has its home there, none in cli/),
 * checked against the study they describe. */
#define _GNU_SOURCE /* open_memstream */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/cover_report.h"
#include "study/enumeration_report.h"
#include "study/study.h"
#include "helpers.h"
#include <cjson/cJSON.h>

static study run_small(void)
{
    enumeration_params sp;
    hs_params hp;
    enumeration_params_init(&sp);
    hs_params_init(&hp);
    sp.hi = 6; /* 4 cards of 1-6, target 24: 126 hands, well under a second */
    study r;
    char err[256];
    cr_assert_eq(study_run(&r, &sp, &hp, err, sizeof err), 0, "%s", err);
    return r;
}

typedef struct {
    char *text;
    size_t len;
    FILE *fp;
} sink;

/* In place: the stream keeps the addresses of text and len. */
static void sink_open(sink *s)
{
    memset(s, 0, sizeof *s);
    s->fp = open_memstream(&s->text, &s->len);
    cr_assert(s->fp);
}

static char *sink_close(sink *s)
{
    cr_assert_eq(fclose(s->fp), 0);
    return s->text;
}

static uint32_t lines_of(const char *text)
{
    uint32_t n = 0;
    for (const char *p = text; (p = strchr(p, '\n')); p++)
        n++;
    return n;
}

/* Column col (0-based) of each line after the header, summed. */
static uint64_t column_sum(const char *text, int col)
{
    uint64_t sum = 0;
    for (const char *p = strchr(text, '\n') + 1; *p; p = strchr(p, '\n') + 1) {
        const char *f = p;
        for (int i = 0; i < col; i++)
            f = strchr(f, '\t') + 1;
        sum += strtoull(f, NULL, 10);
    }
    return sum;
}

Test(study_report, the_listings_describe_the_study)
{
    study r = run_small();
    const enumeration *st = &r.st;
    sink s;
    sink_open(&s);
    cr_assert_eq(enumeration_report_templates_tsv(st, s.fp), 0);
    char *t = sink_close(&s);
    cr_expect_eq(strncmp(t, "id\tfull\treadable\n", 17), 0, "%s", t);
    cr_expect_eq(lines_of(t), template_family_count(st->family) + 1);
    free(t);

    sink_open(&s);
    cr_assert_eq(enumeration_report_hands_tsv(st, s.fp), 0);
    t = sink_close(&s);
    cr_expect_eq(lines_of(t), hand_set_count(st->hands) + 1);
    cr_expect_eq(column_sum(t, 2), st->solvable, "the solvable column");
    cr_expect_eq(column_sum(t, 3), st->solution_pairs, "the family_solutions column");
    free(t);

    sink_open(&s);
    cr_assert_eq(cover_report_classes_tsv(s.fp, st, r.cls), 0);
    t = sink_close(&s);
    cr_expect_eq(lines_of(t), classes_count(r.cls) + 1);
    cr_expect_eq(column_sum(t, 4), st->useful_templates, "every useful template, once");
    free(t);

    sink_open(&s);
    cr_assert_eq(cover_report_set_hands_tsv(s.fp, st, r.cls), 0);
    t = sink_close(&s);
    cr_expect_eq(lines_of(t), hs_instance_nsets(classes_instance(r.cls)) + 1);
    cr_expect_eq(lines_of(t), st->family_solvable + 1, "one set per hand the family solves");
    free(t);
    study_free(&r);
}

/* study_text() is the two halves in order, and the phases' line only with timings. */
Test(study_report, the_text_report_is_both_halves_then_the_timings)
{
    study r = run_small();
    sink s;
    sink_open(&s);
    enumeration_report_text(&r.st, s.fp);
    cover_report_text(s.fp, &r.st, r.cls, &r.hr, false);
    char *halves = sink_close(&s);
    sink_open(&s);
    study_text(&r, false, s.fp);
    char *text = sink_close(&s);
    cr_expect_str_eq(text, halves);
    free(text);
    sink_open(&s);
    study_text(&r, true, s.fp);
    text = sink_close(&s);
    const char *sec = strstr(text, "\nseconds: enumerate ");
    cr_assert(sec, "%s", text);
    cr_expect(strstr(sec, "; until the report "), "%s", sec);
    cr_expect_eq(sec[strlen(sec) - 1], '\n');
    free(text);
    free(halves);
    study_free(&r);
}

/* Issue 40: deck 1-99 printed 41,324 "needs another grouping" lines. The text lists the
 * first 50 and says how many more; the JSON keeps every one (its count is the header's). */
Test(study_report, a_long_list_of_hands_needing_another_grouping_is_cut_at_50)
{
    run_result r = run_t24("study --deck 1-25 --time-limit 30", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    unsigned total = 0, more = 0;
    const char *h = strstr(r.out, "Completeness of the reduced family: ");
    cr_assert(h && sscanf(h, "Completeness of the reduced family: %u", &total) == 1, "%s", r.out);
    const char *m = strstr(h, "  ... and ");
    cr_assert(m && sscanf(m, "  ... and %u more", &more) == 1, "%s", h);
    int listed = 0;
    for (const char *p = strchr(h, '\n') + 1; p < m; p = strchr(p, '\n') + 1)
        listed++;
    cr_expect_eq(listed, 50);
    cr_expect_eq(listed + more, total);
    run_free(&r);
    r = run_t24("study --deck 1-25 --time-limit 30 --json", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cJSON *js = cJSON_Parse(r.out);
    cr_assert(js);
    const cJSON *list = cJSON_GetObjectItem(js, "reduced_misses");
    cr_expect_eq(cJSON_GetArraySize(list), (int)total);
    cJSON_Delete(js);
    run_free(&r);
}

/* Issue 39, item 6: the library's table of bounds says elements and sets; the study says
 * classes and hands itself, in its verdict and in a generated table's header, so that
 * its outputs read as before. The LP bound keeps the library's words. */
Test(study_report, the_study_says_its_own_words_for_the_librarys_bounds)
{
    static const struct {
        const char *name, *words, *brief;
    } want[] = {
        { "necessary", "the necessary classes", "the necessary classes" },
        { "packing", "disjoint hands (the packing bound)", "the packing bound" },
        { "lp_bound", "the LP bound", "the LP bound" },
    };
    cr_assert_eq(hs_bound_count(), sizeof want / sizeof want[0]);
    for (size_t i = 0; i < hs_bound_count(); i++) {
        hs_bound_info b;
        cr_assert_eq(hs_bound_about(i, &b), 0);
        cr_assert_str_eq(b.name, want[i].name);
        cr_expect_str_eq(cover_report_bound_words(&b, false), want[i].words);
        cr_expect_str_eq(cover_report_bound_words(&b, true), want[i].brief);
    }
    /* A caller's bound of the same name (on the core) keeps its own words. */
    hs_bound_info mine = { "packing", "my words", "mine", true, false };
    cr_expect_str_eq(cover_report_bound_words(&mine, false), "my words");
    cr_expect_str_eq(cover_report_bound_words(&mine, true), "mine");
    /* The verdict of a study the packing bound proves (3 cards, deck 1-6). */
    run_result r = run_t24("study --cards 3 --deck 1-6 --ls-steps 20000", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, " disjoint hands (the packing bound)\n"), "%s", r.out);
    run_free(&r);
}
