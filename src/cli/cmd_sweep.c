/* cmd_sweep.c - `t24 sweep`: the study over a list of configurations, as one table. */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/artifact.h"
#include "cli/cli.h"
#include "study/sweep.h"
#include "cli/study_options.h"
#include "study/sweep_report.h"
#include "core/parse.h"
#include "study/preflight.h"

/* The help, around the shared options' lines (study_options_help()). */
static const char help_head[] =
    "usage: t24 sweep [options]\n"
    "\n"
    "Run the study (enumeration and hitting sets, as `t24 study --json`) for each\n"
    "configuration of a list and print one table: hands, solvable, templates, useful\n"
    "templates, classes, necessary, LP bound, greedy (and its range over random ties),\n"
    "greedy after pruning, the optimum and whether it is proven. The default list has\n"
    "two tables: \"decks\" (4 cards, decks 1-10, 1-11, 1-13, both families, target 24)\n"
    "and \"targets\" (4 cards, deck 1-13, all groupings, targets 1 to 100), with the\n"
    "targets whose minimum test set is smallest and largest.\n"
    "\n"
    "options:\n"
    "  --table NAME         run only this table of the list (decks or targets)\n"
    "  --configs FILE       read the list from FILE (- for standard input): lines\n"
    "                       CARDS LO-HI TARGET [FAMILY], 'table NAME [TITLE]' lines\n"
    "                       starting tables, '#' comments\n";

static const char help_tail[] =
    "  --json               print the JSON document (each row is the study's object)\n"
    "  --csv                print CSV, one line per configuration\n"
    "  --timings            add the time of each phase (not deterministic): a separate\n"
    "                       Markdown table, extra CSV columns, \"seconds\" in each row\n"
    "  --out DIR            also write sweep.md, sweep.csv and sweep.json into DIR\n"
    "                       (all or nothing)\n"
    "  --certificates DIR   write each configuration's instance (NAME.hgr) and the\n"
    "                       certificate of its lower bound (NAME.cert, which t24-check\n"
    "                       verifies) into DIR (all or nothing; not with --out); the\n"
    "                       exact search is then t24's certifying search (--solver t24)\n"
    "  -h, --help           show this help\n"
    "  -V, --version        print the version (as the only option)\n"
    "\n"
    "Progress goes to stderr when it is a terminal (or with --progress).\n"
    "\n"
    "exit status: 0 success; 2 a usage error, bad input, an output that could not be\n"
    "written (nothing is left half-written), or, after writing everything, the exact\n"
    "search failed on some configuration.\n";

typedef enum { FORMAT_MARKDOWN, FORMAT_JSON, FORMAT_CSV } format;

typedef struct {
    sweep_params sp;
    study_options cfg; /* the shared options: the search's, --threads, --memory-limit
                          (each configuration's pre-flight), --quiet, --progress */
    const char *table, *configs, *out;
    const char *certs; /* --certificates DIR */
    format fmt;
} options;

/* What --certificates writes into, and the certifying search's anonymous output. */
typedef struct {
    artifact_set *a;
    FILE *cert;
    char (*names)[160]; /* the configurations written: two tables may share one */
    size_t n, cap;
} cert_sink;

/* Was name written already? If not, it is noted. -1 when memory runs out. */
static int seen_before(cert_sink *k, const char *name)
{
    for (size_t i = 0; i < k->n; i++)
        if (strcmp(k->names[i], name) == 0)
            return 1;
    if (k->n == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 64;
        char(*grown)[160] = realloc(k->names, cap * sizeof *grown);
        if (!grown)
            return -1;
        k->names = grown;
        k->cap = cap;
    }
    snprintf(k->names[k->n++], sizeof k->names[0], "%s", name);
    return 0;
}

