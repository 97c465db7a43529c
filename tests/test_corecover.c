/* The core method (corecover.h, issue 52 item 1): its cores are exactly the documented
 * ones (recomputed here by sorting, a different path from the module's selection), its
 * covers meet every set (counted here from the sets' rows) and are never worse than the
 * local search's cover they start from, and a run limited by work is deterministic. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"
#include "core/budget.h"
#include "hitset/heur/corecover.h"
#include "hitset/heur/greedy.h"
#include "hitset/heur/localsearch.h"
#include "mincover_helpers.h"

/* Does elems[0..n) meet every set of h? Counted from the sets' rows. */
static bool meets_all(const instance *h, const uint32_t *elems, uint32_t n)
{
    uint32_t ne = instance_nelems(h);
    bool *in = calloc((size_t)ne + 1, sizeof *in);
    bool ok = true;
    for (uint32_t i = 0; i < n; i++)
        in[elems[i]] = true;
    for (uint32_t s = 0; ok && s < instance_nsets(h); s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        bool met = false;
        for (uint32_t i = 0; i < len; i++)
            met = met || in[el[i]];
        ok = met;
    }
    free(in);
    return ok;
}

/* An instance of the method's shape: many elements, few sets of up to maxlen each. */
static instance *wide_instance(uint32_t ne, uint32_t ns, uint32_t maxlen, uint64_t *state)
{
    return random_instance(ne, ns, maxlen, state);
}

/* The local search's cover from pruned greedy after `steps` steps. */
static localsearch_result ls_cover(const instance *h, uint64_t steps)
{
    greedy_cover g, gp;
    localsearch_params q;
    localsearch_result r;
    char err[256];
    cr_assert_eq(greedy_run(h, NULL, &g), 0);
    cr_assert_eq(greedy_prune(h, &g, &gp), 0);
    localsearch_params_init(&q);
    q.limit = budget_until(walltime_now() + 100, NULL);
    q.max_steps = steps;
    cr_assert_eq(localsearch_run(h, gp.elems, gp.n, &q, &r, err, sizeof err), 0, "%s", err);
    greedy_cover_free(&g);
    greedy_cover_free(&gp);
    return r;
}

typedef struct {
    double rc;
    uint32_t e;
} test_priced;

static int test_by_price(const void *a, const void *b)
{
    const test_priced *x = a, *y = b;
    if (x->rc != y->rc)
        return x->rc < y->rc ? -1 : 1;
    return (x->e > y->e) - (x->e < y->e);
}

/* The documented core, by sorting: the best cover, each set's per_set cheapest (every
 * element of the set sorted by reduced cost, then id), then the cheapest others. */
static uint32_t expected_core(const instance *h, const double *u, const uint32_t *best,
                              uint32_t nbest, uint32_t per_set, uint32_t core_max, bool *keep)
{
    uint32_t ne = instance_nelems(h), count = 0;
    test_priced *all = malloc(((size_t)ne + 1) * sizeof *all);
    double *rc = malloc(((size_t)ne + 1) * sizeof *rc);
    memset(keep, 0, ne * sizeof *keep);
    for (uint32_t e = 0; e < ne; e++) {
        uint32_t len;
        const uint32_t *sets = instance_elem(h, e, &len);
        double sum = 0; /* summed first, as documented: 1 - (sum of u) */
        for (uint32_t i = 0; i < len; i++)
            sum += u[sets[i]];
        rc[e] = 1 - sum;
    }
    for (uint32_t i = 0; i < nbest; i++)
        keep[best[i]] = true;
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        uint32_t len, n = 0;
        const uint32_t *el = instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++)
            all[n++] = (test_priced){ rc[el[i]], el[i] };
        qsort(all, n, sizeof *all, test_by_price);
        for (uint32_t i = 0; i < n && i < per_set; i++)
            keep[all[i].e] = true;
    }
    for (uint32_t e = 0; e < ne; e++)
        count += keep[e];
    uint32_t n = 0;
    for (uint32_t e = 0; e < ne; e++)
        if (!keep[e])
            all[n++] = (test_priced){ rc[e], e };
    qsort(all, n, sizeof *all, test_by_price);
    for (uint32_t i = 0; i < n && count < core_max; i++, count++)
        keep[all[i].e] = true;
    free(all);
    free(rc);
    return count;
}

