/* solve24.c - a tiny program using the standalone solver t24 writes.
 *
 *     t24 emit --standalone --deck 1-13 --out t24.c --header t24.h
 *     cc -std=c99 -I. -o solve24 solve24.c t24.c
 *     ./solve24 3 3 8 8                     prints 8/(3-8/3) = 24
 *     ./solve24 A 2 Q K                     prints 1-2+12+13 = 24
 *
 * A card is an integer (digits, an optional sign) or one of A J Q K in either case (1,
 * 11, 12, 13); anything else ("3x", "", "1.5", "AA") is refused. Which integers are
 * cards is the table's business: t24_solve() refuses one outside its deck (1-11 for the
 * default table, 1-13 with --deck 1-13).
 *
 * Exit status: 0 solved, 1 no solution, 2 not T24_CARDS cards of the table's deck
 * (with a one-line message on stderr). The header's constants (T24_CARDS,
 * T24_BUFFER_SIZE, T24_TARGET) size it, so it serves another table of the same name
 * unchanged. tests/test_standalone.c and tests/check_readme.sh build and run it. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "t24.h"

/* Reads one card into *value: returns 0, or -1 when text is not a card. */
static int parse_card(const char *text, int *value)
{
    static const char faces[] = "AJQK";
    static const int face_values[] = { 1, 11, 12, 13 };
    char *end;
    long v;
    int i;
    if (text[0] && !text[1]) {
        for (i = 0; faces[i]; i++) {
            if (toupper((unsigned char)text[0]) == faces[i]) {
                *value = face_values[i];
                return 0;
            }
        }
    }
    /* strtol alone would take " 3", "3x" (as 3) and "" (as 0). */
    i = (text[0] == '-' || text[0] == '+') ? 1 : 0;
    if (!isdigit((unsigned char)text[i]))
        return -1;
    errno = 0;
    v = strtol(text, &end, 10);
    if (*end || errno == ERANGE || v < INT_MIN || v > INT_MAX)
        return -1;
    *value = (int)v;
    return 0;
}

int main(int argc, char **argv)
{
    int cards[T24_CARDS], i;
    char buf[T24_BUFFER_SIZE];
    if (argc != T24_CARDS + 1) {
        fprintf(stderr, "usage: solve24 CARD... (%d cards from %d to %d: integers or A J Q K)\n",
                T24_CARDS, T24_DECK_LO, T24_DECK_HI);
        return 2;
    }
    for (i = 0; i < T24_CARDS; i++) {
        if (parse_card(argv[i + 1], &cards[i])) {
            fprintf(stderr, "solve24: '%.32s' is not a card (an integer, or A J Q K)\n",
                    argv[i + 1]);
            return 2;
        }
    }
    switch (t24_solve(cards, buf, sizeof buf)) {
    case 1:
        printf("%s = %lld\n", buf, (long long)T24_TARGET);
        return 0;
    case 0:
        puts("no solution");
        return 1;
    default:
        fprintf(stderr, "solve24: the cards must lie in the table's deck, %d-%d\n",
                T24_DECK_LO, T24_DECK_HI);
        return 2;
    }
}
