/* cmd_cover.c - `t24 cover [FILE]`: the hitting-set engine on any PACE 2025 instance.
 *
 * The whole search of `t24 study` (bounds, greedy, reductions, local search, the exact search)
 * on an instance read from a file or standard input. It prints the cover in PACE's
 * solution format, or one JSON object; on SIGINT or SIGTERM it prints the best cover
 * found so far and exits 0, the PACE heuristic track's convention (incumbent.h), or,
 * with --certificate, stops the search as the time limit would, so that the certificate
 * of its last finished round is written. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/cover_cubes.h"
#include "cli/cover_estimate.h"
#include "cli/cover_input.h"
#include "cli/cover_lpcert.h"
#include "cli/artifact.h"
#include "cli/cli.h"
#include "cli/incumbent.h"
#include "cli/progress.h"
#include "cli/study_options.h"
#include "core/budget.h"
#include "core/idlist.h"
#include "core/parse.h"
#include "hitset/t24hs.h"
#include "study/cover_report.h"
#include "study/jsonint.h"

/* The help, around the shared options' lines (study_options_help()). */
static const char help_head[] =
    "usage: t24 cover [options] [FILE]\n"
    "\n"
    "Find a small hitting set of a PACE 2025 instance ('p hs N M', then one set a line;\n"
    "FILE, or standard input when FILE is - or absent) with t24's whole engine: bounds,\n"
    "greedy, reductions, local search and the exact search. Prints the cover in PACE's\n"
    "solution format: its size, then one element a line (1-based, ascending). On SIGINT\n"
    "or SIGTERM it prints the best cover found so far and exits 0 (with --certificate,\n"
    "the search stops as at the time limit and its last finished round is written; with\n"
    "--lp-certificate, column generation stops and the bound it reached is written).\n"
    "\n"
    "options:\n"
    "  --json               print one JSON object instead: the bounds, the search, the\n"
    "                       cover\n";

static const char help_tail[] =
    "  --timings            add the time of each phase to --json (not deterministic)\n"
    "  --certificate FILE   also write a certificate of the lower bound to FILE (whole,\n"
    "                       or untouched), which t24-check verifies; the exact search is\n"
    "                       then t24's certifying search (--solver t24) on the whole\n"
    "                       instance, and only the bound it proves is called proven\n"
    "  --lp-certificate FILE  first, the LP bound of the whole instance by column\n"
    "                       generation (at most half the time limit), written to FILE as\n"
    "                       a one-leaf certificate t24-check verifies: for instances too\n"
    "                       large for --certificate's search; --json says its bound\n"
    "  --goal K             with --solver t24: prove a lower bound of K, not optimality\n"
    "                       (rounds from the LP's bound up, one more each; a run the\n"
    "                       time limit stops keeps the last round it finished)\n"
    "  --split N            split t24's certifying search into at least N cubes (1..100000)\n"
    "                       in the new folder --cubes-dir DIR, instead of a cover run\n"
    "                       (--goal K: the cubes prove K; docs/cluster.md)\n"
    "  --split-by HOW       elements (default): the split branches on one element at a\n"
    "                       node; sets: on the set with the fewest free elements\n"
    "  --cubes-dir DIR      the folder --split makes (refused when it exists)\n"
    "  --cube DIR/cube-N    search that cube for --time-limit, keep its proof\n"
    "  --cubes DIR          search the cubes of DIR not closed yet, one after another\n"
    "  --worker I/N         with --cubes: take cube i when i % N == I (default: a Slurm\n"
    "                       array task's, an MPI launch's rank, or 0/1)\n"
    "  --merge DIR          join DIR's proofs into DIR/proof.cert and verify it with\n"
    "                       t24-check ($T24_CHECK, else the one beside t24) within\n"
    "                       --time-limit, or say what is left; a proof it refuses is\n"
    "                       set aside (cube-N.proof.rejected) and searched again\n"
    "  --estimate           estimate the certifying search's tree at --goal K (default:\n"
    "                       the best cover's size) from random dives (Knuth), in nodes\n"
    "                       and core-hours, instead of a cover run; --split and --merge\n"
    "                       print one for their open cubes (on stderr) by themselves\n"
    "  --dives N            the estimate's dives at most (default 64; 0: none after\n"
    "                       --split or --merge), within --time-limit, from --seed\n"
    "  -h, --help           show this help\n"
    "  -V, --version        print the version (as the only option)\n"
    "  --                   what follows is FILE, even if it starts with '-'\n"
    "\n"
    "exit status: 0 a cover was printed (also after SIGINT or SIGTERM); 3 the cover was\n"
    "printed but --goal K was not reached (stderr says the bound proven and why), or the\n"
    "--lp-certificate written proves nothing (bound 0 or 1 before the LP); 2 a usage\n"
    "error, an instance that is not PACE's format or has an empty set, a cover that\n"
    "could not be written, or a solver that failed (CBC that cannot be loaded, GLPK\n"
    "out of memory: after the cover is printed): one line on stderr.\n";

