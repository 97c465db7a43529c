/* sweep.h - the study over a list of configurations, one report row per configuration.
 *
 * A plan is a list of named tables of configurations. Running it calls study_run()
 * for each configuration in order and keeps its JSON object unchanged as the row, so a
 * row equals `t24 study --json` for that configuration (with the same hitting-set
 * parameters). Each table also gets its extremes: where the optimum is smallest and
 * largest, and whether the proofs settle that. Output formats live in sweep_report.h. */
#ifndef T24_STUDY_SWEEP_H
#define T24_STUDY_SWEEP_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/template.h"
#include "hitset/t24hs.h"
#include "study/study.h"

typedef struct {
    int ncards;
    int64_t lo, hi, target;
    template_groupings groupings;
} sweep_config;

typedef struct {
    char name[32];
    char title[160];
    sweep_config *configs;
    size_t n, cap;
} sweep_table;

typedef struct {
    sweep_table *tables;
    size_t n;
} sweep_plan;

/* Called after each configuration with the finished row (NULL when it failed). */
typedef void (*sweep_progress_fn)(void *ctx, size_t done, size_t total, const char *table,
                                  const sweep_config *c, const cJSON *row);

typedef struct {
    int nthreads;         /* evaluation threads per configuration (default 2) */
    hs_params hp;         /* the hitting-set parameters of every configuration */
    bool timings;         /* add each row's "seconds" (not deterministic) */
    sweep_progress_fn progress;
    void *progress_ctx;
    /* Called with each configuration's finished study, before its row, or NULL
     * (default): returns 0, or -1 with a reason in err to stop the sweep (`t24 sweep
     * --certificates` writes each instance and its certificate here). */
    int (*finished)(void *ctx, const sweep_config *c, const study *s, char *err,
                    size_t errsize);
    void *finished_ctx;
} sweep_params;

int sweep_plan_default(sweep_plan *p);
int sweep_plan_read(sweep_plan *p, FILE *fp, const char *path, char *err, size_t errsize);
int sweep_plan_keep(sweep_plan *p, const char *table);
size_t sweep_plan_count(const sweep_plan *p);
void sweep_plan_free(sweep_plan *p);
/* The configuration's file name stem, as data/ names instances:
 * cardsC_deckLO-HI_targetT_FAMILY. */
void sweep_config_name(const sweep_config *c, char *buf, size_t size);
int sweep_config_check(const sweep_config *c, char *err, size_t errsize);
int sweep_plan_preflight(const sweep_plan *plan, const sweep_params *p, uint64_t limit,
                         char *err, size_t errsize);

void sweep_params_init(sweep_params *p);
cJSON *sweep_run(const sweep_plan *plan, const sweep_params *p, char *err, size_t errsize);

#endif
