/* test_extremes.c - solving and emitting at the edges of int64 and with solutions that
 * cancel out (issue 11, items 11 and 12): no signed overflow (UndefinedBehaviorSanitizer
 * in the ASan build), generated code that compiles, and no solution listed twice. */
#include <criterion/criterion.h>
#include <dlfcn.h>

#include "core/hand.h"
#include "helpers.h"
#include "solve/search.h"
#include "solve/table.h"
#include "solve/verify.h"

/* Runs `t24 solve` on cards at target and checks the one printed solution with the
 * independent GMP reader (verify.h). */
static void expect_verified(const char *target, const char *const *cards, int n)
{
    const char *argv[24] = { "solve", "--target", target, "--" };
    int64_t values[16];
    for (int i = 0; i < n; i++) {
        argv[4 + i] = cards[i];
        values[i] = strtoll(cards[i], NULL, 10);
    }
    argv[4 + n] = NULL;
    run_result r = run_t24_argv(argv, NULL, 0);
    cr_assert_eq(r.status, 0, "target %s: status %d, %s", target, r.status, r.err);
    cr_assert_str_eq(r.err, "");
    char *eq = strstr(r.out, " = ");
    cr_assert(eq, "%s", r.out);
    *eq = '\0';
    cr_assert_eq(verify_solution(r.out, values, n, strtoll(target, NULL, 10)), VERIFY_OK,
                 "'%s' is not a solution", r.out);
    run_free(&r);
}

Test(extremes, sums_at_int64_min_are_canonicalised_without_overflow)
{
    /* canon.c negated a sum worth INT64_MIN (-2^32+1)*2^31-2^31 = -2^63. */
    const char *a[] = { "-4294967296", "-1", "2147483648", "2147483648" };
    expect_verified("-9223372036854775808", a, 4);
    /* and negated a product node worth INT64_MIN while printing. */
    const char *b[] = { "-2147483648", "2", "-9223372036854775807", "3", "-1" };
    expect_verified("-4294967296", b, 5);
}

Test(extremes, a_table_for_target_int64_min_compiles_cleanly)
{
    /* llabs(INT64_MIN) is undefined, and "-9223372036854775808" is not a C constant. */
    char dir[] = "/tmp/t24-extremes-XXXXXX", c[512], so[512], cmd[2048];
    cr_assert(mkdtemp(dir));
    snprintf(c, sizeof c, "%s/t.c", dir);
    snprintf(so, sizeof so, "%s/t.so", dir);
    const char *argv[] = { "emit", "--cards", "3", "--deck", "0-6", "--target",
                           "-9223372036854775808", "--name", "table_test", "--out", c, NULL };
    run_result r = run_t24_argv(argv, NULL, 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    snprintf(cmd, sizeof cmd, "cc -O1 -Wall -Wextra -Werror -shared -fPIC -I'%s/src' -o '%s' "
             "'%s'", getenv("T24_SOURCE_DIR"), so, c);
    cr_assert_eq(system(cmd), 0, "the generated code compiles without a warning");
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    cr_assert(h, "%s", dlerror());
    const table_def *t = dlsym(h, "table_test");
    cr_assert(t);
    cr_assert_eq(t->target, INT64_MIN);
    int64_t x[3] = { 0, 3, 6 };
    cr_assert_eq(t->solve(x), -1, "no hand of 0-6 makes -2^63");
    dlclose(h);
    unlink(c);
    unlink(so);
    rmdir(dir);
}

/* Every distinct solution is printed once: 2+1-2-1 came out twice for 1 1 2 2 at target
 * 0 (and 78 hands of 1-13 had a repeat), because 1-1+2-2 and 2+1-2-1 kept different
 * no-ops apart inside the canonical form while printing the same. */
Test(extremes, no_solution_is_printed_twice)
{
    search *s = search_new();
    search_params p;
    search_params_init(&p);
    p.all = true;
    hand_set *hs = hand_set_new(4, 1, 13);
    const int64_t targets[] = { 0, 1, 24 };
    int repeats = 0;
    for (size_t k = 0; k < sizeof targets / sizeof targets[0]; k++) {
        p.target = targets[k];
        for (uint32_t h = 0; h < hand_set_count(hs); h++) {
            const int64_t *c = hand_set_hand(hs, h);
            cr_assert_eq(search_run(s, c, 4, &p, NULL), SEARCH_OK);
            for (size_t i = 0; i < search_count(s); i++)
                for (size_t j = 0; j < i; j++)
                    repeats += strcmp(search_solution(s, i), search_solution(s, j)) == 0;
        }
    }
    cr_assert_eq(repeats, 0, "%d solutions printed twice", repeats);
    hand_set_free(hs);
    search_free(s);
}