/* The core is exactly the documented one for random prices, covers and sizes; in
 * particular it holds the best cover's elements (the planted check below), and the cover
 * of the start is a cover of the core. */
Test(corecover, core_is_the_documented_one)
{
    uint64_t state = 0x5eedc0deULL;
    for (int t = 0; t < 60; t++) {
        instance *h = wide_instance(200 + (uint32_t)t * 7, 10 + (uint32_t)(t % 13), 30, &state);
        uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
        double *u = malloc((ns + 1) * sizeof *u);
        for (uint32_t s = 0; s < ns; s++)
            u[s] = t % 5 == 0 ? 0 : (double)(test_random(&state) % 7) / 6.0;
        localsearch_result ls = ls_cover(h, 100);
        bool *got = malloc(ne), *want = malloc(ne);
        uint32_t per_set = 1 + (uint32_t)(t % 6), core_max = (uint32_t)(test_random(&state) % 80);
        uint32_t n = corecover_build_core(h, u, ls.elems, ls.n, per_set, core_max, got);
        uint32_t m = expected_core(h, u, ls.elems, ls.n, per_set, core_max, want);
        cr_expect_eq(n, m, "instance %d: %u elements in the core, %u expected", t, n, m);
        for (uint32_t i = 0; i < ls.n; i++)
            cr_expect(got[ls.elems[i]], "instance %d: the best cover's %u left out", t,
                      ls.elems[i]);
        cr_expect_eq(memcmp(got, want, ne), 0, "instance %d: another core", t);
        free(got);
        free(want);
        free(u);
        localsearch_result_free(&ls);
        instance_free(h);
    }
}

static corecover_result run_core(const instance *h, const uint32_t *start, uint32_t n,
                                 uint32_t core_max, uint64_t seed, budget b)
{
    corecover_params p;
    corecover_result r;
    char err[256];
    corecover_params_init(&p);
    p.start = start;
    p.nstart = n;
    p.core_max = core_max;
    p.max_rounds = 6;
    p.round_steps = 3000;
    p.seed = seed;
    p.limit = b;
    cr_assert_eq(corecover_run(h, &p, &r, err, sizeof err), 0, "%s", err);
    return r;
}

/* Its covers meet every set, have distinct elements in ascending order, are never
 * larger than the local search's cover they start from, and never below the optimum
 * (brute force, on the instances small enough for it). Some runs must improve on their
 * start, or the rounds were never put to the test. */
Test(corecover, covers_are_covers_never_worse_than_the_start)
{
    uint64_t state = 0xabcdef12ULL;
    uint32_t improved = 0;
    for (int t = 0; t < 40; t++) {
        bool small = t % 2 == 0;
        instance *h = small ? wide_instance(14 + (uint32_t)(t % 6), 20 + (uint32_t)t, 4, &state)
                            : wide_instance(400 + (uint32_t)t * 11, 40 + (uint32_t)t, 25, &state);
        localsearch_result ls = ls_cover(h, small ? 5 : 1);
        corecover_result r = run_core(h, ls.elems, ls.n, small ? 6 : 60, 1 + (uint64_t)t,
                                      budget_until(0, NULL));
        cr_expect(meets_all(h, r.elems, r.n), "instance %d: the cover misses a set", t);
        for (uint32_t i = 1; i < r.n; i++)
            cr_expect_lt(r.elems[i - 1], r.elems[i], "instance %d: not ascending", t);
        cr_expect_leq(r.n, ls.n, "instance %d: %u from the local search's %u", t, r.n, ls.n);
        cr_expect_eq(r.start, ls.n);
        cr_expect_eq(r.rounds, 6);
        if (small)
            cr_expect_geq(r.n, brute_optimum(h), "instance %d: below the optimum", t);
        improved += r.n < ls.n;
        corecover_result_free(&r);
        localsearch_result_free(&ls);
        instance_free(h);
    }
    cr_expect_gt(improved, 0, "no run improved on its start");
}

/* A run limited by work stops at the same point whatever the clock: the same cover,
 * rounds and steps twice, and the work it counted stays within a round of its end. */
