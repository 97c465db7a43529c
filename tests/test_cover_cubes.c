/* test_cover_cubes.c - one proof over many workers (issue 30), end to end: `t24 cover
 * --split` into a folder, the cubes searched by two workers (by --worker, and by a Slurm
 * array task's variables set by hand), `--merge`, and t24-check, which shares no code
 * with t24, verifying the merged certificate: the optimum a brute force here finds, or
 * the goal asked for. Resuming, an unfinished merge and the refusals. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/splitmix.h"
#include "helpers.h"

#define NE 20

/* nsets random triples over NE elements, as PACE text, and the optimum by trying every
 * subset (2^20 of them). */
static char *random_triples(uint32_t nsets, uint64_t *seed, uint32_t *optimum)
{
    uint32_t mask[256];
    size_t size = 64 + (size_t)nsets * 16, n = 0;
    char *s = malloc(size);
    cr_assert(s && nsets <= 256);
    n += (size_t)snprintf(s, size, "p hs %u %u\n", NE, nsets);
    for (uint32_t i = 0; i < nsets; i++) {
        uint32_t m = 0;
        while (__builtin_popcount(m) < 3)
            m |= 1u << (splitmix_next(seed) % NE);
        mask[i] = m;
        const char *sep = "";
        for (uint32_t e = 0; e < NE; e++)
            if (m >> e & 1) {
                n += (size_t)snprintf(s + n, size - n, "%s%u", sep, e + 1);
                sep = " ";
            }
        n += (size_t)snprintf(s + n, size - n, "\n");
    }
    *optimum = NE;
    for (uint32_t sub = 0; sub < (1u << NE); sub++) {
        uint32_t k = (uint32_t)__builtin_popcount(sub);
        bool all = k < *optimum;
        for (uint32_t i = 0; i < nsets && all; i++)
            all = (mask[i] & sub) != 0;
        if (all)
            *optimum = k;
    }
    return s;
}

static void put(const char *path, const char *text) { write_text_file(path, text); }

/* t24-check on the folder's merged certificate: its one line of output. */
static void check_folder(const char *dir, char *line, size_t size)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' '%s/instance.hgr' '%s/cover.sol' '%s/proof.cert' 2>&1",
             getenv("T24_CHECK_BIN"), dir, dir, dir);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    if (!fgets(line, (int)size, p))
        line[0] = '\0';
    pclose(p);
}

static cJSON *run_json(const char *args)
{
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "t24 %s: %s", args, r.err);
    cJSON *js = cJSON_Parse(r.out);
    cr_assert(js, "t24 %s printed: %s", args, r.out);
    run_free(&r);
    return js;
}

static double num(const cJSON *js, const char *key)
{
    return cJSON_GetNumberValue(cJSON_GetObjectItem(js, key));
}

static bool exists(const char *dir, const char *name)
{
    char path[1024];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

static char *scratch(void)
{
    char *dir = strdup("/tmp/t24-cubes-XXXXXX");
    cr_assert(dir && mkdtemp(dir));
    return dir;
}

static void cleanup(char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
    free(dir);
}

/* The instance text as tmp/NAME.hgr (into hgr), split into 4 or more cubes in tmp/NAME
 * (into dir, 512 bytes each); returns how many. */
static uint32_t split_four(const char *tmp, const char *name, const char *text, char *hgr,
                           char *dir)
{
    char args[2048];
    snprintf(hgr, 512, "%s/%s.hgr", tmp, name);
    snprintf(dir, 512, "%s/%s", tmp, name);
    put(hgr, text);
    snprintf(args, sizeof args, "cover --quiet --json --split 4 --cubes-dir '%s' '%s'", dir, hgr);
    cJSON *js = run_json(args);
    uint32_t n = (uint32_t)num(js, "cubes");
    cJSON_Delete(js);
    cr_assert_geq(n, 4, "the instance did not split");
    return n;
}

/* Two workers search dir's cubes, the merge completes, and its bound and t24-check's
 * verdict are the optimum opt (round names the instance in messages). */
static void solve_merge_check(const char *dir, uint32_t opt, int round)
{
    char args[2048], line[512], want[64];
    for (int w = 0; w < 2; w++) {
        snprintf(args, sizeof args, "cover --json --quiet --cubes '%s' --worker %d/2", dir, w);
        cJSON_Delete(run_json(args));
    }
    snprintf(args, sizeof args, "cover --json --quiet --merge '%s'", dir);
    cJSON *js = run_json(args);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(js, "complete")), "round %d", round);
    cr_expect_eq(num(js, "bound"), opt, "round %d: merged %g, optimum %u", round,
                 num(js, "bound"), opt);
    cJSON_Delete(js);
    check_folder(dir, line, sizeof line);
    snprintf(want, sizeof want, "optimum %u verified\n", opt);
    cr_expect_str_eq(line, want, "round %d", round);
}

/* Split into 8 or more cubes, two workers, merge: the optimum, verified. */
Test(cover_cubes, split_solve_merge_proves_the_brute_force_optimum, .timeout = 600)
{
    uint64_t seed = 3030;
    char *tmp = scratch(), hgr[512], dir[512], args[2048];
    uint32_t split_cubes = 0;
    for (int round = 0; round < 4; round++) {
        uint32_t opt;
        char *text = random_triples(90 + 20 * (uint32_t)round, &seed, &opt);
        snprintf(hgr, sizeof hgr, "%s/r%d.hgr", tmp, round);
        snprintf(dir, sizeof dir, "%s/r%d", tmp, round);
        put(hgr, text);
        snprintf(args, sizeof args, "cover --json --quiet --split 8 --cubes-dir '%s' '%s'", dir,
                 hgr);
        cJSON *js = run_json(args);
        split_cubes += (uint32_t)num(js, "cubes");
        cJSON_Delete(js);
        solve_merge_check(dir, opt, round);
        free(text);
    }
    cr_assert_geq(split_cubes, 8, "no instance split into cubes: the test tests little");
    cleanup(tmp);
}

