/* cli.h - the t24 command line: subcommand dispatch. Each subcommand lives in its own
 * cmd_<name>.c and returns the process exit status (0 ok, 1 "no" answers, 2 errors). */
#ifndef T24_CLI_CLI_H
#define T24_CLI_CLI_H

int cli_run(int argc, char **argv);

int cmd_study(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_emit(int argc, char **argv);
int cmd_solve(int argc, char **argv);

#endif
