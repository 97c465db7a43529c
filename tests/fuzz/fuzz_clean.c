/* fuzz_clean.c - the argument cleaner, args_print_clean(): what every error line echoes
 * from hostile input. Properties: the line is at most 2,000 bytes plus the "..." that
 * says it was cut, has no newline, is valid UTF-8, and holds no C0, DEL, C1,
 * bidirectional control or line separator (docs/reliability.md). */
#include <stdbool.h>

#include "cli/args.h"
#include "fuzz.h"

/* The length of the valid UTF-8 character at u (n bytes left) and its code point, or 0. */
static size_t decode(const unsigned char *u, size_t n, uint32_t *cp)
{
    size_t len = u[0] < 0x80 ? 1 : (u[0] & 0xE0) == 0xC0 ? 2 : (u[0] & 0xF0) == 0xE0 ? 3
               : (u[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    uint32_t v = len == 1 ? u[0] : u[0] & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (u[i] & 0x3F);
    }
    static const uint32_t least[] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (v < least[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

static bool unsafe(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C || cp == 0x200E ||
           cp == 0x200F || (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *msg = fuzz_text(data, size), *out = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&out, &len);
    FUZZ_CHECK(fp != NULL, "open_memstream");
    args_print_clean(fp, msg);
    fclose(fp);
    FUZZ_CHECK(len <= 2003, "%zu bytes", len);
    const unsigned char *u = (const unsigned char *)out;
    for (size_t i = 0; i < len;) {
        uint32_t cp = 0;
        size_t n = decode(u + i, len - i, &cp);
        FUZZ_CHECK(n > 0, "not UTF-8 at byte %zu", i);
        FUZZ_CHECK(!unsafe(cp), "U+%04x at byte %zu", (unsigned)cp, i);
        i += n;
    }
    free(out);
    free(msg);
    return 0;
}
