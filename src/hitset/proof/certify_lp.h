/* certify_lp.h - the LP relaxation that the certifying search (certify.h) re-solves at
 * every node: one GLPK problem over an instance, rows = sets (sum over the set >= 1),
 * columns = elements in [0, 1], minimising their sum. A node is the same problem with
 * some columns fixed; each solve starts from the basis the last one left (dual simplex),
 * and a node's basis can be kept and put back for its next child.
 *
 * Every function calls GLPK, so it must run inside glpk_guard_begin()/glpk_guard_end()
 * on a thread of glpk_guard_call() (glpk_guard.h): a GLPK failure then longjmps to the
 * guard, and GLPK's environment, this problem with it, is gone. */
#ifndef T24_HITSET_CERTIFY_LP_H
#define T24_HITSET_CERTIFY_LP_H

#include <stdint.h>

#include "core/budget.h"
#include "hitset/proof/certify_node.h"
#include "hitset/model/instance.h"

typedef struct certify_lp certify_lp;

/* The LP of h, every column free. Returns it (free with certify_lp_free()), or NULL
 * when h has no set or more than INT_MAX elements or sets; memory running out is a GLPK
 * failure (the guard's). */
certify_lp *certify_lp_new(const instance *h);
/* Deletes lp; a no-op on NULL. */
void certify_lp_free(certify_lp *lp);

/* Column e free in [0, 1] (CERTIFY_FREE), or fixed at 0 (OUT) or at 1 (IN). */
void certify_lp_fix(certify_lp *lp, uint32_t e, certify_fix how);

typedef enum {
    CERTIFY_LP_OPTIMAL, /* optimum: primal values and duals below are the optimum's */
    CERTIFY_LP_CUTOFF,  /* the dual simplex passed cutoff first: the duals are those of a
                           dual feasible basis whose value passed it, a bound to check */
    CERTIFY_LP_TIME,    /* the time limit stopped it */
    CERTIFY_LP_FAILED   /* neither from the kept basis nor from a fresh one */
} certify_lp_status;

/* Every later solve and probe adds its work to b and stops when b is over (asked between
 * chunks of iterations, mip/lpwork.h); default: none. */
void certify_lp_limit(certify_lp *lp, budget b);

/* With `on`, later solves have GLPK display a line every CERTIFY_LP_WATCH_MS to its
 * terminal hook, where a caller watching for a stop can leave the simplex inside a chunk
 * (certify_tree.c, the root's first LP); the path of the solve is the same. */
#define CERTIFY_LP_WATCH_MS 100
void certify_lp_watch(certify_lp *lp, bool on);

/* Solves the LP from the current basis with the dual simplex, for at most `seconds`,
 * stopping once the objective passes cutoff (HUGE_VAL: never). *iterations (or NULL)
 * grows by the simplex steps made. */
certify_lp_status certify_lp_solve(certify_lp *lp, double seconds, double cutoff,
                                   uint64_t *iterations);
double certify_lp_value(const certify_lp *lp);
double certify_lp_primal(const certify_lp *lp, uint32_t e);
double certify_lp_dual(const certify_lp *lp, uint32_t s);

/* The basis statuses: certify_lp_basis_size() ints, kept by the caller. */
uint32_t certify_lp_basis_size(const certify_lp *lp);
void certify_lp_basis_save(const certify_lp *lp, int *stat);
void certify_lp_basis_load(certify_lp *lp, const int *stat);

/* The LP's bound with free column e fixed at v, at most `iterations` dual simplex steps
 * from the basis stat (a probe of strong branching): HUGE_VAL when it passes cutoff,
 * -HUGE_VAL when nothing was learnt. `ended` (a basis's room) receives where it stopped,
 * where the child's own LP can start. Column e is free again afterwards, the basis is
 * the probe's. No bound rests on these floating-point values: they only order the
 * search. */
double certify_lp_probe(certify_lp *lp, const int *stat, uint32_t e, double v, double cutoff,
                        int iterations, int *ended);

#endif
