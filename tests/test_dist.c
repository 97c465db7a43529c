/* test_dist.c - the split of the hands over ranks, without MPI: a process with no
 * launcher is rank 0 of 1, and the shares cover every hand. test_dist_mpi.c runs the
 * study over MPI ranks (skipped, visibly, without an MPI build). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "eval/dist.h"
#include "helpers.h"

/* Every variable a launcher may set, cleared: a test then sets one launcher's. */
static void no_launcher(void)
{
    static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK",
        "PMIX_RANK", "PMIX_SIZE", "PMI_RANK", "PMI_SIZE", "PMI_FD", "SLURM_PROCID",
        "SLURM_STEP_NUM_TASKS", "SLURM_NTASKS" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        unsetenv(vars[i]);
}

/* Variables as "NAME=VALUE ..." (after no_launcher()); then size, rank and MPI as read. */
static void expect_launch(const char *vars, int size, int rank, bool mpi)
{
    no_launcher();
    char copy[256];
    snprintf(copy, sizeof copy, "%s", vars);
    for (char *v = strtok(copy, " "); v; v = strtok(NULL, " ")) {
        char *eq = strchr(v, '=');
        *eq = '\0';
        setenv(v, eq + 1, 1);
    }
    cr_expect_eq(dist_launcher_size(), size, "%s: size %d", vars, dist_launcher_size());
    cr_expect_eq(dist_launcher_rank(), rank, "%s: rank %d", vars, dist_launcher_rank());
    cr_expect_eq(dist_launcher_mpi(), mpi, "%s", vars);
}

/* Issue 40: Slurm's PMIx sets PMIX_RANK and no PMIX_SIZE, so `srun --mpi=pmix -n 2 t24
 * study` ran two whole studies. Each launcher's variables, as the launchers set them. */
Test(dist, every_launcher_is_recognised_with_or_without_a_size)
{
    expect_launch("", 0, 0, false);
    expect_launch("OMPI_COMM_WORLD_SIZE=4 OMPI_COMM_WORLD_RANK=2", 4, 2, true); /* mpirun */
    expect_launch("PMIX_RANK=1 SLURM_PROCID=1 SLURM_STEP_NUM_TASKS=2", 2, 1, true); /* srun pmix */
    expect_launch("PMI_RANK=1 PMI_SIZE=3 PMI_FD=5", 3, 1, true);  /* MPICH's Hydra, PMI-2 */
    expect_launch("PMIX_RANK=3", -1, 3, true);                   /* PMIx, no size anywhere */
    expect_launch("SLURM_PROCID=1 SLURM_STEP_NUM_TASKS=2", 2, 1, false); /* srun, no MPI */
    expect_launch("SLURM_PROCID=0 SLURM_NTASKS=4", 0, 0, false); /* sbatch's batch step */
    expect_launch("PMI_SIZE=abc PMI_RANK=1", -1, 1, true);       /* a size that is not one */
}

/* A plain `srun -n 2 t24 study` (no MPI launcher's variable) would print two reports:
 * each task refuses instead, in one line, before any work. Without MPI_Init, so the test
 * needs no launcher. */
Test(dist, tasks_of_a_step_without_mpi_refuse_rather_than_each_run_the_study)
{
    for (int task = 0; task < 2; task++) {
        char rank[8];
        snprintf(rank, sizeof rank, "%d", task);
        no_launcher();
        setenv("SLURM_PROCID", rank, 1);
        setenv("SLURM_STEP_NUM_TASKS", "2", 1);
        run_result r = run_t24("study --deck 1-4", NULL);
        cr_expect_eq(r.status, 2, "task %d: status %d", task, r.status);
        cr_expect(strstr(r.err, "srun --mpi=pmix"), "task %d: %s", task, r.err);
        cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
        cr_expect(!strstr(r.out, "Hitting sets"), "task %d printed a report", task);
        run_free(&r);
    }
}

Test(dist, without_a_launcher_a_process_is_rank_0_of_1)
{
    no_launcher();
    dist d;
    char err[256];
    cr_assert_eq(dist_init(&d, NULL, NULL, err, sizeof err), 0);
    cr_expect(d.rank == 0 && d.size == 1 && !d.mpi);
    uint32_t first, last;
    dist_share(&d, 10, &first, &last);
    cr_expect(first == 0 && last == 10);
    dist_finish(&d, false);
}

Test(dist, shares_are_contiguous_and_cover_every_hand)
{
    dist d = { .size = 4 };
    uint32_t next = 0;
    for (d.rank = 0; d.rank < 4; d.rank++) {
        uint32_t first, last;
        dist_share(&d, 10, &first, &last);
        cr_expect_eq(first, next);
        cr_expect_geq(last - first, 2);
        next = last;
    }
    cr_expect_eq(next, 10);
}
