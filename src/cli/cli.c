/* cli.c - subcommand dispatch and the top-level help. */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/version.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} cli_command;

static const cli_command commands[] = {
    { "study", cmd_study, "enumerate templates, evaluate every hand exactly, report" },
    { "solve", cmd_solve, "solve hands exactly: one solution, or every distinct one" },
    { "emit", cmd_emit, "write the best cover as a compiled C table (src/solve/table_default.c)" },
    { "sweep", cmd_sweep, "the study over a list of configurations, as one table" },
};

static void usage(FILE *out)
{
    fprintf(out, "usage: t24 <command> [options]\n\n"
                 "How few arithmetic expressions decide every hand of the 24 game?\n\n"
                 "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\noptions:\n"
                 "  -V, --version  print the version and exit\n"
                 "  -h, --help     show this help\n"
                 "\n't24 <command> --help' describes a command's options.\n");
}

int cli_run(int argc, char **argv)
{
    if (argc < 2)
        return args_error(NULL, "no command given");
    if (args_is_help(argv[1])) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("t24 %s\n", T24_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    return args_error(NULL, "unknown command '%s'", argv[1]);
}
