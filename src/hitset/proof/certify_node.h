/* certify_node.h - a node of the certifying search (certify.h) on the reduced core: its
 * state as the certificate defines it, and the exact Lagrangian bounds there.
 *
 * Each core element is free, in F0 or in F1; |F1| counts the forced elements too, which
 * lie outside the core. A core set is live when no element of F1 meets it: the sets
 * outside the core are all dropped or met by a forced element, and dropped is never
 * undone. Multipliers are integers v per core set standing for v / CERTIFY_ONE, and
 *     ONE * L(v) = sum_{S live} v_S + sum_{e free} min(0, ONE - R_e),
 * R_e the sum of v over the live sets holding e, is what the certificate's checker
 * computes for them (the free elements outside the core meet no live set: their terms
 * are 0). It is evaluated here in 128-bit integers, exactly: a node holds for a target U
 * when |F1| >= U or ONE * L > (U - |F1| - 1) * ONE. */
#ifndef T24_HITSET_CERTIFY_NODE_H
#define T24_HITSET_CERTIFY_NODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hitset/model/instance.h"

/* The certificate's denominator D (2^32): multipliers are multiples of 2^-32. */
#define CERTIFY_ONE ((uint64_t)1 << 32)

typedef __int128 certify_wide;

/* Where an element is: free, or fixed in F0 (out) or F1 (in). */
typedef enum { CERTIFY_FREE, CERTIFY_OUT, CERTIFY_IN } certify_fix;

typedef struct {
    const instance *core;
    uint32_t ne, ns;
    unsigned char *fix;         /* per core element: its certify_fix */
    uint32_t *hit, *nfree;      /* per core set: elements in F1, free elements */
    uint32_t nlive, nempty;     /* live sets; live sets with no free element */
    uint32_t nin;               /* |F1|, the forced elements included */
    uint32_t *trail;            /* elements the path's nodes fix, and how (a stack) */
    unsigned char *trail_how;
    size_t ntrail, trailcap;
} certify_node;

/* The root: every core element free, nforced elements in F1. Returns 0, or -1 when
 * memory runs out (n then empty, safe to free). */
int certify_node_init(certify_node *n, const instance *core, uint32_t nforced);
void certify_node_free(certify_node *n);

/* Moves core element e to `how`, from wherever it is. */
void certify_node_fix(certify_node *n, uint32_t e, certify_fix how);
/* Pushes e and how on the trail (it does not fix e). Returns 0, or -1 when memory runs
 * out. */
int certify_node_push(certify_node *n, uint32_t e, certify_fix how);

static inline bool certify_node_live(const certify_node *n, uint32_t k)
{
    return n->hit[k] == 0;
}

/* R_e: the sum of v over the live sets holding e (below 2^64: ns * ONE). */
uint64_t certify_node_reach(const certify_node *n, const uint64_t *v, uint32_t e);
/* ONE * L(v), exactly; v off the live sets is ignored, as the checker restricts
 * inherited multipliers to the live rows. */
certify_wide certify_node_evaluate(const certify_node *n, const uint64_t *v);
/* Does ONE * L = ld prove the node for target? */
bool certify_node_holds(const certify_node *n, certify_wide ld, uint32_t target);
/* The bound ONE * L = ld proves: |F1| + ceil(L), and |F1| at least. */
uint32_t certify_node_bound(const certify_node *n, certify_wide ld);
/* An LP dual as a multiplier: rounded down to a multiple of 1/ONE in [0, 1]. */
uint64_t certify_node_multiplier(double dual);

/* Reduced-cost fixing: fixes, and pushes on the trail, each free element whose other
 * value the multipliers v (ONE * L(v) = ld, the node holding not for target) already
 * rule out, so that the child cut off is a `leaf inherit` of v that holds for target.
 * The fixings at 0 come first, then those at 1. Returns 0, or -1 when memory runs out
 * (the fixings pushed so far stay made). */
int certify_node_fix_by_reduced_cost(certify_node *n, const uint64_t *v, certify_wide ld,
                                     uint32_t target);

#endif
