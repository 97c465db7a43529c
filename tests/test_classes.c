/* test_classes.c - template classes, checked against the solution sets themselves. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "study/classes.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "hitset/mip/ilp.h"
#include <math.h>
#include "study/enumeration.h"
#include "study_helpers.h"

/* 4 hands, 6 templates. Rows: h0 {0,2,4}, h1 {}, h2 {2,4,5}, h3 {0,2,4}. Over the
 * solved hands h0 h2 h3: t0 solves {h0,h3}, t2 and t4 {h0,h2,h3}, t5 {h2}; t1, t3
 * nothing. Classes by lowest member: {t0}, {t2,t4}, {t5}. */
Test(classes, templates_with_equal_hand_sets_share_a_class)
{
    uint64_t off[5] = { 0, 3, 3, 6, 9 };
    uint32_t ids[9] = { 0, 2, 4, 2, 4, 5, 0, 2, 4 };
    solutions s = { .nhands = 4, .ntemplates = 6, .off = off, .ids = ids };
    char err[256];
    classes *c = classes_new(&s, err, sizeof err);
    cr_assert(c, "%s", err);
    cr_expect_eq(classes_count(c), 3);
    cr_expect_eq(classes_of(c, 0), 0);
    cr_expect_eq(classes_of(c, 1), CLASSES_NONE);
    cr_expect_eq(classes_of(c, 2), 1);
    cr_expect_eq(classes_of(c, 3), CLASSES_NONE);
    cr_expect_eq(classes_of(c, 4), 1);
    cr_expect_eq(classes_of(c, 5), 2);
    cr_expect_eq(classes_rep(c, 1), 2);
    uint32_t n;
    const uint32_t *m = classes_members(c, 1, &n);
    cr_assert_eq(n, 2);
    cr_expect(m[0] == 2 && m[1] == 4);
    const instance *h = classes_instance(c);
    cr_assert_eq(instance_nsets(h), 3);
    cr_expect_eq(classes_hand(c, 0), 0);
    cr_expect_eq(classes_hand(c, 1), 2);
    cr_expect_eq(classes_hand(c, 2), 3);
    const uint32_t *row = instance_set(h, 1, &n); /* hand 2: classes of t2, t4, t5 */
    cr_assert_eq(n, 2);
    cr_expect(row[0] == 1 && row[1] == 2);
    classes_free(c);
}

/* The hands a template solves, as a bitmap over all hands, read from the solutions rows. */
static void hands_of(const solutions *s, uint32_t t, unsigned char *bits)
{
    memset(bits, 0, s->nhands);
    for (uint32_t h = 0; h < s->nhands; h++)
        for (uint64_t k = s->off[h]; k < s->off[h + 1]; k++)
            if (s->ids[k] == t)
                bits[h] = 1;
}

Test(classes, the_default_study_classes_match_a_naive_comparison)
{
    enumeration st = enumerate_default();
    char err[256];
    classes *c = classes_new(&st.sols, err, sizeof err);
    cr_assert(c, "%s", err);
    uint32_t nt = st.sols.ntemplates, nh = st.sols.nhands;
    unsigned char *bits = malloc((size_t)nt * nh);
    for (uint32_t t = 0; t < nt; t++)
        hands_of(&st.sols, t, bits + (size_t)t * nh);
    /* Naive: a template opens a class unless an earlier template has its bitmap. */
    uint32_t naive = 0, useful = 0;
    for (uint32_t t = 0; t < nt; t++) {
        const unsigned char *a = bits + (size_t)t * nh;
        bool any = memchr(a, 1, nh) != NULL, seen = false;
        useful += any;
        for (uint32_t u = 0; any && u < t && !seen; u++)
            if (memcmp(a, bits + (size_t)u * nh, nh) == 0) {
                seen = true;
                cr_assert_eq(classes_of(c, t), classes_of(c, u));
            }
        naive += any && !seen;
        if (any && !seen)
            cr_assert_eq(classes_rep(c, classes_of(c, t)), t);
        if (!any)
            cr_assert_eq(classes_of(c, t), CLASSES_NONE);
    }
    cr_expect_eq(classes_count(c), naive);
    cr_expect_eq(useful, st.useful_templates);
    cr_expect_eq(instance_nsets(classes_instance(c)), st.family_solvable);
    free(bits);
    classes_free(c);
    enumeration_free(&st);
}

/* The optimal cover of the default study, checked against the solutions rows: every hand
 * the family solves has a solving template whose class is in the cover. */
Test(classes, the_default_cover_solves_every_solvable_hand)
{
    enumeration st = enumerate_default();
    char err[256];
    classes *c = classes_new(&st.sols, err, sizeof err);
    mincover_params hp;
    mincover_result r, plain;
    mincover_params_init(&hp);
    cr_assert_eq(mincover_run(classes_instance(c), NULL, &hp, &r, err, sizeof err), 0);
    hp.reduce = false;
    cr_assert_eq(mincover_run(classes_instance(c), NULL, &hp, &plain, err, sizeof err), 0);
    bool *in = calloc(classes_count(c), sizeof *in);
    for (uint32_t i = 0; i < r.cover.n; i++)
        in[r.cover.elems[i]] = true;
    uint32_t solved = 0;
    for (uint32_t h = 0; h < st.sols.nhands; h++) {
        if (solutions_row_len(&st.sols, h) == 0)
            continue;
        bool hit = false;
        for (uint64_t k = st.sols.off[h]; k < st.sols.off[h + 1] && !hit; k++)
            hit = in[classes_of(c, st.sols.ids[k])];
        cr_assert(hit, "hand %u is not solved by the cover", h);
        solved++;
    }
    cr_expect_eq(solved, st.family_solvable);
    /* Bounds in order, and the same proven optimum with and without reductions. */
    cr_expect_leq(r.bounds.necessary, r.lp.bound_ceil);
    cr_expect_leq(r.lp.bound_ceil, r.optimum);
    cr_expect_leq(r.optimum, r.greedy.pruned.n);
    cr_expect_leq(r.greedy.pruned.n, r.greedy.classic.n);
    cr_expect(r.optimal && plain.optimal);
    cr_expect_eq(r.optimum, plain.optimum);
    cr_expect_eq(r.best_bound, r.optimum);
    double full;
    ilp_params q;
    ilp_params_init(&q);
    cr_assert_eq(ilp_lp_bound(classes_instance(c), &q, &full, err, sizeof err), 0);
    cr_expect(fabs(full - r.lp.optimum) < 1e-6, "LP %g, from the core %g", full, r.lp.optimum);
    free(in);
    mincover_result_free(&r);
    mincover_result_free(&plain);
    classes_free(c);
    enumeration_free(&st);
}
