/* test_terminal.c - what t24 writes on a terminal, which `script` (util-linux) gives it:
 * progress on stderr, which t24 shows only on a terminal, and never with --quiet. Without
 * `script` every test here is skipped and the program exits 77, which ctest shows as
 * Skipped (skip_exit77.h); the halves that need no terminal (no progress when stderr is
 * a file) are in test_preflight.c and test_cli_hitset.c. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "skip_exit77.h"

static char out[1 << 21];

/* What `t24 ARGS` writes on a terminal: `script` gives it one and echoes it to our
 * stdout (the typescript file is /dev/null; t24's own stdout goes to /dev/null). */
static char *on_a_terminal(const char *args)
{
    if (!skip77_have("script"))
        cr_skip_test("script(1) is not installed (util-linux)");
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "script -qec \"'%s' %s >/dev/null\" /dev/null",
             getenv("T24_BIN"), args);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    cr_assert_eq(pclose(p), 0, "%s", cmd);
    return out;
}

/* The enumeration's progress with the time left (test_preflight.c: none without a
 * terminal). */
Test(terminal, study_progress_with_time_left, .timeout = 120)
{
    char *tty = on_a_terminal("study --cards 5 --deck 1-8 --time-limit 1 --greedy-runs 1");
    cr_expect(strstr(tty, "hands 792 of 792 (100%), done in"), "%s", tty);
}

/* Enumeration and search progress on a terminal, and --quiet silences both
 * (test_cli_hitset.c: none without a terminal). */
Test(terminal, search_progress_and_not_with_quiet, .timeout = 300)
{
    const char *args = "study --cards 5 --deck 1-6 --time-limit 4 --json";
    char *tty = on_a_terminal(args);
    cr_expect(strstr(tty, "t24 study: hands "), "no enumeration progress: %s", tty);
    /* The default engine's phase (t24's certifying search since issue 40): "certify". */
    cr_expect(strstr(tty, "certify: cover"), "no progress line on a terminal: %s", tty);
    cr_expect(strstr(tty, "bound") && strstr(tty, "gap") && strstr(tty, "nodes"), "%s", tty);
    char quiet[256];
    snprintf(quiet, sizeof quiet, "%s --quiet", args);
    tty = on_a_terminal(quiet);
    cr_expect_null(strstr(tty, "t24 study"), "progress despite --quiet: %s", tty);
}
