/* test_localsearch.c - the pair-move local search: every cover it reports meets every
 * set, it never does worse than its start, it is reproducible from its seed and step
 * count (restarts and an extended budget included), on small instances it reaches the
 * optimum found by brute force, and on a vertex cover of a bipartite graph it improves on
 * greedy up to the optimum König's theorem gives (a maximum matching, found here). */
#include <criterion/criterion.h>
#include <string.h>

#include "core/walltime.h"
#include "hitset/heur/greedy.h"
#include "hitset/heur/localsearch.h"
#include "mincover_helpers.h"

#define END UINT32_MAX

static void start_cover(const instance *h, greedy_cover *gp)
{
    greedy_cover g;
    cr_assert_eq(greedy_run(h, NULL, &g), 0);
    cr_assert_eq(greedy_prune(h, &g, gp), 0);
    greedy_cover_free(&g);
}

static void run(const instance *h, const greedy_cover *start, const localsearch_params *p,
                localsearch_result *r)
{
    char err[256];
    cr_assert_eq(localsearch_run(h, start->elems, start->n, p, r, err, sizeof err), 0, "%s",
                 err);
}

/* Checked here by brute force over the sets, not through instance_is_cover(). */
static bool meets_every_set(const instance *h, const uint32_t *elems, uint32_t n)
{
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        bool met = false;
        for (uint32_t i = 0; i < len && !met; i++)
            for (uint32_t k = 0; k < n && !met; k++)
                met = el[i] == elems[k];
        if (!met)
            return false;
    }
    return true;
}

Test(localsearch, never_reports_a_cover_that_misses_a_set)
{
    uint64_t state = 99;
    for (int i = 0; i < 120; i++) {
        instance *h = random_instance(20 + i, 40 + 3 * i, 1 + i % 6, &state);
        greedy_cover gp;
        start_cover(h, &gp);
        localsearch_params p;
        localsearch_params_init(&p);
        p.seed = (uint64_t)i;
        p.max_steps = 1 + (uint64_t)(i / 2) * 97; /* stops at every stage of a run */
        p.restart = i % 3 == 0 ? 40 + (uint64_t)i : 0; /* restarts from elite covers */
        localsearch_result r;
        run(h, &gp, &p, &r);
        cr_assert(meets_every_set(h, r.elems, r.n), "instance %d: the cover misses a set", i);
        cr_assert_leq(r.n, gp.n);
        cr_assert_eq(r.start, gp.n);
        for (uint32_t k = 1; k < r.n; k++)
            cr_assert_lt(r.elems[k - 1], r.elems[k], "not ascending or repeated");
        localsearch_result_free(&r);
        greedy_cover_free(&gp);
        instance_free(h);
    }
}

Test(localsearch, reaches_the_brute_force_optimum_on_small_instances)
{
    uint64_t state = 5;
    for (int i = 0; i < 50; i++) {
        instance *h = random_instance(16, 45, 4, &state);
        uint32_t opt = brute_optimum(h);
        greedy_cover gp;
        start_cover(h, &gp);
        localsearch_params p;
        localsearch_params_init(&p);
        p.limit = budget_until(walltime_now() + 60, NULL); /* never reached: the step limit stops it */
        p.max_steps = 20000;
        localsearch_result r;
        run(h, &gp, &p, &r);
        cr_expect_eq(r.n, opt, "instance %d: %u, optimum %u", i, r.n, opt);
        localsearch_result_free(&r);
        greedy_cover_free(&gp);
        instance_free(h);
    }
}

Test(localsearch, stops_at_its_target)
{
    uint64_t state = 31;
    instance *h = random_instance(16, 45, 4, &state);
    uint32_t opt = brute_optimum(h);
    greedy_cover gp;
    start_cover(h, &gp);
    localsearch_params p;
    localsearch_params_init(&p);
    p.limit = budget_until(walltime_now() + 60, NULL);
    p.max_steps = 1000000;
    p.target = opt;
    localsearch_result r;
    run(h, &gp, &p, &r);
    cr_expect_eq(r.stop, LOCALSEARCH_TARGET);
    cr_expect_eq(r.n, opt);
    cr_expect_eq(r.steps, r.best_step, "it went on after reaching the target");
    localsearch_result_free(&r);
    greedy_cover_free(&gp);
    instance_free(h);
}

/* Same seed and step limit: the same cover. Rerunning with the step at which the best
 * was found reproduces it, as the header promises for runs cut by time. */
