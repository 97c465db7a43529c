/* test_data.c - the published covers of data/covers/ checked against the published
 * instances of data/instances/, read back through the PACE reader: each cover meets every
 * set, its counts are right, glpsol, on the instance as read, proves the minimum each
 * proven cover states, and data/instances/bounds.csv agrees with them.
 * (tests/check_data.sh checks that they regenerate and that the commands reproduce them.) */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"
#include "hitset/model/export.h"
#include "hitset/model/pace.h"
#include "hitset/mip/ilp.h"
#include "hitset/model/instance.h"
#include "export_helpers.h"
#include "helpers.h"

typedef struct {
    uint32_t size;        /* as the header states */
    bool proven;          /* the header says "proven minimal" */
    uint32_t n;           /* expression lines */
    uint32_t elem[1024];  /* their elements, 0-based */
    uint32_t solves[1024], adds[1024];
} cover_file;

static void read_cover(const char *name, cover_file *c)
{
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/data/covers/%s.txt", T24_SOURCE_DIR, name);
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "data/covers/%s.txt is missing", name);
    memset(c, 0, sizeof *c);
    bool header = false, stated = false;
    while (fgets(line, sizeof line, fp)) {
        unsigned size, rank, elem, tmpl, solves, adds;
        if (line[0] == '#') {
            if (sscanf(line, "# %u expressions,", &size) == 1) {
                c->size = size;
                c->proven = strstr(line, "expressions, proven minimal") != NULL;
                stated = true;
            }
            continue;
        }
        if (!header) {
            cr_assert_str_eq(line, "rank\telement\ttemplate\texpression\tsolves\tadds\n");
            header = true;
            continue;
        }
        cr_assert_eq(sscanf(line, "%u\t%u\t%u\t%*[^\t]\t%u\t%u", &rank, &elem, &tmpl, &solves,
                            &adds), 5, "%s: bad line %s", name, line);
        cr_assert_eq(rank, c->n + 1, "%s: ranks run 1, 2, ...", name);
        cr_assert_lt(c->n, 1024);
        cr_assert_geq(elem, 1, "%s: elements are numbered from 1", name);
        c->elem[c->n] = elem - 1;
        c->solves[c->n] = solves;
        c->adds[c->n++] = adds;
    }
    fclose(fp);
    cr_assert(stated, "%s: no '# N expressions' line", name);
}

static instance *read_instance(const char *name)
{
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/data/instances/%s.hgr", T24_SOURCE_DIR, name);
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "data/instances/%s.hgr is missing", name);
    instance *h = pace_read(fp, err, sizeof err);
    fclose(fp);
    cr_assert(h, "data/instances/%s.hgr: %s", name, err);
    return h;
}

/* The cover against the instance: in range, meets every set, and each line's counts are
 * what the instance says (solves: the element's sets; adds: those no earlier line met). */
static void check_cover(const char *name, const instance *h, const cover_file *c)
{
    cr_assert_eq(c->n, c->size, "%s: %u lines, but the header says %u", name, c->n, c->size);
    unsigned char *met = calloc(instance_nsets(h) + 1, 1);
    for (uint32_t i = 0; i < c->n; i++) {
        cr_assert_lt(c->elem[i], instance_nelems(h), "%s: element out of range", name);
        uint32_t len, adds = 0;
        const uint32_t *sets = instance_elem(h, c->elem[i], &len);
        for (uint32_t j = 0; j < len; j++) {
            adds += !met[sets[j]];
            met[sets[j]] = 1;
        }
        cr_expect_eq(c->solves[i], len, "%s: line %u solves", name, i + 1);
        cr_expect_eq(c->adds[i], adds, "%s: line %u adds", name, i + 1);
    }
    free(met);
    cr_assert(instance_is_cover(h, c->elem, c->n), "%s: the cover misses a hand", name);
}

/* glpsol on the instance as read (written out as MathProg data) proves the stated
 * minimum. */
static void check_minimum(const char *name, const instance *h, const cover_file *c)
{
    char dat[256];
    temp_path(dat, sizeof dat, ".dat");
    write_file(dat, export_dat, h);
    static uint32_t chosen[4096];
    uint32_t n;
    cr_expect_eq(glpsol_optimum(dat, chosen, &n), c->size, "%s: glpsol's optimum", name);
    unlink(dat);
}

Test(data, every_published_cover_meets_its_instance_with_the_stated_minimum, .timeout = 600)
{
    char path[1024], line[256];
    snprintf(path, sizeof path, "%s/data/configurations.txt", T24_SOURCE_DIR);
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "data/configurations.txt is missing");
    int configurations = 0;
    while (fgets(line, sizeof line, fp)) {
        int cards;
        char deck[64], target[64], family[64], name[256];
        if (line[0] == '#' || line[0] == '\n')
            continue;
        cr_assert_eq(sscanf(line, "%d %63s %63s %63s", &cards, deck, target, family), 4);
        snprintf(name, sizeof name, "cards%d_deck%s_target%s_%s", cards, deck, target, family);
        static cover_file c;
        read_cover(name, &c);
        instance *h = read_instance(name);
        check_cover(name, h, &c);
        if (c.proven)
            check_minimum(name, h, &c);
        instance_free(h);
        configurations++;
    }
    fclose(fp);
    cr_assert_geq(configurations, 4, "the standard configurations are listed");
}

