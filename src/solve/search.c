/* search.c - the general solver; see search.h for the contract. */
#include "solve/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/canon.h"
#include "core/expr.h"
#include "core/rational.h"
#include "core/walltime.h"

/* A failed allocation inside uthash marks the element instead of exiting the process:
 * the memo then just stops growing, and the solution set reports SEARCH_NOMEM. */
#define HASH_NONFATAL_OOM 1
#define uthash_nonfatal_oom(obj) ((obj)->oom = true)
#include <uthash.h>

typedef struct memo_entry {
    UT_hash_handle hh;
    bool oom;
    rational v[]; /* the sorted values: the key */
} memo_entry;

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    _Alignas(16) unsigned char data[];
} chunk;

typedef struct sol {
    UT_hash_handle hh; /* in search.set, by key */
    UT_hash_handle th; /* in search.texts, by text */
    bool oom;
    char *key;
    char *text;
} sol;

/* One number of the current list: its value, the expression that made it, and a class
 * (see same()). */
typedef struct {
    rational v;
    const expr *e;
    int16_t cls;
    int16_t id;  /* the smallest card position inside: distinct for disjoint entries */
    int16_t rid; /* for a made entry, the id of its right operand */
    int8_t op;   /* e->op, kept here because the last level reads it for every pair */
} entry;

#define MEMO_CHUNK (1u << 20)
#define TEXT_MAX 4096

struct search {
    search_params p;
    search_stats st;
    bool nonneg;
    bool ordered; /* entries keep card order, twins by class, no memo (see rec()) */
    bool spell;   /* ordered, and one merge order and spelling only (p.symmetry) */
    int n0;
    bool stop, nomem, canon_failed, memo_full;
    search_status limit; /* SEARCH_TIME_LIMIT or SEARCH_MEMORY_LIMIT once one is hit */
    double deadline;     /* walltime_now() at which the time limit ends the search */
    size_t memo_bytes;   /* the memo's chunks */
    canon *cn;
    expr leaves[SEARCH_MAX_NUMBERS];
    expr nodes[SEARCH_MAX_NUMBERS]; /* the node made at each depth of the recursion */
    memo_entry *memo;
    chunk *chunks;
    size_t memo_count;
    sol *set;
    sol *texts;
    sol **list;
    size_t nsol, capsol;
    char text[TEXT_MAX];
};

/* Defaults: target 24, first solution, memo on, non-negative pruning on (it is only
 * applied where it is exact), a memo of at most 4 million states. */
void search_params_init(search_params *p)
{
    memset(p, 0, sizeof *p);
    p->target = 24;
    p->memo = true;
    p->nonneg = true;
    p->symmetry = true;
    p->memo_limit = (size_t)1 << 22;
}

/* Returns a solver handle (reusable for many runs), or NULL when memory runs out. */
search *search_new(void)
{
    search *s = calloc(1, sizeof *s);
    if (s && !(s->cn = canon_new())) {
        free(s);
        return NULL;
    }
    return s;
}

static void clear_memo(search *s)
{
    HASH_CLEAR(hh, s->memo);
    while (s->chunks) {
        chunk *c = s->chunks;
        s->chunks = c->next;
        free(c);
    }
    s->memo_count = 0;
    s->memo_full = false;
    s->memo_bytes = 0;
}

static void clear_solutions(search *s)
{
    HASH_CLEAR(hh, s->set);
    HASH_CLEAR(th, s->texts);
    for (size_t i = 0; i < s->nsol; i++) {
        free(s->list[i]->key);
        free(s->list[i]->text);
        free(s->list[i]);
    }
    s->nsol = 0;
}

void search_free(search *s)
{
    if (!s)
        return;
    clear_memo(s);
    clear_solutions(s);
    free(s->list);
    canon_free(s->cn);
    free(s);
}

/* ---- arithmetic ---- */

#define SMALL ((int64_t)1 << 31)

/* Both parts below 2^31: every product of two parts, and the sum of two such products,
 * fits in int64, and target * den * den fits in __int128. */
#define HOT static inline __attribute__((always_inline))

HOT bool small(rational a)
{
    return a.num > -SMALL && a.num < SMALL && a.den < SMALL;
}