typedef struct {
    study_options cfg; /* only the options the table gives cover: the search's (hp),
                          --threads (hp.threads), --quiet, --progress */
    const char *file;  /* NULL or "-": standard input */
    bool json;
    bool timings;
    const char *certificate; /* --certificate FILE, or NULL */
    uint32_t goal;           /* --goal K, or 0 */
    cover_cubes cubes;       /* the cube modes (cover_cubes.h) */
    cover_estimate est;      /* --estimate, --dives (cover_estimate.h) */
    cover_lpcert lpcert;     /* --lp-certificate FILE (cover_lpcert.h) */
} options;

/* The engine: t24's certifying search by default (STUDY_OPTIONS_ENGINE), and the one
 * engine --certificate and --goal take: naming another with them is a usage error.
 * Returns -1 when fine, else the exit status. */
static int certificate_engine(options *o)
{
    char err[256];
    bool cubes = cover_cubes_wanted(&o->cubes);
    int rc = cover_estimate_check(&o->est, cubes, o->cubes.split || o->cubes.merge,
                                  o->certificate != NULL, o->cfg.engine_set,
                                  o->cfg.hp.work != 0);
    if (rc == -1)
        rc = cover_lpcert_check(&o->lpcert, cubes || o->est.estimate, o->file, o->certificate);
    if (rc != -1 || o->est.estimate)
        return rc;
    if (cubes) /* the cube modes run t24's search alone */
        return cover_cubes_check(&o->cubes, o->file, o->certificate != NULL, o->goal != 0,
                                 o->cfg.engine_set, o->cfg.hp.work != 0);
    if (o->goal && o->cfg.hp.engine != HS_ENGINE_T24)
        return args_error("cover", "--goal needs --solver t24 (%s takes no goal)",
                          hs_engine_about(o->cfg.hp.engine).name);
    if (!o->certificate)
        return -1;
    if (!hs_engine_about(o->cfg.hp.engine).can_certify)
        return args_error("cover", "--certificate needs --solver t24 (%s cannot certify)",
                          hs_engine_about(o->cfg.hp.engine).name);
    if (artifact_check_target(o->certificate, err, sizeof err))
        return args_error("cover", "%s (--certificate)", err);
    return -1;
}

