/* walltime.h - seconds on a monotonic clock, for the timings reports print and for the
 * time limits every long search obeys. Only differences between two calls mean anything. */
#ifndef T24_CORE_WALLTIME_H
#define T24_CORE_WALLTIME_H

double walltime_now(void);
/* The calling thread's CPU seconds: the work itself, which a loaded machine's wall clock
 * overstates (the certifying search's estimate counts core-seconds with it). */
double walltime_thread_cpu(void);

#endif
