/* hitreport.h - the hitting-set half of `t24 study` as JSON keys and a text section.
 * Classes are reported by their representative template; the cover's expressions are
 * printed in readable form with x0..x(n-1) for the sorted cards. */
#ifndef T24_HITREPORT_H
#define T24_HITREPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#include "classes.h"
#include "hitset.h"
#include "study.h"

void hitreport_json(cJSON *o, const study *st, const classes *c, const hitset_result *r,
                    bool timings);
void hitreport_text(FILE *out, const study *st, const classes *c, const hitset_result *r,
                    bool timings);
int hitreport_coverage_csv(FILE *out, const hitset_result *r);

#endif
