/* sections.h - the benchmark report's sections, each in its own bench_*.c file, called
 * in order by bench.c's main(). The sections use harness.h and never each other, so the
 * files form a tree: bench.c -> sections -> harness. */
#ifndef T24_BENCH_SECTIONS_H
#define T24_BENCH_SECTIONS_H

#include <stdbool.h>
#include "harness.h"

void bench_solvers(const sink *s);
void bench_startup(const sink *s);
void bench_standalone(const sink *s);
void bench_scan(const sink *s);
void bench_six(const sink *s);
void bench_six_full(const sink *s, bool decks);
void bench_scaling(const sink *s);
void bench_five(const sink *s, double seconds);

#endif
