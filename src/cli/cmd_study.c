/* cmd_study.c - `t24 study`: parse options, run the study, print and export it. */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/artifact.h"
#include "study/classes.h"
#include "cli/cli.h"
#include "cli/progress.h"
#include "emit/tablegen.h"
#include "hitset/t24hs.h"
#include "study/cover_report.h"
#include "study/study.h"
#include "study/enumeration_report.h"
#include "study/enumeration.h"
#include "cli/cover_lpcert.h"
#include "cli/study_options.h"
#include "core/notice.h"
#include "core/parse.h"
#include "core/walltime.h"
#include "eval/dist.h"
#include "study/preflight.h"

/* The help, around the shared options' lines (study_options_help()). */
static const char help_head[] =
    "usage: t24 study [options]\n"
    "\n"
    "Enumerate the expression templates, evaluate them exactly on every hand of a deck\n"
    "and report which hands are solvable and by which templates; then find the fewest\n"
    "templates that solve every hand the family solves (a minimum hitting set), with\n"
    "lower and upper bounds, and the optimum proven where a bound or the exact search\n"
    "(t24's certifying search by default, or GLPK or CBC) reaches it.\n"
    "\n"
    "options:\n"
    "  --cards N            cards per hand, 2-7 (default 4)\n"
    "  --deck LO-HI         card values LO..HI, 0 <= LO <= HI <= 1000000 (default 1-11)\n"
    "  --target T           the number to make, any integer (default 24)\n"
    "  --groupings FAMILY   reduced (3 shapes, 4 cards only) or all (default: reduced\n"
    "                       for 4 cards, all otherwise)\n";

static const char help_tail[] =
    "  --json               print one JSON object instead of the readable report\n"
    "  --timings            add the time of each phase (not deterministic)\n"
    "  --estimate           print the estimated memory and time, also per MPI rank\n"
    "                       for 1, 8 and 64 ranks, and stop\n"
    "  --ranks LIST         with --estimate: the numbers of ranks, comma-separated,\n"
    "                       each 1-16777216, at most 8 (default 1,8,64)\n"
    "  --out DIR            also write solutions.txt, templates.tsv, hands.tsv, table.c\n"
    "                       (the cover as `t24 emit` writes it),\n"
    "                       study.json, classes.tsv, hitting_set_hands.tsv,\n"
    "                       hitting_set.dat (for models/hitting_set.mod), hitting_set.lp\n"
    "                       (CPLEX LP), hitting_set.hgr (PACE 2025), hitting_set.sol\n"
    "                       (the cover), cover.txt (the cover's expressions, proof\n"
    "                       status and command), with --coverage coverage.csv, and\n"
    "                       with --solver t24 (the default) certificate.txt (the proof\n"
    "                       of the lower bound, which t24-check verifies) into DIR\n"
    "                       (all or nothing)\n"
    "  --lp-certificate     with --out: first, the LP bound of the hitting-set instance\n"
    "                       by column generation (at most half the time left), written\n"
    "                       to DIR/lp-certificate.txt as a one-leaf certificate that\n"
    "                       t24-check verifies with DIR/hitting_set.hgr; for decks the\n"
    "                       certifying search cannot take (seven cards)\n"
    "  -h, --help           show this help\n"
    "  -V, --version        print the version (as the only option)\n"
    "\n"
    "exit status: 0 success; 2 a usage error, bad input or an output that could not be\n"
    "written (one line on stderr; nothing is left half-written); 3 the report and DIR are\n"
    "written but the --lp-certificate proves nothing (bound 0 or 1 before the LP).\n";

#define RANKS_MAX 8
#define RANKS_LIMIT (1 << 24) /* dist.c's bound on a launcher's count */

typedef struct {
    study_options cfg;
    bool json;
    bool timings;
    bool estimate;
    bool lpcert; /* --lp-certificate */
    const char *out;
    int ranks[RANKS_MAX];
    size_t nranks; /* 0: the default 1, 8, 64 */
} options;

/* --ranks LIST: comma-separated numbers of ranks. Returns 0, or ARGS_EXIT_USAGE after
 * naming the bad value. */
