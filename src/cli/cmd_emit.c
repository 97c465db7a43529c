/* cmd_emit.c - `t24 emit`: the study's best cover as a generated C table. */
#include <cjson/cJSON.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/artifact.h"
#include "cli/cli.h"
#include "emit/standalone.h"
#include "cli/progress.h"
#include "emit/tablegen.h"
#include "study/study.h"
#include "cli/study_options.h"
#include "study/jsonint.h"
#include "core/walltime.h"

/* The help, around the shared options' lines (study_options_help()). */
static const char help_head[] =
    "usage: t24 emit [options]\n"
    "\n"
    "Run the study for a configuration, take its best cover (the proven minimum when\n"
    "it is proven), add templates of other groupings for hands the family misses,\n"
    "order them so few are tried per hand, and write the table as C source.\n"
    "\n"
    "options:\n"
    "  --cards N            cards per hand, 2-7 (default 4)\n"
    "  --deck LO-HI         card values LO..HI (default 1-11)\n"
    "  --target T           the number to make, any integer (default 24)\n"
    "  --groupings FAMILY   reduced or all (default: reduced for 4 cards, else all)\n";

static const char help_tail[] =
    "  --name NAME          C name of the table (default table_default; with\n"
    "                       --standalone, t24)\n"
    "  --out FILE           write the C source to FILE (all or nothing) instead of stdout\n"
    "  --standalone         write one self-contained C99 file for other programs, with\n"
    "                       int NAME_solve(const int *cards, char *buf, size_t size)\n"
    "  --header FILE        with --standalone and --out: also write its header to FILE\n"
    "                       (same folder as --out)\n"
    "  --json               print a JSON summary on stdout (needs --out)\n"
    "  -h, --help           show this help\n"
    "  -V, --version        print the version (as the only option)\n"
    "\n"
    "exit status: 0 success; 2 a usage error, bad input or an output that could not be\n"
    "written (one line on stderr; nothing is left half-written).\n";

typedef struct {
    study_options cfg;
    const char *name;
    const char *out;
    const char *header; /* --header: the standalone file's declarations */
    bool json;
    bool standalone;
} options;

static bool is_c_name(const char *s)
{
    if (!*s || (*s >= '0' && *s <= '9'))
        return false;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9')))
            return false;
    return true;
}

/* Do the two paths have the same base name (libgen.h's basename may write into its
 * argument: copies are compared)? */
static bool same_base(const char *a, const char *b)
{
    char *ca = strdup(a), *cb = strdup(b);
    bool same = ca && cb && strcmp(basename(ca), basename(cb)) == 0;
    free(ca);
    free(cb);
    return same;
}

/* A folder as the file system knows it: its device and inode when it exists; when it does
 * not (--out creates one level, artifact_begin), its parent's and its own name; when
 * neither exists, only its text. */
typedef struct {
    int level; /* 0: the folder itself, 1: its parent and name, 2: text only */
    dev_t dev;
    ino_t ino;
    char name[PATH_MAX];
} folder_id;

static void folder_of(const char *path, folder_id *f)
{
    char copy[PATH_MAX], dir[PATH_MAX], parent[PATH_MAX], base[PATH_MAX];
    struct stat st;
    memset(f, 0, sizeof *f);
    snprintf(copy, sizeof copy, "%s", path);
    snprintf(dir, sizeof dir, "%s", dirname(copy));
    if (stat(dir, &st) == 0) {
        f->dev = st.st_dev;
        f->ino = st.st_ino;
        return;
    }
    snprintf(parent, sizeof parent, "%s", dir);
    snprintf(base, sizeof base, "%s", dir);
    if (stat(dirname(parent), &st) == 0) {
        f->level = 1;
        f->dev = st.st_dev;
        f->ino = st.st_ino;
        snprintf(f->name, sizeof f->name, "%s", basename(base));
        return;
    }
    f->level = 2;
    snprintf(f->name, sizeof f->name, "%s", dir);
}

/* Are the two files in one folder? Compared as folders, not as path text (issue 26):
 * "x.c" and "$PWD/y.h", or a path through a symbolic link to the folder, are one folder.
 * Both files go into one all-or-nothing set (artifact.h), which lives in one folder: the
 * header is written there under its base name. */
