/* parse.h - strict parsing of numbers and decks from text (arguments, config lines).
 *
 * Every parser returns 0 on success and -1 on failure without touching its outputs. The
 * whole string must be the value: no sign-only, leading blank or trailing text. */
#ifndef T24_CORE_PARSE_H
#define T24_CORE_PARSE_H

#include <stdint.h>

int parse_int64(const char *s, int64_t *out);
/* A count: a non-negative integer written in digits ("8000000000") or with a decimal
 * exponent that leaves an integer ("8e9", "2.5e7"; not "1e-3" or "2.5e0"), at most
 * UINT64_MAX. So that `--work 8e9` means what the docs write, exactly (no rounding
 * through a double). */
int parse_count(const char *s, uint64_t *out);
int parse_int_range(const char *s, int lo, int hi, int *out);
int parse_double_positive(const char *s, double *out);
/* A memory size: positive bytes with an optional K, M, G or T (powers of 1024). */
int parse_size(const char *s, uint64_t *out);
/* "LO-HI" with 0 <= LO <= HI <= 1000000. */
int parse_deck(const char *s, int64_t *lo, int64_t *hi);

#endif
