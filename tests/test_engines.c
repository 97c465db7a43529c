/* test_engines.c - the two exact engines (GLPK, CBC) and the reductions under them:
 * the engines agree wherever both prove an optimum, agree with brute force where it is
 * feasible, stop honestly at a time limit, and the reductions keep the optimum. */
#include <criterion/criterion.h>
#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"
#include "hitset/mip/cbc.h"
#include "hitset/driver/engine.h"
#include "hitset/mip/ilp.h"
#include "hitset/heur/localsearch.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "hitset/t24hs.h"
#include "hitset/presolve/reduce.h"
#include "mincover_helpers.h"

static void solve(const instance *h, ilp_engine e, double seconds, ilp_result *r)
{
    ilp_params p;
    char err[256];
    ilp_params_init(&p);
    p.engine = e;
    p.limit = budget_sooner(p.limit, walltime_now() + seconds);
    cr_assert_eq(engine_hitting_set(h, &p, r, err, sizeof err), 0, "%s: %s", engine_name(e),
                 err);
    if (r->status != ILP_NONE) {
        cr_assert(instance_is_cover(h, r->chosen, r->nchosen), "%s's solution misses a set",
                  engine_name(e));
        cr_assert_eq(r->value, r->nchosen, "%s: value %g, %u chosen", engine_name(e), r->value, r->nchosen);
        cr_assert_leq(r->bound, r->value + 1e-6);
    }
}

/* An engine no row of the table has is an error, never GLPK under another name: no row, no
 * name, and the search refused as a bad parameter with nothing run (issue 50, item 4). */
Test(engines, an_unknown_engine_is_an_error_not_glpk)
{
    const ilp_engine unknown = (ilp_engine)7;
    cr_expect_null(engine_of(unknown));
    cr_expect_null(engine_name(unknown));
    cr_expect_null(engine_label(unknown));
    uint64_t state = 3;
    instance *h = random_instance(6, 5, 2, &state);
    ilp_params p;
    ilp_result r;
    char err[256] = "";
    ilp_params_init(&p);
    p.engine = unknown;
    cr_expect_eq(engine_hitting_set(h, &p, &r, err, sizeof err), -1, "an unknown engine ran");
    cr_expect_str_eq(err, "engine = 7; must be ILP_GLPK, ILP_CBC or ILP_T24");
    cr_expect_eq(hs_error_code(err), HS_EUSAGE, "%s", err);
    cr_expect_null(r.chosen);
    cr_expect_eq(r.nchosen, 0);
    ilp_result_free(&r);
    instance_free(h);
}

Test(engines, both_engines_match_brute_force_on_small_instances)
{
    uint64_t state = 12345;
    for (int t = 0; t < 40; t++) {
        uint32_t ne = 4 + (uint32_t)(test_random(&state) % 13);
        uint32_t ns = 1 + (uint32_t)(test_random(&state) % 40);
        instance *h = random_instance(ne, ns, 1 + (uint32_t)(test_random(&state) % 5), &state);
        uint32_t opt = brute_optimum(h);
        ilp_result g, c;
        solve(h, ILP_GLPK, 60, &g);
        solve(h, ILP_CBC, 60, &c);
        cr_assert_eq(g.status, ILP_OPTIMAL);
        cr_assert_eq(c.status, ILP_OPTIMAL);
        cr_assert_eq(g.value, opt, "instance %d: GLPK %g, brute force %u", t, g.value, opt);
        cr_assert_eq(c.value, opt, "instance %d: CBC %g, brute force %u", t, c.value, opt);
        cr_assert(fabs(g.lp - c.lp) < 1e-9, "both report GLPK's LP bound");
        ilp_result_free(&g);
        ilp_result_free(&c);
        instance_free(h);
    }
}

/* Beyond brute force: on every instance both prove, the optima are equal. Each must
 * also respect the other's proven bound (a cover below it would refute that proof). */
