/* eval.h - exact evaluation of templates on hands.
 *
 * Two independent evaluators:
 *  - eval_hand(): every template of a family on one hand at once, sharing sub-expressions
 *    in a depth-first walk over unreduced int64 fractions; on any int64 overflow it
 *    promotes the whole hand to GMP rationals, so the answer is always exact.
 *  - eval_prog(): one postfix program on one hand with GMP rationals: slow, simple, and
 *    the reference the tests check eval_hand() against.
 * A division by zero anywhere in an expression makes it a miss. */
#ifndef T24_EVAL_EVAL_H
#define T24_EVAL_EVAL_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/idlist.h"
#include "core/template.h"

typedef enum { EVAL_MISS = 0, EVAL_HIT, EVAL_DIV_ZERO } eval_result;

typedef struct {
    bool promoted; /* int64 overflowed and the hand was redone with GMP */
} eval_info;

int eval_hand(const template_family *f, const int64_t *cards, int64_t target, idlist *hits,
              eval_info *info);
eval_result eval_prog(const template_prog *p, const int64_t *cards, int64_t target);
bool eval_prog_value(const template_prog *p, const int64_t *cards, mpq_t out);
int eval_hand_shapes(const template_family *f, uint32_t first, uint32_t last,
                     const int64_t *cards, int64_t target, idlist *hits, eval_info *info);
int eval_hand_exact_shapes(const template_family *f, uint32_t first, uint32_t last,
                           const int64_t *cards, int64_t target, idlist *hits);
int eval_hand_exact(const template_family *f, const int64_t *cards, int64_t target,
                    idlist *hits);

#endif