static bool same_folder(const char *a, const char *b)
{
    folder_id fa, fb;
    folder_of(a, &fa);
    folder_of(b, &fb);
    return fa.level == fb.level && fa.dev == fb.dev && fa.ino == fb.ino &&
           strcmp(fa.name, fb.name) == 0;
}

static int parse(int argc, char **argv, options *o)
{
    bool name_given = false;
    memset(o, 0, sizeof *o);
    study_options_init(&o->cfg);
    o->name = "table_default";
    for (int i = 1; i < argc; i++) {
        bool missing = false;
        const char *v;
        int rc;
        if (args_is_help(argv[i]))
            return 1;
        if ((rc = study_options_parse(&o->cfg, STUDY_OPTIONS_EMIT, argc, argv, &i)) != STUDY_OPTIONS_NOT_MINE) {
            if (rc)
                return rc;
        } else if (strcmp(argv[i], "--json") == 0) {
            o->json = true;
        } else if (strcmp(argv[i], "--standalone") == 0) {
            o->standalone = true;
        } else if ((v = args_value(argc, argv, &i, "--header", &missing))) {
            if (!*v)
                return args_error("emit", "--header needs a file name");
            o->header = v;
        } else if ((v = args_value(argc, argv, &i, "--name", &missing))) {
            if (!is_c_name(v))
                return args_error("emit", "--name must be a C identifier, not '%s'", v);
            o->name = v;
            name_given = true;
        } else if ((v = args_value(argc, argv, &i, "--out", &missing))) {
            if (!*v)
                return args_error("emit", "--out needs a file name");
            o->out = v;
        } else if (missing) {
            return args_error("emit", "%s needs a value", argv[i]);
        } else {
            return args_error("emit", "unknown option '%s'", argv[i]);
        }
    }
    if (o->cfg.hp.coverage)
        return args_error("emit", "unknown option '--coverage' (it belongs to t24 study)");
    if (o->json && !o->out)
        return args_error("emit", "--json prints a summary, so the source needs --out FILE");
    if (o->header && (!o->standalone || !o->out))
        return args_error("emit", "--header '%s' needs --standalone and --out", o->header);
    if (o->header && !same_folder(o->out, o->header))
        return args_error("emit", "--header '%s' must be in the folder of --out '%s' (both "
                                  "are written all or nothing)", o->header, o->out);
    if (o->header && same_base(o->out, o->header))
        return args_error("emit", "--header '%s' is the file of --out '%s'", o->header, o->out);
    const char *files[] = { o->out, o->header };
    for (int k = 0; k < 2; k++) {
        char why[1024];
        size_t len = files[k] ? strlen(files[k]) : 0;
        if (len && files[k][len - 1] == '/')
            return args_error("emit", "%s '%s' ends with '/': it names a folder, not a file",
                              k ? "--header" : "--out", files[k]);
        if (files[k] && artifact_check_target(files[k], why, sizeof why))
            return args_message("emit", "%s", why);
    }
    if (o->standalone && !name_given)
        o->name = "t24";
    return study_options_finish(&o->cfg, "emit");
}

static cJSON *summary(const study *p, const tablegen_table *t, const char *command)
{
    cJSON *o = cJSON_CreateObject();
    jsonint_add_schema_version(o);
    cJSON_AddStringToObject(o, "command", command);
    cJSON_AddNumberToObject(o, "expressions", t->count);
    cJSON_AddNumberToObject(o, "from_cover", t->from_cover);
    cJSON_AddNumberToObject(o, "patched", t->patched);
    cJSON_AddNumberToObject(o, "dropped", t->dropped);
    cJSON_AddNumberToObject(o, "cover_size", p->hr.size);
    cJSON_AddBoolToObject(o, "cover_optimal", p->hr.optimal);
    cJSON_AddNumberToObject(o, "mean_tries", t->mean_tries);
    cJSON_AddNumberToObject(o, "mean_tries_all_hands", t->mean_tries_all);
    cJSON_AddNumberToObject(o, "mean_tries_id_order", t->mean_tries_id_order);
    cJSON_AddNumberToObject(o, "mean_tries_id_order_all_hands", t->mean_tries_id_order_all);
    return o;
}

