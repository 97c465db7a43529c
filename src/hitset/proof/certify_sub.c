/* certify_sub.c - sub-instances and lifted certificates; see certify_sub.h. */
#include "hitset/proof/certify_sub.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/lines.h"
#include "hitset/proof/certify.h"

#define SEP " \t"

/* A decimal number of digits only (no sign, no space), at most UINT64_MAX. */
static bool parse_u64(const char *s, uint64_t *v)
{
    if (!s || !*s)
        return false;
    uint64_t x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        if (__builtin_mul_overflow(x, 10, &x) || __builtin_add_overflow(x, (uint64_t)(*s - '0'), &x))
            return false;
    }
    *v = x;
    return true;
}

/* "line L: why" into err; returns -1. */
__attribute__((format(printf, 4, 5))) static int fail(char *err, size_t errsize, long line,
                                                      const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(err, errsize, "line %ld: %s", line, why);
    return -1;
}

/* The next line that is not a comment (`c`, alone or before a blank) into *line. Returns
 * LINES_OK, LINES_EOF or a failure, said in err. Comments go to out when it is not NULL. */
static lines_status next_line(lines *r, char **line, FILE *out, char *err, size_t errsize)
{
    size_t len;
    lines_status st;
    while ((st = lines_next(r, line, &len)) == LINES_OK) {
        bool comment = (*line)[0] == 'c' && ((*line)[1] == '\0' || (*line)[1] == ' ' ||
                                            (*line)[1] == '\t');
        if (!comment)
            return LINES_OK;
        if (out && fprintf(out, "%s\n", *line) < 0)
            return LINES_ERROR;
    }
    if (st != LINES_EOF)
        fail(err, errsize, r->lineno + 1, "%s", lines_message(r, st));
    return st;
}

/* The head's `instance N M CHECKSUM` line (words after the first), against h. */
static int check_instance(char *rest, const instance *h, long lineno, char *err,
                          size_t errsize)
{
    char *save = NULL, *n = strtok_r(rest, SEP, &save), *m = strtok_r(NULL, SEP, &save);
    char *c = strtok_r(NULL, SEP, &save);
    uint64_t vn, vm;
    if (!parse_u64(n, &vn) || !parse_u64(m, &vm) || !c || strtok_r(NULL, SEP, &save))
        return fail(err, errsize, lineno, "not an 'instance N M CHECKSUM' line");
    char want[17];
    snprintf(want, sizeof want, "%016" PRIx64, certify_checksum(h));
    if (vn != instance_nelems(h) || vm != instance_nsets(h) || strcmp(c, want) != 0)
        return fail(err, errsize, lineno,
                    "the certificate is of another instance (%s %s %s, not %u %u %s)", n, m,
                    c, instance_nelems(h), instance_nsets(h), want);
    return 0;
}

/* The head up to `tree`, checked against h; every line but `instance` (and `tree`) is
 * written to out as it is (when out is not NULL), the `instance` line as whole's. */
static int read_head(lines *r, const instance *h, const instance *whole, FILE *out,
                     char *err, size_t errsize)
{
    char *line;
    if (next_line(r, &line, out, err, errsize) != LINES_OK)
        return r->lineno ? -1 : fail(err, errsize, 1, "empty: not a certificate");
    if (strcmp(line, "t24-certificate 1") != 0)
        return fail(err, errsize, r->lineno, "not a t24 certificate (version 1)");
    if (out && fputs("t24-certificate 1\n", out) < 0)
        return fail(err, errsize, r->lineno, "cannot write: %s", strerror(errno));
    bool seen = false;
    for (;;) {
        if (next_line(r, &line, out, err, errsize) != LINES_OK)
            return fail(err, errsize, r->lineno + 1, "no 'tree' line");
        if (strcmp(line, "tree") == 0)
            break;
        if (strncmp(line, "instance ", 9) == 0) {
            if (seen || check_instance(line + 9, h, r->lineno, err, errsize))
                return seen ? fail(err, errsize, r->lineno, "a second 'instance' line") : -1;
            seen = true;
            if (out && fprintf(out, "instance %u %u %016" PRIx64 "\n", instance_nelems(whole),
                               instance_nsets(whole), certify_checksum(whole)) < 0)
                return fail(err, errsize, r->lineno, "cannot write: %s", strerror(errno));
        } else if (strncmp(line, "bound ", 6) == 0 || strncmp(line, "denominator ", 12) == 0) {
            if (out && fprintf(out, "%s\n", line) < 0)
                return fail(err, errsize, r->lineno, "cannot write: %s", strerror(errno));
        } else {
            return fail(err, errsize, r->lineno, "not a line of a certificate's head");
        }
    }
    return seen ? 0 : fail(err, errsize, r->lineno, "no 'instance' line before 'tree'");
}

/* ---- the dual support ---- */

