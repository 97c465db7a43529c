/* The command line: help, the bad-input contract, --json and --out artifacts. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <dirent.h>
#include <sys/stat.h>

#include "helpers.h"
#include "eval/solutions.h"
#include "study/enumeration.h"
#include "study_helpers.h"

/* The version comes from CMake's project() (passed to the tests as T24_VERSION). */
Test(cli, version_prints_the_project_version)
{
    const char *version = getenv("T24_VERSION");
    cr_assert(version && *version, "T24_VERSION is not set");
    char want[64];
    snprintf(want, sizeof want, "t24 %s\n", version);
    const char *spellings[] = { "--version", "-V" };
    for (size_t i = 0; i < 2; i++) {
        run_result r = run_t24(spellings[i], NULL);
        cr_assert_eq(r.status, 0, "t24 %s", spellings[i]);
        cr_assert_str_eq(r.out, want, "t24 %s", spellings[i]);
        cr_assert_str_eq(r.err, "");
        run_free(&r);
    }
}

/* Issue 26 (item 9): `t24 CMD --version` as for `t24 --version`, for every command. */
Test(cli, every_command_takes_version_as_its_only_option)
{
    const char *version = getenv("T24_VERSION");
    cr_assert(version && *version, "T24_VERSION is not set");
    char want[64], args[64];
    snprintf(want, sizeof want, "t24 %s\n", version);
    const char *cmds[] = { "study", "solve", "emit", "sweep", "cover" };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        snprintf(args, sizeof args, "%s -V", cmds[i]);
        run_result r = run_t24(args, NULL);
        cr_expect_eq(r.status, 0, "t24 %s: %s", args, r.err);
        cr_expect_str_eq(r.out, want, "t24 %s", args);
        run_free(&r);
    }
}

/* Issue 26 (item 9): `t24 help CMD` prints what `t24 CMD --help` prints, and every
 * command's help lists its exit statuses. */
Test(cli, help_command_and_every_help_lists_exit_statuses)
{
    const char *cmds[] = { "study", "solve", "emit", "sweep", "cover" };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "help %s", cmds[i]);
        snprintf(b, sizeof b, "%s --help", cmds[i]);
        run_result x = run_t24(a, NULL), y = run_t24(b, NULL);
        cr_expect_eq(x.status, 0, "t24 %s: %s", a, x.err);
        cr_expect_eq(y.status, 0, "t24 %s", b);
        cr_expect(strlen(y.out) > 100, "t24 %s printed %zu bytes", b, strlen(y.out));
        cr_expect_str_eq(x.out, y.out, "t24 %s differs from t24 %s", a, b);
        cr_expect(strstr(y.out, "exit status"), "t24 %s names no exit status", b);
        run_free(&x);
        run_free(&y);
    }
    run_result r = run_t24("help", NULL);
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "exit status"), "%s", r.out);
    run_free(&r);
    expect_usage_error("help frobnicate");
    expect_usage_error("help study solve");
}

/* Issue 26 (item 9): an unknown option is called an option, not a command. */
Test(cli, an_unknown_option_is_named_as_an_option)
{
    run_result r = run_t24("--frob", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "unknown option '--frob'"), "%s", r.err);
    run_free(&r);
    r = run_t24("frob", NULL);
    cr_expect(strstr(r.err, "unknown command 'frob'"), "%s", r.err);
    run_free(&r);
}

Test(cli, help_exits_zero_and_lists_commands)
{
    run_result r = run_t24("--help", NULL);
    cr_assert_eq(r.status, 0);
    cr_assert(strstr(r.out, "study"));
    run_free(&r);
    r = run_t24("study --help", NULL);
    cr_assert_eq(r.status, 0);
    cr_assert(strstr(r.out, "--deck"));
    run_free(&r);
}

