/* incumbent.c - the best cover so far, printed on SIGINT or SIGTERM; see incumbent.h. */
#include "cli/incumbent.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/idlist.h"
#include "hitset/t24hs.h"

typedef struct {
    char *text[2];  /* two formatted covers: the one a signal reads, the one being made */
    size_t len[2];
    size_t cap[2];
    uint32_t size[2];            /* the covers' sizes */
    volatile sig_atomic_t shown; /* which text a signal prints; -1 before the first */
    volatile sig_atomic_t finish; /* a signal asks the run to finish (incumbent_start()) */
    volatile sig_atomic_t asked;  /* ... and one did */
} incumbent_state;

static incumbent_state state = { { NULL, NULL }, { 0, 0 }, { 0, 0 }, { 0, 0 }, -1, 0, 0 };

/* Returns 0 when all n bytes were written, else the errno of the failure (-1 when a
 * write wrote nothing). */
static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? errno : -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Why a write to standard output failed, in strerror()'s words for the failures it
 * meets: the handler may not call strerror() itself (not async-signal-safe). */
static const char *write_error(int e)
{
    switch (e) {
    case ENOSPC: return "No space left on device";
    case EPIPE: return "Broken pipe";
    case EIO: return "Input/output error";
    case EBADF: return "Bad file descriptor";
    case EDQUOT: return "Disk quota exceeded";
    case EFBIG: return "File too large";
    case EAGAIN: return "Resource temporarily unavailable";
    case EINVAL: return "Invalid argument";
    default: return "a write failed";
    }
}

/* Writes the three pieces of a line to stderr (best effort: nothing else can say it). */
static void say(const char *a, const char *b, const char *c)
{
    (void)write_all(STDERR_FILENO, a, strlen(a));
    (void)write_all(STDERR_FILENO, b, strlen(b));
    (void)write_all(STDERR_FILENO, c, strlen(c));
}

/* A cover that did not reach standard output (a full disk, a closed pipe) is a failure,
 * as anywhere else in t24: exit status 2 and one line with the reason, not 0. */
static void on_signal(int sig)
{
    int k = state.shown, e;
    if (k < 0) { /* no cover yet: end as the signal would have */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    if (state.finish && !state.asked) { /* the run stops as at its time limit */
        state.asked = 1;
        return;
    }
    if ((e = write_all(STDOUT_FILENO, state.text[k], state.len[k])) != 0) {
        say("t24 cover: cannot write the cover to standard output: ", write_error(e), "\n");
        _exit(2);
    }
    if (state.finish) /* the proof the run was to write is lost: a script must know */
        say("t24 cover: no certificate written: a second signal ended the run before its "
            "search stopped", "", "\n");
    _exit(state.finish ? 2 : 0);
}

int incumbent_stop_requested(void *ctx)
{
    (void)ctx;
    return state.asked;
}

int incumbent_start(bool finish)
{
    state.finish = finish;
    state.asked = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART; /* a handler that returns (finish) must not fail a write */
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL))
        return -1;
    return 0;
}

int incumbent_publish(const uint32_t *elems, uint32_t n)
{
    if (state.shown >= 0 && n >= state.size[state.shown])
        return 0; /* never replace a cover by a larger one */
    int k = state.shown == 0 ? 1 : 0; /* the text no signal reads */
    size_t need = ((size_t)n + 1) * 12;
    uint32_t *sorted = malloc(((size_t)n + 1) * sizeof *sorted);
    if (!sorted)
        return -1;
    if (need > state.cap[k]) {
        char *t = realloc(state.text[k], need);
        if (!t) {
            free(sorted);
            return -1;
        }
        state.text[k] = t;
        state.cap[k] = need;
    }
    memcpy(sorted, elems, (size_t)n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, idlist_compare);
    /* Formatted here, in the ordinary flow; the handler only writes the bytes. Each line
     * holds at most 10 digits and its newline, so need always suffices. */
    FILE *fp = fmemopen(state.text[k], state.cap[k], "w");
    int bad = !fp || hs_cover_write_pace(fp, sorted, n) || fflush(fp);
    long len = fp ? ftell(fp) : -1;
    if (fp)
        fclose(fp);
    free(sorted);
    if (bad || len < 0)
        return -1;
    state.len[k] = (size_t)len;
    state.size[k] = n;
    __atomic_signal_fence(__ATOMIC_SEQ_CST); /* the text is complete before it is shown */
    state.shown = k;
    return 0;
}

/* Blocks the two signals rather than restoring their defaults: a signal while the answer
 * is being printed must neither print a second cover nor cut the first; the process
 * exits right after, with the signal still pending. */
void incumbent_done(void)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}

void incumbent_free(void)
{
    for (int k = 0; k < 2; k++) {
        free(state.text[k]);
        state.text[k] = NULL;
        state.len[k] = state.cap[k] = 0;
    }
    state.shown = -1;
}
