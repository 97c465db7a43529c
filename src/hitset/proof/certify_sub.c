/* certify_sub.c - sub-instances and lifted certificates; see certify_sub.h. */
#include "hitset/proof/certify_sub.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/hashmix.h"
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
        lines_status st = next_line(r, &line, out, err, errsize);
        if (st != LINES_OK)
            return st == LINES_EOF ? fail(err, errsize, r->lineno + 1, "no 'tree' line") : -1;
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

/* The `R:V` words of a multiplier list: value[R - 1] = V (seen marks each row once). */
static int read_pairs(char *save, const instance *h, uint64_t *value, bool *seen, long lineno,
                      char *err, size_t errsize)
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
        value[row - 1] = v;
    }
    return 0;
}

/* The first tree line with `y`: its multipliers into value. */
static int support_tree(lines *r, const instance *h, uint64_t *value, bool *seen, char *err,
                        size_t errsize)
{
    char *line;
    for (;;) {
        lines_status st = next_line(r, &line, NULL, err, errsize);
        if (st != LINES_OK)
            return st == LINES_EOF ? fail(err, errsize, r->lineno + 1,
                                          "no node line with multipliers (y)") : -1;
        if (strcmp(line, "end") == 0)
            return fail(err, errsize, r->lineno, "no node line with multipliers (y)");
        char *save = NULL;
        for (char *w = strtok_r(line, SEP, &save); w; w = strtok_r(NULL, SEP, &save))
            if (strcmp(w, "y") == 0)
                return read_pairs(save, h, value, seen, r->lineno, err, errsize);
    }
}

typedef struct {
    uint64_t v;
    uint32_t id;
} priced;

