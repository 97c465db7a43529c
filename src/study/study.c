/* study.c - the study from configuration to report; see study.h. */
#include "study/study.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/enumeration_report.h"
#include "study/cover_report.h"
#include "study/jsonint.h"
#include "core/walltime.h"

int study_lpcert_params(const hs_params *hp, double share, const char *comment,
                        hs_lp_certificate_params *q, char *err, size_t errsize)
{
    hs_lp_certificate_params_init(q);
    q->seconds = share * (hp->deadline - hs_clock());
    q->mem_limit_mb = hp->mem_limit_mb;
    q->cancelled = hp->cancelled;
    q->cancel_ctx = hp->cancel_ctx;
    q->progress = hp->progress;
    q->progress_ctx = hp->progress_ctx;
    q->comment = comment;
    if (q->seconds > 0)
        return 0;
    snprintf(err, errsize, "no LP certificate: the time limit ran out before it");
    return -1;
}

/* The LP certificate of the classes' instance into out (none when out is NULL), with
 * STUDY_LPCERT_SHARE of the time left before hp's deadline. */
static int lp_certificate(study *p, const hs_params *hp, FILE *out, char *err, size_t errsize)
{
    hs_lp_certificate_params q;
    if (!out)
        return 0;
    if (study_lpcert_params(hp, STUDY_LPCERT_SHARE,
                            "t24 study --lp-certificate: a Lagrangian bound from column "
                            "generation's duals", &q, err, errsize) ||
        hs_lp_certificate(classes_instance(p->cls), &q, out, &p->lpcert, err, errsize))
        return -1;
    p->lpcert_written = true;
    return 0;
}

/* The hitting-set half: classes, then the hitting-set run with class sizes as the
 * multiplicities (a class stands for that many templates). */
static int run_hitting_sets(study *p, hs_params *hp, FILE *lpcert, char *err, size_t errsize)
{
    double t0 = walltime_now();
    p->cls = p->st.params.per_template
                 ? classes_new(&p->st.sols, err, errsize)
                 : classes_from_groups(p->st.formulas, &p->st.groups,
                                       hand_set_count(p->st.hands), err, errsize);
    if (!p->cls)
        return -1;
    uint32_t n = classes_count(p->cls);
    uint32_t *mult = malloc((n + 1) * sizeof *mult);
    if (!mult) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    for (uint32_t c = 0; c < n; c++)
        mult[c] = classes_size(p->cls, c);
    p->seconds_classes = walltime_now() - t0;
    hp->multiplicity = mult;
    int rc = lp_certificate(p, hp, lpcert, err, errsize) ||
             hs_cover_run(classes_instance(p->cls), hp, &p->hr, err, errsize);
    free(mult);
    return rc ? -1 : 0;
}

/* Runs the study for sp and the hitting sets for hp into *p (zeroed first). Returns 0,
 * or -1 with a one-line reason in err; either way the caller releases *p with
 * study_free(). A solver's failure (GLPK's, or CBC's in the exact search) is not an error
 * here: the result then holds the greedy cover and the bounds proven so far, and
 * hr.message says why the solver failed. */
int study_run(study *p, const enumeration_params *sp, const hs_params *hp, char *err,
              size_t errsize)
{
    return study_run_lpcert(p, sp, hp, NULL, err, errsize);
}

int study_run_lpcert(study *p, const enumeration_params *sp, const hs_params *hp, FILE *lpcert,
                     char *err, size_t errsize)
{
    double t0 = walltime_now();
    memset(p, 0, sizeof *p);
    if (enumeration_run(&p->st, sp, err, errsize))
        return -1;
    if (p->st.worker) /* an MPI rank that sent its share: rank 0 does the rest */
        return 0;
    hs_params q = *hp;
    q.threads = sp->nthreads; /* the study's threads are CBC's too (--threads) */
    q.settled_runs = true;    /* the report gives the random runs' spread */
    if (q.deadline <= 0)
        q.deadline = t0 + hp->time_limit * (1 - STUDY_RESERVE_SHARE);
    if (run_hitting_sets(p, &q, lpcert, err, errsize))
        return -1;
    p->seconds_total = walltime_now() - t0;
    return 0;
}

static void add_timings(cJSON *js, const study *p)
{
    const hs_report *h = &p->hr;
    cJSON *t = cJSON_AddObjectToObject(js, "seconds");
    /* What the study left of its time limit for the searches (not a measured time). */
    cJSON_AddNumberToObject(t, "search_budget", h->budget);
    cJSON_AddNumberToObject(t, "enumerate", p->st.seconds_enumerate);
    cJSON_AddNumberToObject(t, "complete", p->st.seconds_complete);
    cJSON_AddNumberToObject(t, "classes", p->seconds_classes);
    cover_report_json_seconds(t, h);
    cJSON_AddNumberToObject(t, "coverage", h->seconds.coverage);
    cJSON_AddNumberToObject(t, "until_report", p->seconds_total);
}

/* The report of a finished run as a new cJSON object the caller deletes (keys in
 * docs/report.md). Without timings it depends only on the configuration and the
 * hitting-set parameters, so it is byte-for-byte reproducible. */
cJSON *study_json(const study *p, bool timings)
{
    cJSON *js = enumeration_report_json(&p->st);
    jsonint_add_schema_version(js);
    cover_report_json(js, &p->st, p->cls, &p->hr, timings);
    if (timings)
        add_timings(js, p);
    return js;
}

/* The readable form of the same report: the enumeration half, the hitting-set half and,
 * with timings, one line of the phases' seconds. */
void study_text(const study *p, bool timings, FILE *out)
{
    enumeration_report_text(&p->st, out);
    cover_report_text(out, &p->st, p->cls, &p->hr, timings);
    if (!timings)
        return;
    const hs_seconds *h = &p->hr.seconds;
    fprintf(out, "\nseconds: enumerate %.6f, complete %.6f, classes %.6f, bounds %.6f, greedy "
            "%.6f,\n         reduce %.6f, ilp %.6f, cover %.6f, coverage %.6f; until the "
            "report %.6f\n", p->st.seconds_enumerate, p->st.seconds_complete,
            p->seconds_classes, h->bounds, h->greedy, h->reduce, h->ilp, h->cover, h->coverage,
            p->seconds_total);
}

/* Releases everything study_run() allocated; safe on a failed or zeroed run. */
void study_free(study *p)
{
    hs_report_free(&p->hr);
    classes_free(p->cls);
    enumeration_free(&p->st);
    p->cls = NULL;
}
