/* cover_cubes.h - `t24 cover`'s cube modes (docs/cluster.md): --split N --cubes-dir DIR,
 * --cube DIR/cube-N, --cubes DIR [--worker I/N], --merge DIR. Each runs alone, in place
 * of the cover run. */
#ifndef T24_CLI_COVER_CUBES_H
#define T24_CLI_COVER_CUBES_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint32_t split;          /* --split N, 0: none */
    bool by_sets;            /* --split-by sets */
    bool split_by_given;     /* --split-by given (it goes with --split only) */
    const char *cubes_dir;   /* --cubes-dir DIR (the split's new folder) */
    const char *cube;        /* --cube DIR/cube-N */
    const char *cubes;       /* --cubes DIR */
    const char *merge;       /* --merge DIR */
    bool worker_set;         /* --worker I/N given */
    uint32_t worker, nworkers;
} cover_cubes;

/* Takes argv[*i] (and its value) when it is one of the options above: returns 1 then
 * (*i past the value), 0 when it is not one, or the exit status of a usage error. */
int cover_cubes_parse(cover_cubes *c, int argc, char **argv, int *i);
/* Is a cube mode asked for? */
bool cover_cubes_wanted(const cover_cubes *c);
/* The most cubes --split asks for (the library's limit too). */
#define COVER_CUBES_MAX 100000

/* The mode, once the options are all read: -1 when fine, else the exit status of a usage
 * error (two modes, --split without --cubes-dir or a FILE, a FILE with another mode,
 * --certificate, --goal or --split-by without --split, --solver). */
int cover_cubes_check(const cover_cubes *c, const char *file, bool certificate, bool goal,
                      bool solver, bool work);
/* The estimate of the work left that --split and --merge add (cover_estimate.h). */
typedef struct {
    uint32_t dives;          /* at most; 0: none */
    uint64_t seed;
} cover_cubes_estimate;

/* Runs the mode (FILE: the instance of --split), printing its report (JSON with json),
 * and after --split or an unfinished --merge the estimate of the open cubes' work
 * (stderr as text, key "estimate" of the JSON), within what is left of time_limit (a
 * split's) or time_limit (a merge's). work (0: none) limits each search, the split's and
 * each cube's apart (hs_cubes_params.work). Returns the exit status: 0 done (a merge also when
 * cubes are left; an estimate that fails is only said), 2 on failure. */
int cover_cubes_main(const cover_cubes *c, const char *file, double time_limit, uint64_t work,
                     uint32_t goal, const cover_cubes_estimate *est, bool json, bool progress);

#endif
