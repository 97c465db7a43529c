/* hashmix.h - a 64-bit mixing function for open-addressing hash tables. */
#ifndef T24_CORE_HASHMIX_H
#define T24_CORE_HASHMIX_H

#include <stdint.h>

/* A bijective mix of x (the finaliser of MurmurHash3): nearby keys land far apart. */
static inline uint64_t hashmix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

#endif
