/* test_citation.c - CITATION.cff is valid YAML (read with libyaml) holding the keys the
 * Citation File Format 1.2.0 requires, and one version is printed everywhere: the
 * project's (CMake), `t24 --version`, CITATION.cff and the latest entry of CHANGELOG.md;
 * `t24 --version` adds "+unreleased" while CHANGELOG.md's [Unreleased] lists a change. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <yaml.h>

#include "helpers.h"

typedef struct {
    yaml_document_t doc;
    yaml_node_t *root;
} yaml_file;

/* Parses text as one YAML document; returns false (with libyaml's reason in why) when
 * it is not valid YAML. */
static bool yaml_load(const char *text, yaml_file *y, char *why, size_t size)
{
    yaml_parser_t parser;
    cr_assert(yaml_parser_initialize(&parser));
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
    bool ok = yaml_parser_load(&parser, &y->doc);
    if (!ok)
        snprintf(why, size, "%s at line %zu", parser.problem ? parser.problem : "error",
                 parser.problem_mark.line + 1);
    yaml_parser_delete(&parser);
    y->root = ok ? yaml_document_get_root_node(&y->doc) : NULL;
    return ok;
}

static yaml_node_t *get(yaml_file *y, yaml_node_t *map, const char *key)
{
    cr_assert(map && map->type == YAML_MAPPING_NODE);
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&y->doc, p->key);
        if (k->type == YAML_SCALAR_NODE && strcmp((const char *)k->data.scalar.value, key) == 0)
            return yaml_document_get_node(&y->doc, p->value);
    }
    return NULL;
}

/* The value of a key that must be a non-empty scalar. */
static const char *scalar(yaml_file *y, yaml_node_t *map, const char *key)
{
    yaml_node_t *n = get(y, map, key);
    cr_assert(n, "CITATION.cff has no '%s'", key);
    cr_assert_eq(n->type, YAML_SCALAR_NODE, "CITATION.cff: '%s' is not a scalar", key);
    cr_assert_gt(n->data.scalar.length, 0, "CITATION.cff: '%s' is empty", key);
    return (const char *)n->data.scalar.value;
}

static void load_citation(yaml_file *y)
{
    char path[1024], why[256];
    snprintf(path, sizeof path, "%s/CITATION.cff", T24_SOURCE_DIR);
    char *text = slurp(path);
    cr_assert(text, "CITATION.cff is missing");
    cr_assert(yaml_load(text, y, why, sizeof why), "CITATION.cff is not valid YAML: %s", why);
    cr_assert(y->root && y->root->type == YAML_MAPPING_NODE, "CITATION.cff is not a mapping");
    free(text);
}

/* The version and date of CHANGELOG.md's latest entry ("## [X.Y.Z] - YYYY-MM-DD", after
 * "## [Unreleased]"). */
static void latest_entry(char *version, char *date)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/CHANGELOG.md", T24_SOURCE_DIR);
    char *text = slurp(path);
    cr_assert(text, "CHANGELOG.md is missing");
    cr_assert(strncmp(text, "# Changelog\n", 12) == 0, "CHANGELOG.md starts with '# Changelog'");
    const char *p = strstr(text, "\n## [Unreleased]\n");
    cr_assert(p, "CHANGELOG.md has no '## [Unreleased]' section");
    p = strstr(p + 1, "\n## [");
    cr_assert(p, "CHANGELOG.md has no released version");
    cr_assert_eq(sscanf(p, "\n## [%31[0-9.]] - %10[0-9-]", version, date), 2,
                 "the latest entry is not '## [X.Y.Z] - YYYY-MM-DD': %.40s", p + 1);
    free(text);
}

/* Does CHANGELOG.md's [Unreleased] section list a change (a line "- ...")? */
static bool unreleased_changes(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/CHANGELOG.md", T24_SOURCE_DIR);
    char *text = slurp(path);
    cr_assert(text, "CHANGELOG.md is missing");
    char *p = strstr(text, "\n## [Unreleased]\n");
    cr_assert(p, "CHANGELOG.md has no '## [Unreleased]' section");
    char *end = strstr(p + 1, "\n## [");
    if (end)
        end[1] = '\0'; /* the section alone */
    bool any = strstr(p, "\n- ") != NULL;
    free(text);
    return any;
}

static bool is_date(const char *s)
{
    for (int i = 0; i < 10; i++)
        if (i == 4 || i == 7 ? s[i] != '-' : !isdigit((unsigned char)s[i]))
            return false;
    return s[10] == '\0';
}

Test(citation, the_yaml_reader_refuses_broken_yaml)
{
    yaml_file y;
    char why[256];
    cr_assert_not(yaml_load("title: [t24\nversion: 1\n", &y, why, sizeof why));
    cr_assert_not(yaml_load("a: b\n  c: d\n", &y, why, sizeof why));
    cr_assert(yaml_load("a: [b, c]\n", &y, why, sizeof why), "%s", why);
    yaml_document_delete(&y.doc);
}

Test(citation, citation_cff_has_the_keys_cff_1_2_0_requires)
{
    yaml_file y;
    load_citation(&y);
    cr_assert_str_eq(scalar(&y, y.root, "cff-version"), "1.2.0");
    scalar(&y, y.root, "message");
    scalar(&y, y.root, "title");
    cr_assert_gt(strlen(scalar(&y, y.root, "abstract")), 200, "a real abstract");
    cr_assert_str_eq(scalar(&y, y.root, "license"), "MIT", "the license of LICENSE");
    cr_assert(is_date(scalar(&y, y.root, "date-released")), "date-released is YYYY-MM-DD");
    yaml_node_t *authors = get(&y, y.root, "authors");
    cr_assert(authors && authors->type == YAML_SEQUENCE_NODE, "authors is a list");
    yaml_node_item_t *a = authors->data.sequence.items.start;
    cr_assert_lt(a, authors->data.sequence.items.top, "authors is not empty");
    for (; a < authors->data.sequence.items.top; a++) {
        yaml_node_t *person = yaml_document_get_node(&y.doc, *a);
        cr_assert_eq(person->type, YAML_MAPPING_NODE, "an author is a mapping");
        cr_assert(get(&y, person, "name") || get(&y, person, "family-names"),
                  "an author has a name or family-names");
    }
    yaml_document_delete(&y.doc);
}

Test(citation, one_version_in_cmake_the_binary_the_citation_and_the_changelog)
{
    const char *project = getenv("T24_PROJECT_VERSION");
    cr_assert(project && *project, "T24_PROJECT_VERSION is not set");
    run_result r = run_t24("--version", NULL);
    cr_assert_eq(r.status, 0);
    char printed[64];
    cr_assert_eq(sscanf(r.out, "t24 %63s", printed), 1, "t24 --version printed '%s'", r.out);
    run_free(&r);
    yaml_file y;
    load_citation(&y);
    char version[32], date[16];
    latest_entry(version, date);
    /* A build of code with changes after the release says so (issue 49): project()'s
     * version, "+unreleased" after it while CHANGELOG.md's [Unreleased] lists one. */
    char want[80];
    snprintf(want, sizeof want, "%s%s", project, unreleased_changes() ? "+unreleased" : "");
    cr_assert_str_eq(printed, want, "t24 --version against project() and [Unreleased]");
    cr_assert_str_eq(scalar(&y, y.root, "version"), project, "CITATION.cff version");
    cr_assert_str_eq(version, project, "CHANGELOG.md's latest entry");
    cr_assert_str_eq(scalar(&y, y.root, "date-released"), date,
                     "CITATION.cff date-released against the changelog's date");
    yaml_document_delete(&y.doc);
}
