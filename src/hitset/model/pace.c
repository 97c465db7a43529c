/* pace.c - PACE 2025 hitting-set files, read and written; see pace.h. */
#include "hitset/model/pace.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/lines.h"

#define PACE_LINE_MAX (1 << 20) /* a set of 100,000 elements still fits */
#define PACE_MAX_ELEMS (1ul << 24) /* memory for the universe stays within 300 MB */
/* Element entries over all sets, 2^PACE_MAX_ENTRIES_LOG2: the instance takes the reader's
 * rows over and adds the element rows, 8 bytes an entry, with 8 more a set for the
 * offsets: 2^27 one-element sets peaked at 3.5 GB in all (docs/cli.md), so 2^28 at about
 * 7 GB. 2^28 lets seven cards' deck 1-8 in (136.8 M entries: docs/seven.md). A build may
 * set a smaller exponent (tests/test_pace_limit.c reads the boundary at 2^10), and
 * t24-check's reader has the same limit. */
#ifndef PACE_MAX_ENTRIES_LOG2
#define PACE_MAX_ENTRIES_LOG2 28
#endif
#define PACE_MAX_ENTRIES (1ul << PACE_MAX_ENTRIES_LOG2)

static int done(FILE *fp) { return ferror(fp) ? -1 : 0; }

/* One line per set, in the instance's order, so that pace_read() gives the same instance
 * back (tests/fuzz/fuzz_pace.c). */
int pace_write(FILE *fp, const instance *h, const char *comment)
{
    uint32_t ns = instance_nsets(h);
    if (comment)
        fprintf(fp, "c %s\n", comment);
    fprintf(fp, "p hs %u %u\n", instance_nelems(h), ns);
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++)
            fprintf(fp, "%s%u", i ? " " : "", el[i] + 1);
        fputc('\n', fp);
    }
    return done(fp);
}

/* The decimal digits of x and a newline at the end of buf (room for 11 bytes); returns
 * where they start. */
static char *line_of(uint64_t x, char *end)
{
    *--end = '\n';
    do
        *--end = (char)('0' + x % 10);
    while ((x /= 10) > 0);
    return end;
}

/* PACE solution: the size, then one element (1-based) per line, formatted by hand (a
 * cover of 2^24 elements took a second through fprintf). */
int pace_write_solution(FILE *fp, const uint32_t *elems, uint32_t n)
{
    char buf[16];
    char *p = line_of(n, buf + sizeof buf);
    fwrite(p, 1, (size_t)(buf + sizeof buf - p), fp);
    for (uint32_t i = 0; i < n; i++) {
        p = line_of((uint64_t)elems[i] + 1, buf + sizeof buf);
        fwrite(p, 1, (size_t)(buf + sizeof buf - p), fp);
    }
    return done(fp);
}

/* Parses the unsigned numbers of one line into *v (growing it), each stored less one (the
 * file counts from 1); -1 on anything else: a character that is neither a digit nor a
 * blank, 0, or a number above UINT32_MAX; -2 when memory runs out. Digits are read by hand: strtoull's locale and
 * sign handling cost a tenth of reading a file of 2^27 entries. */
static int parse_numbers(const char *line, uint32_t **v, size_t *n, size_t *cap)
{
    const char *p = line;
    *n = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (!*p)
            return 0;
        if (*p < '0' || *p > '9')
            return -1;
        uint64_t x = 0;
        for (; *p >= '0' && *p <= '9'; p++) {
            x = x * 10 + (uint64_t)(*p - '0');
            if (x > UINT32_MAX)
                return -1;
        }
        if (x == 0)
            return -1;
        if (*n == *cap) {
            size_t nc = *cap ? *cap * 2 : 64;
            uint32_t *nv = realloc(*v, nc * sizeof *nv);
            if (!nv)
                return -2; /* memory, not the line: the caller must not blame the file */
            *v = nv;
            *cap = nc;
        }
        (*v)[(*n)++] = (uint32_t)(x - 1);
    }
}

typedef struct {
    uint64_t *off;
    uint32_t *el;
    size_t nsets, cap_sets, nnz, cap_el;
} rows;

