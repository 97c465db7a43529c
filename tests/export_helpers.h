/* export_helpers.h - temporary files, exported instances and glpsol, for the tests of
 * the exports and of the published data (header-only). */
#ifndef T24_TEST_EXPORT_HELPERS_H
#define T24_TEST_EXPORT_HELPERS_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hitset/model/instance.h"

/* A fresh temporary path (never a device: GLPK may delete what it writes). */
static inline void temp_path(char *buf, size_t size, const char *suffix)
{
    snprintf(buf, size, "/tmp/t24-export-XXXXXX");
    int fd = mkstemp(buf);
    cr_assert_geq(fd, 0);
    close(fd);
    unlink(buf);
    strncat(buf, suffix, size - strlen(buf) - 1);
}

typedef int (*writer)(FILE *, const instance *, const char *);

static inline void write_file(const char *path, writer w, const instance *h)
{
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    cr_assert_eq(w(fp, h, "test instance"), 0);
    cr_assert_eq(fclose(fp), 0);
}

/* Runs a shell command, returning its exit status and its stdout in out. */
static inline int run_command(const char *cmd, char *out, size_t size)
{
    FILE *p = popen(cmd, "r");
    cr_assert(p, "cannot run %s", cmd);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static inline const char *glpsol(void)
{
    const char *g = getenv("GLPSOL");
    cr_assert(g && *g && access(g, X_OK) == 0, "GLPSOL must name the glpsol binary");
    return g;
}

/* glpsol's optimum of DIR/hitting_set.dat under models/hitting_set.mod; its chosen
 * elements go to chosen[] (1-based, as printed). */
static inline uint32_t glpsol_optimum(const char *dat, uint32_t *chosen, uint32_t *nchosen)
{
    char cmd[2048], out_path[256];
    static char out[1 << 20];
    temp_path(out_path, sizeof out_path, ".txt");
    snprintf(cmd, sizeof cmd, "'%s' -m '%s/models/hitting_set.mod' -d '%s' -o '%s' 2>&1",
             glpsol(), T24_SOURCE_DIR, dat, out_path);
    cr_assert_eq(run_command(cmd, out, sizeof out), 0, "%s", out);
    unlink(out_path);
    cr_assert(strstr(out, "INTEGER OPTIMAL SOLUTION FOUND"), "%s", out);
    const char *p = strstr(out, "t24 hitting set: ");
    cr_assert(p);
    uint32_t opt;
    cr_assert_eq(sscanf(p, "t24 hitting set: %u elements chosen", &opt), 1);
    *nchosen = 0;
    for (p = out; (p = strstr(p, "t24 chosen: ")); p++)
        cr_assert_eq(sscanf(p, "t24 chosen: %u", &chosen[(*nchosen)++]), 1);
    return opt;
}

#endif
