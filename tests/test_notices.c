/* test_notices.c - what reuse needs (issue 13): the MIT license, the README's line about
 * it, the free-use statement in every file t24 generates for users, and the source,
 * license and notice of the outside data kept in data/. */
#include <criterion/criterion.h>

#include "core/notice.h"
#include "helpers.h"

static char *source_file(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", T24_SOURCE_DIR, rel);
    char *text = slurp(path);
    cr_assert(text, "%s is missing", rel);
    return text;
}

Test(notices, license_is_mit_with_the_year_and_the_holder)
{
    char *text = source_file("LICENSE");
    cr_assert(strncmp(text, "MIT License\n\nCopyright (c) 2026 the t24 contributors\n", 53) == 0,
              "LICENSE starts: %.60s", text);
    cr_assert(strstr(text, "Permission is hereby granted, free of charge, to any person"));
    cr_assert(strstr(text, "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND"));
    free(text);
    text = source_file("README.md");
    cr_assert(strstr(text, "MIT License") && strstr(text, "(LICENSE)"),
              "README.md names the license and links LICENSE");
    cr_assert(strstr(text, "(CITATION.cff)"), "README.md says how to cite");
    free(text);
}

Test(notices, emitted_tables_say_they_may_be_used_freely)
{
    run_result r = run_t24("emit --cards 3 --deck 1-6 --target 12", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, NOTICE_FREE_USE), "t24 emit output lacks the notice");
    run_free(&r);
    char *table = source_file("src/solve/table_default.c");
    cr_assert(strstr(table, NOTICE_FREE_USE));
    free(table);
}

Test(notices, exported_instances_and_covers_say_they_may_be_used_freely)
{
    char dir[] = "/tmp/t24-notices-XXXXXX", args[256], path[512];
    cr_assert(mkdtemp(dir));
    snprintf(args, sizeof args, "study --cards 3 --deck 1-6 --target 12 --out '%s'", dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    const char *files[] = { "hitting_set.hgr", "hitting_set.lp", "hitting_set.dat", "cover.txt",
                            "table.c" };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        char *text = slurp(path);
        cr_assert(text, "%s was not written", files[i]);
        cr_assert(strstr(text, NOTICE_FREE_USE), "%s lacks the notice", files[i]);
        free(text);
    }
    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    cr_assert_eq(system(args), 0);
}

/* The 4 Numbers list is MIT-licensed by its author: its notice travels with the copy,
 * and data/README.md names its source and license. */
Test(notices, outside_data_carries_its_source_license_and_notice)
{
    char *notice = source_file("data/reference/4nums-target24-solutions.LICENSE");
    cr_assert(strncmp(notice, "MIT License\n\nCopyright (c) 2025 Zhiliang Xu\n", 44) == 0);
    cr_assert(strstr(notice, "The above copyright notice and this permission notice shall be "
                             "included in all\ncopies or substantial portions of the Software."));
    free(notice);
    char *readme = source_file("data/README.md");
    cr_assert(strstr(readme, "zhiliangxu/24-Math-Game"), "the source is named");
    cr_assert(strstr(readme, "c212a3c1aa2b3599856dd61e16142266a954a4b9"), "and its commit");
    cr_assert(strstr(readme, "4nums-target24-solutions.LICENSE"), "and the notice file");
    free(readme);
}
