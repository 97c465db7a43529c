/* t24hs_errcode.c - the numeric code of a failure message (hs_error_code(), t24hs.h).
 *
 * Why from the message: a failure crosses the library as -1 and a line in err, from
 * some 130 places in a dozen modules and from worker threads (a cube's failure reaches
 * the caller inside the run's message); a code kept beside the message would need a
 * second channel through every one of them, or a global. The library's messages follow
 * a few forms instead ("X = V; must be ...", "line N: ...", "out of memory ...", "cannot
 * write '...'"), and the table below maps the phrases of those forms to codes, first
 * match first. What a caller named (a path, a folder) is quoted in a message ('...') and
 * left out of the match, so that a folder called "out of memory" stays an I/O failure.
 * tests/test_t24hs_errcode.c reads every message the library's sources write and fails
 * on one no row matches: a new message must take a form of the table, or add a row. */
#include "hitset/t24hs.h"

#include <ctype.h>
#include <string.h>

typedef struct {
    hs_errcode code;
    const char *phrase;
} errcode_row;

/* First match first: a bug before all, memory, a parameter's "X = V; must be" (whose
 * range may name an engine, "HS_ENGINE_GLPK"), then the specific causes, and the
 * broadest forms of usage last. */
static const errcode_row rows[] = {
    { HS_EINTERNAL, "internal error" },
    { HS_EINTERNAL, "(a bug)" },
    { HS_EINTERNAL, "needs a cover to start from" },
    { HS_EINTERNAL, "column generation's cover names" },
    { HS_ENOMEM, "out of memory" },
    { HS_ENOMEM, "more entries than memory holds" },
    { HS_EUSAGE, "; must be" },
    { HS_EUSAGE, "; both must be" },
    { HS_ECHECK, "fails alone" },
    { HS_ECHECK, "fail alone" },
    { HS_ECHECK, "pass alone" },
    { HS_ECHECK, "at fault" },
    { HS_ETIME, "time limit" },
    { HS_ETIME, "work limit" },
    { HS_ETIME, "stopped before the check" },
    { HS_ETIME, "stopped by a signal" },
    { HS_ESOLVER, "GLPK" },
    { HS_ESOLVER, "CBC" },
    { HS_EINPUT, "line " },
    { HS_EINPUT, "header" },
    { HS_EINPUT, "is not a folder of" },
    { HS_EINPUT, "is not a cube of" },
    { HS_EINPUT, "cover.sol" },
    { HS_EINPUT, "root.cert" },
    { HS_EINPUT, "instance.hgr" },
    { HS_EINPUT, "another instance" },
    { HS_EINPUT, "is empty" },
    { HS_EINPUT, "has element" },
    { HS_EIO, "cannot " },
    { HS_EIO, "not a regular file" },
    { HS_EIO, "exists already" },
    { HS_EIO, "set aside already" },
    { HS_EUSAGE, " given" },
    { HS_EUSAGE, "offsets[" },
    { HS_EUSAGE, "out of range" },
    { HS_EUSAGE, "no cover of the instance" },
    { HS_EUSAGE, "misses" },
    { HS_EUSAGE, "is not a cube's name" },
};

/* err without its quoted parts ('...': what the caller named), cut to size. A quote
 * between two letters is an apostrophe ("GLPK's"), not a quote. */
static void unquoted(const char *err, char *out, size_t size)
{
    size_t n = 0;
    bool quoted = false;
    for (const char *s = err; *s && n + 1 < size; s++) {
        bool apostrophe = s > err && isalpha((unsigned char)s[-1]) && isalpha((unsigned char)s[1]);
        if (*s == '\'' && !apostrophe)
            quoted = !quoted;
        else if (!quoted)
            out[n++] = *s;
    }
    out[n] = '\0';
}

hs_errcode hs_error_code(const char *err)
{
    if (!err || !*err)
        return HS_EUNKNOWN;
    char text[1024];
    unquoted(err, text, sizeof text);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strstr(text, rows[i].phrase))
            return rows[i].code;
    return HS_EUNKNOWN;
}

const char *hs_error_name(hs_errcode code)
{
    static const char *const names[] = {
        [HS_OK] = "HS_OK",         [HS_EUSAGE] = "HS_EUSAGE",   [HS_EINPUT] = "HS_EINPUT",
        [HS_ENOMEM] = "HS_ENOMEM", [HS_ETIME] = "HS_ETIME",     [HS_EIO] = "HS_EIO",
        [HS_ESOLVER] = "HS_ESOLVER", [HS_ECHECK] = "HS_ECHECK", [HS_EINTERNAL] = "HS_EINTERNAL",
        [HS_EUNKNOWN] = "HS_EUNKNOWN",
    };
    return (unsigned)code < sizeof names / sizeof names[0] ? names[code] : "HS_EUNKNOWN";
}
