/* t24 sweep: rows are the study's reports, the committed results are reproducible, the
 * extremes and proof status follow the rows, and bad input follows the CLI contract. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <sys/stat.h>

#include "helpers.h"
#include "study/sweep_report.h"

static cJSON *run_json(const char *args)
{
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "'t24 %s' exited %d: %s", args, r.status, r.err);
    cJSON *o = cJSON_Parse(r.out);
    cr_assert(o, "'t24 %s' printed no JSON", args);
    run_free(&r);
    return o;
}

static cJSON *table(const cJSON *doc, int i)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "tables"), i);
}

static int geti(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    cr_assert(cJSON_IsNumber(v), "no number '%s'", key);
    return v->valueint;
}

/* Writes text into a new temporary file; its name goes into path (size >= 32). */
static char *write_temp(char *path, const char *text)
{
    strcpy(path, "/tmp/t24-sweep-test-XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

Test(sweep, rows_equal_t24_study_json_for_every_deck_configuration)
{
    cJSON *doc = run_json("sweep --json --table decks");
    const cJSON *rows = cJSON_GetObjectItem(table(doc, 0), "rows"), *row;
    cr_assert_eq(cJSON_GetArraySize(rows), 6);
    int n = 0;
    cJSON_ArrayForEach(row, rows) {
        char args[256];
        const cJSON *deck = cJSON_GetObjectItem(row, "deck");
        snprintf(args, sizeof args, "study --json --cards %d --deck %d-%d --target %d "
                 "--groupings %s", geti(row, "cards"), cJSON_GetArrayItem(deck, 0)->valueint,
                 cJSON_GetArrayItem(deck, 1)->valueint, geti(row, "target"),
                 cJSON_GetObjectItem(row, "groupings")->valuestring);
        cJSON *enumeration = run_json(args);
        cr_assert(cJSON_Compare(row, enumeration, true), "row differs from 't24 %s'", args);
        cJSON_Delete(enumeration);
        n++;
    }
    /* The default study itself (no options) is the third row: 1-11, reduced. Its optimum,
     * 107, is README.md's headline and docs/results.md's deck 1-11 row; outside t24,
     * tests/test_optimum_cbc.c has COIN-OR CBC's command-line program prove it on the LP
     * file `t24 study --out` writes, and checks CBC's cover against every hand. */
    cJSON *def = run_json("study --json");
    cr_assert(cJSON_Compare(cJSON_GetArrayItem(rows, 2), def, true));
    cr_assert_eq(geti(def, "optimum"), 107);
    cJSON_Delete(def);
    cJSON_Delete(doc);
}

/* committed must be made, optionally followed by the section that starts with tail (the
 * five-card frontier that `make frontier` appends to results.md). */
static void expect_same_file(const char *made, const char *committed, const char *tail)
{
    char *a = slurp(made), *b = slurp(committed);
    cr_assert(a && b, "cannot read %s or %s", made, committed);
    size_t n = strlen(a);
    bool same = strncmp(a, b, n) == 0 &&
                (b[n] == '\0' || (tail && strncmp(b + n, tail, strlen(tail)) == 0));
    cr_assert(same, "%s differs from a fresh `t24 sweep` (run `make results`)", committed);
    free(a);
    free(b);
}

Test(sweep, committed_results_are_what_the_default_sweep_prints, .timeout = 600)
{
    char dir[] = "/tmp/t24-sweep-out-XXXXXX", args[256], path[512], doc[512];
    cr_assert(mkdtemp(dir));
    snprintf(args, sizeof args, "sweep --out %s/out", dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(r.err, "", "progress only on a terminal");
    const char *src = getenv("T24_SOURCE_DIR");
    cr_assert(src);
    snprintf(path, sizeof path, "%s/out/sweep.md", dir);
    char *md = slurp(path);
    cr_assert_str_eq(r.out, md, "stdout and sweep.md differ");
    cr_assert(strstr(md, "Smallest minimum test set: **66** at target 1 (proven)"));
    cr_assert(strstr(md, "Largest minimum test set: **174** at target 54 (proven)"));
    snprintf(doc, sizeof doc, "%s/docs/results.md", src);
    expect_same_file(path, doc, "\n## Five cards at target 24: the frontier\n");
    snprintf(path, sizeof path, "%s/out/sweep.csv", dir);
    snprintf(doc, sizeof doc, "%s/docs/results.csv", src);
    expect_same_file(path, doc, NULL);
    char *csv = slurp(path);
    cr_assert_eq(count_lines(csv), 107, "header and 106 configurations");
    free(csv);
    const char *names[] = { "sweep.md", "sweep.csv", "sweep.json" };
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/out/%s", dir, names[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/out", dir);
    rmdir(path);
    rmdir(dir);
    free(md);
    run_free(&r);
}

Test(sweep, configs_file_makes_tables_in_order_and_names_extreme_targets)
{
    char tmp[32], *path = write_temp(tmp, "# a comment\n"
                            "table small Three cards, deck 1-5\n"
                            "3 1-5 10   # trailing comment\n"
                            "3 1-5 6\n"
                            "3 1-5 24 all\n"
                            "table pair\n"
                            "2 1-9 7\n");
    char args[128];
    snprintf(args, sizeof args, "sweep --json --configs %s", path);
    cJSON *doc = run_json(args);
    unlink(path);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(doc, "tables")), 2);
    cJSON *t = table(doc, 0), *rows = cJSON_GetObjectItem(t, "rows");
    cr_assert_str_eq(cJSON_GetObjectItem(t, "name")->valuestring, "small");
    cr_assert_str_eq(cJSON_GetObjectItem(t, "title")->valuestring, "Three cards, deck 1-5");
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(t, "by_target")));
    int targets[] = { 10, 6, 24 }, lo = 1 << 30, hi = -1;
    for (int i = 0; i < 3; i++) {
        const cJSON *row = cJSON_GetArrayItem(rows, i);
        cr_assert_eq(geti(row, "target"), targets[i]);
        cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(row, "optimal")));
        lo = geti(row, "optimum") < lo ? geti(row, "optimum") : lo;
        hi = geti(row, "optimum") > hi ? geti(row, "optimum") : hi;
    }
    const cJSON *s = cJSON_GetObjectItem(t, "smallest"), *l = cJSON_GetObjectItem(t, "largest");
    cr_assert_eq(geti(s, "optimum"), lo);
    cr_assert_eq(geti(l, "optimum"), hi);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(s, "proven")));
    const cJSON *at;
    cJSON_ArrayForEach(at, cJSON_GetObjectItem(s, "targets")) {
        bool found = false;
        for (int i = 0; i < 3; i++)
            found |= targets[i] == at->valueint &&
                     geti(cJSON_GetArrayItem(rows, i), "optimum") == lo;
        cr_assert(found, "target %d is not a smallest row", at->valueint);
    }
    cr_assert_str_eq(cJSON_GetObjectItem(table(doc, 1), "name")->valuestring, "pair");
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(table(doc, 1), "by_target")));
    cJSON_Delete(doc);
}

