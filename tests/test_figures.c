/* make figures: the script regenerates every committed figure from the built t24, each
 * a well-formed, non-empty SVG, and each the committed one byte for byte (the figures are
 * drawn from committed data by gnuplot, deterministic: a figure that drifted from its
 * data, or a script change not rerun, fails here). */
#include <criterion/criterion.h>
#include <dirent.h>

#include "helpers.h"

static bool is_svg_name(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".svg") == 0;
}

static void expect_svg(const char *path)
{
    char *text = slurp(path);
    cr_assert(text, "%s was not written", path);
    cr_assert_gt(strlen(text), 1000, "%s is (nearly) empty", path);
    cr_assert(strncmp(text, "<?xml", 5) == 0 || strncmp(text, "<svg", 4) == 0,
              "%s does not start as SVG", path);
    cr_assert(strstr(text, "<svg"), "%s has no <svg> element", path);
    const char *end = strstr(text, "</svg>");
    cr_assert(end, "%s is not closed", path);
    for (end += 6; *end == '\n' || *end == ' ';)
        end++;
    cr_assert_eq(*end, '\0', "%s has text after </svg>", path);
    free(text);
}

Test(figures, make_figures_regenerates_every_committed_svg, .timeout = 600)
{
    const char *src = getenv("T24_SOURCE_DIR"), *bin = getenv("T24_BIN");
    cr_assert(src && bin);
    char dir[] = "/tmp/t24-figures-test-XXXXXX", cmd[2048], path[1024];
    cr_assert(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "bash '%s/docs/figures/make-figures.sh' '%s' '%s/out' "
             ">'%s/log' 2>&1", src, bin, dir, dir);
    int st = system(cmd);
    snprintf(path, sizeof path, "%s/log", dir);
    char *log = slurp(path);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "make-figures.sh failed: %s", log);
    free(log);
    unlink(path);

    snprintf(path, sizeof path, "%s/docs/figures", src);
    DIR *d = opendir(path);
    cr_assert(d);
    int committed = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_svg_name(e->d_name))
            continue;
        snprintf(path, sizeof path, "%s/out/%s", dir, e->d_name);
        expect_svg(path);
        char committed_path[1024];
        snprintf(committed_path, sizeof committed_path, "%s/docs/figures/%s", src, e->d_name);
        char *now = slurp(path), *was = slurp(committed_path);
        cr_assert(now && was);
        cr_assert(strcmp(now, was) == 0,
                  "docs/figures/%s is not what make figures draws now: run make figures",
                  e->d_name);
        free(now), free(was);
        committed++;
    }
    closedir(d);
    cr_assert_geq(committed, 3, "docs/figures should hold the three figures");

    snprintf(path, sizeof path, "%s/out", dir);
    d = opendir(path);
    int made = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        cr_assert(is_svg_name(e->d_name), "unexpected file %s", e->d_name);
        snprintf(path, sizeof path, "%s/out/%s", dir, e->d_name);
        unlink(path);
        made++;
    }
    closedir(d);
    cr_assert_eq(made, committed, "the script draws a figure that is not committed");
    snprintf(path, sizeof path, "%s/out", dir);
    rmdir(path);
    rmdir(dir);
}

/* Issue 26: classes-per-hand.svg was on no page. Every committed figure is shown by some
 * page: README.md or a page of docs/ (docs/results.md's come from t24 sweep and from
 * docs/frontier/results-section.sh). */
Test(figures, every_committed_figure_is_on_a_page)
{
    const char *src = getenv("T24_SOURCE_DIR");
    cr_assert(src);
    char path[1024];
    size_t total = 0;
    char *all = NULL;
    const char *pages[] = { "README.md", "docs" };
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", src, pages[i]);
        DIR *d = i == 0 ? NULL : opendir(path);
        for (struct dirent *e = NULL; i == 0 || (d && (e = readdir(d)));) {
            if (i == 0) {
                snprintf(path, sizeof path, "%s/README.md", src);
            } else {
                size_t n = strlen(e->d_name);
                if (n < 4 || strcmp(e->d_name + n - 3, ".md") != 0)
                    continue;
                snprintf(path, sizeof path, "%s/docs/%s", src, e->d_name);
            }
            char *text = slurp(path);
            cr_assert(text, "cannot read %s", path);
            all = realloc(all, total + strlen(text) + 1);
            memcpy(all + total, text, strlen(text) + 1);
            total += strlen(text);
            free(text);
            if (i == 0)
                break;
        }
        if (d)
            closedir(d);
    }
    snprintf(path, sizeof path, "%s/docs/figures", src);
    DIR *d = opendir(path);
    cr_assert(d);
    int shown = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_svg_name(e->d_name))
            continue;
        char ref[300];
        snprintf(ref, sizeof ref, "figures/%s)", e->d_name);
        cr_expect(strstr(all, ref), "docs/figures/%s is on no page (no '![...](...%s')",
                  e->d_name, ref);
        shown++;
    }
    closedir(d);
    cr_assert_geq(shown, 5);
    free(all);
}