static int parse_ranks(options *o, const char *v)
{
    char buf[256];
    if (!*v || strlen(v) >= sizeof buf)
        return args_error("study", "--ranks needs numbers of ranks such as 1,8,64, "
                          "not '%.40s'", v);
    strcpy(buf, v);
    o->nranks = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (o->nranks == RANKS_MAX)
            return args_error("study", "--ranks takes at most %d numbers, not '%s'",
                              RANKS_MAX, v);
        if (parse_int_range(t, 1, RANKS_LIMIT, &o->ranks[o->nranks]))
            return args_error("study", "--ranks: '%s' is not a number of ranks from 1 to %d",
                              t, RANKS_LIMIT);
        o->nranks++;
    }
    /* "8,,64" and ",8" leave an empty field that strtok_r skips: refused, not read. */
    if (o->nranks == 0 || strstr(v, ",,") || v[0] == ',' || v[strlen(v) - 1] == ',')
        return args_error("study", "--ranks needs numbers of ranks such as 1,8,64, "
                          "not '%s'", v);
    return 0;
}

/* Returns 0, 1 for --help, or ARGS_EXIT_USAGE after printing the problem. */
static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    study_options_init(&o->cfg);
    for (int i = 1; i < argc; i++) {
        bool missing = false;
        const char *v;
        int rc;
        if (args_is_help(argv[i]))
            return 1;
        if ((rc = study_options_parse(&o->cfg, STUDY_OPTIONS_STUDY, argc, argv, &i)) != STUDY_OPTIONS_NOT_MINE) {
            if (rc)
                return rc;
        } else if (strcmp(argv[i], "--json") == 0) {
            o->json = true;
        } else if (strcmp(argv[i], "--timings") == 0) {
            o->timings = true;
        } else if (strcmp(argv[i], "--estimate") == 0) {
            o->estimate = true;
        } else if (strcmp(argv[i], "--lp-certificate") == 0) {
            o->lpcert = true;
        } else if ((v = args_value(argc, argv, &i, "--ranks", &missing))) {
            if ((rc = parse_ranks(o, v)))
                return rc;
        } else if ((v = args_value(argc, argv, &i, "--out", &missing))) {
            if (!*v)
                return args_error("study", "--out needs a folder");
            o->out = v;
        } else if (missing) {
            return args_error("study", "%s needs a value", argv[i]);
        } else {
            return args_error("study", "unknown option '%s'", argv[i]);
        }
    }
    if (o->nranks && !o->estimate)
        return args_error("study", "--ranks goes with --estimate (a run's ranks are "
                          "mpirun's -n)");
    if (o->lpcert && (!o->out || o->estimate))
        return args_error("study", "--lp-certificate writes DIR/lp-certificate.txt beside "
                          "DIR/hitting_set.hgr: it needs --out DIR, and no --estimate");
    if (o->estimate)
        o->cfg.memory_limit = 0; /* an estimate starts nothing, so refuses nothing */
    return study_options_finish(&o->cfg, "study");
}

typedef struct {
    double start, last; /* when the first hand was done, and the last line printed */
    uint32_t first;     /* hands done at start */
    progress_line *line; /* log mode (--progress): whole lines through it */
} progress_state;

/* The enumeration's log line (--progress): every PROGRESS_LOG_PERIOD seconds. */
static void progress_hands_log(progress_state *p, uint32_t done, uint32_t total, double now)
{
    char text[96];
    if (done < total && now - p->line->last < PROGRESS_LOG_PERIOD)
        return;
    snprintf(text, sizeof text, "enumeration: hands %u of %u (%.0f%%)", done, total,
             100.0 * done / (total ? total : 1));
    progress_log(p->line, text);
}

/* The grouping's line, after each shape's templates: "grouping: templates 123456789 of
 * 2724986880 (5%)", as a log line (--progress) or rewritten on a terminal; seven cards
 * spend minutes here before the first hand. */
static void progress_grouping(void *ctx, uint64_t done, uint64_t total)
{
    progress_state *p = ctx;
    char text[96];
    double now = walltime_now();
    if (done < total && now - p->line->last < (p->line->log ? PROGRESS_LOG_PERIOD : 0.5))
        return;
    snprintf(text, sizeof text, "grouping: templates %llu of %llu (%.0f%%)",
             (unsigned long long)done, (unsigned long long)total,
             100.0 * (double)done / (double)(total ? total : 1));
    if (p->line->log) {
        progress_log(p->line, text);
        return;
    }
    p->line->last = now;
    fprintf(stderr, "\rt24 study: %s  %s", text, done == total ? "\n" : "");
    fflush(stderr);
}

