/* test_faults.c - every allocation that can fail, failing one at a time (issue 11, "also
 * seen"): each operation must then report the failure or still succeed, with the result
 * of a run where nothing fails (compared through a fingerprint of the result each
 * operation writes), and in both cases free everything it took. Also renames that fail half way through a commit.
 *
 * This file is linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,
 * --wrap=rename (CMakeLists.txt): every call from t24's library and from this file goes
 * through the wrappers below, which count the calls, fail the chosen one and keep the
 * live pointers in a table. Calls inside libc, GLPK or GMP are not wrapped. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <sys/stat.h>

#include "cli/artifact.h"
#include "core/expr.h"
#include "helpers.h"
#include "hitset/heur/coverage.h"
#include "hitset/model/pace.h"
#include "hitset/t24hs.h"
#include "mincover_helpers.h"
#include "solve/canon.h"
#include "solve/search.h"
#include "study/study.h"
#include "study/sweep.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
int __real_rename(const char *from, const char *to);

#define SLOTS (1 << 16)

/* The wrappers' state: the only way to reach them from malloc and friends. */
static struct {
    pthread_mutex_t lock;
    bool on;          /* counting and tracking */
    long calls;       /* allocations since faults_begin() */
    long fail_at;     /* the allocation that fails (1-based), 0 for none */
    long live;        /* tracked allocations not freed yet */
    void *slot[SLOTS];
    long renames, fail_rename;
} faults = { .lock = PTHREAD_MUTEX_INITIALIZER };

static size_t slot_of(void *p)
{
    return ((uintptr_t)p >> 4) * 2654435761u % SLOTS;
}

static void track(void *p)
{
    size_t i = slot_of(p);
    while (faults.slot[i] && faults.slot[i] != (void *)1)
        i = (i + 1) % SLOTS;
    faults.slot[i] = p;
    faults.live++;
}

static void untrack(void *p)
{
    for (size_t i = slot_of(p); faults.slot[i]; i = (i + 1) % SLOTS)
        if (faults.slot[i] == p) {
            faults.slot[i] = (void *)1; /* a tombstone keeps the probe chains intact */
            faults.live--;
            return;
        }
}

/* Counts one allocation; returns true when it must fail. */
static bool next_fails(void)
{
    return faults.on && ++faults.calls == faults.fail_at;
}

void *__wrap_malloc(size_t n)
{
    pthread_mutex_lock(&faults.lock);
    void *p = next_fails() ? NULL : __real_malloc(n);
    if (p && faults.on)
        track(p);
    pthread_mutex_unlock(&faults.lock);
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    pthread_mutex_lock(&faults.lock);
    void *p = next_fails() ? NULL : __real_calloc(n, size);
    if (p && faults.on)
        track(p);
    pthread_mutex_unlock(&faults.lock);
    return p;
}

void *__wrap_realloc(void *old, size_t n)
{
    pthread_mutex_lock(&faults.lock);
    void *p = next_fails() ? NULL : __real_realloc(old, n);
    if (p && faults.on) {
        if (old)
            untrack(old);
        track(p);
    }
    pthread_mutex_unlock(&faults.lock);
    return p;
}

void __wrap_free(void *p)
{
    pthread_mutex_lock(&faults.lock);
    if (p && faults.on)
        untrack(p);
    __real_free(p);
    pthread_mutex_unlock(&faults.lock);
}

int __wrap_rename(const char *from, const char *to)
{
    pthread_mutex_lock(&faults.lock);
    bool fail = ++faults.renames == faults.fail_rename;
    pthread_mutex_unlock(&faults.lock);
    if (fail) {
        errno = EIO;
        return -1;
    }
    return __real_rename(from, to);
}

static void faults_begin(long fail_at)
{
    pthread_mutex_lock(&faults.lock);
    memset(faults.slot, 0, sizeof faults.slot);
    faults.on = true;
    faults.calls = faults.live = 0;
    faults.fail_at = fail_at;
    pthread_mutex_unlock(&faults.lock);
}

/* Stops counting and failing for a while (an operation's fingerprint of its result),
 * and starts again: what is allocated in between is neither failed nor tracked. */
static bool faults_pause(void)
{
    pthread_mutex_lock(&faults.lock);
    bool was = faults.on;
    faults.on = false;
    pthread_mutex_unlock(&faults.lock);
    return was;
}

static void faults_resume(bool was)
{
    pthread_mutex_lock(&faults.lock);
    faults.on = was;
    pthread_mutex_unlock(&faults.lock);
}

