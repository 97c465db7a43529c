/* docs/cli.md and the --help texts agree: the same commands, and per command the same
 * options, in both directions. Written generically, so a command added to the CLI
 * without a section in docs/cli.md fails here. */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdint.h>

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

/* Does text hold the option name whole (not as the start of a longer one)? */
static bool names_option(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
        if (option_len(p) == n)
            return true;
    return false;
}

/* Issue 38: the prose of a command's section names only options its --help names (the
 * `cover` section named a `--memory-limit` that cover does not have). */
Test(docs, cli_md_prose_names_only_each_commands_options)
{
    char path[512];
    snprintf(path, sizeof path, "%s/docs/cli.md", getenv("T24_SOURCE_DIR"));
    char *text = slurp(path);
    cr_assert(text, "cannot read %s", path);
    int sections = 0;
    for (char *sec = strstr(text, "\n## `t24 "); sec; sec = strstr(sec + 1, "\n## `t24 ")) {
        char cmd[32], args[64];
        snprintf(cmd, sizeof cmd, "%.*s", (int)strcspn(sec + 9, "`"), sec + 9);
        char *end = strstr(sec + 1, "\n## ");
        size_t len = end ? (size_t)(end - sec) : strlen(sec);
        snprintf(args, sizeof args, "%s --help", cmd);
        run_result r = run_t24(args, NULL);
        cr_assert_eq(r.status, 0, "'t24 %s' failed", args);
        for (const char *p = sec; p < sec + len; p++) {
            if (!(p[0] == '`' && p[1] == '-' && p[2] == '-'))
                continue;
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)option_len(p + 1), p + 1);
            cr_expect(names_option(r.out, name),
                      "docs/cli.md's `t24 %s` section names %s, which 't24 %s --help' "
                      "does not", cmd, name, cmd);
        }
        run_free(&r);
        sections++;
    }
    cr_expect_gt(sections, 4, "docs/cli.md has the sections of the commands");
    free(text);
}

Test(docs, every_linked_doc_exists)
{
    const char *docs[] = { "README.md", "docs/method.md", "docs/cli.md", "docs/results.md",
                           "docs/results.csv", "docs/benchmarks.md", "docs/claims.md",
                           "docs/formats.md", "docs/certificates.md", "docs/report.md",
                           "docs/hitting-sets.md",
                           "docs/figures/coverage.svg", "data/README.md",
                           "LICENSE", "CITATION.cff", "CHANGELOG.md" };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", getenv("T24_SOURCE_DIR"), docs[i]);
        cr_assert_eq(access(path, R_OK), 0, "%s is missing", docs[i]);
    }
}

/* ---- Issue 26: every JSON key the docs name exists in real output ----
 *
 * The key tables of docs/report.md, docs/hitting-sets.md ("## The report: JSON keys")
 * and docs/formats.md ("## JSON output") are read as trees: a `key` is an identifier in
 * backticks, and a parenthesis right after a key holds that key's keys when its value is
 * an object (or a list of objects); after a scalar key it is prose. A parenthesis after
 * anything else is transparent. Each key must exist in at least one sample of the
 * command's real output, each sample run on a small input. */

typedef struct key_node {
    char name[48];
    struct key_node *kids;
    int nkids;
} key_node;

typedef struct {
    key_node *items;
    int n;
} key_list;

static bool is_key_name(const char *s, size_t len)
{
    if (len == 0 || len >= 48 || !islower((unsigned char)s[0]))
        return false;
    for (size_t i = 0; i < len; i++)
        if (!islower((unsigned char)s[i]) && !isdigit((unsigned char)s[i]) && s[i] != '_')
            return false;
    return true;
}

static void list_add(key_list *l, const key_node *k)
{
    l->items = realloc(l->items, (size_t)(l->n + 1) * sizeof *l->items);
    cr_assert(l->items);
    l->items[l->n++] = *k;
}

/* Parses text up to its end or the ')' closing the group; *p moves past it. */
static key_list parse_keys(const char **p, bool nested)
{
    key_list l = { NULL, 0 };
    bool after_key = false; /* only blanks since the last key's closing backtick */
    while (**p) {
        char c = **p;
        if (c == '`') {
            const char *start = ++*p, *end = strchr(start, '`');
            cr_assert(end, "an unclosed ` in a key table");
            *p = end + 1;
            after_key = false;
            if (is_key_name(start, (size_t)(end - start))) {
                key_node k = { .kids = NULL, .nkids = 0 };
                memcpy(k.name, start, (size_t)(end - start));
                k.name[end - start] = '\0';
                list_add(&l, &k);
                after_key = true;
            }
            continue;
        }
        (*p)++;
        if (c == '(') {
            key_list g = parse_keys(p, true);
            if (after_key) {
                l.items[l.n - 1].kids = g.items;
                l.items[l.n - 1].nkids = g.n;
            } else {
                for (int i = 0; i < g.n; i++)
                    list_add(&l, &g.items[i]);
                free(g.items);
            }
        } else if (c == ')' && nested) {
            return l;
        }
        if (c != ' ')
            after_key = false;
    }
    return l;
}

