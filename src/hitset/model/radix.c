/* radix.c - linear-time sorts of ids; see radix.h. */
#include "hitset/model/radix.h"

#include <stdbool.h>
#include <string.h>

static uint32_t key_of(const uint32_t *key, uint32_t x) { return key ? key[x] : x; }

/* Above RADIX_SMALL: one counting pass per 8-bit digit that tells keys apart (ids below
 * 2^24 take at most three). A run already in order costs one pass. */
void radix_sort(uint32_t *a, size_t n, const uint32_t *key, uint32_t *tmp)
{
    uint32_t any = 0, all = UINT32_MAX;
    bool sorted = true;
    for (size_t i = 0; i < n; i++) {
        uint32_t k = key_of(key, a[i]);
        any |= k;
        all &= k;
        sorted = sorted && (i == 0 || key_of(key, a[i - 1]) <= k);
    }
    if (sorted)
        return;
    if (n <= RADIX_SMALL) {
        for (size_t i = 1; i < n; i++) {
            uint32_t x = a[i], k = key_of(key, x);
            size_t j = i;
            for (; j > 0 && key_of(key, a[j - 1]) > k; j--)
                a[j] = a[j - 1];
            a[j] = x;
        }
        return;
    }
    uint32_t *src = a, *dst = tmp;
    for (unsigned shift = 0; shift < 32; shift += 8) {
        if (((any ^ all) >> shift & 0xff) == 0)
            continue; /* every key has this digit */
        size_t count[257] = { 0 };
        for (size_t i = 0; i < n; i++)
            count[(key_of(key, src[i]) >> shift & 0xff) + 1]++;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (size_t i = 0; i < n; i++)
            dst[count[key_of(key, src[i]) >> shift & 0xff]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != a)
        memcpy(a, src, n * sizeof *a);
}