HOT uint64_t gcd64(uint64_t a, uint64_t b)
{
    if (!a || !b)
        return a | b;
    int shift = __builtin_ctzll(a | b);
    a >>= __builtin_ctzll(a);
    do {
        b >>= __builtin_ctzll(b);
        if (a > b) {
            uint64_t t = a;
            a = b;
            b = t;
        }
        b -= a;
    } while (b);
    return a << shift;
}

/* a op b exactly, in lowest terms when reduce is set or an operand is not small().
 * Small operands take an int64 path; others go through rational.h, which reports
 * RATIONAL_OVERFLOW when the reduced result does not fit. The card-order search skips
 * the reduction: it never compares values by their parts (the value search does, for the
 * memo and twins), and the gcd was a large share of its run time. */
HOT rational_status combine(op_kind op, rational a, rational b, bool reduce, rational *out)
{
    if (!small(a) || !small(b)) {
        switch (op) {
        case OP_ADD: return rational_add(a, b, out);
        case OP_SUB: return rational_sub(a, b, out);
        case OP_MUL: return rational_mul(a, b, out);
        default: return rational_div(a, b, out);
        }
    }
    int64_t n, d;
    switch (op) {
    case OP_ADD: n = a.num * b.den + b.num * a.den; d = a.den * b.den; break;
    case OP_SUB: n = a.num * b.den - b.num * a.den; d = a.den * b.den; break;
    case OP_MUL: n = a.num * b.num; d = a.den * b.den; break;
    default:
        if (b.num == 0)
            return RATIONAL_DIV_ZERO;
        n = a.num * b.den;
        d = a.den * b.num;
        if (d < 0) {
            n = -n;
            d = -d;
        }
        break;
    }
    if (reduce && d != 1) {
        uint64_t g = gcd64(n < 0 ? (uint64_t)-n : (uint64_t)n, (uint64_t)d);
        if (g > 1) { /* a 64-bit division costs tens of cycles: skip it when it can */
            n /= (int64_t)g;
            d /= (int64_t)g;
        }
    }
    out->num = n;
    out->den = d;
    return RATIONAL_OK;
}

/* Is a op b == t, for operands that are not both small()? The result is formed and
 * reduced by rational.h; one that overflows int64 cannot equal an int64 target, so
 * overflow here is simply a miss. */
static bool equals_target(op_kind op, rational a, rational b, int64_t t)
{
    rational v;
    return combine(op, a, b, true, &v) == RATIONAL_OK && rational_eq_int(v, t);
}

/* ---- solutions ---- */

static sol *add_solution(search *s, const char *key, const char *text)
{
    if (s->nsol == s->capsol) {
        size_t cap = s->capsol ? 2 * s->capsol : 16;
        sol **l = realloc(s->list, cap * sizeof *l);
        if (!l)
            return NULL;
        s->list = l;
        s->capsol = cap;
    }
    sol *e = calloc(1, sizeof *e);
    if (!e || !(e->key = strdup(key)) || !(e->text = strdup(text))) {
        if (e)
            free(e->key);
        free(e);
        return NULL;
    }
    HASH_ADD_KEYPTR(hh, s->set, e->key, strlen(e->key), e);
    if (!e->oom) {
        HASH_ADD_KEYPTR(th, s->texts, e->text, strlen(e->text), e);
        if (e->oom)
            HASH_DELETE(hh, s->set, e);
    }
    if (e->oom) {
        free(e->key);
        free(e->text);
        free(e);
        return NULL;
    }
    s->list[s->nsol++] = e;
    return e;
}

/* Records a root expression equal to the target. First-solution mode keeps it and stops;
 * all-solutions mode keeps it when its canonical form is new. */
