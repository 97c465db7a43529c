/* test_localcut.c - local cuts (bench/localcuts, issue 30 item 4) against brute force:
 * a family's rank is the least number of elements hitting it; a separated cut's
 * right-hand side is exactly the least weight of a cover of its family (so every cover
 * of the instance satisfies it, and one more would cut a cover off); the LP point it was
 * separated from violates it. And the tool t24-local-cuts refuses bad arguments with
 * exit status 2. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "helpers.h"
#include "localcut.h"
#include "mincover_helpers.h"

/* Bit i of the result: whether element i (< 16) is in set s. */
static uint32_t set_mask(const instance *h, uint32_t s)
{
    uint32_t len, m = 0;
    const uint32_t *el = instance_set(h, s, &len);
    for (uint32_t i = 0; i < len; i++)
        m |= 1u << el[i];
    return m;
}

/* The least sum of w over element subsets hitting every set of fam[0..n) (w NULL: count). */
static uint64_t brute_least(const instance *h, const uint32_t *fam, uint32_t n,
                            const uint64_t *w)
{
    uint32_t ne = instance_nelems(h);
    uint64_t best = UINT64_MAX;
    for (uint32_t a = 0; a < (1u << ne); a++) {
        bool covers = true;
        for (uint32_t i = 0; i < n && covers; i++)
            covers = (set_mask(h, fam[i]) & a) != 0;
        if (!covers)
            continue;
        uint64_t sum = 0;
        for (uint32_t e = 0; e < ne; e++)
            if (a >> e & 1)
                sum += w ? w[e] : 1;
        best = sum < best ? sum : best;
    }
    return best;
}

/* A point x >= 0 hitting every set at least once: each element the largest 1/|S| of its
 * sets, a little less on some so that sets are tight. */
static void fractional_point(const instance *h, double *x)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    for (uint32_t e = 0; e < ne; e++)
        x[e] = 0;
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++)
            x[el[i]] = x[el[i]] > 1.0 / len ? x[el[i]] : 1.0 / len;
    }
}

Test(localcut, rank_is_the_brute_force_least_cover_of_the_family)
{
    uint64_t state = 7;
    for (int i = 0; i < 60; i++) {
        instance *h = random_instance(12, 6 + (uint32_t)(i % 9), 1 + (uint32_t)(i % 4), &state);
        uint32_t ns = instance_nsets(h), fam[16], n = 0;
        for (uint32_t s = 0; s < ns; s++)
            if (test_random(&state) % 3)
                fam[n++] = s;
        uint64_t want = brute_least(h, fam, n, NULL);
        cr_expect_eq(localcut_rank(h, fam, n, 0), want, "instance %d", i);
        instance_free(h);
    }
}

/* Every cut separated: its rhs is the least weight of a cover of its family (brute
 * force), and the point violates it. Enough cuts are found that the checks bite. */
Test(localcut, separated_cuts_are_exact_and_violated)
{
    uint64_t state = 3;
    uint32_t found = 0;
    localcut_params p = { 12, 200, 0 };
    for (int i = 0; i < 80; i++) {
        instance *h = random_instance(12, 8 + (uint32_t)(i % 7), 2 + (uint32_t)(i % 3), &state);
        uint32_t ne = instance_nelems(h), ns = instance_nsets(h), fam[64];
        double x[16];
        fractional_point(h, x);
        for (uint32_t s = 0; s < ns; s++) {
            uint32_t n = localcut_family(h, x, s, 8, fam);
            cr_assert(n >= 1 && fam[0] == s);
            localcut c;
            double v = 0;
            int rc = localcut_separate(h, x, fam, n, &p, 1e-6, &c, &v, NULL);
            cr_assert(rc >= 0);
            if (rc == 0)
                continue;
            found++;
            uint64_t w[16] = { 0 };
            double lhs = 0;
            for (uint32_t j = 0; j < c.n; j++) {
                cr_assert(c.elem[j] < ne && c.coef[j] >= 1);
                w[c.elem[j]] = c.coef[j];
                lhs += c.coef[j] * x[c.elem[j]];
            }
            uint64_t least = brute_least(h, fam, n, w);
            cr_expect_eq(c.rhs, least, "instance %d seed %u: rhs %llu, least %llu", i, s,
                         (unsigned long long)c.rhs, (unsigned long long)least);
            cr_expect(lhs < (double)c.rhs - 1e-9, "instance %d: not violated", i);
            cr_expect(v > 1e-6);
            localcut_free(&c);
        }
        instance_free(h);
    }
    cr_expect(found >= 20, "only %u cuts found", found);
}

