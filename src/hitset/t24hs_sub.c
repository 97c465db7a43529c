/* t24hs_sub.c - a sub-instance of some sets and its certificate lifted to the whole
 * instance, through the library (t24hs.h, hs_sub_*; hitset/proof/certify_sub.h). */
#include "hitset/t24hs.h"

#include "hitset/proof/certify_sub.h"
#include "hitset/t24hs_null.h"

int hs_sub_mark_support(FILE *cert, const hs_instance *h, bool *keep, uint32_t *marked,
                        char *err, size_t errsize)
{
    if (t24hs_null_refused(cert, "stream", err, errsize) ||
        t24hs_null_refused(h, "instance", err, errsize) ||
        t24hs_null_refused(keep, "keep", err, errsize))
        return -1;
    return certify_sub_support(cert, h, keep, marked, err, errsize);
}

int hs_sub_mark_smallest(const hs_instance *h, uint32_t k, bool *keep, char *err,
                         size_t errsize)
{
    if (t24hs_null_refused(h, "instance", err, errsize) ||
        t24hs_null_refused(keep, "keep", err, errsize))
        return -1;
    if (certify_sub_smallest(h, k, keep)) {
        snprintf(err, errsize, "out of memory choosing the smallest sets");
        return -1;
    }
    return 0;
}

hs_instance *hs_sub_instance(const hs_instance *h, const bool *keep, uint32_t *set_map,
                             char *err, size_t errsize)
{
    if (t24hs_null_refused(h, "instance", err, errsize) ||
        t24hs_null_refused(keep, "keep", err, errsize) ||
        t24hs_null_refused(set_map, "set map", err, errsize))
        return NULL;
    return certify_sub_instance(h, keep, set_map, err, errsize);
}

int hs_sub_lift(FILE *in, FILE *out, const hs_instance *h, const hs_instance *sub,
                const uint32_t *set_map, char *err, size_t errsize)
{
    if (t24hs_null_refused(in, "stream", err, errsize) ||
        t24hs_null_refused(out, "stream", err, errsize) ||
        t24hs_null_refused(h, "instance", err, errsize) ||
        t24hs_null_refused(sub, "sub-instance", err, errsize) ||
        t24hs_null_refused(set_map, "set map", err, errsize))
        return -1;
    return certify_sub_lift(in, out, h, sub, set_map, err, errsize);
}
