/* main.c - the t24 command; everything else lives in the t24core library. The same file
 * builds t24-mpi (T24_MAIN_MPI), which a launched t24 hands its run to. */
#include "cli/cli.h"

int main(int argc, char **argv)
{
#ifndef T24_MAIN_MPI
    cli_handoff_mpi(argv);
#endif
    return cli_run(argc, argv);
}
