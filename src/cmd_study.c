/* cmd_study.c - `t24 study`: parse options, run the study, print and export it. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "artifact.h"
#include "cli.h"
#include "report.h"
#include "study.h"

static const char help[] =
    "usage: t24 study [options]\n"
    "\n"
    "Enumerate the expression templates, evaluate them exactly on every hand of a deck\n"
    "and report which hands are solvable and by which templates.\n"
    "\n"
    "options:\n"
    "  --cards N            cards per hand, 2-6 (default 4)\n"
    "  --deck LO-HI         card values LO..HI, 0 <= LO <= HI <= 1000000 (default 1-11)\n"
    "  --target T           the number to make, any integer (default 24)\n"
    "  --groupings FAMILY   reduced (3 shapes, 4 cards only) or all (default: reduced\n"
    "                       for 4 cards, all otherwise)\n"
    "  --threads N          evaluation threads, 1-64 (default 2)\n"
    "  --json               print one JSON object instead of the readable report\n"
    "  --timings            add the time of each phase (not deterministic)\n"
    "  --out DIR            also write solutions.txt, templates.tsv, hands.tsv and\n"
    "                       study.json into DIR (all or nothing)\n"
    "  -h, --help           show this help\n";

typedef struct {
    study_params sp;
    bool groupings_set;
    bool json;
    bool timings;
    const char *out;
} options;

/* Returns 0, 1 for --help, or ARGS_EXIT_USAGE after printing the problem. */
static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    study_params_init(&o->sp);
    for (int i = 1; i < argc; i++) {
        bool missing = false;
        const char *v;
        if (args_is_help(argv[i]))
            return 1;
        if (strcmp(argv[i], "--json") == 0) {
            o->json = true;
        } else if (strcmp(argv[i], "--timings") == 0) {
            o->timings = true;
        } else if ((v = args_value(argc, argv, &i, "--cards", &missing))) {
            if (args_int_range(v, TEMPLATE_MIN_CARDS, TEMPLATE_MAX_CARDS, &o->sp.ncards))
                return args_error("study", "--cards must be an integer from 2 to 6, not '%s'", v);
        } else if ((v = args_value(argc, argv, &i, "--deck", &missing))) {
            if (args_deck(v, &o->sp.lo, &o->sp.hi))
                return args_error("study", "--deck must be LO-HI with 0 <= LO <= HI <= "
                                           "1000000, not '%s'", v);
        } else if ((v = args_value(argc, argv, &i, "--target", &missing))) {
            if (args_int64(v, &o->sp.target))
                return args_error("study", "--target must be an integer, not '%s'", v);
        } else if ((v = args_value(argc, argv, &i, "--groupings", &missing))) {
            if (template_groupings_parse(v, &o->sp.groupings))
                return args_error("study", "--groupings must be 'reduced' or 'all', not '%s'", v);
            o->groupings_set = true;
        } else if ((v = args_value(argc, argv, &i, "--threads", &missing))) {
            if (args_int_range(v, 1, 64, &o->sp.nthreads))
                return args_error("study", "--threads must be an integer from 1 to 64, not '%s'", v);
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
    if (!o->groupings_set)
        o->sp.groupings = o->sp.ncards == 4 ? TEMPLATE_REDUCED : TEMPLATE_ALL;
    if (o->sp.groupings == TEMPLATE_REDUCED && o->sp.ncards != 4)
        return args_error("study", "--groupings reduced exists for 4 cards only, not %d",
                          o->sp.ncards);
    if (hand_count_multisets(o->sp.ncards, o->sp.lo, o->sp.hi) == UINT64_MAX)
        return args_error("study", "deck %lld-%lld with %d cards has more than %u hands",
                          (long long)o->sp.lo, (long long)o->sp.hi, o->sp.ncards,
                          HAND_MAX_COUNT);
    return 0;
}

static void progress(void *ctx, uint32_t done, uint32_t total)
{
    (void)ctx;
    fprintf(stderr, "\rt24 study: evaluated %u of %u hands", done, total);
    if (done == total)
        fputc('\n', stderr);
}

static int write_templates(const study *st, FILE *fp)
{
    fprintf(fp, "id\tfull\treadable\n");
    uint32_t n = template_family_count(st->family);
    for (uint32_t id = 0; id < n; id++) {
        char full[128], readable[128];
        template_format(st->family, id, TEMPLATE_FULL, NULL, full, sizeof full);
        template_format(st->family, id, TEMPLATE_READABLE, NULL, readable, sizeof readable);
        fprintf(fp, "%u\t%s\t%s\n", id, full, readable);
    }
    return 0;
}

static int write_hands(const study *st, FILE *fp)
{
    fprintf(fp, "index\thand\tsolvable\tfamily_solutions\n");
    for (uint32_t h = 0; h < hand_set_count(st->hands); h++) {
        char hand[128];
        hand_format(hand_set_hand(st->hands, h), st->params.ncards, hand, sizeof hand);
        fprintf(fp, "%u\t%s\t%d\t%llu\n", h, hand, st->truly_solvable[h] ? 1 : 0,
                (unsigned long long)solset_row_len(&st->sols, h));
    }
    return 0;
}

static int write_out(artifact_set *a, const study *st, const char *json)
{
    FILE *sol = artifact_open(a, "solutions.txt");
    FILE *tm = artifact_open(a, "templates.tsv");
    FILE *hd = artifact_open(a, "hands.tsv");
    FILE *js = artifact_open(a, "study.json");
    if (!sol || !tm || !hd || !js)
        return -1;
    if (solset_write(&st->sols, st->hands, sol) || write_templates(st, tm) ||
        write_hands(st, hd))
        return -1;
    fprintf(js, "%s\n", json);
    return 0;
}

int cmd_study(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, &o);
    if (rc == 1) {
        fputs(help, stdout);
        return 0;
    }
    if (rc)
        return rc;
    char err[512];
    artifact_set *a = NULL;
    if (o.out && !(a = artifact_begin(o.out, err, sizeof err))) {
        fprintf(stderr, "t24 study: %s\n", err);
        return ARGS_EXIT_USAGE;
    }
    if (isatty(STDERR_FILENO))
        o.sp.progress = progress;
    study st;
    if (study_run(&st, &o.sp, err, sizeof err)) {
        fprintf(stderr, "t24 study: %s\n", err);
        artifact_abort(a);
        return ARGS_EXIT_USAGE;
    }
    cJSON *js = report_study_json(&st);
    if (o.timings) {
        cJSON *t = cJSON_AddObjectToObject(js, "seconds");
        cJSON_AddNumberToObject(t, "enumerate", st.seconds_enumerate);
        cJSON_AddNumberToObject(t, "complete", st.seconds_complete);
    }
    char *text = cJSON_Print(js);
    rc = 0;
    if (a && write_out(a, &st, text)) {
        artifact_abort(a); /* removes every temporary */
        snprintf(err, sizeof err, "cannot write into '%s'", o.out);
        a = NULL;
        rc = ARGS_EXIT_USAGE;
    } else if (a && artifact_commit(a, err, sizeof err)) {
        rc = ARGS_EXIT_USAGE; /* commit freed the set and removed the temporaries */
    }
    if (rc) {
        fprintf(stderr, "t24 study: %s\n", err);
    } else if (o.json) {
        printf("%s\n", text);
    } else {
        report_study_text(&st, stdout);
        if (o.timings)
            printf("\nseconds: enumerate %.6f, complete %.6f\n", st.seconds_enumerate,
                   st.seconds_complete);
    }
    free(text);
    cJSON_Delete(js);
    study_free(&st);
    return rc;
}
