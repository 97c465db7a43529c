/* formula.h - templates that compute the same formula, found symbolically, and a plan that
 * evaluates each distinct formula once.
 *
 * Every template gets a canonical form built bottom-up from its tree:
 *  - + and - flatten into one sum of signed terms, * and / into one product of factors,
 *    each factor marked multiplied or divided and "guarded" when it stood anywhere inside
 *    the right operand of a / of that product (a divided factor is always guarded);
 *  - operands are ordered by their own (hash-consed) form;
 *  - signs are pulled out: a sum's first operand is added (else the whole sum is negated),
 *    and a product carries the product of its operands' signs.
 * A form is (sign, body); equal bodies are one number (hash-consing). Two templates with
 * equal forms have the same value wherever either is defined, and are defined on exactly
 * the same hands: a sum is defined iff its terms are, and a product iff its factors are
 * and every guarded factor is nonzero (the divisors of a product are nonzero iff all the
 * factors inside them are), so a/(b/c) (b, c guarded) and a*c/b (b guarded) stay apart:
 * at c = 0 the first is undefined and the second is 0. Each card occurs once in a
 * template, so no two terms of a sum or factors of a product share a body and no rule
 * needs like terms to cancel. docs/method.md has the induction.
 *
 * A group is a set of templates with one form; groups are numbered in the order of their
 * lowest template id. The set holds no array per template (seven cards have 2.7e9):
 * per group its lowest template and size, and the bodies; a template's group is
 * recomputed on demand (formula_set_group_of) and a group's members by walking the
 * templates again (formula_set_foreach). The plan computes every body some group needs exactly once per hand,
 * each as one operation on two earlier results (the way the first template that reached
 * the body built it); a root step gives a body over all cards, which decides the groups
 * (body, +) and (body, -) at once. */
#ifndef T24_EVAL_FORMULA_H
#define T24_EVAL_FORMULA_H

#include <stddef.h>
#include <stdint.h>

#include "core/template.h"

#define FORMULA_NONE UINT32_MAX

/* What a step computes from its operands a and b. */
typedef enum {
    FORMULA_ADD,  /* a + b */
    FORMULA_SUB,  /* a - b */
    FORMULA_MUL,  /* a * b */
    FORMULA_DIV,  /* a / b */
    FORMULA_NADD, /* -(a + b) */
    FORMULA_STEP_KINDS
} formula_step_kind;

typedef struct {
    uint32_t a, b; /* slots: 0..ncards-1 the cards, ncards + i the result of steps[i] */
    uint32_t kind; /* formula_step_kind */
} formula_step;

typedef struct {
    int ncards;
    uint32_t nsteps;      /* bodies over some of the cards, in dependency order */
    formula_step *steps;
    uint32_t nroots;      /* bodies over all the cards, sorted by kind */
    formula_step *roots;
    uint32_t *root_pos;   /* per root: the group (body, +), or FORMULA_NONE */
    uint32_t *root_neg;   /* per root: the group (body, -), or FORMULA_NONE */
} formula_plan;

typedef struct formula_set formula_set;

/* Progress of the grouping: templates grouped so far, of total. */
typedef void (*formula_progress_fn)(void *ctx, uint64_t done, uint64_t total);
/* One template and its group, for formula_set_foreach(); nonzero stops the walk. */
typedef int (*formula_member_fn)(void *ctx, uint32_t template_id, uint32_t group);

formula_set *formula_set_new(const template_family *f, char *err, size_t errsize);
formula_set *formula_set_new_progress(const template_family *f, formula_progress_fn progress,
                                      void *ctx, char *err, size_t errsize);
void formula_set_free(formula_set *s);
uint32_t formula_set_templates(const formula_set *s);
uint32_t formula_set_groups(const formula_set *s);
uint32_t formula_set_bodies(const formula_set *s);
uint32_t formula_set_group_first(const formula_set *s, uint32_t group);
uint32_t formula_set_group_size(const formula_set *s, uint32_t group);
uint32_t formula_set_group_of(const formula_set *s, uint32_t template_id);
int formula_set_foreach(const formula_set *s, formula_member_fn fn, void *ctx);
const formula_plan *formula_set_plan(const formula_set *s);

#endif