static void hit(search *s, const expr *root)
{
    s->st.raw_solutions++;
    canon_status cs = canon_build(s->cn, root);
    if (cs != CANON_OK) {
        /* Only sub-sums the search never formed can overflow here: the expression is
         * still right, but it cannot be compared with the others. */
        if (cs == CANON_NOMEM)
            s->nomem = true;
        s->canon_failed = true;
        if (!s->p.all && expr_format(root, s->text, TEXT_MAX) < TEXT_MAX &&
            !add_solution(s, "", s->text))
            s->nomem = true;
        s->stop = !s->p.all || s->nomem;
        return;
    }
    const char *key = canon_key(s->cn);
    sol *old = NULL;
    HASH_FIND_STR(s->set, key, old);
    if (!old) {
        /* A form canon.c cannot print is keyed by its parts and printed as its source
         * expression, which can be another form's text (cards -1 -1 -1 -1 -1 -1 at
         * target 1); what is printed is what must not repeat. */
        canon_format(s->cn, s->text, TEXT_MAX);
        HASH_FIND(th, s->texts, s->text, strlen(s->text), old);
    }
    if (!old && !add_solution(s, key, s->text))
        s->nomem = true;
    if (!s->p.all || s->nomem)
        s->stop = true;
}

/* ---- memo ---- */

static void *pool_alloc(search *s, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (!s->chunks || s->chunks->cap - s->chunks->used < size) {
        size_t cap = size > MEMO_CHUNK ? size : MEMO_CHUNK;
        chunk *c = malloc(sizeof *c + cap);
        if (!c)
            return NULL;
        c->next = s->chunks;
        c->used = 0;
        c->cap = cap;
        s->chunks = c;
        s->memo_bytes += sizeof *c + cap;
    }
    void *p = s->chunks->data + s->chunks->used;
    s->chunks->used += size;
    return p;
}

static bool memo_find(search *s, const entry *st, int n)
{
    rational key[SEARCH_MAX_NUMBERS];
    memset(key, 0, sizeof key); /* hashed bytes must not include stale padding */
    for (int i = 0; i < n; i++)
        key[i] = st[i].v;
    memo_entry *e = NULL;
    HASH_FIND(hh, s->memo, key, (unsigned)n * sizeof(rational), e);
    return e != NULL;
}

/* The most memory the memo may hold after one more entry: its chunks and a new one,
 * and uthash's buckets twice over (they double when the table grows). */
static size_t memo_memory(const search *s)
{
    size_t buckets = s->memo ? s->memo->hh.tbl->num_buckets * sizeof(UT_hash_bucket) : 0;
    return s->memo_bytes + sizeof(chunk) + MEMO_CHUNK + 2 * buckets;
}

static void memo_add(search *s, const entry *st, int n)
{
    if (s->memo_full || s->memo_count >= s->p.memo_limit)
        return;
    size_t keylen = (size_t)n * sizeof(rational);
    if (s->p.memory_limit && memo_memory(s) > s->p.memory_limit) {
        s->limit = SEARCH_MEMORY_LIMIT;
        s->stop = true;
        return;
    }
    memo_entry *e = pool_alloc(s, sizeof *e + keylen);
    if (!e) {
        s->memo_full = true;
        return;
    }
    memset(e, 0, sizeof *e + keylen);
    for (int i = 0; i < n; i++)
        e->v[i] = st[i].v;
    HASH_ADD_KEYPTR(hh, s->memo, e->v, (unsigned)keylen, e);
    if (e->oom)
        s->memo_full = true;
    else
        s->memo_count++;
}

/* ---- the recursion ---- */

/* Two entries are interchangeable when picking them yields the same searches: the same
 * card (the card-order search), or the same value (first-solution mode's value search,
 * where only values matter). Interchangeable entries sit next to each other in the list. */
HOT bool same(const search *s, entry a, entry b)
{
    if (s->ordered)
        return a.cls >= 0 && a.cls == b.cls;
    return a.v.num == b.v.num && a.v.den == b.v.den;
}

/* The operations on a pair (a, b) as bits, in the order they are tried: + and * first,
 * since they keep values small and find most first solutions. An odd bit is the swapped
 * operation b op a. */
enum { V_ADD, V_ADD_SWAP, V_MUL, V_MUL_SWAP, V_SUB, V_SUB_SWAP, V_DIV, V_DIV_SWAP, V_COUNT };

static const op_kind variant_op[V_COUNT] = { OP_ADD, OP_ADD, OP_MUL, OP_MUL,
                                             OP_SUB, OP_SUB, OP_DIV, OP_DIV };