/* The `R:V` words of a multiplier list: sets with V > 0 marked in keep. */
static int mark_pairs(char *save, const instance *h, bool *keep, bool *seen, uint32_t *marked,
                      long lineno, char *err, size_t errsize)
{
    for (char *w; (w = strtok_r(NULL, SEP, &save));) {
        char *colon = strchr(w, ':');
        uint64_t row, v;
        if (!colon)
            return fail(err, errsize, lineno, "'%.40s' is not a multiplier R:V", w);
        *colon = '\0';
        if (!parse_u64(w, &row) || !parse_u64(colon + 1, &v) || row == 0)
            return fail(err, errsize, lineno, "'%.40s' is not a multiplier R:V", w);
        if (row > instance_nsets(h))
            return fail(err, errsize, lineno, "row %" PRIu64 " is not a set (M = %u)", row,
                        instance_nsets(h));
        if (seen[row - 1])
            return fail(err, errsize, lineno, "row %" PRIu64 " named twice", row);
        seen[row - 1] = true;
        if (v > 0) {
            keep[row - 1] = true;
            ++*marked;
        }
    }
    return 0;
}

/* The first tree line with `y`: its words after `y` marked. */
static int support_tree(lines *r, const instance *h, bool *keep, bool *seen, uint32_t *marked,
                        char *err, size_t errsize)
{
    char *line;
    for (;;) {
        if (next_line(r, &line, NULL, err, errsize) != LINES_OK)
            return fail(err, errsize, r->lineno + 1, "no node line with multipliers (y)");
        if (strcmp(line, "end") == 0)
            return fail(err, errsize, r->lineno, "no node line with multipliers (y)");
        char *save = NULL;
        for (char *w = strtok_r(line, SEP, &save); w; w = strtok_r(NULL, SEP, &save))
            if (strcmp(w, "y") == 0)
                return mark_pairs(save, h, keep, seen, marked, r->lineno, err, errsize);
    }
}

int certify_sub_support(FILE *cert, const instance *h, bool *keep, uint32_t *marked,
                        char *err, size_t errsize)
{
    lines r;
    lines_init(&r, cert, CERTIFY_SUB_LINE_MAX);
    uint32_t count = 0;
    bool *seen = calloc(instance_nsets(h) + 1u, sizeof *seen);
    int rc = !seen ? (snprintf(err, errsize, "out of memory"), -1)
                   : read_head(&r, h, h, NULL, err, errsize);
    if (rc == 0)
        rc = support_tree(&r, h, keep, seen, &count, err, errsize);
    free(seen);
    lines_free(&r);
    if (rc == 0 && marked)
        *marked = count;
    return rc;
}

/* ---- the smallest sets ---- */

typedef struct {
    uint32_t len, id;
} set_size;

