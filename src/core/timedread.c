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
/* Data that arrives without waiting asks the clock once per this many bytes (a
 * millisecond of reading or so), as the line reader asks it every 4,096 lines: a small
 * file is read whole whatever the limit, as before; only a wait or an endless flow is
 * cut short. */
#define TIMEDREAD_CHECK_BYTES (1024 * 1024)

typedef struct {
    int fd;
    double deadline;
    cancel_check cancel;
    size_t unchecked; /* bytes read since the clock was last asked */
} timedread;

/* 0 when the reader may go on, else the errno that says why it may not. */
static int stopped(const timedread *t)
{
    if (cancel_requested(&t->cancel, STOP_SITE_READ_WAIT))
        return ECANCELED;
    if (t->deadline > 0 && walltime_now() >= t->deadline)
        return ETIME;
    return 0;
}

/* Waits until fd has data (or its end, or an error, which read() then reports), or
 * the reader must stop. Returns 0, or -1 with errno ECANCELED or ETIME. */
static int wait_readable(const timedread *t)
{
    struct pollfd p = { t->fd, POLLIN, 0 };
    int n = poll(&p, 1, 0);
    while (n <= 0) {
        if (n < 0 && errno != EINTR)
            return 0; /* no poll on this descriptor: a plain read still works */
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
        n = poll(&p, 1, ms);
    }
    return 0;
}

static ssize_t cookie_read(void *cookie, char *buf, size_t size)
{
    timedread *t = cookie;
    int why = cancel_requested(&t->cancel, STOP_SITE_READ_CALL) ? ECANCELED : 0;
    if (!why && t->unchecked >= TIMEDREAD_CHECK_BYTES) {
        t->unchecked = 0;
        why = stopped(t);
    }
    if (why || wait_readable(t)) {
        errno = why ? why : errno;
        return -1;
    }
    for (;;) {
        ssize_t n = read(t->fd, buf, size);
        if (n > 0)
            t->unchecked += (size_t)n;
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
    t->cancel = cancel ? *cancel : (cancel_check){ 0 };
    t->unchecked = 0;
    cookie_io_functions_t io = { cookie_read, NULL, NULL, cookie_close };
    FILE *fp = fopencookie(t, "r", io);
    if (!fp) {
        free(t);
        return NULL;
    }
    setvbuf(fp, NULL, _IOFBF, TIMEDREAD_BUFFER); /* fewer calls than stdio's 8 KiB */
    return fp;
}
