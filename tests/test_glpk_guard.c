/* test_glpk_guard.c - the hitting-set engine runs GLPK on threads of its own (issue 27):
 * a GLPK failure inside it frees only its own objects, never the caller's, and leaves the
 * caller's GLPK hooks and settings alone; two runs in two threads at once agree with the
 * same runs one after the other. */
#include <criterion/criterion.h>
#include <glpk.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "hitset/mip/glpk_guard.h"

#include "hitset/mip/ilp.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "mincover_helpers.h"

static int caller_lines; /* lines the caller's own terminal hook saw */

static int caller_hook(void *info, const char *s)
{
    (void)info;
    caller_lines += strchr(s, '\n') != NULL;
    return 1; /* swallowed: the test prints nothing */
}

/* A memory limit of 1 MB on a model of about 8 MB makes GLPK fail inside ilp_lp_bound():
 * its guard frees the GLPK environment. The caller's problem, made before, must still be
 * whole afterwards (under ASan a freed one is a use after free), and its hook still
 * installed. */
Test(glpk_guard, a_failure_inside_the_engine_spares_the_callers_glpk_objects)
{
    glp_term_hook(caller_hook, NULL);
    glp_prob *mine = glp_create_prob();
    glp_add_rows(mine, 3);
    glp_add_cols(mine, 2);
    uint64_t rng = 7;
    instance *h = random_instance(4000, 20000, 12, &rng);
    ilp_params p;
    ilp_params_init(&p);
    p.mem_limit_mb = 1;
    double lp;
    char err[256] = "";
    cr_expect_eq(ilp_lp_bound(h, &p, &lp, err, sizeof err), -1, "GLPK did not fail");
    cr_expect(strstr(err, "GLPK failed"), "%s", err);
    cr_expect_eq(glp_get_num_rows(mine), 3);
    cr_expect_eq(glp_get_num_cols(mine), 2);
    caller_lines = 0;
    glp_printf("still mine\n");
    cr_expect_eq(caller_lines, 1, "the caller's terminal hook was replaced");
    glp_delete_prob(mine);
    glp_term_hook(NULL, NULL);
    instance_free(h);
}

static int always(void *ctx)
{
    (void)ctx;
    return 1;
}

static int never(void *ctx)
{
    (void)ctx;
    return 0;
}

/* glpk_guard_watch(), the one hook that the LP relaxation (ilp.c) and the certifying
 * search's root LP (certify_tree.c) watch a simplex chunk with: a line of GLPK's output
 * passes, swallowed, while the cancel does not ask, and leaves GLPK by the caller's jump
 * with stopped set once it does. No clock: the hook is driven by lines printed here. */
Test(glpk_guard, the_watch_leaves_glpk_at_a_line_once_the_cancel_asks)
{
    cancel_check no = { never, NULL, NULL }, yes = { always, NULL, NULL };
    glpk_guard g;
    int term;
    jmp_buf jb;
    glp_term_hook(caller_hook, NULL);
    caller_lines = 0;
    glpk_guard_begin(&g, 0, &term);
    glpk_watch quiet = { &jb, &no, STOP_SITE_ILP_LP_LINE, false };
    glpk_guard_watch(&quiet);
    glp_printf("a line\n");
    cr_expect_not(quiet.stopped, "the watch stopped with no stop asked");
    glpk_watch w = { &jb, &yes, STOP_SITE_ILP_LP_LINE, false };
    volatile bool left = false;
    if (setjmp(jb) == 0) {
        glpk_guard_watch(&w);
        glp_printf("a line\n");
    } else {
        left = true;
    }
    glpk_guard_end(0, term);
    cr_expect(left, "a stop asked, yet the watch did not leave GLPK");
    cr_expect(w.stopped);
    cr_expect_eq(caller_lines, 0, "a watched line reached the caller's hook");
    glp_term_hook(NULL, NULL);
}

typedef struct {
    instance *h;
    mincover_result r;
    int rc;
    char err[256];
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    mincover_params p;
    mincover_params_init(&p);
    p.greedy_runs = 20;
    j->rc = mincover_run(j->h, NULL, &p, &j->r, j->err, sizeof j->err);
    return NULL;
}

/* Two instances the exact search proves: the results of two runs at once equal those of
 * the same runs one after the other, cover for cover. */
