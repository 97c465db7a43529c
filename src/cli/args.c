/* args.c - command-line value parsing and error lines; see args.h. */
#include "cli/args.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORD_MAX 64    /* longer runs of non-blanks are shortened */
#define WORD_HEAD 40   /* bytes kept from the start of a shortened run */
#define WORD_TAIL 8    /* and from its end */
#define LINE_MAX 2000  /* and a whole message is cut here */

/* Writes n bytes of s with control bytes escaped (\xNN): a message echoes what it was
 * given, and an escape sequence must not reach the terminal as one. */
static size_t put_clean(FILE *fp, const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        w += c < 0x20 || c == 0x7f ? (size_t)fprintf(fp, "\\x%02x", c) : (fputc(c, fp), 1u);
    }
    return w;
}

/* Moves a cut back to the start of a UTF-8 character. */
static size_t char_start(const char *s, size_t cut)
{
    while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
        cut--;
    return cut;
}

/* Prints msg as one clean line: control bytes escaped, each run of more than WORD_MAX
 * non-blank bytes shortened to its ends and its length ('1111...[5000 bytes]...1111'),
 * the whole cut at LINE_MAX bytes. No newline is added. */
void args_print_clean(FILE *fp, const char *msg)
{
    size_t written = 0;
    for (const char *p = msg; *p && written < LINE_MAX;) {
        size_t blank = strspn(p, " "), word = strcspn(p + blank, " ");
        written += put_clean(fp, p, blank);
        p += blank;
        if (word <= WORD_MAX) {
            written += put_clean(fp, p, word);
        } else {
            size_t head = char_start(p, WORD_HEAD), tail = char_start(p, word - WORD_TAIL);
            written += put_clean(fp, p, head);
            written += (size_t)fprintf(fp, "...[%zu bytes]...", word);
            written += put_clean(fp, p + tail, word - tail);
        }
        p += word;
    }
    if (written >= LINE_MAX)
        fputs("...", fp);
}

static void vreport(const char *cmd, const char *fmt, va_list ap, bool hint)
{
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