Test(cli, bad_input_gives_one_line_and_status_2)
{
    const char *cases[] = {
        "",                       "frobnicate",
        "study --cards 8",        "study --cards 1",
        "study --cards four",     "study --deck 5-3",
        "study --deck abc",       "study --deck 1-",
        "study --deck -1-5",      "study --target 1.5",
        "study --target",         "study --groupings some",
        "study --cards 5 --groupings reduced",
        "study --threads 0",      "study --bogus",
        "study --out /proc/t24-no/such",
        "study --cards 6 --deck 0-1000000",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_usage_error(cases[i]);
}

Test(cli, json_has_the_documented_keys_and_consistent_counts)
{
    run_result r = run_t24("study --json", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cJSON *o = cJSON_Parse(r.out);
    cr_assert(o, "stdout is one JSON object");
    const char *keys[] = { "templates", "hands", "solvable", "unsolvable", "useful_templates",
                           "reduced_misses", "aces_unsolvable", "aces_hands" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        cr_assert(cJSON_GetObjectItemCaseSensitive(o, keys[i]), "missing %s", keys[i]);
    int hands = cJSON_GetObjectItem(o, "hands")->valueint;
    cr_assert_eq(cJSON_GetObjectItem(o, "solvable")->valueint +
                     cJSON_GetObjectItem(o, "unsolvable")->valueint, hands);
    cr_assert_eq(cJSON_GetObjectItem(o, "templates")->valueint, 4608);
    cr_assert_eq(hands, 1001);
    cr_assert_eq(cJSON_GetObjectItem(o, "aces_hands")->valueint, 715);
    cJSON_Delete(o);
    run_free(&r);
}

Test(cli, output_is_deterministic)
{
    run_result a = run_t24("study --json --threads 1", NULL);
    run_result b = run_t24("study --json --threads 2", NULL);
    cr_assert_eq(a.status, 0, "%s", a.err);
    cr_assert_eq(b.status, 0, "%s", b.err);
    cr_assert(strstr(a.out, "\"optimum\""), "no report: %s", a.out);
    cr_assert_str_eq(a.out, b.out);
    run_free(&a);
    run_free(&b);
}

/* Entries of dir: temporaries (hidden .t24 probes, .NAME.tmp.PID files) or all. */
static int count_entries(const char *dir, bool temporaries_only)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        bool tmp = strncmp(e->d_name, ".t24", 4) == 0 || strstr(e->d_name, ".tmp.") != NULL;
        n += tmp || !temporaries_only;
    }
    if (d)
        closedir(d);
    return n;
}

Test(cli, out_folder_holds_an_artifact_equal_to_the_computation)
{
    char dir[] = "/tmp/t24-out-XXXXXX";
    cr_assert(mkdtemp(dir));
    char args[256];
    snprintf(args, sizeof args, "study --deck 1-10 --out %s", dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    char path[512];
    snprintf(path, sizeof path, "%s/solutions.txt", dir);
    FILE *fp = fopen(path, "r");
    cr_assert(fp);
    solutions back;
    char err[128];
    cr_assert_eq(solutions_read(&back, fp, err, sizeof err), 0, "%s", err);
    fclose(fp);
    enumeration st = enumerate_config(4, 1, 10, 24, TEMPLATE_REDUCED);
    cr_assert(solutions_equal(&st.sols, &back));
    solutions_free(&back);
    enumeration_free(&st);
    const char *files[] = { "solutions.txt", "templates.tsv", "hands.tsv", "study.json" };
    for (size_t i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        cr_assert_eq(access(path, R_OK), 0, "%s written", files[i]);
        unlink(path);
    }
    cr_assert_eq(count_entries(dir, true), 0, "no temporaries left behind");
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

Test(cli, a_failed_write_leaves_nothing_half_written)
{
    char dir[] = "/tmp/t24-out-XXXXXX";
    cr_assert(mkdtemp(dir));
    char path[512], args[256];
    /* A folder where solutions.txt should go makes the final rename fail. */
    snprintf(path, sizeof path, "%s/solutions.txt", dir);
    cr_assert_eq(mkdir(path, 0755), 0);
    snprintf(args, sizeof args, "study --out %s", dir);
    expect_usage_error(args);
    cr_assert_eq(count_entries(dir, false), 1, "only the blocking folder remains");
    rmdir(path);
    rmdir(dir);
}

/* Issue 26 (item 3): --progress writes plain progress lines to a stderr that is not a
 * terminal (a log), with the time spent beside the limit; without it such a stderr stays
 * empty; --quiet with it is a contradiction. */
Test(cli, progress_lines_reach_a_log)
{
    static const struct {
        const char *args, *stdin_text, *want;
    } cases[] = {
        { "study --progress --time-limit 30", NULL, "t24 study: " },
        { "cover --progress --time-limit 30", "p hs 3 2\n1 2\n2 3\n", "t24 cover: " },
    };
    for (size_t i = 0; i < 2; i++) {
        run_result r = run_t24(cases[i].args, cases[i].stdin_text);
        cr_assert_eq(r.status, 0, "%s: %s", cases[i].args, r.err);
        cr_expect(strncmp(r.err, cases[i].want, strlen(cases[i].want)) == 0, "%s: %s",
                  cases[i].args, r.err);
        cr_expect(strstr(r.err, " of 30 s, "), "%s: %s", cases[i].args, r.err);
        cr_expect(!strchr(r.err, '\r') && !strchr(r.err, '\033'), "escapes in a log: %s",
                  r.err);
        cr_expect(strstr(r.err, ", done: cover "), "no last line with the result: %s", r.err);
        run_free(&r);
    }
    run_result r = run_t24("study", NULL);
    cr_expect_str_eq(r.err, "", "progress without --progress on a file: %s", r.err);
    run_free(&r);
    expect_usage_error("study --progress --quiet");
    expect_usage_error("sweep --quiet --progress");
}

/* Issue 26 (item 7): every JSON document t24 prints carries schema_version 1, so
 * scripts can tell the keys they rely on from ones added later (docs/formats.md). */
Test(cli, every_json_output_carries_schema_version)
{
    char dir[] = "/tmp/t24-schema-XXXXXX", args[256];
    cr_assert(mkdtemp(dir));
    const char *cmds[] = { "study --json", "solve --json 3 3 8 8", "emit --json --out %s/t.c",
                           "sweep --json --configs -", "cover --json -" };
    const char *input[] = { NULL, NULL, NULL, "4 1-5 24 all\n", "p hs 2 1\n1 2\n" };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        snprintf(args, sizeof args, cmds[i], dir);
        run_result r = run_t24(args, input[i]);
        cr_expect_eq(r.status, 0, "t24 %s: %s", args, r.err);
        cJSON *js = cJSON_Parse(r.out);
        cr_expect(js, "t24 %s printed no JSON", args);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(js, "schema_version");
        cr_expect(cJSON_IsNumber(v) && v->valueint == 1, "t24 %s: no schema_version 1",
                  args);
        cJSON_Delete(js);
        run_free(&r);
    }
    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    cr_assert_eq(system(args), 0);
}