/* "hands 1200 of 18564 (6%), 1 min 10 s left": at most twice a second, on stderr. */
static void progress(void *ctx, uint32_t done, uint32_t total)
{
    progress_state *p = ctx;
    double now = walltime_now();
    if (p->line->log) {
        progress_hands_log(p, done, total, now);
        return;
    }
    if (p->start == 0) {
        p->start = p->last = now;
        p->first = done;
        return;
    }
    if (done < total && now - p->last < 0.5)
        return;
    p->last = now;
    double rate = (double)(done - p->first) / (now - p->start), left = 0;
    if (rate > 0)
        left = (double)(total - done) / rate;
    fprintf(stderr, "\rt24 study: hands %u of %u (%.0f%%), ", done, total,
            100.0 * done / (total ? total : 1));
    if (done == total)
        fprintf(stderr, "done in %.0f s          \n", now - p->start);
    else if (left < 90)
        fprintf(stderr, "%.0f s left      ", left);
    else
        fprintf(stderr, "%.0f min %02.0f s left  ", (double)(long)(left / 60),
                left - 60 * (double)(long)(left / 60));
    fflush(stderr);
}

/* --estimate's lines after the first: the run over 1, 8 and 64 MPI ranks (or --ranks),
 * then where the figures were measured. */
static void print_ranks(const options *o, const preflight_estimate *e)
{
    static const int fallback[] = { 1, 8, 64 };
    const int *ranks = o->nranks ? o->ranks : fallback;
    size_t n = o->nranks ? o->nranks : sizeof fallback / sizeof fallback[0];
    char line[1024];
    for (size_t i = 0; i < n; i++) {
        preflight_ranks r;
        if (preflight_ranks_run(e, ranks[i], &r) == 0 &&
            preflight_describe_ranks(e, &r, line, sizeof line) > 0)
            printf("%s\n", line);
    }
    printf("measured: %s\n", preflight_source(e->ncards));
}

/* --estimate, and the same line on a terminal before a long run. Returns 1 when the
 * command should stop here. */
static int preflight(const options *o)
{
    preflight_estimate e;
    char line[512];
    if (preflight_run(&o->cfg.sp, &o->cfg.hp, &e))
        return 0; /* the study itself reports the bad configuration */
    preflight_describe(&e, line, sizeof line);
    if (o->estimate) {
        printf("%s\n", line);
        print_ranks(o, &e);
        return 1;
    }
    if (progress_wanted(o->cfg.progress) && e.seconds_enumerate > 10)
        fprintf(stderr, "t24 study: %s\n", line);
    return 0;
}

/* certificate.txt: the certifying search's proof (--solver t24), copied from the
 * anonymous file it was written to during the run. Returns 0, or -1. */
static int write_certificate(artifact_set *a, const study *r, FILE *cert)
{
    if (!cert || !r->hr.certificate.written)
        return 0;
    FILE *fp = artifact_open(a, "certificate.txt");
    return fp ? artifact_copy(cert, fp) : -1;
}

/* What ended a run before its certifying search, in a note's words: the run's own
 * limit (hs_report.ended_by), so that a run under --work does not blame the clock. */
static const char *ran_out(const study *r)
{
    const char *by = r->hr.ended_by ? r->hr.ended_by : "";
    return strcmp(by, "work") == 0     ? "the work limit (--work) ran out"
           : strcmp(by, "cancel") == 0 ? "a signal stopped the run"
                                       : "the time limit ran out";
}

/* --out with the certifying search and no certificate from it. Asked for by name
 * (--solver t24), the folder is all or nothing: returns 1 with the reason in err. As
 * the default engine, the folder gets its other files and stderr says that the bound is
 * not certified, unless --quiet: returns 0 (a failed search is said after the report,
 * as any engine's). */
static int certificate_refused(const options *o, const study *r, char *err, size_t size)
{
    if (r->hr.certificate.written)
        return 0;
    if (o->cfg.engine_set) {
        snprintf(err, size, "no certificate written for --out: %s%s",
                 r->hr.message[0] ? r->hr.message : ran_out(r),
                 r->hr.message[0] ? "" : " first");
        return 1;
    }
    if (!r->hr.message[0] && o->cfg.progress != PROGRESS_OFF)
        args_message("study", "no certificate.txt in %s: %s before the certifying search, "
                              "so the bound is not certified", o->out, ran_out(r));
    return 0;
}

