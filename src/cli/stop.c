/* stop.c - SIGINT and SIGTERM as a request to stop; see stop.h. */
#include "cli/stop.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t stop_asked;

/* The first signal asks; a second one is the user's (or the batch system's) insistence,
 * and ends the process as the signal would have. */
static void on_signal(int sig)
{
    if (stop_asked) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    stop_asked = 1;
}

int stop_start(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask); /* no SA_RESTART: a blocked read returns at the signal */
    if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL))
        return -1;
    return 0;
}

int stop_requested(void *ctx)
{
    (void)ctx;
    return stop_asked;
}

cancel_check stop_check(void)
{
    return (cancel_check){ stop_requested, NULL, NULL };
}
