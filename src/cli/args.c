/* args.c - command-line value parsing and error lines; see args.h. */
#include "cli/args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/utf8.h"
#include "eval/dist.h"

#define WORD_MAX 64    /* longer runs of non-blanks (or of blanks) are shortened */
#define WORD_HEAD 40   /* bytes kept from the start of a shortened run */
#define WORD_TAIL 8    /* and from its end */
#define LINE_MAX 2000  /* and a whole message is cut here */

/* The cleaned line as it is written: never more than LINE_MAX bytes, then "...". */
typedef struct {
    FILE *fp;
    size_t used;
    bool full;
} clean_out;

static void put(clean_out *o, const char *s, size_t n)
{
    if (o->full)
        return;
    if (o->used + n > LINE_MAX) {
        o->full = true;
        return;
    }
    fwrite(s, 1, n, o->fp);
    o->used += n;
}

/* Writes n bytes of s escaped: bytes that are not UTF-8 as \xNN, unsafe characters as
 * \xNN (below 0x80) or \u{XXXX}, everything else as it is. */
static void put_clean(clean_out *o, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    char esc[16];
    for (size_t i = 0; i < n && !o->full;) {
        uint32_t cp = 0;
        size_t len = utf8_char(u + i, n - i, &cp);
        if (len == 0)
            put(o, esc, (size_t)snprintf(esc, sizeof esc, "\\x%02x", u[i]));
        else if (utf8_unsafe(cp) && cp < 0x80)
            put(o, esc, (size_t)snprintf(esc, sizeof esc, "\\x%02x", (unsigned)cp));
        else if (utf8_unsafe(cp))
            put(o, esc, (size_t)snprintf(esc, sizeof esc, "\\u{%04x}", (unsigned)cp));
        else
            put(o, s + i, len);
        i += len ? len : 1;
    }
}

/* Moves a cut back to the start of a UTF-8 character, by at most three bytes: past
 * that the bytes are not UTF-8 and are escaped one by one anyway. */
static size_t char_start(const char *s, size_t cut)
{
    for (int k = 0; k < 3 && cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80; k++)
        cut--;
    return cut;
}

/* A run of n bytes (blanks or not), shortened to its ends when longer than WORD_MAX. */
static void put_run(clean_out *o, const char *p, size_t n, const char *what)
{
    if (n <= WORD_MAX) {
        put_clean(o, p, n);
        return;
    }
    char mark[64];
    size_t head = char_start(p, WORD_HEAD), tail = char_start(p, n - WORD_TAIL);
    put_clean(o, p, head);
    put(o, mark, (size_t)snprintf(mark, sizeof mark, "...[%zu %s]...", n, what));
    put_clean(o, p + tail, n - tail);
}

/* Prints msg as one clean line of at most LINE_MAX bytes (then "..."): unsafe and
 * invalid bytes escaped, each run of more than WORD_MAX bytes without blanks (or of
 * blanks) shortened to its ends and its length ('1111...[5000 bytes]...1111'). No
 * newline is added. */
void args_print_clean(FILE *fp, const char *msg)
{
    clean_out o = { fp, 0, false };
    for (const char *p = msg; *p && !o.full;) {
        size_t blank = strspn(p, " ");
        put_run(&o, p, blank, "blanks");
        p += blank;
        size_t word = strcspn(p, " ");
        put_run(&o, p, word, "bytes");
        p += word;
    }
    if (o.full)
        fputs("...", fp);
}

FILE *args_open_input(const char *path, char *err, size_t errsize)
{
    if (!path || strcmp(path, "-") == 0)
        return stdin;
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        snprintf(err, errsize, "'%s' is a directory", path);
        return NULL;
    }
    FILE *fp = fopen(path, "r");
    if (!fp)
        snprintf(err, errsize, "cannot read '%s': %s", path, strerror(errno));
    return fp;
}

void args_close_input(FILE *fp)
{
    if (fp && fp != stdin)
        fclose(fp);
}

/* A rank other than 0 of an MPI launch: every rank parses the same arguments. */
bool args_other_rank(void)
{
    return dist_launcher_mpi() && dist_launcher_rank() > 0; /* a plain srun step: tasks apart */
}

static void vreport(const char *cmd, const char *fmt, va_list ap, bool hint)
{
    if (hint && args_other_rank())
        return; /* a usage error: rank 0 says it for all */
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char small[256], *msg = n >= 0 && (size_t)n < sizeof small ? small : malloc((size_t)n + 1);
    fprintf(stderr, "t24%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    if (n >= 0 && msg) {
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
        args_print_clean(stderr, msg);
    } else {
        fputs("(the message does not fit in memory)", stderr);
    }
    if (msg != small)
        free(msg);
    if (hint)
        fprintf(stderr, " (try 't24%s%s --help')", cmd ? " " : "", cmd ? cmd : "");
    fputc('\n', stderr);
}

int args_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(cmd, fmt, ap, true);
    va_end(ap);
    return ARGS_EXIT_USAGE;
}

int args_message(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(cmd, fmt, ap, false);
    va_end(ap);
    return ARGS_EXIT_USAGE;
}

bool args_is_help(const char *s)
{
    return strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0;
}

const char *args_value(int argc, char **argv, int *i, const char *name, bool *missing)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

bool args_option(int argc, char **argv, int *i, const char *name, const char **value)
{
    bool missing = false;
    *value = args_value(argc, argv, i, name, &missing);
    return *value || missing;
}
