/* docs/cli.md and the --help texts agree: the same commands, and per command the same
 * options, in both directions. Written generically, so a command added to the CLI
 * without a section in docs/cli.md fails here. */
#include <criterion/criterion.h>
#include <ctype.h>

#include "helpers.h"

#define MAX_NAMES 64

typedef struct {
    char name[MAX_NAMES][48];
    int n;
} names;

static void add(names *s, const char *p, size_t len)
{
    if (len == 0 || len >= sizeof s->name[0])
        return;
    for (int i = 0; i < s->n; i++)
        if (strlen(s->name[i]) == len && strncmp(s->name[i], p, len) == 0)
            return;
    cr_assert_lt(s->n, MAX_NAMES);
    memcpy(s->name[s->n], p, len);
    s->name[s->n++][len] = '\0';
}

static bool has(const names *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->name[i], name) == 0)
            return true;
    return false;
}

static size_t option_len(const char *p)
{
    size_t n = 2;
    while (isalnum((unsigned char)p[n]) || p[n] == '-')
        n++;
    return n;
}

/* Commands listed by `t24 --help`: the lines after "commands:" up to a blank line. */
static names help_commands(void)
{
    run_result r = run_t24("--help", NULL);
    cr_assert_eq(r.status, 0);
    names s = { .n = 0 };
    const char *p = strstr(r.out, "commands:\n");
    cr_assert(p, "t24 --help lists no commands");
    for (p = strchr(p, '\n') + 1; *p == ' '; p = strchr(p, '\n') + 1) {
        while (*p == ' ')
            p++;
        add(&s, p, strcspn(p, " \n"));
    }
    run_free(&r);
    return s;
}

/* Options of `t24 CMD --help`: the --names that begin an option line ("  --x", or
 * "  -h, --help"); continuation lines are indented further and start with a word. */
static names help_options(const char *cmd)
{
    char args[64];
    snprintf(args, sizeof args, "%s --help", cmd);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "'t24 %s' failed", args);
    names s = { .n = 0 };
    for (const char *line = r.out; *line; line = strchr(line, '\n') + 1) {
        const char *p = line;
        while (*p == ' ')
            p++;
        while (p[0] == '-') {
            if (p[1] == '-')
                add(&s, p, option_len(p));
            p += strcspn(p, " ,\n");
            if (p[0] != ',')
                break;
            p += 2;
        }
        if (!strchr(line, '\n'))
            break;
    }
    run_free(&r);
    return s;
}

/* docs/cli.md: sections "## `t24 CMD`", and in each, table rows whose first cell holds
 * the options ("| `--deck LO-HI` | ..."); the rows before the first section are the
 * options of `t24` itself. */
typedef struct {
    names commands;
    names options[MAX_NAMES];
    names top;
} cli_doc;

static void add_options(names *s, char *line)
{
    size_t cell = strcspn(line + 1, "|\n") + 1;
    for (char *p = line; p < line + cell; p++)
        if (p[0] == '-' && p[1] == '-' && p[-1] == '`')
            add(s, p, option_len(p));
}

static void read_doc(cli_doc *d)
{
    char path[512];
    snprintf(path, sizeof path, "%s/docs/cli.md", getenv("T24_SOURCE_DIR"));
    char *text = slurp(path);
    cr_assert(text, "cannot read %s", path);
    memset(d, 0, sizeof *d);
    int cur = -1;
    bool top = true;
    for (char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "## `t24 ", 8) == 0) {
            add(&d->commands, line + 8, strcspn(line + 8, "`"));
            cur = d->commands.n - 1;
            top = false;
        } else if (strncmp(line, "## ", 3) == 0) {
            cur = -1;
            top = false;
        } else if (strncmp(line, "| `-", 4) == 0 && (cur >= 0 || top)) {
            add_options(top ? &d->top : &d->options[cur], line);
        }
    }
    free(text);
}

static void expect_same_options(const names *help, const names *doc, const char *cmd)
{
    cr_assert(has(help, "--help"), "'t24 %s --help' lists no --help", cmd);
    for (int i = 0; i < help->n; i++)
        cr_assert(has(doc, help->name[i]), "'t24 %s %s' is not in docs/cli.md", cmd,
                  help->name[i]);
    for (int i = 0; i < doc->n; i++)
        cr_assert(has(help, doc->name[i]),
                  "docs/cli.md lists 't24 %s %s', which its --help does not", cmd, doc->name[i]);
}

Test(docs, cli_md_documents_exactly_the_commands_of_t24_help)
{
    names cmds = help_commands();
    cli_doc d;
    read_doc(&d);
    cr_assert_gt(cmds.n, 0);
    for (int i = 0; i < cmds.n; i++)
        cr_assert(has(&d.commands, cmds.name[i]),
                  "command '%s' has no section \"## `t24 %s`\" in docs/cli.md",
                  cmds.name[i], cmds.name[i]);
    for (int i = 0; i < d.commands.n; i++)
        cr_assert(has(&cmds, d.commands.name[i]),
                  "docs/cli.md documents '%s', which t24 --help does not list",
                  d.commands.name[i]);
}

Test(docs, cli_md_lists_exactly_each_commands_help_options)
{
    cli_doc d;
    read_doc(&d);
    for (int c = 0; c < d.commands.n; c++) {
        const char *cmd = d.commands.name[c];
        names help = help_options(cmd);
        expect_same_options(&help, &d.options[c], cmd);
    }
}

Test(docs, cli_md_lists_exactly_the_options_of_t24_itself)
{
    cli_doc d;
    read_doc(&d);
    names help = help_options("");
    cr_assert(has(&help, "--version"));
    expect_same_options(&help, &d.top, "");
}

Test(docs, every_linked_doc_exists)
{
    const char *docs[] = { "README.md", "docs/method.md", "docs/cli.md", "docs/results.md",
                           "docs/results.csv", "docs/benchmarks.md", "docs/claims.md",
                           "docs/formats.md", "docs/report.md", "docs/hitting-sets.md",
                           "docs/figures/coverage.svg", "data/README.md",
                           "LICENSE", "CITATION.cff", "CHANGELOG.md" };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", getenv("T24_SOURCE_DIR"), docs[i]);
        cr_assert_eq(access(path, R_OK), 0, "%s is missing", docs[i]);
    }
}
