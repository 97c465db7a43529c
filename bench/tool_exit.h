/* tool_exit.h - the one-line errors and exit status 2 of the measuring tools beside
 * t24 (t24-maxsat-bound, t24-symmetry), as t24's own commands give them: what is wrong,
 * the value quoted and cleaned (cli/args.h), the usage; and a failed standard output
 * reported, since an answer nobody received is not a success (docs/reliability.md). */
#ifndef T24_BENCH_TOOL_EXIT_H
#define T24_BENCH_TOOL_EXIT_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"

/* "PROG: what 'value' (usage)" on one line. Returns 2. */
static inline int tool_usage_error(const char *prog, const char *usage, const char *what,
                                   const char *value)
{
    char line[2048];
    snprintf(line, sizeof line, "%s%s%s%s", what, value ? " '" : "", value ? value : "",
             value ? "'" : "");
    fprintf(stderr, "%s: ", prog);
    args_print_clean(stderr, line);
    fprintf(stderr, " (%s)\n", usage);
    return 2;
}

/* "PROG: message" on one line. Returns 2. */
static inline int tool_failure(const char *prog, const char *msg)
{
    fprintf(stderr, "%s: ", prog);
    args_print_clean(stderr, msg);
    fputc('\n', stderr);
    return 2;
}

/* 0, or 2 when standard output could not be written. */
static inline int tool_finish_stdout(const char *prog)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    char msg[256];
    snprintf(msg, sizeof msg, "cannot write to standard output%s%s", errno ? ": " : "",
             errno ? strerror(errno) : "");
    return tool_failure(prog, msg);
}

#endif