/* --split-by sets: the nodes above the cubes are `split S` lines (a set's free elements,
 * one child each), and the merged certificate still proves the brute-force optimum. */
Test(cover_cubes, splitting_on_sets_proves_the_brute_force_optimum, .timeout = 600)
{
    uint64_t seed = 4141;
    char *tmp = scratch(), hgr[512], dir[512], args[2048];
    int split = 0; /* instances whose root alone proves the optimum are skipped */
    for (int round = 0; round < 8 && split < 2; round++) {
        uint32_t opt;
        char *text = random_triples(100, &seed, &opt);
        snprintf(hgr, sizeof hgr, "%s/s%d.hgr", tmp, round);
        snprintf(dir, sizeof dir, "%s/s%d", tmp, round);
        put(hgr, text);
        free(text);
        snprintf(args, sizeof args,
                 "cover --json --quiet --split 8 --split-by sets --dives 0 --cubes-dir '%s' '%s'",
                 dir, hgr);
        cJSON *js = run_json(args);
        double cubes = num(js, "cubes");
        const char *by = cJSON_GetStringValue(cJSON_GetObjectItem(js, "split_by"));
        cr_expect(by && !strcmp(by, "sets"), "split_by: %s", by ? by : "(none)");
        cJSON_Delete(js);
        if (cubes == 0)
            continue;
        split++;
        cr_assert_geq(cubes, 8, "round %d split into %g cubes", round, cubes);
        char root_path[600];
        snprintf(root_path, sizeof root_path, "%s/root.cert", dir);
        char *root = slurp(root_path);
        cr_assert(root && strstr(root, "\nsplit "), "round %d: no split line in root.cert",
                  round);
        cr_expect(!strstr(root, "\nbranch "), "round %d: an element branch above the cubes",
                  round);
        free(root);
        solve_merge_check(dir, opt, round);
    }
    cr_assert_eq(split, 2, "too few instances split: the test tests little");
    cleanup(tmp);
}

/* A goal below the optimum: the merged certificate proves the goal, not optimality. */
Test(cover_cubes, a_goal_is_merged_as_a_lower_bound, .timeout = 300)
{
    uint64_t seed = 77;
    uint32_t opt;
    char *tmp = scratch(), hgr[512], dir[512], args[2048], line[512], want[64];
    char *text = random_triples(130, &seed, &opt);
    cr_assert_gt(opt, 2);
    snprintf(hgr, sizeof hgr, "%s/g.hgr", tmp);
    snprintf(dir, sizeof dir, "%s/g", tmp);
    put(hgr, text);
    snprintf(args, sizeof args, "cover --quiet --goal %u --split 4 --cubes-dir '%s' '%s'",
             opt - 1, dir, hgr);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    snprintf(args, sizeof args, "cover --json --quiet --cubes '%s'", dir);
    cJSON_Delete(run_json(args));
    snprintf(args, sizeof args, "cover --quiet --json --merge '%s'", dir);
    cJSON *js = run_json(args);
    cr_expect_eq(num(js, "bound"), opt - 1);
    cr_expect(!cJSON_IsTrue(cJSON_GetObjectItem(js, "optimal")));
    cJSON_Delete(js);
    check_folder(dir, line, sizeof line);
    snprintf(want, sizeof want, "lower bound %u verified; cover of ", opt - 1);
    cr_expect(!strncmp(line, want, strlen(want)), "%s", line);
    free(text);
    cleanup(tmp);
}

/* A Slurm array task (SLURM_ARRAY_TASK_ID 5 of MIN 4, COUNT 2: worker 1 of 2) searches its
 * own cubes (the odd ones) first, then helps with the rest, skipping a cube another
 * process holds (here the test, by its flock); a second run searches nothing (resumed);
 * with that cube open, the merge is unfinished and writes no proof. */
Test(cover_cubes, slurm_tasks_take_their_cubes_and_resume, .timeout = 300)
{
    uint64_t seed = 555;
    uint32_t opt;
    char *tmp = scratch(), hgr[512], dir[512], args[2048], lock[600];
    char *text = random_triples(140, &seed, &opt);
    uint32_t n = split_four(tmp, "s", text, hgr, dir);
    cJSON *js;
    snprintf(lock, sizeof lock, "%s/cube-00001.lock", dir);
    int fd = open(lock, O_CREAT | O_RDWR, 0644);
    cr_assert(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0);
    setenv("SLURM_ARRAY_TASK_ID", "5", 1);
    setenv("SLURM_ARRAY_TASK_MIN", "4", 1);
    setenv("SLURM_ARRAY_TASK_COUNT", "2", 1);
    snprintf(args, sizeof args, "cover --progress --json --cubes '%s'", dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    js = cJSON_Parse(r.out);
    cr_assert(js, "%s", r.out);
    cr_expect_eq(num(js, "searched"), n - 1, "the held cube was searched, or another missed");
    cJSON_Delete(js);
    const char *first = strstr(r.err, "cube-");
    cr_expect(first && !strncmp(first, "cube-00002", 10), "worker 1 began elsewhere: %s", r.err);
    run_free(&r);
    cr_expect(!exists(dir, "cube-00001.proof"), "the cube another process holds was searched");
    cr_expect(exists(dir, "cube-00002.proof") && exists(dir, "cube-00003.proof"));
    snprintf(args, sizeof args, "cover --quiet --json --cubes '%s'", dir);
    js = run_json(args);
    cr_expect_eq(num(js, "searched"), 0, "a resumed task searched its closed cubes again");
    cJSON_Delete(js);
    unsetenv("SLURM_ARRAY_TASK_ID");
    unsetenv("SLURM_ARRAY_TASK_MIN");
    unsetenv("SLURM_ARRAY_TASK_COUNT");
    snprintf(args, sizeof args, "cover --quiet --json --merge '%s'", dir);
    js = run_json(args);
    cr_expect(!cJSON_IsTrue(cJSON_GetObjectItem(js, "complete")));
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(js, "bound")));
    cJSON_Delete(js);
    cr_expect(!exists(dir, "proof.cert"), "an unfinished merge wrote proof.cert");
    close(fd); /* the claim ends: now the cube is anyone's */
    snprintf(args, sizeof args, "cover --quiet --json --cubes '%s'", dir);
    js = run_json(args);
    cr_expect_eq(num(js, "searched"), 1);
    cJSON_Delete(js);
    free(text);
    cleanup(tmp);
}

