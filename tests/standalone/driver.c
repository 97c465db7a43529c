/* driver.c - runs a standalone table (`t24 emit --standalone --name solver`) on every hand
 * of its deck; tests/test_standalone.c compiles it beside solver.c, outside the build
 * tree, with nothing but `cc -std=c99 -Wall -Wextra -Werror -pedantic`.
 *
 *     driver N LO HI SIZE
 *
 * For each hand of N cards from LO..HI it prints "c1 c2 ... cN<TAB>result<TAB>text",
 * the cards in the (scrambled) order they were passed. It checks on its own what needs
 * no evaluator, and prints a line starting with FAIL for each violation: the answer
 * never exceeds SIZE bytes, an unsolved hand leaves "", a buffer one byte too small gives
 * -1 and nothing written past it, an exact one gives the same text, and cards outside
 * the deck give -1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

#define MAXN 6
#define GUARD 64

static void fail(const int *c, int n, const char *why)
{
    int i;
    printf("FAIL");
    for (i = 0; i < n; i++)
        printf(" %d", c[i]);
    printf(": %s\n", why);
}

/* Calls the solver with exactly size bytes inside a larger guarded array. */
static int guarded(const int *c, int n, size_t size, char *text)
{
    char area[GUARD + 256];
    size_t i;
    int r;
    memset(area, 'Z', sizeof area);
    r = solver_solve(c, area, size);
    for (i = size; i < sizeof area; i++)
        if (area[i] != 'Z') {
            fail(c, n, "wrote past size");
            break;
        }
    if (size > 0)
        memcpy(text, area, size);
    return r;
}

static void check_sizes(const int *c, int n, const char *text, size_t limit)
{
    char small[256];
    size_t len = strlen(text);
    if (len + 1 > limit)
        fail(c, n, "longer than the documented size");
    if (guarded(c, n, len, small) != -1)
        fail(c, n, "a buffer one byte too small did not give -1");
    else if (len > 0 && small[0] != '\0')
        fail(c, n, "a buffer too small was not left empty");
    if (guarded(c, n, len + 1, small) != 1 || strcmp(small, text) != 0)
        fail(c, n, "an exact buffer did not give the same text");
    if (solver_solve(c, NULL, 0) != -1)
        fail(c, n, "size 0 did not give -1");
}

static void one_hand(const int *sorted, int n, long index, size_t limit)
{
    int c[MAXN], i;
    char buf[256];
    int r;
    for (i = 0; i < n; i++) /* any order: rotated by the hand's index, reversed when odd */
        c[i] = sorted[(i + index) % n];
    if (index % 2)
        for (i = 0; i < n / 2; i++) {
            int t = c[i];
            c[i] = c[n - 1 - i];
            c[n - 1 - i] = t;
        }
    memset(buf, 'Z', sizeof buf);
    r = solver_solve(c, buf, sizeof buf);
    if (r == 1)
        check_sizes(c, n, buf, limit);
    else if (r != 0 || buf[0] != '\0')
        fail(c, n, "neither solved nor unsolved with \"\"");
    for (i = 0; i < n; i++)
        printf("%s%d", i ? " " : "", c[i]);
    printf("\t%d\t%s\n", r, r == 1 ? buf : "");
}

static void outside(int n, int lo, int hi)
{
    int c[MAXN], i, k;
    char buf[256];
    for (k = 0; k < 2; k++) {
        for (i = 0; i < n; i++)
            c[i] = lo;
        c[n - 1] = k ? hi + 1 : lo - 1;
        if (solver_solve(c, buf, sizeof buf) != -1 || buf[0] != '\0')
            fail(c, n, "a card outside the deck did not give -1 and \"\"");
    }
}

int main(int argc, char **argv)
{
    int n, lo, hi, c[MAXN], i;
    long hands = 0;
    size_t limit;
    if (argc != 5)
        return 2;
    n = atoi(argv[1]);
    lo = atoi(argv[2]);
    hi = atoi(argv[3]);
    limit = (size_t)atol(argv[4]);
    if (n < 1 || n > MAXN || lo > hi)
        return 2;
    outside(n, lo, hi);
    for (i = 0; i < n; i++)
        c[i] = lo;
    for (;;) { /* every non-decreasing sequence of n cards from lo..hi */
        one_hand(c, n, hands++, limit);
        for (i = n - 1; i >= 0 && c[i] == hi; i--)
            ;
        if (i < 0)
            break;
        c[i]++;
        for (i = i + 1; i < n; i++)
            c[i] = c[i - 1];
    }
    return 0;
}
