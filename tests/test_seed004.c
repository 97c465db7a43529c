/* test_seed004.c - seed 004's hitting-set claims, reproduced under its own arithmetic.
 *
 * Seed 004 evaluated the 4,608 templates of the reduced family on the 1,001 hands of
 * 1..11 with Python's eval and `== 24`: integers stay exact, every `/` gives the
 * correctly rounded double, and later operations round again. The same tree evaluated
 * in C doubles gives bit-identical values (small integers are exact doubles, int/int in
 * Python is the rounded quotient, mixed int/float converts exactly), and a zero divisor
 * (ZeroDivisionError in Python) is a miss. These tests rebuild the seed's solution sets
 * that way, check that they reproduce its figures (an independent source: the seed's
 * text), and pin down exactly where exact arithmetic differs. See docs/claims.md. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/classes.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "core/op.h"
#include "study/enumeration.h"
#include "seed_float.h"
#include "study_helpers.h"

/* The seed's solution sets: templates whose double value == 24 on each hand. */
static void float_solset(const enumeration *st, solutions *fs)
{
    uint32_t nh = hand_set_count(st->hands), nt = template_family_count(st->family);
    memset(fs, 0, sizeof *fs);
    fs->nhands = nh;
    fs->ntemplates = nt;
    fs->off = calloc(nh + 1, sizeof *fs->off);
    fs->ids = malloc((size_t)nh * nt * sizeof *fs->ids / 8 + 1024 * sizeof *fs->ids);
    cr_assert(fs->off && fs->ids);
    size_t cap = (size_t)nh * nt / 8 + 1024;
    for (uint32_t h = 0; h < nh; h++) {
        const int64_t *cards = hand_set_hand(st->hands, h);
        fs->off[h + 1] = fs->off[h];
        for (uint32_t id = 0; id < nt; id++) {
            template_prog p;
            double v;
            template_program(st->family, id, &p);
            if (seed_float_eval(&p, cards, &v) && v == 24.0) {
                cr_assert(fs->off[h + 1] < cap);
                fs->ids[fs->off[h + 1]++] = id;
            }
        }
    }
}

static bool row_has(const solutions *s, uint32_t h, uint32_t id)
{
    for (uint64_t k = s->off[h]; k < s->off[h + 1]; k++)
        if (s->ids[k] == id)
            return true;
    return false;
}

static void seed_notation(const template_family *f, uint32_t id, char *out, size_t size);

/* seed_notation() with the card values in place of x0..x3, e.g. "(6 * (2 / 5)) * 10". */
static void with_values(const template_family *f, uint32_t id, const int64_t *cards,
                        char *out, size_t size)
{
    char pattern[256];
    size_t n = 0;
    seed_notation(f, id, pattern, sizeof pattern);
    for (const char *p = pattern; *p && n + 24 < size; p++) {
        if (*p == 'x' && p[1] >= '0' && p[1] <= '3')
            n += (size_t)snprintf(out + n, size - n, "%lld", (long long)cards[*++p - '0']);
        else
            out[n++] = *p;
    }
    out[n] = '\0';
}

/* Every (hand, template) pair on which the two arithmetics disagree. */
static uint32_t differences(const enumeration *st, const solutions *fs, bool print)
{
    uint32_t n = 0;
    for (uint32_t h = 0; h < fs->nhands; h++) {
        char hand[64], expr[128];
        hand_format(hand_set_hand(st->hands, h), 4, hand, sizeof hand);
        for (uint64_t k = fs->off[h]; k < fs->off[h + 1]; k++)
            if (!row_has(&st->sols, h, fs->ids[k])) {
                n++;
                template_format(st->family, fs->ids[k], TEMPLATE_READABLE,
                                hand_set_hand(st->hands, h), expr, sizeof expr);
                if (print)
                    printf("float accepts, exact rejects: %-12s template %4u  %s\n", hand,
                           fs->ids[k], expr);
            }
        for (uint64_t k = st->sols.off[h]; k < st->sols.off[h + 1]; k++)
            if (!row_has(fs, h, st->sols.ids[k])) {
                n++;
                with_values(st->family, st->sols.ids[k], hand_set_hand(st->hands, h), expr,
                            sizeof expr);
                if (print)
                    printf("float misses, exact accepts: %-12s template %4u  %s\n", hand,
                           st->sols.ids[k], expr);
            }
    }
    return n;
}

