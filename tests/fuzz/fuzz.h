/* fuzz.h - helpers shared by the libFuzzer targets (header-only).
 *
 * Each target defines LLVMFuzzerTestOneInput() and checks properties with FUZZ_CHECK,
 * which aborts (a crash libFuzzer records) with the property that failed. */
#ifndef T24_FUZZ_H
#define T24_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond, ...)                                                             \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            fprintf(stderr, "property failed: %s: ", #cond);                              \
            fprintf(stderr, __VA_ARGS__);                                                 \
            fputc('\n', stderr);                                                          \
            abort();                                                                      \
        }                                                                                 \
    } while (0)

/* The input as a NUL-terminated string (cut at its first NUL, as a C caller sees it). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* The input as a read-only stream, NUL bytes included. */
static inline FILE *fuzz_file(const uint8_t *data, size_t size)
{
    FILE *fp = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
    if (!fp)
        abort();
    return fp;
}

#endif