/* The odd cycle {0,1}, {1,2}, {0,2} at x = 1/2: rank 2 against 1.5 on the union, the
 * rank form itself violated; the separated cut is that one, x0 + x1 + x2 >= 2. */
Test(localcut, triangle)
{
    const uint32_t sets[3][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX },
                                   { 0, 2, UINT32_MAX } };
    instance *h = make_instance(3, 3, sets);
    uint32_t fam[3] = { 0, 1, 2 };
    double x[3] = { 0.5, 0.5, 0.5 };
    cr_assert_eq(localcut_rank(h, fam, 3, 0), 2);
    localcut_params p = { 1, 50, 0 };
    localcut c;
    double v = 0;
    cr_assert_eq(localcut_separate(h, x, fam, 3, &p, 1e-6, &c, &v, NULL), 1);
    cr_expect_eq(c.n, 3);
    cr_expect_eq(c.rhs, 2);
    for (uint32_t j = 0; j < c.n; j++)
        cr_expect_eq(c.coef[j], 1);
    cr_expect_float_eq(v, 0.25, 1e-9);
    localcut_free(&c);
    instance_free(h);
}

/* Exit status 2 and one line naming the bad value. */
static void refused(const char *args, const char *named)
{
    const char *bin = getenv("T24_LOCALCUT_BIN");
    cr_assert(bin, "T24_LOCALCUT_BIN is not set");
    char cmd[1024], line[512] = "";
    snprintf(cmd, sizeof cmd, "%s %s 2>&1 >/dev/null; echo \"status $?\"", bin, args);
    FILE *f = popen(cmd, "r");
    cr_assert(f);
    cr_assert(fgets(line, sizeof line, f));
    cr_expect(strstr(line, named), "%s: %s", args, line);
    char status[64] = "";
    cr_assert(fgets(status, sizeof status, f));
    cr_expect_str_eq(status, "status 2\n", "%s", args);
    pclose(f);
}

Test(localcut, tool_refuses_bad_arguments)
{
    refused("--rounds x FILE.hgr", "x");
    refused("--family 65 FILE.hgr", "65");
    refused("--scale 0 FILE.hgr", "0");
    refused("--seeds", "--seeds");
    refused("--bogus FILE.hgr", "--bogus");
    refused("/nonexistent/deck.hgr", "/nonexistent/deck.hgr");
}

/* A full disk on stdout is an error (exit 2, saying so), not a silent success. */
Test(localcut, tool_reports_a_full_stdout)
{
    const char *bin = getenv("T24_LOCALCUT_BIN"), *src = getenv("T24_SOURCE_DIR");
    cr_assert(bin && src, "T24_LOCALCUT_BIN or T24_SOURCE_DIR is not set");
    char cmd[2048], line[512] = "";
    snprintf(cmd, sizeof cmd,
             "%s --rounds 1 %s/data/instances/cards5_deck1-5_target24_all.hgr 2>&1 >/dev/full; "
             "echo \"status $?\"", bin, src);
    FILE *f = popen(cmd, "r");
    cr_assert(f);
    cr_assert(fgets(line, sizeof line, f));
    cr_expect(strstr(line, "standard output"), "%s", line);
    cr_assert(fgets(line, sizeof line, f));
    cr_expect_str_eq(line, "status 2\n");
    pclose(f);
}
