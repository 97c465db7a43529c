/* test_checker.c - t24-check, the independent certificate checker (src/checker/,
 * docs/certificates.md): valid certificates of every kind of node are accepted; planted
 * faults are each refused with status 1 and their reason; the checksum is recomputed
 * here with an FNV-1a of its own; the PACE reader accepts and refuses exactly the files
 * `t24 cover` does; a tree of 131,071 nodes over an instance of a million elements checks
 * in seconds, and a tree 200,000 deep does not overflow the stack. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helpers.h"

/* Instance A: sets {1,2}, {2,3}, {3,4}; its optimum is 2 ({2,3}). The file is already
 * normalised (one header, each set ascending), so its checksum is FNV-1a of its text. */
static const char A[] = "p hs 4 3\n1 2\n2 3\n3 4\n";
/* The triangle: sets {1,2}, {2,3}, {1,3}; its optimum is 2, its LP bound 1.5. */
static const char TRI[] = "p hs 3 3\n1 2\n2 3\n1 3\n";

/* FNV-1a, 64 bits, of n bytes: the checksum of docs/formats.md, written again here. */
static uint64_t fnv(const char *s, size_t n)
{
    uint64_t x = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        x = (x ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return x;
}

/* A file of len bytes in a fresh temporary folder; returns its path (malloc'd). */
static char *put(const char *name, const char *text, size_t len)
{
    char dir[] = "/tmp/t24-check-test-XXXXXX";
    cr_assert(mkdtemp(dir));
    size_t size = strlen(dir) + strlen(name) + 2;
    char *path = malloc(size);
    snprintf(path, size, "%s/%s", dir, name);
    FILE *fp = fopen(path, "wb");
    cr_assert(fp && fwrite(text, 1, len, fp) == len && fclose(fp) == 0);
    return path;
}

static char *put_text(const char *name, const char *text)
{
    return put(name, text, strlen(text));
}

static void unput(char *path)
{
    unlink(path);
    *strrchr(path, '/') = '\0';
    rmdir(path);
    free(path);
}

/* Runs bin with argv (NULL-terminated, no program name), no shell; captures both streams. */
static run_result run_bin(const char *bin, const char *const *argv)
{
    return run_program_argv(bin, argv, NULL, 0);
}

static const char *checker_bin(void)
{
    const char *bin = getenv("T24_CHECK_BIN");
    cr_assert(bin, "T24_CHECK_BIN must name the t24-check binary");
    return bin;
}

/* A certificate for the normalised instance text inst: the head, then body (node lines,
 * each ending in \n), then end. With a checksum of 0, the instance's own. */
static char *certificate(const char *inst, const char *bound, const char *d, const char *body,
                         uint64_t checksum)
{
    unsigned n, m;
    cr_assert_eq(sscanf(inst, "p hs %u %u", &n, &m), 2);
    size_t size = strlen(body) + 200;
    char *c = malloc(size);
    snprintf(c, size, "t24-certificate 1\ninstance %u %u %016llx\nbound %s\ndenominator %s\n"
             "tree\n%send\n", n, m,
             (unsigned long long)(checksum ? checksum : fnv(inst, strlen(inst))), bound, d, body);
    return c;
}

/* t24-check on instance text inst, an optional cover and the certificate text cert. */
static run_result run_check(const char *inst, const char *cover, const char *cert)
{
    char *pi = put_text("i.hgr", inst), *pc = put_text("c.cert", cert);
    char *ps = cover ? put_text("c.sol", cover) : NULL;
    const char *argv[] = { pi, ps ? ps : pc, ps ? pc : NULL, NULL };
    run_result r = run_bin(checker_bin(), argv);
    unput(pi);
    unput(pc);
    if (ps)
        unput(ps);
    return r;
}

static void expect_verified(const char *inst, const char *cover, const char *bound,
                            const char *d, const char *body, const char *want)
{
    char *cert = certificate(inst, bound, d, body, 0);
    run_result r = run_check(inst, cover, cert);
    cr_assert_eq(r.status, 0, "refused (%d): %s\n%s", r.status, r.err, cert);
    cr_assert_str_eq(r.out, want, "%s", cert);
    cr_assert_str_eq(r.err, "");
    run_free(&r);
    free(cert);
}

/* The certificate text cert is refused with status 1, its message holding why. */
static void expect_refused_text(const char *inst, const char *cover, const char *cert,
                                const char *why)
{
    run_result r = run_check(inst, cover, cert);
    cr_assert_eq(r.status, 1, "status %d, not 1: %s%s\n%s", r.status, r.out, r.err, cert);
    cr_assert(strstr(r.err, why), "'%s' does not say '%s'\n%s", r.err, why, cert);
    cr_assert_eq(count_lines(r.err), 1, "%s", r.err);
    cr_assert_str_eq(r.out, "");
    run_free(&r);
}

static void expect_refused(const char *inst, const char *bound, const char *d,
                           const char *body, const char *why)
{
    char *cert = certificate(inst, bound, d, body, 0);
    expect_refused_text(inst, NULL, cert, why);
    free(cert);
}

Test(checker, a_one_leaf_lp_certificate_proves_its_bound)
{
    expect_verified(A, NULL, "2", "1", "leaf y 1:1 3:1\n", "lower bound 2 verified\n");
    /* bounds 0 and 1 hold for every instance with a set: verified, but said to prove nothing */
    expect_verified(A, NULL, "0", "1", "leaf\n",
                    "lower bound 0 verified (trivial: every cover of this instance has at least "
                    "1 element without a certificate, so it proves nothing)\n");
    expect_verified(A, NULL, "1", "1", "leaf y 1:1\n",
                    "lower bound 1 verified (trivial: every cover of this instance has at least "
                    "1 element without a certificate, so it proves nothing)\n");
}

/* Issue 38: an empty cut (a multiplier of 0, or rows with no free element) was read as an
 * empty *set*, b' = 1, so a multiplier on it "proved" any bound. Both of the issue's
 * certificates: the first on a small instance in place of deck 1-7's. */
Test(checker, an_empty_cut_is_never_live)
{
    static const char ONE[] = "p hs 1 1\n1\n"; /* its optimum is 1 */
    expect_refused(A, "4294967295", "1", "cut 1:0\nleaf y 4:4611686018427387904\n",
                   "certificate line 7: multiplier on row 4, which is not live (met)");
    expect_refused(ONE, "2", "1", "branch 1\nleaf empty 1\ncut 1:1\nleaf y 2:1\n",
                   "multiplier on row 2, which is not live (met)");
    /* a cut with b' > 0 whose only coefficients sit on fixed elements: 2 x1 + ... >= 2 with
     * element 1 in F0 and no free element of the cut left */
    expect_refused(ONE, "2", "1", "cut 1:2\nbranch 1\nleaf y 2:1\nleaf\n",
                   "multiplier on row 2, which is not live (a cut with no free element)");
}

/* What t24-check echoes of a certificate reaches a terminal: no control byte passes raw. */
Test(checker, control_bytes_are_escaped)
{
    char *cert = certificate(A, "2", "1", "le\x1b[2Jaf\x9b\n", 0);
    run_result r = run_check(A, NULL, cert);
    cr_assert_eq(r.status, 1);
    cr_assert(strstr(r.err, "unknown node 'le\\x1b[2Jaf\\x9b'"), "%s", r.err);
    for (const char *p = r.err; *p; p++)
        cr_assert(((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f) || *p == '\n', "%s", r.err);
    run_free(&r);
    free(cert);
}

/* A verdict that cannot be written is no verdict: exit 2 with a reason (stdout /dev/full). */
Test(checker, an_unwritable_verdict_is_an_error)
{
    char *pi = put_text("i.hgr", A);
    char *cert = certificate(A, "2", "1", "leaf y 1:1 3:1\n", 0), *pc = put_text("c.cert", cert);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "'%s' '%s' '%s' >/dev/full 2>/dev/null", checker_bin(), pi, pc);
    int st = system(cmd);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
    snprintf(cmd, sizeof cmd, "'%s' --version >/dev/full 2>/dev/null", checker_bin());
    st = system(cmd);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
    unput(pi);
    unput(pc);
    free(cert);
}

Test(checker, a_cover_of_the_bound_s_size_is_an_optimum)
{
    expect_verified(A, "2\n2\n3\n", "2", "1", "leaf y 1:1 3:1\n", "optimum 2 verified\n");
    expect_verified(A, "c t24 cover\n3\n1\n2\n3\n", "2", "1", "leaf y 1:1 3:1\n",
                    "lower bound 2 verified; cover of 3 elements verified\n");
}

Test(checker, a_branch_tree_with_inherited_multipliers)
{
    /* y = 1/2 on every set; the child with 2 in F1 needs its own (set 1 is hit). */
    expect_verified(A, NULL, "2", "2", "branch 2 y 1:1 2:1 3:1\nleaf inherit\nleaf y 3:2\n",
                    "lower bound 2 verified\n");
    /* inherit skips the rows not live at the leaf: here set 1, hit by element 2 */
    expect_verified(A, NULL, "2", "2", "branch 2 y 1:2 3:2\nleaf inherit\nleaf inherit\n",
                    "lower bound 2 verified\n");
}

Test(checker, split_drop_dominated_and_empty_leaves)
{
    expect_verified(A, NULL, "2", "1", "split 2\nleaf y 3:1\nleaf y 1:1\n",
                    "lower bound 2 verified\n");
    expect_verified(A, NULL, "2", "1", "drop 2\nleaf y 1:1 3:1\n", "lower bound 2 verified\n");
    /* every live set holding 1 (set 1) holds 2 */
    expect_verified(A, NULL, "2", "1", "dominated 1 2\nleaf y 1:1 3:1\n",
                    "lower bound 2 verified\n");
    /* with 2 and 1 in F0, set 1 has no element left */
    expect_verified(A, NULL, "2", "1", "branch 2\nbranch 1\nleaf empty 1\nleaf y 3:1\n"
                    "leaf y 3:1\n", "lower bound 2 verified\n");
}

Test(checker, a_cut_row_serves_multipliers_in_its_subtree)
{
    /* {0,1/2}-cut of the three sets: x1 + x2 + x3 >= ceil(3/2) = 2 as row 4 */
    expect_verified(TRI, NULL, "2", "2", "cut 1:1 2:1 3:1\nleaf y 4:2\n",
                    "lower bound 2 verified\n");
    expect_refused(TRI, "3", "2", "cut 1:1 2:1 3:1\nleaf y 4:2\n", "does not reach the bound");
    /* below 1 in F0 the cut is x2 + x3 >= 2; with 1 in F1 it is not in scope */
    expect_verified(TRI, NULL, "2", "2", "branch 1\ncut 1:1 2:1 3:1\nleaf y 4:2\nleaf y 2:2\n",
                    "lower bound 2 verified\n");
    expect_refused(TRI, "2", "2", "branch 1\ncut 1:1 2:1 3:1\nleaf y 4:2\nleaf y 4:2\n",
                   "certificate line 9: row 4 (cut 1) is not in scope");
    /* a cut row is live until F1 meets its right-hand side: with 2 in F1, x2 + x3 >= 2
     * still needs 3 */
    expect_verified(TRI, NULL, "2", "2", "branch 1\ncut 1:1 2:1 3:1\nbranch 2\nleaf y 4:2\n"
                    "leaf y 4:2\nleaf y 2:2\n", "lower bound 2 verified\n");
}

Test(checker, open_nodes_leave_the_bound_unverified)
{
    char *cert = certificate(A, "2", "1", "branch 2\nopen cube.1\nleaf y 3:1\n", 0);
    run_result r = run_check(A, NULL, cert);
    cr_assert_eq(r.status, 1);
    cr_assert_str_eq(r.out, "not verified: 1 open node (first: cube.1, line 7)\n");
    run_free(&r);
    free(cert);
}

Test(checker, a_negative_multiplier_is_malformed)
{
    expect_refused(A, "2", "1", "leaf y 1:-1 3:1\n", "certificate line 6: multiplier '-1' is malformed");
    expect_refused(A, "2", "1", "leaf y 1:+1 3:1\n", "malformed");
}

Test(checker, a_multiplier_on_a_set_already_hit_is_refused)
{
    expect_refused(A, "2", "1", "branch 2\nleaf y 1:1 3:1\nleaf y 1:1 3:1\n",
                   "certificate line 8: multiplier on row 1, which is not live (hit by F1)");
    expect_refused(A, "2", "1", "drop 1\nleaf y 1:1 3:1\n", "not live (dropped)");
    expect_refused(A, "2", "1", "leaf y 1:1 3:1 1:1\n", "row 1 is listed twice");
}

Test(checker, a_leaf_exactly_at_the_boundary_fails_and_one_more_passes)
{
    /* D L = V1 + V3 against (K - 0 - 1) D = 2 */
    expect_refused(A, "2", "2", "leaf y 1:1 3:1\n",
                   "D L(y) = 2, not above (K - |F1| - 1) D = 2 (|F1| = 0)");
    expect_verified(A, NULL, "2", "2", "leaf y 1:2 3:1\n", "lower bound 2 verified\n");
    /* t24's D = 2^32: y = 1/2 + 1/2 is exactly 1, one 2^-32 more is above */
    expect_refused(A, "2", "4294967296", "leaf y 1:2147483648 3:2147483648\n",
                   "does not reach the bound");
    expect_verified(A, NULL, "2", "4294967296", "leaf y 1:2147483648 3:2147483649\n",
                    "lower bound 2 verified\n");
    /* an element over-covered costs: y = 1 on sets 1 and 2 gives 2 - 1 (element 2) */
    expect_refused(A, "2", "1", "leaf y 1:1 2:1\n", "D L(y) = 1");
}

Test(checker, extra_tokens_and_unknown_words_are_refused)
{
    expect_refused(A, "2", "1", "leaf 2 y 1:1 3:1\n", "unexpected '2'");
    expect_refused(A, "2", "1", "branch 2 3\nleaf y 1:1 3:1\nleaf y 3:1\n", "unexpected '3'");
    expect_refused(A, "2", "1", "leaf y 1:1 3:1 4\n", "expected R:V, not '4'");
    expect_refused(A, "2", "1", "leaf inherit y 1:1\n", "unexpected 'y'");
    expect_refused(A, "2", "1", "fork 2\n", "unknown node 'fork'");
    expect_refused(A, "2", "1", "symmetry 1 2\n", "'symmetry' is reserved");
    expect_refused(A, "2", "1", "lemma 1\n", "'lemma' is reserved");
}

Test(checker, a_missing_or_extra_child_is_refused)
{
    expect_refused(A, "2", "1", "branch 2\nleaf y 1:1 3:1\n",
                   "a child is missing (the node of line 6 has 1 of its 2)");
    expect_refused(A, "2", "1", "leaf y 1:1 3:1\nleaf\n", "a node after the tree is complete");
    expect_refused(A, "2", "1", "split 2\nleaf y 3:1\nleaf y 1:1\nleaf y 1:1\n",
                   "certificate line 9: a node after the tree is complete");
    expect_refused(A, "2", "1", "", "'end' before the root");
}

Test(checker, out_of_range_numbers_are_refused)
{
    expect_refused(A, "2", "0", "leaf\n", "denominator 0 is out of range");
    expect_refused(A, "2", "4611686018427387905", "leaf\n", "out of range"); /* 2^62 + 1 */
    expect_verified(A, NULL, "2", "4611686018427387904", "leaf y 1:4611686018427387904 3:1\n",
                    "lower bound 2 verified\n"); /* 2^62 itself is allowed */
    expect_refused(A, "2", "1", "leaf y 1:4611686018427387905\n", "out of range");
    expect_refused(A, "2", "1", "leaf y 1:123456789012345678901234567890\n", "out of range");
    expect_refused(A, "4294967296", "1", "leaf\n", "bound 4294967296 is out of range");
    expect_refused(A, "2", "1", "branch 5\nleaf\nleaf\n", "element 5 is out of range (1 to 4)");
    expect_refused(A, "2", "1", "branch 0\nleaf\nleaf\n", "element 0 is out of range");
    expect_refused(A, "2", "1", "split 4\nleaf\n", "set 4 is out of range (1 to 3)");
    expect_refused(A, "2", "1", "leaf y 9:1\n", "row 9 does not exist");
}

Test(checker, a_cover_missing_a_set_is_refused)
{
    char *cert = certificate(A, "2", "1", "leaf y 1:1 3:1\n", 0);
    expect_refused_text(A, "2\n1\n2\n", cert, "not a cover: set 3 missed");
    free(cert);
}

Test(checker, a_certificate_for_another_instance_is_refused)
{
    char *cert = certificate(A, "2", "1", "leaf y 1:1 3:1\n", 0x0123456789abcdefull);
    expect_refused_text(A, NULL, cert, "certificate line 2: checksum 0123456789abcdef is not");
    free(cert);
    /* the same sets in another order are another instance */
    cert = certificate(A, "2", "1", "leaf y 1:1 3:1\n", 0);
    expect_refused_text("p hs 4 3\n2 3\n1 2\n3 4\n", NULL, cert, "checksum");
    free(cert);
    cert = certificate("p hs 5 3\n", "2", "1", "leaf y 1:1 3:1\n", 1);
    expect_refused_text(A, NULL, cert, "for 5 elements and 3 sets, but the instance has 4 and 3");
    free(cert);
}

Test(checker, a_truncated_certificate_is_refused)
{
    char *cert = certificate(A, "2", "1", "leaf y 1:1 3:1\n", 0);
    *strstr(cert, "end\n") = '\0';
    expect_refused_text(A, NULL, cert, "the file ends before 'end'");
    strcpy(cert + strlen(cert), "end\nleaf\n");
    expect_refused_text(A, NULL, cert, "'leaf' after 'end'");
    strcpy(strstr(cert, "tree\n"), "tree\n");
    expect_refused_text(A, NULL, cert, "the file ends before 'end'");
    free(cert);
    expect_refused_text(A, NULL, "t24-certificate 2\n", "this checker reads 1");
    expect_refused_text(A, NULL, "", "expected 't24-certificate'");
}

Test(checker, a_false_dominance_claim_is_refused)
{
    expect_refused(A, "2", "1", "dominated 2 1\nleaf y 1:1 3:1\n",
                   "live set 2 holds element 2 but not 1");
    expect_refused(A, "2", "1", "dominated 1 1\nleaf\n", "cannot replace");
    expect_refused(A, "2", "1", "branch 2\ndominated 1 2\nleaf\nleaf y 3:1\n",
                   "element 2 cannot replace 1");
    /* sets allow 2 for 1 (set 1 holds both), the cut x1 + 2 x2 + 2 x3 + x4 >= 3 does not:
     * a_{4,2} = 2 < 3 */
    expect_refused(A, "2", "2", "cut 1:2 2:2 3:2\ndominated 1 2\nleaf\n",
                   "certificate line 7: on live row 4, element 2 does not dominate 1");
    /* with 2 in F1 a_{4,2} = 2 is above b' = 1, but 2 is no longer free: A - 1 + 2 would
     * be A - 1, which may not meet row 4 */
    expect_refused(A, "2", "2", "cut 1:2 2:2 3:2\nbranch 2\nleaf y 1:2 3:2\ndominated 1 2\n"
                   "leaf\n", "certificate line 9: on live row 4, element 2 does not dominate 1");
}

Test(checker, comments_blank_lines_and_crlf_are_read)
{
    char *cert = certificate(A, "2", "1", "c the LP bound\n\n  leaf\ty 1:1   3:1\n", 0);
    run_result r = run_check(A, NULL, cert);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    free(cert);
    char crlf[300];
    snprintf(crlf, sizeof crlf, "t24-certificate 1\r\ninstance 4 3 %016llx\r\nbound 2\r\n"
             "denominator 1\r\ntree\r\nleaf y 1:1 3:1\r\nend\r\n",
             (unsigned long long)fnv(A, strlen(A)));
    r = run_check(A, NULL, crlf);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    /* 'cut' starts with c but is no comment: a cut that is not one is refused */
    expect_refused(A, "2", "1", "cut\nleaf\n", "the cut names no row");
}

Test(checker, usage_errors_and_unreadable_files_exit_2)
{
    const char *none[] = { NULL }, *missing[] = { "/nonexistent.hgr", "/nonexistent", NULL };
    const char *opt[] = { "--frobnicate", NULL }, *help[] = { "--help", NULL };
    const char *version[] = { "--version", NULL };
    run_result r = run_bin(checker_bin(), none);
    cr_assert_eq(r.status, 2);
    cr_assert_eq(count_lines(r.err), 1);
    run_free(&r);
    r = run_bin(checker_bin(), missing);
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "/nonexistent.hgr"), "%s", r.err);
    run_free(&r);
    r = run_bin(checker_bin(), opt);
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "--frobnicate"));
    run_free(&r);
    r = run_bin(checker_bin(), help);
    cr_assert_eq(r.status, 0);
    cr_assert(strstr(r.out, "usage: t24-check INSTANCE.hgr [COVER.sol] CERTIFICATE"));
    run_free(&r);
    r = run_bin(checker_bin(), version);
    char want[64];
    snprintf(want, sizeof want, "t24-check %s\n", getenv("T24_VERSION"));
    cr_assert_str_eq(r.out, want);
    run_free(&r);
    /* a malformed cover: a repeated element, a wrong size, an element out of range */
    char *cert = certificate(A, "2", "1", "leaf y 1:1 3:1\n", 0);
    const char *covers[] = { "2\n2\n2\n", "3\n2\n3\n", "2\n2\n5\n", "two\n", "" };
    for (size_t i = 0; i < sizeof covers / sizeof *covers; i++) {
        r = run_check(A, covers[i], cert);
        cr_assert_eq(r.status, 2, "cover '%s': %d %s", covers[i], r.status, r.err);
        run_free(&r);
    }
    r = run_check("p hs 4 3\n1 2\n", NULL, cert); /* a malformed instance */
    cr_assert_eq(r.status, 2, "%s", r.err);
    run_free(&r);
    free(cert);
}

