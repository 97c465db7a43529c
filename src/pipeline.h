/* pipeline.h - the whole study for one configuration: enumeration, classes, hitting
 * sets, and its JSON object. `t24 study` and `t24 sweep` both call this, so a sweep row
 * is the study's report by construction, not a re-implementation of it. */
#ifndef T24_PIPELINE_H
#define T24_PIPELINE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "classes.h"
#include "hitset.h"
#include "study.h"

typedef struct {
    study st;
    classes *cls;
    hitset_result hr;
    double seconds_classes; /* grouping templates with equal solution sets */
    double seconds_total;   /* pipeline_run() from entry to return */
} pipeline;

int pipeline_run(pipeline *p, const study_params *sp, const hitset_params *hp, char *err,
                 size_t errsize);
cJSON *pipeline_json(const pipeline *p, bool timings);
void pipeline_free(pipeline *p);

#endif
