/* test_symmetry.c - the automorphism group of an instance (bench/symmetry): its order on
 * instances whose group is known on paper (a cycle's edges: the dihedral group, 2n; the
 * complete graph's: n!; a planted asymmetric one: 1) and on random instances against a
 * brute force over every permutation of the elements; a deadline already past stops it
 * without spoiling the next call; and the tool t24-symmetry keeps t24's contract
 * (docs/reliability.md): one line naming what is wrong, exit status 2. */
#include <criterion/criterion.h>

#include "core/walltime.h"
#include "helpers.h"
#include "mincover_helpers.h"
#include "symmetry.h"

/* The edges of a graph on n vertices as an instance: vertex i is element i. */
static instance *edges_instance(uint32_t n, uint32_t nedges, const uint32_t *a,
                                const uint32_t *b)
{
    uint64_t off[80];
    uint32_t el[160];
    cr_assert_leq(nedges, 79);
    for (uint32_t k = 0; k < nedges; k++) {
        off[k] = 2 * k;
        el[2 * k] = a[k];
        el[2 * k + 1] = b[k];
    }
    off[nedges] = 2 * nedges;
    char err[256];
    instance *h = instance_new(n, nedges, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    return h;
}

static symmetry_result group_of(const instance *h)
{
    symmetry_result r;
    char err[256];
    cr_assert_eq(symmetry_group(h, walltime_now() + 600, &r, err, sizeof err), 0, "%s", err);
    cr_assert(!r.stopped);
    return r;
}

/* The group's order when it fits a double exactly (below 2^53). */
static double order(const symmetry_result *r)
{
    double x = r->size_mantissa;
    for (int i = 0; i < r->size_exponent; i++)
        x *= 10;
    return x;
}

/* C_n's edges: the incidence graph is a 2n-cycle whose colours alternate, its
 * colour-keeping automorphisms C_n's own: n rotations and n reflections. */
Test(symmetry, a_cycles_edges_have_the_dihedral_group)
{
    for (uint32_t n = 3; n <= 40; n++) {
        uint32_t a[40], b[40];
        for (uint32_t i = 0; i < n; i++)
            a[i] = i, b[i] = (i + 1) % n;
        instance *h = edges_instance(n, n, a, b);
        symmetry_result r = group_of(h);
        cr_expect_eq(order(&r), 2.0 * n, "C_%u: order %g, not %u", n, order(&r), 2 * n);
        cr_expect_eq(r.elem_orbits, 1, "C_%u", n);
        cr_expect_eq(r.set_orbits, 1, "C_%u", n);
        cr_expect_eq(r.elems_moved, n);
        cr_expect_eq(r.sets_moved, n);
        cr_expect_geq(r.generators, 2, "C_%u: the dihedral group is not cyclic", n);
        instance_free(h);
    }
}

/* K_n's edges: every permutation of the vertices keeps the edges, and an automorphism is
 * fixed by what it does to the vertices (an edge goes where its two ends go): n!. */
Test(symmetry, the_complete_graphs_edges_have_every_permutation)
{
    double fact = 1;
    for (uint32_t n = 2; n <= 12; n++) {
        fact *= n;
        uint32_t a[80], b[80], k = 0;
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t j = i + 1; j < n; j++, k++)
                a[k] = i, b[k] = j;
        instance *h = edges_instance(n, k, a, b);
        symmetry_result r = group_of(h);
        cr_expect_eq(order(&r), fact, "K_%u: order %g, not %g", n, order(&r), fact);
        cr_expect_eq(r.elem_orbits, 1);
        cr_expect_eq(r.set_orbits, 1);
        instance_free(h);
    }
}

/* A path 0-1-2-3-4 as edges, and {0}: the only set of one element fixes 0, and then each
 * vertex of the path fixes the next; the path's reflection alone would swap 0 and 4. */
