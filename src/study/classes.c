/* classes.c - template classes keyed by their hand sets; see classes.h. */
#include "study/classes.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "core/idlist.h"

/* uthash must not exit the process: an allocation failure sets a flag we check. */
#define HASH_NONFATAL_OOM 1
#define uthash_nonfatal_oom(obj) (oom = true)
#include <uthash.h>

struct classes {
    uint32_t nclasses;
    uint32_t ntemplates;
    uint32_t *rep;       /* per class: its lowest template */
    uint32_t *size;      /* per class: its number of templates */
    uint32_t *class_of;  /* per template, or CLASSES_NONE: from solutions only */
    uint32_t *mem_off;   /* nclasses + 1 offsets into mem, once the members are listed */
    uint32_t *mem;       /* templates of each class, ascending (first = representative) */
    uint32_t *hand_of;   /* instance set -> hand index of the solutions */
    hs_instance *inst;
    /* From formula groups: the groups and each group's class, so that a template's
     * class is recomputed, not stored (seven cards have 2.7e9 templates). */
    const formula_set *fs;
    uint32_t *group_class;
};

/* A class in the hash: the key is its hand list, pointed into the transposed solutions. */
typedef struct {
    const uint32_t *hands;
    uint32_t cls;
    UT_hash_handle hh;
} entry;

/* Template -> solved-hand rows (instance set numbers), CSR, ascending within a row. */
typedef struct {
    uint64_t *off;
    uint32_t *set;
} trows;

static int template_rows(const solutions *s, const uint32_t *set_of_hand, trows *t)
{
    uint32_t nt = s->ntemplates;
    uint64_t nnz = s->off[s->nhands];
    t->off = calloc((size_t)nt + 1, sizeof *t->off);
    t->set = malloc((nnz ? nnz : 1) * sizeof *t->set);
    uint64_t *pos = malloc(((size_t)nt + 1) * sizeof *pos);
    if (!t->off || !t->set || !pos) {
        free(pos);
        return -1;
    }
    for (uint64_t k = 0; k < nnz; k++)
        t->off[s->ids[k] + 1]++;
    for (uint32_t i = 0; i < nt; i++)
        t->off[i + 1] += t->off[i];
    memcpy(pos, t->off, ((size_t)nt + 1) * sizeof *pos);
    for (uint32_t h = 0; h < s->nhands; h++)
        for (uint64_t k = s->off[h]; k < s->off[h + 1]; k++)
            t->set[pos[s->ids[k]]++] = set_of_hand[h];
    free(pos);
    return 0;
}

/* Gives every useful template its class: the first template (lowest id) with a new hand
 * list opens a class, so class ids follow representatives. */
static int assign(classes *c, const trows *t)
{
    entry *table = NULL, *pool = calloc(c->ntemplates ? c->ntemplates : 1, sizeof *pool);
    bool oom = false;
    if (!pool)
        return -1;
    for (uint32_t id = 0; id < c->ntemplates && !oom; id++) {
        size_t len = (size_t)(t->off[id + 1] - t->off[id]);
        c->class_of[id] = CLASSES_NONE;
        if (len == 0)
            continue;
        const uint32_t *key = t->set + t->off[id];
        entry *e;
        HASH_FIND(hh, table, key, len * sizeof *key, e);
        if (!e) {
            e = &pool[c->nclasses];
            e->hands = key;
            e->cls = c->nclasses++;
            HASH_ADD_KEYPTR(hh, table, e->hands, len * sizeof *key, e);
        }
        c->class_of[id] = e->cls;
    }
    HASH_CLEAR(hh, table);
    free(pool);
    return oom ? -1 : 0;
}

/* The instance from filled rows: off[s] is the end of row s (a fill cursor), so shift it
 * to the start offsets first. */
static int make_instance(classes *c, uint32_t nsolved, uint64_t *off, const uint32_t *el)
{
    memmove(off + 1, off, nsolved * sizeof *off);
    off[0] = 0;
    char err[128];
    c->inst = hs_instance_new(c->nclasses, nsolved, off, el, err, sizeof err);
    return c->inst ? 0 : -1;
}

/* Each class's representative and size, from its listed members. */
static int reps_from_members(classes *c)
{
    c->rep = malloc(((size_t)c->nclasses + 1) * sizeof *c->rep);
    c->size = malloc(((size_t)c->nclasses + 1) * sizeof *c->size);
    if (!c->rep || !c->size)
        return -1;
    for (uint32_t k = 0; k < c->nclasses; k++) {
        c->rep[k] = c->mem[c->mem_off[k]];
        c->size[k] = c->mem_off[k + 1] - c->mem_off[k];
    }
    return 0;
}

