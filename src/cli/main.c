/* main.c - the t24 command; everything else lives in the t24core library. */
#include "cli/cli.h"

int main(int argc, char **argv)
{
    return cli_run(argc, argv);
}
