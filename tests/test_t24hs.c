/* test_t24hs.c - libt24hs's public API (src/hitset/t24hs.h, issue 27): parameters are
 * checked with a message naming the field and its value, never an abort; a run gives a
 * checked cover and the brute-force optimum on small instances. (That the library links
 * from outside through pkg-config, exporting hs_ names only, is tests/check_install.sh.) */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hitset/t24hs.h"
#include "t24hs_fixtures.h"

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
        hs_report r;
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
    hs_report_free(NULL);
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
        hs_report r;
        cr_assert_eq(hs_cover_run(h, NULL, &r, err, sizeof err), 0, "%s", err);
        cr_expect(r.optimal, "instance %d not proven", t);
        cr_expect_eq((int)r.size, best, "instance %d: %u, brute force %d", t, r.size, best);
        cr_expect(hs_instance_is_cover(h, r.cover, r.size));
        cr_expect(r.proven_by != NULL);
        for (uint32_t i = 0; i < r.size; i++) /* in greedy order: each adds a set */
            cr_expect_gt(r.adds[i], 0, "instance %d: element %u adds nothing", t, r.cover[i]);
        hs_report_free(&r);
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
    hs_report r;
    char err[256];
    cr_assert_eq(hs_cover_run(h, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_gt(asked, 0, "the run never asked");
    cr_expect(hs_instance_is_cover(h, r.cover, r.size));
    cr_expect_leq(r.lower_bound, r.size);
    cr_expect(!r.optimal, "a 300 x 2400 random instance proven at once?");
    cr_expect_str_eq(r.search, "time_limit");
    hs_report_free(&r);
    hs_instance_free(h);
}

/* The tables behind the report's words are public, read only: the bounds in their order
 * of proof, the engines, the LP methods, each name parsed back to its value. */
Test(t24hs, the_tables_of_bounds_and_engines_are_public)
{
    static const char *const names[] = { "necessary", "packing", "lp_bound" };
    cr_assert_eq(hs_bound_count(), sizeof names / sizeof names[0]);
    hs_bound_info b;
    for (size_t i = 0; i < hs_bound_count(); i++) {
        cr_assert_eq(hs_bound_about(i, &b), 0);
        cr_expect_str_eq(b.name, names[i], "row %zu", i);
        cr_expect(b.words && b.brief, "%s has no words", b.name);
        /* Issue 39, item 6: the library's words are of sets and elements; the study's
         * hands and classes are the study's (cover_report_bound_words()). */
        const char *said[] = { b.words, b.brief };
        for (size_t k = 0; k < 2; k++)
            cr_expect(!strstr(said[k], "hand") && !strstr(said[k], "class"), "%s: \"%s\"",
                      b.name, said[k]);
        cr_expect_eq(b.on_core, strcmp(b.name, "lp_bound") == 0, "%s", b.name);
    }
    cr_expect_eq(hs_bound_about(hs_bound_count(), &b), -1);
    hs_engine e = HS_ENGINE_CBC;
    cr_expect_str_eq(hs_engine_about(HS_ENGINE_GLPK).name, "glpk");
    cr_expect_str_eq(hs_engine_about(HS_ENGINE_CBC).label, "CBC");
    cr_expect_str_eq(hs_engine_about(HS_ENGINE_CBC).failed, "cbc_failed");
    /* A value hs_engine does not have gets no row and no version, not GLPK's (issue 50). */
    hs_engine_info none = hs_engine_about((hs_engine)7);
    cr_expect(!none.name && !none.label && !none.method && !none.failed && !none.can_certify,
              "an unknown engine got the row of '%s'", none.name ? none.name : "");
    char version[32] = "x";
    cr_expect_eq(hs_engine_version((hs_engine)7, version, sizeof version), -1);
    cr_expect_str_eq(version, "", "an unknown engine's version: '%s'", version);
    cr_expect_eq(hs_engine_parse("glpk", &e), 0);
    cr_expect_eq(e, HS_ENGINE_GLPK);
    cr_expect_eq(hs_engine_parse("cplex", &e), -1);
    cr_expect_eq(e, HS_ENGINE_GLPK, "a refused name changed the value");
    for (hs_lp m = HS_LP_AUTO; m <= HS_LP_COLGEN; m++) {
        hs_lp back = HS_LP_AUTO;
        cr_expect_eq(hs_lp_parse(hs_lp_name(m), &back), 0, "%s", hs_lp_name(m));
        cr_expect_eq(back, m);
    }
    char v[32];
    cr_expect_eq(hs_engine_version(HS_ENGINE_GLPK, v, sizeof v), 0);
    cr_expect(strchr(v, '.'), "GLPK's version '%s'", v);
}

/* Sets {0, 1}, {2, 3}, {4, 5, 1}: nothing is necessary, the first two are disjoint, and
 * element 1 with 2 or 3 meets all three, so the packing bound proves the cover of 2: the
 * report credits the first bound of the table that reaches it, in that row's words. Its
 * cover is in greedy order: adds sum to the sets, solves count each element's sets. */
Test(t24hs, a_report_says_what_proved_its_cover)
{
    static const uint64_t off[] = { 0, 2, 4, 7 };
    static const uint32_t el[] = { 0, 1, 2, 3, 4, 5, 1 };
    char err[256];
    hs_instance *h = hs_instance_new(6, 3, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    hs_report r;
    cr_assert_eq(hs_cover_run(h, NULL, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.optimal);
    cr_expect_eq(r.size, 2, "element 1 meets two sets");
    cr_expect_eq(r.necessary, 0);
    cr_expect_eq(r.packing, 2);
    cr_expect_eq(r.proof, HS_PROOF_BOUND);
    hs_bound_info packing;
    cr_assert_eq(hs_bound_about(1, &packing), 0);
    cr_expect_str_eq(r.proven_by, "packing");
    cr_expect_str_eq(r.proof_bound.words, packing.words);
    cr_expect_eq(r.elems, 6);
    cr_expect_eq(r.sets, 3);
    uint32_t met = 0;
    for (uint32_t i = 0; i < r.size; i++) {
        uint32_t n;
        hs_instance_elem(h, r.cover[i], &n);
        cr_expect_eq(r.solves[i], n, "element %u", r.cover[i]);
        met += r.adds[i];
    }
    cr_expect_eq(met, 3);
    cr_expect_null(r.params.start, "the report kept the caller's array");
    hs_report_free(&r);
    hs_report_free(&r); /* emptied: a second free is a no-op */
    hs_instance_free(h);
}

/* The phases one at a time reach what a whole run reaches: the forced elements and the
 * exact search's cover of the core (warm-started from the local search's, itself started
 * from pruned greedy) make a cover of the run's size. */
Test(t24hs, the_phases_chain_to_the_runs_optimum, .timeout = 120)
{
    uint64_t rng = 11, off[121] = { 0 };
    uint32_t el[120 * 4];
    for (int s = 0; s < 120; s++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t k = 2 + (uint32_t)((rng >> 33) % 3);
        for (uint32_t j = 0; j < k; j++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            el[off[s] + j] = (uint32_t)((rng >> 33) % 40);
        }
        off[s + 1] = off[s] + k;
    }
    char err[256];
    hs_instance *h = hs_instance_new(40, 120, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    hs_report whole;
    cr_assert_eq(hs_cover_run(h, NULL, &whole, err, sizeof err), 0, "%s", err);
    cr_assert(whole.optimal);

    hs_reduction red;
    cr_assert_eq(hs_reduce(h, &red, err, sizeof err), 0, "%s", err);
    cr_expect_eq(red.stats.nforced, whole.reductions.nforced);
    cr_expect_eq(red.stats.core_sets, hs_instance_nsets(red.core));
    hs_cover gp, best;
    hs_local_search_params lp;
    hs_local_search_stats stats;
    cr_assert_eq(hs_greedy(red.core, true, &gp, err, sizeof err), 0, "%s", err);
    hs_local_search_params_init(&lp);
    lp.max_steps = 20000;
    cr_assert_eq(hs_local_search(red.core, gp.elems, gp.size, &lp, &best, &stats, err,
                                 sizeof err), 0, "%s", err);
    cr_expect_leq(best.size, gp.size);
    cr_expect(stats.ran && stats.stop);
    hs_exact_params xp;
    hs_exact_result x;
    hs_exact_params_init(&xp);
    xp.warm = best.elems;
    xp.nwarm = best.size;
    cr_assert_eq(hs_exact_search(red.core, &xp, &x, err, sizeof err), 0, "%s", err);
    cr_expect_eq(x.status, HS_EXACT_OPTIMAL);
    cr_expect_eq(red.stats.nforced + x.cover.size, whole.size);
    uint32_t all[40], n = 0;
    for (uint32_t i = 0; i < red.stats.nforced; i++)
        all[n++] = red.forced[i];
    for (uint32_t i = 0; i < x.cover.size; i++)
        all[n++] = red.core_elem[x.cover.elems[i]];
    cr_expect(hs_instance_is_cover(h, all, n), "forced + the core's cover miss a set");
    hs_exact_result_free(&x);
    hs_cover_free(&best);
    hs_cover_free(&gp);
    hs_reduction_free(&red);
    hs_report_free(&whole);
    hs_instance_free(h);
}

/* The phases check their parameters as a run does: the field and its value, or what is
 * wrong with a start, and nothing runs. */
Test(t24hs, the_phases_refuse_bad_parameters)
{
    static const uint64_t off[] = { 0, 2, 4 };
    static const uint32_t el[] = { 0, 1, 1, 2 };
    static const uint32_t miss[] = { 0 };
    char err[256];
    hs_instance *h = hs_instance_new(3, 2, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    hs_exact_params xp;
    hs_exact_result x;
    hs_exact_params_init(&xp);
    xp.threads = 0;
    cr_expect_eq(hs_exact_search(h, &xp, &x, err, sizeof err), -1);
    cr_expect(strstr(err, "threads = 0;"), "'%s'", err);
    hs_exact_params_init(&xp);
    xp.warm = miss;
    xp.nwarm = 1;
    cr_expect_eq(hs_exact_search(h, &xp, &x, err, sizeof err), -1);
    cr_expect(strstr(err, "warm start"), "'%s'", err);
    cr_expect_null(x.cover.elems);
    hs_local_search_params lp;
    hs_local_search_stats stats;
    hs_cover best;
    hs_local_search_params_init(&lp);
    lp.seconds = 0;
    cr_expect_eq(hs_local_search(h, miss, 1, &lp, &best, &stats, err, sizeof err), -1);
    cr_expect(strstr(err, "seconds = 0;"), "'%s'", err);
    hs_local_search_params_init(&lp);
    cr_expect_eq(hs_local_search(h, miss, 1, &lp, &best, &stats, err, sizeof err), -1);
    cr_expect(strstr(err, "start"), "'%s'", err);
    hs_params p;
    hs_params_init(&p);
    p.nstart = 2;
    cr_expect_eq(hs_params_check(&p, err, sizeof err), -1);
    cr_expect(strstr(err, "nstart = 2;"), "'%s'", err);
    hs_instance_free(h);
}

/* The writers the study's --out uses: PACE read back gives the same sets; MathProg and
 * LP name every element and set; a reader past its deadline stops, saying where. */
Test(t24hs, the_writers_write_what_the_reader_reads)
{
    static const uint64_t off[] = { 0, 2, 5 };
    static const uint32_t el[] = { 3, 0, 1, 2, 3 };
    char err[256], *text = NULL;
    size_t len = 0;
    hs_instance *h = hs_instance_new(4, 2, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    FILE *fp = open_memstream(&text, &len);
    cr_assert_eq(hs_instance_write_pace(fp, h, "two sets"), 0);
    fclose(fp);
    cr_expect_str_eq(text, "c two sets\np hs 4 2\n1 4\n2 3 4\n");
    fp = fmemopen(text, len, "r");
    hs_instance *back = hs_instance_read_pace(fp, err, sizeof err);
    fclose(fp);
    cr_assert(back, "%s", err);
    for (uint32_t s = 0; s < 2; s++) {
        uint32_t a, b;
        const uint32_t *x = hs_instance_set(h, s, &a), *y = hs_instance_set(back, s, &b);
        cr_expect(a == b && memcmp(x, y, a * sizeof *x) == 0, "set %u", s);
    }
    uint32_t n = 9;
    cr_expect_null(hs_instance_set(h, 2, &n));
    cr_expect_eq(n, 0);
    free(text);
    fp = open_memstream(&text, &len);
    cr_assert_eq(hs_instance_write_mathprog(fp, h, NULL), 0);
    cr_assert_eq(hs_instance_write_lp(fp, h, NULL), 0);
    fclose(fp);
    cr_expect(strstr(text, "param n := 4;") && strstr(text, "set S[2] := 2 3 4;"), "%s", text);
    cr_expect(strstr(text, " h2: x2 + x3 + x4 >= 1"), "%s", text);
    free(text);
    fp = open_memstream(&text, &len);
    for (int i = 0; i < 10000; i++)
        fprintf(fp, "c padding\n");
    fprintf(fp, "p hs 1 1\n1\n");
    fclose(fp);
    fp = fmemopen(text, len, "r");
    cr_expect_null(hs_instance_read_pace_until(fp, hs_clock() - 1, err, sizeof err));
    cr_expect(strstr(err, "time limit ran out"), "'%s'", err);
    fclose(fp);
    free(text);
    hs_instance_free(back);
    hs_instance_free(h);
}

/* The cubes through the library with NULL parameters (the defaults) and NULL reports:
 * split, run and merge prove the optimum of an odd cycle's edges, ceil(n / 2) (on paper:
 * each vertex meets two of the n edges); NULL folders and instances are refused, not a
 * crash. */
Test(t24hs, cubes_take_null_parameters_and_reports)
{
    enum { N = 15 };
    uint64_t off[N + 1] = { 0 };
    uint32_t el[2 * N];
    for (uint32_t s = 0; s < N; s++) {
        el[2 * s] = s;
        el[2 * s + 1] = (s + 1) % N;
        off[s + 1] = 2 * (s + 1);
    }
    char err[256], tmpl[] = "/tmp/t24hs-cubes-XXXXXX", dir[64];
    hs_instance *h = hs_instance_new(N, N, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    cr_assert(mkdtemp(tmpl));
    snprintf(dir, sizeof dir, "%s/cubes", tmpl);
    cr_expect_eq(hs_cubes_split(NULL, dir, NULL, NULL, err, sizeof err), -1);
    cr_expect_str_eq(err, "no instance given");
    cr_expect_eq(hs_cubes_merge(NULL, NULL, err, sizeof err), -1);
    cr_expect_str_eq(err, "no folder given");
    cr_expect_eq(hs_cubes_solve(dir, NULL, NULL, NULL, err, sizeof err), -1);
    cr_assert_eq(hs_cubes_split(h, dir, NULL, NULL, err, sizeof err), 0, "%s", err);
    cr_assert_eq(hs_cubes_run(dir, NULL, NULL, err, sizeof err), 0, "%s", err);
    hs_cubes_report r;
    cr_assert_eq(hs_cubes_merge(dir, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.complete);
    cr_expect_eq(r.bound, (N + 1) / 2);
    cr_expect(!r.verified, "a merge without a checker called its bound verified");
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpl);
    cr_expect_eq(system(cmd), 0);
    hs_instance_free(h);
}

/* A stub checker: its verdict is ctx's, for every certificate (but the one of call
 * root_call, root.cert alone, which it passes with its open nodes counted); counts its
 * calls. */
typedef struct {
    int verdict;
    int calls, with_cover;
    int root_call; /* 0: none */
} stub_check;

/* The `open` lines of the certificate cert. */
static uint64_t open_lines(const char *cert)
{
    char line[256];
    uint64_t n = 0;
    FILE *fp = fopen(cert, "r");
    cr_assert(fp);
    while (fgets(line, sizeof line, fp))
        n += !strncmp(line, "open ", 5);
    fclose(fp);
    return n;
}

static int stub(void *ctx, const char *instance, const char *cover, const char *cert,
                double seconds, uint64_t *open, char *why, size_t whysize)
{
    stub_check *s = ctx;
    s->calls++;
    s->with_cover += cover != NULL;
    cr_expect(instance && cert && seconds > 0 && access(cert, R_OK) == 0);
    *open = 0;
    if (s->calls == s->root_call) {
        *open = open_lines(cert);
        snprintf(why, whysize, "stub: %llu open", (unsigned long long)*open);
        return HS_CHECK_OPEN;
    }
    snprintf(why, whysize, s->verdict == HS_CHECK_FAILED ? "certificate line 1: stub" : "stub");
    return s->verdict;
}

/* hs_cubes_merge_checked() believes its checker alone: verified when it verifies;
 * written unverified when it gives no verdict; refused when it fails: when root.cert
 * fails alone too, root.cert is named and no cube set aside (issue 49: each cube is
 * checked inside root.cert's tree, so each would fail with it); when root.cert passes
 * alone, every cube failing alone set aside (cube-N.proof.rejected) and searched again
 * by hs_cubes_run(). */
Test(t24hs, a_merge_is_verified_only_by_its_checker)
{
    char err[1024], tmpl[] = "/tmp/t24hs-check-XXXXXX", dir[64], path[128];
    hs_instance *h = t24hs_fixture_triangles(); /* the search branches and splits */
    cr_assert(mkdtemp(tmpl));
    snprintf(dir, sizeof dir, "%s/cubes", tmpl);
    hs_cubes_params p;
    hs_cubes_params_init(&p);
    p.ncubes = 2;
    hs_cubes_report r;
    cr_assert_eq(hs_cubes_split(h, dir, &p, &r, err, sizeof err), 0, "%s", err);
    uint32_t cubes = r.cubes;
    cr_assert_geq(cubes, 2, "the cycle did not split: the test tests little");
    cr_assert_eq(hs_cubes_run(dir, &p, &r, err, sizeof err), 0, "%s", err);
    stub_check yes = { HS_CHECK_VERIFIED, 0, 0, 0 }, none = { HS_CHECK_UNAVAILABLE, 0, 0, 0 };
    stub_check no = { HS_CHECK_FAILED, 0, 0, 0 }, cubes_no = { HS_CHECK_FAILED, 0, 0, 2 };
    p.check = stub;
    p.check_ctx = &none;
    cr_assert_eq(hs_cubes_merge_checked(dir, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.complete && !r.verified && !strcmp(r.verdict, "stub"));
    p.check_ctx = &yes;
    cr_assert_eq(hs_cubes_merge_checked(dir, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.verified && yes.calls == 1 && yes.with_cover == 1);
    cr_expect_eq(r.bound, 8);
    p.check_ctx = &no;
    cr_expect_eq(hs_cubes_merge_checked(dir, &p, &r, err, sizeof err), -1);
    cr_expect(!r.verified && strstr(err, "root.cert fails alone"), "%s", err);
    cr_expect_eq(r.rejected, 0, "%s", err);
    cr_expect_eq(no.calls, 2, "the merge, root.cert alone, and no cube");
    snprintf(path, sizeof path, "%s/cube-00001.proof.rejected", dir);
    cr_expect_neq(access(path, R_OK), 0, "a proof set aside for root.cert's fault: %s", err);
    p.check_ctx = &cubes_no;
    cr_expect_eq(hs_cubes_merge_checked(dir, &p, &r, err, sizeof err), -1);
    cr_expect(!r.verified && strstr(err, "stub"), "%s", err);
    cr_expect_eq(r.rejected, cubes, "%s", err);
    cr_expect_eq(cubes_no.calls, 2 + (int)cubes, "the merge, root.cert alone, each cube alone");
    cr_expect_eq(access(path, R_OK), 0, "no proof set aside: %s", err);
    cr_assert_eq(hs_cubes_run(dir, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.searched, cubes, "the rejected cubes were not searched again");
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpl);
    cr_expect_eq(system(cmd), 0);
    hs_instance_free(h);
}

/* Issue 38: offsets start at 0 and never decrease, and a refusal names the offsets that
 * break the rule. On the old library {0, 3, 1, 6} read past elems (the length of set 1
 * an unsigned 1 - 3) and named an element it found there; {1, 3} was accepted. */
Test(t24hs, offsets_must_start_at_zero_and_never_decrease)
{
    static const uint32_t el[] = { 0, 1, 2, 0, 1, 2 };
    static const uint64_t down[] = { 0, 3, 1, 6 }, late[] = { 1, 3 },
                          huge[] = { 0, UINT64_MAX };
    char err[256] = "";
    cr_expect_null(hs_instance_new(3, 3, down, el, err, sizeof err));
    cr_expect(strstr(err, "offsets[2] = 1 is below offsets[1] = 3"), "'%s'", err);
    err[0] = '\0';
    cr_expect_null(hs_instance_new(3, 1, late, el, err, sizeof err));
    cr_expect(strstr(err, "offsets[0] = 1; must be 0"), "'%s'", err);
    err[0] = '\0';
    cr_expect_null(hs_instance_new(3, 1, huge, el, err, sizeof err));
    cr_expect(strstr(err, "offsets[1] = 18446744073709551615;"), "'%s'", err);
    static const uint64_t flat[] = { 0, 3, 3, 6 };
    err[0] = '\0';
    cr_expect_null(hs_instance_new(3, 3, flat, el, err, sizeof err), "an empty set taken");
    cr_expect(strstr(err, "set 1 is empty"), "'%s'", err);
}

/* The instance of 2 sets {0, 1} and {1, 2}, whose optimum is {1}. */
static hs_instance *two_sets(void)
{
    static const uint64_t off[] = { 0, 2, 4 };
    static const uint32_t el[] = { 0, 1, 1, 2 };
    char err[256];
    return hs_instance_new(3, 2, off, el, err, sizeof err);
}

/* One call with a NULL somewhere: NULL when it did what the rule says, else what it did. */
typedef struct {
    const char *call;
    const char *(*run)(const hs_instance *h, char *err, size_t errsize);
} probe;

/* Runs each probe in a child of its own, so that one that crashes (as the old library
 * did) is named and the others still run; every one must exit 0. */
static void run_probes(const probe *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fflush(NULL);
        pid_t pid = fork();
        cr_assert_neq(pid, -1);
        if (pid == 0) {
            char err[256] = "";
            hs_instance *h = two_sets();
            const char *why = h ? p[i].run(h, err, sizeof err) : "two_sets() failed";
            if (why)
                fprintf(stderr, "%s: %s (err '%s')\n", p[i].call, why, err);
            hs_instance_free(h);
            _exit(why ? 1 : 0);
        }
        int st;
        cr_assert_eq(waitpid(pid, &st, 0), pid);
        cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: %s %d", p[i].call,
                  WIFSIGNALED(st) ? "crashed, signal" : "did not keep the rule, exit",
                  WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
    }
}

/* "no WHAT given" in err and -1 from rc, else what went wrong. */
static const char *refused(int rc, const char *err, const char *want)
{
    return rc != -1 ? "not refused" : strcmp(err, want) ? "refused with another reason" : NULL;
}

static const uint32_t start2[] = { 0, 2 };

static const char *params_check(const hs_instance *h, char *err, size_t errsize)
{
    (void)h;
    hs_params_init(NULL);
    hs_local_search_params_init(NULL);
    hs_exact_params_init(NULL);
    hs_cubes_params_init(NULL);
    hs_estimate_params_init(NULL);
    return hs_params_check(NULL, err, errsize) ? "the defaults refused" : NULL;
}

static const char *local_defaults(const hs_instance *h, char *err, size_t errsize)
{
    hs_cover best;
    hs_local_search_stats stats;
    if (hs_local_search(h, start2, 2, NULL, &best, &stats, err, errsize))
        return "refused";
    uint32_t size = best.size;
    hs_cover_free(&best);
    return size == 1 ? NULL : "no optimum";
}

static const char *exact_defaults(const hs_instance *h, char *err, size_t errsize)
{
    hs_exact_result x;
    if (hs_exact_search(h, NULL, &x, err, errsize))
        return "refused";
    bool ok = x.status == HS_EXACT_OPTIMAL && x.cover.size == 1;
    hs_exact_result_free(&x);
    return ok ? NULL : "no optimum";
}

static const char *estimate_defaults(const hs_instance *h, char *err, size_t errsize)
{
    hs_estimate e;
    if (hs_estimate_search(h, NULL, &e, err, errsize))
        return "refused";
    return e.cover == 1 && e.dives > 0 ? NULL : "no estimate";
}

/* Issue 38: a NULL parameter struct means the defaults in every call that takes one (the
 * old hs_local_search, hs_exact_search and hs_estimate_search crashed on it), and an
 * _init of NULL does nothing. */
Test(t24hs, null_parameters_mean_the_defaults_everywhere, .timeout = 120)
{
    static const probe p[] = {
        { "hs_*_init(NULL), hs_params_check(NULL)", params_check },
        { "hs_local_search(p NULL)", local_defaults },
        { "hs_exact_search(p NULL)", exact_defaults },
        { "hs_estimate_search(p NULL)", estimate_defaults },
    };
    run_probes(p, sizeof p / sizeof *p);
}

static const char *estimate_no_instance(const hs_instance *h, char *err, size_t errsize)
{
    (void)h;
    hs_estimate e;
    return refused(hs_estimate_search(NULL, NULL, &e, err, errsize), err, "no instance given");
}

static const char *cubes_estimate_no_folder(const hs_instance *h, char *err, size_t errsize)
{
    (void)h;
    hs_estimate e;
    return refused(hs_cubes_estimate(NULL, NULL, &e, err, errsize), err, "no folder given");
}

static const char *others_no_instance(const hs_instance *h, char *err, size_t errsize)
{
    (void)h;
    hs_report r;
    hs_cover c;
    hs_reduction red;
    hs_exact_result x;
    hs_local_search_stats stats;
    const char *why = refused(hs_cover_run(NULL, NULL, &r, err, errsize), err,
                              "no instance given");
    why = why ? why : refused(hs_greedy(NULL, true, &c, err, errsize), err, "no instance given");
    why = why ? why : refused(hs_reduce(NULL, &red, err, errsize), err, "no instance given");
    why = why ? why
              : refused(hs_local_search(NULL, NULL, 0, NULL, &c, &stats, err, errsize), err,
                        "no instance given");
    why = why ? why : refused(hs_exact_search(NULL, NULL, &x, err, errsize), err,
                              "no instance given");
    why = why ? why : refused(hs_instance_read_pace(NULL, err, errsize) ? 0 : -1, err,
                              "no stream given");
    return why;
}

/* Issue 38: a NULL instance or folder is refused by every call, in the one way the cubes
 * refused it ("no instance given"), where hs_estimate_search and hs_cubes_estimate
 * crashed (and the others said "no instance"). */
Test(t24hs, null_instances_and_folders_are_refused_everywhere)
{
    static const probe p[] = {
        { "hs_estimate_search(h NULL)", estimate_no_instance },
        { "hs_cubes_estimate(dir NULL)", cubes_estimate_no_folder },
        { "the other calls of an instance (h NULL)", others_no_instance },
    };
    run_probes(p, sizeof p / sizeof *p);
}

static const char *run_no_report(const hs_instance *h, char *err, size_t errsize)
{
    return refused(hs_cover_run(h, NULL, NULL, err, errsize), err, "no report given");
}

static const char *greedy_no_cover(const hs_instance *h, char *err, size_t errsize)
{
    return refused(hs_greedy(h, true, NULL, err, errsize), err, "no cover given");
}

static const char *reduce_no_reduction(const hs_instance *h, char *err, size_t errsize)
{
    return refused(hs_reduce(h, NULL, err, errsize), err, "no reduction given");
}

static const char *local_no_outputs(const hs_instance *h, char *err, size_t errsize)
{
    hs_local_search_stats stats;
    hs_cover c;
    const char *why = refused(hs_local_search(h, start2, 2, NULL, NULL, &stats, err, errsize),
                              err, "no cover given");
    return why ? why
               : refused(hs_local_search(h, start2, 2, NULL, &c, NULL, err, errsize), err,
                         "no stats given");
}

static const char *exact_no_result(const hs_instance *h, char *err, size_t errsize)
{
    return refused(hs_exact_search(h, NULL, NULL, err, errsize), err, "no result given");
}

static const char *estimate_no_estimate(const hs_instance *h, char *err, size_t errsize)
{
    return refused(hs_estimate_search(h, NULL, NULL, err, errsize), err, "no estimate given");
}

static const char *cubes_estimate_no_estimate(const hs_instance *h, char *err, size_t errsize)
{
    (void)h;
    return refused(hs_cubes_estimate("no-such-folder", NULL, NULL, err, errsize), err,
                   "no estimate given");
}

static const char *instance_getters(const hs_instance *h, char *err, size_t errsize)
{
    (void)err, (void)errsize;
    uint32_t n = 7, m = 7;
    if (hs_instance_nelems(NULL) || hs_instance_nsets(NULL) || hs_instance_nnz(NULL))
        return "a count of NULL is not 0";
    if (hs_instance_set(NULL, 0, &n) || n || hs_instance_elem(NULL, 0, &m) || m)
        return "a row of NULL is not NULL with *len 0";
    if (!hs_instance_set(h, 0, NULL) || !hs_instance_elem(h, 1, NULL))
        return "a row without its length is NULL";
    if (hs_instance_is_cover(NULL, start2, 2) || hs_instance_is_cover(h, NULL, 2))
        return "NULL is a cover";
    return NULL;
}

static const char *table_getters(const hs_instance *h, char *err, size_t errsize)
{
    (void)h, (void)err, (void)errsize;
    if (hs_engine_parse("glpk", NULL) != -1 || hs_lp_parse("auto", NULL) != -1)
        return "a parse into NULL";
    if (hs_bound_about(0, NULL) != -1)
        return "a bound row into NULL";
    if (hs_engine_version(HS_ENGINE_GLPK, NULL, 4) != -1)
        return "a version into NULL";
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    int rc = fp ? hs_cover_write_pace(fp, NULL, 2) : 0;
    if (fp)
        fclose(fp);
    free(text);
    return rc == -1 ? NULL : "a NULL cover of 2 written";
}

/* Issue 38: a NULL output is refused ("no report given") where the old calls wrote
 * through it, and the getters answer for NULL as for nothing (0, NULL, false, -1). */
Test(t24hs, null_outputs_are_refused_and_getters_answer_for_null)
{
    static const probe p[] = {
        { "hs_cover_run(out NULL)", run_no_report },
        { "hs_greedy(out NULL)", greedy_no_cover },
        { "hs_reduce(out NULL)", reduce_no_reduction },
        { "hs_local_search(best or stats NULL)", local_no_outputs },
        { "hs_exact_search(out NULL)", exact_no_result },
        { "hs_estimate_search(r NULL)", estimate_no_estimate },
        { "hs_cubes_estimate(r NULL)", cubes_estimate_no_estimate },
        { "the instance's getters", instance_getters },
        { "the tables' getters", table_getters },
    };
    run_probes(p, sizeof p / sizeof *p);
}