/* ---- The checksum and the PACE reader ---- */

static run_result checksum_of(const char *text, size_t len)
{
    char *p = put("i.hgr", text, len);
    const char *argv[] = { "--checksum", p, NULL };
    run_result r = run_bin(checker_bin(), argv);
    unput(p);
    return r;
}

static void expect_checksum(const char *text, const char *normalised)
{
    run_result r = checksum_of(text, strlen(text));
    char want[32];
    snprintf(want, sizeof want, "%016llx\n", (unsigned long long)fnv(normalised, strlen(normalised)));
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(r.out, want, "checksum of '%s'", text);
    run_free(&r);
}

Test(checker, the_checksum_is_fnv1a_of_the_normalised_text)
{
    expect_checksum(A, A);
    expect_checksum("c a comment\r\n\r\np hs 05 2\r\n3 1 3\r\nc another\r\n5\t4 \r\n",
                    "p hs 5 2\n1 3\n4 5\n");
    expect_checksum("p hs 3 0\n", "p hs 3 0\n");
    /* t24's published instance is written normalised: its checksum is that of its lines
     * but the comments */
    char path[512];
    snprintf(path, sizeof path, "%s/data/instances/cards5_deck1-6_target24_all.hgr",
             getenv("T24_SOURCE_DIR"));
    char *text = slurp(path), *kept = calloc(strlen(text) + 1, 1);
    cr_assert(text && kept);
    for (char *line = text, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        if (*line != 'c')
            strncat(kept, line, (size_t)(end - line) + 1);
    }
    const char *argv[] = { "--checksum", path, NULL };
    run_result r = run_bin(checker_bin(), argv);
    char want[32];
    snprintf(want, sizeof want, "%016llx\n", (unsigned long long)fnv(kept, strlen(kept)));
    cr_assert_str_eq(r.out, want);
    run_free(&r);
    free(text);
    free(kept);
}