static void keys_free(key_node *items, int n)
{
    for (int i = 0; i < n; i++)
        keys_free(items[i].kids, items[i].nkids);
    free(items);
}

/* The objects a key may sit in: obj itself, or each object of a list. */
#define MAX_OBJS 4096
typedef struct {
    const cJSON *o[MAX_OBJS];
    int n;
} objs;

static void objs_add(objs *s, const cJSON *v)
{
    if (cJSON_IsObject(v) && s->n < MAX_OBJS) {
        s->o[s->n++] = v;
    } else if (cJSON_IsArray(v)) {
        const cJSON *e;
        cJSON_ArrayForEach(e, v)
            if (cJSON_IsObject(e) && s->n < MAX_OBJS)
                s->o[s->n++] = e;
    }
}

/* Every key of items exists in some object of in; groups under object keys recurse. */
static void check_keys(const objs *in, const key_node *items, int n, const char *where,
                       const char *path)
{
    for (int i = 0; i < n; i++) {
        const key_node *k = &items[i];
        if (strcmp(k->name, "null") == 0)
            continue; /* a value, written as a key would be */
        char sub[256];
        snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", k->name);
        objs kids = { .n = 0 };
        bool found = false;
        for (int j = 0; j < in->n; j++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(in->o[j], k->name);
            if (v) {
                found = true;
                objs_add(&kids, v);
            }
        }
        cr_expect(found, "%s names the JSON key '%s', which no output has", where, sub);
        if (found && kids.n > 0 && k->nkids > 0)
            check_keys(&kids, k->kids, k->nkids, where, sub);
    }
}

/* Real output: samples[i] for each command, each parsed JSON object (or JSON line). */
typedef struct {
    const char *command;
    cJSON *docs[8];
    int n;
} sample;

static void sample_run(sample *s, const char *args, const char *in)
{
    run_result r = run_t24(args, in);
    cr_assert_eq(r.status, 0, "'t24 %s' exited %d: %s", args, r.status, r.err);
    for (const char *line = r.out; *line;) {
        cJSON *o = cJSON_ParseWithOpts(line, &line, false);
        cr_assert(o, "'t24 %s' printed no JSON: %s", args, r.out);
        cr_assert_lt(s->n, 8);
        s->docs[s->n++] = o;
        while (*line == '\n' || *line == ' ')
            line++;
    }
    run_free(&r);
}

static objs sample_objs(const sample *s)
{
    objs o = { .n = 0 };
    for (int i = 0; i < s->n; i++)
        objs_add(&o, s->docs[i]);
    return o;
}

/* An instance where the core method runs (docs/hitting-sets.md, "Covers from a core"):
 * 24,000 elements, 300 sets of 400 pseudo-random ones (each element in about 5, so that
 * the reductions leave more than 20,000). The caller frees it. */
static char *core_shape_instance(void)
{
    const unsigned ne = 24000, ns = 300, len = 400;
    size_t cap = (size_t)ns * len * 7 + 64, n = 0;
    char *text = malloc(cap);
    uint64_t x = 0x9e3779b9ULL;
    cr_assert(text);
    n += (size_t)snprintf(text, cap, "p hs %u %u\n", ne, ns);
    for (unsigned i = 0; i < ns * len; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        n += (size_t)snprintf(text + n, cap - n, "%u%c", (unsigned)(x % ne) + 1,
                              (i + 1) % len ? ' ' : '\n');
    }
    return text;
}

