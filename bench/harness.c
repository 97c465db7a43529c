/* harness.c - what every benchmark section shares: the report sink, medians, and
 * running t24 as a child process; see harness.h. */
#include "harness.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/walltime.h"

/* Where the report goes: stdout and, with --write, a temporary file beside FILE. */
void say(const sink *s, const char *fmt, ...)
{
    va_list ap;
    bool failed_before = ferror(stdout);
    errno = 0;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
    if (!failed_before && ferror(stdout) && s->stdout_errno)
        *s->stdout_errno = errno ? errno : EIO;
    if (s->copy) {
        va_start(ap, fmt);
        vfprintf(s->copy, fmt, ap);
        va_end(ap);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The folder of this binary: t24 and CMake's files for this build sit there. */
void build_dir(char *buf, size_t size)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = '\0';
    snprintf(buf, size, "%s", self);
}

void t24_path(char *buf, size_t size)
{
    char dir[PATH_MAX];
    build_dir(dir, sizeof dir);
    snprintf(buf, size, "%s/t24", dir);
}

/* Runs t24 with argv (NULL-terminated) once, stdout and stderr into fd; exit status. */
int spawn_t24(const char *bin, char *const *argv, int fd)
{
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd, STDOUT_FILENO);
        dup2(fd, STDERR_FILENO);
        execv(bin, argv);
        _exit(127);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Runs `t24 ARGS` (space-separated words) `runs` times, output into a temporary file
 * (never a device: GLPK deletes what it is given on a time-limited run). Stores each
 * run's wall time from fork to exit in t[] and, when last is not NULL, the last run's
 * output in *last (malloc'd). */
void run_command(const char *args, int runs, double *t, char **last)
{
    char bin[PATH_MAX + 8], words[512], tmp[] = "/tmp/t24-bench-XXXXXX", *save = NULL;
    char *argv[32];
    int argc = 0, fd = mkstemp(tmp);
    t24_path(bin, sizeof bin);
    snprintf(words, sizeof words, "%s", args);
    argv[argc++] = bin;
    for (char *w = strtok_r(words, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    for (int i = 0; i < runs; i++) {
        if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
            fprintf(stderr, "bench: cannot reset %s\n", tmp);
        double t0 = walltime_now();
        int st = spawn_t24(bin, argv, fd);
        t[i] = walltime_now() - t0;
        if (st != 0)
            fprintf(stderr, "bench: 't24 %s' exited %d\n", args, st);
    }
    if (last) {
        FILE *fp = fopen(tmp, "r");
        size_t cap = 1 << 20, n = 0;
        *last = calloc(cap, 1);
        while (fp && *last && n + 1 < cap) {
            size_t got = fread(*last + n, 1, cap - 1 - n, fp);
            if (got == 0)
                break;
            n += got;
            if (n + 1 == cap) {
                char *more = realloc(*last, cap *= 2);
                if (!more)
                    break;
                *last = more;
            }
        }
        if (*last)
            (*last)[n] = '\0';
        if (fp)
            fclose(fp);
    }
    close(fd);
    unlink(tmp);
}

/* Median wall time of `t24 ARGS` from fork to exit. */
double time_command(const char *args, int runs)
{
    double *t = calloc((size_t)runs, sizeof *t);
    run_command(args, runs, t, NULL);
    double m = median(t, runs);
    free(t);
    return m;
}