/* An instance file, its length (it may hold a NUL byte) and whether t24 reads it. */
typedef struct {
    const char *text;
    size_t len;
    bool accepted;
} pace_case;
#define CASE(s, ok) { s, sizeof s - 1, ok }

Test(checker, the_pace_reader_accepts_and_refuses_what_t24_cover_does, .timeout = 600)
{
    static const pace_case cases[] = {
        CASE("p hs 3 2\n1 2\n2 3\n", true),
        CASE("p hs 3 2\r\n1 2\r\n2 3\r\n", true),          /* CRLF */
        CASE("p hs 3 2\r1 2\r2 3\r", true),                /* CR alone */
        CASE("p hs 3 2\n1 2\n2 3", true),                  /* no end on the last line */
        CASE("\n\nc x\np hs 3 2\nc y\n1 2\ncz\n2 3\nc\n", true),
        CASE("p hs\t3\t2 \n1\t2 \n 2  3\n", true),
        CASE("p hs 3 1\n2 2 1\n", true),                   /* a repeated element */
        CASE("p hs 003 2\n01 2\n2 3\n", true),             /* leading zeros */
        CASE("p hs 0 0\n", true),
        CASE("p hs 3 2\n1 2\n\n2 3\n", false),             /* an empty line after the header */
        CASE("p hs 3 2\n1 2\n2 3\n\n", false),             /* even at the end */
        CASE("p hs 3 2\n1 2\n \n", false),                 /* blanks only: an empty set */
        CASE(" \np hs 3 2\n1 2\n2 3\n", false),            /* blanks before the header */
        CASE("p hs 3\n1 2\n", false),
        CASE("p hs -3 2\n1 2\n2 3\n", false),
        CASE("p hs +3 2\n1 2\n2 3\n", false),
        CASE("p hs 3 2 1\n1 2\n2 3\n", false),
        CASE("p  hs 3 2\n1 2\n2 3\n", false),
        CASE("p hs3 2\n1 2\n2 3\n", false),
        CASE("p hs 4294967296 0\n", false),
        CASE("p hs 16777217 0\n", false),                  /* over 2^24 elements */
        CASE("p hs 3 2\n1 2\n0 3\n", false),               /* element 0 */
        CASE("p hs 3 2\n1 2\n2 4\n", false),               /* element > N */
        CASE("p hs 3 2\n1 2\n2 +3\n", false),
        CASE("p hs 3 2\n1 2\n2,3\n", false),
        CASE("p hs 3 2\n1 2\n2 99999999999999999999\n", false),
        CASE("p hs 3 2\n1 2\n", false),                    /* too few sets */
        CASE("p hs 3 2\n1 2\n2 3\n1 3\n", false),          /* too many */
        CASE("p hs 3 2\n1 2\n2 3\np hs 3 2\n", false),     /* a second header */
        CASE("1 2\np hs 3 1\n", false),                    /* a set before the header */
        CASE("c only comments\n", false),
        CASE("", false),
        CASE("p hs 3 2\n1 2\n2 3\nc a NUL \0 here\n", false),
        CASE("p hs 3 2\n1 2\0\n2 3\n", false),
    };
    const char *t24 = getenv("T24_BIN");
    cr_assert(t24);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *p = put("i.hgr", cases[i].text, cases[i].len);
        const char *cover[] = { "cover", "--time-limit", "5", "--quiet", p, NULL };
        const char *sum[] = { "--checksum", p, NULL };
        run_result a = run_bin(t24, cover), b = run_bin(checker_bin(), sum);
        cr_assert_eq(a.status, cases[i].accepted ? 0 : 2, "t24 cover on case %zu: %d %s", i,
                     a.status, a.err);
        cr_assert_eq(b.status, cases[i].accepted ? 0 : 2, "t24-check on case %zu: %d %s", i,
                     b.status, b.err);
        run_free(&a);
        run_free(&b);
        unput(p);
    }
}

