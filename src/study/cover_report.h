/* cover_report.h - the hitting-set half of `t24 study` as JSON keys and a text section
 * (enumeration_report.h writes the other half: solvable hands, completeness, classes),
 * and the files of `--out` that describe the hitting set.
 * Classes are reported by their representative template; the cover's expressions are
 * printed in readable form with x0..x(n-1) for the sorted cards. The search's figures
 * come from libt24hs's report (hs_report), its words from the library's tables. */
#ifndef T24_STUDY_COVER_REPORT_H
#define T24_STUDY_COVER_REPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#include "hitset/t24hs.h"
#include "study/classes.h"
#include "study/enumeration.h"

/* The words of the JSON keys: a study's classes and hands, or any instance's elements
 * and sets (`t24 cover`). */
typedef enum { COVER_REPORT_CLASSES, COVER_REPORT_ELEMENTS } cover_report_words;

void cover_report_json_search(cJSON *o, const hs_report *r, bool timings,
                              cover_report_words words);
/* Adds the search's phases to a "seconds" object: bounds, greedy, reduce, lp,
 * local_search, ilp, cover (what `t24 study --timings` and `t24 cover --timings` share). */
void cover_report_json_seconds(cJSON *seconds, const hs_report *r);
void cover_report_json(cJSON *o, const enumeration *st, const classes *c, const hs_report *r,
                       bool timings);
void cover_report_text(FILE *out, const enumeration *st, const classes *c, const hs_report *r,
                       bool timings);
/* A bound's words in the study's own (classes and hands): the library's table says
 * elements and sets (hs_bound_info), the study's verdict and the tables `t24 emit`
 * generates say "the necessary classes" and "disjoint hands (the packing bound)". brief:
 * the short form, for a generated table's header. The other rows (the LP bound, a
 * caller's) keep the library's words. */
const char *cover_report_bound_words(const hs_bound_info *b, bool brief);
/* The files of `t24 study --out` (docs/formats.md). */
int cover_report_classes_tsv(FILE *out, const enumeration *st, const classes *c);
int cover_report_set_hands_tsv(FILE *out, const enumeration *st, const classes *c);
int cover_report_coverage_csv(FILE *out, const hs_report *r);
int cover_report_cover_file(FILE *out, const enumeration *st, const classes *c,
                            const hs_report *r, const char *command);

#endif
