/* report.h - the study's enumeration half as readable text and as JSON.
 * Later stages append their own sections to the same text stream and JSON object. */
#ifndef T24_REPORT_H
#define T24_REPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#include "study.h"

cJSON *report_study_json(const study *st);
void report_study_text(const study *st, FILE *out);
cJSON *report_hand_json(const int64_t *cards, int n);
char *report_witness(const study *st, const study_miss *m, char *buf, size_t size);

#endif
