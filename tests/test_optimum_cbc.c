/* test_optimum_cbc.c - the headline optimum, 107 (README.md's "Headline", the deck 1-11
 * row of docs/results.md, tests/test_sweep.c), from a solver outside t24: COIN-OR CBC's
 * command-line program (Debian's coinor-cbc) solves the LP file `t24 study --out` writes,
 * and this file checks, with its own readers, that the LP's constraints are the sets of
 * the PACE file written beside it and that CBC's solution meets every one of them. So
 * neither t24's engines nor its reading of CBC's library decide the number. Without the
 * `cbc` program the test is skipped and the program exits 77, which ctest shows as
 * Skipped (skip_exit77.h). */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "skip_exit77.h"

#define NE 259 /* classes of the default study: README.md, docs/results.md */
#define NS 752 /* hands the three groupings solve */

/* Sets as bit rows over elements 1..NE. */
typedef struct {
    uint64_t bits[NS][(NE + 64) / 64];
    int n;
} sets;

static void add(uint64_t *row, long e)
{
    cr_assert(e >= 1 && e <= NE, "element %ld outside 1..%d", e, NE);
    row[e / 64] |= 1ull << (e % 64);
}

/* The PACE file: "p hs NE NS", then one set a line, 'c' lines being comments. */
static void read_hgr(const char *path, sets *s)
{
    char *text = slurp(path), *save = NULL;
    cr_assert(text, "cannot read %s", path);
    memset(s, 0, sizeof *s);
    bool header = false;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == 'c')
            continue;
        if (!header) {
            int ne, ns;
            cr_assert_eq(sscanf(line, "p hs %d %d", &ne, &ns), 2, "%s", line);
            cr_assert(ne == NE && ns == NS, "p hs %d %d, not %d %d", ne, ns, NE, NS);
            header = true;
            continue;
        }
        cr_assert_lt(s->n, NS, "more sets than announced");
        for (char *p = line, *end; *p; p = end) {
            long e = strtol(p, &end, 10);
            cr_assert(end != p, "bad line '%s'", line);
            add(s->bits[s->n], e);
        }
        s->n++;
    }
    cr_assert_eq(s->n, NS);
    free(text);
}

/* The CPLEX LP file's constraints "hN: xA + xB + ... >= 1" (wrapped over lines or not),
 * between "Subject To" and the next section. */
static void read_lp(const char *path, sets *s)
{
    char *text = slurp(path);
    cr_assert(text, "cannot read %s", path);
    char *p = strstr(text, "\nSubject To\n");
    cr_assert(p, "no constraints in %s", path);
    p += strlen("\nSubject To\n");
    memset(s, 0, sizeof *s);
    int cur = -1;
    while (*p) {
        while (isspace((unsigned char)*p))
            p++;
        char *tok = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        size_t len = (size_t)(p - tok);
        if (len == 0)
            break;
        if (tok[len - 1] == ':') { /* hN: a new constraint */
            cr_assert_eq(strtol(tok + 1, NULL, 10), cur + 2, "constraint %.*s out of order",
                         (int)len, tok);
            cur++;
            cr_assert_lt(cur, NS, "more constraints than hands");
        } else if (tok[0] == 'x') {
            cr_assert_geq(cur, 0, "a variable before the first constraint");
            add(s->bits[cur], strtol(tok + 1, NULL, 10));
        } else if (len == 2 && strncmp(tok, ">=", 2) == 0) {
            while (isspace((unsigned char)*p))
                p++;
            cr_assert(*p == '1' && isspace((unsigned char)p[1]), "a right-hand side not 1");
            p++;
        } else if (tok[0] == '+') {
            continue;
        } else {
            break; /* Binary, Bounds or End */
        }
    }
    s->n = cur + 1;
    free(text);
}

Test(optimum_cbc, cbc_finds_107_on_the_exported_lp_and_it_covers_every_hand, .timeout = 300)
{
    if (!skip77_have("cbc"))
        cr_skip_test("the cbc program is not installed (Debian: coinor-cbc)");
    char dir[] = "/tmp/t24-cbc-XXXXXX", args[256], cmd[1024], path[256];
    cr_assert(mkdtemp(dir));
    snprintf(args, sizeof args, "study --out %s/out", dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);

    static sets hgr, lp;
    snprintf(path, sizeof path, "%s/out/hitting_set.hgr", dir);
    read_hgr(path, &hgr);
    snprintf(path, sizeof path, "%s/out/hitting_set.lp", dir);
    read_lp(path, &lp);
    cr_assert_eq(lp.n, NS, "%d constraints, %d hands", lp.n, NS);
    for (int i = 0; i < NS; i++)
        cr_assert(memcmp(lp.bits[i], hgr.bits[i], sizeof lp.bits[i]) == 0,
                  "constraint h%d is not set %d of the PACE file", i + 1, i + 1);

    snprintf(cmd, sizeof cmd, "cd '%s' && cbc out/hitting_set.lp solve solu cbc.sol "
             ">cbc.log 2>&1", dir);
    cr_assert_eq(system(cmd), 0, "%s failed", cmd);
    snprintf(path, sizeof path, "%s/cbc.sol", dir);
    char *sol = slurp(path), *save = NULL;
    cr_assert(sol, "CBC wrote no solution");
    /* "Optimal - objective value 107.00000000", then "  i xK  value  cost" lines. */
    char *line = strtok_r(sol, "\n", &save);
    double value = -1;
    cr_assert(line && sscanf(line, "Optimal - objective value %lf", &value) == 1,
              "CBC did not prove an optimum: %s", line ? line : "(empty)");
    cr_expect_eq((int)(value + 0.5), 107, "CBC's optimum is %g", value);
    uint64_t chosen[(NE + 64) / 64] = { 0 };
    int n = 0;
    while ((line = strtok_r(NULL, "\n", &save))) {
        long idx, e;
        double x;
        if (sscanf(line, " %ld x%ld %lf", &idx, &e, &x) == 3 && x > 0.5) {
            add(chosen, e);
            n++;
        }
    }
    cr_expect_eq(n, 107, "CBC's solution has %d elements", n);
    for (int i = 0; i < NS; i++) {
        bool met = false;
        for (size_t w = 0; w < sizeof chosen / sizeof chosen[0]; w++)
            met |= (chosen[w] & hgr.bits[i][w]) != 0;
        cr_expect(met, "CBC's solution misses hand %d", i + 1);
    }
    free(sol);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}