/* Returns -1 when the options are fine, else the exit status (0 after --help). */
static int parse(options *o, int argc, char **argv)
{
    study_options_init(&o->cfg);
    bool files_only = false; /* after "--" */
    int taken;
    const char *v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (files_only || (a[0] != '-' || a[1] == '\0')) {
            if (o->file)
                return args_error("cover", "one instance at most, not '%s' as well", a);
            o->file = a;
        } else if (strcmp(a, "--") == 0) {
            files_only = true;
        } else if (args_is_help(a)) {
            fputs(help_head, stdout);
            study_options_help(stdout, STUDY_OPTIONS_COVER);
            fputs(help_tail, stdout);
            return 0;
        } else if (strcmp(a, "--json") == 0) {
            o->json = true;
        } else if (strcmp(a, "--timings") == 0) {
            o->timings = true;
        } else if (args_option(argc, argv, &i, "--certificate", &v)) {
            if (!v || !v[0])
                return args_error("cover", "--certificate needs %s",
                                  v ? "a file name" : "a value");
            o->certificate = v;
        } else if (args_option(argc, argv, &i, "--goal", &v)) {
            int k;
            if (!v)
                return args_error("cover", "--goal needs a value");
            if (parse_int_range(v, 1, INT32_MAX, &k))
                return args_error("cover", "--goal needs a bound 1..2147483647, not '%s'", v);
            o->goal = (uint32_t)k;
        } else if ((taken = cover_cubes_parse(&o->cubes, argc, argv, &i)) != 0 ||
                   (taken = cover_estimate_parse(&o->est, argc, argv, &i)) != 0 ||
                   (taken = cover_lpcert_parse(&o->lpcert, argc, argv, &i)) != 0) {
            if (taken != 1)
                return taken;
        } else {
            int rc = study_options_parse(&o->cfg, STUDY_OPTIONS_COVER, argc, argv, &i);
            if (rc)
                return rc == STUDY_OPTIONS_NOT_MINE ? args_error("cover", "unknown option '%s'", a)
                                                    : rc;
        }
    }
    study_options_cap_work(&o->cfg);
    return certificate_engine(o);
}

/* A first cover at once, so a signal always has one to print: each set's first element.
 * It also goes to the search as its start, so no larger cover is ever announced or
 * printed after it. Returns the cover (the caller frees it) with its size in *n, or NULL
 * when memory runs out. */
static uint32_t *publish_trivial(const hs_instance *h, uint32_t *n)
{
    uint32_t ne = hs_instance_nelems(h), ns = hs_instance_nsets(h), m;
    bool *in = calloc((size_t)ne + 1, sizeof *in);
    uint32_t *c = malloc(((size_t)ns + 1) * sizeof *c);
    *n = 0;
    if (in && c) {
        for (uint32_t s = 0; s < ns; s++) {
            uint32_t e = hs_instance_set(h, s, &m)[0];
            if (!in[e]) {
                in[e] = true;
                c[(*n)++] = e;
            }
        }
    }
    free(in);
    if (c && incumbent_publish(c, *n)) {
        free(c);
        c = NULL;
    }
    return c;
}

static void on_improved(void *ctx, const uint32_t *elems, uint32_t n)
{
    (void)ctx;
    incumbent_publish(elems, n); /* out of memory: the previous cover stays */
}

/* The phases' seconds (--timings): reading here, the rest from the search. */
static void add_timings(cJSON *js, const hs_report *r, double read, double total)
{
    cJSON *t = cJSON_AddObjectToObject(js, "seconds");
    cJSON_AddNumberToObject(t, "read", read);
    cover_report_json_seconds(t, r);
    cJSON_AddNumberToObject(t, "total", total);
}

/* The cover, ascending: the PACE solution, or the JSON object with it. */
static int print_result(const options *o, const hs_instance *h, const hs_report *r,
                        double read, double started)
{
    uint32_t n = r->size;
    uint32_t *c = malloc(((size_t)n + 1) * sizeof *c);
    if (!c)
        return args_message("cover", "out of memory");
    memcpy(c, r->cover, (size_t)n * sizeof *c);
    qsort(c, n, sizeof *c, idlist_compare);
    if (!o->json) {
        hs_cover_write_pace(stdout, c, n);
        free(c);
        return 0;
    }
    cJSON *js = cJSON_CreateObject();
    jsonint_add_schema_version(js);
    cJSON_AddNumberToObject(js, "elements", hs_instance_nelems(h));
    cJSON_AddNumberToObject(js, "sets", hs_instance_nsets(h));
    cover_report_json_search(js, r, o->timings, COVER_REPORT_ELEMENTS);
    if (o->goal) {
        cJSON_AddNumberToObject(js, "goal", o->goal);
        cJSON_AddBoolToObject(js, "goal_reached", r->lower_bound >= o->goal);
    }
    cover_lpcert_json(js, &o->lpcert);
    if (o->timings)
        add_timings(js, r, read, hs_clock() - started);
    cJSON *a = cJSON_AddArrayToObject(js, "cover");
    for (uint32_t i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)c[i] + 1));
    char *text = cJSON_Print(js);
    int rc = text ? 0 : args_message("cover", "out of memory");
    if (text)
        printf("%s\n", text);
    free(text);
    cJSON_Delete(js);
    free(c);
    return rc;
}

