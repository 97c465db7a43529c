/* walltime.c - a monotonic clock; see walltime.h. */
#include "core/walltime.h"

#include <time.h>

double walltime_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
