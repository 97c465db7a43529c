/* incumbent.c - the best cover so far, printed on SIGINT or SIGTERM; see incumbent.h. */
#include "cli/incumbent.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    char *text[2];  /* two formatted covers: the one a signal reads, the one being made */
    size_t len[2];
    size_t cap[2];
    volatile sig_atomic_t shown; /* which text a signal prints; -1 before the first */
} incumbent_state;

static incumbent_state state = { { NULL, NULL }, { 0, 0 }, { 0, 0 }, -1 };

static void write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w <= 0)
            return; /* nothing left to do from a handler: the exit status says the rest */
        p += w;
        n -= (size_t)w;
    }
}

static void on_signal(int sig)
{
    int k = state.shown;
    if (k < 0) { /* no cover yet: end as the signal would have */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    write_all(STDOUT_FILENO, state.text[k], state.len[k]);
    _exit(0);
}

int incumbent_start(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL))
        return -1;
    return 0;
}

/* Writes v in decimal at p, returns the digits written. */
static size_t put_u64(char *p, uint64_t v)
{
    char tmp[24];
    size_t n = 0;
    do
        tmp[n++] = (char)('0' + v % 10);
    while (v /= 10);
    for (size_t i = 0; i < n; i++)
        p[i] = tmp[n - 1 - i];
    return n;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int incumbent_publish(const uint32_t *elems, uint32_t n)
{
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
    qsort(sorted, n, sizeof *sorted, cmp_u32);
    char *p = state.text[k];
    p += put_u64(p, n);
    *p++ = '\n';
    for (uint32_t i = 0; i < n; i++) {
        p += put_u64(p, (uint64_t)sorted[i] + 1);
        *p++ = '\n';
    }
    state.len[k] = (size_t)(p - state.text[k]);
    free(sorted);
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
