/* ilp_node.h - t24's work at a node of GLPK's branch and bound on a minimum hitting set.
 *
 * Both routines assume what ilp.c's hitting-set model is: minimisation, binary columns,
 * unit costs, so that every cover's size is an integer. They are called from GLPK's
 * callback (ilp.c) at the points where GLPK itself does the same kind of work. On five
 * cards, deck 1-6, GLPK's own rules took 1,703 s to prove the optimum and these two
 * take under a minute (docs/hitting-sets.md, "Five cards"). */
#ifndef T24_HITSET_ILP_NODE_H
#define T24_HITSET_ILP_NODE_H

#include <glpk.h>
#include <stdbool.h>
#include <stdint.h>

/* At a GLP_IHEUR request: fixes the node's non-basic columns whose reduced cost proves
 * that taking them (or, at 1, dropping them) leads to no cover smaller than the
 * incumbent. Returns how many were fixed (0 without an incumbent). */
uint32_t ilp_node_fix_by_reduced_cost(glp_tree *T);

/* At a GLP_IBRANCH request: chooses the column to branch on by strong branching: the
 * `candidates` most fractional columns are each fixed at 0 and at 1 in a copy of the
 * node's LP, `iterations` dual simplex steps each, and the column whose weaker child's
 * bound rises most wins. With probe false (the time limit is near) the most fractional
 * column wins at once. Returns the probes made. */
uint32_t ilp_node_strong_branch(glp_tree *T, int candidates, int iterations, bool probe);

#endif
