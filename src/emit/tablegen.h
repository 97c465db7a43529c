/* tablegen.h - turning a cover into a compiled table (generated C source).
 * (The name: it generates the table that solve/table.h runs; standalone.h is its
 * self-contained sibling for other people's programs.)
 *
 * tablegen_build() completes a cover of the study's family with templates of the `all`
 * family for the hands the family misses (so the table decides every hand), and orders
 * the expressions greedily for a small mean number of tries per solvable hand (the
 * min-sum set cover greedy: most newly solved hands first). tablegen_write_c() writes the
 * table as straight-line C code after proving that int64 cannot overflow on the deck;
 * tablegen_tests() gives only those tests, for other generators (standalone.h). */
#ifndef T24_EMIT_TABLEGEN_H
#define T24_EMIT_TABLEGEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "study/study.h"
#include "study/enumeration.h"

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
} tablegen_table;

int tablegen_build(const enumeration *st, const uint32_t *cover, uint32_t n, tablegen_table *out,
               char *err, size_t errsize);
char *tablegen_tests(const enumeration *st, const tablegen_table *t, double *bound, char *err,
                     size_t errsize);
int tablegen_write_c(const enumeration *st, const tablegen_table *t, const char *name,
                 const char *command, const char *cover_note, FILE *out, char *err,
                 size_t errsize);
void tablegen_table_free(tablegen_table *t);

int tablegen_build_from_study(const study *p, tablegen_table *t, char *note, size_t notesize,
                              char *err, size_t errsize);
int tablegen_from_study(const study *p, const char *name, const char *command,
                  FILE *out, tablegen_table *t, char *err, size_t errsize);

#endif