/* What a killed worker or a damaged folder leaves: a proof cut short or removed is no
 * proof (the merge is unfinished, never wrong) and the next run searches that cube again;
 * a worse cover.sol than the split's makes the cubes search to that size, and the better
 * cover one of them finds is shared and closes them all at the optimum. */
Test(cover_cubes, damaged_proofs_are_searched_again_and_covers_shared, .timeout = 300)
{
    uint64_t seed = 9090;
    uint32_t opt;
    char *tmp = scratch(), hgr[512], dir[512], args[2048], path[600], line[512], want[64];
    char *text = random_triples(140, &seed, &opt);
    uint32_t n = split_four(tmp, "d", text, hgr, dir);
    cJSON *js;
    /* Every element: a cover, far from the optimum. */
    char worse[4096];
    size_t len = (size_t)snprintf(worse, sizeof worse, "%d\n", NE);
    for (int e = 1; e <= NE; e++)
        len += (size_t)snprintf(worse + len, sizeof worse - len, "%d\n", e);
    snprintf(path, sizeof path, "%s/cover.sol", dir);
    put(path, worse);
    snprintf(args, sizeof args, "cover --quiet --json --cubes '%s'", dir);
    js = run_json(args);
    cr_expect_eq(num(js, "closed"), n);
    cr_expect_eq(num(js, "cover"), opt, "the better cover was not shared");
    cJSON_Delete(js);
    /* One proof cut short, one removed. */
    snprintf(path, sizeof path, "%s/cube-00001.proof", dir);
    FILE *fp = fopen(path, "r+");
    cr_assert(fp);
    fseek(fp, 0, SEEK_END);
    cr_assert_eq(ftruncate(fileno(fp), ftell(fp) - 3), 0);
    fclose(fp);
    snprintf(path, sizeof path, "%s/cube-00002.proof", dir);
    cr_assert_eq(unlink(path), 0);
    snprintf(args, sizeof args, "cover --quiet --json --merge '%s'", dir);
    js = run_json(args);
    cr_expect(!cJSON_IsTrue(cJSON_GetObjectItem(js, "complete")));
    cr_expect_eq(num(js, "closed"), n - 2);
    cJSON_Delete(js);
    cr_expect(!exists(dir, "proof.cert"));
    snprintf(args, sizeof args, "cover --quiet --json --cubes '%s'", dir);
    js = run_json(args);
    cr_expect_eq(num(js, "searched"), 2);
    cJSON_Delete(js);
    snprintf(args, sizeof args, "cover --quiet --json --merge '%s'", dir);
    js = run_json(args);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(js, "complete")));
    cr_expect_eq(num(js, "bound"), opt);
    cJSON_Delete(js);
    check_folder(dir, line, sizeof line);
    snprintf(want, sizeof want, "optimum %u verified\n", opt);
    cr_expect_str_eq(line, want);
    /* A folder entry named like a cube but not a file is no cube; a cube file edited
     * after its search makes its proof count for nothing; a cover.sol that covers
     * nothing is refused, never trusted. */
    snprintf(path, sizeof path, "%s/cube-0", dir);
    cr_assert_eq(mkdir(path, 0755), 0);
    snprintf(args, sizeof args, "cover --quiet --json --cubes '%s'", dir);
    js = run_json(args);
    cr_expect_eq(num(js, "searched"), 0);
    cJSON_Delete(js);
    snprintf(path, sizeof path, "%s/cube-00003", dir);
    fp = fopen(path, "a");
    cr_assert(fp);
    fputs("fix 1 out\n", fp);
    fclose(fp);
    snprintf(args, sizeof args, "cover --quiet --json --merge '%s'", dir);
    js = run_json(args);
    cr_expect(!cJSON_IsTrue(cJSON_GetObjectItem(js, "complete")), "an edited cube kept its proof");
    cJSON_Delete(js);
    snprintf(path, sizeof path, "%s/cover.sol", dir);
    put(path, "1\n1\n");
    snprintf(args, sizeof args, "cover --merge '%s'", dir);
    expect_usage_error(args);
    free(text);
    cleanup(tmp);
}

