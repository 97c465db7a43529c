/* dist.h - the scan split over MPI processes (ranks), merged on rank 0.
 *
 * `mpirun -n N t24 study ...` (or `srun` under Slurm) starts N copies. Each takes a
 * contiguous share of the hands (rank r: hands [H*r/N, H*(r+1)/N)), scans it with its own
 * threads and sends its scan result (per-hand figures and partition, scan.h) to rank 0,
 * which appends them in rank order: the meet of canonical partitions, so the result is
 * exactly that of one process. Only rank 0 goes on to the hitting sets and prints.
 *
 * MPI is optional: without it (T24_HAVE_MPI undefined at build time) every run is rank 0
 * of 1, and a start by an MPI launcher with more than one process is refused. A process
 * not started by a launcher never initialises MPI.
 *
 * The build compiles this file twice: without MPI into t24core (so `t24` and the tests
 * load no MPI library: a one-hand `t24 solve` starts as fast as a libc program) and with
 * MPI into `t24-mpi`. `t24` started by a launcher with several processes hands itself over
 * to the `t24-mpi` beside it (cli_handoff_mpi()), so `mpirun -n N t24 study` works. */
#ifndef T24_EVAL_DIST_H
#define T24_EVAL_DIST_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/scan.h"

typedef struct {
    int rank, size;
    bool mpi;        /* MPI was initialised (and must be finalised) */
} dist;

int dist_init(dist *d, int *argc, char ***argv, char *err, size_t errsize);
void dist_finish(dist *d, bool failed);
bool dist_available(void);
bool dist_has_mpi(void);
/* Processes a launcher announces in the environment (an MPI launcher's size variable, or
 * a Slurm step's task count), -1 when an MPI launcher started us without saying how many,
 * 0 when none started us. */
int dist_launcher_size(void);
/* This process's rank as the launcher announces it, 0 when none started us. */
int dist_launcher_rank(void);
/* Whether an MPI launcher's own variable is set (not merely a Slurm step's). */
bool dist_launcher_mpi(void);
void dist_share(const dist *d, uint32_t nhands, uint32_t *first, uint32_t *last);
int dist_scan(const dist *d, scan_result *out, const formula_set *fs, const hand_set *hs,
              int64_t target, const scan_params *p);

#endif
