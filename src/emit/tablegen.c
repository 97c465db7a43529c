/* tablegen.c - completing, ordering and printing a table; see tablegen.h. */
#include "emit/tablegen.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "core/notice.h"
#include "core/op.h"
#include "study/cover_report.h"
#include "study/study.h"

/* Candidate expressions with the solvable hands each one hits (GMP reference evaluator,
 * independent of the walk that built the solution sets). */
typedef struct {
    uint32_t n, cap;
    uint32_t *ids;
    bool **hits; /* per candidate, per hand */
} candidates;

static int cand_add(candidates *c, const enumeration *st, const template_family *all, uint32_t id)
{
    for (uint32_t k = 0; k < c->n; k++)
        if (c->ids[k] == id)
            return 0;
    if (c->n == c->cap) {
        uint32_t cap = c->cap ? 2 * c->cap : 64;
        uint32_t *ids = realloc(c->ids, cap * sizeof *ids);
        bool **hits = ids ? realloc(c->hits, cap * sizeof *hits) : NULL;
        if (ids)
            c->ids = ids;
        if (!hits)
            return -1;
        c->hits = hits;
        c->cap = cap;
    }
    uint32_t nh = hand_set_count(st->hands);
    bool *h = calloc(nh, sizeof *h);
    if (!h)
        return -1;
    template_prog p;
    template_program(all, id, &p);
    for (uint32_t i = 0; i < nh; i++)
        h[i] = st->truly_solvable[i] &&
               eval_prog(&p, hand_set_hand(st->hands, i), st->params.target) == EVAL_HIT;
    c->ids[c->n] = id;
    c->hits[c->n++] = h;
    return 0;
}

static void cand_free(candidates *c)
{
    for (uint32_t k = 0; k < c->n; k++)
        free(c->hits[k]);
    free(c->hits);
    free(c->ids);
}

/* Greedy: adds all-family templates until every solvable hand is hit by some candidate.
 * Only hands the family misses can be left, and each has a witness, so this ends. */
static int patch_misses(candidates *c, const enumeration *st, const template_family *all)
{
    idlist hits = { 0 };
    int rc = 0;
    for (uint32_t m = 0; m < st->nmisses && !rc; m++) {
        uint32_t h = st->misses[m].hand;
        bool hit = false;
        for (uint32_t k = 0; k < c->n && !hit; k++)
            hit = c->hits[k][h];
        if (hit)
            continue;
        /* The lowest-id template hitting this hand that also hits the most other
         * still-missed hands. */
        hits.len = 0;
        if (eval_hand(all, hand_set_hand(st->hands, h), st->params.target, &hits, NULL)) {
            rc = -1;
            break;
        }
        uint32_t best = hits.ids[0], best_gain = 0;
        for (size_t j = 0; j < hits.len; j++) {
            template_prog p;
            template_program(all, hits.ids[j], &p);
            uint32_t gain = 0;
            for (uint32_t q = m; q < st->nmisses; q++)
                gain += eval_prog(&p, hand_set_hand(st->hands, st->misses[q].hand),
                                  st->params.target) == EVAL_HIT;
            if (gain > best_gain) {
                best_gain = gain;
                best = hits.ids[j];
            }
        }
        rc = cand_add(c, st, all, best);
    }
    idlist_free(&hits);
    return rc;
}

/* Min-sum order: repeatedly take the candidate deciding the most hands not yet decided
 * (ties to the earlier candidate, i.e. the cover's own order). Candidates that decide
 * nothing new are dropped: they would only be tried after every hand they solve. */
