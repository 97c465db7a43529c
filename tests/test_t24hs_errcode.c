/* Issue 40: libt24hs's failures as numbers (hs_error_code(), t24hs.h). Each code comes
 * from a real failing call of the library (HS_ENOMEM in test_faults.c, where malloc can
 * be made to fail; HS_EINTERNAL only from a bug, so from the sources alone); and every
 * message the library's sources write maps to a code, so that a new message of no known
 * form fails here rather than reaching a caller as HS_EUNKNOWN. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <sys/stat.h>

#include "helpers.h"
#include "hitset/t24hs.h"
#include "t24hs_fixtures.h"

#define expect_code(err, want)                                                             \
    cr_expect_eq(hs_error_code(err), want, "'%s' gave %s, not %s", err,                   \
                 hs_error_name(hs_error_code(err)), hs_error_name(want))

Test(t24hs_errcode, a_bad_argument_is_usage)
{
    char err[256];
    hs_params p;
    hs_params_init(&p);
    p.greedy_runs = 0;
    cr_assert_eq(hs_params_check(&p, err, sizeof err), -1);
    expect_code(err, HS_EUSAGE);
    hs_params_init(&p);
    p.engine = (hs_engine)7; /* its range names HS_ENGINE_GLPK: still usage, not solver */
    cr_assert_eq(hs_params_check(&p, err, sizeof err), -1);
    expect_code(err, HS_EUSAGE);
    hs_report r;
    cr_assert_eq(hs_cover_run(NULL, NULL, &r, err, sizeof err), -1);
    expect_code(err, HS_EUSAGE);
    uint64_t off[] = { 1, 3 };
    uint32_t el[] = { 0, 1, 2 };
    cr_assert_null(hs_instance_new(3, 1, off, el, err, sizeof err));
    expect_code(err, HS_EUSAGE);
}

static hs_instance *read_text(const char *text, double deadline, char *err, size_t errsize)
{
    FILE *fp = fmemopen((void *)text, strlen(text), "r");
    cr_assert(fp);
    hs_instance *h = hs_instance_read_pace_until(fp, deadline, err, errsize);
    fclose(fp);
    return h;
}

Test(t24hs_errcode, a_bad_instance_is_input)
{
    char err[256];
    cr_assert_null(read_text("p hs 2 1\n3\n", 0, err, sizeof err));
    expect_code(err, HS_EINPUT);
    cr_assert_null(read_text("2 1\n", 0, err, sizeof err));
    expect_code(err, HS_EINPUT);
    uint64_t off[] = { 0, 0 };
    uint32_t el[] = { 0 };
    cr_assert_null(hs_instance_new(3, 1, off, el, err, sizeof err));
    expect_code(err, HS_EINPUT);
}

Test(t24hs_errcode, a_read_past_its_deadline_is_time)
{
    enum { SETS = 100000 };
    char *text = malloc(SETS * 4 + 32);
    cr_assert(text);
    size_t n = (size_t)sprintf(text, "p hs 2 %d\n", SETS);
    for (int i = 0; i < SETS; i++)
        n += (size_t)sprintf(text + n, "1 2\n");
    char err[256];
    cr_assert_null(read_text(text, hs_clock() - 1, err, sizeof err), "the deadline was not read");
    expect_code(err, HS_ETIME);
    free(text);
}

Test(t24hs_errcode, a_folder_that_cannot_be_made_or_read_is_io)
{
    char err[512], dir[] = "/tmp/t24hs-errcode-XXXXXX", missing[64];
    cr_assert(mkdtemp(dir));
    hs_instance *h = t24hs_fixture_triangles();
    cr_assert_eq(hs_cubes_split(h, dir, NULL, NULL, err, sizeof err), -1, "split into %s", dir);
    expect_code(err, HS_EIO);
    snprintf(missing, sizeof missing, "%s/none", dir);
    cr_assert_eq(hs_cubes_run(missing, NULL, NULL, err, sizeof err), -1);
    expect_code(err, HS_EIO);
    rmdir(dir);
    hs_instance_free(h);
}

/* GLPK refuses a problem within a one-megabyte memory limit: the exact search fails. */
Test(t24hs_errcode, a_failed_solver_is_solver)
{
    enum { N = 3000 };
    uint64_t *off = calloc(N + 1, sizeof *off);
    uint32_t *el = malloc(3 * N * sizeof *el);
    cr_assert(off && el);
    for (uint32_t s = 0; s < N; s++) {
        for (uint32_t j = 0; j < 3; j++)
            el[3 * s + j] = (s * 7 + j * 1009) % N;
        off[s + 1] = 3 * (s + 1);
    }
    char err[256];
    hs_instance *h = hs_instance_new(N, N, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    hs_exact_params p;
    hs_exact_params_init(&p);
    p.mem_limit_mb = 1;
    hs_exact_result r;
    cr_assert_eq(hs_exact_search(h, &p, &r, err, sizeof err), -1, "GLPK ran in 1 MB");
    expect_code(err, HS_ESOLVER);
    hs_instance_free(h);
    free(off), free(el);
}

static int refuse(void *ctx, const char *instance, const char *cover, const char *cert,
                  double seconds, uint64_t *open, char *why, size_t whysize)
{
    (void)ctx, (void)instance, (void)cover, (void)cert, (void)seconds;
    *open = 0;
    snprintf(why, whysize, "certificate line 1: refused");
    return HS_CHECK_FAILED;
}

Test(t24hs_errcode, a_refused_proof_is_check)
{
    char err[1024], tmpl[] = "/tmp/t24hs-errcode-XXXXXX", dir[64], cmd[128];
    cr_assert(mkdtemp(tmpl));
    snprintf(dir, sizeof dir, "%s/cubes", tmpl);
    hs_instance *h = t24hs_fixture_triangles();
    hs_cubes_params p;
    hs_cubes_params_init(&p);
    p.ncubes = 2;
    cr_assert_eq(hs_cubes_split(h, dir, &p, NULL, err, sizeof err), 0, "%s", err);
    cr_assert_eq(hs_cubes_run(dir, &p, NULL, err, sizeof err), 0, "%s", err);
    p.check = refuse;
    cr_assert_eq(hs_cubes_merge_checked(dir, &p, NULL, err, sizeof err), -1);
    expect_code(err, HS_ECHECK);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpl);
    cr_expect_eq(system(cmd), 0);
    hs_instance_free(h);
}

