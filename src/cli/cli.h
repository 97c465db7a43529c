/* cli.h - the t24 command line: subcommand dispatch. Each subcommand lives in its own
 * cmd_<name>.c and returns the process exit status (0 ok, 1 "no" answers, 2 errors). */
#ifndef T24_CLI_CLI_H
#define T24_CLI_CLI_H

int cli_run(int argc, char **argv);
/* In a t24 without MPI started by an MPI launcher with several processes: replaces the
 * process with the t24-mpi beside it (same arguments). Returns when there is nothing to
 * hand over or no t24-mpi to run; the study then refuses with a clear message. */
void cli_handoff_mpi(char **argv);

int cmd_study(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_emit(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_cover(int argc, char **argv);
int cmd_restrict(int argc, char **argv);

#endif
