/* test_bound.c - the table of lower bounds (bound.h): its rows, their order, and the row a
 * proof is credited to. */
#include <criterion/criterion.h>
#include <string.h>

#include "hitset/driver/bound.h"
#include "hitset/driver/engine.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "mincover_helpers.h"

#define END UINT32_MAX

/* proven_by names a bound, an engine or the reductions: no two may share a name, or a
 * reader of the JSON could not tell which proved the optimum. */
Test(bound, every_row_has_a_unique_name_no_engine_shares)
{
    size_t n = bound_count();
    cr_assert_geq(n, 3);
    for (size_t i = 0; i < n; i++) {
        const bound_method *b = bound_at(i);
        cr_assert(b && b->name && b->words && b->brief && b->value, "row %zu is incomplete", i);
        cr_expect_eq(bound_named(b->name), b, "%s finds another row", b->name);
        for (size_t j = i + 1; j < n; j++)
            cr_expect_str_neq(b->name, bound_at(j)->name);
        cr_expect_str_neq(b->name, engine_name(ILP_GLPK));
        cr_expect_str_neq(b->name, engine_name(ILP_CBC));
        cr_expect_str_neq(b->name, "reductions");
    }
    cr_expect_null(bound_at(n));
    cr_expect_null(bound_named("glpk"));
}

/* The JSON's proven_by values (hitting-sets.md), cheapest first: the order of proof. */
Test(bound, the_rows_are_the_json_names_cheapest_first)
{
    static const char *const names[] = { "necessary", "packing", "lp_bound" };
    cr_assert_eq(bound_count(), sizeof names / sizeof names[0]);
    for (size_t i = 0; i < bound_count(); i++)
        cr_expect_str_eq(bound_at(i)->name, names[i], "row %zu", i);
}

/* The bounds on the whole instance run first and are computed from the table (run);
 * those on the core, computed by the search phase, come after them. */
Test(bound, bounds_before_greedy_come_first_and_compute_themselves)
{
    bool on_core = false;
    for (size_t i = 0; i < bound_count(); i++) {
        const bound_method *b = bound_at(i);
        if (b->stage == BOUND_ON_CORE) {
            on_core = true;
            cr_expect_null(b->run, "%s runs with the search phase", b->name);
        } else {
            cr_expect_not(on_core, "%s runs before greedy but follows a bound on the core",
                          b->name);
            cr_expect_not_null(b->run, "%s has nothing to compute it", b->name);
        }
    }
    cr_expect(on_core, "no row for the LP bound");
}

/* Issue 27: the hook and the flag are there, empty, until issue 28 fills them. */
Test(bound, no_bound_nor_engine_hands_over_a_certificate_yet)
{
    for (size_t i = 0; i < bound_count(); i++)
        cr_expect_null(bound_at(i)->certify, "%s", bound_at(i)->name);
    cr_expect_not(engine_of(ILP_GLPK)->can_certify);
    cr_expect_not(engine_of(ILP_CBC)->can_certify);
}

/* Runs mincover on h and checks that the proof went to the first row, in table order,
 * whose value equals the optimum, that it is the row named `expected`, and that
 * `later` rows after it reach the optimum too (so that the order, not the values alone,
 * decided). */
static void expect_credited(const instance *h, const char *expected, size_t later)
{
    mincover_params p;
    mincover_result r;
    char err[256];
    mincover_params_init(&p);
    p.greedy_runs = 20;
    cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
    cr_assert(r.optimal);
    size_t first = bound_count(), reaching = 0;
    for (size_t i = 0; i < bound_count(); i++) {
        uint32_t v;
        if (bound_at(i)->value(&r, &v) && v == r.optimum) {
            first = first < i ? first : i;
            reaching++;
        }
    }
    cr_assert_lt(first, bound_count(), "no bound reaches %u", r.optimum);
    cr_expect_eq(r.proof.by, MINCOVER_PROOF_BOUND);
    cr_expect_eq(r.proof.row, bound_at(first), "credited %s, the first is %s",
                 r.proof.row ? r.proof.row->name : "none", bound_at(first)->name);
    cr_expect_eq(r.proof.row, bound_named(expected));
    cr_expect_str_eq(mincover_proof_name(&r), expected);
    cr_expect_eq(reaching - 1, later, "%zu rows after %s reach the optimum, expected %zu",
                 reaching - 1, expected, later);
    mincover_result_free(&r);
}

/* test_mincover.c's necessary_elements_are_credited_before_the_search: A and B are
 * necessary and suffice; packing ({A}, {B}) and the LP are 2 as well. */
Test(bound, necessary_elements_are_credited_before_packing_and_lp)
{
    enum { A, B, C };
    static const uint32_t sets[4][16] = {
        { A, END }, { B, END }, { A, C, END }, { B, C, END },
    };
    instance *h = make_instance(3, 4, sets);
    expect_credited(h, "necessary", 2);
    instance_free(h);
}

/* test_mincover.c's the_packing_bound_is_credited_before_the_lp: three disjoint pairs,
 * no necessary element, packing and LP 3. */
Test(bound, the_packing_bound_is_credited_before_the_lp)
{
    static const uint32_t sets[3][16] = { { 0, 1, END }, { 2, 3, END }, { 4, 5, END } };
    instance *h = make_instance(6, 3, sets);
    expect_credited(h, "packing", 1);
    instance_free(h);
}

/* test_mincover.c's the_lp_bound_is_credited_before_the_search: the Fano plane,
 * necessary 0, packing 1, LP 7/3 rounding up to the optimum 3. */
Test(bound, the_lp_bound_is_credited_before_the_search)
{
    static const uint32_t sets[7][16] = {
        { 0, 1, 2, END }, { 0, 3, 4, END }, { 0, 5, 6, END }, { 1, 3, 5, END },
        { 1, 4, 6, END }, { 2, 3, 6, END }, { 2, 4, 5, END },
    };
    instance *h = make_instance(7, 7, sets);
    expect_credited(h, "lp_bound", 0);
    instance_free(h);
}
