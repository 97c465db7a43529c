/* test_kernel.c - the kernel (hitset/presolve/kernel.h): on random instances and random graphs
 * the optimum is the offset plus the kernel's (brute force, or GLPK beyond it), every
 * kernel cover lifts to a cover of the instance exactly offset larger, folding and
 * vertex-cover domination fire where they should, a deadline leaves a valid kernel,
 * and components are the incidence graph's. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/presolve/crown.h"
#include "hitset/driver/engine.h"
#include "hitset/heur/greedy.h"
#include "hitset/mip/ilp.h"
#include "hitset/presolve/kernel.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "hitset/presolve/reduce.h"
#include "mincover_helpers.h"

/* The optimum and one optimal cover (into cover, its size returned), over every subset:
 * instances of at most 20 elements. */
static uint32_t brute_cover(const instance *h, uint32_t *cover)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h), best = UINT32_MAX, arg = 0;
    uint32_t *mask = malloc((ns + 1) * sizeof *mask);
    cr_assert_leq(ne, 20);
    set_masks(h, mask);
    for (uint32_t sub = 0; sub < (1u << ne); sub++) {
        uint32_t k = (uint32_t)__builtin_popcount(sub), s = 0;
        if (k >= best)
            continue;
        while (s < ns && (mask[s] & sub))
            s++;
        if (s == ns) {
            best = k;
            arg = sub;
        }
    }
    for (uint32_t e = 0, n = 0; e < ne; e++)
        if (arg >> e & 1)
            cover[n++] = e;
    free(mask);
    return best;
}

