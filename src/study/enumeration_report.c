/* enumeration_report.c - rendering the enumeration half; see enumeration_report.h. */
#include "study/enumeration_report.h"

#include <string.h>

#include "study/jsonint.h"

cJSON *enumeration_report_hand_json(const int64_t *cards, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)cards[i]));
    return a;
}

/* The witness of a reduced miss with the real card values, e.g. "8/(3-8/3)". */
char *enumeration_report_witness(const enumeration *st, const enumeration_miss *m, char *buf, size_t size)
{
    template_format(st->all, m->witness, TEMPLATE_READABLE, hand_set_hand(st->hands, m->hand),
                    buf, size);
    return buf;
}

/* Builds the JSON object of the enumeration half (caller owns it; NULL if out of
 * memory). Keys are documented in docs/report.md; nothing here depends on timing, so the
 * same configuration always gives the same object. */
cJSON *enumeration_report_json(const enumeration *st)
{
    const enumeration_params *p = &st->params;
    int n = p->ncards;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "cards", n);
    cJSON *deck = cJSON_AddArrayToObject(o, "deck");
    cJSON_AddItemToArray(deck, cJSON_CreateNumber((double)p->lo));
    cJSON_AddItemToArray(deck, cJSON_CreateNumber((double)p->hi));
    jsonint_add(o, "target", p->target);
    cJSON_AddStringToObject(o, "groupings", template_groupings_name(p->groupings));
    cJSON_AddNumberToObject(o, "templates", template_family_count(st->family));
    cJSON_AddNumberToObject(o, "hands", hand_set_count(st->hands));
    cJSON_AddNumberToObject(o, "solvable", st->solvable);
    cJSON_AddNumberToObject(o, "unsolvable", st->unsolvable);
    cJSON_AddNumberToObject(o, "family_solvable", st->family_solvable);
    cJSON_AddNumberToObject(o, "useful_templates", st->useful_templates);
    cJSON_AddNumberToObject(o, "solution_pairs", (double)st->solution_pairs);
    cJSON_AddNumberToObject(o, "promoted_hands", st->promoted);
    cJSON *misses = cJSON_AddArrayToObject(o, "reduced_misses");
    for (uint32_t i = 0; i < st->nmisses; i++) {
        char buf[256], tmpl[256];
        cJSON *m = cJSON_CreateObject();
        cJSON_AddItemToObject(m, "hand",
                              enumeration_report_hand_json(hand_set_hand(st->hands, st->misses[i].hand), n));
        cJSON_AddStringToObject(m, "witness", enumeration_report_witness(st, &st->misses[i], buf, sizeof buf));
        cJSON_AddNumberToObject(m, "witness_template", st->misses[i].witness);
        template_format(st->all, st->misses[i].witness, TEMPLATE_READABLE, NULL, tmpl,
                        sizeof tmpl);
        cJSON_AddStringToObject(m, "witness_text", tmpl);
        cJSON_AddItemToArray(misses, m);
    }
    if (st->has_aces) {
        cJSON_AddNumberToObject(o, "aces_hands", st->aces_hands);
        cJSON_AddNumberToObject(o, "aces_unsolvable", st->aces_unsolvable);
        cJSON_AddNumberToObject(o, "aces_unsolvable_family", st->aces_unsolvable_family);
    } else {
        cJSON_AddNullToObject(o, "aces_hands");
        cJSON_AddNullToObject(o, "aces_unsolvable");
        cJSON_AddNullToObject(o, "aces_unsolvable_family");
    }
    return o;
}

/* The hands a text report lists under "need another grouping": deck 1-99 has 41,324 of
 * them, a screenful is what a reader can use (issue 40); --json keeps every one. */
#define ENUMERATION_REPORT_MISSES_SHOWN 50

void enumeration_report_text(const enumeration *st, FILE *out)
{
    const enumeration_params *p = &st->params;
    int n = p->ncards;
    fprintf(out, "t24 study: %d cards, deck %lld-%lld, target %lld, %s groupings\n\n", n,
            (long long)p->lo, (long long)p->hi, (long long)p->target,
            template_groupings_name(p->groupings));
    fprintf(out, "  %-34s %10u\n", "templates", template_family_count(st->family));
    fprintf(out, "  %-34s %10u\n", "hands", hand_set_count(st->hands));
    fprintf(out, "  %-34s %10u\n", "solvable (any grouping)", st->solvable);
    fprintf(out, "  %-34s %10u\n", "unsolvable (any grouping)", st->unsolvable);
    fprintf(out, "  %-34s %10u\n", "solved by the family", st->family_solvable);
    fprintf(out, "  %-34s %10u\n", "useful templates (hit >= 1 hand)", st->useful_templates);
    fprintf(out, "  %-34s %10llu\n", "(hand, template) solutions",
            (unsigned long long)st->solution_pairs);
    if (st->promoted)
        fprintf(out, "  %-34s %10u\n", "hands redone in GMP (int64 overflow)", st->promoted);
    if (p->groupings == TEMPLATE_REDUCED) {
        fprintf(out, "\nCompleteness of the reduced family: %u solvable hand%s need%s another "
                     "grouping\n", st->nmisses, st->nmisses == 1 ? "" : "s",
                st->nmisses == 1 ? "s" : "");
        uint32_t shown = st->nmisses < ENUMERATION_REPORT_MISSES_SHOWN
                             ? st->nmisses : ENUMERATION_REPORT_MISSES_SHOWN;
        for (uint32_t i = 0; i < shown; i++) {
            char hand[128], w[256];
            hand_format(hand_set_hand(st->hands, st->misses[i].hand), n, hand, sizeof hand);
            fprintf(out, "  %-20s %s = %lld\n", hand,
                    enumeration_report_witness(st, &st->misses[i], w, sizeof w), (long long)p->target);
        }
        if (shown < st->nmisses)
            fprintf(out, "  ... and %u more (--json lists every one, as reduced_misses)\n",
                    st->nmisses - shown);
    }
    if (st->has_aces)
        fprintf(out, "\nAces as 1 or 11 (hands over 1-10): %u hands, %u unsolvable "
                     "(%u with the family's templates alone)\n",
                st->aces_hands, st->aces_unsolvable, st->aces_unsolvable_family);
}

/* templates.tsv: every template of the family by id, in full and in readable form. Returns
 * 0, or -1 on a write error. */
int enumeration_report_templates_tsv(const enumeration *st, FILE *out)
{
    fprintf(out, "id\tfull\treadable\n");
    uint32_t n = template_family_count(st->family);
    for (uint32_t id = 0; id < n; id++) {
        char full[128], readable[128];
        template_format(st->family, id, TEMPLATE_FULL, NULL, full, sizeof full);
        template_format(st->family, id, TEMPLATE_READABLE, NULL, readable, sizeof readable);
        fprintf(out, "%u\t%s\t%s\n", id, full, readable);
    }
    return ferror(out) ? -1 : 0;
}

/* hands.tsv: every hand of the deck by index, whether any grouping solves it, and how
 * many of the family's templates do. Returns 0, or -1 on a write error. */
int enumeration_report_hands_tsv(const enumeration *st, FILE *out)
{
    fprintf(out, "index\thand\tsolvable\tfamily_solutions\n");
    for (uint32_t h = 0; h < hand_set_count(st->hands); h++) {
        char hand[128];
        hand_format(hand_set_hand(st->hands, h), st->params.ncards, hand, sizeof hand);
        fprintf(out, "%u\t%s\t%d\t%llu\n", h, hand, st->truly_solvable[h] ? 1 : 0,
                (unsigned long long)st->row_len[h]);
    }
    return ferror(out) ? -1 : 0;
}