static int by_price(const void *a, const void *b)
{
    const priced *x = a, *y = b;
    if (x->v != y->v)
        return x->v > y->v ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* The sets of positive value marked: all of them (top 0), or the top largest. */
static int mark_top(const uint64_t *value, uint32_t m, uint32_t top, bool *keep, uint32_t *marked)
{
    priced *p = malloc((m ? m : 1) * sizeof *p);
    if (!p)
        return -1;
    uint32_t n = 0;
    for (uint32_t k = 0; k < m; k++)
        if (value[k] > 0)
            p[n++] = (priced){ value[k], k };
    qsort(p, n, sizeof *p, by_price);
    if (top > 0 && top < n)
        n = top;
    for (uint32_t i = 0; i < n; i++)
        keep[p[i].id] = true;
    free(p);
    *marked = n;
    return 0;
}

int certify_sub_support(FILE *cert, const instance *h, uint32_t top, bool *keep,
                        uint32_t *marked, char *err, size_t errsize)
{
    lines r;
    lines_init(&r, cert, CERTIFY_SUB_LINE_MAX);
    uint32_t m = instance_nsets(h), count = 0;
    bool *seen = calloc(m + 1u, sizeof *seen);
    uint64_t *value = calloc(m + 1u, sizeof *value);
    int rc = !seen || !value ? (snprintf(err, errsize, "out of memory"), -1)
                             : read_head(&r, h, h, NULL, err, errsize);
    if (rc == 0)
        rc = support_tree(&r, h, value, seen, err, errsize);
    if (rc == 0 && mark_top(value, m, top, keep, &count))
        rc = (snprintf(err, errsize, "out of memory"), -1);
    free(seen);
    free(value);
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

/* ---- the sub-instance: the distinct traces ---- */

typedef struct {
    uint64_t hash;
    uint32_t elem;
} traced;

static int by_hash(const void *a, const void *b)
{
    const traced *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->elem < y->elem ? -1 : x->elem > y->elem;
}

/* Element e's trace on the kept sets: a hash, and whether it is empty. */
static uint64_t trace_hash(const instance *h, const bool *keep, uint32_t e, bool *empty)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(h, e, &len);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    *empty = true;
    for (uint32_t k = 0; k < len; k++)
        if (keep[sets[k]]) {
            x = hashmix64(x ^ sets[k]);
            *empty = false;
        }
    return x;
}

/* Do elements a and b have the same trace? */
static bool same_trace(const instance *h, const bool *keep, uint32_t a, uint32_t b)
{
    uint32_t la, lb, i = 0, j = 0;
    const uint32_t *x = instance_elem(h, a, &la), *y = instance_elem(h, b, &lb);
    for (;;) {
        while (i < la && !keep[x[i]])
            i++;
        while (j < lb && !keep[y[j]])
            j++;
        if (i == la || j == lb)
            return i == la && j == lb;
        if (x[i++] != y[j++])
            return false;
    }
}

/* rep[e] for every element: sorted by hash, each run of one hash is split by comparing
 * with the representatives met so far in it (the lowest element of each trace, since a
 * run is in element order); a hash collision costs a comparison, never a wrong merge. */
static int find_reps(const instance *h, const bool *keep, uint32_t *rep, uint32_t *dups)
{
    uint32_t n = instance_nelems(h), m = 0;
    traced *t = malloc((n ? n : 1) * sizeof *t);
    if (!t)
        return -1;
    for (uint32_t e = 0; e < n; e++) {
        bool empty;
        uint64_t x = trace_hash(h, keep, e, &empty);
        rep[e] = UINT32_MAX;
        if (!empty)
            t[m++] = (traced){ x, e };
    }
    qsort(t, m, sizeof *t, by_hash);
    *dups = 0;
    for (uint32_t i = 0, start = 0; i < m; i++) {
        if (t[i].hash != t[start].hash)
            start = i;
        uint32_t e = t[i].elem, r = e;
        for (uint32_t j = start; j < i && r == e; j++)
            if (rep[t[j].elem] == t[j].elem && same_trace(h, keep, t[j].elem, e))
                r = t[j].elem;
        rep[e] = r;
        *dups += r != e;
    }
    free(t);
    return 0;
}

void certify_sub_free(certify_sub *s)
{
    if (!s)
        return;
    instance_free(s->sub);
    free(s->set_map);
    free(s->elem_map);
    free(s->rep);
    free(s);
}

certify_sub *certify_sub_new(const instance *h, const bool *keep, char *err, size_t errsize)
{
    uint32_t n = instance_nelems(h), m = instance_nsets(h), chosen = 0;
    for (uint32_t k = 0; k < m; k++)
        chosen += keep[k];
    if (chosen == 0) {
        snprintf(err, errsize, "no set given for the sub-instance");
        return NULL;
    }
    certify_sub *s = calloc(1, sizeof *s);
    bool *keep_elem = calloc(n ? n : 1, sizeof *keep_elem);
    if (s) {
        s->set_map = malloc(m * sizeof *s->set_map);
        s->elem_map = malloc((n ? n : 1) * sizeof *s->elem_map);
        s->rep = malloc((n ? n : 1) * sizeof *s->rep);
    }
    bool ok = s && keep_elem && s->set_map && s->elem_map && s->rep &&
              find_reps(h, keep, s->rep, &s->duplicates) == 0;
    for (uint32_t e = 0; ok && e < n; e++)
        keep_elem[e] = s->rep[e] == e;
    if (ok)
        s->sub = instance_sub(h, keep_elem, keep, s->elem_map, s->set_map);
    free(keep_elem);
    if (ok && s->sub)
        return s;
    certify_sub_free(s);
    snprintf(err, errsize, "out of memory building the sub-instance");
    return NULL;
}

/* ---- the lift ---- */

typedef struct {
    const certify_sub *s;
    const instance *h;
    FILE *out;
    long lineno;
    char *err;
    size_t errsize;
} lift;

/* Row r of the sub-instance (1-based: a set up to M', a cut above) as the whole's. */
static int put_row(lift *l, const char *w, bool set_only)
{
    uint64_t r, msub = instance_nsets(l->s->sub);
    if (!parse_u64(w, &r) || r == 0)
        return fail(l->err, l->errsize, l->lineno, "'%.40s' is not a row number", w);
    if (set_only && r > msub)
        return fail(l->err, l->errsize, l->lineno, "row %" PRIu64 " is not a set (M = %" PRIu64 ")",
                    r, msub);
    if (r > msub && r - msub > UINT64_MAX - instance_nsets(l->h))
        return fail(l->err, l->errsize, l->lineno, "row %" PRIu64 " is out of range", r);
    uint64_t whole = r <= msub ? (uint64_t)l->s->set_map[r - 1] + 1
                               : r - msub + instance_nsets(l->h);
    return fprintf(l->out, " %" PRIu64, whole) < 0 ? -1 : 0;
}

/* Element e of the sub-instance (1-based) as the whole's. */
static int put_elem(lift *l, const char *w)
{
    uint64_t e;
    if (!parse_u64(w, &e) || e == 0 || e > instance_nelems(l->s->sub))
        return fail(l->err, l->errsize, l->lineno, "'%.40s' is not an element (N = %u)", w,
                    instance_nelems(l->s->sub));
    return fprintf(l->out, " %u", l->s->elem_map[e - 1] + 1) < 0 ? -1 : 0;
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

/* What a node's words before `y` are: elements, a set, a row, pairs, or kept. */
typedef enum { ARG_KEEP, ARG_ELEM, ARG_SET, ARG_ROW, ARG_PAIR } arg_kind;

static int node_args(const char *kind, arg_kind *a)
{
    static const struct {
        const char *kind;
        arg_kind arg;
    } rows[] = { { "leaf", ARG_KEEP }, { "open", ARG_KEEP },     { "branch", ARG_ELEM },
                 { "dominated", ARG_ELEM }, { "split", ARG_SET }, { "drop", ARG_ROW },
                 { "cut", ARG_PAIR } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(kind, rows[i].kind) == 0) {
            *a = rows[i].arg;
            return 0;
        }
    return -1;
}

/* One word before `y` of a node of kind a (`leaf empty S` names a set). */
static int put_arg(lift *l, arg_kind a, char *w, bool *empty)
{
    switch (a) {
    case ARG_ELEM:
        return put_elem(l, w);
    case ARG_SET:
    case ARG_ROW:
        return put_row(l, w, a == ARG_SET);
    case ARG_PAIR:
        return put_pair(l, w);
    case ARG_KEEP:
        break;
    }
    if (*empty)
        return put_row(l, w, true);
    *empty = strcmp(w, "empty") == 0;
    return fprintf(l->out, " %s", w) < 0 ? -1 : 0;
}

/* One node line, its words mapped. */
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
        } else {
            rc = after_y ? put_pair(l, w) : put_arg(l, a, w, &empty);
        }
        if (rc)
            return -1;
    }
    return fputc('\n', l->out) == EOF ? -1 : 0;
}

