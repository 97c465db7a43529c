/* certify_sub.h - a sub-instance of some of an instance's sets, and a certificate of it
 * lifted to the whole instance (issue 52 item 2).
 *
 * Every cover of an instance hits each of its sets, so the optimum of the sub-instance
 * made of some of them is a lower bound for the whole; proving a bound on a few hundred
 * sets can be far cheaper than on all of them. Its elements are the distinct traces of
 * the instance's elements on those sets (seven cards: 3.9 million classes, far fewer
 * traces on a few hundred hands). The lifted certificate is the sub-instance's with a
 * new head (the whole instance's N, M and checksum), at the top of its tree a `drop` of
 * every set left out and a `dominated` step for every element whose trace is another's,
 * then the sub-instance's tree with its ids mapped back. Once the other sets are dropped,
 * each node of that tree claims and proves exactly what it did in the sub-instance (a
 * `dominated` step, a leaf's sum look only at live rows, and an element with an empty
 * trace is in none), so `t24-check` verifies the lifted file on the whole instance.
 * Nothing here is trusted: the lift only renames, and the checker decides. */
#ifndef T24_HITSET_CERTIFY_SUB_H
#define T24_HITSET_CERTIFY_SUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hitset/model/instance.h"

/* The longest certificate line read, as t24-check's limit (a leaf names every set). */
#define CERTIFY_SUB_LINE_MAX ((size_t)1 << 28)

/* Marks in keep (nsets flags; marks already there stay) the sets holding a positive
 * multiplier on the first node line of cert's tree that carries `y` (a one-leaf
 * certificate of `--lp-certificate`: the LP's dual support), or only the top of them
 * with the largest multipliers (ties: the lower id) when top > 0. cert's `instance` line
 * must name h (N, M and the checksum). *marked (or NULL) receives how many it marked.
 * Returns 0, or -1 with "line L: why" in err (errsize bytes) when cert is not such a
 * certificate of h, or names a row twice or out of range. */
int certify_sub_support(FILE *cert, const instance *h, uint32_t top, bool *keep,
                        uint32_t *marked, char *err, size_t errsize);

/* Marks in keep the k sets with fewest elements (ties: the lower id first; all of them
 * when k >= nsets). Returns 0, or -1 when memory runs out. */
int certify_sub_smallest(const instance *h, uint32_t k, bool *keep);

/* A sub-instance and its maps back to the instance h it was cut from. Its sets are h's
 * sets marked in keep, in h's order; its elements are the traces of h's elements on
 * them (an element's trace: the chosen sets that hold it), one element for each distinct
 * trace that is not empty, represented by the lowest element that has it, in h's order.
 * An element whose trace is another's (a duplicate) is `dominated` by that one once the
 * other sets are dropped; one with an empty trace meets no live row and needs nothing. */
typedef struct {
    instance *sub;
    uint32_t *set_map;  /* sub's set j is h's set set_map[j] */
    uint32_t *elem_map; /* sub's element i is h's element elem_map[i] */
    uint32_t *rep;      /* for each of h's elements, the representative of its trace
                           (itself for one); UINT32_MAX for an empty trace */
    uint32_t duplicates; /* h's elements with a trace that is another's, not empty */
} certify_sub;

/* The sub-instance of h's sets marked in keep (at least one). Returns it (free it with
 * certify_sub_free()), or NULL with err set when no set is marked or memory runs out. */
certify_sub *certify_sub_new(const instance *h, const bool *keep, char *err, size_t errsize);
/* Frees s; a no-op on NULL. */
void certify_sub_free(certify_sub *s);

/* Reads a certificate of s->sub from in and writes the same proof for h (the instance s
 * was cut from) to out: the head's `instance` line for h; at the top of the tree a `drop`
 * of every set s left out, then `dominated E R` for each duplicate E of representative
 * R (ascending E); then the tree with its rows and elements mapped back (cut row M' + j
 * becomes M + j). Comments are kept. Returns 0, or -1 with "line L: why" (or the
 * stream's failure) in err: a certificate of another instance (its `instance` line), a
 * malformed line, a row or element out of range; out may then hold part of the file,
 * which the caller discards (t24 writes through a temporary). */
int certify_sub_lift(const certify_sub *s, const instance *h, FILE *in, FILE *out, char *err,
                     size_t errsize);

#endif