Test(engines, both_engines_agree_on_every_instance_they_both_prove, .timeout = 300)
{
    uint64_t state = 777;
    int both = 0;
    for (int t = 0; t < 12; t++) {
        instance *h = random_instance(40 + 10 * (uint32_t)t, 120 + 30 * (uint32_t)t, 4, &state);
        ilp_result g, c;
        solve(h, ILP_GLPK, 20, &g);
        solve(h, ILP_CBC, 20, &c);
        if (g.status == ILP_OPTIMAL && c.status == ILP_OPTIMAL) {
            cr_assert_eq(g.value, c.value, "instance %d: GLPK %g, CBC %g", t, g.value, c.value);
            both++;
        }
        if (g.status != ILP_NONE)
            cr_assert_geq(g.value + 1e-6, ceil(c.bound - 1e-6), "instance %d", t);
        if (c.status != ILP_NONE)
            cr_assert_geq(c.value + 1e-6, ceil(g.bound - 1e-6), "instance %d", t);
        ilp_result_free(&g);
        ilp_result_free(&c);
        instance_free(h);
    }
    cr_assert_geq(both, 8, "only %d instances proven by both: the test says little", both);
}

/* GLPK with t24's work at its nodes (strong branching, reduced-cost fixing against the
 * incumbent less one, ilp_node.h), started from a cover one larger than the optimum (the
 * case where fixing against z - 1 cuts deepest), against an independent optimum. */
