/* emit.h - turning a cover into a compiled table (generated C source).
 *
 * emit_build() completes a cover of the study's family with templates of the `all`
 * family for the hands the family misses (so the table decides every hand), and orders
 * the expressions greedily for a small mean number of tries per solvable hand (the
 * min-sum set cover greedy: most newly solved hands first). emit_write_c() writes the
 * table as straight-line C code after proving that int64 cannot overflow on the deck. */
#ifndef T24_EMIT_H
#define T24_EMIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pipeline.h"
#include "study.h"

typedef struct {
    uint32_t count;      /* expressions in try order */
    uint32_t *ids;       /* template ids in the `all` family */
    uint32_t *adds;      /* solvable hands each one decides first */
    uint32_t from_cover; /* expressions taken from the cover */
    uint32_t patched;    /* expressions added for hands the family misses */
    uint32_t dropped;    /* cover expressions that decided no hand first */
    double mean_tries;          /* per solvable hand, in this order */
    double mean_tries_all;      /* per hand, unsolvable ones included */
    double mean_tries_id_order; /* per solvable hand, all templates in id order */
    double mean_tries_id_order_all; /* per hand, all templates in id order */
} emit_table;

int emit_build(const study *st, const uint32_t *cover, uint32_t n, emit_table *out,
               char *err, size_t errsize);
int emit_write_c(const study *st, const emit_table *t, const char *name,
                 const char *command, const char *cover_note, FILE *out, char *err,
                 size_t errsize);
void emit_table_free(emit_table *t);

int emit_pipeline(const pipeline *p, const char *name, const char *command,
                  FILE *out, emit_table *t, char *err, size_t errsize);

#endif
