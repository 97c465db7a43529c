/* solutions.c - computing, writing and reading solution sets; see solutions.h. */
#include "eval/solutions.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "core/idlist.h"
#include "core/lines.h"

typedef struct {
    const template_family *f;
    const hand_set *hs;
    int64_t target;
    uint32_t first, last; /* hands [first, last) */
    idlist ids;
    uint64_t *rowlen;     /* shared, indexed by hand */
    uint32_t promoted;
    int failed;
    atomic_uint *done;
} chunk;

static void *run_chunk(void *arg)
{
    chunk *c = arg;
    for (uint32_t h = c->first; h < c->last; h++) {
        size_t before = c->ids.len;
        eval_info info;
        if (eval_hand(c->f, hand_set_hand(c->hs, h), c->target, &c->ids, &info)) {
            c->failed = 1;
            return NULL;
        }
        c->promoted += info.promoted;
        c->rowlen[h] = c->ids.len - before;
        atomic_fetch_add(c->done, 1);
    }
    return NULL;
}

/* Runs chunk 0 on the calling thread, in steps of 64 hands with progress between them
 * when there are many hands, and the others on threads of their own. Returns 0 when
 * every chunk ran, -1 when a thread could not be started (the started ones are joined). */
static int run_chunks(chunk *ch, int nthreads, uint32_t n, solutions_progress_fn progress,
                      void *ctx)
{
    pthread_t *tid = calloc((size_t)nthreads, sizeof *tid);
    int started = 0;
    if (!tid)
        return -1;
    for (int t = 1; t < nthreads; t++, started++)
        if (pthread_create(&tid[t], NULL, run_chunk, &ch[t]))
            break;
    if (progress && n > 2000) {
        chunk *c = &ch[0];
        uint32_t last = c->last;
        for (uint32_t h = c->first; h < last && !c->failed; h += 64) {
            c->last = h + 64 < last ? h + 64 : last;
            c->first = h;
            run_chunk(c);
            progress(ctx, atomic_load(c->done), n);
        }
    } else {
        run_chunk(&ch[0]);
    }
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    free(tid);
    return started == nthreads - 1 ? 0 : -1;
}

/* Concatenates the chunks' ids, in hand order, into s. Returns 0, or -1 when a chunk
 * failed or memory runs out. */
static int gather(solutions *s, const chunk *ch, int nthreads, const uint64_t *rowlen,
                  uint32_t n, const template_family *f)
{
    uint64_t total = 0, pos = 0;
    for (int t = 0; t < nthreads; t++) {
        if (ch[t].failed)
            return -1;
        total += ch[t].ids.len;
        s->promoted += ch[t].promoted;
    }
    s->off = malloc(((size_t)n + 1) * sizeof *s->off);
    s->ids = malloc((total ? total : 1) * sizeof *s->ids);
    if (!s->off || !s->ids)
        return -1;
    s->nhands = n;
    s->ntemplates = template_family_count(f);
    s->off[0] = 0;
    for (uint32_t h = 0; h < n; h++)
        s->off[h + 1] = s->off[h] + rowlen[h];
    for (int t = 0; t < nthreads; t++) {
        if (ch[t].ids.len == 0)
            continue; /* its ids may be NULL, which memcpy must not get even for 0 */
        memcpy(s->ids + pos, ch[t].ids.ids, ch[t].ids.len * sizeof *s->ids);
        pos += ch[t].ids.len;
    }
    return 0;
}

/* Evaluates every template of f on every hand of hs, splitting hands over nthreads
 * threads (contiguous ranges, so the result does not depend on scheduling). Calls
 * progress (if given) from the calling thread now and then. Returns 0, or -1 when
 * memory or threads run out (s then holds nothing). */
