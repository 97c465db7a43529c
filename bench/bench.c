/* bench.c - t24's benchmark harness (`make bench`): prints figures, never fails on time.
 *
 * Every figure is a median of repeated runs measured in this one process, so ratios
 * between rows compare like with like. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hand.h"
#include "solset.h"
#include "study.h"
#include "template.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The t24 binary sits next to this one in the build folder. */
static void t24_path(char *buf, size_t size)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = '\0';
    snprintf(buf, size, "%s/t24", self);
}

/* Runs t24 with argv (NULL-terminated) once, stdout and stderr into fd; exit status. */
static int spawn_t24(const char *bin, char *const *argv, int fd)
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

/* Median wall time of `t24 ARGS` (space-separated words) from fork to exit, output
 * discarded into a temporary file (never a device, see the README's glpsol note). */
static double time_command(const char *args, int runs)
{
    char bin[PATH_MAX + 8], words[512], tmp[] = "/tmp/t24-bench-XXXXXX";
    char *argv[32];
    int argc = 0, fd = mkstemp(tmp);
    t24_path(bin, sizeof bin);
    snprintf(words, sizeof words, "%s", args);
    argv[argc++] = bin;
    for (char *w = strtok(words, " "); w && argc < 31; w = strtok(NULL, " "))
        argv[argc++] = w;
    argv[argc] = NULL;
    double *t = calloc((size_t)runs, sizeof *t);
    for (int i = 0; i < runs; i++) {
        lseek(fd, 0, SEEK_SET);
        double t0 = study_now();
        int st = spawn_t24(bin, argv, fd);
        t[i] = study_now() - t0;
        if (st != 0)
            fprintf(stderr, "bench: 't24 %s' exited %d\n", args, st);
    }
    double m = median(t, runs);
    free(t);
    close(fd);
    unlink(tmp);
    return m;
}

/* Template-hand evaluations per second for one configuration, median of runs. */
static double eval_rate(int n, int64_t lo, int64_t hi, template_groupings g, int threads,
                        int runs)
{
    template_family *f = template_family_new(n, g);
    hand_set *hs = hand_set_new(n, lo, hi);
    double *t = calloc((size_t)runs, sizeof *t);
    for (int i = 0; i < runs; i++) {
        solset s;
        double t0 = study_now();
        solset_compute(&s, f, hs, 24, threads, NULL, NULL);
        t[i] = study_now() - t0;
        solset_free(&s);
    }
    double evals = (double)template_family_count(f) * hand_set_count(hs);
    double rate = evals / median(t, runs);
    free(t);
    hand_set_free(hs);
    template_family_free(f);
    return rate;
}

static void bench_study(void)
{
    printf("## Study, process start to exit (median of 21 runs)\n\n");
    printf("| command | median ms |\n|---|---:|\n");
    const char *cmds[] = { "study --json", "study --json --threads 1",
                           "study --groupings all --json" };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        printf("| `t24 %s` | %.2f |\n", cmds[i], time_command(cmds[i], 21) * 1e3);
    printf("\n");
}

static void bench_eval(void)
{
    printf("## Evaluation rate (template x hand evaluations per second, in process)\n\n");
    printf("| configuration | threads | evaluations/s |\n|---|---:|---:|\n");
    struct { int n; int64_t hi; template_groupings g; int runs; const char *name; } cfg[] = {
        { 4, 11, TEMPLATE_REDUCED, 21, "4 cards, 1-11, reduced (4,608 x 1,001)" },
        { 4, 13, TEMPLATE_ALL, 21, "4 cards, 1-13, all (7,680 x 1,820)" },
        { 5, 13, TEMPLATE_ALL, 3, "5 cards, 1-13, all (430,080 x 6,188)" },
    };
    for (size_t i = 0; i < sizeof cfg / sizeof cfg[0]; i++)
        for (int th = 1; th <= 2; th++)
            printf("| %s | %d | %.3g |\n", cfg[i].name, th,
                   eval_rate(cfg[i].n, 1, cfg[i].hi, cfg[i].g, th, cfg[i].runs));
    printf("\n");
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("# t24 benchmarks\n\n");
    bench_study();
    bench_eval();
    return 0;
}
