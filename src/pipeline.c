/* pipeline.c - the study from configuration to report; see pipeline.h. */
#include "pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "hitreport.h"

/* The hitting-set half: classes, then the hitting-set run with class sizes as the
 * multiplicities (a class stands for that many templates). */
static int run_hitting_sets(pipeline *p, const hitset_params *hp, char *err, size_t errsize)
{
    double t0 = study_now();
    p->cls = classes_new(&p->st.sols, err, errsize);
    if (!p->cls)
        return -1;
    uint32_t n = classes_count(p->cls);
    uint32_t *mult = malloc((n + 1) * sizeof *mult);
    if (!mult) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    for (uint32_t c = 0; c < n; c++)
        classes_members(p->cls, c, &mult[c]);
    p->seconds_classes = study_now() - t0;
    int rc = hitset_run(classes_instance(p->cls), mult, hp, &p->hr, err, errsize);
    free(mult);
    return rc;
}

/* Runs the study for sp and the hitting sets for hp into *p (zeroed first). Returns 0,
 * or -1 with a one-line reason in err; either way the caller releases *p with
 * pipeline_free(). A GLPK failure is not an error here: the result then holds the
 * greedy cover and the bounds proven so far, and hr.message says why GLPK failed. */
int pipeline_run(pipeline *p, const study_params *sp, const hitset_params *hp, char *err,
                 size_t errsize)
{
    double t0 = study_now();
    memset(p, 0, sizeof *p);
    if (study_run(&p->st, sp, err, errsize) || run_hitting_sets(p, hp, err, errsize))
        return -1;
    p->seconds_total = study_now() - t0;
    return 0;
}

static void add_timings(cJSON *js, const pipeline *p)
{
    const hitset_result *h = &p->hr;
    cJSON *t = cJSON_AddObjectToObject(js, "seconds");
    cJSON_AddNumberToObject(t, "enumerate", p->st.seconds_enumerate);
    cJSON_AddNumberToObject(t, "complete", p->st.seconds_complete);
    cJSON_AddNumberToObject(t, "classes", p->seconds_classes);
    cJSON_AddNumberToObject(t, "bounds", h->seconds_bounds);
    cJSON_AddNumberToObject(t, "greedy", h->seconds_greedy);
    cJSON_AddNumberToObject(t, "reduce", h->seconds_reduce);
    cJSON_AddNumberToObject(t, "ilp", h->seconds_ilp);
    cJSON_AddNumberToObject(t, "cover", h->seconds_cover);
    cJSON_AddNumberToObject(t, "coverage", h->seconds_coverage);
    cJSON_AddNumberToObject(t, "until_report", p->seconds_total);
}

/* The report of a finished run as a new cJSON object the caller deletes (keys in
 * docs/report.md). Without timings it depends only on the configuration and the
 * hitting-set parameters, so it is byte-for-byte reproducible. */
cJSON *pipeline_json(const pipeline *p, bool timings)
{
    cJSON *js = report_study_json(&p->st);
    hitreport_json(js, &p->st, p->cls, &p->hr, timings);
    if (timings)
        add_timings(js, p);
    return js;
}

/* Releases everything pipeline_run() allocated; safe on a failed or zeroed run. */
void pipeline_free(pipeline *p)
{
    hitset_result_free(&p->hr);
    classes_free(p->cls);
    study_free(&p->st);
    p->cls = NULL;
}
