/* template.c - template enumeration, ids and printing; see template.h. */
#include "core/template.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/op.h"

/* Shapes are postfix patterns over 'L' (leaf) and 'O' (operator). */
#define MAX_SHAPES 132 /* Catalan(6), the 7-card count */

struct template_family {
    int ncards;
    template_groupings groupings;
    uint32_t nshapes;
    uint32_t nperms;
    uint32_t nops;
    char shape[MAX_SHAPES][TEMPLATE_MAX_TOKENS + 1];
};

uint64_t template_factorial(int n)
{
    uint64_t f = 1;
    for (int i = 2; i <= n; i++)
        f *= (uint64_t)i;
    return f;
}

/* Appends every shape with n leaves to out[*count], left subtree largest first, then by
 * the left subtree's order, then the right's. For 4 leaves this puts (((xx)x)x),
 * ((x(xx))x) and ((xx)(xx)) first: the reduced family. */
static void gen_shapes(int n, char out[][TEMPLATE_MAX_TOKENS + 1], uint32_t *count)
{
    if (n == 1) {
        strcpy(out[(*count)++], "L");
        return;
    }
    for (int k = n - 1; k >= 1; k--) {
        char left[MAX_SHAPES][TEMPLATE_MAX_TOKENS + 1], right[MAX_SHAPES][TEMPLATE_MAX_TOKENS + 1];
        uint32_t nl = 0, nr = 0;
        gen_shapes(k, left, &nl);
        gen_shapes(n - k, right, &nr);
        for (uint32_t i = 0; i < nl; i++)
            for (uint32_t j = 0; j < nr; j++)
            {
                /* Lengths are 2k-1 and 2(n-k)-1, so the result has 2n-1 characters. */
                char *o = out[(*count)++];
                size_t ll = strlen(left[i]), rl = strlen(right[j]);
                memcpy(o, left[i], ll);
                memcpy(o + ll, right[j], rl);
                o[ll + rl] = 'O';
                o[ll + rl + 1] = '\0';
            }
    }
}

/* Returns a new family, or NULL when ncards is outside 2..7, `reduced` is asked for
 * with other than 4 cards, or the count would not fit a uint32_t id (checked in 64 bits,
 * so that raising TEMPLATE_MAX_CARDS to 8 fails here rather than wrapping). The caller
 * frees it with template_family_free(). */
template_family *template_family_new(int ncards, template_groupings groupings)
{
    if (ncards < TEMPLATE_MIN_CARDS || ncards > TEMPLATE_MAX_CARDS)
        return NULL;
    if (groupings == TEMPLATE_REDUCED && ncards != 4)
        return NULL;
    template_family *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->ncards = ncards;
    f->groupings = groupings;
    gen_shapes(ncards, f->shape, &f->nshapes);
    if (groupings == TEMPLATE_REDUCED)
        f->nshapes = 3;
    f->nperms = (uint32_t)template_factorial(ncards);
    f->nops = 1u << (2 * (ncards - 1));
    /* Every id is below the count, and id_make's partial results are below it too. */
    if ((uint64_t)f->nshapes * f->nperms * f->nops > UINT32_MAX) {
        free(f);
        return NULL;
    }
    return f;
}

void template_family_free(template_family *f)
{
    free(f);
}

int template_family_cards(const template_family *f) { return f->ncards; }
template_groupings template_family_groupings(const template_family *f) { return f->groupings; }
uint32_t template_family_shapes(const template_family *f) { return f->nshapes; }

uint32_t template_family_count(const template_family *f)
{
    return f->nshapes * f->nperms * f->nops;
}

const char *template_family_shape(const template_family *f, uint32_t shape)
{
    assert(shape < f->nshapes);
    return f->shape[shape];
}

/* Lexicographic rank of a permutation of 0..n-1. */
uint32_t template_perm_rank(int n, const int *perm)
{
    uint32_t rank = 0;
    for (int i = 0; i < n; i++) {
        int smaller = 0;
        for (int j = i + 1; j < n; j++)
            smaller += perm[j] < perm[i];
        rank += (uint32_t)smaller * (uint32_t)template_factorial(n - 1 - i);
    }
    return rank;
}

/* The permutation of 0..n-1 with the given lexicographic rank. */
void template_perm_unrank(int n, uint32_t rank, int *perm)
{
    int avail[TEMPLATE_MAX_CARDS];
    for (int i = 0; i < n; i++)
        avail[i] = i;
    for (int i = 0; i < n; i++) {
        uint32_t f = (uint32_t)template_factorial(n - 1 - i);
        uint32_t k = rank / f;
        rank %= f;
        perm[i] = avail[k];
        memmove(&avail[k], &avail[k + 1], (size_t)(n - 1 - i - (int)k) * sizeof avail[0]);
    }
}

uint32_t template_id_make(const template_family *f, uint32_t shape, const int *perm,
                          const int *ops)
{
    uint32_t ops_rank = 0;
    for (int k = 0; k < f->ncards - 1; k++)
        ops_rank = ops_rank * OP_COUNT + (uint32_t)ops[k];
    return (shape * f->nperms + template_perm_rank(f->ncards, perm)) * f->nops + ops_rank;
}

