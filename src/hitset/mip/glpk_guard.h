/* glpk_guard.h - calling GLPK without letting it abort the process or print.
 *
 * GLPK reports fatal errors (bad data, out of memory, its memory limit) by calling an
 * error hook and then aborting. (Always inside glpk_guard_call(), below: the environment
 * freed on a failure is then the engine's own thread's.) Between glpk_guard_begin() and glpk_guard_end() the hook
 * longjmps back to the caller's setjmp(g->jb), where glpk_guard_failed() frees GLPK's
 * environment (every GLPK object with it) and turns GLPK's last words into an error
 * message. GLPK's terminal output is swallowed meanwhile. The function that calls
 * setjmp() takes the guard by pointer from its own caller: GLPK's words go into the
 * guard between setjmp() and the longjmp() and are read after it, and an object local to
 * the function that calls setjmp(), changed in between, is indeterminate after the jump
 * (C11 7.13.2.1p3; tests/check_setjmp.sh holds every setjmp() of src/ to a pointer).
 * Usage, called as guarded(&g, ...) by a function that declares glpk_guard g:
 *     static int guarded(glpk_guard *g, ...) {
 *         int term;
 *         if (setjmp(g->jb)) return glpk_guard_failed(g, err, errsize);
 *         glpk_guard_begin(g, mem_limit_mb, &term); ...GLPK calls...;
 *         glpk_guard_end(mem_limit_mb, term); ... } */
#ifndef T24_HITSET_GLPK_GUARD_H
#define T24_HITSET_GLPK_GUARD_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/cancel.h"
#include "core/stop_site.h"

/* Runs fn(arg) on a thread of its own and returns what fn returns. GLPK keeps its
 * environment per thread (Debian builds it reentrant: glp_config("TLS")), so what fn
 * does with GLPK (hooks, terminal output, the memory limit, a failure that frees the
 * whole environment) stays on that thread: the caller's GLPK objects and settings are
 * never touched, and two runs in two threads do not meet. The thread frees its GLPK
 * environment before it ends. Returns -1 with err set when no thread can be started.
 * Every GLPK call of the hitting-set engine goes through here. */
int glpk_guard_call(int (*fn)(void *arg), void *arg, char *err, size_t errsize);
/* Whether the GLPK linked in keeps its environment per thread (glp_config("TLS"), asked at
 * run time: the library found at run time may not be the one CMake checked). Where it
 * does not, glpk_guard_call() runs the engine's GLPK sections one at a time. */
bool glpk_guard_reentrant(void);
/* glpk_guard_call(), its GLPK sections taking turns when serial (what glpk_guard_call()
 * does on a GLPK without thread-local storage; tests force either way). */
int glpk_guard_call_serial(int (*fn)(void *arg), void *arg, bool serial, char *err,
                           size_t errsize);

typedef struct {
    jmp_buf jb;
    char said[160]; /* GLPK's own words before the failure (it forces them out) */
} glpk_guard;

void glpk_guard_begin(glpk_guard *g, int mem_limit_mb, int *term);
void glpk_guard_end(int mem_limit_mb, int term);
int glpk_guard_failed(const glpk_guard *g, char *err, size_t errsize);

/* A stop asked inside one long GLPK call that asks nobody (a chunk of the simplex can run
 * for seconds): glpk_guard_watch() turns GLPK's terminal output on and swallows it in a
 * hook that, at each line GLPK displays, asks the cancel, and once it asks leaves GLPK
 * by longjmp to *jb (as the guard's error hook leaves to g.jb), with stopped set. GLPK's
 * state is then left mid-call: the caller touches the model no more (or frees the
 * environment) and puts the guard's hooks back with glpk_guard_begin(). Usage:
 *     glpk_watch w = { &g->jb, cancel, STOP_SITE_..., false };   (g the caller's: tests/check_setjmp.sh)
 *     if (setjmp(g->jb)) { ...w.stopped: a stop, else GLPK's failure... }
 *     glpk_guard_watch(&w); ...the GLPK call...; glpk_guard_begin(g, mem_limit_mb, &off); */
typedef struct {
    jmp_buf *jb;                /* where the hook leaves to */
    const cancel_check *cancel; /* asked at each line of output */
    stop_site site;             /* the caller's name for that ask (core/stop_site.h) */
    volatile bool stopped;      /* the hook left GLPK on a stop */
} glpk_watch;

void glpk_guard_watch(glpk_watch *w);

#endif