static void solve_from(const instance *h, const ilp_glpk_options *o, const uint32_t *warm,
                       uint32_t nwarm, ilp_result *r)
{
    ilp_params p;
    char err[256];
    ilp_params_init(&p);
    p.glpk = *o;
    p.warm = warm;
    p.nwarm = nwarm;
    cr_assert_eq(engine_hitting_set(h, &p, r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r->status, ILP_OPTIMAL);
    cr_assert(instance_is_cover(h, r->chosen, r->nchosen));
}

/* An optimal cover (CBC's) plus one element outside it: a cover of size optimum + 1, or
 * NULL when every element is in it already. */
static uint32_t *one_too_many(const instance *h, const ilp_result *c, uint32_t *n)
{
    uint32_t ne = instance_nelems(h);
    if (c->nchosen >= ne)
        return NULL;
    uint32_t *w = malloc(((size_t)c->nchosen + 1) * sizeof *w), extra = 0;
    for (uint32_t i = 0; i < c->nchosen && c->chosen[i] == extra; i++)
        extra++; /* chosen is ascending: the first id missing from it */
    memcpy(w, c->chosen, c->nchosen * sizeof *w);
    w[c->nchosen] = extra;
    *n = c->nchosen + 1;
    return w;
}

/* Small instances against brute force, then many medium ones against CBC (which does
 * not run t24's node work): an over-eager fixing (against z - 2, say) loses the optimum
 * on a few medium instances in a hundred, where the LP gap is below 1. */
Test(engines, node_work_keeps_the_optimum_from_a_cover_one_too_large, .timeout = 600)
{
    const ilp_glpk_options t24 = { 0 }, glpk_own = { .branching = GLP_BR_DTH,
                                                      .no_rc_fixing = true };
    uint64_t state = 2026, fixed = 0, probes = 0;
    for (int t = 0; t < 1025; t++) {
        bool small = t < 25;
        uint32_t ne = small ? 8 + (uint32_t)(test_random(&state) % 9)
                            : 20 + (uint32_t)(test_random(&state) % 40);
        uint32_t ns = small ? 10 + (uint32_t)(test_random(&state) % 50)
                            : 60 + (uint32_t)(test_random(&state) % 140);
        uint32_t maxlen = (small ? 2 : 3) + (uint32_t)(test_random(&state) % 4);
        instance *h = random_instance(ne, ns, maxlen, &state);
        ilp_result c, a, b;
        uint32_t n, *warm;
        solve(h, ILP_CBC, 60, &c);
        cr_assert_eq(c.status, ILP_OPTIMAL);
        if ((warm = one_too_many(h, &c, &n))) {
            uint32_t want = small ? brute_optimum(h) : (uint32_t)c.value;
            solve_from(h, &t24, warm, n, &a);
            cr_assert_eq(a.value, want, "instance %d: t24's GLPK %g, expected %u", t, a.value,
                         want);
            fixed += a.rc_fixed;
            probes += a.probes;
            if (small || t % 20 == 0) {
                solve_from(h, &glpk_own, warm, n, &b);
                cr_assert_eq(b.value, want, "instance %d: GLPK's own %g, expected %u", t,
                             b.value, want);
                cr_assert_eq(b.rc_fixed + b.probes, 0, "GLPK's own rules ran t24's node work");
                ilp_result_free(&b);
            }
            ilp_result_free(&a);
            free(warm);
        }
        ilp_result_free(&c);
        instance_free(h);
    }
    /* Otherwise the test proves nothing about them. */
    cr_assert_gt(fixed, 0, "no column was ever fixed by reduced cost");
    cr_assert_gt(probes, 0, "strong branching never probed");
}

/* CBC with two threads (--threads with --solver cbc) proves the same optima. */
Test(engines, cbc_with_two_threads_agrees_with_glpk, .timeout = 300)
{
    uint64_t state = 5150;
    for (int t = 0; t < 6; t++) {
        instance *h = random_instance(40 + 10 * (uint32_t)t, 150 + 30 * (uint32_t)t, 4, &state);
        ilp_params p;
        ilp_result g, c;
        char err[256];
        solve(h, ILP_GLPK, 60, &g);
        ilp_params_init(&p);
        p.engine = ILP_CBC;
        p.threads = 2;
        cr_assert_eq(engine_hitting_set(h, &p, &c, err, sizeof err), 0, "%s", err);
        cr_assert_eq(g.status, ILP_OPTIMAL);
        cr_assert_eq(c.status, ILP_OPTIMAL);
        cr_assert_eq(c.value, g.value, "instance %d: CBC (2 threads) %g, GLPK %g", t, c.value,
                     g.value);
        cr_assert(instance_is_cover(h, c.chosen, c.nchosen));
        ilp_result_free(&g);
        ilp_result_free(&c);
        instance_free(h);
    }
}

/* A poor warm start (every element) is accepted by both engines and never makes the
 * answer worse. That it is used at all: an_optimal_warm_start_is_the_answer. */
Test(engines, a_poor_warm_start_never_worsens_the_answer)
{
    uint64_t state = 31337;
    instance *h = random_instance(60, 250, 4, &state);
    uint32_t all[60];
    for (uint32_t e = 0; e < 60; e++)
        all[e] = e;
    for (int e = ILP_GLPK; e <= ILP_CBC; e++) {
        ilp_params p;
        ilp_result r, plain;
        char err[256];
        ilp_params_init(&p);
        p.engine = (ilp_engine)e;
        solve(h, (ilp_engine)e, 60, &plain);
        p.warm = all; /* every element: a poor but valid cover */
        p.nwarm = 60;
        cr_assert_eq(engine_hitting_set(h, &p, &r, err, sizeof err), 0, "%s", err);
        cr_assert_eq(r.status, ILP_OPTIMAL);
        cr_assert_eq(r.value, plain.value);
        cr_assert(instance_is_cover(h, r.chosen, r.nchosen));
        ilp_result_free(&r);
        ilp_result_free(&plain);
    }
    instance_free(h);
}

static bool same_elements(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb)
{
    return na == nb && memcmp(a, b, na * sizeof *a) == 0;
}

/* The warm start is used, not only accepted (issue 31). In the Fano plane every line
 * meets every other, so each of its 7 lines is a minimum cover (3 = the LP's 7/3 rounded
 * up), and an engine keeps its first incumbent unless it finds a strictly smaller one.
 * Given as the warm start a line other than the one it finds alone, each engine must
 * answer with that very line; one that ignored the start (CBC did, when the columns had
 * no names) would answer with its own. GLPK also has nothing left to search: the start
 * meets the LP's ceiling at the root, which closes without a node, where alone it must
 * branch (its rounding of the all-1/3 LP optimum takes every point). */
Test(engines, an_optimal_warm_start_is_the_answer)
{
    static const uint32_t lines[7][16] = {
        { 0, 1, 2, UINT32_MAX }, { 0, 3, 4, UINT32_MAX }, { 0, 5, 6, UINT32_MAX },
        { 1, 3, 5, UINT32_MAX }, { 1, 4, 6, UINT32_MAX }, { 2, 3, 6, UINT32_MAX },
        { 2, 4, 5, UINT32_MAX },
    };
    instance *h = make_instance(7, 7, lines);
    for (int e = ILP_GLPK; e <= ILP_CBC; e++) {
        const char *name = engine_name((ilp_engine)e);
        ilp_result alone;
        solve(h, (ilp_engine)e, 60, &alone);
        cr_assert_eq(alone.status, ILP_OPTIMAL, "%s", name);
        cr_assert_eq(alone.value, 3, "%s", name);
        if (e == ILP_GLPK)
            cr_expect_gt(alone.nodes, 0, "the premise: GLPK alone branches");
        int tried = 0;
        for (uint32_t l = 0; l < 7; l++) {
            uint32_t len;
            const uint32_t *line = instance_set(h, l, &len);
            if (same_elements(line, len, alone.chosen, alone.nchosen))
                continue;
            tried++;
            ilp_params p;
            ilp_result r;
            char err[256];
            ilp_params_init(&p);
            p.engine = (ilp_engine)e;
            p.warm = line;
            p.nwarm = len;
            cr_assert_eq(engine_hitting_set(h, &p, &r, err, sizeof err), 0, "%s", err);
            cr_expect_eq(r.status, ILP_OPTIMAL, "%s, line %u", name, l);
            cr_expect(same_elements(line, len, r.chosen, r.nchosen),
                      "%s answered another cover than its warm start, line %u", name, l);
            if (e == ILP_GLPK)
                cr_expect_eq(r.nodes, 0, "line %u: GLPK searched %lu nodes from an optimal start",
                             l, (unsigned long)r.nodes);
            ilp_result_free(&r);
        }
        cr_expect_eq(tried, 6, "%s: the six lines it does not find alone", name);
        ilp_result_free(&alone);
    }
    instance_free(h);
}

/* CBC starts from the warm start: stopped at once, it still reports a solution no worse
 * than the optimal one it was given (its own, or the start itself when it stopped before
 * having one). With a little more time it must use the start itself: CBC matches a MIP
 * start by column names, and a model without them silently ignores it. */
Test(engines, cbc_keeps_an_optimal_warm_start_when_stopped_at_once)
{
    uint64_t state = 4242;
    instance *h = random_instance(300, 1500, 6, &state);
    ilp_result g, c;
    solve(h, ILP_GLPK, 120, &g);
    cr_assert_eq(g.status, ILP_OPTIMAL);
    ilp_params p;
    char err[256];
    ilp_params_init(&p);
    p.engine = ILP_CBC;
    p.limit = budget_sooner(p.limit, walltime_now() + 0.05);
    p.warm = g.chosen;
    p.nwarm = g.nchosen;
    cr_assert_eq(engine_hitting_set(h, &p, &c, err, sizeof err), 0, "%s", err);
    cr_assert_neq(c.status, ILP_NONE, "CBC lost its warm start");
    cr_expect_eq(c.value, g.value);
    cr_expect(instance_is_cover(h, c.chosen, c.nchosen));
    ilp_result_free(&c);
    ilp_result_free(&g);
    instance_free(h);
}

/* 300 sets of exactly 4 of 60 elements: hard enough that CBC alone, in a fraction of a
 * second, does not reach what the local search finds; with that cover as its MIP start
 * it must never report a worse one. */
Test(engines, cbc_uses_the_local_search_cover_as_its_start)
{
    uint64_t state = 1, off[301];
    uint32_t el[1200];
    off[0] = 0;
    for (uint32_t s = 0; s < 300; s++) {
        for (uint32_t i = 0; i < 4; i++)
            el[4 * s + i] = (uint32_t)(test_random(&state) % 60);
        off[s + 1] = 4 * (s + 1);
    }
    char err[256];
    instance *h = instance_new(60, 300, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    uint32_t all[60];
    for (uint32_t e = 0; e < 60; e++)
        all[e] = e;
    localsearch_params q;
    localsearch_result ls;
    localsearch_params_init(&q);
    q.limit = budget_until(walltime_now() + 60, NULL);
    q.max_steps = 100000;
    cr_assert_eq(localsearch_run(h, all, 60, &q, &ls, err, sizeof err), 0, "%s", err);
    ilp_params p;
    ilp_result c;
    ilp_params_init(&p);
    p.engine = ILP_CBC;
    p.limit = budget_sooner(p.limit, walltime_now() + 0.3);
    p.warm = ls.elems;
    p.nwarm = ls.n;
    cr_assert_eq(engine_hitting_set(h, &p, &c, err, sizeof err), 0, "%s", err);
    cr_assert_neq(c.status, ILP_NONE);
    cr_expect_leq(c.value, ls.n, "CBC reports %g, its start had %u", c.value, ls.n);
    cr_expect(instance_is_cover(h, c.chosen, c.nchosen));
    ilp_result_free(&c);
    localsearch_result_free(&ls);
    instance_free(h);
}

/* The LP relaxation (GLPK's, before CBC starts) stopped by the time limit is no error:
 * as GLPK's own search does, CBC's reports no LP bound (-1), bound 0 and the warm start.
 * (It used to fail the whole call, and did so under AddressSanitizer with 0.05 s.) */
Test(engines, cbc_keeps_its_warm_start_when_the_time_limit_stops_the_lp)
{
    uint64_t state = 99;
    instance *h = random_instance(3000, 30000, 8, &state);
    uint32_t *all = malloc(3000 * sizeof *all);
    for (uint32_t e = 0; e < 3000; e++)
        all[e] = e;
    ilp_params p;
    ilp_result c;
    char err[256];
    /* The premise, checked rather than assumed: GLPK's LP on this instance does not end
     * in 50 ms (here it takes minutes), 500 times the limit below, so that limit stops it
     * however fast the machine; a loaded one only makes the LP slower still. */
    double lp;
    ilp_params_init(&p);
    p.limit = budget_sooner(p.limit, walltime_now() + 0.05);
    int lp_rc = ilp_lp_bound(h, &p, &lp, err, sizeof err);
    cr_assert(lp_rc == -1 && strstr(err, "time limit"),
              "the LP finished within 50 ms (%s): the instance is too easy for this test",
              lp_rc ? err : "its optimum");
    ilp_params_init(&p);
    p.engine = ILP_CBC;
    p.limit = budget_sooner(p.limit, walltime_now() + 1e-4);
    p.warm = all;
    p.nwarm = 3000;
    cr_assert_eq(engine_hitting_set(h, &p, &c, err, sizeof err), 0, "%s", err);
    cr_assert_eq(c.lp, -1, "the LP finished within 0.1 ms (lp %g)", c.lp);
    cr_assert_eq(c.bound, 0);
    cr_assert_eq(c.status, ILP_STOPPED);
    cr_assert(instance_is_cover(h, c.chosen, c.nchosen));
    ilp_result_free(&c);
    free(all);
    instance_free(h);
}

/* With a tiny time limit CBC stops: whatever it reports is a valid cover or nothing,
 * never a claim of optimality it did not make, and its bound stays below the optimum
 * GLPK proves with time to spare. */
Test(engines, cbc_stopped_by_time_reports_an_honest_interval)
{
    uint64_t state = 4242;
    instance *h = random_instance(300, 1500, 6, &state);
    ilp_result c, g;
    solve(h, ILP_CBC, 0.05, &c);
    solve(h, ILP_GLPK, 120, &g);
    cr_assert_eq(g.status, ILP_OPTIMAL);
    cr_expect_leq(ceil(c.bound - 1e-6), g.value);
    if (c.status == ILP_OPTIMAL)
        cr_expect_eq(c.value, g.value);
    else if (c.status == ILP_STOPPED)
        cr_expect_geq(c.value, g.value);
    ilp_result_free(&c);
    ilp_result_free(&g);
    instance_free(h);
}

/* Every reduction keeps the optimum: brute force on the instance equals the forced
 * elements plus brute force on the core, and forced + an optimal core cover is a cover. */
Test(engines, reductions_keep_the_optimum_on_random_instances)
{
    uint64_t state = 99;
    int reduced = 0;
    for (int t = 0; t < 300; t++) {
        uint32_t ne = 3 + (uint32_t)(test_random(&state) % 16);
        uint32_t ns = 1 + (uint32_t)(test_random(&state) % 40);
        instance *h = random_instance(ne, ns, 1 + (uint32_t)(test_random(&state) % 4), &state);
        reduce_result red;
        char err[256];
        cr_assert_eq(reduce_run(h, &red, err, sizeof err), 0, "%s", err);
        uint32_t core_opt = brute_optimum(red.core);
        cr_assert_eq(brute_optimum(h), red.nforced + core_opt, "instance %d", t);
        reduced += red.nforced + red.dominated_sets + red.dominated_elems > 0;
        ilp_result r;
        solve(red.core, ILP_GLPK, 60, &r);
        cr_assert_eq(r.value, core_opt);
        uint32_t cover[64], n = 0;
        for (uint32_t i = 0; i < red.nforced; i++)
            cover[n++] = red.forced[i];
        for (uint32_t i = 0; i < r.nchosen; i++)
            cover[n++] = red.core_elem[r.chosen[i]];
        cr_assert(instance_is_cover(h, cover, n), "instance %d", t);
        ilp_result_free(&r);
        reduce_result_free(&red);
        instance_free(h);
    }
    cr_assert_gt(reduced, 200, "the reductions rarely applied: the test says little");
}

/* h's sets, and every pair of five new elements (K5's edges, a vertex cover: the LP
 * bound puts 1/2 on each, 2.5, where a cover needs 4), so that no lower bound reaches the
 * optimum and only the exact search can prove it. */
static instance *with_a_k5(const instance *h)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h), len;
    uint64_t *off = malloc((ns + 11) * sizeof *off);
    uint32_t *el = malloc((instance_nelems(h) * (size_t)ns + 20) * sizeof *el);
    cr_assert(off && el);
    off[0] = 0;
    for (uint32_t s = 0; s < ns; s++) {
        const uint32_t *set = instance_set(h, s, &len);
        memcpy(el + off[s], set, len * sizeof *el);
        off[s + 1] = off[s] + len;
    }
    uint32_t s = ns;
    for (uint32_t a = 0; a < 5; a++)
        for (uint32_t b = a + 1; b < 5; b++, s++) {
            el[off[s]] = ne + a;
            el[off[s] + 1] = ne + b;
            off[s + 1] = off[s] + 2;
        }
    char err[256];
    instance *k = instance_new(ne + 5, ns + 10, off, el, err, sizeof err);
    cr_assert(k, "%s", err);
    free(off);
    free(el);
    return k;
}