int solutions_compute(solutions *s, const template_family *f, const hand_set *hs, int64_t target,
                   int nthreads, solutions_progress_fn progress, void *ctx)
{
    memset(s, 0, sizeof *s);
    uint32_t n = hand_set_count(hs);
    if (nthreads > 0 && (uint32_t)nthreads > n)
        nthreads = (int)n;
    if (nthreads < 1)
        nthreads = 1; /* also for no hands at all: chunk 0 is then empty */
    chunk *ch = calloc((size_t)nthreads, sizeof *ch);
    uint64_t *rowlen = calloc((size_t)n + 1, sizeof *rowlen);
    atomic_uint done = 0;
    int rc = -1;
    if (ch && rowlen) {
        for (int t = 0; t < nthreads; t++)
            ch[t] = (chunk){ .f = f, .hs = hs, .target = target, .rowlen = rowlen,
                             .done = &done,
                             .first = (uint32_t)((uint64_t)n * (uint64_t)t / (uint64_t)nthreads),
                             .last = (uint32_t)((uint64_t)n * (uint64_t)(t + 1) /
                                                (uint64_t)nthreads) };
        rc = run_chunks(ch, nthreads, n, progress, ctx) ? -1
                                                        : gather(s, ch, nthreads, rowlen, n, f);
    }
    for (int t = 0; ch && t < nthreads; t++)
        idlist_free(&ch[t].ids);
    free(ch);
    free(rowlen);
    if (rc)
        solutions_free(s);
    return rc;
}

void solutions_free(solutions *s)
{
    free(s->off);
    free(s->ids);
    memset(s, 0, sizeof *s);
}

/* 1 when both hold the same hands, templates and rows. */
int solutions_equal(const solutions *a, const solutions *b)
{
    if (a->nhands != b->nhands || a->ntemplates != b->ntemplates)
        return 0;
    if (memcmp(a->off, b->off, ((size_t)a->nhands + 1) * sizeof *a->off))
        return 0;
    return memcmp(a->ids, b->ids, a->off[a->nhands] * sizeof *a->ids) == 0;
}

/* The artifact format (docs/formats.md): a header, then one line per hand in hand order:
 *     t24-solutions 1
 *     hands <H> templates <T> cards <n>
 *     <card> ... <card>\t<count>\t<id> <id> ...
 * Returns 0, or -1 on a write error. */
