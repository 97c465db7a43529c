/* template.h - expression templates and their stable ids.
 *
 * A template for n cards is a full binary tree shape with n leaves, a permutation saying
 * which position x0..x(n-1) of the sorted hand sits at each leaf (left to right), and an
 * operator at each internal node. Its id is
 *     id = (shape * n! + perm_rank) * 4^(n-1) + ops_rank
 * where shapes are in the order of template_family_shape(), perm_rank is the lexicographic
 * rank of the leaf permutation, and ops_rank reads the operators of the internal nodes in
 * postfix order as base-4 digits (+ - * / = 0 1 2 3), the first one most significant.
 * The `reduced` family (4 cards) is the first three shapes of `all`, so its ids coincide
 * with those of `all` for the same template. See docs/method.md. */
#ifndef T24_CORE_TEMPLATE_H
#define T24_CORE_TEMPLATE_H

#include <stddef.h>
#include <stdint.h>

#define TEMPLATE_MIN_CARDS 2
/* Seven cards: 7! x Catalan(6) x 4^6 = 2,724,986,880 templates, below 2^32, so ids stay
 * uint32_t. Eight cards would need 8! x 429 x 4^7 = 283,399,127,040 (39 bits): 64-bit
 * ids everywhere an id is stored, and template_family_new() refuses a family whose count
 * does not fit. */
#define TEMPLATE_MAX_CARDS 7
#define TEMPLATE_MAX_TOKENS (2 * TEMPLATE_MAX_CARDS - 1)
/* Postfix tokens: 0..n-1 push card x_k; TEMPLATE_TOK_OP + op applies an operator. */
#define TEMPLATE_TOK_OP 16

typedef enum { TEMPLATE_REDUCED, TEMPLATE_ALL } template_groupings;
typedef enum { TEMPLATE_FULL, TEMPLATE_READABLE } template_style;

typedef struct {
    int len;
    uint8_t tok[TEMPLATE_MAX_TOKENS];
} template_prog;

typedef struct template_family template_family;

template_family *template_family_new(int ncards, template_groupings groupings);
void template_family_free(template_family *f);
int template_family_cards(const template_family *f);
template_groupings template_family_groupings(const template_family *f);
uint32_t template_family_count(const template_family *f);
uint32_t template_family_shapes(const template_family *f);
const char *template_family_shape(const template_family *f, uint32_t shape);

uint32_t template_id_make(const template_family *f, uint32_t shape, const int *perm,
                          const int *ops);
void template_id_split(const template_family *f, uint32_t id, uint32_t *shape, int *perm,
                       int *ops);
void template_program(const template_family *f, uint32_t id, template_prog *out);
int template_format(const template_family *f, uint32_t id, template_style style,
                    const int64_t *values, char *buf, size_t size);
int template_format_prog(const template_prog *p, template_style style,
                         const int64_t *values, char *buf, size_t size);

const char *template_groupings_name(template_groupings g);
int template_groupings_parse(const char *s, template_groupings *out);
uint64_t template_factorial(int n);
uint32_t template_perm_rank(int n, const int *perm);
void template_perm_unrank(int n, uint32_t rank, int *perm);

#endif