/* Returns 0, 1 for --help, or ARGS_EXIT_USAGE after printing the problem. */
static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    sweep_params_init(&o->sp);
    study_options_init(&o->cfg);
    for (int i = 1; i < argc; i++) {
        bool missing = false;
        const char *v;
        int rc;
        if (args_is_help(argv[i]))
            return 1;
        if ((rc = study_options_parse(&o->cfg, STUDY_OPTIONS_SWEEP, argc, argv, &i)) !=
            STUDY_OPTIONS_NOT_MINE) {
            if (rc)
                return rc;
        } else if (strcmp(argv[i], "--json") == 0) {
            o->fmt = FORMAT_JSON;
        } else if (strcmp(argv[i], "--csv") == 0) {
            o->fmt = FORMAT_CSV;
        } else if (strcmp(argv[i], "--timings") == 0) {
            o->sp.timings = true;
        } else if ((v = args_value(argc, argv, &i, "--table", &missing))) {
            o->table = v;
        } else if ((v = args_value(argc, argv, &i, "--configs", &missing))) {
            o->configs = v;
        } else if ((v = args_value(argc, argv, &i, "--out", &missing))) {
            if (!*v)
                return args_error("sweep", "--out needs a folder");
            o->out = v;
        } else if ((v = args_value(argc, argv, &i, "--certificates", &missing))) {
            if (!*v)
                return args_error("sweep", "--certificates needs a folder");
            o->certs = v;
        } else if (missing) {
            return args_error("sweep", "%s needs a value", argv[i]);
        } else {
            return args_error("sweep", "unknown option '%s'", argv[i]);
        }
    }
    study_options_cap_work(&o->cfg);
    if (o->certs && o->out)
        return args_error("sweep", "--certificates and --out write one folder each: "
                                   "run the sweep once for each");
    if (o->certs && !hs_engine_about(o->cfg.hp.engine).can_certify)
        return args_error("sweep", "--certificates needs --solver t24 (%s cannot certify)",
                          hs_engine_about(o->cfg.hp.engine).name);
    o->sp.hp = o->cfg.hp;
    o->sp.nthreads = o->cfg.sp.nthreads;
    return 0;
}

/* Empties the anonymous file for the next configuration's certificate. */
static int empty_sink(FILE *cert)
{
    if (ferror(cert) || fflush(cert) || ftruncate(fileno(cert), 0))
        return -1;
    rewind(cert);
    return 0;
}

/* After each configuration (--certificates): its instance and its certificate into the
 * folder's set (once, though two tables share it), and the anonymous file emptied for
 * the next one. */
static int write_certified(void *ctx, const sweep_config *c, const study *s, char *err,
                           size_t errsize)
{
    cert_sink *k = ctx;
    char name[160], file[192];
    sweep_config_name(c, name, sizeof name);
    int seen = seen_before(k, name);
    if (seen < 0)
        return snprintf(err, errsize, "out of memory"), -1;
    if (seen)
        return empty_sink(k->cert);
    if (!s->hr.certificate.written) {
        snprintf(err, errsize, "%s: no certificate written: %s", name,
                 s->hr.message[0] ? s->hr.message : "the time limit ran out first");
        return -1;
    }
    snprintf(file, sizeof file, "%s.hgr", name);
    FILE *hgr = artifact_open(k->a, file);
    snprintf(file, sizeof file, "%s.cert", name);
    FILE *out = artifact_open(k->a, file);
    snprintf(err, errsize, "cannot write %s into '%s' (at most 512 configurations, "
             "two files each)", name, artifact_dir(k->a));
    if (!hgr || !out || hs_instance_write_pace(hgr, classes_instance(s->cls), name))
        return -1;
    if (artifact_copy(k->cert, out))
        return -1;
    return empty_sink(k->cert);
}

/* The list to run: the default or --configs, cut to --table. Returns 0 or exit 2. */
static int load_plan(const options *o, sweep_plan *plan)
{
    char err[512];
    if (o->configs) {
        FILE *fp = args_open_input(o->configs, err, sizeof err); /* "-": as solve --batch - */
        if (!fp)
            return args_error("sweep", "--configs: %s", err);
        int rc = sweep_plan_read(plan, fp, fp == stdin ? "standard input" : o->configs, err,
                                 sizeof err);
        args_close_input(fp);
        if (rc)
            return args_error("sweep", "%s", err);
    } else if (sweep_plan_default(plan)) {
        args_message("sweep", "out of memory");
        return ARGS_EXIT_USAGE;
    }
    if (o->table && sweep_plan_keep(plan, o->table)) {
        sweep_plan_free(plan);
        return args_error("sweep", "no table '%s' in the list", o->table);
    }
    return 0;
}

/* After each configuration: on a terminal one line rewritten, in log mode (ctx
 * non-NULL) one whole line. */
static void progress(void *ctx, size_t done, size_t total, const char *table,
                     const sweep_config *c, const cJSON *row)
{
    bool log = ctx != NULL;
    fprintf(stderr, "%st24 sweep: %zu/%zu %s: %d cards, deck %lld-%lld, target %lld, %s",
            log ? "" : "\r\033[K",
            done, total, table, c->ncards, (long long)c->lo, (long long)c->hi,
            (long long)c->target, template_groupings_name(c->groupings));
    const cJSON *opt = cJSON_GetObjectItemCaseSensitive(row, "optimum");
    if (cJSON_IsNumber(opt))
        fprintf(stderr, " -> %d%s", opt->valueint,
                cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(row, "optimal")) ? ""
                                                                              : " (unproven)");
    if (log || done == total || !row)
        fputc('\n', stderr);
}

