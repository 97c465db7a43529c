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
    while (buf && (n = fread(buf + len, 1, cap - len - 1, fp)) > 0) {
        len += n;
        if (cap - len < 2) {
            char *more = realloc(buf, cap *= 2);
            if (!more)
                free(buf);
            buf = more;
        }
    }
    fclose(fp);
    if (!buf)
        return NULL;
    buf[len] = '\0';
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

/* Runs the t24 binary with the arguments argv (NULL-terminated, without the program
 * name) and len bytes of stdin, which may hold any byte; no shell in between, so an
 * argument may be long or hold blanks. Captures both streams. */
static inline run_result run_t24_argv(const char *const *argv, const char *in, size_t len)
{
    const char *bin = getenv("T24_BIN");
    cr_assert(bin, "T24_BIN must name the t24 binary");
    char dir[] = "/tmp/t24-test-XXXXXX", inp[64], outp[64], errp[64];
    cr_assert(mkdtemp(dir));
    snprintf(inp, sizeof inp, "%s/in", dir);
    snprintf(outp, sizeof outp, "%s/out", dir);
    snprintf(errp, sizeof errp, "%s/err", dir);
    FILE *fp = fopen(inp, "wb");
    cr_assert(fp && fwrite(in ? in : "", 1, len, fp) == len);
    fclose(fp);
    size_t n = 0;
    while (argv[n])
        n++;
    const char **args = calloc(n + 2, sizeof *args);
    cr_assert(args);
    args[0] = bin;
    memcpy(args + 1, argv, n * sizeof *args);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        if (!freopen(inp, "rb", stdin) || !freopen(outp, "wb", stdout) ||
            !freopen(errp, "wb", stderr))
            _exit(127);
        execv(bin, (char *const *)args);
        _exit(127);
    }
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    free(args);
    run_result r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(outp);
    r.err = slurp(errp);
    unlink(inp);
    unlink(outp);
    unlink(errp);
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
