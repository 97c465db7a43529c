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
void idlist_free(idlist *v);
bool idlist_sorted_has(const uint32_t *ids, uint64_t len, uint32_t id);

#endif
