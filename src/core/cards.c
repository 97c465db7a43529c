/* cards.c - hands from text; see cards.h. */
#include "core/cards.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/parse.h"

/* Reads one card: an integer (optional sign, digits only, within int64) or one of
 * A J Q K in either case. Returns 0 and fills *value and *ace, or -1 leaving them. */
int cards_parse_token(const char *tok, int64_t *value, bool *ace)
{
    static const struct {
        char name;
        int64_t value;
    } faces[] = { { 'A', 1 }, { 'J', 11 }, { 'Q', 12 }, { 'K', 13 } };
    if (tok[0] && !tok[1]) {
        for (size_t i = 0; i < sizeof faces / sizeof faces[0]; i++) {
            if (toupper((unsigned char)tok[0]) == faces[i].name) {
                *value = faces[i].value;
                *ace = faces[i].name == 'A';
                return 0;
            }
        }
    }
    if (parse_int64(tok, value))
        return -1;
    *ace = false;
    return 0;
}

/* Appends the cards of text (separated by blanks or commas) to out. Returns 0, or -1
 * with a one-line reason in err: a card that is not a card, or more than CARDS_MAX in
 * all (out->n then counts the cards read before). */
int cards_parse_more(const char *text, cards_hand *out, char *err, size_t errsize)
{
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r' || *p == '\n')
            p++;
        if (!*p)
            break;
        char tok[32];
        size_t len = strcspn(p, " \t,\r\n");
        if (len >= sizeof tok) {
            snprintf(err, errsize, "'%.*s...' (%zu characters) is not a card (an integer "
                     "within 64 bits, or A J Q K)", 20, p, len);
            return -1;
        }
        memcpy(tok, p, len);
        tok[len] = '\0';
        p += len;
        if (out->n == CARDS_MAX) {
            snprintf(err, errsize, "too many cards: at most %d", CARDS_MAX);
            return -1;
        }
        if (cards_parse_token(tok, &out->value[out->n], &out->ace[out->n])) {
            snprintf(err, errsize, "'%s' is not a card (an integer within 64 bits, or A J Q K)",
                     tok);
            return -1;
        }
        out->n++;
    }
    return 0;
}

/* Reads a hand of cards separated by blanks or commas. Returns 0, or -1 with a one-line
 * reason in err: a card that is not a card, no cards, or more than CARDS_MAX. */
int cards_parse_line(const char *line, cards_hand *out, char *err, size_t errsize)
{
    out->n = 0;
    if (cards_parse_more(line, out, err, errsize))
        return -1;
    if (out->n == 0) {
        snprintf(err, errsize, "no cards");
        return -1;
    }
    return 0;
}

static int count_aces(const cards_hand *h)
{
    int k = 0;
    for (int i = 0; i < h->n; i++)
        k += h->ace[i];
    return k;
}

/* How many distinct hands h stands for: 1, or with aces high one per count of aces
 * taken as 11 (the aces are alike, so which ones does not matter). */
int cards_variants(const cards_hand *h, bool aces_high)
{
    return aces_high ? count_aces(h) + 1 : 1;
}

/* Writes variant k (0 <= k < cards_variants()) into out[0..h->n-1]: the first k aces
 * count as 11, the others as 1. */
void cards_variant(const cards_hand *h, int k, int64_t *out)
{
    for (int i = 0; i < h->n; i++) {
        out[i] = h->value[i];
        if (h->ace[i] && k > 0) {
            out[i] = 11;
            k--;
        }
    }
}

/* The hand as written, normalised: "A 4 5 8". Returns the length, like snprintf. */
int cards_format(const cards_hand *h, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < h->n; i++) {
        char one[32];
        if (h->ace[i])
            snprintf(one, sizeof one, "%sA", i ? " " : "");
        else
            snprintf(one, sizeof one, "%s%lld", i ? " " : "", (long long)h->value[i]);
        size_t w = strlen(one);
        if (len + w < size)
            memcpy(buf + len, one, w + 1);
        len += w;
    }
    return (int)len;
}