static int write_hitting_sets(artifact_set *a, const study *r, const char *command, FILE *cert)
{
    const hs_instance *h = classes_instance(r->cls);
    char comment[512];
    const enumeration_params *p = &r->st.params;
    snprintf(comment, sizeof comment, "t24 minimum hitting set: %u classes (classes.tsv), "
             "%u hands (hitting_set_hands.tsv); %d cards, deck %lld-%lld, target %lld, %s. %s",
             hs_instance_nelems(h), hs_instance_nsets(h), p->ncards, (long long)p->lo, (long long)p->hi,
             (long long)p->target, template_groupings_name(p->groupings), NOTICE_FREE_USE);
    FILE *cl = artifact_open(a, "classes.tsv");
    FILE *sh = artifact_open(a, "hitting_set_hands.tsv");
    FILE *dat = artifact_open(a, "hitting_set.dat");
    FILE *lp = artifact_open(a, "hitting_set.lp");
    FILE *hgr = artifact_open(a, "hitting_set.hgr");
    FILE *sol = artifact_open(a, "hitting_set.sol");
    FILE *cv = artifact_open(a, "cover.txt");
    FILE *cov = r->hr.params.coverage ? artifact_open(a, "coverage.csv") : NULL;
    if (!cl || !sh || !dat || !lp || !hgr || !sol || !cv || (r->hr.params.coverage && !cov))
        return -1;
    if (cover_report_classes_tsv(cl, &r->st, r->cls) ||
        cover_report_set_hands_tsv(sh, &r->st, r->cls) ||
        hs_instance_write_mathprog(dat, h, comment) || hs_instance_write_lp(lp, h, comment) ||
        hs_instance_write_pace(hgr, h, comment) ||
        hs_cover_write_pace(sol, r->hr.cover, r->hr.size) ||
        cover_report_cover_file(cv, &r->st, r->cls, &r->hr, command) ||
        write_certificate(a, r, cert))
        return -1;
    return cov ? cover_report_coverage_csv(cov, &r->hr) : 0;
}

/* table.c: the cover as a compiled table, exactly what `t24 emit` writes. */
static int write_table(const study_options *cfg, const study *r, FILE *fp, char *err,
                       size_t errsize)
{
    char command[384], why[256];
    tablegen_table t;
    study_options_command(cfg, "emit", command, sizeof command);
    int rc = tablegen_from_study(r, "table_default", command, fp, &t, why, sizeof why);
    if (rc)
        snprintf(err, errsize, "table.c: %s", why);
    tablegen_table_free(&t);
    return rc;
}

/* The files of --out that a run writes or not by its options (six cards or fewer, --solver
 * t24, --lp-certificate, --coverage): one an older run left and this one does not write
 * goes with the commit, never to sit beside an instance it does not speak of (issue 49). */
static const char *const optional_files[] = { "solutions.txt", "templates.tsv",
    "certificate.txt", "lp-certificate.txt", "coverage.csv" };

/* Writes every file of --out into the set, and marks the optional ones it does not write
 * for removal. Returns 0, or -1 with the reason in err. */
