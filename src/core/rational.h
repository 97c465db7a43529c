/* rational.h - exact rationals over int64 with overflow detection.
 *
 * A rational is a plain value: den > 0 and gcd(|num|, den) == 1 always hold for values
 * produced here. Every operation reports RATIONAL_OVERFLOW instead of wrapping, and
 * RATIONAL_DIV_ZERO instead of dividing by zero; on failure *out is left untouched. */
#ifndef T24_CORE_RATIONAL_H
#define T24_CORE_RATIONAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int64_t num;
    int64_t den;
} rational;

typedef enum { RATIONAL_OK = 0, RATIONAL_DIV_ZERO, RATIONAL_OVERFLOW } rational_status;

rational rational_from_int(int64_t n);
rational_status rational_make(int64_t num, int64_t den, rational *out);
rational_status rational_add(rational a, rational b, rational *out);
rational_status rational_sub(rational a, rational b, rational *out);
rational_status rational_mul(rational a, rational b, rational *out);
rational_status rational_div(rational a, rational b, rational *out);
int rational_cmp(rational a, rational b);
bool rational_eq_int(rational a, int64_t n);
bool rational_check(rational a);
int rational_format(rational a, char *buf, size_t size);

#endif
