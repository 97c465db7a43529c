/* glpk_guard.c - GLPK's error and output hooks; see glpk_guard.h. */
#include "hitset/mip/glpk_guard.h"

#include <errno.h>
#include <glpk.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    int (*fn)(void *arg);
    void *arg;
    int rc;
} guarded_call;

static void *run_guarded(void *p)
{
    guarded_call *c = p;
    c->rc = c->fn(c->arg);
    glp_free_env(); /* this thread's environment only; a no-op when GLPK was not used */
    return NULL;
}

/* GLPK built without thread-local storage keeps one environment for the whole process:
 * two threads in GLPK at once would share it (and one's failure would free the other's
 * objects). Then the engine's GLPK sections take turns on this lock. It is the library's
 * one piece of process-wide state, and it exists only because GLPK's environment is
 * then process-wide itself. */
static pthread_mutex_t glpk_turns = PTHREAD_MUTEX_INITIALIZER;

bool glpk_guard_reentrant(void)
{
    return glp_config("TLS") != NULL;
}

int glpk_guard_call_serial(int (*fn)(void *arg), void *arg, bool serial, char *err,
                           size_t errsize)
{
    guarded_call c = { fn, arg, -1 };
    pthread_t t;
    if (serial)
        pthread_mutex_lock(&glpk_turns);
    int e = pthread_create(&t, NULL, run_guarded, &c);
    int joined = e ? 0 : pthread_join(t, NULL); /* joinable and ours: cannot fail */
    if (serial)
        pthread_mutex_unlock(&glpk_turns);
    if (e) {
        snprintf(err, errsize, "cannot start a thread for GLPK: %s", strerror(e));
        return -1;
    }
    if (joined) { /* say so rather than guess */
        snprintf(err, errsize, "cannot join GLPK's thread: %s", strerror(joined));
        return -1;
    }
    return c.rc;
}

int glpk_guard_call(int (*fn)(void *arg), void *arg, char *err, size_t errsize)
{
    return glpk_guard_call_serial(fn, arg, !glpk_guard_reentrant(), err, errsize);
}

static void on_glpk_error(void *info) { longjmp(((glpk_guard *)info)->jb, 1); }

/* Swallows GLPK's terminal output, keeping the start of it for the error message. */
static int on_glpk_output(void *info, const char *s)
{
    glpk_guard *g = info;
    size_t used = strlen(g->said);
    if (used + 1 < sizeof g->said)
        snprintf(g->said + used, sizeof g->said - used, "%s", s);
    return 1;
}

/* glpk_guard_watch()'s hook: the output swallowed, the cancel asked at each line. */
static int on_watched_output(void *info, const char *s)
{
    glpk_watch *w = info;
    (void)s;
    if (!w->stopped && cancel_requested(w->cancel, w->site)) {
        w->stopped = true;
        longjmp(*w->jb, 1);
    }
    return 1;
}

void glpk_guard_watch(glpk_watch *w)
{
    glp_term_hook(on_watched_output, w);
    glp_term_out(GLP_ON);
}

void glpk_guard_begin(glpk_guard *g, int mem_limit_mb, int *term)
{
    g->said[0] = '\0';
    glp_error_hook(on_glpk_error, g);
    glp_term_hook(on_glpk_output, g);
    *term = glp_term_out(GLP_OFF);
    if (mem_limit_mb > 0)
        glp_mem_limit(mem_limit_mb);
}

void glpk_guard_end(int mem_limit_mb, int term)
{
    if (mem_limit_mb > 0)
        glp_mem_limit(INT_MAX);
    glp_term_out(term);
    glp_term_hook(NULL, NULL);
    glp_error_hook(NULL, NULL);
}

/* After a jump out of GLPK: everything GLPK held is gone, only the message remains.
 * Returns -1. */
int glpk_guard_failed(const glpk_guard *g, char *err, size_t errsize)
{
    char said[sizeof g->said];
    snprintf(said, sizeof said, "%s", g->said);
    said[strcspn(said, "\n")] = '\0';
    glp_free_env();
    snprintf(err, errsize, "GLPK failed (%s)", said[0] ? said : "no message");
    return -1;
}
