/* cover_lpcert.c - `t24 cover --lp-certificate FILE`; see cover_lpcert.h. */
#include "cli/cover_lpcert.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/artifact.h"
#include "cli/incumbent.h"
#include "study/jsonint.h"

int cover_lpcert_parse(cover_lpcert *c, int argc, char **argv, int *i)
{
    const char *v;
    if (!args_option(argc, argv, i, "--lp-certificate", &v))
        return 0;
    if (!v || !v[0])
        return args_error("cover", "--lp-certificate needs %s", v ? "a file name" : "a value");
    c->path = v;
    return 1;
}

int cover_lpcert_check(const cover_lpcert *c, bool other_mode)
{
    char err[512];
    if (!c->path)
        return -1;
    if (other_mode)
        return args_error("cover", "--lp-certificate goes with a cover run, not --estimate "
                                   "or a cube mode");
    if (artifact_check_target(c->path, err, sizeof err))
        return args_error("cover", "%s (--lp-certificate)", err);
    return -1;
}

int cover_lpcert_run(cover_lpcert *c, const hs_instance *h, double deadline, int mem_limit_mb,
                     progress_line *line)
{
    char err[512];
    if (!c->path)
        return 0;
    hs_lp_certificate_params p;
    hs_lp_certificate_params_init(&p);
    p.seconds = COVER_LPCERT_SHARE * (deadline - hs_clock());
    p.mem_limit_mb = mem_limit_mb;
    p.cancelled = incumbent_stop_requested; /* a signal: the bound reached so far */
    p.comment = "t24 cover --lp-certificate: the LP bound by column generation, one leaf";
    if (!(p.seconds > 0))
        return args_message("cover", "no LP certificate: the time limit ran out before it");
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
        return args_message("cover", "%s", err);
    c->written = true;
    if (line->log) {
        char text[160];
        snprintf(text, sizeof text, "LP certificate: bound %u (L = %.6f%s) in %s", c->rep.bound,
                 c->rep.value, c->rep.lp_reached ? ", the LP optimum" : ", stopped below the LP",
                 c->path);
        progress_log(line, text);
    }
    return 0;
}

void cover_lpcert_json(cJSON *obj, const cover_lpcert *c)
{
    if (!c->written)
        return;
    cJSON *o = cJSON_AddObjectToObject(obj, "lp_certificate");
    jsonint_add(o, "bound", c->rep.bound);
    cJSON_AddNumberToObject(o, "value", c->rep.value);
    cJSON_AddBoolToObject(o, "lp_reached", c->rep.lp_reached);
    jsonint_add(o, "rounds", c->rep.rounds);
    jsonint_add(o, "columns", c->rep.columns);
    jsonint_add(o, "multipliers", c->rep.multipliers);
    jsonint_add(o, "bytes", c->rep.bytes);
    cJSON_AddStringToObject(o, "file", c->path);
}