/* The source (and with --header the header): t24's table, or the standalone file. */
static int write_files(const options *o, const study *p, tablegen_table *t,
                       const char *command, FILE *c, FILE *h, char *err, size_t errsize)
{
    if (!o->standalone)
        return tablegen_from_study(p, o->name, command, c, t, err, errsize);
    char note[256];
    if (tablegen_build_from_study(p, t, note, sizeof note, err, errsize) ||
        standalone_write_c(&p->st, t, note, o->name, command, c, err, errsize))
        return -1;
    if (h && standalone_write_header(&p->st, o->name, command, h)) {
        snprintf(err, errsize, "cannot write '%s'", o->header);
        return -1;
    }
    return 0;
}

/* Writes the source into --out through a temporary beside it (and the header beside it),
 * or to stdout. */
static int write_source(const options *o, const study *p, tablegen_table *t,
                        const char *command, char *err, size_t errsize)
{
    if (!o->out)
        return write_files(o, p, t, command, stdout, NULL, err, errsize);
    char *d = strdup(o->out), *b = strdup(o->out), *hb = o->header ? strdup(o->header) : NULL;
    artifact_set *a = d && b ? artifact_begin(dirname(d), err, errsize) : NULL;
    FILE *fp = a ? artifact_open(a, basename(b)) : NULL;
    FILE *hp = fp && hb ? artifact_open(a, basename(hb)) : NULL;
    int rc = -1;
    if (fp && (hp || !o->header) && write_files(o, p, t, command, fp, hp, err, errsize) == 0) {
        rc = artifact_commit(a, err, errsize);
        a = NULL;
    } else if (a && (!fp || (o->header && !hp))) {
        snprintf(err, errsize, "cannot write '%s'", fp ? o->header : o->out);
    }
    artifact_abort(a);
    free(d);
    free(b);
    free(hb);
    return rc;
}

int cmd_emit(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, &o);
    if (rc == 1) {
        fputs(help_head, stdout);
        study_options_help(stdout, STUDY_OPTIONS_EMIT);
        fputs(help_tail, stdout);
        return 0;
    }
    if (rc)
        return rc;
    char err[512] = "", command[384];
    study_options_command(&o.cfg, "emit", command, sizeof command);
    if (o.standalone) /* the command that writes this very file */
        snprintf(command + strlen(command), sizeof command - strlen(command),
                 " --standalone --name %s", o.name);
    study p;
    progress_line line = progress_line_make("emit", o.cfg.progress, walltime_now(),
                                            o.cfg.hp.time_limit);
    if (progress_wanted(o.cfg.progress)) {
        o.cfg.hp.progress = progress_show;
        o.cfg.hp.progress_ctx = &line;
    }
    int failed = study_run(&p, &o.cfg.sp, &o.cfg.hp, err, sizeof err);
    progress_end(&line);
    if (failed) {
        args_message("emit", "%s", err);
        return ARGS_EXIT_USAGE;
    }
    tablegen_table t = { 0 };
    rc = ARGS_EXIT_USAGE;
    if (write_source(&o, &p, &t, command, err, sizeof err))
        goto done;
    rc = 0;
    cJSON *js = summary(&p, &t, command);
    char *text = cJSON_Print(js);
    /* The summary is a note on stderr: --quiet silences it, as it does the progress;
     * the source and --json's summary are the results and stay. */
    if (o.json)
        printf("%s\n", text);
    else if (o.cfg.progress != PROGRESS_OFF)
        fprintf(stderr, "t24 emit: %u expressions (%u from the %s cover of %u, %u added for "
                        "hands the family misses); mean tries per solvable hand %.3f (id order "
                        "%.3f)\n", t.count, t.from_cover, p.hr.optimal ? "optimal" : "best",
                p.hr.size, t.patched, t.mean_tries, t.mean_tries_id_order);
    free(text);
    cJSON_Delete(js);
done:
    if (rc)
        args_message("emit", "%s", err);
    tablegen_table_free(&t);
    study_free(&p);
    return rc;
}
