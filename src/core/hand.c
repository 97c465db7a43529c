/* hand.c - hand enumeration; see hand.h. */
#include "core/hand.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hand_set {
    int ncards;
    int64_t lo, hi;
    uint32_t count;
    int64_t *cards; /* count * ncards values */
};

/* C(m + n - 1, n) multisets; returns UINT64_MAX when it exceeds HAND_MAX_COUNT. */
uint64_t hand_count_multisets(int ncards, int64_t lo, int64_t hi)
{
    if (hi < lo)
        return 0;
    uint64_t m = (uint64_t)(hi - lo) + 1, c = 1;
    for (int k = 1; k <= ncards; k++) {
        /* c * (m + k - 1) / k stays exact: c holds C(m + k - 2, k - 1). */
        if (m > HAND_MAX_COUNT || c > UINT64_MAX / (m + (uint64_t)k))
            return UINT64_MAX;
        c = c * (m + (uint64_t)k - 1) / (uint64_t)k;
        if (c > HAND_MAX_COUNT)
            return UINT64_MAX;
    }
    return c;
}

/* Returns every hand of ncards cards from lo..hi, or NULL when the deck is empty, too
 * large (see HAND_MAX_COUNT) or memory runs out. Free with hand_set_free(). */
hand_set *hand_set_new(int ncards, int64_t lo, int64_t hi)
{
    uint64_t count = hand_count_multisets(ncards, lo, hi);
    if (ncards < 1 || count == 0 || count == UINT64_MAX)
        return NULL;
    hand_set *hs = calloc(1, sizeof *hs);
    if (!hs)
        return NULL;
    hs->cards = malloc((size_t)count * (size_t)ncards * sizeof *hs->cards);
    if (!hs->cards) {
        free(hs);
        return NULL;
    }
    hs->ncards = ncards;
    hs->lo = lo;
    hs->hi = hi;
    hs->count = (uint32_t)count;
    int64_t cur[16];
    for (int i = 0; i < ncards; i++)
        cur[i] = lo;
    for (uint32_t h = 0; h < hs->count; h++) {
        memcpy(&hs->cards[(size_t)h * (size_t)ncards], cur, (size_t)ncards * sizeof cur[0]);
        /* Next non-decreasing tuple: bump the last position below hi, reset the tail. */
        int i = ncards - 1;
        while (i >= 0 && cur[i] == hi)
            i--;
        if (i < 0)
            break;
        cur[i]++;
        for (int j = i + 1; j < ncards; j++)
            cur[j] = cur[i];
    }
    return hs;
}

void hand_set_free(hand_set *hs)
{
    if (!hs)
        return;
    free(hs->cards);
    free(hs);
}

uint32_t hand_set_count(const hand_set *hs) { return hs->count; }
int hand_set_cards(const hand_set *hs) { return hs->ncards; }
int64_t hand_set_lo(const hand_set *hs) { return hs->lo; }
int64_t hand_set_hi(const hand_set *hs) { return hs->hi; }

const int64_t *hand_set_hand(const hand_set *hs, uint32_t i)
{
    return &hs->cards[(size_t)i * (size_t)hs->ncards];
}

/* Index of a sorted hand, or -1 when it is not a hand of this deck (binary search: the
 * list is in lexicographic order). */
int64_t hand_set_find(const hand_set *hs, const int64_t *sorted)
{
    int64_t lo = 0, hi = (int64_t)hs->count - 1;
    while (lo <= hi) {
        int64_t mid = lo + (hi - lo) / 2;
        const int64_t *h = hand_set_hand(hs, (uint32_t)mid);
        int c = 0;
        for (int i = 0; i < hs->ncards && !c; i++)
            c = (h[i] > sorted[i]) - (h[i] < sorted[i]);
        if (c == 0)
            return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* "1 5 5 5" */
int hand_format(const int64_t *cards, int n, char *buf, unsigned long size)
{
    int len = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        int w = snprintf(buf + (len < (int)size ? len : (int)size),
                         (unsigned long)len < size ? size - (unsigned long)len : 0,
                         i ? " %lld" : "%lld", (long long)cards[i]);
        len += w;
    }
    return len;
}
