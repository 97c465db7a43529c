/* helpers.h - small helpers shared by the Criterion tests (header-only): reading files,
 * running the t24 binary (run_t24, the one way tests run it), the usage-error contract,
 * and the reference data in data/reference/. */
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
 * stdin text; captures both streams. Free the result with run_free(). */
static inline run_result run_t24(const char *args, const char *stdin_text)
{
    const char *bin = getenv("T24_BIN");
    cr_assert(bin, "T24_BIN must name the t24 binary");
    char dir[] = "/tmp/t24-test-XXXXXX";
    cr_assert(mkdtemp(dir));
    char in[512], out[512], err[512];
    snprintf(in, sizeof in, "%s/in", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(err, sizeof err, "%s/err", dir);
    FILE *fp = fopen(in, "w");
    cr_assert(fp);
    if (stdin_text)
        fputs(stdin_text, fp);
    fclose(fp);
    const char *fmt = "'%s' %s <'%s' >'%s' 2>'%s'";
    size_t size = (size_t)snprintf(NULL, 0, fmt, bin, args, in, out, err) + 1;
    char *cmd = malloc(size);
    cr_assert(cmd);
    snprintf(cmd, size, fmt, bin, args, in, out, err);
    int st = system(cmd);
    free(cmd);
    run_result r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    cr_assert(r.out && r.err, "cannot read the output of t24 %s", args);
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

/* The usage-error contract: exit status 2, one line on stderr naming the problem, nothing
 * on stdout. */
static inline void expect_usage_error(const char *args)
{
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 2, "'t24 %s' should exit 2, got %d", args, r.status);
    cr_assert_eq(count_lines(r.err), 1, "'t24 %s' should print one line, got: %s", args, r.err);
    cr_assert_str_eq(r.out, "", "'t24 %s' printed on stdout", args);
    run_free(&r);
}

/* The text of data/reference/NAME (malloc'd). The reference data is part of the
 * repository, so a missing file fails the test, loudly, instead of skipping it. */
static inline char *read_reference(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/reference/%s", T24_SOURCE_DIR, name);
    char *text = slurp(path);
    cr_assert(text, "reference data %s is missing (data/README.md says where it comes from)",
              path);
    return text;
}

#endif
