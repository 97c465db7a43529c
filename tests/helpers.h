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

/* The files of one run: a temporary folder with its stdin, stdout and stderr. */
typedef struct {
    char dir[32], in[64], out[64], err[64];
} run_files;

/* Makes the folder and writes len bytes of input (any bytes) as stdin. */
static inline void run_files_make(run_files *f, const char *input, size_t len)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/t24-test-XXXXXX");
    cr_assert(mkdtemp(f->dir));
    snprintf(f->in, sizeof f->in, "%s/in", f->dir);
    snprintf(f->out, sizeof f->out, "%s/out", f->dir);
    snprintf(f->err, sizeof f->err, "%s/err", f->dir);
    FILE *fp = fopen(f->in, "wb");
    cr_assert(fp && fwrite(input ? input : "", 1, len, fp) == len);
    fclose(fp);
}

/* The result of a run that ended with wait status st; removes the files. */
static inline run_result run_files_collect(run_files *f, int st)
{
    run_result r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(f->out);
    r.err = slurp(f->err);
    cr_assert(r.out && r.err, "cannot read the output of a t24 run");
    unlink(f->in);
    unlink(f->out);
    unlink(f->err);
    rmdir(f->dir);
    return r;
}

/* Runs the t24 binary (env T24_BIN) with a shell-quoted argument string and optional
 * stdin text; captures both streams. Free the result with run_free(). */
static inline run_result run_t24(const char *args, const char *stdin_text)
{
    const char *bin = getenv("T24_BIN");
    cr_assert(bin, "T24_BIN must name the t24 binary");
    run_files f;
    run_files_make(&f, stdin_text, stdin_text ? strlen(stdin_text) : 0);
    const char *fmt = "'%s' %s <'%s' >'%s' 2>'%s'";
    size_t size = (size_t)snprintf(NULL, 0, fmt, bin, args, f.in, f.out, f.err) + 1;
    char *cmd = malloc(size);
    cr_assert(cmd);
    snprintf(cmd, size, fmt, bin, args, f.in, f.out, f.err);
    int st = system(cmd);
    free(cmd);
    return run_files_collect(&f, st);
}

/* Runs the program bin with the arguments argv (NULL-terminated, without the program
 * name) and len bytes of stdin, which may hold any byte; no shell in between, so an
 * argument may be long or hold blanks. Captures both streams. */
static inline run_result run_program_argv(const char *bin, const char *const *argv,
                                          const char *in, size_t len)
{
    run_files f;
    run_files_make(&f, in, len);
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
        if (!freopen(f.in, "rb", stdin) || !freopen(f.out, "wb", stdout) ||
            !freopen(f.err, "wb", stderr))
            _exit(127);
        execv(bin, (char *const *)args);
        _exit(127);
    }
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    free(args);
    return run_files_collect(&f, st);
}

/* run_program_argv() on the t24 binary (env T24_BIN). */
static inline run_result run_t24_argv(const char *const *argv, const char *in, size_t len)
{
    const char *bin = getenv("T24_BIN");
    cr_assert(bin, "T24_BIN must name the t24 binary");
    return run_program_argv(bin, argv, in, len);
}

/* Writes text to path (a test's input file), whole. */
static inline void write_text_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    cr_assert(fp, "cannot write %s", path);
    fputs(text, fp);
    cr_assert_eq(fclose(fp), 0);
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
