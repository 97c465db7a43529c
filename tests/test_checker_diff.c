/* test_checker_diff.c - differential testing of t24-check against brute force (issue 38).
 *
 * Random certificates for random instances of 3 to 6 elements: trees that branch and
 * split as a correct proof would, with invalid or doubtful steps injected at random (cuts,
 * among them empty cuts and cuts of multiplier 0, drops, dominations, multipliers at the
 * limits, leaves that claim too much, bounds above the optimum). Whatever t24-check
 * accepts is compared with the optimum found by trying every element set: a bound above
 * it is a false bound, the one thing a checker must never verify. The oracle shares
 * nothing with the checker (it never reads a certificate), so a rule the checker gets
 * wrong cannot vouch for itself. A generator that produced nothing acceptable would test
 * nothing: enough certificates must be verified, cuts and dominations among them.
 *
 * T24_DIFF_CASES sets the number of certificates (default 3000, about ten seconds;
 * `make fuzz` runs many more), T24_DIFF_SEED the first seed. The checker is the binary
 * of T24_CHECK_BIN; tests/check_checker_planted.sh runs this test against a checker with
 * issue 38's defect planted back and expects it to fail. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"

extern char **environ;

#define MAXN 6
#define MAXM 6
#define TWO62 (UINT64_C(1) << 62)

typedef struct {
    uint64_t rng;
    unsigned n, m, set[MAXM]; /* the sets as element masks (bit e - 1 for element e) */
    unsigned K;
    uint64_t D;
    unsigned f1, f0, dropped;    /* the node's state: elements in, out; sets dropped */
    unsigned cuts, scope[64], nscope; /* cut lines so far; rows of the cuts in scope */
    unsigned inject, nodes;      /* percent of nodes with an injected step; nodes written */
    bool has_cut, has_dom;       /* what the certificate holds */
    char *text;
    size_t len, cap;
} gen;

static uint64_t next(gen *g)
{
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static unsigned below(gen *g, unsigned k) { return (unsigned)(next(g) % k); }
static bool chance(gen *g, unsigned percent) { return below(g, 100) < percent; }

static void emit(gen *g, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(g->text + g->len, g->cap - g->len, fmt, ap);
        va_end(ap);
        cr_assert(k >= 0);
        if ((size_t)k < g->cap - g->len) {
            g->len += (size_t)k;
            return;
        }
        g->cap = 2 * g->cap + (size_t)k + 64;
        g->text = realloc(g->text, g->cap);
        cr_assert(g->text);
    }
}

/* A multiplier: the values where rounding and overflow live. */
static uint64_t multiplier(gen *g)
{
    const uint64_t d = g->D;
    uint64_t pick[] = { 0, 1, d / 2, d, d + 1, 2 * d, d * (1 + below(g, 3)) / 2, TWO62 };
    uint64_t v = pick[below(g, 8)];
    return v > TWO62 ? TWO62 : v;
}

/* A row in scope (a set, or a cut of an ancestor), now and then one that is not. */
static unsigned any_row(gen *g)
{
    if (chance(g, 3))
        return g->m + g->cuts + 1; /* no such row yet */
    unsigned k = below(g, g->m + g->nscope);
    return k < g->m ? k + 1 : g->scope[k - g->m];
}

static void pairs(gen *g, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        emit(g, " %u:%" PRIu64, any_row(g), multiplier(g));
    emit(g, "\n");
}

static unsigned popcount(unsigned x) { return (unsigned)__builtin_popcount(x); }
static unsigned all(const gen *g) { return (1u << g->n) - 1; }
static unsigned free_of(const gen *g) { return all(g) & ~g->f1 & ~g->f0; }

/* A set neither hit by F1 nor dropped (1-based), chosen at random; 0 when none. With
 * no_free, only one whose elements are all in F0. */
static unsigned open_set(gen *g, bool no_free)
{
    unsigned c[MAXM], k = 0;
    for (unsigned s = 0; s < g->m; s++)
        if (!(g->set[s] & g->f1) && !(g->dropped >> s & 1) &&
            (!no_free || !(g->set[s] & free_of(g))))
            c[k++] = s + 1;
    return k ? c[below(g, k)] : 0;
}

static unsigned random_bit(gen *g, unsigned mask)
{
    unsigned k = below(g, popcount(mask));
    for (unsigned e = 0;; e++)
        if ((mask >> e & 1) && k-- == 0)
            return e;
}

static void node(gen *g);

