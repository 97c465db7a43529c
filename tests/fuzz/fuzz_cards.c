/* fuzz_cards.c - hands and numbers from text: cards_parse_line() (t24 solve's arguments
 * and batch lines), and the strict number parsers behind every option and config line.
 * Properties: a parsed hand prints back to text that parses to the same hand; a parsed
 * integer prints back to the same text. */
#include <inttypes.h>

#include "core/cards.h"
#include "core/parse.h"
#include "fuzz.h"

static void check_hand(const char *text)
{
    cards_hand h, back;
    char err[256], buf[1024];
    if (cards_parse_line(text, &h, err, sizeof err)) {
        FUZZ_CHECK(strlen(err) > 0 && strlen(err) < sizeof err - 1, "'%s'", err);
        return;
    }
    FUZZ_CHECK(h.n >= 1 && h.n <= CARDS_MAX, "%d cards", h.n);
    int len = cards_format(&h, buf, sizeof buf);
    FUZZ_CHECK(len >= 0 && (size_t)len < sizeof buf, "%d", len);
    FUZZ_CHECK(cards_parse_line(buf, &back, err, sizeof err) == 0, "'%s': %s", buf, err);
    FUZZ_CHECK(back.n == h.n, "'%s'", buf);
    for (int i = 0; i < h.n; i++)
        FUZZ_CHECK(back.value[i] == h.value[i] && back.ace[i] == h.ace[i], "'%s'", buf);
    for (int aces_high = 0; aces_high < 2; aces_high++)
        for (int k = 0; k < cards_variants(&h, aces_high); k++) {
            int64_t v[CARDS_MAX];
            cards_variant(&h, k, v);
        }
}

static void check_numbers(const char *text)
{
    int64_t v, lo, hi;
    char buf[32];
    if (parse_int64(text, &v) == 0) {
        snprintf(buf, sizeof buf, "%" PRId64, v);
        int64_t again;
        FUZZ_CHECK(parse_int64(buf, &again) == 0 && again == v, "'%s'", text);
    }
    int r;
    if (parse_int_range(text, -5, 5, &r) == 0)
        FUZZ_CHECK(r >= -5 && r <= 5, "%d", r);
    double d;
    if (parse_double_positive(text, &d) == 0)
        FUZZ_CHECK(d > 0 && d <= 1e9, "%g", d);
    if (parse_deck(text, &lo, &hi) == 0)
        FUZZ_CHECK(0 <= lo && lo <= hi && hi <= 1000000, "%" PRId64 "-%" PRId64, lo, hi);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    check_hand(text);
    check_numbers(text);
    free(text);
    return 0;
}