/* Usage errors and hostile folders: exit 2, one line, nothing written. */
Test(cover_cubes, refusals)
{
    char *tmp = scratch(), hgr[512], dir[512], args[2048], cube[600];
    snprintf(hgr, sizeof hgr, "%s/i.hgr", tmp);
    snprintf(dir, sizeof dir, "%s/c", tmp);
    put(hgr, "p hs 6 4\n1 2 3\n3 4 5\n5 6 1\n2 4 6\n");
    const char *bad[] = { "--split 2 --cubes-dir x --split-by set", "--split 4", "--split 0 --cubes-dir x", "--split x --cubes-dir x",
                          "--cubes-dir x", "--cubes x --merge y", "--worker 2/2 --cubes x",
                          "--worker 1", "--worker 0/2", "--cube", "--merge ''",
                          "--cubes x --certificate y", "--cubes x --goal 3",
                          "--merge x --solver glpk", "--estimate --merge x",
                          "--cubes x --dives 3", "--split-by sets --cubes x",
                          "--split-by sets", "--merge x --split-by elements" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(args, sizeof args, "cover %s '%s'", bad[i], i < 5 ? hgr : "");
        if (i >= 5)
            snprintf(args, sizeof args, "cover %s", bad[i]);
        expect_usage_error(args);
    }
    snprintf(args, sizeof args, "cover --split 2 --cubes-dir '%s' '%s'", tmp, hgr);
    expect_usage_error(args); /* the folder exists */
    snprintf(args, sizeof args, "cover --merge '%s/none'", tmp);
    expect_usage_error(args);
    /* A cube that fixes an element of another instance. */
    snprintf(args, sizeof args, "cover --quiet --split 2 --cubes-dir '%s' '%s'", dir, hgr);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    snprintf(cube, sizeof cube, "%s/cube-00009", dir);
    put(cube, "t24-cube 1\nfix 7 in\n");
    snprintf(args, sizeof args, "cover --cube '%s'", cube);
    expect_usage_error(args);
    put(cube, "not a cube\n");
    expect_usage_error(args);
    cleanup(tmp);
}

/* The nodes the cube proofs of dir say they wrote, summed. */
static double proof_nodes(const char *dir, uint32_t cubes)
{
    double sum = 0;
    for (uint32_t i = 1; i <= cubes; i++) {
        char path[1024], line[256];
        snprintf(path, sizeof path, "%s/cube-%05u.proof", dir, i);
        FILE *fp = fopen(path, "r");
        cr_assert(fp, "%s is missing", path);
        unsigned long long n = 0;
        while (fgets(line, sizeof line, fp) && sscanf(line, "nodes %llu", &n) != 1)
            ;
        fclose(fp);
        sum += (double)n;
    }
    return sum;
}

/* The split estimates its cubes' trees and an unfinished merge its open ones (JSON and
 * text on stderr); a finished merge has nothing left to estimate. The estimate of 64
 * dives, summed over four instances, lands within a factor 2 of the nodes the cubes'
 * searches then wrote (each cube's search learns its pseudocosts afresh, the dives share
 * theirs, so the trees differ a little). */
Test(cover_cubes, split_and_merge_estimate_the_open_cubes, .timeout = 600)
{
    uint64_t seed = 5151;
    char *tmp = scratch(), hgr[512], dir[512], args[2048];
    double estimated = 0, searched = 0;
    for (int round = 0; round < 4; round++) {
        uint32_t opt;
        char *text = random_triples(120 + 10 * (uint32_t)round, &seed, &opt);
        snprintf(hgr, sizeof hgr, "%s/e%d.hgr", tmp, round);
        snprintf(dir, sizeof dir, "%s/e%d", tmp, round);
        put(hgr, text);
        snprintf(args, sizeof args, "cover --json --quiet --split 4 --cubes-dir '%s' '%s'", dir,
                 hgr);
        cJSON *js = run_json(args);
        uint32_t cubes = (uint32_t)num(js, "cubes");
        const cJSON *e = cJSON_GetObjectItem(js, "estimate");
        cr_assert(cJSON_IsObject(e), "round %d: no estimate after the split", round);
        cr_assert_eq(num(e, "starts"), cubes);
        cr_assert_eq(num(e, "dives"), cubes ? 64 : 0);
        if (cubes)
            estimated += num(cJSON_GetObjectItem(e, "nodes"), "estimate");
        cJSON_Delete(js);
        snprintf(args, sizeof args, "cover --quiet --merge '%s'", dir);
        run_result r = run_t24(args, NULL);
        cr_assert_eq(r.status, 0, "%s", r.err);
        cr_assert_eq(strstr(r.err, "estimate of the open cubes") != NULL, cubes > 0,
                     "round %d: %s", round, r.err);
        run_free(&r);
        snprintf(args, sizeof args, "cover --json --quiet --cubes '%s'", dir);
        cJSON_Delete(run_json(args));
        searched += proof_nodes(dir, cubes);
        snprintf(args, sizeof args, "cover --json --quiet --merge '%s'", dir);
        js = run_json(args);
        cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(js, "complete")));
        cr_assert(cJSON_IsNull(cJSON_GetObjectItem(js, "estimate")));
        cJSON_Delete(js);
        free(text);
    }
    cr_assert_gt(searched, 40, "the cubes' trees are too small to test much");
    cr_assert(estimated >= searched / 2 && estimated <= 2 * searched,
              "%g nodes estimated, %g searched", estimated, searched);
    cleanup(tmp);
}

