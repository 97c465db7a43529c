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

/* The struct is hs_instance, the public name of libt24hs (t24hs.h). */
typedef struct hs_instance instance;

instance *instance_new(uint32_t nelems, uint32_t nsets, const uint64_t *off, const uint32_t *elems,
             char *err, size_t errsize);
instance *instance_new_lists(uint32_t nelems, uint32_t nsets, const uint32_t *const *sets,
                   const uint32_t *lens, char *err, size_t errsize);
instance *instance_sub(const instance *h, const bool *keep_elem, const bool *keep_set, uint32_t *elem_map,
             uint32_t *set_map);
void instance_free(instance *h);

uint32_t instance_nelems(const instance *h);
uint32_t instance_nsets(const instance *h);
uint64_t instance_nnz(const instance *h);
const uint32_t *instance_set(const instance *h, uint32_t s, uint32_t *len);
const uint32_t *instance_elem(const instance *h, uint32_t e, uint32_t *len);

bool instance_is_cover(const instance *h, const uint32_t *elems, uint32_t n);
uint32_t instance_covered(const instance *h, const uint32_t *elems, uint32_t n);
bool instance_equal(const instance *a, const instance *b);
uint32_t instance_necessary(const instance *h, bool *necessary, uint32_t *single_sets);

/* Checkers (core/check.h): NULL when the invariants hold, else the first one broken. */
const char *instance_check(const instance *h);
const char *instance_check_rows(uint32_t nrows, const uint64_t *off, const uint32_t *items,
                                uint32_t bound, bool nonempty);
const char *instance_check_cover(const instance *h, const uint32_t *elems, uint32_t n);

#endif