Test(glpk_guard, two_runs_in_two_threads_equal_two_runs_in_turn)
{
    uint64_t rng = 11;
    job par[2], seq[2];
    for (int i = 0; i < 2; i++) {
        memset(&par[i], 0, sizeof par[i]);
        par[i].h = random_instance(60 + 20 * (uint32_t)i, 300, 4, &rng);
        seq[i] = par[i];
    }
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        cr_assert_eq(pthread_create(&t[i], NULL, run_job, &par[i]), 0);
    for (int i = 0; i < 2; i++)
        cr_assert_eq(pthread_join(t[i], NULL), 0);
    for (int i = 0; i < 2; i++) {
        run_job(&seq[i]);
        cr_assert_eq(par[i].rc, 0, "%s", par[i].err);
        cr_assert_eq(seq[i].rc, 0, "%s", seq[i].err);
        cr_expect(par[i].r.optimal && seq[i].r.optimal);
        cr_expect_eq(par[i].r.optimum, seq[i].r.optimum);
        cr_expect_eq(par[i].r.best_bound, seq[i].r.best_bound);
        cr_assert_eq(par[i].r.cover.n, seq[i].r.cover.n);
        cr_expect_arr_eq(par[i].r.cover.elems, seq[i].r.cover.elems,
                         par[i].r.cover.n * sizeof *par[i].r.cover.elems);
        mincover_result_free(&par[i].r);
        mincover_result_free(&seq[i].r);
        instance_free(par[i].h);
    }
}

/* Two GLPK sections meet when each, once inside, waits for the other to come in: with
 * GLPK's environment per thread (Debian's), both are inside at once; made to take turns
 * (the fallback for a GLPK without thread-local storage), never. The wait ends after
 * wait_s at the latest, so that the turn-taking run ends too. */
typedef struct {
    atomic_int inside, most, arrived; /* in a section now; at most at once; ever came in */
    double wait_s;
} rendezvous;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int meet(void *arg)
{
    rendezvous *r = arg;
    glp_prob *lp = glp_create_prob(); /* a GLPK object of this section's environment */
    int n = atomic_fetch_add(&r->inside, 1) + 1;
    for (int m = atomic_load(&r->most); n > m && !atomic_compare_exchange_weak(&r->most, &m, n);)
        ;
    atomic_fetch_add(&r->arrived, 1);
    for (double end = now_s() + r->wait_s; atomic_load(&r->arrived) < 2 && now_s() < end;) {
        struct timespec pause = { 0, 1000000 };
        nanosleep(&pause, NULL);
    }
    atomic_fetch_sub(&r->inside, 1);
    glp_delete_prob(lp);
    return 0;
}

typedef struct {
    rendezvous *r;
    bool serial;
    int rc;
} meet_job;

static void *meet_thread(void *arg)
{
    meet_job *j = arg;
    char err[128];
    /* the library's own path, or the turn-taking fallback forced */
    j->rc = j->serial ? glpk_guard_call_serial(meet, j->r, true, err, sizeof err)
                      : glpk_guard_call(meet, j->r, err, sizeof err);
    return NULL;
}

static int most_inside(bool serial, double wait_s)
{
    rendezvous r = { 0, 0, 0, wait_s };
    meet_job j[2] = { { &r, serial, -1 }, { &r, serial, -1 } };
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        cr_assert_eq(pthread_create(&t[i], NULL, meet_thread, &j[i]), 0);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(pthread_join(t[i], NULL), 0);
        cr_assert_eq(j[i].rc, 0);
    }
    return atomic_load(&r.most);
}

/* Issue 39: the library's promise that two runs on two threads do not meet holds only on
 * a reentrant GLPK; the test shows the two runs overlapped (not merely that they agreed),
 * and that the fallback really makes them take turns. */
Test(glpk_guard, two_threads_are_in_glpk_at_once_and_the_fallback_takes_turns, .timeout = 300)
{
    cr_assert(glpk_guard_reentrant(), "this GLPK has no thread-local storage (Debian's has)");
    cr_expect_eq(most_inside(false, 120), 2, "the two GLPK sections never overlapped");
    cr_expect_eq(most_inside(true, 0.2), 1, "the sections taking turns overlapped");
}