/* Members of each class (counting sort of the templates, so ascending). */
static int members_from_class_of(classes *c)
{
    c->mem_off = calloc((size_t)c->nclasses + 1, sizeof *c->mem_off);
    c->mem = malloc(((size_t)c->ntemplates + 1) * sizeof *c->mem);
    if (!c->mem_off || !c->mem)
        return -1;
    for (uint32_t id = 0; id < c->ntemplates; id++)
        if (c->class_of[id] != CLASSES_NONE)
            c->mem_off[c->class_of[id] + 1]++;
    for (uint32_t k = 0; k < c->nclasses; k++)
        c->mem_off[k + 1] += c->mem_off[k];
    for (uint32_t id = 0; id < c->ntemplates; id++)
        if (c->class_of[id] != CLASSES_NONE)
            c->mem[c->mem_off[c->class_of[id]]++] = id;
    memmove(c->mem_off + 1, c->mem_off, c->nclasses * sizeof *c->mem_off);
    c->mem_off[0] = 0;
    return 0;
}

/* Class members (counting sort by class) and the instance: class cls's hand set is the
 * row of its representative. */
static int build(classes *c, const trows *t, uint32_t nsolved)
{
    uint64_t *off = calloc((size_t)nsolved + 1, sizeof *off);
    uint32_t *el = malloc((t->off[c->ntemplates] + 1) * sizeof *el);
    int rc = -1;
    if (!off || !el || members_from_class_of(c) || reps_from_members(c))
        goto done;
    /* Set (hand) rows: walking classes in order keeps every row ascending. */
    for (uint32_t k = 0; k < c->nclasses; k++) {
        uint32_t rep = c->mem[c->mem_off[k]];
        for (uint64_t i = t->off[rep]; i < t->off[rep + 1]; i++)
            off[t->set[i] + 1]++;
    }
    for (uint32_t s = 0; s < nsolved; s++)
        off[s + 1] += off[s];
    for (uint32_t k = 0; k < c->nclasses; k++) {
        uint32_t rep = c->mem[c->mem_off[k]];
        for (uint64_t i = t->off[rep]; i < t->off[rep + 1]; i++)
            el[off[t->set[i]]++] = k;
    }
    rc = make_instance(c, nsolved, off, el);
done:
    free(off);
    free(el);
    return rc;
}

/* Groups the templates of a solution set by the hands they solve. Returns a new handle
 * the caller frees with classes_free(), or NULL with a reason in err (out of memory).
 * The solutions is only read, not kept. */
classes *classes_new(const solutions *s, char *err, size_t errsize)
{
    classes *c = calloc(1, sizeof *c);
    trows t = { 0 };
    uint32_t *set_of_hand = malloc(((size_t)s->nhands + 1) * sizeof *set_of_hand);
    if (!c || !set_of_hand)
        goto fail;
    c->ntemplates = s->ntemplates;
    c->hand_of = malloc(((size_t)s->nhands + 1) * sizeof *c->hand_of);
    c->class_of = malloc(((size_t)s->ntemplates + 1) * sizeof *c->class_of);
    if (!c->hand_of || !c->class_of)
        goto fail;
    uint32_t nsolved = 0;
    for (uint32_t h = 0; h < s->nhands; h++) {
        set_of_hand[h] = solutions_row_len(s, h) ? nsolved : UINT32_MAX;
        if (solutions_row_len(s, h))
            c->hand_of[nsolved++] = h;
    }
    if (template_rows(s, set_of_hand, &t) || assign(c, &t) || build(c, &t, nsolved))
        goto fail;
    free(t.off);
    free(t.set);
    free(set_of_hand);
    CHECK(classes_check(c, s));
    return c;
fail:
    snprintf(err, errsize, "out of memory while grouping templates into classes");
    free(t.off);
    free(t.set);
    free(set_of_hand);
    classes_free(c);
    return NULL;
}

/* The instance from the classes' hand lists: sets are the hands some class hits, in
 * hand order; walking classes in order keeps every set row ascending. */
