/* certify_sub.h - a sub-instance of some of an instance's sets, and a certificate of it
 * lifted to the whole instance (issue 52 item 2).
 *
 * Every cover of an instance hits each of its sets, so the optimum of the sub-instance
 * made of some of them is a lower bound for the whole; proving a bound on a few hundred
 * sets can be far cheaper than on all of them. The sub-instance keeps every element
 * under its own id (a set is cut down to nothing: its elements are the same), so t24's
 * own reductions on it (`dominated E F`, each element trace's duplicates and subsets)
 * name the whole instance's elements as they are. The lifted certificate is the
 * sub-instance's with a new head (the whole instance's N, M and checksum), a `drop` of
 * every set left out at the top of the tree, and its row ids mapped back: set j of the
 * sub-instance is set map[j] of the whole, and cut row M' + j (j-th `cut` of the tree)
 * becomes M + j. Once the other sets are dropped, each node of the sub-instance's tree
 * claims and proves exactly what it did there (a `dominated` step looks only at live
 * rows), so `t24-check` verifies the lifted file on the whole instance. Nothing here is
 * trusted: the lift only renames, and the checker decides. */
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
 * certificate of `--lp-certificate`: the LP's dual support). cert's `instance` line must
 * name h (N, M and the checksum). *marked (or NULL) receives how many sets the line named
 * with a positive multiplier. Returns 0, or -1 with "line L: why" in err (errsize bytes)
 * when cert is not such a certificate of h, or names a row twice or out of range. */
int certify_sub_support(FILE *cert, const instance *h, bool *keep, uint32_t *marked,
                        char *err, size_t errsize);

/* Marks in keep the k sets with fewest elements (ties: the lower id first; all of them
 * when k >= nsets). Returns 0, or -1 when memory runs out. */
int certify_sub_smallest(const instance *h, uint32_t k, bool *keep);

/* The sub-instance of h's sets marked in keep (at least one), in h's order, with all of
 * h's elements under their ids; set_map (room for nsets ids) receives, for each of its
 * sets, h's id. Returns it (the caller frees it with instance_free()), or NULL with err
 * set when no set is marked or memory runs out. */
instance *certify_sub_instance(const instance *h, const bool *keep, uint32_t *set_map,
                               char *err, size_t errsize);

/* Reads a certificate of sub (sub = certify_sub_instance(h, ..., set_map)) from in and
 * writes the same proof for h to out, as the header says. Comments are kept; the head's
 * `instance` line must name sub (else the certificate is of another instance). Returns 0,
 * or -1 with "line L: why" (or the stream's failure) in err; out may then hold part of
 * the file, which the caller discards (t24 writes through a temporary). */
int certify_sub_lift(FILE *in, FILE *out, const instance *h, const instance *sub,
                     const uint32_t *set_map, char *err, size_t errsize);

#endif
