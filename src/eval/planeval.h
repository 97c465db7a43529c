/* planeval.h - running a formula plan (formula.h) on one hand: which groups hit the target.
 * (The name: the evaluator of a plan, beside formula.h that builds the plan.)
 *
 * Every step is one exact operation on unreduced int64 fractions n/d; an undefined value
 * (a division by zero somewhere below) is 0/0, which every later operation keeps 0/0, and
 * a root hits when d != 0 and n == T*d (group (body, +)) or n == -T*d (group (body, -)).
 * Any int64 overflow on a hand redoes that hand with GMP rationals, so the answer is
 * always exact. A scratch handle holds the per-hand values; use one per thread. */
#ifndef T24_EVAL_PLANEVAL_H
#define T24_EVAL_PLANEVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/idlist.h"
#include "eval/formula.h"

typedef struct planeval planeval;

planeval *planeval_new(const formula_plan *p);
void planeval_free(planeval *w);
int planeval_hand(planeval *w, const int64_t *cards, int64_t target, idlist *groups,
                  bool *promoted);
int planeval_hand_gmp(planeval *w, const int64_t *cards, int64_t target, idlist *groups);

#endif
