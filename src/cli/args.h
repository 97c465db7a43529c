/* args.h - strict parsing of command-line values and the usage-error convention.
 *
 * Every parser returns 0 on success and -1 on failure without touching *out. Commands
 * report usage errors with args_error(): one line on stderr, exit status 2. */
#ifndef T24_CLI_ARGS_H
#define T24_CLI_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#define ARGS_EXIT_USAGE 2

int args_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool args_is_help(const char *s);

/* Matches "--name value" and "--name=value": returns the value (advancing *i past it) or
 * NULL when argv[*i] is not this option; *missing is set when the value is absent. */
const char *args_value(int argc, char **argv, int *i, const char *name, bool *missing);

#endif