/* After the search: the certificate asked for saved, or why there is none. Returns the
 * exit status so far, or 2 (after saying why) when it could not be. */
static int finish_certificate(const options *o, FILE *cert, const hs_report *r, int rc)
{
    char err[512];
    if (!o->certificate || rc != 0)
        return rc;
    if (!r->certificate.written)
        return args_message("cover", "no certificate written: %s",
                            r->message[0] ? r->message
                                          : "the time limit ran out before the certifying "
                                            "search began");
    if (artifact_save_stream(cert, o->certificate, "certificate", err, sizeof err))
        return args_message("cover", "%s", err);
    return 0;
}

/* Exit status 3: --goal K was not reached (docs/cli.md). */
#define COVER_EXIT_GOAL 3

/* --goal K not reached (issue 40): stderr says which bound the run proved and why it
 * ended there, and the status is 3, so that no script takes the bound for K. */
static int goal_status(const options *o, const hs_report *r, int rc)
{
    if (!o->goal || rc != 0 || r->lower_bound >= o->goal)
        return rc;
    char why[96];
    if (incumbent_stop_requested(NULL))
        snprintf(why, sizeof why, "a signal ended the search");
    else if (r->optimal)
        snprintf(why, sizeof why, "the optimum is %u", r->size);
    else if (r->ended_by && strcmp(r->ended_by, "work") == 0)
        snprintf(why, sizeof why, "the work limit (%llu units) ran out",
                 (unsigned long long)o->cfg.hp.work);
    else
        snprintf(why, sizeof why, "the time limit (%g s) ran out", o->cfg.hp.time_limit);
    if (r->size < o->goal && !r->optimal) /* no bound above the cover exists */
        snprintf(why + strlen(why), sizeof why - strlen(why), "; no bound above the cover's %u",
                 r->size);
    args_message("cover", "goal %u not reached: the bound proven is %u (%s)", o->goal,
                 r->lower_bound, why);
    return COVER_EXIT_GOAL;
}

/* The LP certificate asked for (--lp-certificate; a failure is said and kept for the exit
 * status, and the search still runs), then the search, the cover printed and the
 * certificate saved. Returns the exit status. */
static int search(options *o, const hs_instance *h, FILE *cert, progress_line *line,
                  double read, double t0)
{
    char err[512];
    hs_report r;
    int lprc = cover_lpcert_run(&o->lpcert, h, &o->cfg.hp, line);
    if (hs_cover_run(h, &o->cfg.hp, &r, err, sizeof err)) {
        progress_end(line);
        return args_message("cover", "%s", err);
    }
    progress_end(line);
    progress_done(line, r.size, r.lower_bound, r.optimal);
    incumbent_done();
    int rc = print_result(o, h, &r, read, t0);
    if (rc == 0 && r.message[0]) {
        /* The cover printed is valid and its bounds proven; the solver asked for
         * still failed (as in `t24 study`), which a script must not miss. */
        args_message("cover", "%s failed: %s", hs_engine_about(r.params.engine).label,
                     r.message);
        rc = ARGS_EXIT_USAGE;
    }
    rc = goal_status(o, &r, finish_certificate(o, cert, &r, rc));
    if (rc == 0 && lprc)
        rc = lprc; /* the cover is printed; the LP certificate asked for is missing, or
                    * proves nothing */
    hs_report_free(&r);
    return rc;
}

