/* splitmix.h - splitmix64, the project's small random generator: its whole state is one
 * word, so a randomised run (greedy ties, the local search) is reproducible from its
 * seed alone. */
#ifndef T24_CORE_SPLITMIX_H
#define T24_CORE_SPLITMIX_H

#include <stdint.h>

/* Advances *state and returns the next 64 well-mixed bits. */
static inline uint64_t splitmix_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