/* `t24 cover --estimate`: one seed, one answer; the interval brackets the mean. */
Test(cover_cubes, estimate_is_deterministic_for_a_seed)
{
    uint64_t seed = 99;
    uint32_t opt;
    char *tmp = scratch(), hgr[512], args[2048];
    char *text = random_triples(150, &seed, &opt);
    snprintf(hgr, sizeof hgr, "%s/d.hgr", tmp);
    put(hgr, text);
    snprintf(args, sizeof args, "cover --json --estimate --dives 40 --seed 3 '%s'", hgr);
    cJSON *a = run_json(args), *b = run_json(args);
    const cJSON *ea = cJSON_GetObjectItem(a, "estimate"), *eb = cJSON_GetObjectItem(b, "estimate");
    const cJSON *na = cJSON_GetObjectItem(ea, "nodes"), *nb = cJSON_GetObjectItem(eb, "nodes");
    cr_assert_eq(num(ea, "dives"), 40);
    cr_assert_eq(num(ea, "target"), opt, "the estimate's target is the optimum here");
    cr_assert_eq(num(na, "estimate"), num(nb, "estimate"));
    cr_assert_eq(num(na, "high"), num(nb, "high"));
    cr_assert(num(na, "low") <= num(na, "estimate") && num(na, "estimate") <= num(na, "high"));
    cJSON_Delete(a);
    cJSON_Delete(b);
    snprintf(args, sizeof args, "cover --estimate --dives 0 '%s'", hgr);
    expect_usage_error(args);
    snprintf(args, sizeof args, "cover --estimate --dives x '%s'", hgr);
    expect_usage_error(args);
    snprintf(args, sizeof args, "cover --estimate --certificate '%s/c' '%s'", tmp, hgr);
    expect_usage_error(args);
    free(text);
    cleanup(tmp);
}

/* ---- The merge never claims more than it checked (issue 38) ---- */

/* A shell command's exit status (0: it ran and succeeded). */
static int sh(const char *fmt, const char *a, const char *b)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, fmt, a, b);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* `--merge --json` on dir, held to what a script trusting it needs: a bound, or optimal,
 * only when t24-check verifies dir/proof.cert with that bound, and never above the
 * cover. Returns the exit status (stderr into err, 2048 bytes). */
static int merge_claims_only_what_checks(const char *dir, char *err)
{
    char args[1024], line[512];
    snprintf(args, sizeof args, "cover --json --quiet --dives 0 --merge '%s'", dir);
    run_result r = run_t24(args, NULL);
    snprintf(err, 2048, "%s", r.err);
    int status = r.status;
    cJSON *js = status == 0 ? cJSON_Parse(r.out) : NULL;
    cr_assert(status != 0 || js, "%s", r.out);
    const cJSON *bound = cJSON_GetObjectItem(js, "bound");
    bool optimal = cJSON_IsTrue(cJSON_GetObjectItem(js, "optimal"));
    if (js && (cJSON_IsNumber(bound) || optimal)) {
        char want[64];
        check_folder(dir, line, sizeof line);
        snprintf(want, sizeof want, "%s %g verified", optimal ? "optimum" : "lower bound",
                 cJSON_GetNumberValue(bound));
        cr_expect(!strncmp(line, want, strlen(want)),
                  "the merge claims %s, t24-check says: %s", r.out, line);
        cr_expect_leq(cJSON_GetNumberValue(bound), num(js, "cover"), "%s", r.out);
    }
    cJSON_Delete(js);
    run_free(&r);
    return status;
}

/* --cubes on dir: its JSON (the status into *status; NULL when it failed). */
static cJSON *run_cubes(const char *dir, int *status)
{
    char args[1024];
    snprintf(args, sizeof args, "cover --json --quiet --cubes '%s'", dir);
    run_result r = run_t24(args, NULL);
    *status = r.status;
    cJSON *js = r.status == 0 ? cJSON_Parse(r.out) : NULL;
    run_free(&r);
    return js;
}

/* dir copied to dir-suffix (into out, 600 bytes). */
static void copy_folder(const char *dir, const char *suffix, char *out)
{
    snprintf(out, 600, "%s-%s", dir, suffix);
    cr_assert_eq(sh("cp -r '%s' '%s'", dir, out), 0);
}

/* Each line of path that starts with key replaced by key and value. */
static void set_lines(const char *path, const char *key, const char *value)
{
    char *text = slurp(path), *out;
    cr_assert(text, "%s", path);
    size_t cap = strlen(text) * 2 + 4096, n = 0;
    cr_assert(out = malloc(cap));
    for (char *l = text; *l;) {
        char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) + 1 : strlen(l);
        if (!strncmp(l, key, strlen(key)))
            n += (size_t)snprintf(out + n, cap - n, "%s%s\n", key, value);
        else {
            memcpy(out + n, l, len);
            n += len;
        }
        l += len;
    }
    out[n] = '\0';
    put(path, out);
    free(out);
    free(text);
}

/* A finished split of five cards' deck 1-5 (optimum 21), as the hostile user had it:
 * split into 10 cubes in tmp/d, every cube searched. */
static void deck5_folder(const char *tmp, char *dir)
{
    char args[2048];
    snprintf(dir, 512, "%s/d", tmp);
    snprintf(args, sizeof args, "cover --quiet --json --dives 0 --split 10 --cubes-dir '%s' "
             "'%s/data/instances/cards5_deck1-5_target24_all.hgr'", dir,
             getenv("T24_SOURCE_DIR"));
    cJSON *js = run_json(args);
    cr_assert_geq(num(js, "cubes"), 4);
    cJSON_Delete(js);
    int st;
    js = run_cubes(dir, &st);
    cr_assert(js && num(js, "closed") == num(js, "cubes"), "the cubes were not all closed");
    cJSON_Delete(js);
}

/* After a damaged cube was found by the merge: the next --cubes searches it again (not
 * "0 searched; all closed"), and the merge then proves the optimum 21. */