static int order(const candidates *c, const enumeration *st, tablegen_table *t)
{
    uint32_t nh = hand_set_count(st->hands);
    bool *done = calloc(nh, sizeof *done), *used = calloc(c->n ? c->n : 1, sizeof *used);
    t->ids = calloc(c->n ? c->n : 1, sizeof *t->ids);
    t->adds = calloc(c->n ? c->n : 1, sizeof *t->adds);
    if (!done || !used || !t->ids || !t->adds) {
        free(done);
        free(used);
        return -1;
    }
    double tries = 0;
    for (;;) {
        uint32_t best = UINT32_MAX, best_gain = 0;
        for (uint32_t k = 0; k < c->n; k++) {
            if (used[k])
                continue;
            uint32_t gain = 0;
            for (uint32_t h = 0; h < nh; h++)
                gain += c->hits[k][h] && !done[h];
            if (gain > best_gain) {
                best_gain = gain;
                best = k;
            }
        }
        if (best == UINT32_MAX)
            break;
        used[best] = true;
        for (uint32_t h = 0; h < nh; h++)
            if (c->hits[best][h] && !done[h])
                done[h] = true;
        t->ids[t->count] = c->ids[best];
        t->adds[t->count] = best_gain;
        t->count++;
        tries += (double)t->count * best_gain;
    }
    t->mean_tries = st->solvable ? tries / st->solvable : 0;
    t->mean_tries_all = (tries + (double)t->count * st->unsolvable) / nh;
    free(done);
    free(used);
    return 0;
}

/* Mean tries of brute force over the `all` family in id order (reduced ids are its
 * prefix): the lowest hitting id plus one, or every template for an unsolvable hand. */
static void id_order_means(const enumeration *st, tablegen_table *t)
{
    uint32_t nh = hand_set_count(st->hands);
    double solved = 0, all = 0;
    for (uint32_t h = 0; h < nh; h++) {
        if (!st->truly_solvable[h]) {
            all += template_family_count(st->all);
            continue;
        }
        double first = 0;
        if (st->first_hit[h] != SCAN_NO_HIT)
            first = st->first_hit[h] + 1.0;
        for (uint32_t m = 0; m < st->nmisses; m++)
            if (st->misses[m].hand == h)
                first = st->misses[m].witness + 1.0;
        solved += first;
        all += first;
    }
    t->mean_tries_id_order = st->solvable ? solved / st->solvable : 0;
    t->mean_tries_id_order_all = all / nh;
}

/* Builds the table from a cover (template ids of the study's family). Returns 0, or -1
 * with the reason in err; out is empty then. Free with tablegen_table_free(). */
int tablegen_build(const enumeration *st, const uint32_t *cover, uint32_t n, tablegen_table *out,
               char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    candidates c = { 0 };
    int rc = 0;
    for (uint32_t k = 0; k < n && !rc; k++)
        rc = cand_add(&c, st, st->all, cover[k]);
    if (!rc)
        rc = patch_misses(&c, st, st->all);
    if (!rc)
        rc = order(&c, st, out);
    if (rc) {
        snprintf(err, errsize, "out of memory");
        cand_free(&c);
        tablegen_table_free(out);
        return -1;
    }
    for (uint32_t k = 0; k < out->count; k++)
        for (uint32_t j = 0; j < n; j++)
            if (out->ids[k] == cover[j]) {
                out->from_cover++;
                break;
            }
    out->patched = out->count - out->from_cover;
    out->dropped = c.n - out->count;
    id_order_means(st, out);
    /* Every solvable hand must be decided by the table, whatever cover came in. */
    uint64_t decided = 0;
    for (uint32_t k = 0; k < out->count; k++)
        decided += out->adds[k];
    cand_free(&c);
    if (decided != st->solvable) {
        snprintf(err, errsize, "the cover leaves %llu solvable hands unsolved",
                 (unsigned long long)(st->solvable - decided));
        tablegen_table_free(out);
        return -1;
    }
    return 0;
}

void tablegen_table_free(tablegen_table *t)
{
    free(t->ids);
    free(t->adds);
    memset(t, 0, sizeof *t);
}

/* --- C source ------------------------------------------------------------------------ */

#define SYM_LEN 2048

/* A symbolic unreduced fraction N/D over the cards, with bounds on |N| and |D| for cards
 * of magnitude at most the deck's largest. */
typedef struct {
    char n[SYM_LEN], d[SYM_LEN];
    bool d_one, leaf;
    double bn, bd;
} sym;

/* out = "(a)*(b)" without the brackets or factors that are not needed. */
static bool product(char *out, const char *a, bool a_one, const char *b, bool b_one)
{
    if (a_one)
        return snprintf(out, SYM_LEN, "%s", b) < SYM_LEN;
    if (b_one)
        return snprintf(out, SYM_LEN, "%s", a) < SYM_LEN;
    return snprintf(out, SYM_LEN, "%s*%s", a, b) < SYM_LEN;
}