static void samples_make(sample *study, sample *cover, sample *solve, sample *emit,
                         sample *sweep)
{
    study->command = "study";
    sample_run(study, "study --json --timings", NULL);
    sample_run(study, "study --json --timings --coverage --deck 1-6", NULL);
    sample_run(study, "study --json --timings --lp colgen --deck 1-6", NULL);
    cover->command = "cover";
    sample_run(cover, "cover --json --timings -", "p hs 4 3\n1 2\n2 3\n3 4\n");
    char *wide = core_shape_instance();
    sample_run(cover, "cover --json --core-method --work 10000000 --lp simplex -", wide);
    free(wide);
    solve->command = "solve";
    sample_run(solve, "solve --json --stats 3 3 8 8", NULL);
    sample_run(solve, "solve --json --batch -", "3 3 8 8\n1 1 1 1\n");
    emit->command = "emit";
    char args[128];
    snprintf(args, sizeof args, "emit --json --out /tmp/t24-docs-emit-%d.c", (int)getpid());
    sample_run(emit, args, NULL);
    unlink(args + strlen("emit --json --out "));
    sweep->command = "sweep";
    sample_run(sweep, "sweep --json --configs -",
               "table a\n3 1-5 10\n3 1-5 6\ntable b\n3 1-5 24\n2 1-9 7\n");
}

static void samples_free(sample *s)
{
    for (int i = 0; i < s->n; i++)
        cJSON_Delete(s->docs[i]);
}

/* The rows of the first table after the heading `section` of docs/NAME: cells split at
 * '|' (no cell of these tables holds one). Returns the lines, NUL-separated, in text. */
static char *doc_table(const char *name, const char *section)
{
    char path[512];
    snprintf(path, sizeof path, "%s/docs/%s", getenv("T24_SOURCE_DIR"), name);
    char *text = slurp(path);
    cr_assert(text, "cannot read %s", path);
    char *at = section ? strstr(text, section) : text;
    cr_assert(at, "docs/%s has no '%s'", name, section);
    at = strstr(at, "\n|");
    cr_assert(at, "docs/%s has no table after '%s'", name, section ? section : "its top");
    at++;
    size_t len = 0;
    for (const char *l = at; *l == '|'; l = strchr(l, '\n') + 1)
        len = (size_t)(strchr(l, '\n') - at) + 1;
    char *rows = strndup(at, len);
    free(text);
    return rows;
}

/* A table of the study's keys: the first cell names top-level keys, and the second,
 * for a single key whose value is an object, that object's keys. */
static void check_study_table(const sample *study, const char *name, const char *section)
{
    char *rows = doc_table(name, section), where[128];
    objs top = sample_objs(study);
    int rows_read = 0;
    for (char *line = rows; *line; line = strchr(line, '\n') + 1) {
        *strchr(line, '\n') = '\0';
        char *cell2 = strchr(line + 1, '|');
        if (strncmp(line, "|---", 4) == 0 || strncmp(line, "| key", 5) == 0 || !cell2) {
            line[strlen(line)] = '\n';
            continue;
        }
        *cell2++ = '\0';
        snprintf(where, sizeof where, "docs/%s", name);
        for (const char *t = strchr(line, '`'); t; t = strchr(strchr(t + 1, '`') + 1, '`'))
            cr_expect(is_key_name(t + 1, strcspn(t + 1, "`")),
                      "%s: '%.*s' in the key column is not a JSON key name", where,
                      (int)strcspn(t + 1, "`"), t + 1);
        const char *p = line + 1;
        key_list first = parse_keys(&p, false);
        check_keys(&top, first.items, first.n, where, "");
        if (first.n == 1) {
            p = cell2;
            key_list second = parse_keys(&p, false);
            objs kids = { .n = 0 };
            for (int j = 0; j < top.n; j++)
                objs_add(&kids, cJSON_GetObjectItemCaseSensitive(top.o[j], first.items[0].name));
            if (kids.n > 0)
                check_keys(&kids, second.items, second.n, where, first.items[0].name);
            keys_free(second.items, second.n);
        }
        keys_free(first.items, first.n);
        rows_read++;
        cell2[-1] = '|';
        line[strlen(line)] = '\n';
    }
    cr_assert_gt(rows_read, 5, "docs/%s: too few key rows read", name);
    free(rows);
}

