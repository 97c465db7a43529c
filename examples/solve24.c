/* solve24.c - a tiny program using the standalone solver t24 writes.
 *
 *     t24 emit --standalone --out t24.c --header t24.h
 *     cc -std=c99 -o solve24 solve24.c t24.c
 *     ./solve24 3 3 8 8                     prints 8/(3-8/3) = 24
 *
 * Exit status: 0 solved, 1 no solution, 2 not T24_CARDS cards of the table's deck (1-11
 * for the default table). The header's constants (T24_CARDS, T24_BUFFER_SIZE, T24_TARGET)
 * size it, so it serves another table of the same name unchanged.
 * tests/test_standalone.c builds and runs it. */
#include <stdio.h>
#include <stdlib.h>

#include "t24.h"

int main(int argc, char **argv)
{
    int cards[T24_CARDS], i;
    char buf[T24_BUFFER_SIZE];
    if (argc != T24_CARDS + 1) {
        fprintf(stderr, "usage: solve24 CARD... (%d cards from %d to %d)\n", T24_CARDS,
                T24_DECK_LO, T24_DECK_HI);
        return 2;
    }
    for (i = 0; i < T24_CARDS; i++)
        cards[i] = atoi(argv[i + 1]);
    switch (t24_solve(cards, buf, sizeof buf)) {
    case 1:
        printf("%s = %lld\n", buf, (long long)T24_TARGET);
        return 0;
    case 0:
        puts("no solution");
        return 1;
    default:
        fprintf(stderr, "solve24: cards must be integers from the table's deck\n");
        return 2;
    }
}
