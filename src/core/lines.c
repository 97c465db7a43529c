/* lines.c - strict line reading; see lines.h. */
#include "core/lines.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads from fp (not owned) lines of at most max bytes. */
void lines_init(lines *r, FILE *fp, size_t max)
{
    r->fp = fp;
    r->max = max;
    r->lineno = 0;
    r->buf = NULL;
    r->cap = 0;
    r->error = 0;
    r->why[0] = '\0';
}

static bool append(lines *r, size_t len, int c)
{
    if (len + 1 >= r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 256;
        char *b = realloc(r->buf, cap);
        if (!b)
            return false;
        r->buf = b;
        r->cap = cap;
    }
    r->buf[len] = (char)c;
    return true;
}

/* lines_next() with the stream locked by the caller: getc_unlocked() per byte, where
 * getc() would take the lock for each (eight times slower on a stream of fopencookie(),
 * core/timedread.h, which takes it even with one thread). */
static lines_status next_locked(lines *r, char **line, size_t *len)
{
    size_t n = 0;
    bool nul = false, any = false;
    int c;
    errno = 0;
    while ((c = getc_unlocked(r->fp)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (c == '\r') {
            int d = getc_unlocked(r->fp);
            if (d != '\n' && d != EOF)
                ungetc(d, r->fp);
            break;
        }
        nul |= c == '\0';
        if (n < r->max && !append(r, n, c))
            return LINES_NOMEM;
        n += n <= r->max; /* stops counting past the maximum: the rest is skipped */
    }
    if (ferror(r->fp)) {
        r->error = errno;
        return LINES_ERROR;
    }
    if (!any)
        return LINES_EOF;
    r->lineno++;
    if (nul)
        return LINES_NUL;
    if (n > r->max)
        return LINES_TOO_LONG;
    if (!append(r, n, '\0'))
        return LINES_NOMEM;
    *line = r->buf;
    *len = n;
    return LINES_OK;
}

/* Reads the next line into *line (NUL-terminated, owned by r, valid until the next
 * call) and its length into *len. Returns LINES_OK, LINES_EOF, or a problem with this
 * line (LINES_NUL, LINES_TOO_LONG: r->lineno names it, and the next call reads the line
 * after it) or with the stream (LINES_ERROR, LINES_NOMEM). */
lines_status lines_next(lines *r, char **line, size_t *len)
{
    flockfile(r->fp); /* one lock a line, not one a byte */
    lines_status st = next_locked(r, line, len);
    funlockfile(r->fp);
    return st;
}

const char *lines_status_message(lines_status st)
{
    switch (st) {
    case LINES_OK: return "ok";
    case LINES_EOF: return "end of file";
    case LINES_NUL: return "contains a NUL byte";
    case LINES_TOO_LONG: return "line too long";
    case LINES_ERROR: return "read error";
    default: return "out of memory";
    }
}

const char *lines_message(lines *r, lines_status st)
{
    if (st != LINES_ERROR || r->error == 0)
        return lines_status_message(st);
    snprintf(r->why, sizeof r->why, "read error: %s", strerror(r->error));
    return r->why;
}

void lines_free(lines *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = 0;
}
