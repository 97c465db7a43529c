/* harness.h - what the benchmark sections share (harness.c): the report sink, medians
 * and running t24 as a child process. It includes nothing of the sections. */
#ifndef T24_BENCH_HARNESS_H
#define T24_BENCH_HARNESS_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *copy;        /* the --write file, or NULL */
    int *stdout_errno; /* NULL, or where say() keeps the errno of standard output's first
                          failure: it flushes each line, so by the end the buffer is empty,
                          errno long overwritten and ferror() alone left to tell */
} sink;

void say(const sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
double median(double *v, int n);
void build_dir(char *buf, size_t size);                    /* where t24 and t24-bench are */
int spawn_t24(const char *bin, char *const *argv, int fd); /* any binary, really */
double time_command(const char *args, int runs);           /* `t24 ARGS`, median seconds */
/* `t24 ARGS` `runs` times: each wall time into t[], the last output into *last (malloc). */
void run_command(const char *args, int runs, double *t, char **last);
void t24_path(char *buf, size_t size);

#endif