Test(localsearch, is_reproducible_from_seed_and_steps)
{
    uint64_t state = 2024;
    instance *h = random_instance(120, 500, 5, &state);
    greedy_cover gp;
    start_cover(h, &gp);
    localsearch_params p;
    localsearch_params_init(&p);
    p.limit = budget_until(walltime_now() + 60, NULL);
    p.max_steps = 30000;
    p.seed = 7;
    localsearch_result a, b, c;
    run(h, &gp, &p, &a);
    run(h, &gp, &p, &b);
    cr_assert_eq(a.n, b.n);
    cr_assert_eq(memcmp(a.elems, b.elems, a.n * sizeof *a.elems), 0);
    cr_assert_eq(a.best_step, b.best_step);
    cr_assert_lt(a.n, gp.n, "no improvement on greedy at all: the test says nothing");
    p.max_steps = a.best_step;
    run(h, &gp, &p, &c);
    cr_expect_eq(c.n, a.n);
    cr_expect_eq(memcmp(a.elems, c.elems, a.n * sizeof *a.elems), 0);
    localsearch_result_free(&a);
    localsearch_result_free(&b);
    localsearch_result_free(&c);
    greedy_cover_free(&gp);
    instance_free(h);
}

Test(localsearch, patience_stops_a_search_that_no_longer_improves)
{
    uint64_t state = 8;
    instance *h = random_instance(60, 200, 5, &state);
    greedy_cover gp;
    start_cover(h, &gp);
    localsearch_params p;
    localsearch_params_init(&p);
    p.limit = budget_until(walltime_now() + 60, NULL);
    p.patience = 500;
    localsearch_result r;
    run(h, &gp, &p, &r);
    cr_expect_eq(r.stop, LOCALSEARCH_PATIENCE);
    cr_expect_eq(r.steps, r.best_step + 500);
    localsearch_result_free(&r);
    greedy_cover_free(&gp);
    instance_free(h);
}

Test(localsearch, refuses_a_start_that_is_not_a_cover)
{
    static const uint32_t sets[3][16] = { { 0, 1, END }, { 1, 2, END }, { 3, END } };
    instance *h = make_instance(4, 3, sets);
    localsearch_params p;
    localsearch_params_init(&p);
    localsearch_result r;
    char err[256];
    const uint32_t partial[] = { 1 }, outside[] = { 1, 3, 9 };
    cr_expect_eq(localsearch_run(h, partial, 1, &p, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "misses 1 of 3 sets"), "%s", err);
    cr_expect_eq(localsearch_run(h, outside, 3, &p, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "out of range"), "%s", err);
    cr_expect_null(r.elems);
    instance_free(h);
}

/* Two sets of one element each: nothing to improve; the start (with its repeat dropped)
 * comes back as it is. An instance with no set needs no element at all. */