Test(docs, every_json_key_the_docs_name_is_in_real_output, .timeout = 120)
{
    sample study = { 0 }, cover = { 0 }, solve = { 0 }, emit = { 0 }, sweep = { 0 };
    samples_make(&study, &cover, &solve, &emit, &sweep);
    check_study_table(&study, "report.md", NULL);
    /* hitting-sets.md's keys are the hitting-set report's, which `t24 cover --json`
     * prints as well: its run on an instance of the core method's shape has
     * local_search.core_rounds, which no study small enough for a test reaches. */
    sample hs = study;
    for (int i = 0; i < cover.n && hs.n < 8; i++)
        hs.docs[hs.n++] = cover.docs[i];
    check_study_table(&hs, "hitting-sets.md", "## The report: JSON keys");

    /* formats.md: one row per command, "| `t24 CMD --json` | keys |". */
    sample *all[] = { &study, &cover, &solve, &emit, &sweep };
    char *rows = doc_table("formats.md", "## JSON output");
    int commands = 0;
    for (char *line = rows; *line; line = strchr(line, '\n') + 1) {
        if (strncmp(line, "| `t24 ", 7) != 0)
            continue;
        const char *cmd = line + 7;
        sample *s = NULL;
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            if (strncmp(cmd, all[i]->command, strlen(all[i]->command)) == 0 &&
                cmd[strlen(all[i]->command)] == ' ')
                s = all[i];
        cr_assert(s, "docs/formats.md: a row for an unknown command: %.40s", line);
        char *end = strchr(line, '\n');
        *end = '\0';
        const char *p = strchr(line + 1, '|') + 1;
        key_list keys = parse_keys(&p, false);
        objs top = sample_objs(s);
        char where[64];
        snprintf(where, sizeof where, "docs/formats.md (t24 %s)", s->command);
        check_keys(&top, keys.items, keys.n, where, "");
        keys_free(keys.items, keys.n);
        *end = '\n';
        commands++;
    }
    cr_expect_eq(commands, 5, "docs/formats.md documents the JSON of %d commands, not 5",
                 commands);
    free(rows);

    /* schema_version (being added): where present, 1 at the top of every object. */
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        for (int j = 0; j < all[i]->n; j++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(all[i]->docs[j], "schema_version");
            if (v)
                cr_expect(cJSON_IsNumber(v) && v->valuedouble == 1,
                          "t24 %s: schema_version is not 1", all[i]->command);
        }
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        samples_free(all[i]);
}

/* ---- Issue 26: figures quoted in prose agree with docs/benchmarks.md ----
 * benchmarks.md is written by `make bench`; prose that quotes it ("about 21 ns") went
 * stale when it was regenerated. A quoted figure must be within `tolerance` (relative)
 * of the measured one. */

static char *source_file(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", getenv("T24_SOURCE_DIR"), name);
    char *text = slurp(path);
    cr_assert(text, "cannot read %s", path);
    return text;
}

/* The number in cell `cell` (1-based) of the benchmarks.md row starting with `row`. */
static double bench_cell(const char *bench, const char *row, int cell)
{
    const char *p = strstr(bench, row);
    cr_assert(p, "docs/benchmarks.md has no row '%s'", row);
    for (int i = 1; i < cell; i++) {
        p = strchr(p + 1, '|');
        cr_assert(p && p < strchr(strstr(bench, row), '\n'), "row '%s' is short", row);
    }
    return strtod(p + 1, NULL);
}

/* The number right after `before` in text (thousands separators allowed). */
static double quoted(const char *text, const char *name, const char *before)
{
    const char *p = strstr(text, before);
    cr_assert(p, "%s no longer says '%s...': update this test with it", name, before);
    p += strlen(before);
    char digits[32];
    size_t n = 0;
    for (; (isdigit((unsigned char)*p) || *p == ',' || *p == '.') && n + 1 < sizeof digits; p++)
        if (*p != ',')
            digits[n++] = *p;
    digits[n] = '\0';
    cr_assert_gt(n, 0, "%s: no number after '%s'", name, before);
    return strtod(digits, NULL);
}

static void expect_close(double doc, double measured, double tolerance, const char *what)
{
    cr_expect(doc >= measured * (1 - tolerance) && doc <= measured * (1 + tolerance),
              "%s says %g where docs/benchmarks.md measured %g", what, doc, measured);
}

Test(docs, figures_in_prose_agree_with_benchmarks_md)
{
    char *bench = source_file("docs/benchmarks.md");
    double table_ns = bench_cell(bench, "| compiled table (`src/solve/table_default.c`", 2);
    double brute_x = bench_cell(bench, "| brute force: all 7,680 templates", 3);
    double sweep_s = bench_cell(bench, "| `t24 sweep` |", 2);
    char *cli = source_file("docs/cli.md");
    expect_close(quoted(cli, "docs/cli.md", "The whole default list takes about "), sweep_s,
                 0.5, "docs/cli.md (the default sweep, s)");
    char *readme = source_file("README.md");
    expect_close(quoted(readme, "README.md", "deciding any hand of 1–11 in about "), table_ns,
                 0.2, "README.md (the table, ns per hand)");
    expect_close(quoted(readme, "README.md", "on average ("), brute_x, 0.2,
                 "README.md (the table against all templates, times faster)");
    free(readme);
    free(cli);
    free(bench);
}
