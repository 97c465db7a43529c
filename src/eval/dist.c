/* dist.c - the scan over MPI ranks; see dist.h. */
#include "eval/dist.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef T24_HAVE_MPI
#include <mpi.h>
#endif

/* A positive number in variable name, or 0 when it is unset or not one. */
static int env_count(const char *name)
{
    const char *v = getenv(name);
    char *end;
    long x = v && *v >= '0' && *v <= '9' ? strtol(v, &end, 10) : 0;
    return x > 0 && x <= (1 << 24) && v && *end == '\0' ? (int)x : 0;
}

/* Whether a variable only an MPI launcher sets is here: Open MPI's mpirun, PMIx (Slurm's
 * `srun --mpi=pmix`, Open MPI 5), PMI-1/2 (MPICH's Hydra `mpiexec`, `srun --mpi=pmi2`). */
bool dist_launcher_mpi(void)
{
    static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK",
                                        "PMIX_RANK", "PMI_RANK", "PMI_SIZE", "PMI_FD" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]))
            return true;
    return false;
}

/* The size the launcher announces: an MPI launcher's own variable first, then a Slurm
 * step's task count (srun sets SLURM_STEP_NUM_TASKS, sbatch's batch step does not, so a
 * script's one process is not mistaken for a step of many). Slurm's PMIx sets PMIX_RANK
 * and no PMIX_SIZE: without the step's count its tasks would each run the whole job.
 * -1: an MPI launcher with no size anywhere (MPI itself will say). 0: no launcher. */
int dist_launcher_size(void)
{
    static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (env_count(vars[i]))
            return env_count(vars[i]);
    int step = getenv("SLURM_PROCID") ? env_count("SLURM_STEP_NUM_TASKS") : 0;
    return step ? step : dist_launcher_mpi() ? -1 : 0;
}

int dist_launcher_rank(void)
{
    static const char *const vars[] = { "OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK",
                                        "SLURM_PROCID" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (env_count(vars[i]))
            return env_count(vars[i]);
    return 0;
}

/* Why this launch cannot be one MPI job, or NULL: several tasks with no MPI launcher's
 * variable are a plain `srun -n N` (each task would run the whole job, N reports). */
static const char *launch_refused(int n)
{
    if (n > 1 && !dist_launcher_mpi())
        return "started as one of several tasks (SLURM_STEP_NUM_TASKS) with no MPI launcher's "
               "variable: each task would run the whole study; launch it with "
               "'srun --mpi=pmix' (or pmi2) or 'mpirun'";
    return NULL;
}

/* Was this very program built with MPI? */
bool dist_has_mpi(void)
{
#ifdef T24_HAVE_MPI
    return true;
#else
    return false;
#endif
}

/* Does this build have an MPI-enabled t24 (this one, or t24-mpi beside a t24 without
 * MPI, which hands a launched run over to it)? */
bool dist_available(void)
{
#if defined(T24_HAVE_MPI) || defined(T24_MPI_BUILT)
    return true;
#else
    return false;
#endif
}

/* Joins the MPI job when an MPI launcher started this process; otherwise (and without
 * MPI) makes *d rank 0 of 1. Returns 0, or -1 with a reason in err when a launcher asks
 * for several processes from a t24 built without MPI. */
int dist_init(dist *d, int *argc, char ***argv, char *err, size_t errsize)
{
    memset(d, 0, sizeof *d);
    d->size = 1;
    int n = dist_launcher_size();
    const char *refused = launch_refused(n);
    if (refused) {
        snprintf(err, errsize, "%s", refused);
        return -1;
    }
#ifdef T24_HAVE_MPI
    if (n != 0) {
        int provided;
        if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
            snprintf(err, errsize, "MPI_Init_thread failed");
            return -1;
        }
        d->mpi = true;
        MPI_Comm_rank(MPI_COMM_WORLD, &d->rank);
        MPI_Comm_size(MPI_COMM_WORLD, &d->size);
        if (n > 0 && d->size != n) { /* MPI did not see the launcher's other processes */
            snprintf(err, errsize, "the launcher started %d processes but MPI sees %d: "
                     "each would run the whole study; launch with 'srun --mpi=pmix' or "
                     "'mpirun'", n, d->size);
            MPI_Finalize();
            d->mpi = false;
            return -1;
        }
    }
    return 0;
#else
    (void)argc;
    (void)argv;
    if (n > 1 || n < 0) {
        snprintf(err, errsize, "started by an MPI launcher (%s), but this t24 was built "
                 "without MPI (install libopenmpi-dev and rebuild; t24 hands such runs to "
                 "t24-mpi when it lies beside it)", n > 1 ? "several processes" : "no size given");
        return -1;
    }
    return 0;
#endif
}

/* Leaves the MPI job. After a failure on any rank the whole job is aborted with status 2
 * (other ranks may be waiting for it); the failing rank has printed why. */
void dist_finish(dist *d, bool failed)
{
#ifdef T24_HAVE_MPI
    if (d->mpi && failed && d->size > 1)
        MPI_Abort(MPI_COMM_WORLD, 2);
    if (d->mpi)
        MPI_Finalize();
#else
    (void)failed;
#endif
    d->mpi = false;
}