Test(checker, lines_of_one_mib_are_read_and_longer_ones_refused, .timeout = 300)
{
    for (int extra = 0; extra < 2; extra++) {
        size_t len = (1u << 20) + (size_t)extra, n = 0;
        char *text = malloc(len + 64);
        text[n++] = 'c';
        memset(text + n, 'x', len - 1);
        n += len - 1;
        n += (size_t)sprintf(text + n, "\np hs 1 1\n1\n");
        char *p = put("i.hgr", text, n);
        const char *cover[] = { "cover", "--time-limit", "5", "--quiet", p, NULL };
        const char *sum[] = { "--checksum", p, NULL };
        run_result a = run_bin(getenv("T24_BIN"), cover), b = run_bin(checker_bin(), sum);
        cr_assert_eq(a.status, extra ? 2 : 0, "t24 cover: %s", a.err);
        cr_assert_eq(b.status, extra ? 2 : 0, "t24-check: %s", b.err);
        run_free(&a);
        run_free(&b);
        unput(p);
        free(text);
    }
}

/* ---- Scale: a wide tree on a large instance, a deep tree ---- */

/* Appends the preorder of a full binary tree branching on elements depth .. 16 (1-based)
 * to fp: every leaf inherits the root's multipliers. */
static void full_tree(FILE *fp, int depth)
{
    if (depth > 16) {
        fputs("leaf inherit\n", fp);
        return;
    }
    fprintf(fp, "branch %d\n", depth);
    full_tree(fp, depth + 1);
    full_tree(fp, depth + 1);
}