/* A time limit GLPK cannot meet: every unproven row must say so, with its bound, and
 * an extreme attained by an unproven row is not claimed as settled. */
Test(sweep, time_limit_reports_what_was_proven)
{
    char tmp[32], *path = write_temp(tmp, "4 1-13 2 all\n4 1-13 12 all\n");
    char args[160];
    snprintf(args, sizeof args, "sweep --json --no-reductions --time-limit 0.000001 "
             "--configs %s", path);
    cJSON *doc = run_json(args);
    unlink(path);
    const cJSON *row, *t = table(doc, 0);
    bool any_unproven = false;
    cJSON_ArrayForEach(row, cJSON_GetObjectItem(t, "rows")) {
        bool optimal = cJSON_IsTrue(cJSON_GetObjectItem(row, "optimal"));
        cr_assert_leq(geti(row, "best_bound"), geti(row, "optimum"));
        cr_assert_eq(optimal, geti(row, "best_bound") == geti(row, "optimum"));
        if (!optimal)
            cr_assert_str_eq(cJSON_GetObjectItem(row, "ilp_status")->valuestring, "time_limit");
        any_unproven |= !optimal;
    }
    if (any_unproven) {
        char *md;
        size_t len;
        FILE *fp = open_memstream(&md, &len);
        sweep_report_markdown(fp, doc, false, NULL);
        fclose(fp);
        cr_assert(strstr(md, "(time limit) |"), "%s", md);
        free(md);
    }
    const cJSON *l = cJSON_GetObjectItem(t, "largest");
    cJSON_ArrayForEach(row, cJSON_GetObjectItem(t, "rows"))
        if (geti(row, "optimum") == geti(l, "optimum") &&
            !cJSON_IsTrue(cJSON_GetObjectItem(row, "optimal")))
            cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(l, "proven")));
    cJSON_Delete(doc);
}

