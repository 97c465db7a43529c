/* args.h - strict parsing of command-line values and the usage-error convention.
 *
 * Every parser returns 0 on success and -1 on failure without touching *out. Commands
 * report usage errors with args_error() and other failures with args_message(): one
 * line on stderr, "t24 CMD: message", exit status 2. Both print the message cleaned by
 * args_print_clean(), so a value echoed from hostile input can neither drive the
 * terminal (control bytes are escaped) nor flood it (long runs are shortened). */
#ifndef T24_CLI_ARGS_H
#define T24_CLI_ARGS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define ARGS_EXIT_USAGE 2

int args_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int args_message(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void args_print_clean(FILE *fp, const char *msg);
bool args_is_help(const char *s);
/* Opens an input named on the command line: NULL or "-" is standard input; a directory
 * is named as one (fopen would take it and fail only at the first read). Returns the
 * stream, or NULL with "'PATH' is a directory" or "cannot read 'PATH': reason" in err.
 * args_close_input() closes it unless it is standard input. */
FILE *args_open_input(const char *path, char *err, size_t errsize);
void args_close_input(FILE *fp);
/* Is this a rank other than 0 of an MPI launch? Those hold back usage errors and stdout. */
bool args_other_rank(void);

/* Matches "--name value" and "--name=value": returns the value (advancing *i past it) or
 * NULL when argv[*i] is not this option. *missing is set to true when argv[*i] is this
 * option but its value is absent, and left alone otherwise: a parser can try several
 * names in a row and test *missing once at the end. */
const char *args_value(int argc, char **argv, int *i, const char *name, bool *missing);
/* The same for a parser that tests one option at a time: true when argv[*i] is the
 * option name, in either form, with its value in *value (and *i past it), or
 * *value NULL when the value is absent (the caller says "NAME needs a value"). */
bool args_option(int argc, char **argv, int *i, const char *name, const char **value);

#endif
