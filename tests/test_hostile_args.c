/* test_hostile_args.c - the usage-error contract under hostile arguments (issue 11):
 * every bad argument gives exit status 2 and one line on stderr naming it, and nothing
 * on stdout. */
#include <criterion/criterion.h>
#include <ctype.h>

#include "helpers.h"

static void expect_one_line(const char *args, const char *needle)
{
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 2, "'t24 %s' should exit 2, got %d", args, r.status);
    cr_assert_eq(count_lines(r.err), 1, "'t24 %s' should print one line, got: %s", args,
                 r.err);
    cr_assert_str_eq(r.out, "", "'t24 %s' printed on stdout", args);
    cr_assert(strstr(r.err, needle), "'t24 %s' should say '%s', said: %s", args, needle,
              r.err);
    run_free(&r);
}

/* Calls fn(cmd, option) for every option of `t24 CMD --help` that takes a value: its
 * line reads "  --name VALUE ...". */
static int for_value_options(const char *cmd, void (*fn)(const char *, const char *))
{
    char args[64];
    snprintf(args, sizeof args, "%s --help", cmd);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0);
    int n = 0;
    for (const char *line = r.out; *line; line = strchr(line, '\n') + 1) {
        const char *p = line + strspn(line, " ");
        size_t len = strcspn(p, " \n");
        if (p != line && p[0] == '-' && p[1] == '-' && p[len] == ' ' &&
            isupper((unsigned char)p[len + 1])) {
            char name[48];
            snprintf(name, sizeof name, "%.*s", (int)len, p);
            fn(cmd, name);
            n++;
        }
        if (!strchr(line, '\n'))
            break;
    }
    run_free(&r);
    return n;
}

static void missing_value(const char *cmd, const char *name)
{
    char args[128], needle[64];
    snprintf(needle, sizeof needle, "%s needs a value", name);
    snprintf(args, sizeof args, "%s %s", cmd, name);
    expect_one_line(args, needle);
    if (strcmp(cmd, "solve") == 0) { /* after the cards, as the issue typed it */
        snprintf(args, sizeof args, "solve 3 3 8 8 %s", name);
        expect_one_line(args, needle);
    }
}

Test(hostile_args, a_missing_value_is_named_for_every_option)
{
    const char *cmds[] = { "study", "solve", "emit", "sweep" };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        cr_assert_gt(for_value_options(cmds[i], missing_value), 1, "%s has value options",
                     cmds[i]);
}
