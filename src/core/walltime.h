/* walltime.h - seconds on a monotonic clock, for the timings reports print and for the
 * time limits every long search obeys. Only differences between two calls mean anything. */
#ifndef T24_CORE_WALLTIME_H
#define T24_CORE_WALLTIME_H

double walltime_now(void);

#endif