Test(localsearch, handles_degenerate_instances)
{
    static const uint32_t sets[2][16] = { { 0, END }, { 2, END } };
    instance *h = make_instance(3, 2, sets);
    localsearch_params p;
    localsearch_params_init(&p);
    p.max_steps = 100;
    localsearch_result r;
    char err[256];
    const uint32_t start[] = { 2, 0, 2, 1 };
    cr_assert_eq(localsearch_run(h, start, 4, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.start, 3);
    cr_expect_eq(r.n, 2);
    cr_expect_eq(r.elems[0], 0);
    cr_expect_eq(r.elems[1], 2);
    localsearch_result_free(&r);
    instance_free(h);
    char e2[64];
    instance *empty = instance_new(4, 0, (const uint64_t[]){ 0 }, NULL, e2, sizeof e2);
    cr_assert(empty, "%s", e2);
    cr_assert_eq(localsearch_run(empty, NULL, 0, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.n, 0);
    localsearch_result_free(&r);
    instance_free(empty);
}

/* What `t24 cover` prints on a signal: every cover announced is smaller than the one
 * before (the first smaller than the start: last starts as its size), meets every set,
 * and the last is the result. */
typedef struct {
    const instance *h;
    uint32_t calls, last;
    bool all_covers, decreasing;
} announced;

static void on_improved(void *ctx, const uint32_t *elems, uint32_t n)
{
    announced *a = ctx;
    a->decreasing &= n < a->last;
    a->all_covers &= meets_every_set(a->h, elems, n);
    a->last = n;
    a->calls++;
}

/* Each smaller cover is announced, the last being the result, and nothing when the start
 * stays best; both branches must occur, or the test checked only one of them. */
Test(localsearch, announces_each_smaller_cover)
{
    uint64_t state = 17;
    int improved = 0, kept = 0;
    for (int i = 0; i < 20; i++) {
        instance *h = random_instance(40, 120, 5, &state);
        greedy_cover gp;
        start_cover(h, &gp);
        localsearch_params p;
        localsearch_params_init(&p);
        p.max_steps = 20000;
        p.limit = budget_until(walltime_now() + 60, NULL);
        announced a = { h, 0, gp.n, true, true };
        p.improved = on_improved;
        p.improved_ctx = &a;
        localsearch_result r;
        run(h, &gp, &p, &r);
        cr_expect(a.all_covers, "instance %d: an announced cover misses a set", i);
        cr_expect(a.decreasing, "instance %d: an announced cover is not smaller", i);
        if (r.n < gp.n) {
            improved++;
            cr_expect_gt(a.calls, 0, "instance %d: improved on the start, announced nothing",
                         i);
            cr_expect_eq(a.last, r.n, "instance %d: the last announced is not the result", i);
        } else {
            kept++;
            cr_expect_eq(a.calls, 0, "instance %d: announced the start", i);
        }
        localsearch_result_free(&r);
        greedy_cover_free(&gp);
        instance_free(h);
    }
    cr_expect_gt(improved, 0, "no instance improved on its start: nothing was announced");
    cr_expect_gt(kept, 0, "every instance improved: the start was never kept");
}

/* A random bipartite graph's vertex cover as a hitting set: elements 0..n-1 on the left,
 * n..2n-1 on the right, each edge a set of two. */
static instance *bipartite(uint32_t n, uint32_t m, uint64_t *state, uint32_t (*edge)[2])
{
    uint64_t *off = malloc((m + 1) * sizeof *off);
    uint32_t *el = malloc(2 * (size_t)m * sizeof *el);
    off[0] = 0;
    for (uint32_t s = 0; s < m; s++) {
        edge[s][0] = (uint32_t)(test_random(state) % n);
        edge[s][1] = (uint32_t)(test_random(state) % n);
        el[2 * s] = edge[s][0];
        el[2 * s + 1] = n + edge[s][1];
        off[s + 1] = 2 * (uint64_t)(s + 1);
    }
    char err[256];
    instance *h = instance_new(2 * n, m, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    free(off);
    free(el);
    return h;
}

/* Kuhn's augmenting paths from left vertex u (visited marks the right vertices seen). */
static bool augment(uint32_t u, uint32_t m, const uint32_t (*edge)[2], uint32_t *match_right,
                    bool *visited)
{
    for (uint32_t s = 0; s < m; s++) {
        if (edge[s][0] != u || visited[edge[s][1]])
            continue;
        uint32_t v = edge[s][1];
        visited[v] = true;
        if (match_right[v] == UINT32_MAX ||
            augment(match_right[v], m, edge, match_right, visited)) {
            match_right[v] = u;
            return true;
        }
    }
    return false;
}

/* A maximum matching's size: by König's theorem, the minimum vertex cover's. */
static uint32_t max_matching(uint32_t n, uint32_t m, const uint32_t (*edge)[2])
{
    uint32_t *match_right = malloc(n * sizeof *match_right), size = 0;
    bool *visited = malloc(n * sizeof *visited);
    for (uint32_t v = 0; v < n; v++)
        match_right[v] = UINT32_MAX;
    for (uint32_t u = 0; u < n; u++) {
        memset(visited, 0, n * sizeof *visited);
        size += augment(u, m, edge, match_right, visited);
    }
    free(match_right);
    free(visited);
    return size;
}

/* Greedy is above the optimum on these graphs (checked, or the test says nothing); the
 * search, within a step limit, reaches the optimum that König's theorem gives. */
Test(localsearch, improves_greedy_up_to_the_optimum_of_a_bipartite_vertex_cover)
{
    uint64_t state = 4242;
    int above = 0;
    for (int i = 0; i < 6; i++) {
        uint32_t n = 150, m = 450;
        uint32_t(*edge)[2] = malloc(m * sizeof *edge);
        instance *h = bipartite(n, m, &state, edge);
        uint32_t opt = max_matching(n, m, edge);
        greedy_cover gp;
        start_cover(h, &gp);
        cr_assert_geq(gp.n, opt, "greedy below König's optimum: the matching is wrong");
        above += gp.n > opt;
        localsearch_params p;
        localsearch_params_init(&p);
        p.limit = budget_until(walltime_now() + 600, NULL); /* never reached: the step limit stops it */
        p.max_steps = 200000;
        p.seed = (uint64_t)i + 1;
        localsearch_result r;
        run(h, &gp, &p, &r);
        cr_assert(meets_every_set(h, r.elems, r.n));
        cr_expect_eq(r.n, opt, "graph %d: %u, optimum %u (greedy %u)", i, r.n, opt, gp.n);
        localsearch_result_free(&r);
        greedy_cover_free(&gp);
        instance_free(h);
        free(edge);
    }
    cr_assert_geq(above, 3, "greedy found the optimum too often: the test shows no gain");
}

/* Restarts from elite covers are part of the trajectory: the same seed and steps give the
 * same cover and the same number of restarts. */
Test(localsearch, is_reproducible_across_restarts)
{
    uint64_t state = 77;
    instance *h = random_instance(150, 600, 6, &state);
    greedy_cover gp;
    start_cover(h, &gp);
    localsearch_params p;
    localsearch_params_init(&p);
    p.limit = budget_until(walltime_now() + 600, NULL);
    p.max_steps = 40000;
    p.restart = 1500;
    p.seed = 3;
    localsearch_result a, b;
    run(h, &gp, &p, &a);
    run(h, &gp, &p, &b);
    cr_assert_gt(a.restarts, 0, "no restart happened: the test says nothing");
    cr_expect_eq(a.restarts, b.restarts);
    cr_expect_eq(a.n, b.n);
    cr_expect_eq(memcmp(a.elems, b.elems, a.n * sizeof *a.elems), 0);
    cr_expect(meets_every_set(h, a.elems, a.n));
    localsearch_result_free(&a);
    localsearch_result_free(&b);
    greedy_cover_free(&gp);
    instance_free(h);
}

static bool extend_always(void *ctx, uint32_t best, double *end)
{
    (void)best;
    ++*(int *)ctx;
    *end = walltime_now() + 600;
    return true;
}

/* A search whose patience runs out and that is told to go on continues the same
 * trajectory: it ends where a search with no patience and the same steps ends. */
Test(localsearch, an_extended_search_continues_the_same_trajectory)
{
    uint64_t state = 91;
    instance *h = random_instance(120, 500, 5, &state);
    greedy_cover gp;
    start_cover(h, &gp);
    localsearch_params p;
    localsearch_params_init(&p);
    p.limit = budget_until(walltime_now() + 600, NULL);
    p.max_steps = 30000;
    p.seed = 5;
    localsearch_result plain, ext;
    run(h, &gp, &p, &plain);
    int calls = 0;
    p.patience = 300;
    p.extend = extend_always;
    p.extend_ctx = &calls;
    run(h, &gp, &p, &ext);
    cr_assert_eq(calls, 1, "extend was called %d times, not once", calls);
    cr_expect_eq(ext.stop, LOCALSEARCH_STEPS, "stop %s after %llu steps",
                 localsearch_stop_name(ext.stop), (unsigned long long)ext.steps);
    cr_expect_eq(ext.n, plain.n);
    cr_expect_eq(ext.best_step, plain.best_step);
    cr_expect_eq(memcmp(ext.elems, plain.elems, ext.n * sizeof *ext.elems), 0);
    localsearch_result_free(&plain);
    localsearch_result_free(&ext);
    greedy_cover_free(&gp);
    instance_free(h);
}

/* Once extended, the search still ends when extend_patience steps bring no smaller
 * cover (the default run's rule: a small core's cover stops improving long before the
 * extended budget, and the exact search should get that time). Without it the same
 * search runs to its step limit. */
Test(localsearch, an_extended_search_keeps_its_extend_patience)
{
    uint64_t state = 8;
    instance *h = random_instance(60, 200, 5, &state);
    greedy_cover gp;
    start_cover(h, &gp);
    localsearch_params p;
    localsearch_params_init(&p);
    p.limit = budget_until(walltime_now() + 600, NULL);
    p.max_steps = 2000000;
    p.patience = 500;
    p.extend = extend_always;
    int calls = 0;
    p.extend_ctx = &calls;
    localsearch_result r, none;
    run(h, &gp, &p, &none);
    cr_expect_eq(none.stop, LOCALSEARCH_STEPS, "without extend_patience: stop %s",
                 localsearch_stop_name(none.stop));
    p.extend_patience = 5000;
    run(h, &gp, &p, &r);
    cr_assert_eq(calls, 2, "extend was called %d times, not once a run", calls);
    cr_expect_eq(r.stop, LOCALSEARCH_PATIENCE, "stop %s", localsearch_stop_name(r.stop));
    cr_expect_eq(r.steps, r.best_step + 5000, "steps %llu, best at %llu",
                 (unsigned long long)r.steps, (unsigned long long)r.best_step);
    cr_expect_eq(r.n, none.n, "the same trajectory, the same best cover");
    localsearch_result_free(&r);
    localsearch_result_free(&none);
    greedy_cover_free(&gp);
    instance_free(h);
}
