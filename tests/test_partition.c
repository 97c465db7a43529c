/* test_partition.c - partition refinement against grouping by explicit hand sets. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "eval/partition.h"

#define NE 200
#define NH 60

/* A fixed pseudo-random incidence: element e hits hand h. Few distinct rows, so classes
 * have several members; some elements hit nothing. */
static int hits(uint32_t e, uint32_t h)
{
    uint32_t kind = (e * 2654435761u) % 23;
    if (kind == 0)
        return 0;
    return ((kind * 40503u + h * 2246822519u) >> 7) % 3 == 0;
}

static partition refine_range(uint32_t first, uint32_t last)
{
    partition_refiner *r = partition_refiner_new(NE);
    cr_assert(r);
    uint32_t list[NE];
    for (uint32_t h = first; h < last; h++) {
        size_t n = 0;
        for (uint32_t e = NE; e-- > 0;) /* any order within a hand */
            if (hits(e, h))
                list[n++] = e;
        cr_assert_eq(partition_refiner_hand(r, h, list, n), 0);
    }
    partition p;
    cr_assert_eq(partition_refiner_finish(r, &p), 0);
    return p;
}

/* The same partition by brute force: compare hand rows directly. */
static void check_against_rows(const partition *p)
{
    uint32_t next = 0, rep[NE];
    for (uint32_t e = 0; e < NE; e++) {
        int any = 0;
        for (uint32_t h = 0; h < NH; h++)
            any |= hits(e, h);
        if (!any) {
            cr_assert_eq(p->class_of[e], PARTITION_NONE, "element %u hits nothing", e);
            continue;
        }
        uint32_t c = PARTITION_NONE;
        for (uint32_t k = 0; k < next && c == PARTITION_NONE; k++) {
            int same = 1;
            for (uint32_t h = 0; h < NH && same; h++)
                same = hits(rep[k], h) == hits(e, h);
            if (same)
                c = k;
        }
        if (c == PARTITION_NONE) {
            rep[next] = e;
            c = next++;
        }
        cr_assert_eq(p->class_of[e], c, "element %u", e);
        uint32_t k = 0;
        for (uint32_t h = 0; h < NH; h++)
            if (hits(e, h)) {
                cr_assert_lt(p->off[c] + k, p->off[c + 1]);
                cr_assert_eq(p->hands[p->off[c] + k], h);
                k++;
            }
        cr_assert_eq(p->off[c] + k, p->off[c + 1]);
    }
    cr_assert_eq(p->nclasses, next);
}

Test(partition, refinement_equals_grouping_by_hand_sets)
{
    partition p = refine_range(0, NH);
    check_against_rows(&p);
    partition_free(&p);
}

Test(partition, meet_of_consecutive_ranges_equals_the_whole)
{
    partition a = refine_range(0, 17), b = refine_range(17, 41), c = refine_range(41, NH), ab, abc;
    cr_assert_eq(partition_meet(&a, &b, &ab), 0);
    cr_assert_eq(partition_meet(&ab, &c, &abc), 0);
    check_against_rows(&abc);
    partition_free(&a);
    partition_free(&b);
    partition_free(&c);
    partition_free(&ab);
    partition_free(&abc);
}

Test(partition, a_hand_every_element_hits_splits_nothing)
{
    partition_refiner *r = partition_refiner_new(3);
    uint32_t all[] = { 2, 0, 1 }, one[] = { 1 };
    cr_assert_eq(partition_refiner_hand(r, 0, all, 3), 0);
    cr_assert_eq(partition_refiner_hand(r, 4, one, 1), 0);
    partition p;
    cr_assert_eq(partition_refiner_finish(r, &p), 0);
    cr_assert_eq(p.nclasses, 2);
    cr_expect(p.class_of[0] == 0 && p.class_of[1] == 1 && p.class_of[2] == 0);
    cr_expect(p.off[1] == 1 && p.hands[0] == 0);          /* {0, 2}: hand 0 */
    cr_expect(p.off[2] == 3 && p.hands[1] == 0 && p.hands[2] == 4); /* {1}: hands 0, 4 */
    partition_free(&p);
}

Test(partition, hands_out_of_order_are_refused)
{
    partition_refiner *r = partition_refiner_new(2);
    uint32_t e[] = { 0 };
    cr_assert_eq(partition_refiner_hand(r, 5, e, 1), 0);
    cr_expect_eq(partition_refiner_hand(r, 5, e, 1), -1);
    partition_refiner_free(r);
}