static double seconds_of(run_result *r, const char *const *argv)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    *r = run_bin(checker_bin(), argv);
    clock_gettime(CLOCK_MONOTONIC, &b);
    return (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec);
}

/* 8 layers of 40 sets partition the 3,320 elements 40 q + r (1-based: + 1) by
 * (r + layer q) mod 40, 83 elements a set, as many entries as t24's five-card deck 1-6
 * instance; the file names a million elements, so that a checker spending O(N) a leaf
 * would take minutes. y = 1/8 on every set proves 40 at each of the 65,536 leaves (each
 * of elements 1..16 meets 8 sets of its own, and D L = D (40 - |F1|)), and 41 fails at the
 * first leaf exactly at the boundary. */
Test(checker, a_tree_of_131071_nodes_checks_in_seconds, .timeout = 600)
{
    size_t size;
    char *inst, *cert;
    FILE *fp = open_memstream(&inst, &size);
    fprintf(fp, "p hs 1000000 320\n");
    for (int layer = 0; layer < 8; layer++)
        for (int c = 0; c < 40; c++) {
            for (int q = 0, first = 1; q < 83; q++)
                for (int r = 0; r < 40; r++)
                    if ((r + layer * q) % 40 == c)
                        fprintf(fp, &" %d"[first], 40 * q + r + 1), first = 0;
            fputc('\n', fp);
        }
    fclose(fp);
    for (int k = 40; k <= 41; k++) {
        fp = open_memstream(&cert, &size);
        fprintf(fp, "t24-certificate 1\ninstance 1000000 320 %016llx\nbound %d\n"
                "denominator 4294967296\ntree\nbranch 1 y", (unsigned long long)fnv(inst, strlen(inst)), k);
        for (int s = 1; s <= 320; s++)
            fprintf(fp, " %d:536870912", s);
        fputc('\n', fp);
        full_tree(fp, 2);
        full_tree(fp, 2);
        fputs("end\n", fp);
        fclose(fp);
        char *pi = put_text("i.hgr", inst), *pc = put_text("c.cert", cert);
        const char *argv[] = { pi, pc, NULL };
        run_result r;
        double s = seconds_of(&r, argv);
        if (k == 40) {
            cr_assert_eq(r.status, 0, "%s", r.err);
            cr_assert_str_eq(r.out, "lower bound 40 verified\n");
            cr_log_info("t24-check: 131,071 nodes in %.2f s\n", s);
            cr_assert_lt(s, 60.0, "131,071 nodes took %.1f s", s);
        } else {
            cr_assert_eq(r.status, 1);
            cr_assert(strstr(r.err, "certificate line 22: the leaf does not reach the bound"),
                      "%s", r.err);
        }
        run_free(&r);
        unput(pi);
        unput(pc);
        free(cert);
    }
    free(inst);
}

