/* make figures: the script regenerates every committed figure from the built t24, each
 * a well-formed, non-empty SVG. */
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