static void searched_again_then_proven(const char *dir, const char *what)
{
    char err[2048];
    int st;
    cJSON *js = run_cubes(dir, &st);
    cr_assert(js, "%s: --cubes failed", what);
    cr_expect_geq(num(js, "searched"), 1, "%s: the damaged cube was not searched again", what);
    cJSON_Delete(js);
    cr_expect_eq(merge_claims_only_what_checks(dir, err), 0, "%s: %s", what, err);
    char args[1024];
    snprintf(args, sizeof args, "cover --json --quiet --dives 0 --merge '%s'", dir);
    js = run_json(args);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(js, "verified")), "%s", what);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(js, "optimal")), "%s", what);
    cr_expect_eq(num(js, "bound"), 21, "%s", what);
    cJSON_Delete(js);
}

/* The hostile user's tamperings of a finished split of deck 1-5, each on a copy: proofs
 * and root.cert edited to say 4294967294; a cube's proof with its middle cut out (its
 * `end` kept); a set removed from instance.hgr after the proofs; a cube file edited
 * before its search. On main each made `--merge --json` print "optimal": true (or a
 * bound above the cover); now none claims what t24-check does not verify, and every
 * damaged cube is searched again by the next --cubes. */
Test(cover_cubes, tampered_folders_never_yield_a_false_optimum, .timeout = 600)
{
    char *tmp = scratch(), dir[512], copy[600], path[700], err[2048];
    deck5_folder(tmp, dir);
    int st;
    /* 1. The bounds edited: root.cert's and every proof's (and the proofs' targets). */
    copy_folder(dir, "bounds", copy);
    snprintf(path, sizeof path, "%s/root.cert", copy);
    set_lines(path, "bound ", "4294967294");
    for (int i = 1; i <= 10; i++) {
        snprintf(path, sizeof path, "%s/cube-%05d.proof", copy, i);
        if (!exists(copy, path + strlen(copy) + 1))
            continue;
        set_lines(path, "bound ", "4294967294");
        set_lines(path, "target ", "4294967294");
    }
    cr_expect_eq(merge_claims_only_what_checks(copy, err), 2, "edited bounds were merged");
    cr_expect(strstr(err, "above the cover of 21"), "%s", err);
    cr_expect(exists(copy, "cube-00001.proof.rejected") && !exists(copy, "cube-00001.proof"),
              "the false proof was not set aside: %s", err);
    cr_expect(!exists(copy, "proof.cert"));
    searched_again_then_proven(copy, "edited bounds");
    /* 2. The middle of the largest proof cut out, its head and `end` kept. */
    copy_folder(dir, "cut", copy);
    cr_assert_eq(sh("cd '%s' && f=$(wc -l cube-*.proof | sort -n | sed -n 'x;$p' | awk "
                    "'{print $2}') && n=$(wc -l <$f) && [ $n -gt 100 ] && awk -v n=$n "
                    "'NR < n/3 || NR > 2*n/3' $f >x && mv x $f && tail -1 $f | grep -qx end%s",
                    copy, ""),
                 0, "no proof to cut");
    cr_expect_eq(merge_claims_only_what_checks(copy, err), 2, "a cut proof was merged");
    cr_expect(strstr(err, "proof line") && strstr(err, "set aside"), "%s", err);
    searched_again_then_proven(copy, "a cut proof");
    /* 3. A set removed from instance.hgr after the proofs (its header made to agree). */
    copy_folder(dir, "instance", copy);
    cr_assert_eq(sh("cd '%s' && awk '/^p hs/ { $4 = $4 - 1; print; skip = 1; next } "
                    "skip && /^[0-9]/ { skip = 0; next } { print }' instance.hgr >x && "
                    "mv x instance.hgr%s", copy, ""), 0);
    cr_expect_eq(merge_claims_only_what_checks(copy, err), 2, "an edited instance was merged");
    cr_expect(strstr(err, "root.cert does not name its instance.hgr"), "%s", err);
    cJSON *js = run_cubes(copy, &st);
    cr_expect(st == 2 && !js, "--cubes took an edited instance as closed");
    cJSON_Delete(js);
    /* 4. A cube file edited before its search: its last fixing turned over. */
    snprintf(copy, sizeof copy, "%s/e", tmp);
    snprintf(path, sizeof path, "cover --quiet --dives 0 --split 10 --cubes-dir '%s' "
             "'%s/data/instances/cards5_deck1-5_target24_all.hgr'", copy,
             getenv("T24_SOURCE_DIR"));
    run_result r = run_t24(path, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    cr_assert_eq(sh("cd '%s' && sed -i '$ { s/ in$/ out/; t; s/ out$/ in/ }' cube-00001%s", copy,
                    ""), 0);
    cJSON_Delete(run_cubes(copy, &st));
    cr_expect_eq(merge_claims_only_what_checks(copy, err), 2, "an edited cube was merged");
    cr_expect(strstr(err, "cube-00001"), "the cube at fault is not named: %s", err);
    js = run_cubes(copy, &st);
    cr_expect(js && num(js, "searched") == 1, "the edited cube was not searched again");
    cJSON_Delete(js);
    cleanup(tmp);
}

/* Another instance's cube files and proofs copied into a finished folder: refused, and
 * --cubes does not take them as closed (main merged them: with proofs of a larger
 * optimum, "optimal": true). */
Test(cover_cubes, another_instances_cubes_are_refused, .timeout = 300)
{
    uint64_t seed = 3838;
    uint32_t opt, opt2;
    char *tmp = scratch(), hgr[512], dir[512], hgr2[512], dir2[512], err[2048];
    char *ours = random_triples(90, &seed, &opt), *theirs = random_triples(150, &seed, &opt2);
    cr_assert_gt(opt2, opt, "the other instance's optimum must be larger to test much");
    uint32_t n = split_four(tmp, "ours", ours, hgr, dir);
    uint32_t n2 = split_four(tmp, "theirs", theirs, hgr2, dir2);
    int st;
    cJSON_Delete(run_cubes(dir, &st));
    cJSON_Delete(run_cubes(dir2, &st));
    /* as many as both have, under the same names */
    cr_assert_eq(sh("d='%s'; cd '%s' && for f in cube-?????; do if [ -e \"$d/$f\" ]; then "
                    "cp \"$f\" \"$f.proof\" \"$d\"/; fi; done", dir, dir2), 0);
    cr_assert_geq(n2 < n ? n2 : n, 1);
    cr_expect_eq(merge_claims_only_what_checks(dir, err), 2, "another instance's cubes merged");
    cr_expect(strstr(err, "does not name the folder's instance.hgr"), "%s", err);
    cJSON *js = run_cubes(dir, &st);
    cr_expect(st != 0 || (js && num(js, "closed") < n),
              "--cubes took another instance's cubes as closed");
    cJSON_Delete(js);
    free(ours);
    free(theirs);
    cleanup(tmp);
}

/* Without t24-check beside t24 (nor T24_CHECK), the merge writes proof.cert but claims
 * nothing: "verified" and "optimal" false, "bound" null, and the reason; T24_CHECK names
 * the checker elsewhere; a checker that gives no verdict within --time-limit is ended
 * and the merge is not verified either. */
Test(cover_cubes, a_merge_without_t24_check_is_not_verified, .timeout = 300)
{
    uint64_t seed = 4242;
    uint32_t opt;
    char *tmp = scratch(), hgr[512], dir[512], bin[600], cmd[2048];
    char *text = random_triples(120, &seed, &opt);
    split_four(tmp, "n", text, hgr, dir);
    int st;
    cJSON_Delete(run_cubes(dir, &st));
    snprintf(bin, sizeof bin, "%s/bin", tmp);
    cr_assert_eq(mkdir(bin, 0755), 0);
    cr_assert_eq(sh("cp '%s' '%s/t24'", getenv("T24_BIN"), bin), 0);
    snprintf(cmd, sizeof cmd, "%s/slow", bin);
    put(cmd, "#!/bin/sh\nexec sleep 600\n");
    cr_assert_eq(chmod(cmd, 0755), 0);
    for (int round = 0; round < 3; round++) {
        bool with = round == 1;
        char env[700];
        if (round == 0)
            snprintf(env, sizeof env, "env -u T24_CHECK");
        else if (with)
            snprintf(env, sizeof env, "T24_CHECK=\"$T24_CHECK_BIN\"");
        else
            snprintf(env, sizeof env, "T24_CHECK='%s/slow'", bin);
        /* --time-limit 1 only for the checker that never answers: the real one gets the
           default 60 s for its tiny certificate, never tight on a slow machine */
        snprintf(cmd, sizeof cmd, "%s '%s/t24' cover --json --quiet --time-limit %d --merge "
                 "'%s' >'%s/out'", env, bin, round == 2 ? 1 : 60, dir, tmp);
        cr_assert_eq(system(cmd), 0);
        snprintf(cmd, sizeof cmd, "%s/out", tmp);
        char *out = slurp(cmd);
        cJSON *js = cJSON_Parse(out);
        cr_assert(js, "%s", out);
        cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(js, "complete")));
        cr_expect_eq(num(js, "claimed"), opt);
        cr_expect_eq(cJSON_IsTrue(cJSON_GetObjectItem(js, "verified")), with, "%s", out);
        cr_expect_eq(cJSON_IsTrue(cJSON_GetObjectItem(js, "optimal")), with, "%s", out);
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItem(js, "check"));
        if (with)
            cr_expect_eq(num(js, "bound"), opt);
        else
            cr_expect(cJSON_IsNull(cJSON_GetObjectItem(js, "bound")) && why &&
                      strstr(why, round ? "did not finish" : "t24-check not found"), "%s", out);
        cJSON_Delete(js);
        free(out);
        cr_expect(exists(dir, "proof.cert"));
    }
    free(text);
    cleanup(tmp);
}

