/* The study's enumeration half, checked against independent sources. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "helpers.h"
#include "study/enumeration.h"
#include "study_helpers.h"

/* The enumeration of N cards of LO..HI at target 24. */
static enumeration run(int n, int64_t lo, int64_t hi, template_groupings g)
{
    return enumerate_config(n, lo, hi, 24, g);
}

/* The 4 Numbers site's list of solvable hands of 1-13 (data/reference/, see
 * data/README.md) is an outside source: t24's `all` family must find exactly those hands
 * solvable. */
Test(enumeration, solvable_hands_of_1_to_13_match_the_4nums_reference)
{
    char *text = read_reference("4nums-target24-solutions.json");
    cJSON *ref = cJSON_Parse(text);
    cr_assert(ref);
    enumeration st = run(4, 1, 13, TEMPLATE_ALL);
    int listed = 0;
    for (uint32_t h = 0; h < hand_set_count(st.hands); h++) {
        char key[64];
        hand_format(hand_set_hand(st.hands, h), 4, key, sizeof key);
        bool in_ref = cJSON_GetObjectItemCaseSensitive(ref, key) != NULL;
        cr_assert_eq(st.truly_solvable[h], in_ref, "hand %s", key);
        listed += in_ref;
    }
    cr_assert_eq(listed, cJSON_GetArraySize(ref), "every reference key is a hand of 1-13");
    cr_assert_eq(st.solvable, 1362);
    enumeration_free(&st);
    cJSON_Delete(ref);
    free(text);
}

Test(enumeration, counts_add_up_and_misses_are_real)
{
    enumeration st = run(4, 1, 11, TEMPLATE_REDUCED);
    cr_assert_eq(st.solvable + st.unsolvable, hand_set_count(st.hands));
    cr_assert_eq(st.family_solvable + st.nmisses, st.solvable);
    template_family *all = template_family_new(4, TEMPLATE_ALL);
    for (uint32_t i = 0; i < st.nmisses; i++) {
        const int64_t *c = hand_set_hand(st.hands, st.misses[i].hand);
        template_prog p;
        /* the witness really hits (GMP reference) ... */
        template_program(all, st.misses[i].witness, &p);
        cr_assert_eq(eval_prog(&p, c, 24), EVAL_HIT);
        /* ... and no reduced template does */
        for (uint32_t id = 0; id < template_family_count(st.family); id++) {
            template_program(st.family, id, &p);
            cr_assert_neq(eval_prog(&p, c, 24), EVAL_HIT);
        }
    }
    template_family_free(all);
    enumeration_free(&st);
}

Test(enumeration, reduced_solution_sets_are_the_all_family_restricted_to_three_shapes)
{
    enumeration r = run(4, 1, 11, TEMPLATE_REDUCED), a = run(4, 1, 11, TEMPLATE_ALL);
    uint32_t limit = template_family_count(r.family);
    for (uint32_t h = 0; h < r.sols.nhands; h++) {
        uint64_t k = 0;
        for (uint64_t j = 0; j < solutions_row_len(&a.sols, h); j++)
            if (solutions_row(&a.sols, h)[j] < limit) {
                cr_assert_lt(k, solutions_row_len(&r.sols, h));
                cr_assert_eq(solutions_row(&r.sols, h)[k], solutions_row(&a.sols, h)[j]);
                k++;
            }
        cr_assert_eq(k, solutions_row_len(&r.sols, h));
    }
    cr_assert_eq(r.solvable, a.solvable);
    enumeration_free(&r);
    enumeration_free(&a);
}

/* The aces view recomputed by brute force over every reading of the aces. */
Test(enumeration, aces_view_matches_direct_evaluation)
{
    enumeration st = run(4, 1, 11, TEMPLATE_REDUCED);
    template_family *all = template_family_new(4, TEMPLATE_ALL);
    hand_set *low = hand_set_new(4, 1, 10);
    uint32_t unsolvable = 0;
    idlist v = { 0 };
    for (uint32_t h = 0; h < hand_set_count(low); h++) {
        const int64_t *c = hand_set_hand(low, h);
        bool ok = false;
        for (unsigned m = 0; m < 16 && !ok; m++) {
            int64_t x[4];
            bool valid = true;
            for (int i = 0; i < 4; i++) {
                x[i] = (m >> i & 1) ? 11 : c[i];
                valid &= !(m >> i & 1) || c[i] == 1;
            }
            if (!valid)
                continue;
            for (int i = 1; i < 4; i++) /* insertion sort */
                for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
                    int64_t t = x[j];
                    x[j] = x[j - 1];
                    x[j - 1] = t;
                }
            v.len = 0;
            eval_hand(all, x, 24, &v, NULL);
            ok = v.len > 0;
        }
        unsolvable += !ok;
    }
    cr_assert_eq(st.aces_hands, 715);
    cr_assert_eq(st.aces_unsolvable, unsolvable);
    idlist_free(&v);
    hand_set_free(low);
    template_family_free(all);
    enumeration_free(&st);
}

Test(enumeration, two_threads_and_one_thread_agree)
{
    enumeration_params p;
    enumeration_params_init(&p);
    p.per_template = true; /* tests read the (hand, template) pairs */
    p.hi = 13;
    p.nthreads = 1;
    enumeration a = enumerate_params(&p);
    p.nthreads = 2;
    enumeration b = enumerate_params(&p);
    cr_assert(solutions_equal(&a.sols, &b.sols));
    enumeration_free(&a);
    enumeration_free(&b);
}

typedef struct {
    uint32_t calls, last_done, total;
    bool rising;
} progress_log;

