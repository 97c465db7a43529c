/* enumeration_report.h - the study's enumeration half as readable text and as JSON
 * (what was enumerated and solved; cover_report.h writes the hitting-set half).
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

#endif
