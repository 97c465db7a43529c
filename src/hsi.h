/* hsi.h - a hitting-set instance: a universe of elements 0..n-1 and a list of sets.
 *
 * A hitting set (cover) is a set of elements meeting every set. In the study the elements
 * are classes of templates and the sets are the solvable hands (each hand's set is the
 * classes that solve it), but nothing here knows about templates: tests build instances
 * by hand. Stored as compressed sparse rows both ways (set -> elements, element -> sets),
 * each row sorted ascending and free of duplicates. Immutable once built. */
#ifndef T24_HSI_H
#define T24_HSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct hsi hsi;

hsi *hsi_new(uint32_t nelems, uint32_t nsets, const uint64_t *off, const uint32_t *elems,
             char *err, size_t errsize);
hsi *hsi_new_lists(uint32_t nelems, uint32_t nsets, const uint32_t *const *sets,
                   const uint32_t *lens, char *err, size_t errsize);
hsi *hsi_sub(const hsi *h, const bool *keep_elem, const bool *keep_set, uint32_t *elem_map,
             uint32_t *set_map);
void hsi_free(hsi *h);

uint32_t hsi_nelems(const hsi *h);
uint32_t hsi_nsets(const hsi *h);
uint64_t hsi_nnz(const hsi *h);
const uint32_t *hsi_set(const hsi *h, uint32_t s, uint32_t *len);
const uint32_t *hsi_elem(const hsi *h, uint32_t e, uint32_t *len);

bool hsi_is_cover(const hsi *h, const uint32_t *elems, uint32_t n);
uint32_t hsi_covered(const hsi *h, const uint32_t *elems, uint32_t n);
bool hsi_equal(const hsi *a, const hsi *b);
uint32_t hsi_necessary(const hsi *h, bool *necessary, uint32_t *single_sets);

#endif