/* All-solutions mode spells every chain of + and - (or of * and /) one way only: left-deep,
 * the added (multiplied) operands first, each part in increasing id, as ((p1+p2)-n1)-n2
 * with p1 < p2 and n1 < n2. Any other spelling has the same canonical form and, when the
 * terms are non-negative, this one keeps every partial result non-negative, so nothing is
 * lost. First-solution mode uses the rule where it has no memo (search_as_cards()): the
 * memo knows values only, not how a list was spelled. */
HOT bool chain_ok(const search *s, op_kind op, const entry *l, const entry *r)
{
    if (!s->spell)
        return true;
    int level = op_precedence(op);
    if (r->op != EXPR_LEAF && op_precedence((op_kind)r->op) == level)
        return false; /* a same-level operand on the right */
    bool commutative = op == OP_ADD || op == OP_MUL;
    op_kind inverse = level == 1 ? OP_SUB : OP_DIV;
    if (l->op == (int)op)
        return r->id > l->rid; /* continue the chain in id order */
    if (!commutative)
        return true; /* the first subtraction: any minuend */
    if (l->op == (int)inverse)
        return false; /* an addition after a subtraction */
    return l->id < r->id; /* a new chain: the smaller id first */
}

HOT int cmp_values(rational a, rational b)
{
    if (small(a) && small(b)) {
        int64_t l = a.num * b.den, r = b.num * a.den;
        return (l > r) - (l < r);
    }
    return rational_cmp(a, b);
}

HOT unsigned allow(const search *s, int bit, const entry *a, const entry *b)
{
    bool swap = bit & 1;
    return chain_ok(s, variant_op[bit], swap ? b : a, swap ? a : b) ? 1u << bit : 0;
}

/* The operations worth trying on a pair: + and * once (in the order chain_ok() accepts),
 * - and / both ways unless the two are interchangeable, and with non-negative pruning
 * only the subtraction that is >= 0. */
HOT unsigned variants(const search *s, const entry *a, const entry *b)
{
    bool twin = same(s, *a, *b);
    unsigned m = allow(s, V_ADD, a, b);
    m |= m ? 0 : allow(s, V_ADD_SWAP, a, b);
    unsigned mul = allow(s, V_MUL, a, b);
    m |= mul ? mul : allow(s, V_MUL_SWAP, a, b);
    int order = s->nonneg ? cmp_values(a->v, b->v) : 0;
    if (order) {
        m |= allow(s, order < 0 ? V_SUB_SWAP : V_SUB, a, b);
    } else { /* equal values give 0 both ways; chain_ok() may accept only one */
        m |= allow(s, V_SUB, a, b);
        m |= twin ? 0 : allow(s, V_SUB_SWAP, a, b);
    }
    m |= b->v.num ? allow(s, V_DIV, a, b) : 0;
    m |= a->v.num && !twin ? allow(s, V_DIV_SWAP, a, b) : 0;
    return m;
}

/* Which of the eight operations on a pair give t, computed without branches: the last
 * level of the search runs this for most of its expressions. Needs small(a), small(b). */
HOT unsigned equal_mask(rational a, rational b, int64_t t)
{
    int64_t ab = a.num * b.den, ba = b.num * a.den, dd = a.den * b.den;
    __int128 tdd = (__int128)t * dd;
    unsigned m = 0;
    m |= (unsigned)((__int128)ab + ba == tdd) * (3u << V_ADD);
    m |= (unsigned)((__int128)(a.num * b.num) == tdd) * (3u << V_MUL);
    m |= (unsigned)((__int128)ab - ba == tdd) << V_SUB;
    m |= (unsigned)((__int128)ba - ab == tdd) << V_SUB_SWAP;
    m |= (unsigned)(b.num != 0 && (__int128)ab == (__int128)t * (a.den * b.num)) << V_DIV;
    m |= (unsigned)(a.num != 0 && (__int128)ba == (__int128)t * (b.den * a.num))
         << V_DIV_SWAP;
    return m;
}

