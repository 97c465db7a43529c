/* kernel.h - the kernel of a hitting-set instance: reductions that keep the optimum and
 * map every cover of the kernel back, the vertex-cover rules among them.
 *
 * Run on the core reduce.c leaves (or any instance), to a fixpoint, each rule from a
 * worklist of what changed:
 *  - forced: a set of one element takes it;
 *  - dominated sets: a set holding another set goes (signatures filter the candidates);
 *  - dominated elements: an element whose sets another element meets goes, as does one
 *    meeting no set;
 *  - vertex-cover domination: where every set of v is a pair {v, w}, a neighbour u such
 *    that {u, w} is a set for each other neighbour w is in some optimal cover: take u;
 *  - folding: where v's only sets are {v, u} and {v, w}, v, u and w become one element
 *    x (u's or w's id) meeting u's and w's other sets: one less than the optimum, and a
 *    cover of the kernel holding x holds u and w, else v (a set {u, w} becomes {x});
 *  - crown: when the others are done and every set left is a pair (a graph), the
 *    vertex-cover LP's half-integral optimum (crown.h): vertices at 1 are taken, those
 *    at 0 dropped (Nemhauser and Trotter), then the others again.
 * The sets of u and w need not be pairs (the proofs in kernel.c hold for any sets).
 * Every step is valid on its own, so a deadline may stop the passes anywhere: the kernel
 * is then built from where they stopped.
 * optimum(instance) = offset + optimum(kernel), and kernel_lift() makes a cover of the
 * kernel of size n a cover of the instance of size offset + n. Not for a certifying
 * search: its checker knows no folding (docs/certificates.md). */
#ifndef T24_HITSET_KERNEL_H
#define T24_HITSET_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget.h"
#include "hitset/model/instance.h"

typedef enum {
    KERNEL_FORCED,
    KERNEL_DOMINATED_SETS,
    KERNEL_DOMINATED_ELEMS, /* and elements meeting no set */
    KERNEL_VC_DOMINATION,
    KERNEL_FOLDING,
    KERNEL_CROWN, /* where every set is a pair: Nemhauser-Trotter's LP reduction */
    KERNEL_RULES
} kernel_rule;

typedef struct {
    uint32_t elems, sets; /* removed by the rule (a fold removes v and one neighbour) */
    uint32_t applied;     /* times it fired */
    double seconds;       /* its passes' time */
} kernel_rule_stats;

/* One step to undo: take `elem` (fold_keep UINT32_MAX), or a fold of v = elem into
 * fold_keep, which absorbed fold_gone. */
typedef struct {
    uint32_t elem, fold_keep, fold_gone;
} kernel_step;

typedef struct {
    kernel_rule_stats rule[KERNEL_RULES];
    uint32_t offset;     /* optimum(instance) - optimum(kernel): elements taken + folds */
    uint32_t rounds;     /* passes over the worklists until they emptied */
    bool stopped;        /* the deadline (or cancel) ended them first */
    double seconds;
    instance *core;      /* the kernel (possibly no sets) */
    uint32_t *core_elem; /* kernel element -> element of the instance */
    uint32_t *core_set;  /* kernel set -> set of the instance (a fold renames a set's
                            elements, never the set): the LP's multipliers mapped back */
    kernel_step *steps;  /* in the order made; kernel_lift() undoes them backwards */
    uint32_t nsteps;
    uint32_t nelems;     /* the instance's elements */
} kernel_result;

/* The kernel of h, stopping when the budget b is over (its end, or its cancel asks;
 * core/budget.h). Fills *out (free with kernel_result_free()). Returns 0, or -1 with a
 * reason in err when memory runs out. */
int kernel_run(const instance *h, budget b, kernel_result *out, char *err, size_t errsize);
/* A cover of the instance from cover[0..n) of the kernel (kernel ids): its elements,
 * ascending, into out (room for the instance's nelems); returns their number, offset +
 * the distinct elements of cover. Needs no memory: it cannot fail. */
uint32_t kernel_lift(const kernel_result *k, const uint32_t *cover, uint32_t n,
                     uint32_t *out);
/* The connected components of h's element-set incidence (elements in no set are
 * components of their own): comp_elem (nelems) and comp_set (nsets) receive each one's
 * component, numbered 0.. in the order of their lowest element. Returns their number, or
 * UINT32_MAX when memory runs out. */
uint32_t kernel_components(const instance *h, uint32_t *comp_elem, uint32_t *comp_set);
void kernel_result_free(kernel_result *k);
const char *kernel_rule_name(kernel_rule r);
/* Checker (core/check.h): NULL when k is a kernel of h: the counts add up, the steps
 * name elements of h, offset is their number, and the kernel's every element lifted
 * covers h; else the first invariant broken (NULL also when memory runs out). */
const char *kernel_result_check(const instance *h, const kernel_result *k);

#endif