static void faults_end(long *calls, long *live)
{
    pthread_mutex_lock(&faults.lock);
    faults.on = false;
    *calls = faults.calls;
    *live = faults.live;
    pthread_mutex_unlock(&faults.lock);
}

/* An operation: 0 and a fingerprint of its result (text that differs when the result
 * does) in fp, or -1 when it reported a failure. */
typedef int (*fault_op)(void *ctx, char *fp, size_t fpsize);

#define FP_SIZE (1 << 16)

/* Runs op with allocation k failing, for k = 1, 2, ... until a run makes fewer than k
 * allocations (that run must succeed). Every run must free all it allocated, and every
 * run that succeeds must give the result of a run where nothing fails. Returns how many
 * allocations a clean run makes. */
static long every_failure(const char *what, fault_op op, void *ctx)
{
    static char clean[FP_SIZE], fp[FP_SIZE];
    long calls, live;
    clean[0] = '\0';
    faults_begin(0);
    int rc = op(ctx, clean, sizeof clean);
    faults_end(&calls, &live);
    cr_assert_eq(rc, 0, "%s fails without a failed allocation", what);
    cr_assert_eq(live, 0, "%s: %ld allocations leak in a clean run", what, live);
    cr_assert_neq(clean[0], '\0', "%s wrote no fingerprint", what);
    for (long k = 1;; k++) {
        fp[0] = '\0';
        faults_begin(k);
        rc = op(ctx, fp, sizeof fp);
        faults_end(&calls, &live);
        cr_assert_eq(live, 0, "%s: %ld allocations leak when allocation %ld of %ld fails",
                     what, live, k, calls);
        if (rc == 0)
            cr_assert_str_eq(fp, clean, "%s succeeded with another result when allocation "
                             "%ld of %ld failed", what, k, calls);
        if (calls < k) {
            cr_assert_eq(rc, 0, "%s fails without a failed allocation", what);
            if (getenv("T24_FAULTS_VERBOSE"))
                fprintf(stderr, "%s: %ld allocations, each failed once\n", what, calls);
            return calls;
        }
    }
}

/* Appends printf-style text to the fingerprint fp (of fpsize bytes). */
static void fp_add(char *fp, size_t fpsize, const char *fmt, ...)
{
    size_t n = strlen(fp);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(fp + n, fpsize - n, fmt, ap);
    va_end(ap);
}

/* The canonical key of the expression text (computed with the faults paused), or a
 * line saying why there is none. */
static void fp_key_of(char *fp, size_t fpsize, const char *text)
{
    bool was = faults_pause();
    expr_arena *a = expr_arena_new();
    canon *c = canon_new();
    char err[128];
    const expr *e = a && c ? expr_parse(a, text, err, sizeof err) : NULL;
    if (!e)
        fp_add(fp, fpsize, "'%s' does not parse: %s\n", text, a && c ? err : "no memory");
    else if (canon_build(c, e) != CANON_OK)
        fp_add(fp, fpsize, "'%s' has no canonical form\n", text);
    else
        fp_add(fp, fpsize, "%s\n", canon_key(c));
    canon_free(c);
    expr_arena_free(a);
    faults_resume(was);
}

/* ---- the operations ---- */

static int op_coverage(void *ctx, char *fp, size_t fpsize)
{
    const instance *h = ctx;
    greedy_cover g;
    coverage_row *rows = NULL;
    ilp_params q;
    ilp_params_init(&q);
    char err[256];
    int rc = greedy_run(h, NULL, &g) ? -1 : 0;
    if (rc == 0) {
        rc = coverage_run(h, &g, g.n, false, &q, &rows, err, sizeof err);
        for (uint32_t i = 0; rc == 0 && i < g.n; i++)
            fp_add(fp, fpsize, "k %u: greedy %u, best %u, bound %u%s\n", rows[i].k,
                   rows[i].greedy, rows[i].best, rows[i].bound,
                   rows[i].proven ? ", proven" : "");
        greedy_cover_free(&g);
    }
    free(rows);
    return rc;
}

Test(faults, coverage_frees_everything_when_an_allocation_fails)
{
    static const uint32_t sets[][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX },
                                         { 2, 3, UINT32_MAX }, { 0, 3, UINT32_MAX },
                                         { 4, UINT32_MAX },    { 1, 2, UINT32_MAX } };
    instance *h = make_instance(5, 6, sets);
    cr_assert_gt(every_failure("coverage_run", op_coverage, h), 10);
    instance_free(h);
}

