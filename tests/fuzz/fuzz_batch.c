/* fuzz_batch.c - `t24 solve --batch FILE` end to end on any bytes: the line reader,
 * comments, the card parser, the solver under a short time limit, verification and
 * the output. The command itself is the property: it must return one of its
 * documented statuses (its printed solutions are checked by verify.c inside it, which
 * would make it return 70). Its error lines go to stderr: run it with -close_fd_mask=2
 * (tests/fuzz/run.sh does), and without to read a failed property's message. */
#define _GNU_SOURCE /* memfd_create */
#include <sys/mman.h>
#include <unistd.h>

#include "cli/cli.h"
#include "fuzz.h"

static int fd = -1;
static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fd < 0) { /* one in-memory file, rewritten for each input */
        fd = memfd_create("batch", 0);
        if (fd < 0 || !freopen("/dev/null", "w", stdout)) /* the answers: not needed */
            abort();
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    char *argv[] = { "solve", "--time-limit", "0.005", "--memory-limit", "64", "--batch",
                     path, NULL };
    int st = cmd_solve(7, argv);
    FUZZ_CHECK(st == 0 || st == 2 || st == 3, "exit status %d", st);
    char *json[] = { "solve", "--json", "--all", "--aces-high", "--time-limit", "0.005",
                     "--batch", path, NULL };
    st = cmd_solve(8, json);
    FUZZ_CHECK(st == 0 || st == 2 || st == 3, "exit status %d (--json --all)", st);
    return 0;
}
