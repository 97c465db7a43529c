/* fuzz_solve.c - the general solver on hands made from the input: up to 6 cards and a
 * target, small or near the ends of int64. Properties (differential):
 *  - every solution printed passes verify.c (GMP, its own parser);
 *  - first-solution mode finds a solution exactly when all-solutions mode finds some
 *    (when both decide);
 *  - no solution is listed twice. */
#include "fuzz.h"
#include "solve/search.h"
#include "solve/verify.h"

/* One number from the input: mostly small, sometimes huge, as the first byte says. */
static int64_t take(const uint8_t **p, const uint8_t *end)
{
    if (*p >= end)
        return 0;
    uint8_t kind = *(*p)++;
    int64_t v = 0;
    int bytes = kind < 200 ? 0 : kind < 240 ? 2 : 8;
    for (int i = 0; i < bytes && *p < end; i++)
        v = (int64_t)((uint64_t)v << 8 | *(*p)++);
    return bytes ? v : (int64_t)(kind % 32) - 4;
}

static search_status run(search *s, const int64_t *c, int n, int64_t target, bool all)
{
    search_params p;
    search_params_init(&p);
    p.target = target;
    p.all = all;
    p.time_limit = 0.03;
    p.memory_limit = 64 << 20;
    search_status st = search_run(s, c, n, &p, NULL);
    for (size_t i = 0; i < search_count(s); i++) {
        const char *text = search_solution(s, i);
        verify_status vs = verify_solution(text, c, n, target);
        FUZZ_CHECK(vs == VERIFY_OK, "'%s': %s", text, verify_status_message(vs));
        for (size_t j = 0; j < i; j++)
            FUZZ_CHECK(strcmp(text, search_solution(s, j)) != 0, "'%s' twice", text);
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    if (size < 2)
        return 0;
    int n = 1 + *p++ % SEARCH_MAX_ALL;
    int64_t target = take(&p, end), cards[SEARCH_MAX_ALL];
    for (int i = 0; i < n; i++)
        cards[i] = take(&p, end);
    search *s = search_new();
    if (!s)
        abort();
    search_status one = run(s, cards, n, target, false);
    size_t found = search_count(s);
    search_status all = run(s, cards, n, target, true);
    if (one == SEARCH_OK && all == SEARCH_OK)
        FUZZ_CHECK((found > 0) == (search_count(s) > 0), "first-solution mode found %zu, "
                   "all-solutions mode %zu", found, search_count(s));
    search_free(s);
    return 0;
}
