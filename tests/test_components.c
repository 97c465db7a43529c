/* test_components.c - an instance cut into its components (components.h), and `t24
 * cover`'s exact phase searching them apart: on disjoint unions of small random
 * instances, with their ids shuffled together, the parts are exactly the pieces, and the
 * run proves the sum of the pieces' brute-force optima. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/presolve/components.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "mincover_helpers.h"

#define PIECES 4
#define PIECE_ELEMS 10
#define PIECE_SETS 16

/* PIECES random instances side by side, element e of piece p becoming perm[p * PIECE_ELEMS
 * + e] (so that no piece holds a range of ids), the sets interleaved; piece[] receives
 * the pieces, piece_of[] each element's piece. */
static instance *disjoint_union(uint64_t *state, instance **piece, uint32_t *piece_of)
{
    uint32_t ne = PIECES * PIECE_ELEMS, perm[PIECES * PIECE_ELEMS], len;
    for (uint32_t i = 0; i < ne; i++)
        perm[i] = i;
    for (uint32_t i = ne - 1; i > 0; i--) {
        uint32_t j = (uint32_t)(test_random(state) % (i + 1)), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    uint64_t off[PIECES * PIECE_SETS + 1] = { 0 };
    uint32_t el[PIECES * PIECE_SETS * 4], ns = 0;
    for (uint32_t p = 0; p < PIECES; p++)
        piece[p] = random_instance(PIECE_ELEMS, PIECE_SETS, 4, state);
    for (uint32_t s = 0; s < PIECE_SETS; s++)
        for (uint32_t p = 0; p < PIECES; p++, ns++) {
            const uint32_t *row = instance_set(piece[p], s, &len);
            off[ns + 1] = off[ns] + len;
            for (uint32_t i = 0; i < len; i++) {
                el[off[ns] + i] = perm[p * PIECE_ELEMS + row[i]];
                piece_of[el[off[ns] + i]] = p;
            }
        }
    char err[256];
    instance *h = instance_new(ne, ns, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    return h;
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Every set of h once among the parts (mapped back), no element in two parts, the parts
 * smallest first, and each part's sets within one piece. */
static void expect_partition(const instance *h, const components *c, const uint32_t *piece_of)
{
    uint32_t ns = instance_nsets(h), len, seen_sets = 0;
    uint32_t *owner = malloc(instance_nelems(h) * sizeof *owner);
    uint64_t *got = malloc((ns + 1) * sizeof *got), *want = malloc((ns + 1) * sizeof *want);
    memset(owner, 0xff, instance_nelems(h) * sizeof *owner);
    for (uint32_t s = 0; s < ns; s++) { /* a row's fingerprint: its elements as bits */
        const uint32_t *row = instance_set(h, s, &len);
        want[s] = 0;
        for (uint32_t i = 0; i < len; i++)
            want[s] |= 1ull << row[i];
    }
    for (uint32_t p = 0; p < c->n; p++) {
        cr_assert(p == 0 || instance_nnz(c->part[p - 1]) <= instance_nnz(c->part[p]));
        for (uint32_t s = 0; s < instance_nsets(c->part[p]); s++) {
            const uint32_t *row = instance_set(c->part[p], s, &len);
            uint64_t bits = 0;
            for (uint32_t i = 0; i < len; i++) {
                uint32_t e = c->elem_map[p][row[i]];
                cr_assert(owner[e] == UINT32_MAX || owner[e] == p, "element %u in two parts", e);
                cr_assert_eq(piece_of[e], piece_of[c->elem_map[p][row[0]]]);
                owner[e] = p;
                bits |= 1ull << e;
            }
            got[seen_sets++] = bits;
        }
    }
    cr_assert_eq(seen_sets, ns);
    qsort(got, ns, sizeof *got, by_value);
    qsort(want, ns, sizeof *want, by_value);
    cr_assert_arr_eq(got, want, ns * sizeof *got);
    free(owner);
    free(got);
    free(want);
}

Test(components, split_an_instance_into_its_pieces)
{
    uint64_t state = 4242;
    for (int t = 0; t < 40; t++) {
        instance *piece[PIECES];
        uint32_t piece_of[PIECES * PIECE_ELEMS];
        instance *h = disjoint_union(&state, piece, piece_of);
        components c;
        cr_assert_eq(components_split(h, &c), 0);
        /* A random piece may itself fall apart: at least one part per piece. */
        cr_assert_geq(c.n, PIECES, "instance %d: %u parts", t, c.n);
        expect_partition(h, &c, piece_of);
        components_free(&c);
        for (int p = 0; p < PIECES; p++)
            instance_free(piece[p]);
        instance_free(h);
    }
}

/* `t24 cover`'s setting (the kernel on): the components are searched apart, and the
 * optimum proven is the sum of the pieces' brute-force optima. */
Test(components, searched_apart_they_prove_the_sum_of_the_optima)
{
    uint64_t state = 99;
    uint32_t apart = 0;
    for (int t = 0; t < 30; t++) {
        instance *piece[PIECES];
        uint32_t piece_of[PIECES * PIECE_ELEMS], want = 0;
        instance *h = disjoint_union(&state, piece, piece_of);
        for (int p = 0; p < PIECES; p++)
            want += brute_optimum(piece[p]);
        mincover_params p;
        mincover_result r;
        char err[256];
        mincover_params_init(&p);
        p.greedy_runs = 1;
        p.kernel = true;
        cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
        cr_assert_eq(r.optimum, want, "instance %d: %u, brute force %u", t, r.optimum, want);
        cr_assert(r.optimal, "instance %d", t);
        cr_assert(instance_is_cover(h, r.cover.elems, r.cover.n));
        cr_assert_eq(r.exact.parts_proven, r.exact.parts_apart);
        apart += r.exact.parts_apart > 1;
        mincover_result_free(&r);
        for (int q = 0; q < PIECES; q++)
            instance_free(piece[q]);
        instance_free(h);
    }
    cr_expect_gt(apart, 0, "no run searched components apart");
}
