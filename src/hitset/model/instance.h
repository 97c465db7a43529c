/* instance.h - a hitting-set instance: a universe of elements 0..n-1 and a list of sets.
 * (The folder is hitset/, the engine; this is the one data type every part of it reads.)
 *
 * A hitting set (cover) is a set of elements meeting every set. In the study the elements
 * are classes of templates and the sets are the solvable hands (each hand's set is the
 * classes that solve it), but nothing here knows about templates: tests build instances
 * by hand. Stored as compressed sparse rows both ways (set -> elements, element -> sets),
 * each row sorted ascending and free of duplicates. Immutable once built. */
#ifndef T24_HITSET_INSTANCE_H
#define T24_HITSET_INSTANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The struct is hs_instance, the public name of libt24hs (t24hs.h). Nothing below changes
 * an instance once built, so any number of threads may read one at a time. */
typedef struct hs_instance instance;

/* A new instance of nelems elements and nsets sets, set s being elems[off[s] .. off[s+1])
 * (compressed sparse rows: off holds nsets + 1 offsets, never decreasing; not checked).
 * Rows may be unsorted and repeat elements: the copy sorts them and drops the repeats.
 * The inputs are copied, not kept. Returns the instance, which the caller owns and frees
 * with instance_free(); or NULL with a one-line reason in err (errsize bytes) when a set
 * is empty (nothing could hit it), an element is >= nelems, or memory runs out. */
instance *instance_new(uint32_t nelems, uint32_t nsets, const uint64_t *off, const uint32_t *elems,
             char *err, size_t errsize);
/* instance_new() on arrays it takes over instead of copying (half the memory of a huge
 * instance's build): off (nsets + 1 offsets, off[0] = 0) and elems (off[nsets] entries),
 * both from malloc, become the instance's, or are freed when it fails. Rows are sorted and
 * de-duplicated in place, in time linear in the entries. The same returns and failures
 * as instance_new(). */
instance *instance_adopt(uint32_t nelems, uint32_t nsets, uint64_t *off, uint32_t *elems,
                         char *err, size_t errsize);
/* instance_new() with set s given as its own array, sets[s] of lens[s] elements: the
 * same copy, ownership and failures. */
instance *instance_new_lists(uint32_t nelems, uint32_t nsets, const uint32_t *const *sets,
                   const uint32_t *lens, char *err, size_t errsize);
/* A new instance of h's kept elements and kept sets (keep_elem: nelems flags, keep_set:
 * nsets flags; NULL keeps all), each kept set cut down to the kept elements, both
 * renumbered in their old order. elem_map and set_map (NULL, or room for h's nelems and
 * nsets ids) receive, for each new id, the old one. h is unchanged. Returns the new
 * instance, which the caller owns and frees with instance_free(); or NULL, with no
 * reason given, when a kept set would lose all its elements or memory runs out (the maps
 * may then be partly written). */
instance *instance_sub(const instance *h, const bool *keep_elem, const bool *keep_set, uint32_t *elem_map,
             uint32_t *set_map);
/* Frees h, and with it every row instance_set() and instance_elem() returned for it; a
 * no-op on NULL. */
void instance_free(instance *h);

/* The numbers of elements, of sets, and of incidences (entries of the set rows, as many
 * as of the element rows). */
uint32_t instance_nelems(const instance *h);
uint32_t instance_nsets(const instance *h);
uint64_t instance_nnz(const instance *h);
/* The elements of set s (s < nsets, not checked): ascending, distinct, at least one;
 * *len receives their number. The array is h's: read only, valid until instance_free(h). */
const uint32_t *instance_set(const instance *h, uint32_t s, uint32_t *len);
/* The sets containing element e (e < nelems, not checked): ascending, distinct, possibly
 * none; *len receives their number. The array is h's, as with instance_set(). */
const uint32_t *instance_elem(const instance *h, uint32_t e, uint32_t *len);

/* True when elems[0..n) meet every set (ids >= nelems are ignored, repeats are fine). */
bool instance_is_cover(const instance *h, const uint32_t *elems, uint32_t n);
/* How many sets elems[0..n) meet (ids >= nelems are ignored, repeats are fine), counted
 * through the element rows, whatever found the elements. Never fails: without the nsets
 * bytes of scratch it needs, it counts through the set rows in time nnz times n. */
uint32_t instance_covered(const instance *h, const uint32_t *elems, uint32_t n);
/* True when a and b have as many elements and the same sets in the same order (their
 * element rows then agree too). */
bool instance_equal(const instance *a, const instance *b);
/* The necessary elements: those that are the only element of some set, so that every
 * cover holds them. Returns how many there are, or UINT32_MAX when memory runs out,
 * which can only happen when necessary is NULL (the count then needs nelems bytes of
 * scratch) and leaves *single_sets unwritten. necessary (NULL, or nelems flags) is
 * overwritten: true exactly at the necessary elements. single_sets (or NULL) receives
 * the number of one-element sets, more than the count when two hold the same element. */
uint32_t instance_necessary(const instance *h, bool *necessary, uint32_t *single_sets);

/* Checkers (core/check.h): NULL when the invariants hold, else the first one broken (a
 * static string). instance_check: h's rows both ways are as this header says, and the
 * element rows are the transpose of the set rows. instance_check_rows: CSR rows (row r is
 * items[off[r] .. off[r+1])) start at offset 0 and never go back, each strictly ascending
 * with ids below bound, and non-empty when nonempty is set. instance_check_cover:
 * elems[0..n) meet every set of h. */
const char *instance_check(const instance *h);
const char *instance_check_rows(uint32_t nrows, const uint64_t *off, const uint32_t *items,
                                uint32_t bound, bool nonempty);
const char *instance_check_cover(const instance *h, const uint32_t *elems, uint32_t n);

#endif
