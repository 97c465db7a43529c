/* test_dist.c - the split of the hands over ranks, without MPI: a process with no
 * launcher is rank 0 of 1, and the shares cover every hand. test_dist_mpi.c runs the
 * study over MPI ranks (skipped, visibly, without an MPI build). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "eval/dist.h"

Test(dist, without_a_launcher_a_process_is_rank_0_of_1)
{
    unsetenv("OMPI_COMM_WORLD_SIZE");
    unsetenv("PMIX_RANK");
    unsetenv("PMI_RANK");
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
