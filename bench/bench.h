/* bench.h - what the benchmark harness's sections share. */
#ifndef T24_BENCH_H
#define T24_BENCH_H

#include <stdio.h>

typedef struct {
    FILE *copy; /* the --write file, or NULL */
} sink;

void say(const sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
double median(double *v, int n);
void bench_solvers(const sink *s);
void bench_five(const sink *s, double seconds);

#endif