Test(t24hs_errcode, what_the_caller_named_is_not_read_and_nothing_is_unknown)
{
    expect_code("cannot read 'out of memory/root.cert': No such file or directory", HS_EIO);
    expect_code("", HS_EUNKNOWN);
    expect_code(NULL, HS_EUNKNOWN);
    expect_code("it went wrong", HS_EUNKNOWN);
    cr_expect_str_eq(hs_error_name(HS_ENOMEM), "HS_ENOMEM");
    cr_expect_str_eq(hs_error_name((hs_errcode)99), "HS_EUNKNOWN");
    cr_expect_eq(HS_OK, 0);
    cr_expect_eq(HS_EUNKNOWN, 9, "the codes' values are the ABI: never renumber them");
}

/* ---- every message of the sources ---- */

/* The ways the library's sources write a failure message, each followed by its format. */
static const char *const writers[] = {
    "snprintf(err, errsize,", "snprintf(s->err, s->errsize,", "cubes_fail(err, errsize,",
    "fail(s,", "snprintf(why, whysize,", "snprintf(err + k, errsize - k,",
};

/* The string literal (adjacent ones joined) at s into out; false when there is none. */
static bool literal(const char *s, char *out, size_t size)
{
    size_t n = 0;
    bool any = false;
    for (;;) {
        while (*s == ' ' || *s == '\n' || *s == '\t')
            s++;
        if (*s != '"')
            break;
        for (s++, any = true; *s && *s != '"'; s++) {
            if (*s == '\\')
                s++;
            if (n + 1 < size)
                out[n++] = *s;
        }
        s++;
    }
    out[n] = '\0';
    return any;
}

/* The format with its %s given as WORD and its numbers as 7: a message as written. */
static void instantiate(const char *fmt, const char *word, char *out, size_t size)
{
    size_t n = 0;
    for (const char *s = fmt; *s && n + 1 < size; s++) {
        if (*s != '%') {
            out[n++] = *s;
            continue;
        }
        s += strspn(s + 1, "0123456789.-lzh");
        const char *sub = *++s == 's' ? word : "7";
        n += (size_t)snprintf(out + n, size - n, "%s", sub);
    }
    out[n < size ? n : size - 1] = '\0';
}

/* A message with its %s as a plain word maps to a code; one of no form of its own (a
 * wrapper, "the first: %s") must at least pass its inner message's code on. */
static int check_message(const char *file, const char *fmt)
{
    char with_word[1024], with_inner[1024];
    instantiate(fmt, "X", with_word, sizeof with_word);
    if (hs_error_code(with_word) != HS_EUNKNOWN)
        return 1;
    instantiate(fmt, "out of memory", with_inner, sizeof with_inner);
    cr_expect_eq(hs_error_code(with_inner), HS_ENOMEM,
                 "%s: the message \"%s\" has no code (add a row to t24hs_errcode.c)", file, fmt);
    return 1;
}

static int check_file(const char *path)
{
    char *text = slurp(path), fmt[1024];
    cr_assert(text, "cannot read %s", path);
    int n = 0;
    for (size_t w = 0; w < sizeof writers / sizeof writers[0]; w++)
        for (const char *s = strstr(text, writers[w]); s; s = strstr(s + 1, writers[w]))
            if (literal(s + strlen(writers[w]), fmt, sizeof fmt))
                n += check_message(path, fmt);
    free(text);
    return n;
}

static int check_folder(const char *dir)
{
    DIR *d = opendir(dir);
    cr_assert(d, "cannot open %s", dir);
    int n = 0;
    char path[1024];
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (e->d_name[0] == '.' || stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            n += check_folder(path);
        else if (len > 2 && (!strcmp(e->d_name + len - 2, ".c") || !strcmp(e->d_name + len - 2, ".h")))
            n += check_file(path);
    }
    closedir(d);
    return n;
}

Test(t24hs_errcode, every_message_of_the_library_has_a_code)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/src/hitset", T24_SOURCE_DIR);
    int n = check_folder(dir);
    cr_expect_geq(n, 150, "only %d messages found: the writers' forms changed?", n);
}
