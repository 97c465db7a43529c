/* symmetry_tool.c - t24-symmetry: the automorphism group (symmetry.h) of a PACE
 * hitting-set instance as given and of the core t24's reductions leave (hs_reduce(),
 * where the certifying search starts), within a time limit.
 *   t24-symmetry FILE.hgr SECONDS
 * Prints one line for each of the two (stdout). Like t24's commands, a bad argument, an
 * unreadable file or an unwritable stdout is one line on stderr naming it, and exit
 * status 2. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tool_exit.h"
#include "cli/args.h"
#include "core/parse.h"
#include "core/walltime.h"
#include "symmetry.h"

#define PROG "t24-symmetry"
#define HELP                                                                                       \
    "The automorphism group of the PACE hitting-set instance FILE.hgr ('-' for\n"                  \
    "standard input), as given and after t24's reductions: the group of its\n"                     \
    "element-set incidence graph (nauty), its order, generators and orbits, one\n"                 \
    "line each, within SECONDS in all.\n\n"                                                        \
    "Exit status: 0 done; 2 a bad argument, an unreadable instance or an\n"                        \
    "unwritable standard output.\n"
#define USAGE "usage: t24-symmetry FILE.hgr SECONDS"

/* One line: the instance's size, the group's order (or that the time ran out), its
 * generators, orbits and the elements and sets it moves. */
static void print_group(const char *file, const char *what, const hs_instance *h,
                        const symmetry_result *r)
{
    printf("%s: %s, %u elements x %u sets: ", file, what, hs_instance_nelems(h),
           hs_instance_nsets(h));
    /* nauty's mantissa is not normalised (it grows to 1e10 before the exponent moves):
     * exact integers as such, the rest as d.dddddde+X. */
    double mant = r->size_mantissa;
    int exp10 = r->size_exponent;
    if (r->stopped) {
        printf("stopped by the time limit, order unknown");
    } else if (exp10 == 0 && mant < 1e15) {
        printf("order %.0f%s", mant, symmetry_trivial(r) ? " (trivial)" : "");
    } else {
        for (; mant >= 10; mant /= 10)
            exp10++;
        printf("order %.6fe+%d", mant, exp10);
    }
    printf("; %u generators; orbits: %u of elements, %u of sets; moved: %u elements, "
           "%u sets; %llu nodes, %.2f s\n",
           r->generators, r->elem_orbits, r->set_orbits, r->elems_moved, r->sets_moved,
           (unsigned long long)r->nodes, r->seconds);
}

/* Both groups of h, SECONDS in all. Returns 0 or 2. */
static int report(const char *file, const hs_instance *h, double secs)
{
    double deadline = walltime_now() + secs;
    char err[1024], line[1200];
    symmetry_result r;
    if (symmetry_group(h, deadline, &r, err, sizeof err)) {
        snprintf(line, sizeof line, "%s: %s", file, err);
        return tool_failure(PROG, line);
    }
    print_group(file, "as given", h, &r);
    hs_reduction red;
    if (hs_reduce(h, &red, err, sizeof err))
        return tool_failure(PROG, err);
    int rc = symmetry_group(red.core, deadline, &r, err, sizeof err);
    if (rc == 0) {
        char what[128];
        snprintf(what, sizeof what, "reduced (%u forced)", red.stats.nforced);
        print_group(file, what, red.core, &r);
    } else {
        snprintf(line, sizeof line, "%s: %s", file, err);
    }
    hs_reduction_free(&red);
    return rc ? tool_failure(PROG, line) : 0;
}

int main(int argc, char **argv)
{
    double secs;
    int rc;
    hs_instance *h = tool_read_args(PROG, USAGE, HELP, argc, argv, &secs, &rc);
    if (!h)
        return rc;
    rc = report(argv[1], h, secs);
    hs_instance_free(h);
    return rc ? rc : tool_finish_stdout(PROG);
}