static int write_out(artifact_set *a, const study_options *cfg, const study *r,
                     const char *json, FILE *cert, FILE *lpcert, char *err, size_t errsize)
{
    const enumeration *st = &r->st;
    /* The files that list templates one by one (a line per template, a template per
     * solution, a class's member ids) would take tens to hundreds of GB at seven cards
     * (2.7e9 templates): they are written up to six cards, as before. */
    bool per_template = st->params.ncards <= STUDY_LIST_TEMPLATES_MAX_CARDS;
    FILE *sol = per_template ? artifact_open(a, "solutions.txt") : NULL;
    FILE *tm = per_template ? artifact_open(a, "templates.tsv") : NULL;
    FILE *hd = artifact_open(a, "hands.tsv");
    FILE *js = artifact_open(a, "study.json");
    FILE *tc = artifact_open(a, "table.c");
    FILE *lc = r->lpcert_written ? artifact_open(a, "lp-certificate.txt") : NULL;
    char command[384];
    study_options_command(cfg, "study", command, sizeof command);
    snprintf(err, errsize, "cannot write into '%s'", artifact_dir(a));
    if ((per_template && (!sol || !tm)) || !hd || !js || !tc || (r->lpcert_written && !lc) ||
        (lc && artifact_copy(lpcert, lc)))
        return -1;
    if (per_template && classes_list_members(r->cls)) {
        snprintf(err, errsize, "out of memory listing the classes' templates for --out");
        return -1;
    }
    int wrote = !per_template                ? 0
                : st->params.per_template ? solutions_write(&st->sols, st->hands, sol)
                                          : classes_write_solutions(r->cls, st->hands, sol);
    if (wrote || (per_template && enumeration_report_templates_tsv(st, tm)) ||
        enumeration_report_hands_tsv(st, hd) ||
        write_hitting_sets(a, r, command, cert) || write_table(cfg, r, tc, err, errsize))
        return -1;
    for (size_t i = 0; i < sizeof optional_files / sizeof *optional_files; i++)
        if (artifact_remove(a, optional_files[i])) { /* a no-op for a file written above */
            snprintf(err, errsize, "out of memory");
            return -1;
        }
    fprintf(js, "%s\n", json);
    return 0;
}

/* Rank 0 (or the only process): the study, its report and --out. *scanned is set once
 * the study ran, so every exchange with other ranks is over. */