static int instance_from_lists(classes *c, const partition *p, uint32_t nhands)
{
    uint32_t *set_of = malloc(((size_t)nhands + 1) * sizeof *set_of);
    uint64_t *off = NULL;
    uint32_t *el = NULL, nsolved = 0;
    int rc = -1;
    if (!set_of)
        goto done;
    memset(set_of, 0xff, ((size_t)nhands + 1) * sizeof *set_of);
    for (uint64_t i = 0; i < p->off[p->nclasses]; i++)
        set_of[p->hands[i]] = 0;
    for (uint32_t h = 0; h < nhands; h++)
        if (set_of[h] != UINT32_MAX) {
            c->hand_of[nsolved] = h;
            set_of[h] = nsolved++;
        }
    off = calloc((size_t)nsolved + 1, sizeof *off);
    el = malloc((p->off[p->nclasses] + 1) * sizeof *el);
    if (!off || !el)
        goto done;
    for (uint64_t i = 0; i < p->off[p->nclasses]; i++)
        off[set_of[p->hands[i]] + 1]++;
    for (uint32_t s = 0; s < nsolved; s++)
        off[s + 1] += off[s];
    for (uint32_t k = 0; k < p->nclasses; k++)
        for (uint64_t i = p->off[k]; i < p->off[k + 1]; i++)
            el[off[set_of[p->hands[i]]]++] = k;
    rc = make_instance(c, nsolved, off, el);
done:
    free(set_of);
    free(off);
    free(el);
    return rc;
}

/* Each class's representative and size from its groups: a class's lowest group holds
 * its lowest template, since groups are numbered by their lowest template. */
static int reps_from_groups(classes *c, const formula_set *fs, const partition *p)
{
    c->rep = malloc(((size_t)c->nclasses + 1) * sizeof *c->rep);
    c->size = calloc((size_t)c->nclasses + 1, sizeof *c->size);
    c->group_class = malloc(((size_t)p->nelems + 1) * sizeof *c->group_class);
    if (!c->rep || !c->size || !c->group_class)
        return -1;
    memset(c->rep, 0xff, ((size_t)c->nclasses + 1) * sizeof *c->rep);
    for (uint32_t g = 0; g < p->nelems; g++) {
        uint32_t k = c->group_class[g] = p->class_of[g];
        if (k == PARTITION_NONE)
            continue;
        if (c->rep[k] == CLASSES_NONE)
            c->rep[k] = formula_set_group_first(fs, g);
        c->size[k] += formula_set_group_size(fs, g);
    }
    return 0;
}

/* The classes of a partition of formula groups (partition.h) over nhands hands: a
 * template's class is its group's. The partition numbers classes by lowest group and
 * groups are numbered by lowest template, so classes come out numbered by
 * representative, exactly as classes_new() numbers them from the same solution sets.
 * Nothing per template is stored: fs must outlive the classes, which recompute a
 * template's class from it (classes_of) and list members only on request
 * (classes_list_members). Returns a new handle, or NULL with a reason in err (out of
 * memory). */
classes *classes_from_groups(const formula_set *fs, const partition *p, uint32_t nhands,
                             char *err, size_t errsize)
{
    classes *c = calloc(1, sizeof *c);
    if (!c)
        goto fail;
    c->ntemplates = formula_set_templates(fs);
    c->nclasses = p->nclasses;
    c->fs = fs;
    c->hand_of = malloc(((size_t)nhands + 1) * sizeof *c->hand_of);
    if (!c->hand_of || reps_from_groups(c, fs, p) || instance_from_lists(c, p, nhands))
        goto fail;
    return c;
fail:
    snprintf(err, errsize, "out of memory while grouping templates into classes");
    classes_free(c);
    return NULL;
}

/* Fills the members' places: each template goes after the earlier ones of its class. */
static int place_member(void *ctx, uint32_t id, uint32_t group)
{
    classes *c = ctx;
    uint32_t k = c->group_class[group];
    if (k != CLASSES_NONE)
        c->mem[c->mem_off[k + 1]++] = id;
    return 0;
}

/* Lists every class's members (classes_members), walking the templates once: 4 bytes per
 * template that solves a hand, for the outputs that print them. Returns 0 (also when
 * they are listed already), or -1 without memory. */
int classes_list_members(classes *c)
{
    if (c->mem)
        return 0;
    c->mem_off = calloc((size_t)c->nclasses + 2, sizeof *c->mem_off);
    uint64_t total = 0;
    for (uint32_t k = 0; c->mem_off && k < c->nclasses; k++)
        total += c->size[k];
    c->mem = malloc((total + 1) * sizeof *c->mem);
    if (!c->mem_off || !c->mem) {
        free(c->mem_off);
        free(c->mem);
        c->mem_off = c->mem = NULL;
        return -1;
    }
    /* mem_off[k + 1] is class k's cursor during the walk, and its end after it. */
    for (uint32_t k = 0; k < c->nclasses; k++)
        c->mem_off[k + 1] = c->mem_off[k] + c->size[k];
    memmove(c->mem_off + 1, c->mem_off, (size_t)c->nclasses * sizeof *c->mem_off);
    formula_set_foreach(c->fs, place_member, c);
    return 0;
}