HOT unsigned popcount8(unsigned m) /* without -mpopcnt the builtin is a library call */
{
    m = (m & 0x55) + (m >> 1 & 0x55);
    m = (m & 0x33) + (m >> 2 & 0x33);
    return (m & 0x0f) + (m >> 4);
}

/* The last operation on the last two entries. Without p.count, the card-order search
 * (all-solutions mode, and first-solution mode's search_as_cards()) skips working out
 * which spellings are allowed until some operation gives the target: that halves its run
 * time, at the price of not counting the expressions. */
static void finish(search *s, const entry *a, const entry *b)
{
    unsigned m, hits = 0;
    int64_t t = s->p.target;
    if (small(a->v) && small(b->v)) {
        unsigned eq = equal_mask(a->v, b->v, t);
        if (!eq && s->ordered && !s->p.count)
            return;
        m = variants(s, a, b);
        hits = m & eq;
    } else {
        m = variants(s, a, b);
        for (int bit = 0; bit < V_COUNT; bit++) {
            bool swap = bit & 1;
            if ((m >> bit & 1) && equals_target(variant_op[bit], swap ? b->v : a->v,
                                                swap ? a->v : b->v, t))
                hits |= 1u << bit;
        }
    }
    if (!hits) {
        s->st.expressions += popcount8(m);
        return;
    }
    for (int bit = 0; bit < V_COUNT && !s->stop; bit++) {
        if (!(m >> bit & 1))
            continue;
        s->st.expressions++;
        if (!(hits >> bit & 1))
            continue;
        const entry *l = bit & 1 ? b : a, *r = bit & 1 ? a : b;
        expr root = expr_node(variant_op[bit], l->e, r->e);
        hit(s, &root);
    }
}

static void rec(search *s, const entry *st, int n, int last);

/* Places c among rest (m entries) into out: sorted by value in first-solution mode's
 * value search (the memo key and the twin rule need that), at the end in the card-order
 * search (cards keep their order). */
static void insert(const search *s, const entry *rest, int m, entry c, entry *out)
{
    int pos = m;
    if (!s->ordered)
        for (pos = 0; pos < m && cmp_values(rest[pos].v, c.v) <= 0; pos++)
            ;
    memcpy(out, rest, (size_t)pos * sizeof *out);
    out[pos] = c;
    memcpy(out + pos + 1, rest + pos, (size_t)(m - pos) * sizeof *out);
}

static void try_pair(search *s, const entry *a, const entry *b, const entry *rest, int m,
                     int depth)
{
    unsigned mask = variants(s, a, b);
    for (int bit = 0; bit < V_COUNT && !s->stop; bit++) {
        if (!(mask >> bit & 1))
            continue;
        const entry *l = bit & 1 ? b : a, *r = bit & 1 ? a : b;
        entry c = { { 0, 1 }, &s->nodes[depth], -1, a->id < b->id ? a->id : b->id, r->id,
                    (int8_t)variant_op[bit] };
        rational_status rs = combine(variant_op[bit], l->v, r->v, !s->ordered, &c.v);
        if (rs == RATIONAL_OVERFLOW)
            s->st.overflows++;
        if (rs != RATIONAL_OK)
            continue;
        expr *node = &s->nodes[depth]; /* fields set in place: a call here costs a fifth */
        node->op = (int)variant_op[bit];
        node->left = l->e;
        node->right = r->e;
        if (m == 1) { /* straight to the last operation: the hottest path */
            bool first = !s->ordered && cmp_values(c.v, rest[0].v) < 0;
            finish(s, first ? &c : &rest[0], first ? &rest[0] : &c);
            continue;
        }
        entry next[SEARCH_MAX_NUMBERS];
        insert(s, rest, m, c, next);
        rec(s, next, m + 1, c.id);
    }
}

/* Merges of disjoint entries commute, so in all-solutions mode only one order is
 * searched: a merge that does not use the entry made just before (whose id is last) must
 * have a larger id than it. Any order of a tree's merges can be sorted into that one by
 * swapping neighbours, so no tree is lost; first-solution mode uses it only where it
 * has no memo (search_as_cards()), since the memo forgets how a list was reached. */
