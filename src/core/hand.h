/* hand.h - every hand (multiset of n cards) of a deck LO..HI, in a fixed order.
 *
 * Each hand is stored sorted ascending; hands are in lexicographic order of that sorted
 * tuple, so (1,1,1,1) is hand 0 and (HI,HI,HI,HI) the last. */
#ifndef T24_CORE_HAND_H
#define T24_CORE_HAND_H

#include <stdint.h>

#define HAND_MAX_COUNT 20000000u /* refuse decks whose hand list would not fit in memory */

typedef struct hand_set hand_set;

hand_set *hand_set_new(int ncards, int64_t lo, int64_t hi);
void hand_set_free(hand_set *hs);
uint32_t hand_set_count(const hand_set *hs);
int hand_set_cards(const hand_set *hs);
int64_t hand_set_lo(const hand_set *hs);
int64_t hand_set_hi(const hand_set *hs);
const int64_t *hand_set_hand(const hand_set *hs, uint32_t i);
int64_t hand_set_find(const hand_set *hs, const int64_t *sorted);
uint64_t hand_count_multisets(int ncards, int64_t lo, int64_t hi);
int hand_format(const int64_t *cards, int n, char *buf, unsigned long size);

#endif
