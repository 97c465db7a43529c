/* classes.h - templates grouped by their solution sets, and the hitting-set instance.
 *
 * Over the hands the family solves, two templates are in the same class when they solve
 * exactly the same hands. Templates that solve nothing belong to no class. Classes are
 * numbered by their representative, the lowest template id in the class, so class 0 holds
 * the lowest useful template. The instance has one element per class and one set per
 * solved hand (in hand order): the classes that solve that hand. */
#ifndef T24_STUDY_CLASSES_H
#define T24_STUDY_CLASSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/hand.h"
#include "hitset/t24hs.h"
#include "eval/formula.h"
#include "eval/partition.h"
#include "eval/solutions.h"

#define CLASSES_NONE UINT32_MAX

typedef struct classes classes;

classes *classes_new(const solutions *s, char *err, size_t errsize);
classes *classes_from_groups(const formula_set *fs, const partition *p, uint32_t nhands,
                             char *err, size_t errsize);
void classes_free(classes *c);

uint32_t classes_count(const classes *c);
uint32_t classes_rep(const classes *c, uint32_t cls);
uint32_t classes_size(const classes *c, uint32_t cls);
int classes_list_members(classes *c);
bool classes_members_listed(const classes *c);
const uint32_t *classes_members(const classes *c, uint32_t cls, uint32_t *len);
uint32_t classes_of(const classes *c, uint32_t template_id);
uint32_t classes_hand(const classes *c, uint32_t set);
const hs_instance *classes_instance(const classes *c);
int classes_write_solutions(const classes *c, const hand_set *hs, FILE *out);

/* Checker (core/check.h): NULL when c is the class partition of s, else what broke. */
const char *classes_check(const classes *c, const solutions *s);

#endif