/* Issue 40: the results page names the engine the sweep ran, whichever it is: the
 * default (t24's certifying search, as `t24 study` without --solver) and GLPK, named.
 * Before it, every engine but CBC was called GLPK, so the default's page said "GLPK". */
Test(sweep, the_page_names_the_engine_that_ran)
{
    char tmp[32], *path = write_temp(tmp, "4 1-8 24 reduced\n");
    const char *opts[] = { "", "--solver glpk" };
    const char *name[] = { "t24", "glpk" };
    const char *words[] = { "the exact search by t24's certifying branch and bound",
                            "the exact search by GLPK's branch and bound" };
    for (int i = 0; i < 2; i++) {
        char args[160], *md;
        size_t len;
        snprintf(args, sizeof args, "sweep --json %s --configs %s", opts[i], path);
        cJSON *doc = run_json(args);
        const cJSON *h = cJSON_GetObjectItem(doc, "sweep");
        cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(h, "engine")), name[i]);
        FILE *fp = open_memstream(&md, &len);
        sweep_report_markdown(fp, doc, false, NULL);
        fclose(fp);
        cr_expect(strstr(md, words[i]) != NULL, "%s: %s", args, md);
        free(md);
        cJSON_Delete(doc);
    }
    unlink(path);
}

Test(sweep, timings_stay_out_of_the_results_table)
{
    run_result a = run_t24("sweep --table decks", NULL);
    run_result b = run_t24("sweep --table decks --timings", NULL);
    cr_assert_eq(a.status, 0);
    cr_assert_eq(b.status, 0);
    cr_assert(strncmp(a.out, b.out, strlen(a.out)) == 0, "--timings changed the results");
    cr_assert(strstr(b.out + strlen(a.out), "Time per phase"));
    run_free(&a);
    run_free(&b);
    run_result c = run_t24("sweep --table decks --csv --timings", NULL);
    cr_assert(strstr(c.out, ",seconds_enumerate,"));
    cr_assert_eq(count_lines(c.out), 7);
    run_free(&c);
}

Test(sweep, bad_input_gives_one_line_and_status_2)
{
    const char *cases[] = {
        "sweep --table nope",       "sweep --configs /no/such/file",
        "sweep --time-limit 0",     "sweep --time-limit x",
        "sweep --greedy-runs 0",    "sweep --seed -1",
        "sweep --threads 65",       "sweep --bogus",
        "sweep --table",            "sweep --out /proc/t24-no/such --table decks",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_usage_error(cases[i]);
    const char *files[] = { "4 1-13\n", "8 1-5 24\n", "3 1-5 24 reduced\n", "4 5-3 24\n",
                            "# only a comment\n", "table\n", "4 1-13 24 all extra\n" };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char tmp[32], *path = write_temp(tmp, files[i]), args[128];
        snprintf(args, sizeof args, "sweep --configs %s", path);
        expect_usage_error(args);
        unlink(path);
    }
}

/* Issue 22: a table name that is not UTF-8 or holds a bidirectional override went raw
 * into sweep --json (invalid JSON) and the terminal; two tables of one name could not be
 * told apart by --table. Each is refused with its line. */
Test(sweep, unsafe_or_repeated_table_names_are_refused_with_their_line)
{
    static const struct {
        const char *text, *line;
    } cases[] = {
        { "table a\xff\n4 1-6 24\n", ":1:" },
        { "table a\xe2\x80\xae" "b\n4 1-6 24\n", ":1:" },
        { "table t\n4 1-6 24\ntable t\n4 1-7 24\n", ":3:" },
        { "table t title \xc2\x9b" "2J\n4 1-6 24\n", ":1:" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char tmp[32], *path = write_temp(tmp, cases[i].text), args[128];
        snprintf(args, sizeof args, "sweep --json --configs %s", path);
        run_result r = run_t24(args, NULL);
        cr_expect_eq(r.status, 2, "case %zu", i);
        cr_expect_str_eq(r.out, "", "case %zu printed", i);
        cr_expect(strstr(r.err, cases[i].line), "case %zu: %s", i, r.err);
        run_free(&r);
        unlink(path);
    }
}

/* --configs - reads standard input, as solve --batch - does; a directory is named as one;
 * a table of the user's list is not called a page not to edit by hand. */
Test(sweep, configs_from_stdin_directories_and_the_user_preamble)
{
    run_result r = run_t24("sweep --configs - --csv", "table mine\n4 1-6 24\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\nmine,4,1,6,24,"), "%s", r.out);
    run_free(&r);
    r = run_t24("sweep --configs /tmp", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "is a directory"), "%s", r.err);
    run_free(&r);
    r = run_t24("solve --batch /tmp", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "is a directory"), "%s", r.err);
    run_free(&r);
    r = run_t24("sweep --configs -", "4 1-6 24\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(!strstr(r.out, "do not edit"), "%s", r.out);
    run_free(&r);
}