/* The whole pipeline with CBC: same optimum as with GLPK, and the report says who
 * proved it. */
Test(engines, mincover_names_the_engine_that_proved_the_optimum)
{
    uint64_t state = 5;
    instance *r = random_instance(80, 300, 4, &state);
    instance *h = with_a_k5(r);
    instance_free(r);
    mincover_params p;
    mincover_result g, c;
    char err[256];
    mincover_params_init(&p);
    p.ls_share = 0; /* greedy's warm start: leave the proof to the search */
    cr_assert_eq(mincover_run(h, NULL, &p, &g, err, sizeof err), 0, "%s", err);
    p.engine = ILP_CBC;
    cr_assert_eq(mincover_run(h, NULL, &p, &c, err, sizeof err), 0, "%s", err);
    cr_assert(g.optimal && c.optimal);
    cr_assert_eq(g.optimum, c.optimum);
    cr_expect_str_eq(mincover_ilp_status_name(&c), "optimal");
    /* No bound reaches the optimum here (the K5), so the search proved it, and each report
     * names its engine (where a bound proved it, the engine went unchecked). */
    cr_expect_lt(g.lp.bound_ceil, g.optimum, "the LP bound proves it: the test says little");
    cr_assert_eq(g.proof.by, MINCOVER_PROOF_SEARCH, "proof %d, LP bound %g, optimum %u", g.proof.by,
                 g.lp.bound, g.optimum);
    cr_assert_eq(c.proof.by, MINCOVER_PROOF_SEARCH, "proof %d, LP bound %g, optimum %u", c.proof.by,
                 c.lp.bound, c.optimum);
    cr_expect_str_eq(mincover_proof_name(&g), "glpk");
    cr_expect_str_eq(mincover_proof_name(&c), "cbc");
    cr_expect(cbc_version()[0] != '\0');
    mincover_result_free(&g);
    mincover_result_free(&c);
    instance_free(h);
}
