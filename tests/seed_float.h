/* seed_float.h - the seeds' own arithmetic, for the tests that reproduce their figures
 * (header-only).
 *
 * Seed 004 evaluated templates with Python's eval and compared with `== 24`: integers stay
 * exact, every `/` gives the correctly rounded double, later operations round again. The
 * same tree evaluated in C doubles gives bit-identical values, and a zero divisor
 * (ZeroDivisionError in Python) is a miss. */
#ifndef T24_TEST_SEED_FLOAT_H
#define T24_TEST_SEED_FLOAT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/op.h"
#include "core/template.h"

/* The seed's value of one template on one hand; false when a division by zero occurs. */
static inline bool seed_float_eval(const template_prog *p, const int64_t *cards, double *out)
{
    double st[TEMPLATE_MAX_TOKENS];
    int sp = 0;
    for (int i = 0; i < p->len; i++) {
        int t = p->tok[i];
        if (t < TEMPLATE_TOK_OP) {
            st[sp++] = (double)cards[t];
            continue;
        }
        double b = st[--sp], a = st[--sp];
        switch (t - TEMPLATE_TOK_OP) {
        case OP_ADD: st[sp++] = a + b; break;
        case OP_SUB: st[sp++] = a - b; break;
        case OP_MUL: st[sp++] = a * b; break;
        default:
            if (b == 0.0)
                return false;
            st[sp++] = a / b;
        }
    }
    *out = st[0];
    return true;
}

/* The seed's test: the double value compares equal (==) to the target. */
static inline bool seed_float_hits(const template_prog *p, const int64_t *cards, double target)
{
    double v;
    return seed_float_eval(p, cards, &v) && v == target;
}

#endif
