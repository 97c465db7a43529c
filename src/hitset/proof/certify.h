/* certify.h - a minimum hitting-set search that writes a proof anyone can check.
 *
 * certify_run() proves a lower bound K on every cover of an instance (as given, not a
 * reduced core) and writes the proof as a `t24-certificate 1` file (docs/formats.md,
 * "Certificates"), which t24-check verifies without trusting t24. With a cover of size K
 * it is a proof of optimality.
 *
 * The proof is the search itself. Its root is t24's reductions (reduce.h), replayed as
 * `dominated`, `drop` and `split` nodes; then a branch and bound of its own on GLPK's
 * simplex, writing every node: a leaf carries the LP's duals rounded down to multiples
 * of 2^-32, whose Lagrangian bound the search has evaluated exactly, as the checker will;
 * reduced-cost fixing is a `branch` whose fixed child is `leaf inherit`. The target is
 * the best cover known: a node is a leaf once its bound reaches it. When the time runs
 * out the proof is still whole: every node not explored becomes a leaf with the bound it
 * has, and K is the least of those (K <= the cover's size always). */
#ifndef T24_HITSET_CERTIFY_H
#define T24_HITSET_CERTIFY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hitset/mip/ilp.h"
#include "hitset/proof/certify_result.h"
#include "hitset/model/instance.h"
#include "hitset/presolve/reduce.h"

void certify_params_init(certify_params *p);
/* 0 when every field of p is in range, else -1 with the field named in err. */
int certify_params_check(const certify_params *p, char *err, size_t errsize);

/* Searches h and writes the certificate to out, whole, at the end (the tree waits in a
 * temporary file meanwhile; out NULL: no certificate is wanted, r alone is filled). Returns 0 with *r filled (free with certify_result_free());
 * or -1 with a reason in err and *r empty, when p is out of range, memory runs out, GLPK
 * fails (nothing written then) or out reports a write error (part may be written). GLPK
 * runs on a thread of its own (glpk_guard.h). */
int certify_run(const instance *h, const certify_params *p, FILE *out, certify_result *r,
                char *err, size_t errsize);
/* Releases r's cover and zeroes it; a no-op on an empty result. */
void certify_result_free(certify_result *r);

/* certify_run() as an exact engine of engine.h's table (no certificate kept): the
 * minimum hitting set of h under p's time limit, cancel, warm start (the first target),
 * memory limit and progress. The same contract as ilp_glpk_hitting_set(); out->lp is -1
 * (the root LP is not reported apart). certify_version() names the format it writes. */
int certify_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                        size_t errsize);
const char *certify_version(void);

/* The search's first target for h, reduced to red: p->start pruned when it is a cover,
 * else the forced elements and a cover of the core (greedy's, improved by t24's default
 * local search until deadline), into cover (room for nelems ids), ascending, *n of
 * them; p->improved hears of it when smaller than the start. Returns 0, or -1 with err
 * set. */
int certify_first_cover(const instance *h, const reduce_result *red, const certify_params *p,
                        double deadline, uint32_t *cover, uint32_t *n, char *err,
                        size_t errsize);

/* The certificate's instance checksum: FNV-1a, 64 bits, over `p hs N M\n` and then each
 * set in order, its elements 1-based, ascending, separated by one space, and `\n`. */
uint64_t certify_checksum(const instance *h);

#endif
