/* cli.c - subcommand dispatch and the top-level help. */
#include "cli/cli.h"

#include <errno.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/version.h"
#include "eval/dist.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} cli_command;

static const cli_command commands[] = {
    { "study", cmd_study, "enumerate templates, evaluate every hand exactly, report" },
    { "solve", cmd_solve, "solve hands exactly: one solution, or every distinct one" },
    { "emit", cmd_emit, "the best cover as C: --standalone for your program, else t24's own table" },
    { "sweep", cmd_sweep, "the study over a list of configurations, as one table" },
    { "cover", cmd_cover, "a small hitting set of any PACE 2025 instance (t24's engine)" },
    { "restrict", cmd_restrict, "some sets of an instance: a lower bound, its certificate lifted" },
};

void cli_handoff_mpi(char **argv)
{
    int size = dist_launcher_size(); /* -1: launched, MPI will say how many */
    if (dist_has_mpi() || !dist_launcher_mpi() || (size >= 0 && size < 2))
        return;
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash || (size_t)(slash - self) + sizeof "/t24-mpi" > sizeof self)
        return;
    strcpy(slash, "/t24-mpi");
    if (access(self, X_OK) == 0)
        execv(self, argv); /* returns only on failure: then the study says why */
}

static void usage(FILE *out)
{
    fprintf(out, "usage: t24 <command> [options]\n\n"
                 "How few arithmetic expressions decide every hand of the 24 game?\n\n"
                 "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\noptions:\n"
                 "  -V, --version  print the version and exit (also after a command)\n"
                 "  -h, --help     show this help\n"
                 "\n't24 <command> --help' or 't24 help <command>' describes a command's\n"
                 "options.\n"
                 "\nexit status: 0 success; 2 a usage error, bad input or an output that\n"
                 "could not be written (one line on stderr, nothing half-written); each\n"
                 "command's --help lists its own ('solve' also uses 1, 3 and 70).\n");
}

static bool is_version(const char *s)
{
    return strcmp(s, "--version") == 0 || strcmp(s, "-V") == 0;
}

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

/* `t24 help [CMD]`: the top-level help, or CMD's, as `t24 CMD --help` prints it. */
static int help_command(int argc, char **argv, const char **name)
{
    if (argc < 3) {
        usage(stdout);
        return 0;
    }
    if (argc > 3)
        return args_error(NULL, "help takes one command, not '%s' as well", argv[3]);
    const cli_command *c = find_command(argv[2]);
    if (!c)
        return args_error(NULL, "no command '%s' to describe", argv[2]);
    char *args[] = { argv[2], "--help", NULL };
    *name = c->name;
    return c->run(2, args);
}

/* Flushes and closes stdout. A full disk or a failed pipe must not pass for success:
 * results that were not written are a failure (exit 2 and one line), whatever the
 * command had decided; a command that already failed keeps its own line and status.
 * Returns rc or ARGS_EXIT_USAGE. */
static int close_stdout(const char *cmd, int rc)
{
    int bad = ferror(stdout);
    errno = 0;
    bad |= fflush(stdout) != 0;
    int why = errno;
    bad |= fclose(stdout) != 0;
    why = why ? why : errno;
    if (!bad || rc >= ARGS_EXIT_USAGE)
        return rc; /* 0 and 1 are answers: those must have been written */
    fprintf(stderr, "t24%s%s: cannot write to standard output%s%s\n", cmd ? " " : "",
            cmd ? cmd : "", why ? ": " : "", why ? strerror(why) : "");
    return ARGS_EXIT_USAGE;
}

/* Runs the command argv[1]; *name is set to it when there is one. */
static int dispatch(int argc, char **argv, const char **name)
{
    if (argc < 2)
        return args_error(NULL, "no command given");
    if (args_is_help(argv[1])) {
        usage(stdout);
        return 0;
    }
    /* `t24 --version` and `t24 CMD --version` alike (only as CMD's one argument, where
     * it cannot be another option's value). */
    if (is_version(argv[1]) || (argc == 3 && find_command(argv[1]) && is_version(argv[2]))) {
        printf("t24 %s\n", T24_VERSION);
        return 0;
    }
    if (strcmp(argv[1], "help") == 0)
        return help_command(argc, argv, name);
    const cli_command *c = find_command(argv[1]);
    if (c) {
        *name = c->name;
        return c->run(argc - 1, argv + 1);
    }
    if (argv[1][0] == '-')
        return args_error(NULL, "unknown option '%s'", argv[1]);
    return args_error(NULL, "unknown command '%s'", argv[1]);
}

/* Under an MPI launcher every rank parses the same arguments, so each would print the
 * same help or estimate: only rank 0 writes to stdout (its results are rank 0's alone
 * anyway). Usage errors are held back on the other ranks by args_error(); a failure
 * still prints on the rank it happens on, which may be the only one that knows why. */
static void silence_other_ranks(void)
{
    if (args_other_rank() && !freopen("/dev/null", "w", stdout))
        return; /* nothing better to do: the output stays where it was */
}

/* A rank other than 0 that fails leaves before rank 0 has printed why (a usage error
 * is held back on it, and rank 0 may still be writing): mpirun then aborts the job and
 * rank 0's message can be lost (seen under load, test_dist). So such a rank waits a
 * while first; rank 0's own non-zero exit makes mpirun end the job at once anyway. */
#define CLI_OTHER_RANK_LINGER_S 5

/* Runs the command argv[1] and returns the process exit status. */
int cli_run(int argc, char **argv)
{
    silence_other_ranks();
    const char *name = NULL;
    int rc = dispatch(argc, argv, &name);
    rc = close_stdout(name, rc);
    if (rc != 0 && args_other_rank())
        sleep(CLI_OTHER_RANK_LINGER_S);
    return rc;
}