/* ---- Nothing good thrown away, nothing that blocks (issue 49, item 2) ---- */

/* The proofs dir holds (cube-N.proof, regular files) and those set aside (.rejected). */
static void count_proofs(const char *dir, int *proofs, int *rejected)
{
    char path[700];
    struct stat st;
    *proofs = *rejected = 0;
    for (int i = 1; i <= 99; i++) {
        snprintf(path, sizeof path, "%s/cube-%05d.proof", dir, i);
        *proofs += lstat(path, &st) == 0 && S_ISREG(st.st_mode);
        snprintf(path, sizeof path, "%s/cube-%05d.proof.rejected", dir, i);
        *rejected += lstat(path, &st) == 0;
    }
}

/* `t24 cover ARGS` under `timeout 60` (a mode that blocks on a FIFO is ended there:
 * status 124, far past its --time-limit 5), with env before it; its stderr into err
 * (2048 bytes). Returns the exit status. */
static int run_bounded(const char *env, const char *args, char *err)
{
    char cmd[4096], path[64] = "/tmp/t24-bounded-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    snprintf(cmd, sizeof cmd, "%s timeout 60 '%s' cover --quiet --time-limit 5 %s "
             "</dev/null >/dev/null 2>'%s'", env, getenv("T24_BIN"), args, path);
    int st = system(cmd);
    char *text = slurp(path);
    snprintf(err, 2048, "%s", text ? text : "");
    free(text);
    unlink(path);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* One false line in root.cert of a folder whose 10 cubes are all closed: the merge names
 * root.cert and keeps all 10 proofs, and --cubes searches none again (main set all 10
 * aside as .rejected, and its next --cubes searched every one). The same when
 * instance.hgr is replaced while the cubes are checked one by one (a checker that
 * refuses the whole, passes root.cert alone, then finds the instance replaced). */