Test(corecover, work_limited_run_is_deterministic)
{
    uint64_t state = 0x77aa55ULL;
    instance *h = wide_instance(3000, 120, 60, &state);
    localsearch_result ls = ls_cover(h, 1);
    corecover_result a, b;
    budget_work wa = { 0 }, wb = { 0 };
    corecover_params p;
    char err[256];
    corecover_params_init(&p);
    p.start = ls.elems;
    p.nstart = ls.n;
    p.core_max = 400;
    p.max_rounds = 0;
    p.limit = budget_counting(budget_until(0, NULL), &wa, 2000000);
    cr_assert_eq(corecover_run(h, &p, &a, err, sizeof err), 0, "%s", err);
    p.limit = budget_counting(budget_until(0, NULL), &wb, 2000000);
    cr_assert_eq(corecover_run(h, &p, &b, err, sizeof err), 0, "%s", err);
    cr_expect_gt(a.rounds, 1, "one round used the work: the test is not testing rounds");
    cr_expect_eq(a.rounds, b.rounds);
    cr_expect_eq(a.steps, b.steps);
    cr_expect_eq(wa.used, wb.used);
    cr_expect_geq(wa.used, 2000000, "stopped before its work end");
    cr_assert_eq(a.n, b.n);
    cr_expect_eq(memcmp(a.elems, b.elems, a.n * sizeof *a.elems), 0);
    cr_expect(meets_all(h, a.elems, a.n));
    corecover_result_free(&a);
    corecover_result_free(&b);
    localsearch_result_free(&ls);
    instance_free(h);
}

/* The shape rule as documented: at least 16 elements per set and at least 4 default
 * cores (4 per set, at least 5,000) of elements; five cards' largest instance (7,153
 * classes, 6,104 hands) is far from it. */
Test(corecover, shape_rule)
{
    uint64_t state = 0x31415ULL;
    struct {
        uint32_t ne, ns;
        bool fits;
    } cases[] = { { 20000, 1250, true },  { 19999, 100, false }, { 20000, 1251, false },
                  { 7153, 6104, false },  { 64000, 4000, true }, { 64000, 4001, false },
                  { 6208, 1961, false } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        instance *h = random_instance(cases[i].ne, cases[i].ns, 3, &state);
        cr_expect_eq(corecover_shape_fits(h), cases[i].fits, "%u elements, %u sets",
                     cases[i].ne, cases[i].ns);
        instance_free(h);
    }
}

/* A start that is not a cover is refused with a message. */
Test(corecover, refuses_a_start_that_is_no_cover)
{
    const uint32_t sets[][16] = { { 0, 1, UINT32_MAX }, { 2, UINT32_MAX } };
    instance *h = make_instance(3, 2, sets);
    uint32_t start[] = { 0 };
    corecover_params p;
    corecover_result r;
    char err[256] = "";
    corecover_params_init(&p);
    p.start = start;
    p.nstart = 1;
    cr_expect_eq(corecover_run(h, &p, &r, err, sizeof err), -1);
    cr_expect_neq(err[0], '\0');
    instance_free(h);
}

/* `t24 cover --core-method` on an instance of the shape (24,000 elements, 300 sets of
 * 400: each element in about 5, so that the reductions leave more than 20,000): the core
 * method runs in the local search's place, --json lists its rounds (each core far
 * smaller than the instance, the covers never growing, the last the local search's
 * best), the cover printed meets every set (checked here), and the same --work gives
 * the same report twice. A five-card instance (not of the shape) has no rounds. */
#include <cjson/cJSON.h>
#include "helpers.h"

static char *wide_text(uint32_t ne, uint32_t ns, uint32_t len, uint32_t **sets)
{
    uint64_t state = 0x9e3779b9ULL;
    size_t cap = (size_t)ns * len * 7 + 64, n = 0;
    char *text = malloc(cap);
    *sets = malloc((size_t)ns * len * sizeof **sets);
    n += (size_t)snprintf(text + n, cap - n, "p hs %u %u\n", ne, ns);
    for (uint32_t s = 0; s < ns; s++)
        for (uint32_t i = 0; i < len; i++) {
            uint32_t e = (uint32_t)(test_random(&state) % ne);
            (*sets)[(size_t)s * len + i] = e;
            n += (size_t)snprintf(text + n, cap - n, "%u%c", e + 1, i + 1 < len ? ' ' : '\n');
        }
    return text;
}