/* Builds N, D and the zero-divisor guards of one program. Returns false when a string
 * would not fit. Bracketing: every N of a sum is wrapped, so products stay correct. */
static bool symbolic(const template_prog *p, double maxcard, bool leaf_guards, sym *top,
                     char *guards, double *bound)
{
    sym st[TEMPLATE_MAX_TOKENS];
    int sp = 0;
    guards[0] = '\0';
    *bound = 0;
    for (int i = 0; i < p->len; i++) {
        int t = p->tok[i];
        if (t < TEMPLATE_TOK_OP) {
            snprintf(st[sp].n, SYM_LEN, "x%d", t);
            strcpy(st[sp].d, "1");
            st[sp].d_one = st[sp].leaf = true;
            st[sp].bn = maxcard;
            st[sp++].bd = 1;
            continue;
        }
        sym *a = &st[sp - 2], *b = &st[sp - 1], r;
        char t1[SYM_LEN], t2[SYM_LEN];
        bool ok = true;
        r.leaf = false;
        op_kind op = (op_kind)(t - TEMPLATE_TOK_OP);
        switch (op) {
        case OP_ADD:
        case OP_SUB:
            ok &= product(t1, a->n, false, b->d, b->d_one);
            ok &= product(t2, b->n, false, a->d, a->d_one);
            ok &= snprintf(r.n, SYM_LEN, "(%s%c%s)", t1, op_symbol(op), t2) < SYM_LEN;
            ok &= product(r.d, a->d, a->d_one, b->d, b->d_one);
            r.d_one = a->d_one && b->d_one;
            r.bn = a->bn * b->bd + b->bn * a->bd;
            r.bd = a->bd * b->bd;
            break;
        case OP_MUL:
            ok &= product(r.n, a->n, false, b->n, false);
            ok &= product(r.d, a->d, a->d_one, b->d, b->d_one);
            r.d_one = a->d_one && b->d_one;
            r.bn = a->bn * b->bn;
            r.bd = a->bd * b->bd;
            break;
        default:
            /* a/b: b's numerator must not be zero. */
            if (!b->leaf || leaf_guards) {
                size_t len = strlen(guards);
                ok &= snprintf(guards + len, SYM_LEN - len, "%s != 0 && ", b->n) <
                      (int)(SYM_LEN - len);
            }
            ok &= product(r.n, a->n, false, b->d, b->d_one);
            ok &= product(r.d, a->d, a->d_one, b->n, false);
            r.d_one = false;
            r.bn = a->bn * b->bd;
            r.bd = a->bd * b->bn;
            break;
        }
        if (!ok)
            return false;
        double m = r.bn > r.bd ? r.bn : r.bd;
        *bound = m > *bound ? m : *bound;
        sp--;
        st[sp - 1] = r;
    }
    *top = st[0];
    return true;
}

/* Largest magnitude the generated int64 code may meet: 2^62 leaves room for the sum of
 * two such products, and doubles bound it conservatively at this size. */
#define TABLEGEN_BOUND 4611686018427387904.0 /* 2^62 */

static void write_header(FILE *out, const enumeration *st, const tablegen_table *t, const char *command,
                         const char *cover_note, double bound)
{
    const enumeration_params *p = &st->params;
    fprintf(out, "/* Generated by `%s`: do not edit.\n * %s\n *\n", command, NOTICE_FREE_USE);
    fprintf(out, " * %d cards, deck %lld-%lld, target %lld, %s family: %u expressions (%u from "
                 "the\n * cover, %u added for hands the family misses), tried in greedy "
                 "min-sum order.\n",
            p->ncards, (long long)p->lo, (long long)p->hi, (long long)p->target,
            template_groupings_name(p->groupings), t->count, t->from_cover, t->patched);
    fprintf(out, " * The cover: %s.\n", cover_note);
    fprintf(out, " * Mean expressions tried per solvable hand: %.3f (every template in id "
                 "order: %.3f).\n", t->mean_tries, t->mean_tries_id_order);
    fprintf(out, " * Values are unreduced fractions N/D; a hit is N == target*D with every "
                 "divisor\n * non-zero. For cards in the deck no intermediate exceeds %.6g "
                 "< 2^62, so\n * int64 arithmetic is exact here. */\n", bound);
    fprintf(out, "#include \"solve/table.h\"\n\n");
}

