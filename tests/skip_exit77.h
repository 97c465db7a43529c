/* skip_exit77.h - for a test file whose tests all need something the machine may lack (an
 * MPI build, jq, script(1)): when its tests were skipped and none failed, the program
 * exits 77, which ctest shows as "Skipped" (CMakeLists.txt gives every test file that
 * includes this header SKIP_RETURN_CODE 77). Criterion alone exits 0 on a skip, which
 * ctest shows as "Passed".
 *
 * Include it in one file of the program (it defines main), and keep the tests that
 * cannot skip in another file: one exit code for a whole program would hide their
 * passes behind a skip. */
#ifndef T24_TEST_SKIP_EXIT77_H
#define T24_TEST_SKIP_EXIT77_H

#include <criterion/criterion.h>
#include <criterion/hooks.h>
#include <stdlib.h>

static size_t skip77_skipped, skip77_failed;

ReportHook(POST_ALL)(struct criterion_global_stats *stats)
{
    skip77_skipped = stats->tests_skipped;
    skip77_failed = stats->tests_failed + stats->tests_crashed;
}

/* Does the shell find command name? */
static inline bool skip77_have(const char *name)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v '%s' >/dev/null 2>&1", name);
    return system(cmd) == 0;
}

int main(int argc, char *argv[])
{
    struct criterion_test_set *tests = criterion_initialize();
    int result = 0;
    if (criterion_handle_args(argc, argv, true))
        result = !criterion_run_all_tests(tests);
    criterion_finalize(tests);
    if (result == 0 && skip77_failed == 0 && skip77_skipped > 0)
        return 77;
    return result;
}

#endif