Test(checker, a_tree_200000_deep_needs_no_deep_stack, .timeout = 300)
{
    size_t size;
    char *cert;
    FILE *fp = open_memstream(&cert, &size);
    fprintf(fp, "t24-certificate 1\ninstance 4 3 %016llx\nbound 2\ndenominator 1\ntree\n",
            (unsigned long long)fnv(A, strlen(A)));
    for (int i = 0; i < 200000; i++)
        fputs("cut 1:0\n", fp); /* rows with nothing in them: 0 >= 0 */
    fputs("leaf y 1:1 3:1\nend\n", fp);
    fclose(fp);
    run_result r = run_check(A, NULL, cert);
    cr_assert_eq(r.status, 0, "%d %s", r.status, r.err);
    cr_assert_str_eq(r.out, "lower bound 2 verified\n");
    run_free(&r);
    free(cert);
}

/* n lines "cut 1:2^62" (each cut derived from row 1 alone, b = 2^62 on the instance's sets
 * of one element or its single set), then "leaf y" with 2^62 on the rows M + 1 .. M + n. */
static char *cut_chain(unsigned m, unsigned n)
{
    static const char V[] = "4611686018427387904";
    char *b = calloc(n * 60 + 40, 1);
    for (unsigned i = 0; i < n; i++) sprintf(b + strlen(b), "cut 1:%s\n", V);
    strcat(b, "leaf y");
    for (unsigned i = 1; i <= n; i++) sprintf(b + strlen(b), " %u:%s", m + i, V);
    return strcat(b, "\n");
}

