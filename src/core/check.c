/* check.c - the one way a debug check fails; see check.h. */
#include "core/check.h"

#include <stdio.h>
#include <stdlib.h>

/* Prints one line naming the broken invariant and aborts (a core dump or a debugger
 * shows the state that broke it). */
void check_failed(const char *call, const char *file, int line, const char *message)
{
    fprintf(stderr, "t24: internal check failed at %s:%d: %s: %s\n", file, line, call, message);
    abort();
}
