/* bench_standalone.c - the standalone solver (`t24 emit --standalone`, the default table,
 * generated into the build folder by CMakeLists.txt) against the compiled table t24 itself
 * uses, on every hand of the deck, in one run. The standalone time includes what the
 * table's does not: checking the cards, sorting them and printing the expression. */
#include <stddef.h>

#include "harness.h"
#include "sections.h"
#include "core/hand.h"
#include "core/walltime.h"
#include "solve/table.h"

int bench_standalone_solve(const int *cards, char *buf, size_t size);

enum { RUNS = 51, MAXHANDS = 4096 };

/* Median over runs of the mean time per hand; *solved counts the hands answered 1. */
static double time_standalone(const int (*hands)[4], uint32_t n, int *solved)
{
    double t[RUNS];
    char buf[64];
    for (int r = 0; r < RUNS; r++) {
        int count = 0;
        double t0 = walltime_now();
        for (uint32_t h = 0; h < n; h++)
            count += bench_standalone_solve(hands[h], buf, sizeof buf) == 1;
        t[r] = (walltime_now() - t0) / n;
        *solved = count;
    }
    return median(t, RUNS);
}

static double time_table(const hand_set *hs, int *solved)
{
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        int count = 0;
        double t0 = walltime_now();
        for (uint32_t h = 0; h < hand_set_count(hs); h++)
            count += table_default.solve(hand_set_hand(hs, h)) >= 0;
        t[r] = (walltime_now() - t0) / hand_set_count(hs);
        *solved = count;
    }
    return median(t, RUNS);
}

void bench_standalone(const sink *s)
{
    const table_def *td = &table_default;
    hand_set *hs = hand_set_new(4, td->lo, td->hi);
    static int hands[MAXHANDS][4];
    uint32_t n = hand_set_count(hs) < MAXHANDS ? hand_set_count(hs) : MAXHANDS;
    for (uint32_t h = 0; h < n; h++) /* largest first: the cards arrive unsorted */
        for (int i = 0; i < 4; i++)
            hands[h][i] = (int)hand_set_hand(hs, h)[3 - i];
    int solved_standalone = 0, solved_table = 0;
    double st = time_standalone((const int (*)[4])hands, n, &solved_standalone);
    double tt = time_table(hs, &solved_table);
    say(s, "### The standalone solver (`t24 emit --standalone`), every hand of %lld-%lld\n\n",
        (long long)td->lo, (long long)td->hi);
    say(s, "Median of %d runs over the %u hands, in process:\n\n| solver | ns per hand | "
           "hands solved | vs table |\n|---|---:|---:|---:|\n", RUNS, n);
    say(s, "| compiled table inside t24 (sorted cards in, expression number out) | %.1f | "
           "%d | 1.0 |\n", tt * 1e9, solved_table);
    say(s, "| standalone file: check and sort the cards, find, print the expression | %.1f | "
           "%d | %.1f |\n\n", st * 1e9, solved_standalone, st / tt);
    hand_set_free(hs);
}