/* Each checked step of the 128-bit arithmetic refuses what does not fit, and only that
 * (the figures by hand: 2^62 2^62 = 2^124, and 2^127 - 1 is the largest value). */
Test(checker, each_overflow_is_refused_at_its_step)
{
    static const char V[] = "4611686018427387904";
    char body[200];
    /* a coefficient 2^62 + 2^62 = 2^63 on element 1; b 2^63 with 2^62 on each element */
    snprintf(body, sizeof body, "cut 1:%s 2:%s\nleaf\n", V, V);
    expect_refused("p hs 2 2\n1 2\n1\n", "2", "1", body, "a coefficient of the cut is above 2^62");
    expect_refused("p hs 2 2\n1\n2\n", "2", "1", body, "the cut's b is beyond 2^62");
    /* sum_R V_R b'_R: 9 2^124 > 2^127 - 1 overflows; 7 2^124 does not, and then
     * D L(y) = 7 2^124 + (1 - 7 2^124) = 1 is not above (2 - 0 - 1) 1 */
    char *b = cut_chain(1, 9);
    expect_refused("p hs 1 1\n1\n", "2", "1", b, "arithmetic overflow");
    free(b), b = cut_chain(1, 7);
    expect_refused("p hs 1 1\n1\n", "2", "1", b, "D L(y) = 1, not above");
    /* the leaf's sum: 2^126 + 4 (1 - 2^126) = 4 - 3 2^126 < -2^127 overflows; with three
     * elements 2^126 + 3 (1 - 2^126) = 3 - 2^127 fits (printed as a long double: its
     * leading digits, -170141183460469231731687303715884105725 rounded) */
    free(b), b = cut_chain(1, 4);
    expect_refused("p hs 4 1\n1 2 3 4\n", "2", "1", b, "overflow in L(y)");
    expect_refused("p hs 3 1\n1 2 3\n", "2", "1", b,
                   "D L(y) = -17014118346046923173");
    free(b);
}