HOT bool out_of_order(const search *s, entry a, entry b, int n, int last)
{
    if (!s->spell || last < 0)
        return false;
    const expr *made = &s->nodes[s->n0 - n - 1];
    return a.e != made && b.e != made && (a.id < b.id ? a.id : b.id) < last;
}

/* Every pair of the list st (n entries), each operation on it, then the shorter list. */
static void search_pairs(search *s, const entry *st, int n, int last)
{
    for (int i = 0; i < n - 1 && !s->stop; i++) {
        if (i > 0 && same(s, st[i - 1], st[i]))
            continue; /* the pairs of st[i-1] covered these */
        for (int j = i + 1; j < n && !s->stop; j++) {
            if ((j > i + 1 && same(s, st[j - 1], st[j])) ||
                out_of_order(s, st[i], st[j], n, last))
                continue;
            entry rest[SEARCH_MAX_NUMBERS];
            int m = 0;
            for (int k = 0; k < n; k++)
                if (k != i && k != j)
                    rest[m++] = st[k];
            try_pair(s, &st[i], &st[j], rest, m, s->n0 - n);
        }
    }
}

/* First-solution mode searches a short list as if its values were fresh cards, with
 * all-solutions mode's one merge order and one spelling per chain: every tree over the
 * list's values still has one searched tree of the same value, so the answer is the same
 * (tests/test_search.c compares it with --all), with far fewer expressions. The values are
 * sorted, so equal ones are neighbours and share a class. Longer lists keep the memo. */
static void search_as_cards(search *s, const entry *st, int n)
{
    entry cards[SEARCH_MAX_NUMBERS];
    for (int i = 0; i < n; i++) {
        cards[i] = st[i];
        cards[i].cls = (int16_t)(i > 0 && same(s, st[i - 1], st[i]) ? cards[i - 1].cls : i);
        cards[i].id = (int16_t)i;
        cards[i].rid = -1;
        cards[i].op = EXPR_LEAF;
    }
    s->ordered = s->spell = true;
    search_pairs(s, cards, n, -1);
    s->ordered = s->spell = false;
}

/* Which lists first-solution mode searches as cards. A hand of at most SEARCH_MAX_ALL
 * numbers is searched so as a whole, like all-solutions mode. A longer hand reaches so
 * many lists that remembering the failed ones saves more: the memo keeps every list down
 * to 5 numbers, and lists of 4 are searched as cards. Measured on 7- and 8-number hands
 * without solution (docs/solve.md): 3 or 5 instead of 4 was slower. */
static int spell_from(const search *s)
{
    return s->n0 <= SEARCH_MAX_ALL ? SEARCH_MAX_ALL : 4;
}

static void rec(search *s, const entry *st, int n, int last)
{
    if (n == 2) {
        finish(s, &st[0], &st[1]);
        return;
    }
    s->st.states++;
    /* The clock is read every 256 states: a state costs at least tens of nanoseconds. */
    if ((s->st.states & 255) == 0 && s->p.time_limit > 0 && walltime_now() > s->deadline) {
        s->limit = SEARCH_TIME_LIMIT;
        s->stop = true;
        return;
    }
    /* The starting list cannot come back: no memo for it. */
    bool memo = !s->ordered && s->p.memo && n < s->n0;
    if (memo && memo_find(s, st, n)) {
        s->st.memo_hits++;
        return;
    }
    uint64_t overflows = s->st.overflows;
    if (!s->ordered && s->p.symmetry && n <= spell_from(s))
        search_as_cards(s, st, n);
    else
        search_pairs(s, st, n, last);
    /* A list is known to fail only if nothing in it was skipped for overflow. */
    if (memo && !s->stop && s->st.overflows == overflows)
        memo_add(s, st, n);
}

static int cmp_int64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Solves cards[0..n-1] for p->target. Afterwards search_count() and search_solution()
 * give the solutions found (one at most in first-solution mode), valid until the next
 * run; stats (when not NULL) receives the counters of this run.
 * Non-negative pruning (p->nonneg) is applied only when every card and the target are
 * >= 0: then any expression can be rewritten with non-negative intermediates and the
 * same canonical form (|a-b| for a-b, signs moved up), so nothing is lost.
 * Returns SEARCH_OK (also when there is no solution), SEARCH_OVERFLOW when the answer
 * depends on arithmetic that left int64 (no solution found, or in all-solutions mode
 * possibly not all), SEARCH_NOMEM, SEARCH_TOO_MANY for n < 1 or n above the mode's
 * limit, or SEARCH_TIME_LIMIT / SEARCH_MEMORY_LIMIT when a limit of p stopped the
 * search before it was decided (never reported as "no solution"). */
