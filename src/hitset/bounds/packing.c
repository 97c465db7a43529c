/* packing.c - greedy disjoint sets; see packing.h. */
#include "hitset/bounds/packing.h"

#include <stdbool.h>
#include <stdlib.h>

/* Sets by size, then id: a counting sort keeps it linear in the instance. */
static uint32_t *sets_by_size(const instance *h)
{
    uint32_t ns = instance_nsets(h), ne = instance_nelems(h), len;
    uint32_t *count = calloc((size_t)ne + 2, sizeof *count);
    uint32_t *order = malloc(((size_t)ns + 1) * sizeof *order);
    if (!count || !order) {
        free(count);
        free(order);
        return NULL;
    }
    for (uint32_t s = 0; s < ns; s++) {
        instance_set(h, s, &len);
        count[len + 1]++;
    }
    for (uint32_t k = 0; k <= ne; k++)
        count[k + 1] += count[k];
    for (uint32_t s = 0; s < ns; s++) {
        instance_set(h, s, &len);
        order[count[len]++] = s;
    }
    free(count);
    return order;
}

/* The number of pairwise disjoint sets greedy packing finds: a lower bound on every
 * cover. UINT32_MAX when memory runs out. */
uint32_t packing_bound(const instance *h)
{
    uint32_t *order = sets_by_size(h), packed = 0;
    bool *used = calloc((size_t)instance_nelems(h) + 1, sizeof *used);
    if (!order || !used) {
        free(order);
        free(used);
        return UINT32_MAX;
    }
    for (uint32_t i = 0; i < instance_nsets(h); i++) {
        uint32_t len, k;
        const uint32_t *el = instance_set(h, order[i], &len);
        for (k = 0; k < len && !used[el[k]]; k++)
            ;
        if (k < len)
            continue;
        for (k = 0; k < len; k++)
            used[el[k]] = true;
        packed++;
    }
    free(order);
    free(used);
    return packed;
}