/* |v| as a double: llabs(INT64_MIN) is undefined (and came out negative, which passed
 * the overflow check below). */
static double magnitude(int64_t v)
{
    return v < 0 ? -(double)v : (double)v;
}

/* v as a C constant of type int64: -9223372036854775808LL would be the negation of a
 * constant too large for long long, so INT64_MIN is written as an expression. */
static const char *c_int64(int64_t v, char *buf, size_t size)
{
    if (v == INT64_MIN)
        snprintf(buf, size, "(-9223372036854775807LL - 1)");
    else
        snprintf(buf, size, "%lldLL", (long long)v);
    return buf;
}

static int write_tests(const enumeration *st, const tablegen_table *t, FILE *code,
                       double *bound, char *err, size_t errsize)
{
    const enumeration_params *p = &st->params;
    double maxcard = magnitude(p->lo) > magnitude(p->hi) ? magnitude(p->lo) : magnitude(p->hi);
    double tabs = magnitude(p->target), worst = 0;
    bool leaf_guards = p->lo <= 0;
    char target[40];
    c_int64(p->target, target, sizeof target);
    sym *s = malloc(sizeof *s);
    char *guards = malloc(SYM_LEN);
    int rc = -1;
    if (!s || !guards) {
        snprintf(err, errsize, "out of memory");
        goto done;
    }
    for (uint32_t k = 0; k < t->count; k++) {
        template_prog prog;
        double b;
        char text[256];
        template_program(st->all, t->ids[k], &prog);
        if (!symbolic(&prog, maxcard, leaf_guards, s, guards, &b)) {
            snprintf(err, errsize, "expression %u is too long to generate", k);
            goto done;
        }
        double fin = tabs * s->bd > s->bn ? tabs * s->bd : s->bn;
        worst = fin > worst ? fin : worst;
        worst = b > worst ? b : worst;
        template_format_prog(&prog, TEMPLATE_READABLE, NULL, text, sizeof text);
        if (s->d_one)
            fprintf(code, "    if (%s%s == %s) /* %s */\n        return %u;\n", guards,
                    s->n, target, text, k);
        else
            fprintf(code, "    if (%s%s == %s * (%s)) /* %s */\n        return %u;\n",
                    guards, s->n, target, s->d, text, k);
    }
    *bound = worst;
    rc = 0;
    if (worst >= TABLEGEN_BOUND) {
        snprintf(err, errsize, "deck %lld-%lld could overflow int64 in generated code",
                 (long long)p->lo, (long long)p->hi);
        rc = -1;
    }
done:
    free(s);
    free(guards);
    return rc;
}

/* The table's tests as the body of a C function over const int64_t x0..x{n-1} (the
 * sorted cards): one `if (...) return k;` per expression, in try order, the divisors
 * guarded against zero. Sets *bound to the largest magnitude any of them can meet for
 * cards in the deck. Returns the text (malloc'd, the caller frees it), or NULL with the
 * reason in err when memory runs out, an expression is too long or the deck could
 * overflow int64. */
char *tablegen_tests(const enumeration *st, const tablegen_table *t, double *bound, char *err,
                     size_t errsize)
{
    char *body = NULL;
    size_t len = 0;
    FILE *code = open_memstream(&body, &len);
    if (!code) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    int rc = write_tests(st, t, code, bound, err, errsize);
    if (fclose(code) && !rc) {
        snprintf(err, errsize, "out of memory");
        rc = -1;
    }
    if (rc) {
        free(body);
        return NULL;
    }
    return body;
}

/* Writes the table as C source defining `const table_def NAME`; cover_note says in the
 * header where the cover came from (and whether it is proven minimal). Returns 0, or -1 with the
 * reason in err when an expression is too long or the deck could overflow int64. */