/* A random graph as an instance: nedges pairs of distinct vertices (repeats collapse). */
static instance *random_graph(uint32_t nv, uint32_t nedges, uint64_t *state)
{
    uint64_t *off = malloc((nedges + 1) * sizeof *off);
    uint32_t *el = malloc((2 * (size_t)nedges + 1) * sizeof *el);
    off[0] = 0;
    for (uint32_t s = 0; s < nedges; s++) {
        uint32_t a = (uint32_t)(test_random(state) % nv), b;
        do
            b = (uint32_t)(test_random(state) % nv);
        while (b == a);
        el[2 * s] = a;
        el[2 * s + 1] = b;
        off[s + 1] = 2 * (uint64_t)(s + 1);
    }
    char err[256];
    instance *h = instance_new(nv, nedges, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    free(off);
    free(el);
    return h;
}

static void kernelize(const instance *h, double deadline, kernel_result *k)
{
    char err[256];
    cr_assert_eq(kernel_run(h, budget_until(deadline, NULL), k, err, sizeof err), 0, "%s", err);
    const char *why = kernel_result_check(h, k);
    cr_assert_null(why, "%s", why ? why : "");
}

/* Lifts cover[0..n) of the kernel and checks it covers h with offset + n elements. */
static void expect_lifts(const instance *h, const kernel_result *k, const uint32_t *cover,
                         uint32_t n, const char *what)
{
    uint32_t *out = malloc(((size_t)instance_nelems(h) + 1) * sizeof *out);
    uint32_t m = kernel_lift(k, cover, n, out);
    cr_assert_eq(m, k->offset + n, "%s: lifted %u, offset %u + %u", what, m, k->offset, n);
    cr_assert(instance_is_cover(h, out, m), "%s: the lifted cover misses a set", what);
    free(out);
}

/* Brute force on h and on its kernel: the optima differ by the offset, and an optimal
 * kernel cover lifts to an optimal cover. Returns the folds made. */
static uint32_t check_small(const instance *h, const char *what)
{
    kernel_result k;
    uint32_t cover[32], kcover[32];
    kernelize(h, 0, &k);
    uint32_t opt = brute_cover(h, cover), kopt = brute_cover(k.core, kcover);
    cr_assert_eq(opt, k.offset + kopt, "%s: optimum %u, offset %u + kernel %u", what, opt,
                 k.offset, kopt);
    expect_lifts(h, &k, kcover, kopt, what);
    uint32_t folds = k.rule[KERNEL_FOLDING].applied;
    kernel_result_free(&k);
    return folds;
}

Test(kernel, keeps_the_optimum_on_random_small_instances)
{
    uint64_t state = 4242;
    for (int t = 0; t < 300; t++) {
        uint32_t ne = 3 + (uint32_t)(test_random(&state) % 14);
        uint32_t ns = 1 + (uint32_t)(test_random(&state) % 30);
        uint32_t maxlen = 2 + (uint32_t)(test_random(&state) % 3);
        instance *h = random_instance(ne, ns, maxlen, &state);
        check_small(h, "random instance");
        instance_free(h);
    }
}

Test(kernel, keeps_the_optimum_on_random_small_graphs_where_folding_fires)
{
    uint64_t state = 99;
    uint32_t folds = 0;
    for (int t = 0; t < 300; t++) {
        uint32_t nv = 4 + (uint32_t)(test_random(&state) % 15);
        uint32_t ne = 2 + (uint32_t)(test_random(&state) % (2 * nv));
        instance *h = random_graph(nv, ne, &state);
        folds += check_small(h, "random graph");
        instance_free(h);
    }
    cr_expect_gt(folds, 50, "folding fired %u times", folds);
}

/* The crown rule's LP: crown_lp()'s half-integral solution is feasible and its value
 * is GLPK's LP optimum (a second method), on random graphs of every density. */
Test(kernel, crown_lp_is_the_vertex_cover_lp_optimum)
{
    uint64_t state = 31;
    for (int t = 0; t < 60; t++) {
        uint32_t nv = 3 + (uint32_t)(test_random(&state) % 60);
        instance *g = random_graph(nv, 1 + (uint32_t)(test_random(&state) % (3 * nv)), &state);
        uint64_t off[64] = { 0 };
        uint32_t adj[2 * 3 * 64], len, pos[64];
        unsigned char x2[64];
        for (uint32_t v = 0; v < nv; v++) {
            instance_elem(g, v, &len);
            off[v + 1] = off[v] + len;
            pos[v] = (uint32_t)off[v];
        }
        for (uint32_t s = 0; s < instance_nsets(g); s++) {
            const uint32_t *row = instance_set(g, s, &len);
            adj[pos[row[0]]++] = row[1];
            adj[pos[row[1]]++] = row[0];
        }
        cr_assert_eq(crown_lp(nv, off, adj, budget_until(0, NULL), x2), 0);
        uint32_t twice = 0;
        for (uint32_t v = 0; v < nv; v++) {
            cr_assert_leq(x2[v], 2);
            twice += x2[v];
        }
        for (uint32_t s = 0; s < instance_nsets(g); s++) {
            const uint32_t *row = instance_set(g, s, &len);
            cr_assert_geq(x2[row[0]] + x2[row[1]], 2, "graph %d: edge %u unmet", t, s);
        }
        ilp_params p;
        double lp;
        char err[256];
        ilp_params_init(&p);
        cr_assert_eq(ilp_lp_bound(g, &p, &lp, err, sizeof err), 0, "%s", err);
        cr_expect_float_eq(twice / 2.0, lp, 1e-6, "graph %d: %g vs GLPK %g", t, twice / 2.0, lp);
        instance_free(g);
    }
}

/* K(3,5): no other rule fires (no pair-free neighbour dominates, no vertex has degree
 * two), and the LP puts the three at 1 and the five at 0: the crown rule alone empties
 * it, with the optimum 3. On random graphs of a few vertices joined to many others it
 * fires, and the optimum stays brute force's (check_small()). */
Test(kernel, crowns_take_what_the_lp_puts_at_one)
{
    uint32_t sets[15][16];
    for (uint32_t a = 0; a < 3; a++)
        for (uint32_t b = 0; b < 5; b++) {
            sets[5 * a + b][0] = a;
            sets[5 * a + b][1] = 3 + b;
            sets[5 * a + b][2] = UINT32_MAX;
        }
    instance *h = make_instance(8, 15, (const uint32_t(*)[16])sets);
    kernel_result k;
    kernelize(h, 0, &k);
    cr_expect_eq(k.offset, 3);
    cr_expect_eq(instance_nsets(k.core), 0);
    cr_expect_eq(k.rule[KERNEL_CROWN].applied, 3);
    cr_expect_eq(k.rule[KERNEL_FOLDING].applied + k.rule[KERNEL_VC_DOMINATION].applied, 0);
    kernel_result_free(&k);
    instance_free(h);
    uint64_t state = 7;
    uint32_t crowned = 0;
    for (int t = 0; t < 200; t++) { /* a few vertices, each joined to many of the rest */
        uint32_t few = 3 + (uint32_t)(test_random(&state) % 3), nv = few + 6 + t % 8, n = 0;
        uint32_t sets2[64][16];
        for (uint32_t b = few; b < nv; b++)
            for (uint32_t a = 0; a < few && n < 64; a++)
                if (test_random(&state) % 4 != 0 || a < 3) {
                    sets2[n][0] = a;
                    sets2[n][1] = b;
                    sets2[n++][2] = UINT32_MAX;
                }
        if (t % 2) { /* an edge inside the few, so that it is not always bipartite */
            sets2[0][0] = 0;
            sets2[0][1] = 1;
        }
        instance *g = make_instance(nv, n, (const uint32_t(*)[16])sets2);
        kernel_result kk;
        kernelize(g, 0, &kk);
        crowned += kk.rule[KERNEL_CROWN].applied > 0;
        kernel_result_free(&kk);
        check_small(g, "random graph");
        instance_free(g);
    }
    cr_expect_gt(crowned, 0, "the crown rule never fired");
}

/* A path of five vertices and a cycle of five: folding alone empties both. */
Test(kernel, folds_paths_and_odd_cycles_away)
{
    static const uint32_t path[][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX },
                                         { 2, 3, UINT32_MAX }, { 3, 4, UINT32_MAX } };
    static const uint32_t cycle[][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX },
                                          { 2, 3, UINT32_MAX }, { 3, 4, UINT32_MAX },
                                          { 4, 0, UINT32_MAX } };
    instance *p = make_instance(5, 4, path), *c = make_instance(5, 5, cycle);
    kernel_result k;
    kernelize(c, 0, &k);
    cr_expect_eq(k.offset, 3, "C5 needs three");
    cr_expect_eq(instance_nsets(k.core), 0);
    cr_expect_gt(k.rule[KERNEL_FOLDING].applied, 0);
    expect_lifts(c, &k, NULL, 0, "C5");
    kernel_result_free(&k);
    kernelize(p, 0, &k);
    cr_expect_eq(k.offset, 2, "P5 needs two");
    expect_lifts(p, &k, NULL, 0, "P5");
    kernel_result_free(&k);
    instance_free(p);
    instance_free(c);
}