/* Rank d->rank's hands: [H*r/N, H*(r+1)/N). */
void dist_share(const dist *d, uint32_t nhands, uint32_t *first, uint32_t *last)
{
    *first = (uint32_t)((uint64_t)nhands * (uint64_t)d->rank / (uint64_t)d->size);
    *last = (uint32_t)((uint64_t)nhands * (uint64_t)(d->rank + 1) / (uint64_t)d->size);
}

#ifdef T24_HAVE_MPI
enum { TAG_HEAD = 1, TAG_DATA };
#define CHUNK (1u << 30)

/* Big buffers go in chunks: MPI counts are ints. */
static void send_bytes(const void *p, size_t n, int to)
{
    for (size_t off = 0; off < n; off += CHUNK) {
        size_t len = n - off < CHUNK ? n - off : CHUNK;
        MPI_Send((const char *)p + off, (int)len, MPI_BYTE, to, TAG_DATA, MPI_COMM_WORLD);
    }
}

static void recv_bytes(void *p, size_t n, int from)
{
    for (size_t off = 0; off < n; off += CHUNK) {
        size_t len = n - off < CHUNK ? n - off : CHUNK;
        MPI_Recv((char *)p + off, (int)len, MPI_BYTE, from, TAG_DATA, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    }
}

/* Header: status (0 ok), first, last, elements, classes, incidences. */
static void send_result(const scan_result *r, int failed)
{
    const partition *p = &r->part;
    uint64_t head[6] = { (uint64_t)failed, r->first, r->last, p->nelems, p->nclasses,
                         failed ? 0 : p->off[p->nclasses] };
    MPI_Send(head, 6, MPI_UINT64_T, 0, TAG_HEAD, MPI_COMM_WORLD);
    if (failed)
        return;
    size_t nh = r->last - r->first;
    send_bytes(r->row_len, nh * sizeof *r->row_len, 0);
    send_bytes(r->first_hit, nh * sizeof *r->first_hit, 0);
    send_bytes(r->promoted, nh * sizeof *r->promoted, 0);
    send_bytes(p->class_of, (size_t)p->nelems * sizeof *p->class_of, 0);
    send_bytes(p->off, ((size_t)p->nclasses + 1) * sizeof *p->off, 0);
    send_bytes(p->hands, head[5] * sizeof *p->hands, 0);
}

/* Receives one rank's result. Returns 0, or -1 when that rank failed. Without memory
 * for it the job is aborted (status 2): the sender would wait forever otherwise. */
static int recv_result(scan_result *r, int from)
{
    uint64_t head[6];
    memset(r, 0, sizeof *r);
    MPI_Recv(head, 6, MPI_UINT64_T, from, TAG_HEAD, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (head[0])
        return -1;
    size_t nh = head[2] - head[1];
    partition *p = &r->part;
    r->first = (uint32_t)head[1];
    r->last = (uint32_t)head[2];
    p->nelems = (uint32_t)head[3];
    p->nclasses = (uint32_t)head[4];
    r->row_len = malloc((nh + 1) * sizeof *r->row_len);
    r->first_hit = malloc((nh + 1) * sizeof *r->first_hit);
    r->promoted = malloc(nh + 1);
    p->class_of = malloc(((size_t)p->nelems + 1) * sizeof *p->class_of);
    p->off = malloc(((size_t)p->nclasses + 1) * sizeof *p->off);
    p->hands = malloc((head[5] + 1) * sizeof *p->hands);
    if (!r->row_len || !r->first_hit || !r->promoted || !p->class_of || !p->off || !p->hands) {
        fprintf(stderr, "t24: rank 0 is out of memory for the results of rank %d\n", from);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    recv_bytes(r->row_len, nh * sizeof *r->row_len, from);
    recv_bytes(r->first_hit, nh * sizeof *r->first_hit, from);
    recv_bytes(r->promoted, nh, from);
    recv_bytes(p->class_of, (size_t)p->nelems * sizeof *p->class_of, from);
    recv_bytes(p->off, ((size_t)p->nclasses + 1) * sizeof *p->off, from);
    recv_bytes(p->hands, head[5] * sizeof *p->hands, from);
    return 0;
}
#endif

/* Every rank scans its share (dist_share()) with scan_run(); rank 0 then receives the
 * other shares in rank order and appends them, so on rank 0 *out is the scan of every
 * hand, exactly as one process would make it. On other ranks *out is empty afterwards.
 * Returns 0, or -1 when any rank failed (memory, threads). */
int dist_scan(const dist *d, scan_result *out, const formula_set *fs, const hand_set *hs,
              int64_t target, const scan_params *p)
{
    scan_params mine = *p;
    dist_share(d, hand_set_count(hs), &mine.first, &mine.last);
    int rc = scan_run(out, fs, hs, target, &mine);
    if (d->size == 1)
        return rc;
#ifdef T24_HAVE_MPI
    if (d->rank != 0) {
        send_result(out, rc != 0);
        scan_result_free(out);
        return rc;
    }
    for (int r = 1; r < d->size; r++) {
        scan_result part;
        int got = recv_result(&part, r);
        if (got == 0 && rc == 0)
            rc = scan_append(out, &part);
        else
            scan_result_free(&part);
        if (got)
            rc = -1;
    }
    if (rc)
        scan_result_free(out);
    return rc;
#else
    return rc;
#endif
}
