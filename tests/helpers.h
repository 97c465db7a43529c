/* helpers.h - small helpers shared by the Criterion tests (header-only). */
#ifndef T24_TEST_HELPERS_H
#define T24_TEST_HELPERS_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    int status;   /* exit status, or -1 if it did not exit normally */
    char *out;    /* captured stdout (malloc'd, NUL-terminated) */
    char *err;    /* captured stderr */
} run_result;

static inline char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while ((n = fread(buf + len, 1, cap - len - 1, fp)) > 0) {
        len += n;
        if (cap - len < 2) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
    }
    buf[len] = '\0';
    fclose(fp);
    return buf;
}

/* Runs the t24 binary (env T24_BIN) with a shell-quoted argument string and optional
 * stdin text; captures both streams. */
static inline run_result run_t24(const char *args, const char *stdin_text)
{
    const char *bin = getenv("T24_BIN");
    cr_assert(bin, "T24_BIN must name the t24 binary");
    char dir[] = "/tmp/t24-test-XXXXXX";
    cr_assert(mkdtemp(dir));
    char in[512], out[512], err[512], cmd[4096];
    snprintf(in, sizeof in, "%s/in", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(err, sizeof err, "%s/err", dir);
    FILE *fp = fopen(in, "w");
    cr_assert(fp);
    if (stdin_text)
        fputs(stdin_text, fp);
    fclose(fp);
    snprintf(cmd, sizeof cmd, "'%s' %s <'%s' >'%s' 2>'%s'", bin, args, in, out, err);
    int st = system(cmd);
    run_result r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    unlink(in);
    unlink(out);
    unlink(err);
    rmdir(dir);
    return r;
}

static inline void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

static inline int count_lines(const char *s)
{
    int n = 0;
    for (; s && *s; s++)
        n += *s == '\n';
    return n;
}

#endif
