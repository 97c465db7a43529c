/* cover_input.c - `t24 cover`'s instance FILE, read within its time limit; see
 * cover_input.h. */
#include "cli/cover_input.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "core/timedread.h"

hs_instance *cover_input_read(const char *file, double deadline, const cancel_check *stop,
                              char *err, size_t errsize)
{
    char why[400];
    const char *name = file && strcmp(file, "-") ? file : "standard input";
    FILE *fp = args_open_input(file, err, errsize);
    if (!fp)
        return NULL;
    FILE *in = timedread_open(fileno(fp), deadline, stop);
    hs_instance *h = in ? hs_instance_read_pace_until(in, deadline, why, sizeof why) : NULL;
    if (!in)
        snprintf(why, sizeof why, "cannot read: %s", strerror(errno));
    else
        fclose(in);
    args_close_input(fp);
    /* the reader's own words would be "read error" */
    if (!h && cancel_requested(stop, STOP_SITE_READ_CAUSE))
        snprintf(err, errsize, "%s: stopped by a signal while reading", name);
    else if (!h)
        snprintf(err, errsize, "%s: %s", name, why);
    return h;
}