/* One of the steps a correct proof may or may not take here: a cut, a drop, a domination. */
static void injected(gen *g)
{
    unsigned kind = below(g, 3), fr = free_of(g);
    if (kind == 0) { /* a cut: empty ones (multiplier 0, rows with no free element) too */
        emit(g, "cut");
        if (chance(g, 30)) /* multiplier 0: the empty cut, 0 >= 0 */
            emit(g, " %u:0\n", any_row(g));
        else
            pairs(g, 1 + below(g, 3));
        g->has_cut = true;
        g->scope[g->nscope++] = g->m + ++g->cuts;
        node(g);
        g->nscope--;
    } else if (kind == 1) {
        unsigned r = any_row(g), was = g->dropped;
        emit(g, "drop %u\n", r);
        if (r <= g->m)
            g->dropped |= 1u << (r - 1);
        node(g);
        g->dropped = was;
    } else if (fr) {
        unsigned e = random_bit(g, fr), f = below(g, g->n);
        emit(g, "dominated %u %u\n", e + 1, f + 1);
        g->has_dom = true;
        g->f0 |= 1u << e;
        node(g);
        g->f0 &= ~(1u << e);
    } else {
        node(g);
    }
}

/* A leaf that claims without a reason of its own: random multipliers, or an ancestor's. */
static void doubtful_leaf(gen *g)
{
    if (chance(g, 20))
        return emit(g, "leaf inherit\n");
    emit(g, "leaf y");
    if (g->nscope && chance(g, 50)) /* a cut of the path: the row a bad rule would trust */
        emit(g, " %u:%" PRIu64, g->scope[below(g, g->nscope)], multiplier(g));
    pairs(g, below(g, 3));
}

/* The subtree of a node with children over the free elements of set s, as split does. */
static void split(gen *g, unsigned s)
{
    unsigned fr = g->set[s - 1] & free_of(g), f0 = g->f0, f1 = g->f1;
    emit(g, "split %u\n", s);
    for (unsigned e = 0; e < g->n; e++) {
        if (!(fr >> e & 1))
            continue;
        g->f1 = f1 | 1u << e;
        node(g);
        g->f0 |= 1u << e;
    }
    g->f0 = f0, g->f1 = f1;
}

static void branch(gen *g, unsigned e)
{
    emit(g, "branch %u", e + 1);
    if (chance(g, 10))
        emit(g, " y"), pairs(g, 1 + below(g, 2)); /* kept for a leaf inherit below */
    else
        emit(g, "\n");
    g->f0 |= 1u << e;
    node(g);
    g->f0 &= ~(1u << e), g->f1 |= 1u << e;
    node(g);
    g->f1 &= ~(1u << e);
}

/* A node and its subtree: what a correct proof of K would write, unless an injected step
 * or a bound above the optimum leaves it nothing correct to write. */
static void node(gen *g)
{
    unsigned s;
    g->nodes++;
    if (g->nodes < 200 && chance(g, g->inject))
        return injected(g);
    if (popcount(g->f1) >= g->K)
        return emit(g, "leaf\n");
    if ((s = open_set(g, true)))
        return emit(g, "leaf empty %u\n", s);
    if (g->nodes >= 200 || !(s = open_set(g, false)))
        return doubtful_leaf(g); /* every set hit (or dropped) below K */
    if (popcount(g->f1) + 1 == g->K && !chance(g, g->inject))
        return emit(g, "leaf y %u:%" PRIu64 "\n", s, g->D); /* L = 1: the last element */
    if (chance(g, 50))
        return split(g, s);
    branch(g, random_bit(g, g->set[s - 1] & free_of(g)));
}

/* A random instance: n elements, m non-empty sets. */
static void instance(gen *g)
{
    g->n = 3 + below(g, MAXN - 2);
    g->m = 1 + below(g, MAXM);
    for (unsigned s = 0; s < g->m; s++)
        do
            g->set[s] = (unsigned)next(g) & all(g) & (chance(g, 50) ? (unsigned)next(g) : ~0u);
        while (!g->set[s]);
}

/* The optimum by trying every element set: shares nothing with the checker. */
static unsigned brute_optimum(const gen *g)
{
    unsigned best = g->n;
    for (unsigned a = 0; a <= all(g); a++) {
        bool cover = true;
        for (unsigned s = 0; s < g->m && cover; s++)
            cover = (g->set[s] & a) != 0;
        if (cover && popcount(a) < best)
            best = popcount(a);
    }
    return best;
}

static uint64_t fnv(uint64_t x, const char *s)
{
    for (; *s; s++)
        x = (x ^ (unsigned char)*s) * 0x100000001b3ull;
    return x;
}

