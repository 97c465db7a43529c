/* cmd_restrict.c - `t24 restrict`: a sub-instance of some of an instance's sets, and a
 * certificate of it lifted to the whole instance (hitset/t24hs.h, hs_sub_*). */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/artifact.h"
#include "cli/cli.h"
#include "cli/cover_input.h"
#include "core/parse.h"
#include "hitset/t24hs.h"

static const char usage_text[] =
    "usage: t24 restrict [options] --out FILE INSTANCE\n"
    "\n"
    "Every cover hits each set, so the optimum of the sub-instance made of some of the\n"
    "sets of INSTANCE (a PACE hitting-set file) is a lower bound for INSTANCE. Writes that\n"
    "sub-instance to FILE: the chosen sets in INSTANCE's order, and one element for each\n"
    "distinct trace of INSTANCE's elements on them (an element's trace: the chosen sets\n"
    "that hold it; the lowest element with it stands for it). With --lift, writes\n"
    "instead a certificate of it (t24 cover --certificate on FILE) lifted to INSTANCE,\n"
    "which t24-check verifies there. A line on stdout says what was written.\n"
    "\n"
    "the sets (at least one option; their union):\n"
    "  --support CERT   the sets with a positive multiplier in CERT, a certificate of\n"
    "                   INSTANCE (t24 cover --lp-certificate: the LP's dual support)\n"
    "  --top K          with --support: only the K of them with the largest\n"
    "                   multipliers (ties: the lower number)\n"
    "  --smallest K     the K sets with fewest elements (ties: the lower number)\n"
    "  --sets LIST      these sets, numbered from 1, separated by commas\n"
    "\n"
    "options:\n"
    "  --lift SUBCERT   write SUBCERT, a certificate of the sub-instance the options\n"
    "                   above choose, lifted to INSTANCE: a drop of each other set, set\n"
    "                   numbers mapped back (its instance line must name the sub-instance)\n"
    "  --out FILE       the file to write, whole or not at all (required)\n"
    "  -h, --help       show this help\n"
    "\n"
    "INSTANCE is read within an hour; every file is read whole before FILE is written.\n"
    "\n"
    "exit status: 0 written; 2 a usage error, an unreadable or malformed file, a\n"
    "certificate of another instance, or FILE not written (one line on stderr).\n";

typedef struct {
    const char *input, *out, *support, *lift, *sets;
    uint32_t smallest, top;
    bool has_smallest;
} restrict_options;

/* How long reading INSTANCE may take: deck 1-7's 66 M entries read in about a minute; a
 * FIFO that never ends, or a flood of lines, stops here (the lift is linear after it). */
#define RESTRICT_READ_SECONDS 3600.0

static int sets_count(const char *name, const char *v, uint32_t *k)
{
    int64_t x;
    if (!v)
        return args_error("restrict", "%s needs a value", name);
    if (parse_int64(v, &x) || x < 0 || x > UINT32_MAX)
        return args_error("restrict", "%s '%s': not a count (0 to %u)", name, v, UINT32_MAX);
    *k = (uint32_t)x;
    return 0;
}

/* A file option: given once, not empty, not standard input. */
static int take_file(const char *name, const char *v, const char **slot)
{
    if (!v || !v[0])
        return args_error("restrict", "%s needs a file name", name);
    if (*slot)
        return args_error("restrict", "%s given twice ('%s', then '%s')", name, *slot, v);
    if (strcmp(v, "-") == 0)
        return args_error("restrict", "%s needs a file, not '-'", name);
    *slot = v;
    return 0;
}

static int parse_option(restrict_options *o, int argc, char **argv, int *i)
{
    static const char *const files[] = { "--support", "--lift", "--out", "--sets" };
    const char **slots[] = { &o->support, &o->lift, &o->out, &o->sets };
    const char *v;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++)
        if (args_option(argc, argv, i, files[f], &v))
            return take_file(files[f], v, slots[f]);
    if (args_option(argc, argv, i, "--smallest", &v)) {
        o->has_smallest = true;
        return sets_count("--smallest", v, &o->smallest);
    }
    if (args_option(argc, argv, i, "--top", &v)) {
        int rc = sets_count("--top", v, &o->top);
        return rc ? rc : o->top == 0 ? args_error("restrict", "--top 0: no set") : 0;
    }
    if (argv[*i][0] == '-' && argv[*i][1])
        return args_error("restrict", "unknown option '%s'", argv[*i]);
    if (o->input)
        return args_error("restrict", "one INSTANCE only ('%s', then '%s')", o->input, argv[*i]);
    o->input = argv[*i];
    return 0;
}

static int parse_args(restrict_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) /* a value's option leaves i on the value */
        if (parse_option(o, argc, argv, &i))
            return ARGS_EXIT_USAGE;
    if (!o->input)
        return args_error("restrict", "no INSTANCE given");
    if (!o->out)
        return args_error("restrict", "no --out FILE given");
    if (!o->support && !o->has_smallest && !o->sets)
        return args_error("restrict", "no sets chosen: give --support, --smallest or --sets");
    if (o->top && !o->support)
        return args_error("restrict", "--top goes with --support");
    char err[512];
    if (artifact_check_target(o->out, err, sizeof err))
        return args_error("restrict", "%s (--out)", err);
    return 0;
}