/* A wheel's hub with a triangle: v = 0 has neighbours 1, 2 and {1, 2} is a set, so 1
 * (or 2) is taken by vertex-cover domination, not folded. */
Test(kernel, takes_a_dominating_neighbour)
{
    static const uint32_t sets[][16] = { { 0, 1, UINT32_MAX }, { 0, 2, UINT32_MAX },
                                         { 1, 2, UINT32_MAX }, { 1, 3, 4, UINT32_MAX },
                                         { 2, 4, 5, UINT32_MAX }, { 3, 5, UINT32_MAX } };
    instance *h = make_instance(6, 6, sets);
    kernel_result k;
    kernelize(h, 0, &k);
    cr_expect_gt(k.rule[KERNEL_VC_DOMINATION].applied, 0);
    cr_expect_eq(k.rule[KERNEL_FOLDING].applied, 0, "{1, 2} is a set: no fold at 0");
    kernel_result_free(&k);
    check_small(h, "triangle");
    instance_free(h);
}

/* Beyond brute force: GLPK's optimum of a sparse random graph is the offset plus its
 * kernel's, and greedy's cover of the kernel lifts to a cover. */
Test(kernel, keeps_the_optimum_on_sparse_graphs_by_glpk, .timeout = 300)
{
    uint64_t state = 2025;
    for (int t = 0; t < 6; t++) {
        instance *h = random_graph(120, 150 + 10 * (uint32_t)t, &state);
        kernel_result k;
        kernelize(h, 0, &k);
        cr_expect_lt(instance_nelems(k.core), 120, "graph %d: nothing removed", t);
        ilp_params p;
        ilp_result a, b;
        char err[256];
        ilp_params_init(&p);
        cr_assert_eq(engine_hitting_set(h, &p, &a, err, sizeof err), 0, "%s", err);
        cr_assert_eq(engine_hitting_set(k.core, &p, &b, err, sizeof err), 0, "%s", err);
        cr_assert_eq(a.status, ILP_OPTIMAL);
        cr_assert_eq(b.status, ILP_OPTIMAL);
        cr_expect_eq(a.value, k.offset + b.value, "graph %d: %g vs %u + %g", t, a.value,
                     k.offset, b.value);
        expect_lifts(h, &k, b.chosen, b.nchosen, "GLPK's kernel cover");
        greedy_cover g;
        cr_assert_eq(greedy_run(k.core, NULL, &g), 0);
        expect_lifts(h, &k, g.elems, g.n, "greedy's kernel cover");
        greedy_cover_free(&g);
        ilp_result_free(&a);
        ilp_result_free(&b);
        kernel_result_free(&k);
        instance_free(h);
    }
}

