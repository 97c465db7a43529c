/* t24hs_sub.c - a sub-instance of some sets and its certificate lifted to the whole
 * instance, through the library (t24hs.h, hs_sub_*; hitset/proof/certify_sub.h). */
#include "hitset/t24hs.h"

#include "hitset/proof/certify_sub.h"
#include "hitset/t24hs_null.h"

int hs_sub_mark_support(FILE *cert, const hs_instance *h, uint32_t top, bool *keep,
                        uint32_t *marked, char *err, size_t errsize)
{
    if (t24hs_null_refused(cert, "stream", err, errsize) ||
        t24hs_null_refused(h, "instance", err, errsize) ||
        t24hs_null_refused(keep, "keep", err, errsize))
        return -1;
    return certify_sub_support(cert, h, top, keep, marked, err, errsize);
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

/* hs_sub is certify_sub under the library's name. */
struct hs_sub {
    certify_sub s;
};

hs_sub *hs_sub_new(const hs_instance *h, const bool *keep, char *err, size_t errsize)
{
    if (t24hs_null_refused(h, "instance", err, errsize) ||
        t24hs_null_refused(keep, "keep", err, errsize))
        return NULL;
    return (hs_sub *)certify_sub_new(h, keep, err, errsize);
}

void hs_sub_free(hs_sub *s)
{
    certify_sub_free((certify_sub *)s);
}

const hs_instance *hs_sub_instance(const hs_sub *s)
{
    return s ? s->s.sub : NULL;
}

uint32_t hs_sub_duplicates(const hs_sub *s)
{
    return s ? s->s.duplicates : 0;
}

int hs_sub_lift(const hs_sub *s, const hs_instance *h, FILE *in, FILE *out, char *err,
                size_t errsize)
{
    if (t24hs_null_refused(s, "sub-instance", err, errsize) ||
        t24hs_null_refused(h, "instance", err, errsize) ||
        t24hs_null_refused(in, "stream", err, errsize) ||
        t24hs_null_refused(out, "stream", err, errsize))
        return -1;
    return certify_sub_lift(&s->s, h, in, out, err, errsize);
}