static int op_slurp(void *ctx, char *fp, size_t fpsize)
{
    char *text = slurp(ctx);
    if (!text)
        return -1;
    size_t n = strlen(text), x = 0;
    for (size_t i = 0; i < n; i++)
        x += text[i] == 'x';
    free(text);
    fp_add(fp, fpsize, "%zu bytes, %zu of them x", n, x);
    return 0;
}

Test(faults, the_test_helper_slurp_survives_a_failed_realloc)
{
    char path[] = "/tmp/t24-faults-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    char block[10000];
    memset(block, 'x', sizeof block);
    cr_assert_eq(write(fd, block, sizeof block), (ssize_t)sizeof block);
    close(fd);
    cr_assert_gt(every_failure("slurp", op_slurp, path), 1);
    unlink(path);
}

typedef struct {
    int64_t cards[6];
    int n;
    int64_t target;
    bool all;
} hand_case;

static int op_search(void *ctx, char *fp, size_t fpsize)
{
    const hand_case *c = ctx;
    search *s = search_new();
    if (!s)
        return -1;
    search_params p;
    search_params_init(&p);
    p.target = c->target;
    p.all = c->all;
    search_status st = search_run(s, c->cards, c->n, &p, NULL);
    size_t found = search_count(s);
    /* The canonical form of each printed solution: under a failed allocation a solution
     * may be printed as found rather than in its canonical form (canon_format()), the
     * same form all the same. */
    for (size_t i = 0; st == SEARCH_OK && i < found; i++)
        fp_key_of(fp, fpsize, search_solution(s, i));
    search_free(s);
    return st == SEARCH_OK && found > 0 ? 0 : -1;
}

Test(faults, the_solver_frees_everything_when_an_allocation_fails)
{
    hand_case cases[] = { { { 3, 3, 8, 8 }, 4, 24, false },
                          { { 1, 1, 2, 2 }, 4, 0, true },
                          { { 1, 3, 4, 6 }, 4, 24, true },
                          { { 2, 3, 5, 7, 11 }, 5, 100, false } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        every_failure("search_run", op_search, &cases[i]);
}

static int op_parse(void *ctx, char *fp, size_t fpsize)
{
    expr_arena *a = expr_arena_new();
    canon *c = canon_new();
    char err[128], out[256];
    const expr *e = a && c ? expr_parse(a, ctx, err, sizeof err) : NULL;
    int rc = e && canon_build(c, e) == CANON_OK && canon_format(c, out, sizeof out) > 0 ? 0 : -1;
    if (rc == 0) { /* the printed text may be the source's under a failed allocation */
        fp_add(fp, fpsize, "key %s, printed as ", canon_key(c));
        fp_key_of(fp, fpsize, out);
    }
    canon_free(c);
    expr_arena_free(a);
    return rc;
}

Test(faults, parsing_and_canonical_forms_free_everything)
{
    every_failure("expr_parse", op_parse, "8/(3-8/3)");
    every_failure("canon", op_parse, "(1-9)*(1-4)*1*1+2-2-(5-5)");
    every_failure("canon", op_parse, "2*3*4*5*6*7*8*9*10*11*12*13*14*15/(1+2+3+4+5+6)");
}

/* A build that succeeds under a failed allocation must give the form's one key, not a
 * second one (a review found a negative root keyed apart when a turn ran out of memory). */
typedef struct {
    const char *text;
    char key[256];
} keyed;

static int op_key(void *ctx, char *fp, size_t fpsize)
{
    keyed *k = ctx;
    expr_arena *a = expr_arena_new();
    canon *c = canon_new();
    char err[128];
    const expr *e = a && c ? expr_parse(a, k->text, err, sizeof err) : NULL;
    int rc = e && canon_build(c, e) == CANON_OK ? 0 : -1;
    if (rc == 0) {
        cr_assert_str_eq(canon_key(c), k->key, "'%s' keyed apart after a failed allocation",
                         k->text);
        fp_add(fp, fpsize, "%s", canon_key(c));
    }
    canon_free(c);
    expr_arena_free(a);
    return rc;
}

Test(faults, a_failed_allocation_never_gives_a_second_key)
{
    const char *texts[] = { "(3-2)*(1-5)", "(0*0+1)*((3-2)-2)", "((2-0)*0-1)*2", "(1-2)*1*1", "2*(1+1)/(1+1)",
                            "(2+3)*(1-2)*1+4-4" };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        keyed k = { texts[i], "" };
        expr_arena *a = expr_arena_new();
        canon *c = canon_new();
        char err[128];
        const expr *e = expr_parse(a, k.text, err, sizeof err);
        cr_assert(e && canon_build(c, e) == CANON_OK);
        snprintf(k.key, sizeof k.key, "%s", canon_key(c));
        canon_free(c);
        expr_arena_free(a);
        every_failure("canon key", op_key, &k);
    }
}