/* Reads, publishes a first cover, searches under the time limit, prints. */
static int run(options *o)
{
    char err[512];
    double t0 = hs_clock();
    /* With a certificate to write, a signal ends the search as the time limit would, so
     * that the round it finished (or the LP bound reached) is written (incumbent.h). */
    if (incumbent_start(o->certificate != NULL || o->lpcert.path != NULL))
        return args_message("cover", "cannot install the signal handlers");
    o->cfg.hp.cancelled = incumbent_stop_requested;
    o->cfg.hp.deadline = t0 + o->cfg.hp.time_limit; /* reading included */
    /* No stop check: a signal before the first cover is published ends the process
     * (incumbent.h), also while the read waits on a pipe. */
    hs_instance *h = cover_input_read(o->file, o->cfg.hp.deadline, NULL, err, sizeof err);
    if (!h)
        return args_message("cover", "%s", err);
    double read = hs_clock() - t0;
    int rc = ARGS_EXIT_USAGE;
    progress_line line = progress_line_make("cover", o->cfg.progress, t0,
                                            o->cfg.hp.time_limit);
    o->cfg.hp.settled_runs = false; /* a solver: no statistics to gather */
    o->cfg.hp.kernel = true; /* a solver: its lp_bound need not be the instance's LP value */
    o->cfg.hp.improved = on_improved;
    if (line.log) {
        char text[96];
        snprintf(text, sizeof text, "read %u elements x %u sets", hs_instance_nelems(h),
                 hs_instance_nsets(h));
        progress_log(&line, text);
    }
    if (progress_wanted(o->cfg.progress)) {
        o->cfg.hp.progress = progress_show;
        o->cfg.hp.progress_ctx = &line;
    }
    uint32_t *start = publish_trivial(h, &o->cfg.hp.nstart);
    o->cfg.hp.start = start;
    /* The certificate waits in an anonymous file: a run killed meanwhile leaves none. */
    FILE *cert = o->certificate ? tmpfile() : NULL;
    o->cfg.hp.certificate = cert;
    o->cfg.hp.goal = o->goal;
    if (o->certificate && !cert) {
        args_message("cover", "cannot create a temporary file for the certificate: %s",
                     strerror(errno));
    } else if (!start) {
        args_message("cover", "out of memory");
    } else {
        rc = search(o, h, cert, &line, read, t0);
    }
    incumbent_done();
    if (cert)
        fclose(cert);
    free(start);
    hs_instance_free(h);
    incumbent_free();
    return rc;
}

int cmd_cover(int argc, char **argv)
{
    options o = { 0 };
    int rc = parse(&o, argc, argv);
    if (rc >= 0)
        return rc;
    if (o.est.estimate)
        return cover_estimate_main(&o.est, o.file, o.cfg.hp.time_limit, o.goal, o.cfg.hp.seed,
                                   o.json);
    if (cover_cubes_wanted(&o.cubes)) {
        cover_cubes_estimate est = { cover_estimate_dives(&o.est), o.cfg.hp.seed };
        /* --cubes searches many cubes, each with --work of its own: --work's default
         * cap (study_options_time_limit()) is one search's, so the run gets it once per
         * cube a folder can hold, which only the cubes' work then bounds */
        double limit = o.cfg.hp.time_limit;
        if (o.cubes.cubes && o.cfg.hp.work && !o.cfg.time_limit_set)
            limit = limit * COVER_CUBES_MAX > BUDGET_MAX_SECONDS ? BUDGET_MAX_SECONDS
                                                                 : limit * COVER_CUBES_MAX;
        return cover_cubes_main(&o.cubes, o.file, limit, o.cfg.hp.work, o.goal, &est, o.json,
                                progress_wanted(o.cfg.progress));
    }
    return run(&o);
}
