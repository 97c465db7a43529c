/* maxsat_bound.c - t24-maxsat-bound: the core-guided MaxSAT lower bound (maxsat.h) of a
 * PACE hitting-set instance, on its reduced core (hs_reduce(): forced elements counted),
 * within a time limit, for measuring it beside the LP-based search.
 *   t24-maxsat-bound FILE.hgr SECONDS
 * Prints the bound as it rises (stderr) and one line at the end (stdout). Like t24's
 * commands, a bad argument, an unreadable file or an unwritable stdout is one line on
 * stderr naming it, and exit status 2. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tool_exit.h"
#include "cli/args.h"
#include "core/parse.h"
#include "maxsat.h"

static void show(void *ctx, uint32_t bound, double seconds)
{
    fprintf(stderr, "t24-maxsat-bound: %u after %.1f s\n", *(const uint32_t *)ctx + bound, seconds);
}

#define PROG "t24-maxsat-bound"
#define HELP                                                                                       \
    "The core-guided MaxSAT lower bound of the PACE hitting-set instance FILE.hgr\n"               \
    "('-' for standard input) on its reduced core, within SECONDS: the bound as it\n"              \
    "rises on stderr, one line at the end on stdout.\n\n"                                          \
    "Exit status: 0 done; 2 a bad argument, an unreadable instance or an\n"                        \
    "unwritable standard output.\n"
#define USAGE "usage: t24-maxsat-bound FILE.hgr SECONDS"

int main(int argc, char **argv)
{
    double secs;
    int rc;
    hs_instance *h = tool_read_args(PROG, USAGE, HELP, argc, argv, &secs, &rc);
    if (!h)
        return rc;
    char err[1024];
    hs_reduction red;
    maxsat_result r;
    if (hs_reduce(h, &red, err, sizeof err)) {
        hs_instance_free(h);
        return tool_failure(PROG, err);
    }
    uint32_t forced = red.stats.nforced;
    if (maxsat_bound(red.core, secs, show, &forced, &r, err, sizeof err)) {
        hs_reduction_free(&red);
        hs_instance_free(h);
        return tool_failure(PROG, err);
    }
    printf("%s: lower bound %u (%u forced + %u cores on the %u x %u core)%s after %.1f s\n",
           argv[1], forced + r.bound, forced, r.cores, red.stats.core_elems, red.stats.core_sets,
           r.optimal ? ", optimal" : "", r.seconds);
    hs_reduction_free(&red);
    hs_instance_free(h);
    return tool_finish_stdout(PROG);
}