Test(corecover, cover_command_reports_rounds)
{
    const uint32_t ne = 24000, ns = 300, len = 400;
    uint32_t *sets;
    char *text = wide_text(ne, ns, len, &sets);
    const char *args =
        "cover --core-method --work 10000000 --time-limit 600 --lp simplex --quiet --json";
    run_result a = run_t24(args, text), b = run_t24(args, text);
    cr_assert_eq(a.status, 0, "%s", a.err);
    cr_expect_str_eq(a.out, b.out, "the same --work gave another report");
    cJSON *j = cJSON_Parse(a.out);
    const cJSON *ls = cJSON_GetObjectItemCaseSensitive(j, "local_search");
    const cJSON *rounds = cJSON_GetObjectItemCaseSensitive(ls, "core_rounds");
    cr_assert(cJSON_IsArray(rounds), "no core_rounds in %s", a.out);
    int n = cJSON_GetArraySize(rounds);
    cr_assert_gt(n, 0);
    double prev = cJSON_GetObjectItemCaseSensitive(ls, "start")->valuedouble;
    for (int i = 0; i < n; i++) {
        const cJSON *r = cJSON_GetArrayItem(rounds, i);
        double core = cJSON_GetObjectItemCaseSensitive(r, "core")->valuedouble;
        double cover = cJSON_GetObjectItemCaseSensitive(r, "cover")->valuedouble;
        cr_expect_leq(core, ne / 2, "round %d: a core of %.0f", i + 1, core);
        cr_expect_leq(cover, prev, "round %d: the cover grew", i + 1);
        prev = cover;
    }
    cr_expect_eq(prev, cJSON_GetObjectItemCaseSensitive(ls, "best")->valuedouble);
    cJSON_Delete(j);
    run_free(&a);
    run_free(&b);

    run_result c = run_t24(
        "cover --core-method --work 10000000 --time-limit 600 --lp simplex --quiet", text);
    cr_assert_eq(c.status, 0, "%s", c.err);
    bool *in = calloc(ne + 1, sizeof *in);
    char *line = c.out, *next;
    unsigned size = (unsigned)strtoul(line, &next, 10), got = 0;
    while (*next) {
        unsigned long e = strtoul(next, &line, 10);
        if (line == next)
            break;
        cr_assert(e >= 1 && e <= ne, "element %lu", e);
        in[e - 1] = true;
        got++;
        next = line;
    }
    cr_expect_eq(got, size);
    for (uint32_t s = 0; s < ns; s++) {
        bool met = false;
        for (uint32_t i = 0; i < len; i++)
            met = met || in[sets[(size_t)s * len + i]];
        cr_expect(met, "set %u is not met", s + 1);
    }
    free(in);
    run_free(&c);
    free(sets);
    free(text);

    run_result d = run_t24("cover --core-method --work 20000000 --quiet --json " T24_SOURCE_DIR
                           "/data/instances/cards5_deck1-5_target24_all.hgr", NULL);
    cr_assert_eq(d.status, 0, "%s", d.err);
    cJSON *k = cJSON_Parse(d.out);
    const cJSON *kls = cJSON_GetObjectItemCaseSensitive(k, "local_search");
    cr_expect_null(cJSON_GetObjectItemCaseSensitive(kls, "core_rounds"));
    cJSON_Delete(k);
    run_free(&d);
}

/* The core method is opt-in: without --core-method the same instance of the shape gets
 * the local search (no core_rounds), and `t24 study --help` and `t24 cover --help` name
 * the flag. */
Test(corecover, off_without_the_flag)
{
    uint32_t *sets;
    char *text = wide_text(24000, 300, 400, &sets);
    run_result a =
        run_t24("cover --work 10000000 --time-limit 600 --lp simplex --quiet --json", text);
    cr_assert_eq(a.status, 0, "%s", a.err);
    cJSON *j = cJSON_Parse(a.out);
    const cJSON *ls = cJSON_GetObjectItemCaseSensitive(j, "local_search");
    cr_assert(cJSON_IsObject(ls), "the local search did not run: %s", a.out);
    cr_expect_null(cJSON_GetObjectItemCaseSensitive(ls, "core_rounds"), "%s", a.out);
    cJSON_Delete(j);
    run_free(&a);
    free(sets);
    free(text);
    const char *helps[] = { "study --help", "cover --help" };
    for (size_t i = 0; i < 2; i++) {
        run_result h = run_t24(helps[i], NULL);
        cr_expect_eq(h.status, 0);
        cr_expect(strstr(h.out, "--core-method"), "t24 %s does not name --core-method",
                  helps[i]);
        run_free(&h);
    }
}