Test(cover_cubes, a_fault_of_root_cert_or_the_instance_sets_no_cube_aside, .timeout = 600)
{
    char *tmp = scratch(), dir[512], copy[600], path[900], err[2048], env[4096];
    deck5_folder(tmp, dir);
    int proofs, rejected, st;
    count_proofs(dir, &proofs, &rejected);
    cr_assert_eq(proofs, 10, "the folder has %d proofs, not 10", proofs);
    /* 1. root.cert: `dominated A B` says B's sets all hold A; one B changed */
    copy_folder(dir, "root", copy);
    cr_assert_eq(sh("cd '%s' && awk '!done && /^dominated [0-9]+ [0-9]+$/ { $3 = $3 + 1; "
                    "done = 1 } { print }' root.cert >x && ! cmp -s x root.cert && "
                    "mv x root.cert%s", copy, ""), 0);
    cr_expect_eq(merge_claims_only_what_checks(copy, err), 2, "a false root.cert merged");
    cr_expect(strstr(err, "root.cert fails alone") && strstr(err, "no cube's proof set aside"),
              "%s", err);
    count_proofs(copy, &proofs, &rejected);
    cr_expect(proofs == 10 && rejected == 0, "%d proofs kept, %d set aside: %s", proofs,
              rejected, err);
    cJSON *js = run_cubes(copy, &st);
    cr_expect(js && num(js, "searched") == 0, "--cubes searched good cubes again");
    cJSON_Delete(js);
    /* 2. instance.hgr replaced (a set removed) during the cubes' checks */
    copy_folder(dir, "moved", copy);
    snprintf(path, sizeof path, "%s/check.sh", tmp);
    snprintf(env, sizeof env,
             "#!/bin/sh\nn=$(cat '%s/count' 2>/dev/null || echo 0); n=$((n + 1)); "
             "echo $n >'%s/count'\n"
             "if [ $n = 1 ]; then echo 't24-check: certificate line 9: planted' >&2; exit 1; fi\n"
             "if [ $n = 3 ]; then awk '/^p hs/ { $4 = $4 - 1; print; s = 1; next } "
             "s && /^[0-9]/ { s = 0; next } { print }' '%s/instance.hgr' >'%s/x' && "
             "cat '%s/x' >'%s/instance.hgr'; fi\nexec \"$T24_CHECK_BIN\" \"$@\"\n",
             tmp, tmp, copy, tmp, tmp, copy);
    put(path, env);
    cr_assert_eq(chmod(path, 0755), 0);
    snprintf(env, sizeof env, "T24_CHECK='%s'", path);
    snprintf(path, sizeof path, "--merge '%s'", copy);
    cr_expect_eq(run_bounded(env, path, err), 2);
    cr_expect(strstr(err, "instance.hgr' changed while the merge checked") &&
              strstr(err, "no cube's proof set aside"), "%s", err);
    count_proofs(copy, &proofs, &rejected);
    cr_expect(proofs == 10 && rejected == 0, "%d proofs kept, %d set aside: %s", proofs,
              rejected, err);
    cleanup(tmp);
}

/* A link as a cube's proof is refused by name (main counted it open at every merge, with
 * no word, and searched it again at every --cubes); a FIFO as root.cert, cover.sol, goal
 * or a cube file is refused at once by --merge, --cubes and --cube (main blocked on it
 * past --time-limit 5, until `timeout 60` ended it). */
Test(cover_cubes, links_and_fifos_in_a_folder_are_refused_at_once, .timeout = 600)
{
    char *tmp = scratch(), dir[512], copy[600], args[1400], err[2048];
    deck5_folder(tmp, dir);
    /* the link: the proof moved out of the folder, a link to it in its place */
    copy_folder(dir, "link", copy);
    cr_assert_eq(sh("cd '%s' && mv cube-00003.proof ../p3 && ln -s ../p3 cube-00003.proof%s",
                    copy, ""), 0);
    snprintf(args, sizeof args, "--merge '%s'", copy);
    cr_expect_eq(run_bounded("", args, err), 2, "a linked proof: %s", err);
    cr_expect(strstr(err, "cube-00003.proof' is not a regular file (a symbolic link)"), "%s",
              err);
    snprintf(args, sizeof args, "--cubes '%s'", copy);
    cr_expect_eq(run_bounded("", args, err), 2, "a linked proof: %s", err);
    cr_expect(strstr(err, "cube-00003.proof' is not a regular file (a symbolic link)"), "%s",
              err);
    static const char *const files[] = { "root.cert", "cover.sol", "goal", "cube-00001" };
    static const char *const modes[] = { "--merge '%s'", "--cubes '%s'",
                                         "--cube '%s/cube-00002'" };
    for (int f = 0; f < 4; f++) {
        char name[700];
        copy_folder(dir, files[f], copy);
        snprintf(name, sizeof name, "%s/%s", copy, files[f]);
        cr_assert_eq(unlink(name), 0);
        cr_assert_eq(mkfifo(name, 0644), 0);
        for (int m = 0; m < 3; m++) {
            if (f == 3 && m == 1)
                continue; /* --cubes lists regular cube files alone: the FIFO is no cube */
            snprintf(args, sizeof args, modes[m], copy);
            if (f == 3 && m == 2)
                snprintf(args, sizeof args, "--cube '%s'", name);
            int st = run_bounded("", args, err);
            cr_expect(st == 2 && strstr(err, "is not a regular file"),
                      "a FIFO as %s, %s: status %d: %s", files[f], args, st, err);
        }
    }
    cleanup(tmp);
}
