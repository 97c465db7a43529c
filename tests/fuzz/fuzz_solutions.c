/* fuzz_solutions.c - the solution-set reader (solutions_read(), the solutions.txt that
 * `t24 study --out` writes) on any bytes. Property: what it accepts is consistent
 * (offsets increase, ids below the template count and increasing within a hand). */
#include "fuzz.h"
#include "eval/solutions.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *fp = fuzz_file(data, size);
    solutions s;
    char err[256];
    if (solutions_read(&s, fp, err, sizeof err) == 0) {
        FUZZ_CHECK(s.off[0] == 0, "first offset %llu", (unsigned long long)s.off[0]);
        for (uint32_t h = 0; h < s.nhands; h++) {
            FUZZ_CHECK(s.off[h] <= s.off[h + 1], "offsets of hand %u", h);
            for (uint64_t k = s.off[h]; k < s.off[h + 1]; k++) {
                FUZZ_CHECK(s.ids[k] < s.ntemplates, "id %u", s.ids[k]);
                FUZZ_CHECK(k == s.off[h] || s.ids[k - 1] < s.ids[k], "order in hand %u", h);
            }
        }
        solutions_free(&s);
    } else {
        FUZZ_CHECK(err[0] != '\0', "a failure without a reason");
    }
    fclose(fp);
    return 0;
}
