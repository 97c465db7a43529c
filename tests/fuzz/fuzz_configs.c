/* fuzz_configs.c - `t24 sweep --configs FILE`: sweep_plan_read() on any bytes.
 * Properties: a plan read has at least one configuration, each passes the checks a
 * command line gets, and table names and titles are short, clean text: valid UTF-8
 * without control characters (C0, C1, bidirectional), and no two tables share a name. */
#include "core/utf8.h"
#include "fuzz.h"
#include "study/sweep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *fp = fuzz_file(data, size);
    sweep_plan plan;
    char err[512];
    if (sweep_plan_read(&plan, fp, "fuzz", err, sizeof err) == 0) {
        FUZZ_CHECK(sweep_plan_count(&plan) > 0, "empty plan");
        for (size_t t = 0; t < plan.n; t++) {
            const sweep_table *tb = &plan.tables[t];
            FUZZ_CHECK(tb->name[0] != '\0', "table %zu has no name", t);
            for (const char *p = tb->name; *p; p++)
                FUZZ_CHECK((unsigned char)*p >= 0x20 && *p != 0x7f, "control byte in a name");
            for (const char *p = tb->title; *p; p++)
                FUZZ_CHECK(((unsigned char)*p >= 0x20 || *p == '\t') && *p != 0x7f,
                           "control byte in a title");
            FUZZ_CHECK(utf8_is_safe_text(tb->name) && utf8_is_safe_text(tb->title),
                       "table %zu: not clean UTF-8", t);
            for (size_t u = 0; u < t; u++)
                FUZZ_CHECK(strcmp(plan.tables[u].name, tb->name) != 0, "two tables '%s'",
                           tb->name);
            for (size_t k = 0; k < tb->n; k++)
                FUZZ_CHECK(sweep_config_check(&tb->configs[k], NULL, 0) == 0, "config %zu", k);
        }
        if (sweep_plan_keep(&plan, plan.tables[plan.n - 1].name) == 0)
            FUZZ_CHECK(plan.n == 1, "keep left %zu tables", plan.n);
        sweep_plan_free(&plan);
    } else {
        FUZZ_CHECK(err[0] != '\0', "a failure without a reason");
    }
    fclose(fp);
    return 0;
}
