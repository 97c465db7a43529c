/* utf8.h - reading UTF-8 strictly, and the characters a terminal could act on.
 *
 * Text that t24 echoes (error lines, table names in reports and progress lines) must
 * neither drive the terminal nor be invalid in JSON: utf8_char() decodes one character
 * and refuses overlong forms, surrogates, stray continuation bytes and anything beyond
 * U+10FFFF; utf8_unsafe() names C0, DEL, C1 (CSI among them), the bidirectional marks,
 * embeddings, overrides and isolates, and the line and paragraph separators. */
#ifndef T24_CORE_UTF8_H
#define T24_CORE_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The length (1-4) of the valid character at s, n bytes left, with its code point in
 * *cp; 0 when the bytes there are not one. */
size_t utf8_char(const unsigned char *s, size_t n, uint32_t *cp);
bool utf8_unsafe(uint32_t cp);
/* Is s (NUL-terminated) valid UTF-8 without unsafe characters, tabs allowed? */
bool utf8_is_safe_text(const char *s);

#endif