static void print(FILE *fp, const cJSON *doc, format fmt, bool timings, const char *json,
                  const char *configs)
{
    if (fmt == FORMAT_JSON)
        fprintf(fp, "%s\n", json);
    else if (fmt == FORMAT_CSV)
        sweep_report_csv(fp, doc, timings);
    else
        sweep_report_markdown(fp, doc, timings, configs);
}

/* --out: sweep.md, sweep.csv, sweep.json, committed together. Returns 0, or -1 with
 * err set and every temporary removed. */
static int write_out(artifact_set *a, const cJSON *doc, bool timings, const char *json,
                     const char *configs, char *err, size_t errsize)
{
    FILE *md = artifact_open(a, "sweep.md"), *csv = artifact_open(a, "sweep.csv"),
         *js = artifact_open(a, "sweep.json");
    if (!md || !csv || !js) {
        snprintf(err, errsize, "cannot write into '%s'", artifact_dir(a));
        artifact_abort(a);
        return -1;
    }
    print(md, doc, FORMAT_MARKDOWN, timings, json, configs);
    print(csv, doc, FORMAT_CSV, timings, json, configs);
    print(js, doc, FORMAT_JSON, timings, json, configs);
    return artifact_commit(a, err, errsize);
}

int cmd_sweep(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, &o);
    if (rc == 1) {
        fputs(help_head, stdout);
        study_options_help(stdout, STUDY_OPTIONS_SWEEP);
        fputs(help_tail, stdout);
        return 0;
    }
    sweep_plan plan;
    if (rc || (rc = load_plan(&o, &plan)))
        return rc;
    char err[1024];
    study_options_warn_memory(&o.cfg, "sweep");
    if (sweep_plan_preflight(&plan, &o.sp, o.cfg.memory_limit, err, sizeof err)) {
        args_message("sweep", "%s", err);
        sweep_plan_free(&plan);
        return ARGS_EXIT_USAGE;
    }
    artifact_set *a = NULL; /* opened first: a bad folder fails before the long run */
    const char *folder = o.out ? o.out : o.certs;
    cert_sink certs = { NULL, NULL, NULL, 0, 0 };
    if (folder && !(a = artifact_begin(folder, err, sizeof err))) {
        args_message("sweep", "%s", err);
        sweep_plan_free(&plan);
        return ARGS_EXIT_USAGE;
    }
    if (progress_wanted(o.cfg.progress)) {
        o.sp.progress = progress;
        o.sp.progress_ctx = o.cfg.progress == PROGRESS_LOG ? &o : NULL;
    }
    if (o.certs) {
        certs.a = a;
        o.sp.hp.certificate = certs.cert = tmpfile();
        o.sp.finished = write_certified;
        o.sp.finished_ctx = &certs;
    }
    cJSON *doc = o.certs && !certs.cert ? NULL : sweep_run(&plan, &o.sp, err, sizeof err);
    if (o.certs && !certs.cert)
        snprintf(err, sizeof err, "cannot create a temporary file for the certificates");
    if (certs.cert)
        fclose(certs.cert);
    free(certs.names);
    sweep_plan_free(&plan);
    if (!doc) {
        args_message("sweep", "%s", err);
        artifact_abort(a);
        return ARGS_EXIT_USAGE;
    }
    char *json = cJSON_Print(doc);
    if (o.certs && artifact_commit(a, err, sizeof err)) {
        args_message("sweep", "%s", err);
        rc = ARGS_EXIT_USAGE;
    } else if (o.out && write_out(a, doc, o.sp.timings, json, o.configs, err, sizeof err)) {
        args_message("sweep", "%s", err);
        rc = ARGS_EXIT_USAGE;
    } else {
        print(stdout, doc, o.fmt, o.sp.timings, json, o.configs);
        int failures = cJSON_GetObjectItemCaseSensitive(doc, "glpk_failures")->valueint;
        if (failures) {
            args_message("sweep", "the exact search failed on %d configuration%s (see their rows)",
                    failures, failures > 1 ? "s" : "");
            rc = ARGS_EXIT_USAGE;
        }
    }
    free(json);
    cJSON_Delete(doc);
    return rc;
}
