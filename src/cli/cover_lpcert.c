/* cover_lpcert.c - `t24 cover --lp-certificate FILE`; see cover_lpcert.h. */
#include "cli/cover_lpcert.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/artifact.h"
#include "study/jsonint.h"
#include "study/study.h"

int cover_lpcert_parse(cover_lpcert *c, int argc, char **argv, int *i)
{
    const char *v;
    if (!args_option(argc, argv, i, "--lp-certificate", &v))
        return 0;
    if (!v || !v[0])
        return args_error("cover", "--lp-certificate needs %s", v ? "a file name" : "a value");
    if (c->path)
        return args_error("cover", "--lp-certificate given twice ('%s', then '%s')", c->path, v);
    if (strcmp(v, "-") == 0)
        return args_error("cover", "--lp-certificate needs a file, not '-' (standard input "
                                   "is the instance's)");
    c->path = v;
    return 1;
}

/* Do paths a and b name one file: one existing file, or the same name in one folder?
 * Compared by device and inode, not as text ("x" and "./x"). */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ca[PATH_MAX], cb[PATH_MAX], na[PATH_MAX], nb[PATH_MAX];
    snprintf(ca, sizeof ca, "%s", a);
    snprintf(cb, sizeof cb, "%s", b);
    snprintf(na, sizeof na, "%s", a);
    snprintf(nb, sizeof nb, "%s", b);
    if (strcmp(basename(na), basename(nb)) != 0)
        return false;
    return stat(dirname(ca), &sa) == 0 && stat(dirname(cb), &sb) == 0 &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int cover_lpcert_check(const cover_lpcert *c, bool other_mode, const char *input,
                       const char *certificate)
{
    char err[512], dir[PATH_MAX];
    if (!c->path)
        return -1;
    if (other_mode)
        return args_error("cover", "--lp-certificate goes with a cover run, not --estimate "
                                   "or a cube mode");
    if (input && strcmp(input, "-") != 0 && same_file(c->path, input))
        return args_error("cover", "--lp-certificate '%s' is the instance itself", c->path);
    if (certificate && same_file(c->path, certificate))
        return args_error("cover", "--lp-certificate and --certificate name one file, '%s'",
                          c->path);
    if (artifact_check_target(c->path, err, sizeof err))
        return args_error("cover", "%s (--lp-certificate)", err);
    /* Its folder must take the temporary it is written through, before any work. */
    snprintf(dir, sizeof dir, "%s", c->path);
    if (access(dirname(dir), W_OK) != 0)
        return args_error("cover", "--lp-certificate '%s': cannot write into its folder: %s",
                          c->path, strerror(errno));
    return -1;
}

int cover_lpcert_run(cover_lpcert *c, const hs_instance *h, const hs_params *hp,
                     progress_line *line)
{
    char err[512];
    if (!c->path)
        return 0;
    /* hp's cancel is incumbent.h's: a signal ends column generation with its bound. */
    hs_lp_certificate_params p;
    if (study_lpcert_params(hp, COVER_LPCERT_SHARE,
                            "t24 cover --lp-certificate: a Lagrangian bound from column "
                            "generation's duals", &p, err, sizeof err))
        return args_message("cover", "%s", err);
    if (line->log)
        progress_log(line, "LP certificate: column generation on the whole instance");
    FILE *tmp = tmpfile();
    if (!tmp)
        return args_message("cover", "cannot create a temporary file for the LP certificate: %s",
                            strerror(errno));
    int rc = hs_lp_certificate(h, &p, tmp, &c->rep, err, sizeof err) ||
             artifact_save_stream(tmp, c->path, "LP certificate", err, sizeof err);
    fclose(tmp);
    if (rc)
        return args_message("cover", "no LP certificate: %s", err);
    c->written = true;
    line->floor = c->rep.bound; /* the run's later lines show no smaller bound */
    if (line->log) {
        char text[192];
        snprintf(text, sizeof text, "LP certificate: bound %u (L = %.6f; column generation %s) "
                 "in %s", c->rep.bound, c->rep.value,
                 c->rep.lp_reached ? "converged" : "stopped first", c->path);
        progress_log(line, text);
    }
    return cover_lpcert_unproven("cover", &c->rep, hs_instance_nsets(h), c->path);
}

bool cover_lpcert_proves_nothing(const hs_lp_certificate_report *r, uint32_t nsets)
{
    return !r->lp_reached && r->bound <= (nsets > 0 ? 1u : 0u);
}

int cover_lpcert_unproven(const char *cmd, const hs_lp_certificate_report *r, uint32_t nsets,
                          const char *file)
{
    if (!cover_lpcert_proves_nothing(r, nsets))
        return 0;
    /* Written all the same: it is true, and replaces whatever FILE held before. */
    args_message(cmd, "the LP certificate in %s proves nothing: bound %u, which every cover "
                      "has (column generation stopped before the LP optimum, after %u rounds "
                      "in %.1f s: the time limit or a signal)", file, r->bound, r->rounds,
                 r->seconds);
    return COVER_LPCERT_EXIT_UNPROVEN;
}

void cover_lpcert_report_json(cJSON *obj, const hs_lp_certificate_report *r, const char *file)
{
    cJSON *o = cJSON_AddObjectToObject(obj, "lp_certificate");
    jsonint_add(o, "bound", r->bound);
    cJSON_AddNumberToObject(o, "value", r->value);
    cJSON_AddBoolToObject(o, "lp_reached", r->lp_reached);
    jsonint_add(o, "rounds", r->rounds);
    jsonint_add(o, "columns", r->columns);
    jsonint_add(o, "multipliers", r->multipliers);
    jsonint_add(o, "bytes", (int64_t)r->bytes);
    cJSON_AddStringToObject(o, "file", file);
}

void cover_lpcert_json(cJSON *obj, const cover_lpcert *c)
{
    if (c->written)
        cover_lpcert_report_json(obj, &c->rep, c->path);
}
