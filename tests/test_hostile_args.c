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

/* An error line is one line of printable text, at most a couple of KB. */
static void expect_clean_line(const run_result *r, const char *what)
{
    cr_assert_eq(r->status, 2, "%s: exit 2, got %d", what, r->status);
    cr_assert_eq(count_lines(r->err), 1, "%s: one line, got: %s", what, r->err);
    cr_assert_lt(strlen(r->err), 2200, "%s: a %zu-byte error line", what, strlen(r->err));
    for (const char *p = r->err; *p; p++)
        cr_assert((*p >= ' ' && *p != 127) || *p == '\n' || (*p & 0x80),
                  "%s: control byte %d on stderr", what, *p);
}

Test(hostile_args, control_bytes_are_escaped_in_error_lines)
{
    static const char escape[] = "\033[2J x\n";
    const char *batch[] = { "solve", "--batch", "-", NULL };
    run_result r = run_t24_argv(batch, escape, sizeof escape - 1);
    expect_clean_line(&r, "a batch line with ESC [2J");
    cr_assert(strstr(r.err, "'\\x1b[2J'"), "the byte is shown escaped: %s", r.err);
    run_free(&r);
    const char *arg[] = { "study", "--deck", "1-\03310", NULL };
    r = run_t24_argv(arg, NULL, 0);
    expect_clean_line(&r, "an option value with ESC");
    cr_assert(strstr(r.err, "'1-\\x1b10'"), "%s", r.err);
    run_free(&r);
}

Test(hostile_args, a_131_kb_argument_is_not_echoed_whole)
{
    size_t n = 131000;
    char *big = malloc(n + 1);
    cr_assert(big);
    memset(big, 'x', n);
    memcpy(big, "--", 2);
    big[n] = '\0';
    const char *opt[] = { "solve", big, NULL };
    run_result r = run_t24_argv(opt, NULL, 0);
    expect_clean_line(&r, "a 131 KB option");
    cr_assert(strstr(r.err, "...[131002 bytes]..."), "says how long it was: %s", r.err);
    run_free(&r);
    memset(big, '7', n);
    const char *card[] = { "solve", "1", big, NULL };
    r = run_t24_argv(card, NULL, 0);
    expect_clean_line(&r, "a 131 KB card");
    cr_assert(strstr(r.err, "not a card"), "%s", r.err);
    run_free(&r);
    free(big);
}

Test(hostile_args, cards_are_never_skipped_or_misnamed)
{
    /* An empty argument was skipped (3 '' 8 solved "3 8"). */
    const char *empty[] = { "solve", "3", "", "8", NULL };
    run_result r = run_t24_argv(empty, NULL, 0);
    expect_clean_line(&r, "an empty card");
    cr_assert(strstr(r.err, "'' is not a card"), "%s", r.err);
    run_free(&r);
    /* A 5,000-digit card was "too many cards". */
    char digits[5001];
    memset(digits, '9', 5000);
    digits[5000] = '\0';
    const char *huge[] = { "solve", "1", digits, NULL };
    r = run_t24_argv(huge, NULL, 0);
    expect_clean_line(&r, "a 5000-digit card");
    cr_assert(strstr(r.err, "is not a card"), "%s", r.err);
    cr_assert_null(strstr(r.err, "too many"), "%s", r.err);
    run_free(&r);
    /* A negative number beyond int64 was an unknown option. */
    const char *neg[] = { "solve", "-99999999999999999999", "1", NULL };
    r = run_t24_argv(neg, NULL, 0);
    expect_clean_line(&r, "-99999999999999999999");
    cr_assert(strstr(r.err, "'-99999999999999999999' is not a card"), "%s", r.err);
    run_free(&r);
    /* A hand quoted as one argument is still a hand. */
    const char *quoted[] = { "solve", "3 3 8 8", NULL };
    r = run_t24_argv(quoted, NULL, 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(r.out, "8/(3-8/3) = 24\n");
    run_free(&r);
}
