/* test_t24hs.c - libt24hs's public API (src/hitset/t24hs.h, issue 27): parameters are
 * checked with a message naming the field and its value, never an abort; a run gives a
 * checked cover and the brute-force optimum on small instances. (That the library links
 * from outside through pkg-config, exporting hs_ names only, is tests/check_install.sh.) */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/t24hs.h"

Test(t24hs, the_version_is_the_projects)
{
    const char *v = getenv("T24_VERSION");
    cr_assert(v);
    cr_expect_str_eq(hs_version(), v);
}

/* Case k spoils one field of p; returns the message it must give. */
static const char *spoil(int k, hs_params *p)
{
    switch (k) {
    case 0: p->greedy_runs = 0; return "greedy_runs = 0; must be 1..10000";
    case 1: p->greedy_runs = 10001; return "greedy_runs = 10001;";
    case 2: p->time_limit = 0; return "time_limit = 0;";
    case 3: p->time_limit = NAN; return "time_limit = nan;";
    case 4: p->threads = 65; return "threads = 65; must be 1..64";
    case 5: p->engine = (hs_engine)7; return "engine = 7;";
    case 6: p->lp = (hs_lp)-1; return "lp = -1;";
    case 7: p->mem_limit_mb = -3; return "mem_limit_mb = -3;";
    case 8: p->local_search = NAN; return "local_search = nan;";
    default: return NULL;
    }
}

Test(t24hs, bad_parameters_name_the_field_and_the_value)
{
    static const uint64_t off[] = { 0, 2 };
    static const uint32_t el[] = { 0, 1 };
    char err[256];
    hs_instance *h = hs_instance_new(2, 1, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    hs_params p;
    hs_params_init(&p);
    cr_expect_eq(hs_params_check(&p, err, sizeof err), 0, "the defaults: %s", err);
    const char *want;
    for (int k = 0; (hs_params_init(&p), want = spoil(k, &p)); k++) {
        err[0] = '\0';
        cr_expect_eq(hs_params_check(&p, err, sizeof err), -1, "case %d passed", k);
        cr_expect(strstr(err, want), "case %d: '%s', not '%s'", k, err, want);
        hs_result r;
        cr_expect_eq(hs_cover_run(h, &p, &r, err, sizeof err), -1, "case %d ran", k);
        cr_expect(strstr(err, want), "case %d: '%s'", k, err);
        cr_expect_null(r.cover);
    }
    hs_instance_free(h);
}

Test(t24hs, instances_refuse_what_no_cover_can_meet)
{
    static const uint64_t off[] = { 0, 2, 2 };
    static const uint32_t el[] = { 0, 5 };
    char err[256];
    cr_expect_null(hs_instance_new(3, 1, off, el, err, sizeof err), "element 5 of 3 taken");
    cr_expect_null(hs_instance_new(6, 2, off, el, err, sizeof err), "an empty set taken");
    cr_expect_null(hs_instance_new(6, 1, NULL, el, err, sizeof err));
    hs_instance_free(NULL);
    hs_result_free(NULL);
}

/* Random instances of at most 12 elements: the library's optimum is brute force's, and
 * its cover meets every set. */
Test(t24hs, runs_reach_the_brute_force_optimum)
{
    uint64_t rng = 5;
    for (int t = 0; t < 30; t++) {
        uint32_t ne = 4 + (uint32_t)(t % 9), ns = 3 + (uint32_t)(t * 7 % 25), mask[32];
        uint64_t off[33] = { 0 };
        uint32_t el[32 * 4];
        for (uint32_t s = 0; s < ns; s++) {
            mask[s] = 0;
            uint32_t k = 1 + (uint32_t)((rng = rng * 6364136223846793005ull + 1) >> 62);
            for (uint32_t j = 0; j < k; j++) {
                rng = rng * 6364136223846793005ull + 1;
                uint32_t e = (uint32_t)(rng >> 33) % ne;
                el[off[s] + j] = e;
                mask[s] |= 1u << e;
            }
            off[s + 1] = off[s] + k;
        }
        int best = (int)ne;
        for (uint32_t sub = 0; sub < 1u << ne; sub++) {
            uint32_t s = 0;
            while (s < ns && (mask[s] & sub))
                s++;
            if (s == ns && __builtin_popcount(sub) < best)
                best = __builtin_popcount(sub);
        }
        char err[256];
        hs_instance *h = hs_instance_new(ne, ns, off, el, err, sizeof err);
        cr_assert(h, "%s", err);
        hs_result r;
        cr_assert_eq(hs_cover_run(h, NULL, &r, err, sizeof err), 0, "%s", err);
        cr_expect(r.optimal, "instance %d not proven", t);
        cr_expect_eq((int)r.size, best, "instance %d: %u, brute force %d", t, r.size, best);
        cr_expect(hs_instance_is_cover(h, r.cover, r.size));
        cr_expect(r.proven_by != NULL);
        for (uint32_t i = 1; i < r.size; i++)
            cr_expect_lt(r.cover[i - 1], r.cover[i], "not ascending");
        hs_result_free(&r);
        hs_instance_free(h);
    }
}

/* A random instance the exact search cannot close quickly (300 elements, 2,400 sets of
 * 3 to 5). */
static hs_instance *hard_instance(void)
{
    static uint64_t off[2401];
    static uint32_t el[2400 * 5];
    uint64_t rng = 9;
    off[0] = 0;
    for (int s = 0; s < 2400; s++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t k = 3 + (uint32_t)((rng >> 33) % 3);
        for (uint32_t j = 0; j < k; j++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            el[off[s] + j] = (uint32_t)((rng >> 33) % 300);
        }
        off[s + 1] = off[s] + k;
    }
    char err[256];
    hs_instance *h = hs_instance_new(300, 2400, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    return h;
}

static int always(void *ctx)
{
    (*(int *)ctx)++;
    return 1;
}

/* Issue 27: a cancellation beside the deadline. Asked from the start, it ends every
 * phase as the time limit would (the 600 s limit never comes into it): the cover is
 * checked and the bound proven, and the search reports it stopped. */
Test(t24hs, a_cancelled_run_ends_with_a_valid_cover_and_bound, .timeout = 300)
{
    hs_instance *h = hard_instance();
    hs_params p;
    hs_params_init(&p);
    p.time_limit = 600;
    int asked = 0;
    p.cancelled = always;
    p.cancel_ctx = &asked;
    hs_result r;
    char err[256];
    cr_assert_eq(hs_cover_run(h, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_gt(asked, 0, "the run never asked");
    cr_expect(hs_instance_is_cover(h, r.cover, r.size));
    cr_expect_leq(r.lower_bound, r.size);
    cr_expect(!r.optimal, "a 300 x 2400 random instance proven at once?");
    cr_expect_str_eq(r.search, "time_limit");
    hs_result_free(&r);
    hs_instance_free(h);
}
