/* timedread.c - a stream that gives up at a deadline or when cancelled; see timedread.h. */
#define _GNU_SOURCE /* fopencookie */
#include "core/timedread.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/walltime.h"

/* The longest single wait, in milliseconds: a cancel request set by a signal that hit
 * another thread (poll is then not interrupted) is seen within it. */
#define TIMEDREAD_SLICE_MS 100
#define TIMEDREAD_BUFFER (64 * 1024)

typedef struct {
    int fd;
    double deadline;
    cancel_check cancel;
} timedread;

/* 0 when the reader may go on, else the errno that says why it may not. */
static int stopped(const timedread *t)
{
    if (cancel_requested(&t->cancel))
        return ECANCELED;
    if (t->deadline > 0 && walltime_now() >= t->deadline)
        return ETIME;
    return 0;
}

/* Waits until fd has data (or its end, or an error, which read() then reports), or the
 * reader must stop. Returns 0, or -1 with errno set. */
static int wait_readable(const timedread *t)
{
    for (;;) {
        int why = stopped(t);
        if (why) {
            errno = why;
            return -1;
        }
        int ms = TIMEDREAD_SLICE_MS;
        if (t->deadline > 0) {
            double left = (t->deadline - walltime_now()) * 1000;
            if (left < ms)
                ms = left < 1 ? 1 : (int)left;
        }
        struct pollfd p = { t->fd, POLLIN, 0 };
        int n = poll(&p, 1, ms);
        if (n > 0)
            return 0;
        if (n < 0 && errno != EINTR)
            return -1; /* no poll on this descriptor: a plain read still works */
    }
}

static ssize_t cookie_read(void *cookie, char *buf, size_t size)
{
    timedread *t = cookie;
    if (wait_readable(t) && (errno == ECANCELED || errno == ETIME))
        return -1;
    for (;;) {
        ssize_t n = read(t->fd, buf, size);
        if (n >= 0 || errno != EINTR)
            return n;
        if ((errno = stopped(t)) != 0) /* a signal asked while the read blocked */
            return -1;
    }
}

static int cookie_close(void *cookie)
{
    free(cookie);
    return 0;
}

FILE *timedread_open(int fd, double deadline, const cancel_check *cancel)
{
    timedread *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->fd = fd;
    t->deadline = deadline;
    t->cancel = cancel ? *cancel : (cancel_check){ NULL, NULL };
    cookie_io_functions_t io = { cookie_read, NULL, NULL, cookie_close };
    FILE *fp = fopencookie(t, "r", io);
    if (!fp) {
        free(t);
        return NULL;
    }
    setvbuf(fp, NULL, _IOFBF, TIMEDREAD_BUFFER); /* one clock read per 64 KiB */
    return fp;
}