/* At the top of the tree: the `drop` of every set of h that the sub-instance leaves out,
 * then the `dominated` step of every duplicate trace. */
static int put_root(lift *l)
{
    const certify_sub *s = l->s;
    uint32_t j = 0, msub = instance_nsets(s->sub);
    for (uint32_t k = 0; k < instance_nsets(l->h); k++) {
        if (j < msub && s->set_map[j] == k)
            j++;
        else if (fprintf(l->out, "drop %u\n", k + 1) < 0)
            return -1;
    }
    for (uint32_t e = 0; e < instance_nelems(l->h); e++)
        if (s->rep[e] != UINT32_MAX && s->rep[e] != e &&
            fprintf(l->out, "dominated %u %u\n", e + 1, s->rep[e] + 1) < 0)
            return -1;
    return 0;
}

/* The tree after `tree`: the root's steps, the nodes mapped, `end`, then its comments. */
static int lift_tree(lift *l, lines *r)
{
    if (put_root(l))
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

int certify_sub_lift(const certify_sub *s, const instance *h, FILE *in, FILE *out, char *err,
                     size_t errsize)
{
    uint32_t ms = instance_nsets(s->sub), ns = instance_nelems(s->sub);
    if ((ms && s->set_map[ms - 1] >= instance_nsets(h)) ||
        (ns && s->elem_map[ns - 1] >= instance_nelems(h))) {
        snprintf(err, errsize, "the sub-instance was not cut from the instance given");
        return -1;
    }
    lines r;
    lines_init(&r, in, CERTIFY_SUB_LINE_MAX);
    lift l = { s, h, out, 0, err, errsize };
    err[0] = '\0';
    int rc = read_head(&r, s->sub, h, out, err, errsize);
    if (rc == 0)
        rc = fputs("tree\n", out) < 0 ? -1 : lift_tree(&l, &r);
    lines_free(&r);
    if (rc == 0 && fflush(out) != 0)
        rc = -1;
    if (rc && !err[0])
        snprintf(err, errsize, "cannot write the lifted certificate: %s", strerror(errno));
    return rc;
}