/* The instance as a PACE file at path (each set ascending); its checksum. */
static uint64_t write_instance(const gen *g, const char *path)
{
    char line[64];
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    snprintf(line, sizeof line, "p hs %u %u\n", g->n, g->m);
    uint64_t x = fnv(0xcbf29ce484222325ull, line);
    fputs(line, fp);
    for (unsigned s = 0; s < g->m; s++) {
        size_t k = 0;
        for (unsigned e = 0; e < g->n; e++)
            if (g->set[s] >> e & 1)
                k += (size_t)snprintf(line + k, sizeof line - k, "%s%u", k ? " " : "", e + 1);
        strcat(line, "\n");
        x = fnv(x, line);
        fputs(line, fp);
    }
    cr_assert_eq(fclose(fp), 0);
    return x;
}

/* t24-check's exit status on the files, its output thrown away. */
static int check(const char *inst, const char *cert)
{
    const char *bin = getenv("T24_CHECK_BIN");
    cr_assert(bin, "T24_CHECK_BIN must name the t24-check binary");
    char *argv[] = { (char *)bin, (char *)inst, (char *)cert, NULL };
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int st;
    cr_assert_eq(posix_spawn(&pid, bin, &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    cr_assert(WIFEXITED(st), "t24-check died (status %d) on %s", st, cert);
    return WEXITSTATUS(st);
}

static unsigned long env_number(const char *name, unsigned long fallback)
{
    const char *s = getenv(name);
    return s && *s ? strtoul(s, NULL, 10) : fallback;
}

Test(checker_diff, no_certificate_proves_more_than_the_brute_force_optimum, .timeout = 600)
{
    char dir[] = "/tmp/t24-diff-XXXXXX", inst[64], cert[64];
    cr_assert(mkdtemp(dir));
    snprintf(inst, sizeof inst, "%s/i.hgr", dir);
    snprintf(cert, sizeof cert, "%s/c.cert", dir);
    unsigned long cases = env_number("T24_DIFF_CASES", 3000), seed = env_number("T24_DIFF_SEED", 1);
    unsigned long verified = 0, with_cut = 0, with_dom = 0, above = 0;
    gen g = { .rng = seed };
    uint64_t sum = 0;
    unsigned opt = 0;
    for (unsigned long c = 0; c < cases; c++) {
        if (c % 8 == 0) { /* eight certificates an instance */
            instance(&g);
            sum = write_instance(&g, inst);
            opt = brute_optimum(&g);
        }
        static const unsigned long long ds[] = { 1, 2, 3, 4294967296ull, 1ull << 62 };
        g.D = ds[below(&g, 5)];
        g.K = opt + below(&g, 3) - (opt && chance(&g, 10)); /* opt - 1 .. opt + 2 */
        g.inject = (unsigned[]){ 0, 10, 30 }[below(&g, 3)];
        g.len = g.nodes = g.cuts = g.nscope = g.f1 = g.f0 = g.dropped = 0;
        g.has_cut = g.has_dom = false;
        emit(&g, "t24-certificate 1\ninstance %u %u %016" PRIx64 "\nbound %u\ndenominator %" PRIu64
                 "\ntree\n", g.n, g.m, sum, g.K, g.D);
        node(&g);
        emit(&g, "end\n");
        FILE *fp = fopen(cert, "w");
        cr_assert(fp && fwrite(g.text, 1, g.len, fp) == g.len && fclose(fp) == 0);
        int st = check(inst, cert);
        cr_assert(st == 0 || st == 1, "status %d on\n%s", st, g.text);
        if (st != 0)
            continue;
        cr_assert(g.K <= opt, "false bound: t24-check verified %u, the optimum is %u (case %lu)\n"
                  "instance:\n%s\ncertificate:\n%s", g.K, opt, c, slurp(inst), g.text);
        verified++, with_cut += g.has_cut, with_dom += g.has_dom, above += g.K > 1;
    }
    cr_log_info("%lu certificates, %lu verified (%lu with a cut, %lu with a domination)", cases,
                verified, with_cut, with_dom);
    /* a generator whose certificates were all refused would check nothing */
    if (cases >= 1000) {
        cr_assert_geq(verified, cases / 10, "only %lu of %lu verified", verified, cases);
        cr_assert_geq(with_cut, 1);
        cr_assert_geq(with_dom, 1);
        cr_assert_geq(above, cases / 20);
    }
    unlink(inst), unlink(cert), rmdir(dir);
    free(g.text);
}