static search_status run_once(search *s, const int64_t *cards, int n,
                              const search_params *p, search_stats *stats)
{
    clear_memo(s);
    clear_solutions(s);
    memset(&s->st, 0, sizeof s->st);
    s->p = *p;
    s->stop = s->nomem = s->canon_failed = false;
    s->ordered = p->all;
    s->spell = p->all && p->symmetry;
    s->limit = SEARCH_OK;
    s->deadline = walltime_now() + p->time_limit;
    if (n < 1 || n > (p->all ? SEARCH_MAX_ALL : SEARCH_MAX_NUMBERS))
        return SEARCH_TOO_MANY;
    int64_t sorted[SEARCH_MAX_NUMBERS];
    memcpy(sorted, cards, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_int64);
    s->nonneg = p->nonneg && sorted[0] >= 0 && p->target >= 0;
    s->n0 = n;
    entry st[SEARCH_MAX_NUMBERS];
    for (int i = 0; i < n; i++) {
        s->leaves[i] = expr_leaf(sorted[i]);
        st[i].v = rational_from_int(sorted[i]);
        st[i].e = &s->leaves[i];
        st[i].cls = i > 0 && sorted[i] == sorted[i - 1] ? st[i - 1].cls : i;
        st[i].id = (int16_t)i;
        st[i].rid = -1;
        st[i].op = EXPR_LEAF;
    }
    if (n == 1) {
        s->st.expressions = 1;
        if (sorted[0] == p->target)
            hit(s, &s->leaves[0]);
    } else {
        rec(s, st, n, -1);
    }
    if (stats)
        *stats = s->st;
    if (s->nomem)
        return SEARCH_NOMEM;
    if (s->limit != SEARCH_OK && (p->all || s->nsol == 0))
        return s->limit; /* stopped early: what was found is not the whole answer */
    bool unsure = s->st.overflows > 0 || (p->all && s->canon_failed);
    if (unsure && (p->all || s->nsol == 0))
        return SEARCH_OVERFLOW;
    return SEARCH_OK;
}

/* The symmetry pruning keeps one spelling of each chain, and that spelling can leave
 * int64 where another stays in it: (4+M)-M overflows, 4+(M-M) does not. When the pruned
 * search cannot decide because of an overflow, the search is run again over every
 * spelling and order, so an overflow on one spelling hides no other. */
search_status search_run(search *s, const int64_t *cards, int n, const search_params *p,
                         search_stats *stats)
{
    double t0 = walltime_now();
    search_status st = run_once(s, cards, n, p, stats);
    if (st != SEARCH_OVERFLOW || !p->symmetry)
        return st;
    search_params every = *p; /* the second run shares the first one's time limit */
    every.symmetry = false;
    if (p->time_limit > 0) {
        every.time_limit = p->time_limit - (walltime_now() - t0);
        if (every.time_limit <= 0)
            return st;
    }
    return run_once(s, cards, n, &every, stats);
}

size_t search_count(const search *s)
{
    return s->nsol;
}

/* The i-th solution (0 <= i < search_count()), printed canonically with minimal
 * parentheses; owned by s and valid until the next run. */
const char *search_solution(const search *s, size_t i)
{
    return i < s->nsol ? s->list[i]->text : NULL;
}

const char *search_status_message(search_status st)
{
    switch (st) {
    case SEARCH_OK: return "ok";
    case SEARCH_OVERFLOW: return "arithmetic overflow: the numbers are too large to decide exactly";
    case SEARCH_NOMEM: return "out of memory";
    case SEARCH_TIME_LIMIT: return "undecided: the time limit ended the search";
    case SEARCH_MEMORY_LIMIT: return "undecided: the search memo reached the memory limit";
    default: return "too many or too few numbers";
    }
}
