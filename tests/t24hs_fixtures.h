/* t24hs_fixtures.h - small instances built through libt24hs's public API, shared by the
 * library's tests. */
#ifndef T24_TEST_T24HS_FIXTURES_H
#define T24_TEST_T24HS_FIXTURES_H

#include <criterion/criterion.h>

#include "hitset/t24hs.h"

/* Four disjoint triangles' edges: the LP gives 6, the optimum is 8 (two of each
 * triangle's three vertices), so a search branches and can be split into cubes. */
static inline hs_instance *t24hs_fixture_triangles(void)
{
    enum { N = 12 };
    uint64_t off[N + 1] = { 0 };
    uint32_t el[2 * N];
    for (uint32_t s = 0; s < N; s++) {
        el[2 * s] = s;
        el[2 * s + 1] = s % 3 == 2 ? s - 2 : s + 1;
        off[s + 1] = 2 * (s + 1);
    }
    char err[256];
    hs_instance *h = hs_instance_new(N, N, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    return h;
}

#endif
