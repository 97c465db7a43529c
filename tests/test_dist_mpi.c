/* test_dist_mpi.c - the study split over MPI ranks equals the single-process study, byte
 * for byte (report and every --out file), and only rank 0 speaks. Runs `mpirun -n 2` when
 * t24 was built with MPI and mpirun is at hand; otherwise every test here is skipped and
 * the program exits 77, which ctest shows as Skipped (skip_exit77.h). test_dist.c has
 * the tests that need no MPI. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "skip_exit77.h"
#include "eval/dist.h"

static const char *mpirun(void)
{
    const char *m = getenv("MPIRUN");
    return dist_available() && m && *m ? m : NULL;
}

/* stdout of `mpirun -n ranks t24 ARGS`. Leak checking is off for the ranks: OpenMPI keeps
 * memory to the end on purpose, which LeakSanitizer would report. */
static char *run_ranks(int ranks, const char *args, int *status)
{
    char cmd[2048], out[] = "/tmp/t24-mpi-XXXXXX";
    int fd = mkstemp(out);
    cr_assert_geq(fd, 0);
    close(fd);
    snprintf(cmd, sizeof cmd, "ASAN_OPTIONS=detect_leaks=0 '%s' --oversubscribe "
             "--allow-run-as-root -n %d '%s' %s >'%s' 2>/dev/null </dev/null", mpirun(), ranks,
             getenv("T24_BIN"), args, out);
    int st = system(cmd);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    char *text = slurp(out);
    unlink(out);
    return text;
}

static void same_as_one_process(int ranks, const char *args)
{
    int status;
    char *many = run_ranks(ranks, args, &status);
    cr_assert_eq(status, 0, "mpirun -n %d t24 %s", ranks, args);
    run_result one = run_t24(args, NULL);
    cr_assert_eq(one.status, 0);
    cr_assert_str_eq(many, one.out, "%d ranks: t24 %s", ranks, args);
    free(many);
    run_free(&one);
}

Test(dist, two_ranks_give_the_single_process_report, .timeout = 300)
{
    if (!mpirun())
        cr_skip_test("t24 was built without MPI or mpirun is missing");
    same_as_one_process(2, "study --json");
    same_as_one_process(2, "study --cards 5 --deck 1-4 --json");
    /* Column generation and the Lagrangian cover (six cards' path) on a small deck. */
    same_as_one_process(2, "study --cards 5 --deck 1-5 --lp colgen --json");
    same_as_one_process(2, "study --deck 0-9 --target 0 --groupings all --json");
    /* three hands, three ranks: one hand each */
    same_as_one_process(3, "study --cards 2 --deck 3-4 --target 7 --json");
}

Test(dist, two_ranks_write_the_same_files, .timeout = 300)
{
    if (!mpirun())
        cr_skip_test("t24 was built without MPI or mpirun is missing");
    char a[] = "/tmp/t24-mpi-a-XXXXXX", b[] = "/tmp/t24-mpi-b-XXXXXX";
    cr_assert(mkdtemp(a) && mkdtemp(b));
    rmdir(a);
    rmdir(b);
    char args[512];
    int status;
    snprintf(args, sizeof args, "study --deck 1-12 --groupings all --out %s", a);
    free(run_ranks(2, args, &status));
    cr_assert_eq(status, 0);
    snprintf(args, sizeof args, "study --deck 1-12 --groupings all --out %s", b);
    run_result one = run_t24(args, NULL);
    cr_assert_eq(one.status, 0);
    run_free(&one);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "diff -r '%s' '%s' >/dev/null && rm -rf '%s' '%s'", a, b, a, b);
    cr_expect_eq(system(cmd), 0, "the --out folders %s and %s differ", a, b);
}

/* Issue 22: every rank parsed the same arguments and printed the same help, estimate and
 * usage error. Only rank 0 speaks now. */
static int count_in_ranks_output(const char *args, const char *needle)
{
    char cmd[2048], out[] = "/tmp/t24-mpi-XXXXXX";
    int fd = mkstemp(out);
    cr_assert_geq(fd, 0);
    close(fd);
    snprintf(cmd, sizeof cmd, "ASAN_OPTIONS=detect_leaks=0 '%s' --oversubscribe "
             "--allow-run-as-root -n 2 '%s' %s >'%s' 2>&1 </dev/null", mpirun(),
             getenv("T24_BIN"), args, out);
    cr_assert_neq(system(cmd), -1);
    char *text = slurp(out);
    unlink(out);
    cr_assert(text);
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p++)
        n++;
    free(text);
    return n;
}

Test(dist, only_rank_zero_prints_help_estimates_and_usage_errors)
{
    if (!mpirun())
        cr_skip_test("t24 built without MPI, or no mpirun");
    cr_expect_eq(count_in_ranks_output("study --help", "usage: t24 study"), 1);
    cr_expect_eq(count_in_ranks_output("study --estimate", "estimate"), 1);
    cr_expect_eq(count_in_ranks_output("study --bogus", "unknown option '--bogus'"), 1);
}

/* `mpirun -n 2 t24 cover --cubes DIR` (issue 30): each rank takes its share of the cubes
 * (rank r: cube i with i % 2 == r), so one launch closes them all, and the merge is the
 * optimum (five cards, deck 1-5: 21, bounds.csv, certified in data/certificates). */
Test(dist, two_ranks_search_the_cubes_of_a_split, .timeout = 300)
{
    if (!mpirun())
        cr_skip_test("t24 was built without MPI or mpirun is missing");
    char dir[] = "/tmp/t24-mpi-cubes-XXXXXX", args[1024];
    cr_assert(mkdtemp(dir));
    snprintf(args, sizeof args,
             "cover --quiet --split 8 --cubes-dir '%s/c' '%s/data/instances/"
             "cards5_deck1-5_target24_all.hgr'",
             dir, getenv("T24_SOURCE_DIR"));
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    int status;
    snprintf(args, sizeof args, "cover --quiet --cubes '%s/c'", dir);
    free(run_ranks(2, args, &status));
    cr_assert_eq(status, 0);
    snprintf(args, sizeof args, "cover --quiet --merge '%s/c'", dir);
    r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "21 proven (cover 21, optimal; "), "%s", r.out);
    run_free(&r);
    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    cr_assert_eq(system(args), 0);
}
