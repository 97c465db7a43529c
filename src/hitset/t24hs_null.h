/* t24hs_null.h - the one way libt24hs refuses a NULL it cannot do without (t24hs.h,
 * "NULL pointers"): -1 with "no WHAT given" in err, never a crash. Private to the
 * library's t24hs*.c files, which share the rule through it rather than four copies. */
#ifndef T24HS_NULL_H
#define T24HS_NULL_H

#include <stddef.h>
#include <stdio.h>

/* 0 when ptr is set; else -1 with "no WHAT given" in err (when err holds a byte). */
static inline int t24hs_null_refused(const void *ptr, const char *what, char *err,
                                     size_t errsize)
{
    if (ptr)
        return 0;
    if (err && errsize)
        snprintf(err, errsize, "no %s given", what);
    return -1;
}

#endif