/* A deadline already past stops the passes at the first clock reading: the kernel built
 * from there is still one (the checker, and every cover lifting). */
Test(kernel, a_stopped_kernel_is_valid)
{
    uint64_t state = 7;
    instance *h = random_graph(3000, 4000, &state);
    kernel_result k, full;
    kernelize(h, 1e-9, &k);
    cr_expect(k.stopped);
    kernelize(h, 0, &full);
    cr_expect_not(full.stopped);
    cr_expect_lt(instance_nelems(full.core), instance_nelems(k.core));
    greedy_cover g;
    cr_assert_eq(greedy_run(k.core, NULL, &g), 0);
    expect_lifts(h, &k, g.elems, g.n, "stopped kernel");
    greedy_cover_free(&g);
    kernel_result_free(&k);
    kernel_result_free(&full);
    instance_free(h);
}

/* Is every entry of a[0..na) in b[0..nb)? A plain double loop: the oracle below shares
 * nothing with reduce.c's subset tests (binary searches behind signature filters). */
static bool naive_subset(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb)
{
    for (uint32_t i = 0; i < na; i++) {
        bool found = false;
        for (uint32_t j = 0; j < nb && !found; j++)
            found = a[i] == b[j];
        if (!found)
            return false;
    }
    return true;
}

/* A row of core rows (sets when by_set, else elements) that another row contains, or -1. */
static int64_t contained_row(const instance *h, bool by_set)
{
    uint32_t n = by_set ? instance_nsets(h) : instance_nelems(h), la, lb;
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++) {
            if (a == b)
                continue;
            const uint32_t *ra = by_set ? instance_set(h, a, &la) : instance_elem(h, a, &la);
            const uint32_t *rb = by_set ? instance_set(h, b, &lb) : instance_elem(h, b, &lb);
            if (naive_subset(ra, la, rb, lb))
                return a;
        }
    return -1;
}

/* reduce.c's core is a fixpoint, checked by brute force: no set of one element, no set
 * holding another, no element meeting a subset of another's sets. Sizes from a few dozen
 * rows to hundreds, so that the sets' 64-bit signatures collide and must not hide a
 * superset (a filter that skipped one leaves a dominated set in the core). */
Test(kernel, reduce_leaves_a_fixpoint_by_brute_force)
{
    uint64_t state = 77;
    static const uint32_t size[][3] = {{20, 40, 4}, {40, 80, 6}, {150, 500, 5}, {300, 900, 9}};
    for (int t = 0; t < 40; t++) {
        const uint32_t *z = size[t % 4];
        instance *h = random_instance(z[0], z[1], z[2], &state);
        reduce_result red;
        char err[256];
        cr_assert_eq(reduce_run(h, &red, err, sizeof err), 0, "%s", err);
        cr_assert(!red.stopped);
        for (uint32_t s = 0, len; s < instance_nsets(red.core); s++) {
            instance_set(red.core, s, &len);
            cr_expect_gt(len, 1, "instance %d: core set %u has %u elements", t, s, len);
        }
        cr_expect_eq(contained_row(red.core, true), -1, "instance %d: a set holds another", t);
        cr_expect_eq(contained_row(red.core, false), -1, "instance %d: an element dominated", t);
        reduce_result_free(&red);
        instance_free(h);
    }
}

