/* enumeration_report.h - the study's enumeration half as readable text and as JSON
 * (what was enumerated and solved; cover_report.h writes the hitting-set half), and the
 * listings of its templates and hands.
 * Later stages append their own sections to the same text stream and JSON object. */
#ifndef T24_STUDY_ENUMERATION_REPORT_H
#define T24_STUDY_ENUMERATION_REPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#include "study/enumeration.h"

cJSON *enumeration_report_json(const enumeration *st);
void enumeration_report_text(const enumeration *st, FILE *out);
cJSON *enumeration_report_hand_json(const int64_t *cards, int n);
char *enumeration_report_witness(const enumeration *st, const enumeration_miss *m, char *buf, size_t size);
/* The listings of `t24 study --out` (templates.tsv, hands.tsv; docs/formats.md). */
int enumeration_report_templates_tsv(const enumeration *st, FILE *out);
int enumeration_report_hands_tsv(const enumeration *st, FILE *out);

#endif
