/* canon.h - the canonical form of an expression, for counting distinct solutions.
 *
 * Two expressions count as the same solution when they have the same canonical form. The
 * form follows the 4 Numbers convention that seed 002 reproduces (docs/solve.md has the
 * rules with examples):
 *  1. + and - chains flatten into one sum of added and subtracted terms, * and / chains
 *     into one product of multiplied and divided factors; operands are sorted.
 *  2. Double negatives fold: a sum with a negative value inside a product is turned round
 *     ((1-9)*(1-4) is (9-1)*(4-1)), and a negative product inside a sum changes sides
 *     (4-(3-7)*5 is 4+(7-3)*5). Subtracting zero is adding zero.
 *  3. No-ops are taken out and put back in one standard place: a card 1 that multiplies
 *     or divides something else becomes a single *1 on the whole expression; two such
 *     ones, or any operand added and subtracted (or multiplied and divided) in the same
 *     group next to other operands, become "+x-x" at the top.
 * The canonical key is a string; equal keys mean equal forms. */
#ifndef T24_SOLVE_CANON_H
#define T24_SOLVE_CANON_H

#include <stddef.h>

#include "core/expr.h"

typedef enum { CANON_OK = 0, CANON_OVERFLOW, CANON_DIV_ZERO, CANON_NOMEM } canon_status;

typedef struct canon canon;

canon *canon_new(void);
void canon_free(canon *c);
canon_status canon_build(canon *c, const expr *e);
const char *canon_key(const canon *c);
int canon_format(canon *c, char *buf, size_t size);

#endif
