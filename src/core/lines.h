/* lines.h - reading text files line by line, strictly.
 *
 * Every reader of user files (batch hands, --configs lists, PACE instances) goes through
 * here, so they agree on what a line is: it ends at "\n", "\r\n" or a lone "\r" (old Mac
 * files are not one long line), the last one may lack its end, and it never contains a
 * NUL byte (a NUL would silently cut the line short for every string function after
 * it: such a line is reported, not truncated). Lines longer than the reader's maximum
 * are reported too, so memory stays bounded. */
#ifndef T24_CORE_LINES_H
#define T24_CORE_LINES_H

#include <stddef.h>
#include <stdio.h>

typedef enum {
    LINES_OK = 0,   /* *line holds the next line, without its end */
    LINES_EOF,      /* no more lines */
    LINES_NUL,      /* the line holds a NUL byte (it was read whole and skipped) */
    LINES_TOO_LONG, /* the line is longer than the maximum (read whole and skipped) */
    LINES_ERROR,    /* the stream reported a read error */
    LINES_NOMEM
} lines_status;

typedef struct {
    FILE *fp;
    size_t max;     /* longest line accepted, in bytes */
    long lineno;    /* the number of the line last returned, from 1 */
    char *buf;
    size_t cap;
    int error;      /* errno of the read error (LINES_ERROR), else 0 */
    char why[128];  /* lines_message()'s text */
} lines;

void lines_init(lines *r, FILE *fp, size_t max);
lines_status lines_next(lines *r, char **line, size_t *len);
const char *lines_status_message(lines_status st);
/* What went wrong, for a message: lines_status_message(), with the system's reason after
 * a read error ("read error: Is a directory"). The text lives in r until the next call. */
const char *lines_message(lines *r, lines_status st);
void lines_free(lines *r);

#endif
