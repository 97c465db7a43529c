/* bench_startup.c - a one-hand `t24 solve` in a fresh process, against a program that
 * links only libc, one that links the libraries t24 still loads shared (libc, libm,
 * cJSON), and the same t24 linked with the shared GLPK and GMP (as it was before
 * T24_STATIC_DEPS). They are run in turn, so that a busy moment of the machine slows all
 * of them alike; each figure is a median of wall times from fork to exit. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "sections.h"
#include "core/walltime.h"

enum { PROGRAMS = 4, RUNS = 301 };

typedef struct {
    const char *name; /* file name in the build folder */
    const char *what; /* the table's first column */
    char path[PATH_MAX + 32];
    double t[RUNS];
    int libraries;
} program;

/* Shared libraries the dynamic loader maps for bin, besides itself and the vDSO: the
 * lines with "=>" that ld.so prints when LD_TRACE_LOADED_OBJECTS is set (what ldd does).
 * Returns -1 when it cannot tell. */
static int count_libraries(const char *bin, const char *tmp, int fd)
{
    char *argv[] = { (char *)bin, NULL };
    if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
        return -1;
    setenv("LD_TRACE_LOADED_OBJECTS", "1", 1);
    int st = spawn_t24(bin, argv, fd);
    unsetenv("LD_TRACE_LOADED_OBJECTS");
    FILE *fp = fopen(tmp, "r");
    char line[1024];
    int n = 0;
    while (fp && fgets(line, sizeof line, fp))
        n += strstr(line, "=>") != NULL;
    if (fp)
        fclose(fp);
    return st == 0 && fp ? n : -1;
}

void bench_startup(const sink *s)
{
    program p[PROGRAMS] = {
        { "t24-libc-only", "a C program linking only libc (prints one line)", "", { 0 }, 0 },
        { "t24-libc-libm-cjson", "the same, also linking libm and cJSON (t24's floor)", "",
          { 0 }, 0 },
        { "t24", "`t24 solve 3 3 8 8` (GLPK and GMP linked statically)", "", { 0 }, 0 },
        { "t24-shared-libs", "`t24 solve 3 3 8 8`, GLPK and GMP as shared libraries (before)",
          "", { 0 }, 0 },
    };
    char dir[PATH_MAX], tmp[] = "/tmp/t24-bench-XXXXXX";
    int fd = mkstemp(tmp);
    build_dir(dir, sizeof dir);
    for (int i = 0; i < PROGRAMS; i++) {
        snprintf(p[i].path, sizeof p[i].path, "%s/%s", dir, p[i].name);
        p[i].libraries = count_libraries(p[i].path, tmp, fd);
    }
    for (int r = 0; r < RUNS; r++)
        for (int i = 0; i < PROGRAMS; i++) {
            char *argv[] = { p[i].path, "solve", "3", "3", "8", "8", NULL };
            if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
                fprintf(stderr, "bench: cannot reset %s\n", tmp);
            double t0 = walltime_now();
            int st = spawn_t24(p[i].path, argv, fd);
            p[i].t[r] = walltime_now() - t0;
            if (st != 0 && r == 0)
                fprintf(stderr, "bench: '%s' exited %d\n", p[i].path, st);
        }
    close(fd);
    unlink(tmp);
    double base = median(p[0].t, RUNS);
    say(s, "## Start-up: one hand in a fresh process (median of %d runs, taken in turn)\n\n",
        RUNS);
    say(s, "| program | shared libraries loaded | median ms | vs libc only |\n"
           "|---|---:|---:|---:|\n");
    for (int i = 0; i < PROGRAMS; i++) {
        double m = i ? median(p[i].t, RUNS) : base;
        say(s, "| %s | %d | %.3f | %.2f |\n", p[i].what, p[i].libraries, m * 1e3, m / base);
    }
    say(s, "\ncJSON ships no static archive in Debian, and libm is part of the C library: "
           "t24 still loads\nboth, so its floor is the second row.\n\n");
}
