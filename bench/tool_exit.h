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
#include "core/parse.h"
#include "hitset/t24hs.h"

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

/* The tools' command line, "PROG FILE.hgr SECONDS" ('-': standard input) or "PROG
 * --help" (usage and help printed): the instance read and *secs set; or NULL with *rc the
 * exit status (0 after the help, 2 after the one-line error). */
static inline hs_instance *tool_read_args(const char *prog, const char *usage, const char *help,
                                          int argc, char **argv, double *secs, int *rc)
{
    char err[1024], why[512];
    *rc = 2;
    if (argc == 2 && args_is_help(argv[1])) {
        printf("%s\n\n%s", usage, help);
        *rc = tool_finish_stdout(prog);
        return NULL;
    }
    if (argc < 3 || argc > 3 || parse_double_positive(argv[2], secs)) {
        *rc = argc < 2   ? tool_usage_error(prog, usage, "missing FILE.hgr and SECONDS", NULL)
              : argc < 3 ? tool_usage_error(prog, usage, "missing SECONDS after", argv[1])
              : argc > 3 ? tool_usage_error(prog, usage, "unexpected argument", argv[3])
                         : tool_usage_error(prog, usage, "SECONDS must be a positive number, not",
                                            argv[2]);
        return NULL;
    }
    FILE *fp = args_open_input(argv[1], err, sizeof err);
    if (!fp) {
        tool_failure(prog, err);
        return NULL;
    }
    hs_instance *h = hs_instance_read_pace(fp, why, sizeof why);
    args_close_input(fp);
    if (!h) {
        snprintf(err, sizeof err, "%s: %s", argv[1], why);
        tool_failure(prog, err);
    }
    return h;
}

#endif