/* On reduce.c's core (its fixpoint) without pairs, the kernel removes nothing: its
 * domination rules are reduce.c's, ties broken alike. */
Test(kernel, adds_nothing_to_reduce_where_no_set_is_a_pair)
{
    uint64_t state = 31;
    for (int t = 0; t < 50; t++) {
        instance *h0 = random_instance(40, 80, 6, &state);
        reduce_result red;
        char err[256];
        cr_assert_eq(reduce_run(h0, &red, err, sizeof err), 0, "%s", err);
        bool pairs = false;
        for (uint32_t s = 0; s < instance_nsets(red.core); s++) {
            uint32_t len;
            instance_set(red.core, s, &len);
            pairs |= len == 2;
        }
        kernel_result k;
        kernelize(red.core, 0, &k);
        if (!pairs) {
            cr_expect_eq(k.offset, 0, "instance %d", t);
            cr_expect_eq(instance_nsets(k.core), instance_nsets(red.core), "instance %d", t);
            cr_expect_eq(instance_nelems(k.core), instance_nelems(red.core), "instance %d", t);
        }
        kernel_result_free(&k);
        reduce_result_free(&red);
        instance_free(h0);
    }
}

Test(kernel, components_are_those_of_the_incidence_graph)
{
    static const uint32_t sets[][16] = { { 0, 3, UINT32_MAX }, { 3, 5, UINT32_MAX },
                                         { 1, 2, UINT32_MAX }, { 6, UINT32_MAX } };
    instance *h = make_instance(7, 4, sets);
    uint32_t ce[7], cs[4];
    cr_assert_eq(kernel_components(h, ce, cs), 4, "{0,3,5}, {1,2}, {4}, {6}");
    uint32_t want_e[7] = { 0, 1, 1, 0, 2, 0, 3 }, want_s[4] = { 0, 0, 1, 3 };
    cr_expect_arr_eq(ce, want_e, sizeof ce);
    cr_expect_arr_eq(cs, want_s, sizeof cs);
    instance_free(h);
}

/* The whole run with the kernel (`t24 cover`'s setting) on small graphs and random
 * instances: brute force's optimum, proven; an LP bound at least the instance's LP value
 * and at most the optimum; and the run's kernel the one kernel_run() makes. */
Test(kernel, mincover_with_the_kernel_matches_brute_force)
{
    uint64_t state = 515;
    uint32_t folded = 0;
    for (int t = 0; t < 80; t++) {
        instance *h = t % 2 ? random_instance(12, 20, 3, &state)
                            : random_graph(14, 12 + (uint32_t)(test_random(&state) % 14),
                                           &state);
        uint32_t cover[32], opt = brute_cover(h, cover);
        mincover_params p;
        mincover_result r;
        char err[256];
        mincover_params_init(&p);
        p.greedy_runs = 3;
        p.kernel = true;
        cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
        cr_assert_eq(r.optimum, opt, "instance %d: %u, brute force %u", t, r.optimum, opt);
        cr_assert(r.optimal, "instance %d", t);
        cr_assert(instance_is_cover(h, r.cover.elems, r.cover.n));
        cr_assert_eq(r.presolve.offset, r.presolve.red.nforced + r.presolve.kern.offset);
        double full;
        ilp_params q;
        ilp_params_init(&q);
        cr_assert_eq(ilp_lp_bound(h, &q, &full, err, sizeof err), 0, "%s", err);
        if (r.lp.bound >= 0) {
            cr_assert_geq(r.lp.bound, full - 1e-6, "instance %d", t);
            cr_assert_leq(r.lp.bound, r.optimum + 1e-6, "instance %d", t);
        }
        folded += r.presolve.kern.rule[KERNEL_FOLDING].applied;
        mincover_result_free(&r);
        instance_free(h);
    }
    cr_expect_gt(folded, 0, "the kernel never folded");
}