/* Issue 22: sweep had no memory bound ('6 1-40 24' grew until killed, while study and
 * emit refuse it at once). Every row now passes the study's pre-flight before any runs. */
Test(sweep, the_preflight_refuses_a_list_before_any_row_runs, .timeout = 60)
{
    char tmp[32], *path = write_temp(tmp, "4 1-6 24\n6 1-40 24\n"), args[160];
    snprintf(args, sizeof args, "sweep --configs %s", path);
    run_result r = run_t24(args, NULL);
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.out, "", "a row ran before the refusal");
    cr_expect(strstr(r.err, "6 cards, deck 1-40") && strstr(r.err, "--memory-limit"), "%s",
              r.err);
    run_free(&r);
    snprintf(args, sizeof args, "sweep --configs %s --memory-limit 1K --table configs", path);
    r = run_t24(args, NULL);
    cr_expect_eq(r.status, 2, "even the small row is over 1 KiB");
    cr_expect(strstr(r.err, "4 cards, deck 1-6"), "%s", r.err);
    run_free(&r);
    unlink(path);
}

/* Issue 26: a --configs table carried the project's "# Results" page, its links into
 * docs/, and an unproven best cover in bold in the optimum column, as if it were the
 * minimum. A user's table now has no project prose or links, and an unproven row shows
 * the interval the proofs leave, in plain text; the extremes are not called minima. */
Test(sweep, a_users_table_has_no_project_prose_and_no_unproven_optimum_in_bold)
{
    char tmp[32], *path = write_temp(tmp, "4 1-13 2 all\n4 1-13 12 all\n"), args[160];
    snprintf(args, sizeof args, "sweep --no-reductions --time-limit 0.000001 --configs %s",
             path);
    run_result r = run_t24(args, NULL);
    snprintf(args, sizeof args,
             "sweep --json --no-reductions --time-limit 0.000001 --configs %s", path);
    cJSON *doc = run_json(args);
    unlink(path);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(!strstr(r.out, "# Results"), "%s", r.out);
    cr_expect(!strstr(r.out, ".md"), "a link into docs/: %s", r.out);
    cr_expect(!strstr(r.out, "]("), "a link: %s", r.out);
    cr_expect(!strstr(r.out, "make "), "a project make target: %s", r.out);
    const cJSON *row;
    int unproven = 0;
    cJSON_ArrayForEach(row, cJSON_GetObjectItem(table(doc, 0), "rows")) {
        char bold[64], interval[96];
        snprintf(bold, sizeof bold, "| **%d** |", geti(row, "optimum"));
        snprintf(interval, sizeof interval, "| between %d and %d | no (time limit) |",
                 geti(row, "best_bound"), geti(row, "optimum"));
        if (cJSON_IsTrue(cJSON_GetObjectItem(row, "optimal"))) {
            cr_expect(strstr(r.out, bold), "%s", r.out);
        } else {
            unproven++;
            cr_expect(!strstr(r.out, bold), "unproven %s in bold: %s", bold, r.out);
            cr_expect(strstr(r.out, interval), "no '%s' in: %s", interval, r.out);
        }
    }
    cr_assert_gt(unproven, 0, "the time limit proved every row: the test tests nothing");
    const cJSON *l = cJSON_GetObjectItem(table(doc, 0), "largest");
    if (!cJSON_IsTrue(cJSON_GetObjectItem(l, "proven"))) {
        cr_expect(!strstr(r.out, "Largest minimum test set"), "%s", r.out);
        char line[96];
        snprintf(line, sizeof line, "Largest best cover: %d at", geti(l, "optimum"));
        cr_expect(strstr(r.out, line), "no '%s' in: %s", line, r.out);
    }
    cJSON_Delete(doc);
    run_free(&r);
}
