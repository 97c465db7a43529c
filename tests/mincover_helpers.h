/* mincover_helpers.h - small instances and brute force shared by the hitting-set tests. */
#ifndef T24_TEST_HITSET_HELPERS_H
#define T24_TEST_HITSET_HELPERS_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "hitset/model/instance.h"
#include "hitset/model/pace.h"

/* An instance from a literal: sets[s] lists elements, terminated by UINT32_MAX. */
static inline instance *make_instance(uint32_t nelems, uint32_t nsets, const uint32_t sets[][16])
{
    const uint32_t *rows[256];
    uint32_t lens[256];
    cr_assert_leq(nsets, 256);
    for (uint32_t s = 0; s < nsets; s++) {
        rows[s] = sets[s];
        lens[s] = 0;
        while (sets[s][lens[s]] != UINT32_MAX)
            lens[s]++;
    }
    char err[256];
    instance *h = instance_new_lists(nelems, nsets, rows, lens, err, sizeof err);
    cr_assert(h, "%s", err);
    return h;
}

static inline uint64_t test_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* A random instance: nsets sets of 1..maxlen random elements of 0..nelems-1. */
static inline instance *random_instance(uint32_t nelems, uint32_t nsets, uint32_t maxlen,
                                   uint64_t *state)
{
    uint64_t *off = malloc((nsets + 1) * sizeof *off);
    uint32_t *el = malloc((size_t)nsets * maxlen * sizeof *el);
    off[0] = 0;
    for (uint32_t s = 0; s < nsets; s++) {
        uint32_t len = 1 + (uint32_t)(test_random(state) % maxlen);
        for (uint32_t i = 0; i < len; i++)
            el[off[s] + i] = (uint32_t)(test_random(state) % nelems);
        off[s + 1] = off[s] + len;
    }
    char err[256];
    instance *h = instance_new(nelems, nsets, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    free(off);
    free(el);
    return h;
}

/* nsets random sets of exactly k distinct elements each (k <= nelems <= 32): no set is
 * small enough for the reductions to settle much, so a search branches. */
static inline instance *uniform_instance(uint32_t nelems, uint32_t nsets, uint32_t k,
                                         uint64_t *state)
{
    uint32_t *el = malloc((size_t)nsets * k * sizeof *el);
    uint64_t *off = malloc((nsets + 1) * sizeof *off);
    off[0] = 0;
    for (uint32_t s = 0; s < nsets; s++) {
        uint32_t mask = 0, n = 0;
        while (n < k) {
            uint32_t e = (uint32_t)(test_random(state) % nelems);
            if (!(mask & (1u << e))) {
                mask |= 1u << e;
                el[off[s] + n++] = e;
            }
        }
        off[s + 1] = off[s] + k;
    }
    char err[256];
    instance *h = instance_new(nelems, nsets, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    free(el);
    free(off);
    return h;
}

/* Bit masks of each set, for instances of at most 20 elements. */
static inline void set_masks(const instance *h, uint32_t *mask)
{
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        mask[s] = 0;
        for (uint32_t i = 0; i < len; i++)
            mask[s] |= 1u << el[i];
    }
}

/* The most sets k elements meet, by trying every k-subset (k = nelems: all of them). */
static inline uint32_t brute_coverage(const instance *h, uint32_t k)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h), best = 0;
    uint32_t *mask = malloc((ns + 1) * sizeof *mask);
    cr_assert_leq(ne, 20);
    set_masks(h, mask);
    for (uint32_t sub = 0; sub < (1u << ne); sub++) {
        if ((uint32_t)__builtin_popcount(sub) > k)
            continue;
        uint32_t met = 0;
        for (uint32_t s = 0; s < ns; s++)
            met += (mask[s] & sub) != 0;
        if (met > best)
            best = met;
    }
    free(mask);
    return best;
}

/* The minimum hitting set size by brute force. */
static inline uint32_t brute_optimum(const instance *h)
{
    for (uint32_t k = 0; k <= instance_nelems(h); k++)
        if (brute_coverage(h, k) == instance_nsets(h))
            return k;
    return UINT32_MAX;
}

/* A published instance of data/instances/ by name (NAME.hgr), read whole. */
static inline instance *read_data(const char *name)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/data/instances/%s.hgr", T24_SOURCE_DIR, name);
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "cannot open %s", path);
    instance *h = pace_read(fp, err, sizeof err);
    fclose(fp);
    cr_assert(h, "%s: %s", path, err);
    return h;
}

#endif