/* A template in seed 004's notation: every operation parenthesised except the outermost,
 * operators spaced, leaves x0..x3 (e.g. "((x0 + x1) + x2) + x3"). */
static void seed_notation(const template_family *f, uint32_t id, char *out, size_t size)
{
    template_prog p;
    char st[TEMPLATE_MAX_TOKENS][512];
    int sp = 0;
    template_program(f, id, &p);
    for (int i = 0; i < p.len; i++) {
        int t = p.tok[i];
        if (t < TEMPLATE_TOK_OP) {
            snprintf(st[sp++], sizeof st[0], "x%d", t);
            continue;
        }
        char a[200], b[200];
        snprintf(b, sizeof b, "%.199s", st[--sp]);
        snprintf(a, sizeof a, "%.199s", st[--sp]);
        bool pa = strchr(a, ' ') != NULL, pb = strchr(b, ' ') != NULL;
        snprintf(st[sp++], sizeof st[0], "%s%s%s %c %s%s%s", pa ? "(" : "", a, pa ? ")" : "",
                 op_symbol((op_kind)(t - TEMPLATE_TOK_OP)), pb ? "(" : "", b, pb ? ")" : "");
    }
    snprintf(out, size, "%.250s", st[0]);
}

/* Template ids of the expressions listed in data/reference/NAME (one per line, # comments). */
static uint32_t load_list(const template_family *f, const char *name, uint32_t *ids,
                          uint32_t cap)
{
    char path[1024], line[256], buf[256];
    snprintf(path, sizeof path, "%s/data/reference/%s", T24_SOURCE_DIR, name);
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "cannot open %s", path);
    uint32_t n = 0;
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '#' || !line[0])
            continue;
        uint32_t found = UINT32_MAX;
        for (uint32_t id = 0; id < template_family_count(f) && found == UINT32_MAX; id++) {
            seed_notation(f, id, buf, sizeof buf);
            if (strcmp(buf, line) == 0)
                found = id;
        }
        cr_assert_neq(found, UINT32_MAX, "no template reads '%s'", line);
        cr_assert_lt(n, cap);
        ids[n++] = found;
    }
    fclose(fp);
    return n;
}

/* Both worlds: the study (exact) and the seed's float solution sets, with their classes. */
typedef struct {
    enumeration st;
    solutions fs;
    classes *fc, *ec;
    const instance *fi, *ei;
} worlds;

static void worlds_init(worlds *w)
{
    char err[256];
    w->st = enumerate_default();
    float_solset(&w->st, &w->fs);
    w->fc = classes_new(&w->fs, err, sizeof err);
    w->ec = classes_new(&w->st.sols, err, sizeof err);
    cr_assert(w->fc && w->ec, "%s", err);
    w->fi = classes_instance(w->fc);
    w->ei = classes_instance(w->ec);
}

static void worlds_free(worlds *w)
{
    classes_free(w->fc);
    classes_free(w->ec);
    solutions_free(&w->fs);
    enumeration_free(&w->st);
}

static uint32_t set_of_hand(const classes *c, uint32_t hand)
{
    const instance *h = classes_instance(c);
    for (uint32_t s = 0; s < instance_nsets(h); s++)
        if (classes_hand(c, s) == hand)
            return s;
    return UINT32_MAX;
}

Test(seed004, float_arithmetic_reproduces_the_seed_figures)
{
    worlds w;
    worlds_init(&w);
    uint32_t useful = 0, singles;
    for (uint32_t id = 0; id < w.fs.ntemplates; id++)
        useful += classes_of(w.fc, id) != CLASSES_NONE;
    /* The seed: 1809 expressions solve some game, 273 unique expressions, 62 necessary
     * expressions, 122 games with a unique solution. */
    cr_expect_eq(useful, 1809);
    cr_expect_eq(classes_count(w.fc), 273);
    cr_expect_eq(instance_necessary(w.fi, NULL, &singles), 62);
    cr_expect_eq(singles, 122);
    worlds_free(&w);
}

