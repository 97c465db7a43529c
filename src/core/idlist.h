/* idlist.h - a growable array of uint32 ids (template or hand ids). */
#ifndef T24_CORE_IDLIST_H
#define T24_CORE_IDLIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t *ids;
    size_t len;
    size_t cap;
} idlist;

int idlist_push(idlist *v, uint32_t id);
int idlist_reserve(idlist *v, size_t cap);
void idlist_sort(idlist *v);
/* qsort()'s and bsearch()'s comparator of two uint32_t ids: negative, 0 or positive as *a
 * is below, equal to or above *b. The one definition: tests/check_one_compare.sh fails on
 * a private copy anywhere in src/ or bench/ (t24-check alone keeps its own). */
int idlist_compare(const void *a, const void *b);
void idlist_free(idlist *v);
bool idlist_sorted_has(const uint32_t *ids, uint64_t len, uint32_t id);

#endif
