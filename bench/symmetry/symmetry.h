/* symmetry.h - the automorphism group of a hitting-set instance (issue 30, item 4).
 *
 * The group is that of the instance's incidence graph: one vertex per element, one per
 * set, an edge where an element belongs to a set, and the two sides told apart (a
 * colour each), so that an automorphism maps elements to elements and sets to sets:
 * exactly the relabellings of elements and sets that leave the instance as it was.
 * Debian's nauty (sparsenauty(), libnauty2-dev) computes it. A symmetric instance would
 * let the search skip subtrees that are images of each other (orbital fixing); t24's
 * instances have none after the reductions (docs/hitting-sets.md, "Symmetry"), so this
 * is a measurement, built only into t24-symmetry and its test, never into t24.
 *
 * One call at a time in a process: the time limit stops nauty through its one
 * process-wide flag (nauty_kill_request), which would stop a second call too. */
#ifndef T24_BENCH_SYMMETRY_H
#define T24_BENCH_SYMMETRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hitset/t24hs.h"

typedef struct {
    bool stopped;          /* the deadline ended nauty's search first: the generators and
                              orbits below are what it had found (true automorphisms,
                              so the orbits are at most as coarse as the group's), the
                              size is unknown (0) */
    double size_mantissa;  /* the group's order is size_mantissa * 10^size_exponent */
    int size_exponent;     /* (nauty's grpsize1 and grpsize2; exact up to 2^53) */
    uint32_t generators;   /* nauty's generators (none: the group is trivial) */
    uint32_t elem_orbits;  /* orbits of the elements, and of the sets */
    uint32_t set_orbits;
    uint32_t elems_moved;  /* elements in an orbit of more than one, and sets */
    uint32_t sets_moved;
    uint64_t nodes;        /* nodes of nauty's search tree */
    double seconds;
} symmetry_result;

/* The automorphism group of h's incidence graph, searched until the walltime_now()
 * deadline (core/walltime.h; one already past stops the search at once). Returns 0 with
 * *out filled, or -1 with a one-line reason in err when h is too large for nauty (2
 * billion vertices in all) or memory runs out before nauty starts (nauty itself exits
 * with status 2 and a message when its own allocation fails). An instance of no
 * elements and no sets has the trivial group. */
int symmetry_group(const hs_instance *h, double deadline, symmetry_result *out, char *err,
                   size_t errsize);

/* True when the group is known to be trivial: the search finished with order 1. */
bool symmetry_trivial(const symmetry_result *r);

#endif
