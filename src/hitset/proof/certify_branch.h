/* certify_branch.h - which element the certifying search (certify.h) branches on.
 *
 * Strong branching probes a candidate's two children with a few dual simplex steps and
 * takes the element whose weaker child rises most (as t24's GLPK search does,
 * ilp_node.h). Probes are most of the search's time, so by default they go only where
 * they are needed (reliability branching, Achterberg, Koch and Martin 2005): every probe
 * and every child's LP teaches the element's pseudocosts (the LP's rise per unit of
 * change, down and up), and an element whose pseudocosts rest on enough observations is
 * ranked by them instead of probed. Only the search's order rests on these
 * floating-point values, never a bound.
 *
 * Measured on five cards, deck 1-6 (optimum 30, from that cover; one core): reliability
 * branching 5,123 LPs and 1,196 probes in 11 s; strong branching on the 5 most
 * fractional columns 4,045 LPs but 15,426 probes, 33 s; the most fractional column
 * 21,865 LPs, 36 s; `split` on the set with the fewest free elements 106,162 LPs, 211 s
 * and a 504 MB certificate.
 *
 * The functions that probe call GLPK (certify_lp.h): inside the guard only. */
#ifndef T24_HITSET_CERTIFY_BRANCH_H
#define T24_HITSET_CERTIFY_BRANCH_H

#include <stdbool.h>
#include <stdint.h>

#include "hitset/proof/certify_result.h"
#include "hitset/proof/certify_lp.h"

typedef struct certify_branch certify_branch;

/* The rule of p (branching, strong_candidates, strong_iterations, reliability) for ncols
 * columns whose LP has bases of basis_size statuses. Returns it (free with
 * certify_branch_free()), or NULL when memory runs out. */
certify_branch *certify_branch_new(uint32_t ncols, uint32_t basis_size,
                                   const certify_params *p);
/* A no-op on NULL. */
void certify_branch_free(certify_branch *b);

/* A child's LP: fixing column e (at f in its parent's LP) at 0 (up false) or at 1 raised
 * the LP's value by rise. */
void certify_branch_learn(certify_branch *b, uint32_t e, bool up, double f, double rise);

/* The column to branch on at a node whose LP has value z, solution x and optimal basis
 * stat: one of the columns with fix[e] == CERTIFY_FREE and x[e] fractional (further
 * than `fractional` from 0 and 1), or UINT32_MAX when there is none. Probes stop at
 * cutoff. child[0] and child[1] (room for a basis each) receive the bases the children
 * (the column at 0, at 1) start from: where its probes ended, else stat. *probes grows
 * by the probes made. */
uint32_t certify_branch_choose(certify_branch *b, certify_lp *lp, const int *stat, double z,
                               const double *x, const unsigned char *fix, double fractional,
                               double cutoff, int *child[2], uint64_t *probes);

#endif
