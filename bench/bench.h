/* bench.h - what the benchmark harness's sections share. */
#ifndef T24_BENCH_H
#define T24_BENCH_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *copy; /* the --write file, or NULL */
} sink;

void say(const sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
double median(double *v, int n);
void build_dir(char *buf, size_t size);                    /* where t24 and t24-bench are */
int spawn_t24(const char *bin, char *const *argv, int fd); /* any binary, really */
double time_command(const char *args, int runs);           /* `t24 ARGS`, median seconds */
void bench_solvers(const sink *s);
void bench_startup(const sink *s);
void bench_standalone(const sink *s);
void t24_path(char *buf, size_t size);
void bench_scan(const sink *s);
void bench_six(const sink *s);
void bench_six_full(const sink *s);
void bench_scaling(const sink *s);
void bench_five(const sink *s, double seconds);

#endif