Test(seed004, floats_only_miss_solutions_and_lose_no_hand)
{
    worlds w;
    worlds_init(&w);
    uint32_t misses = 0;
    for (uint32_t h = 0; h < w.fs.nhands; h++) {
        for (uint64_t k = w.fs.off[h]; k < w.fs.off[h + 1]; k++)
            cr_expect(row_has(&w.st.sols, h, w.fs.ids[k]), "float accepts a false solution");
        for (uint64_t k = w.st.sols.off[h]; k < w.st.sols.off[h + 1]; k++) {
            if (row_has(&w.fs, h, w.st.sols.ids[k]))
                continue;
            char text[128];
            template_format(w.st.family, w.st.sols.ids[k], TEMPLATE_READABLE, NULL, text,
                            sizeof text);
            cr_expect(strchr(text, '/'), "a miss without division: %s", text);
            misses++;
        }
        cr_expect_eq(solutions_row_len(&w.fs, h) > 0, solutions_row_len(&w.st.sols, h) > 0);
    }
    cr_expect_gt(misses, 0);
    differences(&w.st, &w.fs, true); /* the list docs/claims.md quotes */
    worlds_free(&w);
}

/* 10/6 is 1.6666666666666667 in double, +1 gives 2.666666666666667 and *9 gives
 * 24.000000000000004, so on 1 6 9 10 Python misses (10/6+1)*9 = 24 and only
 * 6-1+9+10 remains. */
Test(seed004, the_extra_unique_solution_game_is_1_6_9_10)
{
    worlds w;
    worlds_init(&w);
    int64_t cards[4] = { 1, 6, 9, 10 };
    uint32_t hand = (uint32_t)hand_set_find(w.st.hands, cards);
    uint32_t fs = set_of_hand(w.fc, hand), es = set_of_hand(w.ec, hand);
    uint32_t flen, elen;
    instance_set(w.fi, fs, &flen);
    instance_set(w.ei, es, &elen);
    cr_expect_eq(flen, 1);
    cr_expect_eq(elen, 2);
    cr_expect_neq((10.0 / 6.0 + 1.0) * 9.0, 24.0);
    /* Every other hand has a single class in both worlds or in neither. */
    uint32_t differ = 0;
    for (uint32_t s = 0; s < instance_nsets(w.ei); s++) {
        uint32_t a, b, t = set_of_hand(w.fc, classes_hand(w.ec, s));
        instance_set(w.ei, s, &a);
        instance_set(w.fi, t, &b);
        differ += (a == 1) != (b == 1);
    }
    cr_expect_eq(differ, 1);
    worlds_free(&w);
}

Test(seed004, the_seed_necessary_list_is_exactly_the_necessary_classes)
{
    worlds w;
    worlds_init(&w);
    uint32_t ids[100];
    uint32_t n = load_list(w.st.family, "seed004_necessary.txt", ids, 100);
    cr_assert_eq(n, 62);
    bool *fneed = calloc(instance_nelems(w.fi), 1), *eneed = calloc(instance_nelems(w.ei), 1);
    bool *fseen = calloc(instance_nelems(w.fi), 1), *eseen = calloc(instance_nelems(w.ei), 1);
    uint32_t fcount = instance_necessary(w.fi, fneed, NULL), ecount = instance_necessary(w.ei, eneed, NULL);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t f = classes_of(w.fc, ids[i]), e = classes_of(w.ec, ids[i]);
        cr_expect(fneed[f] && eneed[e], "template %u is not necessary", ids[i]);
        cr_expect(!fseen[f] && !eseen[e], "template %u repeats a class", ids[i]);
        fseen[f] = eseen[e] = true;
    }
    cr_expect_eq(fcount, n);
    cr_expect_eq(ecount, n);
    free(fneed);
    free(eneed);
    free(fseen);
    free(eseen);
    worlds_free(&w);
}