static int op_read(void *ctx, char *out, size_t outsize)
{
    const char *text = ctx;
    FILE *fp = fmemopen((void *)text, strlen(text), "r");
    cr_assert(fp, "fmemopen allocates inside libc: not wrapped, it cannot fail here");
    char err[256];
    int rc;
    if (text[0] == 'p') {
        instance *h = pace_read(fp, err, sizeof err);
        rc = h ? 0 : -1;
        for (uint32_t e = 0; h && e < instance_nsets(h); e++) {
            uint32_t len;
            const uint32_t *set = instance_set(h, e, &len);
            fp_add(out, outsize, "%s%u:", e ? "" : "instance: ", instance_nelems(h));
            for (uint32_t i = 0; i < len; i++)
                fp_add(out, outsize, " %u", set[i]);
            fp_add(out, outsize, "\n");
        }
        instance_free(h);
    } else {
        sweep_plan plan;
        rc = sweep_plan_read(&plan, fp, "test", err, sizeof err);
        for (size_t t = 0; rc == 0 && t < plan.n; t++) {
            const sweep_table *tb = &plan.tables[t];
            fp_add(out, outsize, "table %s '%s':", tb->name, tb->title);
            for (size_t i = 0; i < tb->n; i++)
                fp_add(out, outsize, " %d %lld-%lld %lld %d;", tb->configs[i].ncards,
                       (long long)tb->configs[i].lo, (long long)tb->configs[i].hi,
                       (long long)tb->configs[i].target, (int)tb->configs[i].groupings);
            fp_add(out, outsize, "\n");
        }
        if (rc == 0)
            sweep_plan_free(&plan);
    }
    fclose(fp);
    return rc;
}

/* Issue 40: a failed allocation reaches a caller of libt24hs as HS_ENOMEM
 * (hs_error_code()), whichever allocation of a read or of a whole cover run it was (a
 * run may also absorb one: a failed exact search is a report, not an error). Returns
 * the allocations made; *failed counts the calls that failed. */
static long public_call(long k, bool run, long *failed)
{
    static const char text[] = "p hs 5 4\n1 2\n2 3\n3 4\n4 5 1\n";
    char err[512];
    FILE *fp = fmemopen((void *)text, sizeof text - 1, "r");
    cr_assert(fp);
    hs_instance *h = run ? hs_instance_read_pace(fp, err, sizeof err) : NULL;
    faults_begin(k);
    hs_report r;
    int rc = run ? hs_cover_run(h, NULL, &r, err, sizeof err)
                 : ((h = hs_instance_read_pace(fp, err, sizeof err)) ? 0 : -1);
    if (run && rc == 0)
        hs_report_free(&r);
    long calls, live;
    faults_end(&calls, &live);
    cr_expect(rc == 0 || hs_error_code(err) == HS_ENOMEM,
              "allocation %ld failed, and the %s said '%s' (%s)", k, run ? "run" : "read", err,
              hs_error_name(hs_error_code(err)));
    *failed += rc != 0;
    hs_instance_free(h);
    fclose(fp);
    return calls;
}

Test(faults, a_failed_allocation_is_hs_enomem_to_the_library_s_caller, .timeout = 120)
{
    for (int run = 0; run < 2; run++) {
        long failed = 0, calls = public_call(0, run, &failed);
        cr_assert_eq(failed, 0);
        for (long k = 1; k <= calls; k++)
            public_call(k, run, &failed);
        cr_expect_gt(failed, 0, "no call failed: the test tests nothing");
    }
}

/* The cover check answers without its scratch: it said "no cover" when its calloc
 * failed, and a run called that an internal error. */
Test(faults, the_cover_check_answers_without_its_scratch)
{
    static const uint32_t sets[][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX },
                                         { 2, 3, UINT32_MAX }, { 3, 4, 0, UINT32_MAX } };
    instance *h = make_instance(5, 4, sets);
    const uint32_t cover[] = { 1, 3 }, short_of_one[] = { 1, 4 };
    long calls, live;
    faults_begin(1);
    cr_expect(instance_is_cover(h, cover, 2), "a cover, checked without scratch");
    faults_end(&calls, &live);
    cr_assert_eq(calls, 1, "the check did not allocate: the test tests nothing");
    faults_begin(1);
    cr_expect_not(instance_is_cover(h, short_of_one, 2), "{1, 4} misses the set {2, 3}");
    cr_expect_eq(instance_covered(h, short_of_one, 2), 3);
    faults_end(&calls, &live);
    instance_free(h);
}