/* Whether classes_members() may be called. */
bool classes_members_listed(const classes *c) { return c->mem != NULL; }

/* Writes the solutions artifact (docs/formats.md, as solutions_write() does) from the
 * classes: a hand's templates are the members of the classes in its set, so no list of
 * every pair is ever held, only one hand's. The members must be listed
 * (classes_list_members()). Returns 0, or -1 on a write error, without memory or
 * without the members. */
int classes_write_solutions(const classes *c, const hand_set *hs, FILE *out)
{
    if (!classes_members_listed(c))
        return -1; /* classes from groups list their members only when asked */
    int n = hand_set_cards(hs);
    uint32_t nh = hand_set_count(hs), s = 0, nsets = hs_instance_nsets(c->inst);
    uint32_t *buf = NULL;
    size_t cap = 0;
    fprintf(out, "t24-solutions 1\nhands %u templates %u cards %d\n", nh, c->ntemplates, n);
    for (uint32_t h = 0; h < nh; h++) {
        const int64_t *cards = hand_set_hand(hs, h);
        for (int i = 0; i < n; i++)
            fprintf(out, i ? " %lld" : "%lld", (long long)cards[i]);
        size_t len = 0;
        if (s < nsets && c->hand_of[s] == h) {
            uint32_t k;
            const uint32_t *row = hs_instance_set(c->inst, s++, &k);
            for (uint32_t i = 0; i < k; i++) {
                uint32_t m;
                const uint32_t *mem = classes_members(c, row[i], &m);
                if (len + m > cap) {
                    size_t ncap = cap ? cap : 1024;
                    while (ncap < len + m)
                        ncap *= 2;
                    uint32_t *b = realloc(buf, ncap * sizeof *b);
                    if (!b) {
                        free(buf);
                        return -1;
                    }
                    buf = b;
                    cap = ncap;
                }
                memcpy(buf + len, mem, m * sizeof *buf);
                len += m;
            }
            qsort(buf, len, sizeof *buf, idlist_compare);
        }
        fprintf(out, "\t%zu\t", len);
        for (size_t k = 0; k < len; k++)
            fprintf(out, k ? " %u" : "%u", buf[k]);
        fputc('\n', out);
    }
    free(buf);
    return ferror(out) ? -1 : 0;
}

/* Releases the classes and their instance; a no-op on NULL. */
void classes_free(classes *c)
{
    if (!c)
        return;
    free(c->class_of);
    free(c->rep);
    free(c->size);
    free(c->group_class);
    free(c->mem_off);
    free(c->mem);
    free(c->hand_of);
    hs_instance_free(c->inst);
    free(c);
}

uint32_t classes_count(const classes *c) { return c->nclasses; }

/* The lowest template id of class cls. */
uint32_t classes_rep(const classes *c, uint32_t cls) { return c->rep[cls]; }

/* The number of templates of class cls. */
uint32_t classes_size(const classes *c, uint32_t cls) { return c->size[cls]; }

/* The template ids of class cls, ascending; *len receives their number. From groups,
 * classes_list_members() must have listed them. */
const uint32_t *classes_members(const classes *c, uint32_t cls, uint32_t *len)
{
    *len = c->mem_off[cls + 1] - c->mem_off[cls];
    return c->mem + c->mem_off[cls];
}

/* The class of a template, or CLASSES_NONE when it solves no hand; from groups,
 * recomputed through its group. */
uint32_t classes_of(const classes *c, uint32_t template_id)
{
    if (c->class_of)
        return c->class_of[template_id];
    uint32_t g = formula_set_group_of(c->fs, template_id);
    return g == FORMULA_NONE ? CLASSES_NONE : c->group_class[g];
}

/* The hand (index into the study's hand set) of instance set `set`. */
uint32_t classes_hand(const classes *c, uint32_t set) { return c->hand_of[set]; }

/* The instance (classes x solved hands); owned by the classes handle. */
const hs_instance *classes_instance(const classes *c) { return c->inst; }

/* Members: every class non-empty, its members ascending (the first is the representative,
 * and representatives ascend with the class id) and mapped back to it; every template
 * that solves some hand of s in a class, every other in none. */