int tablegen_write_c(const enumeration *st, const tablegen_table *t, const char *name, const char *command,
                 const char *cover_note, FILE *out, char *err, size_t errsize)
{
    const enumeration_params *p = &st->params;
    int n = p->ncards;
    double worst = 0;
    char *body = tablegen_tests(st, t, &worst, err, errsize);
    if (!body)
        return -1;
    write_header(out, st, t, command, cover_note, worst);
    fprintf(out, "static const uint32_t ids[] = {");
    for (uint32_t k = 0; k < t->count; k++)
        fprintf(out, "%s%u,", k % 10 ? " " : "\n    ", t->ids[k]);
    fprintf(out, "\n};\n\nstatic int solve(const int64_t *x)\n{\n");
    for (int i = 0; i < n && t->count; i++)
        fprintf(out, "    const int64_t x%d = x[%d];\n", i, i);
    if (!t->count) /* no hand makes the target: nothing reads the cards */
        fprintf(out, "    (void)x;\n");
    fprintf(out, "%s    return -1;\n}\n\n", body);
    char target[40], target_plain[24];
    c_int64(p->target, target, sizeof target);
    snprintf(target_plain, sizeof target_plain, "%lld", (long long)p->target);
    fprintf(out, "const table_def %s = {\n    .cards = %d,\n    .lo = %lld,\n    .hi = %lld,\n"
                 "    .target = %s,\n    .groupings = \"%s\",\n    .command = \"%s\",\n"
                 "    .count = %u,\n    .from_cover = %u,\n    .ids = ids,\n"
                 "    .solve = solve,\n};\n",
            name, n, (long long)p->lo, (long long)p->hi,
            p->target == INT64_MIN ? target : target_plain,
            template_groupings_name(p->groupings), command, t->count, t->from_cover);
    free(body);
    errno = 0;
    if (fflush(out) || ferror(out)) {
        snprintf(err, errsize, "cannot write the table: %s",
                 errno ? strerror(errno) : "write error");
        return -1;
    }
    return 0;
}

/* The study's cover (class representatives) built into a table: fills *t (caller frees
 * with tablegen_table_free()) and, in note, where the cover came from and whether it is
 * proven minimal. Returns 0, or -1 with the reason in err. */
int tablegen_build_from_study(const study *p, tablegen_table *t, char *note, size_t notesize,
                              char *err, size_t errsize)
{
    const hs_report *r = &p->hr;
    memset(t, 0, sizeof *t);
    uint32_t *cover = malloc((r->size + 1) * sizeof *cover);
    if (!cover) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    for (uint32_t k = 0; k < r->size; k++)
        cover[k] = classes_rep(p->cls, r->cover[k]);
    /* A bound's words are its row's of the table of bounds, in the study's words; the
     * search is named by its engine. */
    const char *proof = hs_engine_about(r->params.engine).label;
    if (r->proof == HS_PROOF_BOUND)
        proof = cover_report_bound_words(&r->proof_bound, true);
    else if (r->proof == HS_PROOF_REDUCTIONS)
        proof = "the reductions";
    if (r->optimal)
        snprintf(note, notesize, "a minimum hitting set of the %s family (%u templates, "
                 "proven optimal by %s)", template_groupings_name(p->st.params.groupings),
                 r->size, proof);
    else
        snprintf(note, notesize, "the best hitting set found (%u templates; NOT proven "
                 "minimal: the optimum is between %u and %u after a %g s search)",
                 r->size, r->lower_bound, r->size, r->params.time_limit);
    int rc = tablegen_build(&p->st, cover, r->size, t, err, errsize);
    free(cover);
    return rc;
}

/* The whole emit step for a finished study: its cover built into a table and written as
 * C. Fills *t (caller frees with tablegen_table_free()). Returns 0, or -1 with the reason
 * in err. */
int tablegen_from_study(const study *p, const char *name, const char *command, FILE *out,
                  tablegen_table *t, char *err, size_t errsize)
{
    char note[256];
    int rc = tablegen_build_from_study(p, t, note, sizeof note, err, errsize);
    if (!rc)
        rc = tablegen_write_c(&p->st, t, name, command, note, out, err, errsize);
    return rc;
}