/* Float rounding splits exact classes (never merges them): 273 = exact classes + splits. */
Test(seed004, extra_float_classes_are_splits_of_exact_classes)
{
    worlds w;
    worlds_init(&w);
    uint32_t extra = 0;
    for (uint32_t c = 0; c < classes_count(w.ec); c++) {
        uint32_t n, distinct = 0, seen[64];
        const uint32_t *m = classes_members(w.ec, c, &n);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t f = classes_of(w.fc, m[i]);
            bool dup = false;
            for (uint32_t j = 0; j < distinct; j++)
                dup |= seen[j] == f;
            if (!dup && distinct < 64)
                seen[distinct++] = f;
        }
        if (distinct > 1) {
            char text[128];
            template_format(w.st.family, m[0], TEMPLATE_READABLE, NULL, text, sizeof text);
            printf("exact class of %s (%u templates) is %u float classes\n", text, n,
                   distinct);
        }
        extra += distinct - 1;
    }
    for (uint32_t c = 0; c < classes_count(w.fc); c++) {
        uint32_t n;
        const uint32_t *m = classes_members(w.fc, c, &n);
        for (uint32_t i = 1; i < n; i++)
            cr_expect_eq(classes_of(w.ec, m[i]), classes_of(w.ec, m[0]), "a float class merges");
    }
    cr_expect_eq(classes_count(w.ec) + extra, classes_count(w.fc));
    worlds_free(&w);
}

/* The seed's printed 110-expression greedy cover solves every solvable hand in both
 * arithmetics, and pruning it reaches the proven optimum. */
Test(seed004, the_seed_greedy_cover_is_valid_and_prunes_to_the_optimum)
{
    worlds w;
    worlds_init(&w);
    uint32_t ids[200], fcl[200], ecl[200];
    uint32_t n = load_list(w.st.family, "seed004_greedy.txt", ids, 200);
    cr_assert_eq(n, 110);
    for (uint32_t i = 0; i < n; i++) {
        fcl[i] = classes_of(w.fc, ids[i]);
        ecl[i] = classes_of(w.ec, ids[i]);
    }
    cr_expect(instance_is_cover(w.fi, fcl, n));
    cr_expect(instance_is_cover(w.ei, ecl, n));
    greedy_cover order, pruned;
    cr_assert_eq(greedy_order(w.ei, ecl, n, &order), 0);
    cr_assert_eq(greedy_prune(w.ei, &order, &pruned), 0);
    cr_expect(instance_is_cover(w.ei, pruned.elems, pruned.n));
    mincover_params hp;
    mincover_result r;
    char err[256];
    mincover_params_init(&hp);
    cr_assert_eq(mincover_run(w.ei, NULL, &hp, &r, err, sizeof err), 0, "%s", err);
    cr_expect(r.optimal);
    cr_expect_geq(pruned.n, r.optimum);
    printf("seed greedy cover: %u expressions, %u after pruning, optimum %u\n", n, pruned.n,
           r.optimum);
    mincover_result_free(&r);
    greedy_cover_free(&order);
    greedy_cover_free(&pruned);
    worlds_free(&w);
}

/* With the seed's tie-breaking (a random order of the expressions, first best wins),
 * greedy in float arithmetic reaches both ends of the seed's 110-114. */
Test(seed004, random_greedy_covers_the_seed_range)
{
    worlds w;
    worlds_init(&w);
    uint32_t n = classes_count(w.fc), *mult = malloc(n * sizeof *mult);
    for (uint32_t c = 0; c < n; c++)
        classes_members(w.fc, c, &mult[c]);
    greedy_stats gs;
    cr_assert_eq(greedy_runs(w.fi, mult, 1000, 4, &gs), 0);
    printf("float greedy over 1000 runs: %u..%u (median %u)\n", gs.min, gs.max, gs.median);
    cr_expect_leq(gs.min, 110);
    cr_expect_geq(gs.max, 114);
    greedy_cover_free(&gs.best);
    free(mult);
    worlds_free(&w);
}
