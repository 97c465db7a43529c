/* rowsig.h - a row's 64-bit signature, for the domination tests of reduce.c and kernel.c.
 *
 * One bit per entry, chosen by a hash: a row that holds all entries of another has every
 * bit of the other's signature, so a candidate whose signature lacks one of them is
 * rejected with one AND, before any entry-by-entry subset test. Rows longer than a few
 * dozen entries set most bits and filter little. */
#ifndef T24_HITSET_PRESOLVE_ROWSIG_H
#define T24_HITSET_PRESOLVE_ROWSIG_H

#include <stdint.h>

#include "core/hashmix.h"

static inline uint64_t rowsig_bit(uint32_t id)
{
    return 1ull << (hashmix64(id) & 63);
}

static inline uint64_t rowsig_of(const uint32_t *row, uint32_t len)
{
    uint64_t sig = 0;
    for (uint32_t i = 0; i < len; i++)
        sig |= rowsig_bit(row[i]);
    return sig;
}

#endif
