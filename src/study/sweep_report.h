/* sweep_report.h - a sweep document (sweep_run()) as Markdown and as CSV.
 *
 * Both read the rows' study keys, so the tables show exactly what the JSON holds. Without
 * timings the output depends only on the plan and the hitting-set parameters; with
 * timings the times go into a separate Markdown table and extra CSV columns, so the
 * results table itself stays byte-for-byte reproducible. */
#ifndef T24_STUDY_SWEEP_REPORT_H
#define T24_STUDY_SWEEP_REPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

/* configs: the --configs list the document came from, or NULL for the default list. */
void sweep_report_markdown(FILE *out, const cJSON *doc, bool timings, const char *configs);
void sweep_report_csv(FILE *out, const cJSON *doc, bool timings);

#endif
