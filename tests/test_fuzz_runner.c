/* test_fuzz_runner.c - tests/fuzz/run.sh, the runner of `make fuzz` and of make test's
 * short fuzzing run, judged on stand-in targets: shell scripts named fuzz_* that answer
 * as a libFuzzer binary would (exit 0 and a final statistic, or a report and exit 1).
 * A run that fuzzed nothing must fail (issue 31: it exited 0 when no fuzz binary had
 * been built), as must a run with one failing target among clean ones. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"

typedef struct {
    char dir[64];
} build_dir;

static void build_make(build_dir *b)
{
    snprintf(b->dir, sizeof b->dir, "/tmp/t24-fuzz-runner-XXXXXX");
    cr_assert(mkdtemp(b->dir));
}

static void build_remove(build_dir *b)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", b->dir);
    cr_expect_eq(system(cmd), 0);
}

/* A file NAME in the build folder holding text, executable or not. */
static void put(const build_dir *b, const char *name, const char *text, bool executable)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", b->dir, name);
    FILE *fp = fopen(path, "w");
    cr_assert(fp, "cannot write %s", path);
    fputs(text, fp);
    fclose(fp);
    cr_assert_eq(chmod(path, executable ? 0755 : 0644), 0);
}

static const char clean_target[] =
    "#!/bin/sh\necho 'stat::number_of_executed_units: 4242'\nexit 0\n";
static const char failing_target[] =
    "#!/bin/sh\necho '==1==ERROR: AddressSanitizer: heap-buffer-overflow'\nexit 1\n";

/* Runs run.sh on the folder for 1 s a target; stdout and stderr captured. */
static run_result run_runner(const build_dir *b)
{
    const char *src = getenv("T24_SOURCE_DIR");
    cr_assert(src, "T24_SOURCE_DIR must name the source folder");
    run_files f;
    run_files_make(&f, NULL, 0);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "bash '%s/tests/fuzz/run.sh' '%s' 1 <'%s' >'%s' 2>'%s'", src,
             b->dir, f.in, f.out, f.err);
    return run_files_collect(&f, system(cmd));
}

Test(fuzz_runner, a_build_without_targets_fails)
{
    build_dir b;
    build_make(&b);
    put(&b, "fuzz_old.log", "a log of an earlier run, not a target\n", false);
    run_result r = run_runner(&b);
    cr_expect_eq(r.status, 1, "exit %d: %s", r.status, r.err);
    cr_expect(strstr(r.err, "no fuzz_* target"), "%s", r.err);
    run_free(&r);
    build_remove(&b);
}

Test(fuzz_runner, clean_targets_pass_and_name_their_inputs)
{
    build_dir b;
    build_make(&b);
    put(&b, "fuzz_one", clean_target, true);
    put(&b, "fuzz_two", clean_target, true);
    run_result r = run_runner(&b);
    cr_expect_eq(r.status, 0, "exit %d: %s", r.status, r.err);
    cr_expect_eq(count_lines(r.out), 2, "%s", r.out);
    cr_expect(strstr(r.out, "fuzz_one") && strstr(r.out, "fuzz_two"), "%s", r.out);
    cr_expect(strstr(r.out, "4242 inputs, clean"), "%s", r.out);
    run_free(&r);
    build_remove(&b);
}

Test(fuzz_runner, one_failing_target_fails_the_run)
{
    build_dir b;
    build_make(&b);
    put(&b, "fuzz_bad", failing_target, true);
    put(&b, "fuzz_good", clean_target, true);
    run_result r = run_runner(&b);
    cr_expect_eq(r.status, 1, "exit %d: %s", r.status, r.err);
    cr_expect(strstr(r.out, "fuzz_bad") && strstr(r.out, "FAILED"), "%s", r.out);
    cr_expect(strstr(r.out, "heap-buffer-overflow"), "the report is quoted: %s", r.out);
    cr_expect(strstr(r.err, "failed: fuzz_bad"), "%s", r.err);
    cr_expect_null(strstr(r.err, "fuzz_good"), "%s", r.err);
    run_free(&r);
    build_remove(&b);
}