static int by_size(const void *a, const void *b)
{
    const set_size *x = a, *y = b;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

int certify_sub_smallest(const instance *h, uint32_t k, bool *keep)
{
    uint32_t m = instance_nsets(h);
    set_size *s = malloc((m ? m : 1) * sizeof *s);
    if (!s)
        return -1;
    for (uint32_t i = 0; i < m; i++) {
        instance_set(h, i, &s[i].len);
        s[i].id = i;
    }
    qsort(s, m, sizeof *s, by_size);
    for (uint32_t i = 0; i < m && i < k; i++)
        keep[s[i].id] = true;
    free(s);
    return 0;
}

instance *certify_sub_instance(const instance *h, const bool *keep, uint32_t *set_map,
                               char *err, size_t errsize)
{
    uint32_t n = 0;
    for (uint32_t s = 0; s < instance_nsets(h); s++)
        n += keep[s];
    if (n == 0) {
        snprintf(err, errsize, "no set chosen for the sub-instance");
        return NULL;
    }
    instance *sub = instance_sub(h, NULL, keep, NULL, set_map);
    if (!sub)
        snprintf(err, errsize, "out of memory building the sub-instance");
    return sub;
}

/* ---- the lift ---- */

typedef struct {
    const instance *h, *sub;
    const uint32_t *map;
    FILE *out;
    long lineno;
    char *err;
    size_t errsize;
} lift;

/* Row r of the sub-instance (1-based: a set up to M', a cut above) as the whole's. */
static int put_row(lift *l, const char *w, bool set_only)
{
    uint64_t r, msub = instance_nsets(l->sub);
    if (!parse_u64(w, &r) || r == 0)
        return fail(l->err, l->errsize, l->lineno, "'%.40s' is not a row number", w);
    if (set_only && r > msub)
        return fail(l->err, l->errsize, l->lineno, "row %" PRIu64 " is not a set (M = %" PRIu64 ")",
                    r, msub);
    uint64_t whole = r <= msub ? (uint64_t)l->map[r - 1] + 1 : r - msub + instance_nsets(l->h);
    return fprintf(l->out, " %" PRIu64, whole) < 0 ? -1 : 0;
}

/* A word R:V with R mapped. */
static int put_pair(lift *l, char *w)
{
    char *colon = strchr(w, ':');
    if (!colon)
        return fail(l->err, l->errsize, l->lineno, "'%.40s' is not a pair R:V", w);
    *colon = '\0';
    if (put_row(l, w, false))
        return -1;
    return fprintf(l->out, ":%s", colon + 1) < 0 ? -1 : 0;
}

/* How a node's word before `y` is mapped: a set, a row, pairs, or kept. */
typedef enum { ARG_KEEP, ARG_SET, ARG_ROW, ARG_PAIR } arg_kind;

static int node_args(const char *kind, arg_kind *a)
{
    static const struct {
        const char *kind;
        arg_kind arg;
    } rows[] = { { "leaf", ARG_KEEP }, { "branch", ARG_KEEP }, { "dominated", ARG_KEEP },
                 { "open", ARG_KEEP }, { "split", ARG_SET }, { "drop", ARG_ROW },
                 { "cut", ARG_PAIR } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(kind, rows[i].kind) == 0) {
            *a = rows[i].arg;
            return 0;
        }
    return -1;
}

/* One node line, its words mapped (`leaf empty S` names a set). */
static int lift_node(lift *l, char *line)
{
    char *save = NULL, *kind = strtok_r(line, SEP, &save);
    arg_kind a;
    if (!kind || node_args(kind, &a))
        return fail(l->err, l->errsize, l->lineno, "'%.40s' is not a node", kind ? kind : "");
    if (fputs(kind, l->out) < 0)
        return -1;
    bool after_y = false, empty = false;
    for (char *w; (w = strtok_r(NULL, SEP, &save));) {
        int rc;
        if (!after_y && strcmp(w, "y") == 0) {
            after_y = true;
            rc = fputs(" y", l->out) < 0 ? -1 : 0;
        } else if (after_y || a == ARG_PAIR) {
            rc = put_pair(l, w);
        } else if (a == ARG_SET || a == ARG_ROW || empty) {
            rc = put_row(l, w, a != ARG_ROW);
        } else {
            empty = strcmp(kind, "leaf") == 0 && strcmp(w, "empty") == 0;
            rc = fprintf(l->out, " %s", w) < 0 ? -1 : 0;
        }
        if (rc)
            return -1;
    }
    return fputc('\n', l->out) == EOF ? -1 : 0;
}

/* The `drop` of every set of h that sub leaves out, at the top of the tree. */
static int put_drops(lift *l)
{
    uint32_t j = 0, msub = instance_nsets(l->sub);
    for (uint32_t s = 0; s < instance_nsets(l->h); s++) {
        if (j < msub && l->map[j] == s) {
            j++;
            continue;
        }
        if (fprintf(l->out, "drop %u\n", s + 1) < 0)
            return -1;
    }
    return 0;
}

/* The tree after `tree`: drops, the nodes mapped, `end`, then whatever follows it. */
static int lift_tree(lift *l, lines *r)
{
    if (put_drops(l))
        return -1;
    char *line;
    lines_status st;
    while ((st = next_line(r, &line, l->out, l->err, l->errsize)) == LINES_OK) {
        l->lineno = r->lineno;
        if (strcmp(line, "end") == 0)
            break;
        if (lift_node(l, line))
            return -1;
    }
    if (st != LINES_OK)
        return st == LINES_EOF ? fail(l->err, l->errsize, r->lineno + 1, "no 'end' line") : -1;
    if (fputs("end\n", l->out) < 0)
        return -1;
    while ((st = next_line(r, &line, l->out, l->err, l->errsize)) == LINES_OK)
        return fail(l->err, l->errsize, r->lineno, "text after 'end'");
    return st == LINES_EOF ? 0 : -1;
}

/* The map must be sub's sets in h's order, each h's set of that id: else the lift would
 * rename rows to sets they are not. */
static int check_map(const instance *h, const instance *sub, const uint32_t *map, char *err,
                     size_t errsize)
{
    if (instance_nelems(sub) != instance_nelems(h))
        return snprintf(err, errsize, "the sub-instance has %u elements, not %u",
                        instance_nelems(sub), instance_nelems(h)), -1;
    for (uint32_t j = 0; j < instance_nsets(sub); j++) {
        uint32_t a, b;
        if (map[j] >= instance_nsets(h) || (j > 0 && map[j] <= map[j - 1]))
            return snprintf(err, errsize, "the set map is not ascending at %u", j + 1), -1;
        const uint32_t *x = instance_set(sub, j, &a), *y = instance_set(h, map[j], &b);
        if (a != b || memcmp(x, y, (size_t)a * sizeof *x) != 0)
            return snprintf(err, errsize, "set %u of the sub-instance is not set %u", j + 1,
                            map[j] + 1), -1;
    }
    return 0;
}

int certify_sub_lift(FILE *in, FILE *out, const instance *h, const instance *sub,
                     const uint32_t *set_map, char *err, size_t errsize)
{
    if (check_map(h, sub, set_map, err, errsize))
        return -1;
    lines r;
    lines_init(&r, in, CERTIFY_SUB_LINE_MAX);
    lift l = { h, sub, set_map, out, 0, err, errsize };
    err[0] = '\0';
    int rc = read_head(&r, sub, h, out, err, errsize);
    if (rc == 0)
        rc = fputs("tree\n", out) < 0 ? -1 : lift_tree(&l, &r);
    lines_free(&r);
    if (rc == 0 && fflush(out) != 0)
        rc = -1;
    if (rc && !err[0])
        snprintf(err, errsize, "cannot write the lifted certificate: %s", strerror(errno));
    return rc;
}