void template_id_split(const template_family *f, uint32_t id, uint32_t *shape, int *perm,
                       int *ops)
{
    assert(id < template_family_count(f));
    uint32_t ops_rank = id % f->nops;
    id /= f->nops;
    template_perm_unrank(f->ncards, id % f->nperms, perm);
    *shape = id / f->nperms;
    for (int k = f->ncards - 2; k >= 0; k--) {
        ops[k] = (int)(ops_rank % OP_COUNT);
        ops_rank /= OP_COUNT;
    }
}

void template_program(const template_family *f, uint32_t id, template_prog *out)
{
    uint32_t shape;
    int perm[TEMPLATE_MAX_CARDS], ops[TEMPLATE_MAX_CARDS];
    template_id_split(f, id, &shape, perm, ops);
    const char *pat = f->shape[shape];
    int leaf = 0, op = 0;
    out->len = (int)strlen(pat);
    for (int i = 0; i < out->len; i++)
        out->tok[i] = pat[i] == 'L' ? (uint8_t)perm[leaf++]
                                    : (uint8_t)(TEMPLATE_TOK_OP + ops[op++]);
}

/* --- printing ------------------------------------------------------------------------ */

typedef struct {
    int tok;  /* postfix token */
    int left; /* child node indices, for operators */
    int right;
} pnode;

typedef struct {
    char *buf;
    size_t size;
    size_t len; /* characters that would have been written, as snprintf counts */
} sink;

static void put(sink *s, const char *text)
{
    for (; *text; text++, s->len++)
        if (s->len + 1 < s->size)
            s->buf[s->len] = *text;
}

static void put_node(sink *s, const pnode *nodes, int i, template_style style,
                     const int64_t *values, int parens)
{
    const pnode *n = &nodes[i];
    char tmp[32];
    if (n->tok < TEMPLATE_TOK_OP) {
        if (values)
            snprintf(tmp, sizeof tmp, "%lld", (long long)values[n->tok]);
        else
            snprintf(tmp, sizeof tmp, "x%d", n->tok);
        /* A negative card reads as a subtraction unless bracketed. */
        int neg = values && values[n->tok] < 0;
        put(s, neg ? "(" : "");
        put(s, tmp);
        put(s, neg ? ")" : "");
        return;
    }
    op_kind op = (op_kind)(n->tok - TEMPLATE_TOK_OP);
    const pnode *l = &nodes[n->left], *r = &nodes[n->right];
    int lp = 0, rp = 0;
    if (style == TEMPLATE_FULL) {
        lp = l->tok >= TEMPLATE_TOK_OP;
        rp = r->tok >= TEMPLATE_TOK_OP;
    } else {
        lp = l->tok >= TEMPLATE_TOK_OP &&
             op_child_needs_parens(op, (op_kind)(l->tok - TEMPLATE_TOK_OP), 0);
        rp = r->tok >= TEMPLATE_TOK_OP &&
             op_child_needs_parens(op, (op_kind)(r->tok - TEMPLATE_TOK_OP), 1);
    }
    put(s, parens ? "(" : "");
    put_node(s, nodes, n->left, style, values, lp);
    tmp[0] = op_symbol(op);
    tmp[1] = '\0';
    put(s, tmp);
    put_node(s, nodes, n->right, style, values, rp);
    put(s, parens ? ")" : "");
}

/* Formats a postfix program. FULL brackets every operator below the root, over x0..;
 * READABLE keeps only the brackets precedence and associativity require. With values,
 * leaves print as values[k] instead of xk. Returns the length snprintf would return. */
int template_format_prog(const template_prog *p, template_style style,
                         const int64_t *values, char *buf, size_t size)
{
    pnode nodes[TEMPLATE_MAX_TOKENS];
    int stack[TEMPLATE_MAX_TOKENS], sp = 0;
    for (int i = 0; i < p->len; i++) {
        nodes[i].tok = p->tok[i];
        if (p->tok[i] >= TEMPLATE_TOK_OP) {
            assert(sp >= 2);
            nodes[i].right = stack[--sp];
            nodes[i].left = stack[--sp];
        }
        stack[sp++] = i;
    }
    assert(sp == 1);
    sink s = { buf, size, 0 };
    put_node(&s, nodes, p->len - 1, style, values, 0);
    if (size)
        buf[s.len < size ? s.len : size - 1] = '\0';
    return (int)s.len;
}

int template_format(const template_family *f, uint32_t id, template_style style,
                    const int64_t *values, char *buf, size_t size)
{
    template_prog p;
    template_program(f, id, &p);
    return template_format_prog(&p, style, values, buf, size);
}

const char *template_groupings_name(template_groupings g)
{
    return g == TEMPLATE_REDUCED ? "reduced" : "all";
}

/* Returns 0 and sets *out for "reduced" or "all"; -1 otherwise. */
int template_groupings_parse(const char *s, template_groupings *out)
{
    if (strcmp(s, "reduced") == 0)
        *out = TEMPLATE_REDUCED;
    else if (strcmp(s, "all") == 0)
        *out = TEMPLATE_ALL;
    else
        return -1;
    return 0;
}