Test(faults, readers_free_everything_when_an_allocation_fails)
{
    every_failure("pace_read", op_read, "p hs 4 3\n1 2\n2 3 4\nc comment\n4\n");
    every_failure("sweep_plan_read", op_read,
                  "table a A\n2 1-4 6\n3 1-5 24 all\ntable b\n2 1-9 7\n");
}

static int op_study(void *ctx, char *fp, size_t fpsize)
{
    (void)ctx;
    enumeration_params sp;
    enumeration_params_init(&sp);
    sp.ncards = 2;
    sp.lo = 1;
    sp.hi = 4;
    sp.target = 6;
    sp.groupings = TEMPLATE_ALL;
    sp.nthreads = 1;
    hs_params hp;
    hs_params_init(&hp);
    hp.greedy_runs = 2;
    study r;
    char err[256];
    int rc = study_run(&r, &sp, &hp, err, sizeof err);
    if (rc == 0) {
        /* The report without timings: what a user is told (cJSON allocates inside its
         * own library, never failed here). */
        cJSON *js = study_json(&r, false);
        /* The one change a failed allocation may make: the exact search fails, and the
         * report says so (the covers and bounds found stand, and must equal the clean
         * run's). */
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(js, "ilp_status");
        const cJSON *why = cJSON_GetObjectItemCaseSensitive(js, "glpk_error");
        if (cJSON_IsString(st) && strcmp(st->valuestring, "glpk_failed") == 0) {
            cr_assert(cJSON_IsString(why) && strstr(why->valuestring, "out of memory"),
                      "the exact search failed, not for want of memory");
            cJSON_ReplaceItemInObjectCaseSensitive(js, "ilp_status",
                                                   cJSON_CreateString("optimal"));
            cJSON_ReplaceItemInObjectCaseSensitive(js, "glpk_error", cJSON_CreateNull());
        }
        char *text = js ? cJSON_PrintUnformatted(js) : NULL;
        if (text)
            fp_add(fp, fpsize, "%s", text);
        else
            rc = -1;
        cJSON_free(text);
        cJSON_Delete(js);
    }
    study_free(&r);
    return rc;
}

Test(faults, a_whole_study_frees_everything_when_an_allocation_fails, .timeout = 300)
{
    every_failure("study_run", op_study, NULL);
}

/* ---- renames ---- */

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += e->d_name[0] != '.' || (e->d_name[1] && e->d_name[1] != '.');
    if (d)
        closedir(d);
    return n;
}

Test(faults, a_commit_whose_renames_fail_half_way_puts_the_older_files_back)
{
    char dir[] = "/tmp/t24-faults-XXXXXX", path[512];
    cr_assert(mkdtemp(dir));
    const char *names[] = { "a.txt", "b.txt", "c.txt" };
    for (int i = 0; i < 2; i++) { /* a and b exist, c is new */
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *fp = fopen(path, "w");
        fprintf(fp, "old %s\n", names[i]);
        fclose(fp);
    }
    /* Renames of a commit: 2 moved aside, 3 into place, so 5; fail each in turn. */
    for (long k = 1; k <= 6; k++) {
        char err[256];
        artifact_set *a = artifact_begin(dir, err, sizeof err);
        cr_assert(a, "%s", err);
        for (int i = 0; i < 3; i++) {
            FILE *fp = artifact_open(a, names[i]);
            cr_assert(fp);
            fprintf(fp, "new %s\n", names[i]);
        }
        faults.renames = 0;
        faults.fail_rename = k;
        int rc = artifact_commit(a, err, sizeof err);
        faults.fail_rename = 0;
        for (int i = 0; i < 3; i++) {
            snprintf(path, sizeof path, "%s/%s", dir, names[i]);
            char *text = slurp(path), expect[32];
            snprintf(expect, sizeof expect, "%s %s\n", rc == 0 ? "new" : "old", names[i]);
            if (rc != 0 && i == 2)
                cr_assert_null(text, "rename %ld failed: c.txt must not exist", k);
            else
                cr_assert_str_eq(text ? text : "(none)", expect, "rename %ld failed (rc %d)",
                                 k, rc);
            free(text);
        }
        cr_assert_eq(count_entries(dir), rc == 0 ? 3 : 2, "no temporaries or backups left");
        cr_assert_eq(rc == 0, k == 6, "only the run without a failed rename commits");
        if (rc == 0)
            break;
    }
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}