static void log_progress(void *ctx, uint32_t done, uint32_t total)
{
    progress_log *g = ctx;
    g->rising = g->rising && done >= g->last_done && done <= total;
    g->calls++;
    g->last_done = done;
    g->total = total;
}

/* With more than 2,000 hands and a progress function, the calling thread evaluates its
 * share in steps and reports between them: the solution sets must be the same as one
 * thread's in one go, and the counts must rise to at least the calling thread's share. */
Test(enumeration, stepped_progress_and_three_threads_agree_with_one_thread)
{
    template_family *f = template_family_new(4, TEMPLATE_REDUCED);
    hand_set *hs = hand_set_new(4, 1, 16); /* C(19,4) = 3,876 hands */
    cr_assert(f && hs);
    solutions one, three;
    progress_log g = { .rising = true };
    cr_assert_eq(solutions_compute(&one, f, hs, 24, 1, NULL, NULL), 0);
    cr_assert_eq(solutions_compute(&three, f, hs, 24, 3, log_progress, &g), 0);
    cr_expect(solutions_equal(&one, &three));
    cr_expect_eq(one.nhands, 3876);
    cr_expect_geq(g.calls, 3876 / 3 / 64, "one call per 64 hands of the calling thread");
    cr_expect(g.rising);
    cr_expect_eq(g.total, 3876);
    cr_expect_geq(g.last_done, 3876 / 3);
    solutions_free(&one);
    solutions_free(&three);
    hand_set_free(hs);
    template_family_free(f);
}

Test(enumeration, solution_sets_survive_the_artifact_format)
{
    enumeration st = run(4, 1, 11, TEMPLATE_REDUCED);
    char path[] = "/tmp/t24-solutions-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    FILE *fp = fdopen(fd, "w+");
    cr_assert_eq(solutions_write(&st.sols, st.hands, fp), 0);
    rewind(fp);
    solutions back;
    char err[128];
    cr_assert_eq(solutions_read(&back, fp, err, sizeof err), 0, "%s", err);
    cr_assert(solutions_equal(&st.sols, &back));
    solutions_free(&back);
    fclose(fp);
    unlink(path);
    enumeration_free(&st);
}

Test(enumeration, malformed_artifacts_are_rejected_with_a_line_number)
{
    const char *bad[] = { "nope\n", "t24-solutions 1\nhands 1 templates 10 cards 2\n1 2\t2\t3 3\n",
                          "t24-solutions 1\nhands 1 templates 10 cards 2\n1 2\t1\t11\n",
                          "t24-solutions 1\nhands 1 templates 10 cards 2\n1 2\t1\t4\nextra\n" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        FILE *fp = fmemopen((void *)bad[i], strlen(bad[i]), "r");
        solutions s;
        char err[128] = "";
        cr_assert_eq(solutions_read(&s, fp, err, sizeof err), -1, "case %zu", i);
        cr_assert(strncmp(err, "line ", 5) == 0, "case %zu: %s", i, err);
        fclose(fp);
    }
}

/* Issue 22: solutions_read() refused CRLF and CR files (reliability.md: every reader
 * takes them), called a NUL byte "trailing data" on the wrong line, and took the row
 * "1 1 1<TAB>0<TAB>" of a 2-card file (three cards) for a hand. */
Test(enumeration, solutions_read_takes_crlf_and_cr_and_names_the_bad_line)
{
    static const char lf[] = "t24-solutions 1\nhands 2 templates 10 cards 2\n1 2\t2\t3 4\n2 2\t0\t\n";
    char crlf[256], cr[256];
    size_t k = 0, m = 0;
    for (const char *p = lf; *p; p++) {
        if (*p == '\n') {
            crlf[k++] = '\r';
            cr[m++] = '\r';
            crlf[k++] = '\n';
        } else {
            crlf[k++] = cr[m++] = *p;
        }
    }
    crlf[k] = cr[m] = '\0';
    const char *good[] = { lf, crlf, cr };
    for (size_t i = 0; i < 3; i++) {
        FILE *fp = fmemopen((void *)good[i], strlen(good[i]), "r");
        solutions s;
        char err[128] = "";
        cr_assert_eq(solutions_read(&s, fp, err, sizeof err), 0, "case %zu: %s", i, err);
        cr_expect_eq(s.nhands, 2);
        cr_expect_eq(solutions_row_len(&s, 0), 2);
        cr_expect_eq(solutions_row_len(&s, 1), 0);
        solutions_free(&s);
        fclose(fp);
    }
    static const struct {
        const char *text;
        size_t len;
        const char *err;
    } bad[] = {
        { "t24-solutions 1\nhands 1 templates 10 cards 2\n1 1 1\t0\t\n", 0, "line 3: malformed" },
        { "t24-solutions 1\nhands 2 templates 10 cards 2\n1 2\t0\t\n2\0 2\t0\t\n", 56, "line 4" },
        { "t24-solutions 1\nhands 1 templates 10 cards 2\n1 2\t0\t\n\n9\n", 0, "line 5: trailing" },
        { "t24-solutions 1\nhands 3 templates 10 cards 2\n1 2\t0\t\n", 0, "line 4: fewer rows" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t len = bad[i].len ? bad[i].len : strlen(bad[i].text);
        FILE *fp = fmemopen((void *)bad[i].text, len, "r");
        solutions s;
        char err[128] = "";
        cr_expect_eq(solutions_read(&s, fp, err, sizeof err), -1, "bad case %zu", i);
        cr_expect(strstr(err, bad[i].err), "bad case %zu: %s", i, err);
        fclose(fp);
    }
}