/* --sets LIST: each 1..M, marked. */
static int mark_list(const char *list, uint32_t m, bool *keep)
{
    const char *p = list;
    for (;;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char word[24];
        int64_t x;
        if (len == 0 || len >= sizeof word)
            return args_error("restrict", "--sets '%s': not a list of set numbers", list);
        memcpy(word, p, len);
        word[len] = '\0';
        if (parse_int64(word, &x) || x < 1 || x > m)
            return args_error("restrict", "--sets: '%s' is not a set (1 to %u)", word, m);
        keep[x - 1] = true;
        if (!end)
            return 0;
        p = end + 1;
    }
}

static int mark_support(const char *path, uint32_t top, const hs_instance *h, bool *keep)
{
    char err[512];
    FILE *fp = args_open_input(path, err, sizeof err);
    if (!fp)
        return args_message("restrict", "--support: %s", err);
    int rc = hs_sub_mark_support(fp, h, top, keep, NULL, err, sizeof err);
    args_close_input(fp);
    return rc ? args_message("restrict", "--support '%s': %s", path, err) : 0;
}

/* The sets the options choose, as flags (the caller frees them), or NULL when one fails
 * (said). */
static bool *choose(const restrict_options *o, const hs_instance *h)
{
    char err[512];
    uint32_t m = hs_instance_nsets(h);
    bool *keep = calloc(m ? m : 1, sizeof *keep);
    int rc = keep ? 0 : args_message("restrict", "out of memory");
    if (!rc && o->sets)
        rc = mark_list(o->sets, m, keep);
    if (!rc && o->support)
        rc = mark_support(o->support, o->top, h, keep);
    if (!rc && o->has_smallest && hs_sub_mark_smallest(h, o->smallest, keep, err, sizeof err))
        rc = args_message("restrict", "%s", err);
    if (!rc)
        return keep;
    free(keep);
    return NULL;
}

/* The lifted certificate into tmp. */
static int lift_into(const restrict_options *o, const hs_instance *h, const hs_sub *sub,
                     FILE *tmp)
{
    char err[512];
    FILE *in = args_open_input(o->lift, err, sizeof err);
    int rc = !in ? -1 : hs_sub_lift(sub, h, in, tmp, err, sizeof err);
    if (in)
        args_close_input(in);
    return rc ? args_message("restrict", "--lift '%s': %s", o->lift, err) : 0;
}

/* The sub-instance, or the lifted certificate, written through a temporary; then one line
 * on stdout says what was written. */
static int write_out(const restrict_options *o, const hs_instance *h, const hs_sub *sub)
{
    char err[512];
    const hs_instance *s = hs_sub_instance(sub);
    FILE *tmp = tmpfile();
    if (!tmp)
        return args_message("restrict", "cannot create a temporary file: %s", strerror(errno));
    int rc = o->lift ? lift_into(o, h, sub, tmp)
             : hs_instance_write_pace(tmp, s, "t24 restrict: a sub-instance (some of the "
                                              "instance's sets, in its order; one element "
                                              "per distinct trace of its elements on them)")
                 ? args_message("restrict", "cannot write the sub-instance: %s", strerror(errno))
                 : 0;
    if (!rc && artifact_save_stream(tmp, o->out, o->lift ? "lifted certificate" : "sub-instance",
                                    err, sizeof err))
        rc = args_message("restrict", "%s", err);
    fclose(tmp);
    if (!rc)
        printf("%s %s: %u of %u sets, %u elements for %u (%u duplicate traces, %u empty)\n",
               o->lift ? "lifted certificate" : "sub-instance", o->out, hs_instance_nsets(s),
               hs_instance_nsets(h), hs_instance_nelems(s), hs_instance_nelems(h),
               hs_sub_duplicates(sub),
               hs_instance_nelems(h) - hs_instance_nelems(s) - hs_sub_duplicates(sub));
    return rc;
}

int cmd_restrict(int argc, char **argv)
{
    if (argc >= 2 && args_is_help(argv[1])) {
        fputs(usage_text, stdout);
        return 0;
    }
    restrict_options o;
    if (parse_args(&o, argc, argv))
        return ARGS_EXIT_USAGE;
    char err[512];
    hs_instance *h = cover_input_read(o.input, hs_clock() + RESTRICT_READ_SECONDS, NULL, err,
                                      sizeof err);
    if (!h)
        return args_message("restrict", "%s", err);
    bool *keep = choose(&o, h);
    hs_sub *sub = keep ? hs_sub_new(h, keep, err, sizeof err) : NULL;
    int rc = !keep ? ARGS_EXIT_USAGE
             : !sub ? args_message("restrict", "%s", err)
                    : write_out(&o, h, sub);
    hs_sub_free(sub);
    free(keep);
    hs_instance_free(h);
    return rc;
}
