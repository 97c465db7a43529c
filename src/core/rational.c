/* rational.c - exact rationals over int64; see rational.h for the contract. */
#include "core/rational.h"

#include <stdio.h>

/* gcd of two magnitudes; unsigned so that |INT64_MIN| is representable. */
static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static uint64_t mag(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* Normalises a signed __int128 fraction into lowest terms with a positive denominator.
 * Working in 128 bits lets every operation on two int64 rationals be formed exactly
 * first; only the reduced result has to fit in int64. */
static rational_status normalise(__int128 num, __int128 den, rational *out)
{
    if (den == 0)
        return RATIONAL_DIV_ZERO;
    if (den < 0) {
        num = -num;
        den = -den;
    }
    unsigned __int128 a = num < 0 ? -(unsigned __int128)num : (unsigned __int128)num;
    unsigned __int128 b = (unsigned __int128)den;
    while (b) {
        unsigned __int128 t = a % b;
        a = b;
        b = t;
    }
    if (a > 1) {
        num /= (__int128)a;
        den /= (__int128)a;
    }
    if (num < INT64_MIN || num > INT64_MAX || den > INT64_MAX)
        return RATIONAL_OVERFLOW;
    out->num = (int64_t)num;
    out->den = (int64_t)den;
    return RATIONAL_OK;
}

rational rational_from_int(int64_t n)
{
    rational r = { n, 1 };
    return r;
}

rational_status rational_make(int64_t num, int64_t den, rational *out)
{
    return normalise(num, den, out);
}

rational_status rational_add(rational a, rational b, rational *out)
{
    /* |num| < 2^127 because each product is below 2^126. */
    __int128 num = (__int128)a.num * b.den + (__int128)b.num * a.den;
    return normalise(num, (__int128)a.den * b.den, out);
}

rational_status rational_sub(rational a, rational b, rational *out)
{
    __int128 num = (__int128)a.num * b.den - (__int128)b.num * a.den;
    return normalise(num, (__int128)a.den * b.den, out);
}

rational_status rational_mul(rational a, rational b, rational *out)
{
    return normalise((__int128)a.num * b.num, (__int128)a.den * b.den, out);
}

rational_status rational_div(rational a, rational b, rational *out)
{
    if (b.num == 0)
        return RATIONAL_DIV_ZERO;
    return normalise((__int128)a.num * b.den, (__int128)a.den * b.num, out);
}

/* Returns <0, 0 or >0 as a is less than, equal to or greater than b (exact). */
int rational_cmp(rational a, rational b)
{
    __int128 l = (__int128)a.num * b.den, r = (__int128)b.num * a.den;
    return (l > r) - (l < r);
}

bool rational_eq_int(rational a, int64_t n)
{
    return a.den == 1 && a.num == n;
}

/* The representation invariant: positive denominator, lowest terms. */
bool rational_check(rational a)
{
    return a.den > 0 && gcd_u64(mag(a.num), (uint64_t)a.den) == 1;
}

/* Writes "n" or "n/d" into buf; returns what snprintf returns. */
int rational_format(rational a, char *buf, size_t size)
{
    if (a.den == 1)
        return snprintf(buf, size, "%lld", (long long)a.num);
    return snprintf(buf, size, "%lld/%lld", (long long)a.num, (long long)a.den);
}
