/* hs_cover.c - a minimal hitting-set solver on libt24hs: a PACE 2025 instance in (the
 * file named, or standard input), its cover in PACE's solution format out.
 *
 *   cc hs_cover.c $(pkg-config --cflags --libs t24hs) -o hs_cover
 *   ./hs_cover instance.hgr            # or: ./hs_cover < instance.hgr
 *   HS_SECONDS=5 ./hs_cover instance.hgr
 *
 * Exit status 0 with the cover on stdout (and, on stderr, whether it is proven
 * minimal), 2 with one line on stderr when the input cannot be read or is no instance. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <t24hs.h>

int main(int argc, char **argv)
{
    char err[512];
    if (argc > 2 || (argc == 2 && strcmp(argv[1], "--help") == 0)) {
        fprintf(stderr, "usage: hs_cover [FILE]   (libt24hs %s)\n", hs_version());
        return 2;
    }
    FILE *in = argc == 2 ? fopen(argv[1], "r") : stdin;
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    hs_instance *h = hs_instance_read_pace(in, err, sizeof err);
    if (in != stdin)
        fclose(in);
    if (!h) {
        fprintf(stderr, "hs_cover: %s\n", err);
        return 2;
    }
    hs_params p;
    hs_report r;
    hs_params_init(&p);
    if (getenv("HS_SECONDS"))
        p.time_limit = atof(getenv("HS_SECONDS"));
    int rc = 0;
    if (hs_cover_run(h, &p, &r, err, sizeof err)) {
        fprintf(stderr, "hs_cover: %s\n", err);
        rc = 2;
    } else {
        if (hs_cover_write_pace(stdout, r.cover, r.size) || fflush(stdout))
            rc = 2;
        if (r.optimal)
            fprintf(stderr, "hs_cover: %u elements, proven minimal by %s\n", r.size,
                    r.proven_by);
        else
            fprintf(stderr, "hs_cover: %u elements, not proven minimal (lower bound %u)\n",
                    r.size, r.lower_bound);
        hs_report_free(&r);
    }
    hs_instance_free(h);
    return rc;
}