Test(symmetry, a_planted_asymmetric_instance_has_the_trivial_group)
{
    const uint32_t sets[][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX },
                                  { 2, 3, UINT32_MAX }, { 3, 4, UINT32_MAX },
                                  { 0, UINT32_MAX } };
    instance *h = make_instance(5, 5, sets);
    symmetry_result r = group_of(h);
    cr_expect(symmetry_trivial(&r));
    cr_expect_eq(r.generators, 0);
    cr_expect_eq(r.elem_orbits, 5);
    cr_expect_eq(r.set_orbits, 5);
    cr_expect_eq(r.elems_moved + r.sets_moved, 0);
    instance_free(h);
    /* Without {0} the reflection is back. */
    h = make_instance(5, 4, sets);
    r = group_of(h);
    cr_expect_eq(order(&r), 2);
    cr_expect_eq(r.elems_moved, 4, "0<->4 and 1<->3, 2 fixed");
    cr_expect_eq(r.sets_moved, 4);
    instance_free(h);
}

/* Brute force: an automorphism is a permutation p of the elements that maps the family
 * of sets onto itself, counted with multiplicity, together with any matching of each
 * set's copies to its image's: |Aut| = #{p} * prod over distinct sets of (copies)!. */
static double brute_order(const instance *h)
{
    uint32_t n = instance_nelems(h), m = instance_nsets(h), mask[64], perm[8];
    cr_assert(n <= 8 && m <= 64);
    set_masks(h, mask);
    double copies = 1;
    for (uint32_t s = 0; s < m; s++) {
        uint32_t same = 0; /* earlier copies of set s */
        for (uint32_t t = 0; t < s; t++)
            same += mask[t] == mask[s];
        copies *= same + 1;
    }
    for (uint32_t i = 0; i < n; i++)
        perm[i] = i;
    double count = 0;
    for (;;) {
        uint32_t image[64];
        for (uint32_t s = 0; s < m; s++) {
            image[s] = 0;
            for (uint32_t i = 0; i < n; i++)
                if (mask[s] >> i & 1)
                    image[s] |= 1u << perm[i];
        }
        bool same_family = true; /* each mask as often among the images as among the sets */
        for (uint32_t s = 0; s < m && same_family; s++) {
            uint32_t a = 0, b = 0;
            for (uint32_t t = 0; t < m; t++)
                a += mask[t] == mask[s], b += image[t] == mask[s];
            same_family = a == b;
        }
        count += same_family;
        /* the next permutation in lexicographic order */
        int i = (int)n - 2;
        while (i >= 0 && perm[i] > perm[i + 1])
            i--;
        if (i < 0)
            break;
        int j = (int)n - 1;
        while (perm[j] < perm[i])
            j--;
        uint32_t t = perm[i];
        perm[i] = perm[j], perm[j] = t;
        for (int lo = i + 1, hi = (int)n - 1; lo < hi; lo++, hi--)
            t = perm[lo], perm[lo] = perm[hi], perm[hi] = t;
    }
    return count * copies;
}

/* Small random instances, with repeated sets and elements of equal sets now and then. */
Test(symmetry, agrees_with_brute_force_on_random_instances)
{
    uint64_t state = 2026;
    int nontrivial = 0;
    for (int i = 0; i < 300; i++) {
        uint32_t n = 2 + (uint32_t)(i % 6), m = 1 + (uint32_t)(test_random(&state) % 9);
        instance *h = random_instance(n, m, 1 + (uint32_t)(i % 3), &state);
        symmetry_result r = group_of(h);
        double want = brute_order(h);
        cr_expect_eq(order(&r), want, "instance %d (%u x %u): order %g, brute force %g", i, n,
                     m, order(&r), want);
        cr_expect_eq(symmetry_trivial(&r), want == 1, "instance %d", i);
        nontrivial += want > 1;
        instance_free(h);
    }
    cr_expect_gt(nontrivial, 50, "too few symmetric instances to test anything");
}

/* A deadline already past stops the search (K_9's edges need many nodes), and the next
 * call, with time, finds the whole group: the stop did not outlive its call. */