int solutions_write(const solutions *s, const hand_set *hs, FILE *out)
{
    int n = hand_set_cards(hs);
    fprintf(out, "t24-solutions 1\nhands %u templates %u cards %d\n", s->nhands,
            s->ntemplates, n);
    for (uint32_t h = 0; h < s->nhands; h++) {
        const int64_t *c = hand_set_hand(hs, h);
        for (int i = 0; i < n; i++)
            fprintf(out, i ? " %lld" : "%lld", (long long)c[i]);
        fprintf(out, "\t%llu\t", (unsigned long long)solutions_row_len(s, h));
        const uint32_t *row = solutions_row(s, h);
        for (uint64_t k = 0; k < solutions_row_len(s, h); k++)
            fprintf(out, k ? " %u" : "%u", row[k]);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

static int fail(char *err, size_t size, const char *what, unsigned long line)
{
    snprintf(err, size, "line %lu: %s", line, what);
    return -1;
}

/* Reads an unsigned decimal of at most max at *p (no sign, no blanks: the rows are
 * written by solutions_write()) and moves *p past it. Returns 0, or -1. */
static int take_uint(const char **p, uint64_t max, uint64_t *out)
{
    const char *q = *p;
    if (*q < '0' || *q > '9')
        return -1;
    uint64_t v = 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        if (v > (max - (uint64_t)(*q - '0')) / 10)
            return -1;
        v = 10 * v + (uint64_t)(*q - '0');
    }
    *p = q;
    *out = v;
    return 0;
}

/* A card: an optional minus, then digits, within int64 (the cards are not kept: the
 * hands come from the deck, the file only has to be well formed). */
static int take_card(const char **p)
{
    uint64_t v;
    if (**p == '-')
        (*p)++;
    return take_uint(p, (uint64_t)INT64_MAX + 1, &v);
}

/* One row, "c1 c2 ... cN<TAB>count<TAB>id id ...": exactly n cards, count ids below nt,
 * ascending, appended to ids. Returns 0, or -1 for anything else. */
static int parse_row(const char *p, uint64_t n, uint64_t nt, idlist *ids)
{
    uint64_t count, id;
    for (uint64_t i = 0; i < n; i++)
        if ((i && *p++ != ' ') || take_card(&p))
            return -1;
    if (*p++ != '\t' || take_uint(&p, nt, &count) || *p++ != '\t')
        return -1;
    for (uint64_t k = 0; k < count; k++) {
        if ((k && *p++ != ' ') || take_uint(&p, UINT32_MAX, &id) || id >= nt ||
            (k && id <= ids->ids[ids->len - 1]) || idlist_push(ids, (uint32_t)id))
            return -1;
    }
    return *p == '\0' ? 0 : -1;
}

/* The next line of rd into *line, or -1 with err naming the line (what when the file
 * ends there). */
static int next_line(lines *rd, char **line, const char *what, char *err, size_t errsize)
{
    size_t len;
    lines_status ls = lines_next(rd, line, &len);
    if (ls == LINES_OK)
        return 0;
    snprintf(err, errsize, "line %ld: %s", rd->lineno + (ls == LINES_EOF),
             ls == LINES_EOF ? what : lines_message(rd, ls));
    return -1;
}

/* The two header lines: the format's name and version, then the counts. */
static int read_header(lines *rd, uint64_t *nh, uint64_t *nt, uint64_t *n, char *err,
                       size_t errsize)
{
    char *line;
    if (next_line(rd, &line, "not a t24-solutions 1 file", err, errsize))
        return -1;
    if (strcmp(line, "t24-solutions 1") != 0)
        return fail(err, errsize, "not a t24-solutions 1 file", 1);
    if (next_line(rd, &line, "bad header", err, errsize))
        return -1;
    const char *p = line;
    if (strncmp(p, "hands ", 6) || (p += 6, take_uint(&p, HAND_MAX_COUNT, nh)) ||
        strncmp(p, " templates ", 11) || (p += 11, take_uint(&p, UINT32_MAX, nt)) ||
        strncmp(p, " cards ", 7) || (p += 7, take_uint(&p, 16, n)) || *n < 1 || *p)
        return fail(err, errsize, "bad header", 2);
    return 0;
}

/* Sets s->off[i], growing the array by doubling: the header's hand count is only
 * trusted as far as rows are actually there. */
static int set_offset(solutions *s, size_t *cap, size_t i, uint64_t off)
{
    if (i >= *cap) {
        size_t nc = *cap ? 2 * *cap : 1024;
        uint64_t *o = realloc(s->off, nc * sizeof *o);
        if (!o)
            return -1;
        s->off = o;
        *cap = nc;
    }
    s->off[i] = off;
    return 0;
}

/* Reads a solution set written by solutions_write(), line by line (lines.h: LF, CRLF
 * or CR ends, NUL bytes and overlong lines refused). Returns 0, or -1 with a message
 * naming the line in err; s is empty on failure. */
int solutions_read(solutions *s, FILE *in, char *err, size_t errsize)
{
    memset(s, 0, sizeof *s);
    uint64_t nh, nt, n;
    lines rd;
    lines_init(&rd, in, 256);
    idlist ids = { 0 };
    size_t cap = 0;
    char *line;
    if (read_header(&rd, &nh, &nt, &n, err, errsize))
        goto fail;
    s->ntemplates = (uint32_t)nt;
    /* a row: n cards of up to 20 characters, the count, nt ids of up to 10 */
    rd.max = (size_t)(n * 21 + 24 + nt * 11);
    if (set_offset(s, &cap, 0, 0)) {
        fail(err, errsize, "out of memory", 2);
        goto fail;
    }
    for (uint32_t h = 0; h < nh; h++) {
        if (next_line(&rd, &line, "fewer rows than the header's hands", err, errsize))
            goto fail;
        if (parse_row(line, n, nt, &ids)) {
            fail(err, errsize, "malformed row", (unsigned long)rd.lineno);
            goto fail;
        }
        if (set_offset(s, &cap, (size_t)h + 1, ids.len)) {
            fail(err, errsize, "out of memory", (unsigned long)rd.lineno);
            goto fail;
        }
    }
    lines_status ls;
    size_t len;
    while ((ls = lines_next(&rd, &line, &len)) == LINES_OK && line[strspn(line, " \t")] == '\0')
        ;
    if (ls != LINES_EOF) {
        fail(err, errsize, ls == LINES_OK ? "trailing data" : lines_message(&rd, ls),
             (unsigned long)rd.lineno);
        goto fail;
    }
    s->nhands = (uint32_t)nh;
    s->ids = ids.ids ? ids.ids : malloc(sizeof *s->ids);
    lines_free(&rd);
    return 0;
fail:
    idlist_free(&ids);
    solutions_free(s);
    lines_free(&rd);
    return -1;
}
