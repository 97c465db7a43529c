/* export.c - MathProg and CPLEX LP files of an instance; see export.h. */
#include "hitset/model/export.h"

#define PER_LINE 16 /* terms per line: CPLEX LP readers limit line length */

static int done(FILE *fp) { return ferror(fp) ? -1 : 0; }

/* MathProg data for models/hitting_set.mod. */
int export_dat(FILE *fp, const instance *h, const char *comment)
{
    uint32_t ns = instance_nsets(h);
    if (comment)
        fprintf(fp, "/* %s */\n", comment);
    fprintf(fp, "data;\n\nparam n := %u;\n\nset H :=", instance_nelems(h));
    for (uint32_t s = 0; s < ns; s++)
        fprintf(fp, "%s%u", s % PER_LINE ? " " : "\n  ", s + 1);
    fprintf(fp, ";\n\n");
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        fprintf(fp, "set S[%u] :=", s + 1);
        for (uint32_t i = 0; i < len; i++)
            fprintf(fp, "%s%u", i && i % PER_LINE == 0 ? "\n  " : " ", el[i] + 1);
        fprintf(fp, ";\n");
    }
    fprintf(fp, "\nend;\n");
    return done(fp);
}

/* CPLEX LP. The objective lists every element so unused ones still exist as columns. */
int export_lp(FILE *fp, const instance *h, const char *comment)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    if (comment)
        fprintf(fp, "\\ %s\n", comment);
    fprintf(fp, "Minimize\n size:");
    for (uint32_t e = 0; e < ne; e++)
        fprintf(fp, "%s%sx%u", e && e % PER_LINE == 0 ? "\n " : " ", e ? "+ " : "", e + 1);
    if (ne == 0)
        fprintf(fp, " 0 x0");
    fprintf(fp, "\nSubject To\n");
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        fprintf(fp, " h%u:", s + 1);
        for (uint32_t i = 0; i < len; i++)
            fprintf(fp, "%s%sx%u", i && i % PER_LINE == 0 ? "\n " : " ", i ? "+ " : "",
                    el[i] + 1);
        fprintf(fp, " >= 1\n");
    }
    fprintf(fp, "Binary\n");
    for (uint32_t e = 0; e < ne; e++)
        fprintf(fp, " x%u\n", e + 1);
    fprintf(fp, "End\n");
    return done(fp);
}
