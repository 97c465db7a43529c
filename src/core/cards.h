/* cards.h - reading a hand: integers and the face cards A (1), J (11), Q (12), K (13).
 *
 * With aces high (seed 004's game) every A may also count as 11; cards_variant() lists
 * the distinct hands that allows, all-low first. */
#ifndef T24_CORE_CARDS_H
#define T24_CORE_CARDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CARDS_MAX 16

typedef struct {
    int n;
    int64_t value[CARDS_MAX]; /* as written; an A is 1 */
    bool ace[CARDS_MAX];      /* written as A */
} cards_hand;

int cards_parse_token(const char *tok, int64_t *value, bool *ace);
int cards_parse_more(const char *text, cards_hand *out, char *err, size_t errsize);
int cards_parse_line(const char *line, cards_hand *out, char *err, size_t errsize);
int cards_variants(const cards_hand *h, bool aces_high);
void cards_variant(const cards_hand *h, int k, int64_t *out);
int cards_format(const cards_hand *h, char *buf, size_t size);

#endif