static int run(options *o, bool *scanned)
{
    int rc;
    char err[512];
    artifact_set *a = NULL;
    if (o->out && !(a = artifact_begin(o->out, err, sizeof err))) {
        args_message("study", "%s", err);
        return ARGS_EXIT_USAGE;
    }
    progress_line line = progress_line_make("study", o->cfg.progress, walltime_now(),
                                            o->cfg.hp.time_limit);
    progress_state ps = { 0, 0, 0, &line };
    if (progress_wanted(o->cfg.progress)) {
        o->cfg.sp.progress = progress;
        o->cfg.sp.grouping_progress = progress_grouping;
        o->cfg.sp.progress_ctx = &ps;
        o->cfg.hp.progress = progress_show;
        o->cfg.hp.progress_ctx = &line;
    }
    /* SIGINT or SIGTERM: the enumeration stops, or the hitting-set run stops as at its
     * time limit and what it had is written whole (issue 49); a second signal ends the
     * process, the folder's temporaries removed */
    if (artifact_stop_start()) {
        args_message("study", "cannot install the signal handlers");
        artifact_abort(a);
        return ARGS_EXIT_USAGE;
    }
    o->cfg.sp.cancelled = artifact_stop_requested;
    o->cfg.hp.cancelled = artifact_stop_requested;
    bool certify = a && study_options_out_certifies(&o->cfg);
    if (a && !certify && hs_engine_about(o->cfg.hp.engine).can_certify &&
        o->cfg.progress != PROGRESS_OFF)
        args_message("study", "no certificate.txt in %s on %d cards unless --solver t24 "
                              "asks for one (the default engine certifies up to %d)",
                     o->out, o->cfg.sp.ncards, STUDY_DEFAULT_CERTIFIED_CARDS);
    FILE *cert = certify ? tmpfile() : NULL;
    if (certify && !cert) {
        args_message("study", "cannot create a temporary file for the certificate");
        artifact_abort(a);
        return ARGS_EXIT_USAGE;
    }
    o->cfg.hp.certificate = cert;
    FILE *lpc = o->lpcert ? tmpfile() : NULL;
    study r;
    int failed = o->lpcert && !lpc
                     ? (snprintf(err, sizeof err, "cannot create a temporary file for the LP "
                                 "certificate"), -1)
                     : study_run_lpcert(&r, &o->cfg.sp, &o->cfg.hp, lpc, err, sizeof err);
    progress_end(&line);
    if (failed) {
        /* A signal during the enumeration: there is nothing to report yet, and the
         * folder is left as it was, as a stopped split leaves none (docs/cli.md) */
        if (artifact_stop_requested(NULL))
            args_message("study", "stopped by a signal during the enumeration: nothing "
                                  "written");
        else
            args_message("study", "%s", err);
        artifact_abort(a);
        study_free(&r);
        if (cert)
            fclose(cert);
        if (lpc)
            fclose(lpc);
        return ARGS_EXIT_USAGE;
    }
    progress_done(&line, r.hr.size, r.hr.lower_bound, r.hr.optimal);
    *scanned = true;
    cJSON *js = study_json(&r, o->timings);
    if (r.lpcert_written)
        cover_lpcert_report_json(js, &r.lpcert, "lp-certificate.txt");
    char *text = cJSON_Print(js);
    rc = 0;
    if (cert && certificate_refused(o, &r, err, sizeof err)) {
        artifact_abort(a);
        a = NULL;
        rc = ARGS_EXIT_USAGE;
    } else if (a && write_out(a, &o->cfg, &r, text, cert, lpc, err, sizeof err)) {
        artifact_abort(a); /* removes every temporary */
        a = NULL;
        rc = ARGS_EXIT_USAGE;
    } else if (a && artifact_commit(a, err, sizeof err)) {
        rc = ARGS_EXIT_USAGE; /* commit freed the set and removed the temporaries */
    }
    if (rc) {
        args_message("study", "%s", err);
    } else if (o->json) {
        printf("%s\n", text);
    } else {
        study_text(&r, o->timings, stdout);
        if (r.lpcert_written)
            printf("LP certificate: lower bound %u (L = %.6f; column generation %s) in "
                   "%s/lp-certificate.txt; t24-check %s/hitting_set.hgr %s/lp-certificate.txt "
                   "verifies it\n", r.lpcert.bound, r.lpcert.value,
                   r.lpcert.lp_reached ? "converged" : "stopped first", o->out, o->out, o->out);
    }
    if (rc == 0 && artifact_stop_requested(NULL)) {
        /* the run ended as at its time limit: what it had is whole in the report and
         * the folder (its certificate proves the bound stated), and the status is 0, as
         * for `t24 cover` stopped so */
        if (!o->json)
            printf("\nStopped by a signal: the cover and bounds above are what the run had "
                   "then%s.\n", o->out ? ", and the folder holds them whole" : "");
        args_message("study", "stopped by a signal; the report%s what the run had then",
                     o->out ? " and the folder hold" : " holds");
    }
    if (rc == 0 && r.hr.message[0]) {
        /* The report above states what was proven; the failure still fails the run. */
        args_message("study", "%s failed: %s", hs_engine_about(r.hr.params.engine).label,
                     r.hr.message);
        rc = ARGS_EXIT_USAGE;
    }
    if (rc == 0 && r.lpcert_written) {
        char file[PATH_MAX + 32];
        snprintf(file, sizeof file, "%s/lp-certificate.txt", o->out);
        rc = cover_lpcert_unproven("study", &r.lpcert,
                                   hs_instance_nsets(classes_instance(r.cls)), file);
    }
    free(text);
    cJSON_Delete(js);
    study_free(&r);
    if (cert)
        fclose(cert);
    if (lpc)
        fclose(lpc);
    return rc;
}

/* An MPI rank other than 0: scan its share of the hands, send it, print nothing. */
static int worker(options *o, const dist *d)
{
    char err[512];
    study r;
    o->cfg.sp.dist = d;
    int rc = study_run(&r, &o->cfg.sp, &o->cfg.hp, err, sizeof err);
    if (rc)
        fprintf(stderr, "t24 study: rank %d: %s\n", d->rank, err);
    study_free(&r);
    return rc ? ARGS_EXIT_USAGE : 0;
}

int cmd_study(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, &o);
    if (rc == 1) {
        fputs(help_head, stdout);
        study_options_help(stdout, STUDY_OPTIONS_STUDY);
        fputs(help_tail, stdout);
        return 0;
    }
    if (rc)
        return rc;
    if (preflight(&o))
        return 0;
    char err[512];
    dist d;
    if (dist_init(&d, NULL, NULL, err, sizeof err)) {
        fprintf(stderr, "t24 study: %s\n", err);
        return ARGS_EXIT_USAGE;
    }
    if (d.rank > 0) {
        rc = worker(&o, &d);
        dist_finish(&d, rc != 0);
        return rc;
    }
    if (d.size > 1)
        o.cfg.sp.dist = &d;
    bool scanned = false;
    rc = run(&o, &scanned);
    dist_finish(&d, rc != 0 && !scanned);
    return rc;
}
