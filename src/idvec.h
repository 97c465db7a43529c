/* idvec.h - a growable array of uint32 ids (template or hand ids). */
#ifndef T24_IDVEC_H
#define T24_IDVEC_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t *ids;
    size_t len;
    size_t cap;
} idvec;

int idvec_push(idvec *v, uint32_t id);
int idvec_reserve(idvec *v, size_t cap);
void idvec_sort(idvec *v);
void idvec_free(idvec *v);

#endif
