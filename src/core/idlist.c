/* idlist.c - growable id arrays; see idlist.h. */
#include "core/idlist.h"

#include <stdlib.h>

/* Makes room for at least cap ids. Returns 0, or -1 when memory runs out (v unchanged). */
int idlist_reserve(idlist *v, size_t cap)
{
    if (cap <= v->cap)
        return 0;
    size_t ncap = v->cap ? v->cap : 64;
    while (ncap < cap)
        ncap *= 2;
    uint32_t *p = realloc(v->ids, ncap * sizeof *p);
    if (!p)
        return -1;
    v->ids = p;
    v->cap = ncap;
    return 0;
}

/* Appends id. Returns 0, or -1 when memory runs out. */
int idlist_push(idlist *v, uint32_t id)
{
    if (v->len == v->cap && idlist_reserve(v, v->len + 1))
        return -1;
    v->ids[v->len++] = id;
    return 0;
}

int idlist_compare(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void idlist_sort(idlist *v)
{
    if (v->len > 1)
        qsort(v->ids, v->len, sizeof *v->ids, idlist_compare);
}

/* Releases the ids and leaves an empty vector; idlist_free on an empty vector is a no-op. */
void idlist_free(idlist *v)
{
    free(v->ids);
    v->ids = NULL;
    v->len = v->cap = 0;
}

/* True when id is among ids[0..len), which must be ascending (binary search). */
bool idlist_sorted_has(const uint32_t *ids, uint64_t len, uint32_t id)
{
    uint64_t lo = 0, hi = len;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (ids[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < len && ids[lo] == id;
}