Test(symmetry, a_past_deadline_stops_it_and_the_next_call_is_whole)
{
    uint32_t a[36], b[36], k = 0;
    for (uint32_t i = 0; i < 9; i++)
        for (uint32_t j = i + 1; j < 9; j++, k++)
            a[k] = i, b[k] = j;
    instance *h = edges_instance(9, k, a, b);
    symmetry_result r;
    char err[256];
    cr_assert_eq(symmetry_group(h, walltime_now() - 1, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.stopped);
    cr_expect(!symmetry_trivial(&r), "a stopped search proves nothing trivial");
    r = group_of(h);
    cr_expect_eq(order(&r), 362880.0);
    instance_free(h);
}

Test(symmetry, an_empty_instance_has_the_trivial_group)
{
    char err[256];
    instance *h = instance_new(0, 0, (const uint64_t[]){ 0 }, NULL, err, sizeof err);
    cr_assert(h, "%s", err);
    symmetry_result r = group_of(h);
    cr_expect(symmetry_trivial(&r));
    instance_free(h);
}

/* Runs t24-symmetry (env T24_SYMMETRY_BIN) with a shell-quoted argument string and the
 * given stdin; stdout goes to `to` when given (such as /dev/full), else is captured. */
static run_result run_symmetry(const char *args, const char *in, const char *to)
{
    const char *bin = getenv("T24_SYMMETRY_BIN");
    cr_assert(bin, "T24_SYMMETRY_BIN must name t24-symmetry");
    run_files f;
    run_files_make(&f, in, strlen(in));
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' %s <'%s' >'%s' 2>'%s'", bin, args, f.in, to ? to : f.out,
             f.err);
    int st = system(cmd);
    if (to)
        fclose(fopen(f.out, "w"));
    return run_files_collect(&f, st);
}

#define C5 "p hs 5 5\n1 2\n2 3\n3 4\n4 5\n5 1\n"

/* C_5's edges (no reduction applies: no set is in another, no vertex has another's
 * edges), so both lines give the dihedral group of order 10. */
Test(symmetry_tool, prints_both_groups_and_exits_0)
{
    run_result r = run_symmetry("- 10", C5, NULL);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(count_lines(r.out), 2, "%s", r.out);
    cr_expect(strstr(r.out, "-: as given, 5 elements x 5 sets: order 10;"), "%s",
              r.out);
    cr_expect(strstr(r.out, "-: reduced (0 forced), 5 elements x 5 sets: order 10;"), "%s",
              r.out);
    run_free(&r);
}

/* Two equal sets: as given they swap (order 2), and the reductions drop one, which
 * forces its element: nothing is left, the trivial group. */
Test(symmetry_tool, the_reductions_remove_repeated_sets)
{
    run_result r = run_symmetry("- 10", "p hs 1 2\n1\n1\n", NULL);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "as given, 1 elements x 2 sets: order 2;"), "%s", r.out);
    cr_expect(strstr(r.out, "reduced (1 forced), 0 elements x 0 sets: order 1 (trivial);"),
              "%s", r.out);
    run_free(&r);
}

static void expect_one_line(const char *args, const char *needle)
{
    run_result r = run_symmetry(args, C5, NULL);
    cr_expect_eq(r.status, 2, "'%s': status %d", args, r.status);
    cr_expect_eq(count_lines(r.err), 1, "'%s': %s", args, r.err);
    cr_expect(strstr(r.err, needle), "'%s' should say '%s': %s", args, needle, r.err);
    cr_expect_str_eq(r.out, "");
    run_free(&r);
}

Test(symmetry_tool, a_bad_argument_is_named_in_one_line)
{
    expect_one_line("- soon", "SECONDS must be a positive number, not 'soon'");
    expect_one_line("- 0", "not '0'");
    expect_one_line("-", "missing SECONDS after '-'");
    expect_one_line("", "missing FILE.hgr and SECONDS");
    expect_one_line("- 1 extra", "unexpected argument 'extra'");
    expect_one_line("/nonexistent/x.hgr 1",
                    "cannot read '/nonexistent/x.hgr': No such file or directory");
    expect_one_line("/tmp 1", "'/tmp' is a directory");
}

Test(symmetry_tool, a_malformed_instance_is_one_line)
{
    run_result r = run_symmetry("- 1", "p hs 2 1\n3\n", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
    cr_expect(strstr(r.err, "t24-symmetry: -: "), "%s", r.err);
    cr_expect_str_eq(r.out, "");
    run_free(&r);
}

Test(symmetry_tool, exits_2_when_stdout_cannot_be_written)
{
    run_result r = run_symmetry("- 10", C5, "/dev/full");
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "t24-symmetry: cannot write to standard output: "), "%s", r.err);
    cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
    run_free(&r);
}

Test(symmetry_tool, help_exits_0)
{
    run_result r = run_symmetry("--help", "", NULL);
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "usage: t24-symmetry FILE.hgr SECONDS"), "%s", r.out);
    cr_expect_str_eq(r.err, "");
    run_free(&r);
}
