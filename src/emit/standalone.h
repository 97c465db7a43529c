/* standalone.h - a table as one self-contained C99 file, for other people's programs.
 *
 * tablegen.h writes tables for t24 itself (they fill t24's table_def and answer with an
 * expression number). standalone_write_c() writes the same tests, proven free of int64
 * overflow on the deck, into a file that includes only <stddef.h> and <stdint.h>, has no
 * mutable state and allocates nothing, and whose one public function
 *
 *     int NAME_solve(const int *cards, char *buf, size_t size);
 *
 * prints the solution with the real cards and only the brackets it needs. Its comment
 * block says what the table is (configuration, expressions, proof status of the cover,
 * mean tries) and shows how to use it. standalone_write_header() writes the matching
 * declaration. */
#ifndef T24_EMIT_STANDALONE_H
#define T24_EMIT_STANDALONE_H

#include <stddef.h>
#include <stdio.h>

#include "study/enumeration.h"
#include "emit/tablegen.h"

/* The longest text NAME_solve() can write, with its terminating zero, for a hand of
 * `cards` cards of at most `digits` digits: the cards, the operators and two brackets
 * per operator below the root. */
size_t standalone_buffer_size(int cards, int digits);

int standalone_write_c(const enumeration *st, const tablegen_table *t, const char *cover_note,
                       const char *name, const char *command, FILE *out, char *err,
                       size_t errsize);
int standalone_write_header(const enumeration *st, const char *name, const char *command,
                            FILE *out);

#endif
