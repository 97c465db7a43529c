/* test_frontier.c - `make frontier`'s generator on a deck small enough for a test: the
 * table row it writes, the proven covers of its run reports, re-checked here against the
 * exact evaluation of every hand (independently of the study that chose them), and that it
 * writes nothing under data/ (`make data` is the one source of data/); and the same check
 * on the committed runs' proven five-card covers. Both need jq: without it they are
 * skipped and the program exits 77, which ctest shows as Skipped (skip_exit77.h). */
#include <criterion/criterion.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "skip_exit77.h"
#include "study_helpers.h"
#include "core/idlist.h"
#include "study/enumeration.h"

/* Does template `id` solve hand h? Its solution row is sorted ascending. */
static bool solves(const enumeration *st, uint32_t h, uint32_t id)
{
    return idlist_sorted_has(solutions_row(&st->sols, h), solutions_row_len(&st->sols, h), id);
}

/* A run report's proven cover (5 cards, deck 1..hi, target 24): as many expressions as
 * its optimum, and together they solve exactly the hands some template solves, by the
 * exact evaluation of every (hand, template) pair. The report is read with jq. */
static void check_cover_file(const char *json, int64_t hi)
{
    char path[] = "/tmp/t24-frontier-cover-XXXXXX", cmd[2048];
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    snprintf(cmd, sizeof cmd,
             "jq -re 'select(.optimal) | \"# size \\(.optimum), PROVEN\", (.cover[] | .template)' "
             "'%s' >'%s'", json, path);
    cr_assert_eq(system(cmd), 0, "%s: no proven cover", json);
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "no cover file %s", path);
    char line[512];
    uint32_t ids[512], n = 0, size = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#') {
            sscanf(line, "# size %u, PROVEN", &size);
            continue;
        }
        cr_assert_lt(n, 512);
        cr_assert_eq(sscanf(line, "%u", &ids[n]), 1, "bad line: %s", line);
        n++;
    }
    fclose(fp);
    unlink(path);
    cr_expect_eq(n, size, "%s: the header's size is not the number of expressions", path);
    enumeration st = enumerate_config(5, 1, hi, 24, TEMPLATE_ALL); /* with every pair */
    for (uint32_t h = 0; h < hand_set_count(st.hands); h++) {
        bool hit = false;
        for (uint32_t k = 0; k < n && !hit; k++)
            hit = solves(&st, h, ids[k]);
        cr_expect_eq(hit, solutions_row_len(&st.sols, h) > 0, "%s: hand %u", path, h);
    }
    enumeration_free(&st);
}

Test(frontier, small_deck_row_and_its_proven_cover, .timeout = 600)
{
    if (!skip77_have("jq"))
        cr_skip_test("jq is missing (bash .ci/install-deps.sh installs it)");
    char root[] = "/tmp/t24-frontier-test-XXXXXX", cmd[2048], path[600];
    cr_assert(mkdtemp(root));
    /* A results.md for the generator to append its section to. */
    snprintf(path, sizeof path, "%s/docs", root);
    cr_assert_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/docs/results.md", root);
    FILE *page = fopen(path, "w");
    cr_assert(page);
    fputs("# Results\n\nthe sweep\n\n", page);
    fclose(page);
    snprintf(cmd, sizeof cmd, "FRONTIER_DECKS='1-4:30' bash '%s/docs/frontier/make-frontier.sh' "
             "'%s' '%s' 2>/dev/null", getenv("T24_SOURCE_DIR"), getenv("T24_BIN"), root);
    cr_assert_eq(system(cmd), 0, "the generator failed");
    snprintf(path, sizeof path, "%s/docs/frontier.md", root);
    char *md = slurp(path);
    cr_assert(md, "no frontier.md");
    cr_expect(strstr(md, "\n| 1-4 | 49 |"), "no row for deck 1-4: %s", md);
    /* Both engines' runs proved it (the generator fails when their optima differ). The
     * LP bound, 11 on this deck, proves it before either search: that is the credit. */
    const char *row = strstr(md, "\n| 1-4 | 49 |");
    cr_assert(row, "%s", md);
    const char *glpk = strstr(row, "| proven 11 in ");
    cr_expect(glpk && strstr(glpk + 1, "| proven 11 in "), "not proven by both runs: %s", md);
    cr_expect(strstr(row, "(lp_bound) | proven 11"), "not credited to the LP bound: %s", md);
    /* The last column, "estimated core-hours to prove", has nothing to estimate here. */
    const char *end = strchr(row + 1, '\n');
    cr_expect(end && !strncmp(end - 10, "| proven |", 10), "no estimate column: %s", md);
    free(md);
    /* results.md: the sweep, one blank line, then the same table under its heading. */
    snprintf(path, sizeof path, "%s/docs/results.md", root);
    md = slurp(path);
    cr_assert(md);
    const char *head = "# Results\n\nthe sweep\n\n## Five cards at target 24: the frontier\n";
    cr_expect(strncmp(md, head, strlen(head)) == 0, "%s", md);
    cr_expect(strstr(md, "\n| 1-4 | 49 |"), "no row in results.md: %s", md);
    snprintf(path, sizeof path, "%s/docs/frontier/runs/1-4-cbc.json", root);
    cr_expect_eq(access(path, R_OK), 0, "CBC's report was not kept");
    snprintf(path, sizeof path, "%s/docs/frontier/runs/1-4-glpk.json", root);
    check_cover_file(path, 4);
    snprintf(path, sizeof path, "%s/docs/frontier/runs/1-4-cbc.json", root);
    check_cover_file(path, 4);
    /* Issue 26: each run keeps its --progress lines, ending with the result. */
    const char *engines[] = { "glpk", "cbc" };
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/docs/frontier/runs/1-4-%s.log", root, engines[i]);
        char *log = slurp(path);
        cr_expect(log, "no progress log for %s", engines[i]);
        cr_expect(log && strstr(log, "t24 study: ") && strstr(log, " of 30 s, done: cover 11, "),
                  "%s's log: %s", engines[i], log ? log : "");
        free(log);
    }
    /* data/ is make data's: the frontier writes no cover there. */
    snprintf(path, sizeof path, "%s/data", root);
    cr_expect_neq(access(path, F_OK), 0, "make-frontier.sh wrote under data/");
    free(md);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    cr_expect_eq(system(cmd), 0);
}

/* The committed runs' proven five-card covers (docs/frontier/runs/, decks small enough
 * to enumerate every pair here) solve every solvable hand of their deck. */
Test(frontier, committed_covers_solve_every_hand, .timeout = 600)
{
    const char *src = getenv("T24_SOURCE_DIR");
    cr_assert(src);
    int found = 0;
    if (!skip77_have("jq"))
        cr_skip_test("jq is missing (bash .ci/install-deps.sh installs it)");
    static const char *engines[] = { "glpk", "cbc" };
    for (int64_t hi = 5; hi <= 6; hi++)
        for (int e = 0; e < 2; e++) {
            char path[600];
            snprintf(path, sizeof path, "%s/docs/frontier/runs/1-%lld-%s.json", src,
                     (long long)hi, engines[e]);
            cr_assert_eq(access(path, R_OK), 0, "%s is missing", path);
            check_cover_file(path, hi);
            found++;
        }
    cr_expect_eq(found, 4, "the proven runs of decks 1-5 and 1-6");
}