static int rows_add(rows *r, const uint32_t *v, size_t n)
{
    if (r->nsets + 2 > r->cap_sets) {
        size_t nc = r->cap_sets ? r->cap_sets * 2 : 64;
        uint64_t *no = realloc(r->off, nc * sizeof *no);
        if (!no)
            return -1;
        r->off = no;
        r->cap_sets = nc;
    }
    while (r->nnz + n > r->cap_el) {
        size_t nc = r->cap_el ? r->cap_el * 2 : 256;
        uint32_t *ne = realloc(r->el, nc * sizeof *ne);
        if (!ne)
            return -1;
        r->el = ne;
        r->cap_el = nc;
    }
    if (r->nsets == 0)
        r->off[0] = 0;
    memcpy(r->el + r->nnz, v, n * sizeof *v);
    r->nnz += n;
    r->off[++r->nsets] = r->nnz;
    return 0;
}

/* The instance of the rows read, which takes their arrays over (shrunk to fit) rather
 * than copying them: at the limits, the copy was 512 MiB more at the peak. r is empty
 * after. Returns the instance, or NULL with the reason in err. */
static instance *adopt_rows(rows *r, uint32_t ne, uint32_t ns, char *err, size_t errsize)
{
    uint64_t *off = r->off ? realloc(r->off, (r->nsets + 1) * sizeof *off)
                           : calloc(1, sizeof *off);
    uint32_t *el = r->el ? realloc(r->el, r->nnz * sizeof *el) : malloc(sizeof *el);
    if (off)
        r->off = NULL;
    if (el)
        r->el = NULL;
    if (!off || !el) {
        free(off);
        free(el);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    return instance_adopt(ne, ns, off, el, err, errsize);
}

/* One count of the header: digits only (sscanf's %lu would take "-1" as ULONG_MAX and
 * "-18446744073709551615" as 1), at most UINT32_MAX. Returns the text after it, or NULL. */
static const char *header_count(const char *p, unsigned long *out)
{
    if (*p != ' ' && *p != '\t')
        return NULL;
    p += strspn(p, " \t");
    if (!isdigit((unsigned char)*p))
        return NULL;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(p, &end, 10);
    if (errno || x > UINT32_MAX)
        return NULL;
    *out = (unsigned long)x;
    return end;
}

/* The header line "p hs N M" into *ne and *ns. Returns 0, or -1 with the reason in err
 * (a second header when seen, a malformed one, or more elements than are read). */
static int read_header(const char *line, unsigned long lineno, bool seen, unsigned long *ne,
                       unsigned long *ns, char *err, size_t errsize)
{
    const char *p = strncmp(line, "p hs", 4) == 0 ? line + 4 : NULL;
    if (p)
        p = header_count(p, ne);
    if (p)
        p = header_count(p, ns);
    if (p)
        p += strspn(p, " \t");
    if (seen || !p || *p) {
        snprintf(err, errsize, "line %lu: expected one header 'p hs N M' (N, M from 0 to %lu)",
                 lineno, (unsigned long)UINT32_MAX);
        return -1;
    }
    if (*ne > PACE_MAX_ELEMS) { /* an instance holds two arrays of N + 1 offsets */
        snprintf(err, errsize, "line %lu: %lu elements: at most %lu are read", lineno, *ne,
                 (unsigned long)PACE_MAX_ELEMS);
        return -1;
    }
    return 0;
}

/* Reads a PACE file with no time limit: pace_read_until() without one (pace.h). */
instance *pace_read(FILE *fp, char *err, size_t errsize)
{
    return pace_read_until(fp, 0, NULL, err, errsize);
}

/* Why the line just read cannot be parsed (the time ran out, it is too long, the stream
 * failed, a NUL byte): -1 with the reason in err, or 0 for a line to parse. */
static int line_refused(lines *rd, lines_status ls, double deadline,
                        const cancel_check *cancel, char *err, size_t errsize)
{
    unsigned long lineno = (unsigned long)rd->lineno;
    /* The budget is asked every PACE_CHECK_LINES lines (a clock read per line cost more
     * than the parsing of a short one), and after a read error: a stream that gives up at
     * the deadline (core/timedread.h) reports it as one. */
    budget b = budget_until(deadline, cancel);
    bool asked = rd->lineno % PACE_CHECK_LINES == 0 || ls == LINES_ERROR;
    if (asked && budget_stopped(b, STOP_SITE_PACE_LINES))
        snprintf(err, errsize, "the time limit ran out while reading, at line %lu", lineno);
    else if (ls == LINES_TOO_LONG)
        snprintf(err, errsize, "line %lu: longer than %d characters", lineno, PACE_LINE_MAX);
    else if (ls == LINES_ERROR && lineno == 0) /* lineno is the last line read whole */
        snprintf(err, errsize, "%s", lines_message(rd, ls));
    else if (ls == LINES_ERROR)
        snprintf(err, errsize, "%s after line %lu", lines_message(rd, ls), lineno);
    else if (ls != LINES_OK)
        snprintf(err, errsize, "line %lu: %s", lineno, lines_message(rd, ls));
    else
        return 0;
    return -1;
}

/* Adds the set of line lineno, its nv elements in v, to r after checking it against the
 * header's ne elements and ns sets and the reader's limit. Returns 0, or -1 with the
 * reason in err. */
static int add_set(rows *r, const uint32_t *v, size_t nv, unsigned long lineno,
                   unsigned long ne, unsigned long ns, char *err, size_t errsize)
{
    if (nv == 0) { /* a set no element hits: nothing can cover it */
        snprintf(err, errsize, "line %lu: an empty set: no hitting set exists", lineno);
        return -1;
    }
    if (r->nsets == ns) {
        snprintf(err, errsize, "line %lu: more sets than the %lu the header announces",
                 lineno, ns);
        return -1;
    }
    for (size_t i = 0; i < nv; i++)
        if (v[i] >= ne) { /* the file numbers elements from 1 */
            snprintf(err, errsize, "line %lu: element %lu is outside 1..%lu", lineno,
                     (unsigned long)v[i] + 1, ne);
            return -1;
        }
    if (r->nnz + nv > PACE_MAX_ENTRIES) {
        snprintf(err, errsize, "line %lu: more than %lu (2^%d) elements in all sets: at "
                 "most that many are read", lineno, (unsigned long)PACE_MAX_ENTRIES,
                 PACE_MAX_ENTRIES_LOG2);
        return -1;
    }
    if (rows_add(r, v, nv)) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    return 0;
}

/* The instance is built only once the whole file has passed (adopt_rows()): a file
 * refused halfway leaves nothing to free but the rows read so far. */
instance *pace_read_until(FILE *fp, double deadline, const cancel_check *cancel, char *err,
                          size_t errsize)
{
    rows r = { 0 };
    uint32_t *v = NULL;
    size_t nv, cap = 0, len;
    unsigned long ne = 0, ns = 0;
    bool header = false;
    instance *h = NULL;
    lines rd;
    lines_init(&rd, fp, PACE_LINE_MAX);
    lines_status ls;
    char *line;
    while ((ls = lines_next(&rd, &line, &len)) != LINES_EOF) {
        unsigned long lineno = (unsigned long)rd.lineno;
        if (line_refused(&rd, ls, deadline, cancel, err, errsize))
            goto done;
        if (line[0] == 'c' || (line[0] == '\0' && !header))
            continue;
        if (line[0] == 'p') {
            if (read_header(line, lineno, header, &ne, &ns, err, errsize))
                goto done;
            header = true;
            continue;
        }
        int bad = header ? parse_numbers(line, &v, &nv, &cap) : -1;
        if (bad) {
            snprintf(err, errsize, "line %lu: %s", lineno,
                     bad == -2 ? "out of memory"
                     : header  ? "expected a list of elements"
                               : "set before the header");
            goto done;
        }
        if (add_set(&r, v, nv, lineno, ne, ns, err, errsize))
            goto done;
    }
    if (!header) {
        snprintf(err, errsize, "no 'p hs N M' header");
        goto done;
    }
    if (r.nsets != ns) {
        snprintf(err, errsize, "line %ld: the file ends after %zu of the %lu sets the "
                 "header announces", rd.lineno, r.nsets, ns);
        goto done;
    }
    h = adopt_rows(&r, (uint32_t)ne, (uint32_t)ns, err, errsize);
done:
    lines_free(&rd);
    free(r.off);
    free(r.el);
    free(v);
    return h;
}
