/* maxsat_bound.c - t24-maxsat-bound: the core-guided MaxSAT lower bound (maxsat.h) of a
 * PACE hitting-set instance, on its reduced core (reduce.h: forced elements counted),
 * within a time limit, for measuring it beside the LP-based search.
 *   t24-maxsat-bound FILE.hgr SECONDS
 * Prints the bound as it rises (stderr) and one line at the end (stdout). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"
#include "hitset/export.h"
#include "hitset/reduce.h"
#include "maxsat.h"

static void show(void *ctx, uint32_t bound, double seconds)
{
    fprintf(stderr, "t24-maxsat-bound: %u after %.1f s\n", *(const uint32_t *)ctx + bound,
            seconds);
}

int main(int argc, char **argv)
{
    double secs;
    if (argc != 3 || parse_double_positive(argv[2], &secs)) {
        fprintf(stderr, "usage: t24-maxsat-bound FILE.hgr SECONDS\n");
        return 2;
    }
    char err[512];
    FILE *fp = fopen(argv[1], "r");
    instance *h = fp ? export_read_pace(fp, err, sizeof err) : NULL;
    if (fp)
        fclose(fp);
    if (!h) {
        fprintf(stderr, "t24-maxsat-bound: %s: %s\n", argv[1], fp ? err : "cannot open");
        return 2;
    }
    reduce_result red;
    maxsat_result r;
    if (reduce_run(h, &red, err, sizeof err) ||
        maxsat_bound(red.core, secs, show, &red.nforced, &r, err, sizeof err)) {
        fprintf(stderr, "t24-maxsat-bound: %s\n", err);
        return 2;
    }
    printf("%s: lower bound %u (%u forced + %u cores on the %u x %u core)%s after %.1f s\n",
           argv[1], red.nforced + r.bound, red.nforced, r.cores, instance_nelems(red.core),
           instance_nsets(red.core), r.optimal ? ", optimal" : "", r.seconds);
    reduce_result_free(&red);
    instance_free(h);
    return 0;
}