static const char *check_members(const classes *c, const solutions *s)
{
    uint64_t members = 0;
    for (uint32_t k = 0; k < c->nclasses; k++) {
        uint32_t len;
        const uint32_t *m = classes_members(c, k, &len);
        if (len == 0)
            return "a class has no member";
        if (k > 0 && m[0] <= classes_rep(c, k - 1))
            return "class ids do not follow their representatives";
        for (uint32_t i = 0; i < len; i++) {
            if (m[i] >= c->ntemplates || c->class_of[m[i]] != k)
                return "a class member is not mapped back to its class";
            if (i > 0 && m[i] <= m[i - 1])
                return "class members are not strictly ascending";
        }
        members += len;
    }
    for (uint64_t k = 0; k < s->off[s->nhands]; k++)
        if (c->class_of[s->ids[k]] == CLASSES_NONE)
            return "a template that solves a hand is in no class";
    uint64_t classed = 0;
    for (uint32_t t = 0; t < c->ntemplates; t++)
        classed += c->class_of[t] != CLASSES_NONE;
    return classed == members ? NULL : "a template is in a class that does not list it";
}

/* Hands: instance set i is hand hand_of[i], the solved hands in order; it holds exactly
 * the classes of the templates that solve that hand, and every member of each of those
 * classes solves it (so members have equal solution sets). */
static const char *check_hands(const classes *c, const solutions *s)
{
    uint32_t set = 0;
    for (uint32_t hand = 0; hand < s->nhands; hand++) {
        uint64_t lo = s->off[hand], hi = s->off[hand + 1];
        if (lo == hi)
            continue;
        if (set >= hs_instance_nsets(c->inst) || c->hand_of[set] != hand)
            return "the instance's sets are not the solved hands in order";
        uint32_t len, listed = 0;
        const uint32_t *cls = hs_instance_set(c->inst, set++, &len);
        for (uint64_t k = lo; k < hi; k++) {
            uint32_t mine = c->class_of[s->ids[k]];
            if (!idlist_sorted_has(cls, len, mine))
                return "a hand's set misses the class of a template that solves it";
            listed += classes_rep(c, mine) == s->ids[k];
        }
        if (listed != len)
            return "a hand's set holds a class whose representative does not solve it";
        for (uint32_t i = 0; i < len; i++) {
            uint32_t n;
            const uint32_t *m = classes_members(c, cls[i], &n);
            for (uint32_t j = 0; j < n; j++)
                if (!idlist_sorted_has(s->ids + lo, hi - lo, m[j]))
                    return "members of one class solve different hands";
        }
    }
    return set == hs_instance_nsets(c->inst) ? NULL : "the instance has more sets than solved hands";
}

/* A class with the FNV-1a hash of the hands it solves (its element row). */
typedef struct {
    uint64_t hash;
    uint32_t cls;
} row_key;

static int cmp_keys(const void *a, const void *b)
{
    const row_key *x = a, *y = b;
    if (x->hash != y->hash)
        return (x->hash > y->hash) - (x->hash < y->hash);
    return (x->cls > y->cls) - (x->cls < y->cls);
}

static bool same_row(const hs_instance *h, uint32_t a, uint32_t b)
{
    uint32_t la, lb;
    const uint32_t *ra = hs_instance_elem(h, a, &la), *rb = hs_instance_elem(h, b, &lb);
    return la == lb && memcmp(ra, rb, la * sizeof *ra) == 0;
}

/* Distinct classes solve distinct hand sets: classes sorted by a hash of their rows, and
 * the rows within each run of equal hashes compared exactly. NULL when memory runs out
 * for the check. */
static const char *check_distinct(const classes *c)
{
    row_key *key = malloc(((size_t)c->nclasses + 1) * sizeof *key);
    if (!key)
        return NULL;
    for (uint32_t k = 0; k < c->nclasses; k++) {
        uint32_t len;
        const uint32_t *row = hs_instance_elem(c->inst, k, &len);
        key[k].hash = 1469598103934665603ull;
        key[k].cls = k;
        for (uint32_t i = 0; i < len; i++)
            key[k].hash = (key[k].hash ^ row[i]) * 1099511628211ull;
    }
    qsort(key, c->nclasses, sizeof *key, cmp_keys);
    const char *why = NULL;
    for (uint32_t i = 0; i < c->nclasses && !why; i++)
        for (uint32_t j = i + 1; j < c->nclasses && key[j].hash == key[i].hash && !why; j++)
            if (same_row(c->inst, key[i].cls, key[j].cls))
                why = "two classes solve the same hands";
    free(key);
    return why;
}

/* The invariants of classes.h, checked against the solutions c was built from: the
 * members, the instance's sets, and one class per distinct hand set. */
const char *classes_check(const classes *c, const solutions *s)
{
    if (c->ntemplates != s->ntemplates)
        return "the classes and the solutions count different templates";
    const char *why = check_members(c, s);
    if (!why)
        why = check_hands(c, s);
    if (!why)
        why = check_distinct(c);
    return why;
}
