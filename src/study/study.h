/* study.h - the whole study for one configuration: enumeration, classes, hitting
 * sets, and its report (a JSON object, and the same as readable text). `t24 study` and
 * `t24 sweep` both call this, so a sweep row is the study's report by construction, not a
 * re-implementation of it. */
#ifndef T24_STUDY_STUDY_H
#define T24_STUDY_STUDY_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "hitset/t24hs.h"
#include "study/classes.h"
#include "study/enumeration.h"

typedef struct {
    enumeration st;
    classes *cls;
    hs_report hr;
    double seconds_classes; /* grouping templates with equal solution sets */
    double seconds_total;   /* study_run() from entry to return */
    bool lpcert_written;    /* study_run_lpcert() wrote its certificate */
    hs_lp_certificate_report lpcert; /* then what it proves */
} study;

/* Of the time left after the enumeration, the share the LP certificate may take
 * (study_run_lpcert()): the searches keep the rest. */
#define STUDY_LPCERT_SHARE 0.5

/* The share of hp->time_limit kept for what follows the searches (the cover check, the
 * report, freeing memory), so that the whole run ends within the limit. */
#define STUDY_RESERVE_SHARE 0.01

/* The most cards for which --out lists templates one by one (templates.tsv,
 * solutions.txt, classes.tsv's members): six cards' 3.1e7 templates take about 2 GB of
 * text; seven cards' 2.7e9 would take hundreds. */
#define STUDY_LIST_TEMPLATES_MAX_CARDS 6

/* The time limit bounds the whole study: enumeration, bounds, greedy and reductions
 * count against it, and the local search and exact search get what is left (at least
 * a moment: an enumeration that alone overruns the limit cannot be stopped). */
int study_run(study *p, const enumeration_params *sp, const hs_params *hp, char *err,
              size_t errsize);
/* study_run(), and first, once the classes are built, the LP bound of the hitting-set
 * instance certified by one leaf (hs_lp_certificate()) into lpcert (NULL: none, which is
 * study_run()), for at most STUDY_LPCERT_SHARE of the time left. A failure to write it
 * fails the run. */
int study_run_lpcert(study *p, const enumeration_params *sp, const hs_params *hp, FILE *lpcert,
                     char *err, size_t errsize);
/* hs_lp_certificate()'s parameters for a run of hp: `share` of the time left before hp's
 * deadline, hp's memory limit, cancel and progress, and comment (`t24 study` and
 * `t24 cover` share it). Returns 0, or -1 with err set when no time is left. */
int study_lpcert_params(const hs_params *hp, double share, const char *comment,
                        hs_lp_certificate_params *q, char *err, size_t errsize);
cJSON *study_json(const study *p, bool timings);
void study_text(const study *p, bool timings, FILE *out);
void study_free(study *p);

#endif