/* A PACE solution file (size, then one 1-based element a line), read here. */
static uint32_t read_solution(const char *name, uint32_t *elems, uint32_t cap)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/covers/%s.sol", T24_SOURCE_DIR, name);
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "data/covers/%s.sol is missing", name);
    unsigned size, e, n = 0;
    cr_assert_eq(fscanf(fp, "%u", &size), 1, "%s.sol: no size line", name);
    while (fscanf(fp, "%u", &e) == 1) {
        cr_assert_lt(n, cap);
        cr_assert_geq(e, 1, "%s.sol: elements are numbered from 1", name);
        elems[n++] = e - 1;
    }
    cr_assert(feof(fp), "%s.sol: something other than a number", name);
    fclose(fp);
    cr_assert_eq(n, size, "%s.sol: %u elements, the size line says %u", name, n, size);
    return n;
}

/* Meets every set: checked set by set here, not through instance_is_cover(). */
static bool meets_every_set(const instance *h, const uint32_t *elems, uint32_t n)
{
    unsigned char *in = calloc(instance_nelems(h) + 1, 1);
    for (uint32_t i = 0; i < n; i++) {
        cr_assert_lt(elems[i], instance_nelems(h));
        cr_assert_eq(in[elems[i]], 0, "an element listed twice");
        in[elems[i]] = 1;
    }
    bool all = true;
    for (uint32_t s = 0; s < instance_nsets(h) && all; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        bool met = false;
        for (uint32_t j = 0; j < len && !met; j++)
            met = in[el[j]];
        all = met;
    }
    free(in);
    return all;
}

/* data/instances/bounds.csv, the one file of bounds: one row per published instance (the
 * four-card configurations, then the five-card decks); the stated sizes match the file;
 * its cover data/covers/NAME.sol meets every set and has the upper bound's size; lower <=
 * upper, and the lower bound is at least the LP bound's ceiling (every branch-and-bound
 * bound is); `proven` is yes exactly when lower == upper, and glpsol proves the quick ones
 * (four cards, five-card deck 1-5). tests/check_data.sh reruns their commands. */
Test(data, bounds_csv_lists_every_instance_with_a_checked_cover, .timeout = 600)
{
    char path[1024], line[2048];
    snprintf(path, sizeof path, "%s/data/instances/bounds.csv", T24_SOURCE_DIR);
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "data/instances/bounds.csv is missing");
    cr_assert(fgets(line, sizeof line, fp));
    cr_assert_str_eq(line, "instance,elements,sets,lower,lower_by,lower_command,upper,"
                           "upper_by,upper_command,proven,certified_lower,certificate\n");
    size_t rows = 0, four = 0, five = 0;
    static uint32_t cover[1 << 16];
    while (fgets(line, sizeof line, fp)) {
        char name[256], proven[8];
        unsigned ne, ns, lower, upper;
        cr_assert_eq(sscanf(line, "%255[^,],%u,%u,%u,%*[^,],%*[^,],%u,%*[^,],%*[^,],%7[a-z]",
                            name, &ne, &ns, &lower, &upper, proven), 6, "bad row: %s", line);
        four += strncmp(name, "cards4_", 7) == 0;
        five += strncmp(name, "cards5_", 7) == 0;
        instance *h = read_instance(name);
        cr_expect_eq(instance_nelems(h), ne, "%s: elements", name);
        cr_expect_eq(instance_nsets(h), ns, "%s: sets", name);
        uint32_t n = read_solution(name, cover, sizeof cover / sizeof cover[0]);
        cr_expect_eq(n, upper, "%s: the cover has %u elements, the upper bound %u", name, n,
                     upper);
        cr_expect(meets_every_set(h, cover, n), "%s: the cover misses a set", name);
        cr_expect_leq(lower, upper, "%s", name);
        cr_expect_str_eq(proven, lower == upper ? "yes" : "no", "%s: proven", name);
        ilp_params q;
        ilp_params_init(&q);
        q.limit = budget_sooner(q.limit, walltime_now() + 120);
        double lp;
        char err[256];
        cr_assert_eq(ilp_lp_bound(h, &q, &lp, err, sizeof err), 0, "%s: %s", name, err);
        cr_expect_geq(lower, (uint32_t)ceil(lp - 1e-6), "%s: lower bound under the LP's", name);
        if (strncmp(name, "cards4_", 7) == 0 || strcmp(name, "cards5_deck1-5_target24_all") == 0) {
            static cover_file c;
            c.size = upper;
            cr_expect_str_eq(proven, "yes", "%s", name);
            check_minimum(name, h, &c);
        }
        instance_free(h);
        rows++;
    }
    fclose(fp);
    cr_expect_eq(four, 6, "a row for every four-card configuration");
    cr_expect_eq(five, 7, "a row for every five-card deck");
    cr_expect_eq(rows, four + five, "no other rows");
}
