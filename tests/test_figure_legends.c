/* Issue 40: the legends of docs/figures sat above the titles (five-cards, six-cards,
 * optimum-by-target) and over the curves (coverage at k = 20..40, frontier-progress's
 * deck 1-7 panel). This reads each committed SVG as gnuplot writes it and fails when a
 * legend box covers anything else drawn: a curve's segment, a bar, a point, a label, a
 * tic, an axis title, or when a legend begins above the figure's title.
 *
 * How the SVG is read (gnuplot 5.4's svg terminal, with common.gp's `opaque` key): the
 * legend's background is a white <polygon>, its box; each plot is a group
 * id="gnuplot_plot_N[a..]" drawn twice, the data first and then, when the id comes again,
 * its legend entry. Everything outside the repeated groups is an obstacle, bar the grid
 * lines (under an opaque legend by design) and the legend's own border. test_figures
 * keeps the committed SVGs equal to what `make figures` draws, so this checks the
 * generators (docs/figures/ *.gp) too. A text's box is estimated from its font size
 * (0.55 em per character, 1 em high): the check is geometric, not typographic. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>

#include "helpers.h"

enum { MAX_KEYS = 8, MAX_DEPTH = 64, MAX_IDS = 512, ID_LEN = 40 };

typedef struct {
    double x0, y0, x1, y1; /* x0 <= x1, y0 <= y1 (SVG: y grows downwards) */
} box;

typedef struct { /* what an open <g> passes on to what it holds */
    bool key;    /* a legend entry: a plot group whose id came before */
    double tx, ty, rot, font;
    char anchor; /* 's'tart, 'm'iddle, 'e'nd */
} group;

typedef struct {
    box keys[MAX_KEYS];
    int nkeys;
    double width, height, title_top;
    char ids[MAX_IDS][ID_LEN];
    int nids;
    group g[MAX_DEPTH];
    int depth;
    int faults;
    char why[512];
} scan;

static box box_empty(void)
{
    return (box){ INFINITY, INFINITY, -INFINITY, -INFINITY };
}

static void box_add(box *b, double x, double y)
{
    b->x0 = fmin(b->x0, x), b->x1 = fmax(b->x1, x);
    b->y0 = fmin(b->y0, y), b->y1 = fmax(b->y1, y);
}

/* Overlapping by more than half a pixel: a legend may touch a thing, not cover it. */
static bool boxes_meet(box a, box k)
{
    return a.x1 > k.x0 + 0.5 && a.x0 < k.x1 - 0.5 && a.y1 > k.y0 + 0.5 && a.y0 < k.y1 - 0.5;
}

static bool boxes_equal(box a, box b)
{
    return fabs(a.x0 - b.x0) < 0.05 && fabs(a.x1 - b.x1) < 0.05 && fabs(a.y0 - b.y0) < 0.05 &&
           fabs(a.y1 - b.y1) < 0.05;
}

/* Liang-Barsky: does the segment (x0,y0)-(x1,y1) enter the box shrunk by half a pixel? */
static bool segment_meets(box k, double x0, double y0, double x1, double y1)
{
    double t0 = 0, t1 = 1, dx = x1 - x0, dy = y1 - y0;
    double p[4] = { -dx, dx, -dy, dy };
    double q[4] = { x0 - (k.x0 + 0.5), (k.x1 - 0.5) - x0, y0 - (k.y0 + 0.5), (k.y1 - 0.5) - y0 };
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = fmax(t0, t);
        else
            t1 = fmin(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

/* The value of attribute NAME in the NUL-terminated TAG (its length in *len), or NULL. */
static const char *attr(const char *tag, const char *name, size_t *len)
{
    size_t n = strlen(name);
    for (const char *s = strstr(tag, name); s; s = strstr(s + 1, name)) {
        const char *v = s + n;
        while (*v == ' ')
            v++;
        if (*v++ != '=' || (s[-1] != ' ' && s[-1] != '\t'))
            continue;
        while (*v == ' ')
            v++;
        const char *close = (*v == '\'' || *v == '"') ? strchr(v + 1, *v) : NULL;
        if (close) {
            *len = (size_t)(close - v - 1);
            return v + 1;
        }
    }
    return NULL;
}

static bool attr_is(const char *tag, const char *name, const char *value)
{
    size_t len;
    const char *v = attr(tag, name, &len);
    return v && len == strlen(value) && strncasecmp(v, value, len) == 0;
}

static double attr_num(const char *tag, const char *name, double otherwise)
{
    size_t len;
    const char *v = attr(tag, name, &len);
    return v ? strtod(v, NULL) : otherwise;
}

static void fault(scan *sc, const char *what, box b)
{
    if (sc->faults++ == 0)
        snprintf(sc->why, sizeof sc->why, "a legend covers %s at (%.0f,%.0f)-(%.0f,%.0f)",
                 what, b.x0, b.y0, b.x1, b.y1);
}

/* A thing drawn outside the legends: it must meet no legend box. */
static void obstacle(scan *sc, const char *what, box b)
{
    for (int i = 0; i < sc->nkeys; i++)
        if (boxes_meet(b, sc->keys[i]))
            fault(sc, what, b);
}

static bool in_key(const scan *sc)
{
    return sc->depth > 0 && sc->g[sc->depth - 1].key;
}

/* A plot group's id the second time round is its legend entry (the opaque key). */
static bool id_seen(scan *sc, const char *id, size_t len)
{
    for (int i = 0; i < sc->nids; i++)
        if (strlen(sc->ids[i]) == len && strncmp(sc->ids[i], id, len) == 0)
            return true;
    cr_assert_lt(sc->nids, MAX_IDS);
    snprintf(sc->ids[sc->nids++], ID_LEN, "%.*s", (int)len, id);
    return false;
}

static void open_group(scan *sc, const char *tag)
{
    cr_assert_lt(sc->depth, MAX_DEPTH, "groups nested too deep");
    group g = sc->depth ? sc->g[sc->depth - 1] : (group){ .font = 12, .anchor = 's' };
    size_t len;
    const char *id = attr(tag, "id", &len);
    if (id && strncmp(id, "gnuplot_plot_", 13) == 0)
        g.key = id_seen(sc, id, len);
    const char *t = attr(tag, "transform", &len);
    if (t && sscanf(t, "translate(%lf,%lf)", &g.tx, &g.ty) == 2) {
        const char *r = strstr(t, "rotate(");
        g.rot = r && r < t + len ? strtod(r + 7, NULL) : 0;
    }
    g.font = attr_num(tag, "font-size", g.font);
    const char *a = attr(tag, "text-anchor", &len);
    if (a)
        g.anchor = a[0] == 'm' ? 'm' : a[0] == 'e' ? 'e' : 's';
    sc->g[sc->depth++] = g;
}

/* The characters of a <text> element's content, its tags left out (UTF-8 counted once). */
static int text_chars(const char *s, const char *end)
{
    int n = 0;
    for (bool tag = false; s < end; s++) {
        if (*s == '<' || *s == '>')
            tag = *s == '<';
        else if (!tag && ((unsigned char)*s & 0xC0) != 0x80 && *s != '\n' && *s != '\t')
            n++;
    }
    return n;
}

/* A text's box from its group's position, font size, anchor and rotation (estimated). */
static box text_box(const group *g, int chars)
{
    double w = 0.55 * g->font * chars, u0 = g->anchor == 'm' ? -w / 2 : g->anchor == 'e' ? -w : 0;
    double us[2] = { u0, u0 + w }, vs[2] = { -0.8 * g->font, 0.2 * g->font };
    double c = cos(g->rot * M_PI / 180), s = sin(g->rot * M_PI / 180);
    box b = box_empty();
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            box_add(&b, g->tx + us[i] * c - vs[j] * s, g->ty + us[i] * s + vs[j] * c);
    return b;
}

static void on_text(scan *sc, const char *content, const char *end)
{
    if (in_key(sc) || sc->depth == 0)
        return;
    box b = text_box(&sc->g[sc->depth - 1], text_chars(content, end));
    sc->title_top = fmin(sc->title_top, b.y0);
    obstacle(sc, "a text", b);
}

/* A path's segments (gnuplot writes absolute M, L and Z), and its box. */
static void on_path(scan *sc, const char *tag)
{
    size_t len;
    const char *d = attr(tag, "d", &len);
    if (!d || attr_is(tag, "class", "gridline") || in_key(sc))
        return;
    box b = box_empty();
    for (const char *s = d; s < d + len; s++)
        if (*s == 'M' || *s == 'L')
            box_add(&b, strtod(s + 1, NULL), strtod(strchr(s, ',') + 1, NULL));
    for (int i = 0; i < sc->nkeys; i++)
        if (boxes_equal(b, sc->keys[i]))
            return; /* the legend's own border */
    double x = 0, y = 0, x_start = 0, y_start = 0;
    for (const char *s = d; s < d + len; s++) {
        if (*s != 'M' && *s != 'L' && *s != 'Z')
            continue;
        double nx = x_start, ny = y_start;
        if (*s != 'Z')
            nx = strtod(s + 1, NULL), ny = strtod(strchr(s, ',') + 1, NULL);
        if (*s == 'M')
            x_start = nx, y_start = ny;
        for (int i = 0; *s != 'M' && i < sc->nkeys; i++)
            if (segment_meets(sc->keys[i], x, y, nx, ny))
                fault(sc, "a line", (box){ fmin(x, nx), fmin(y, ny), fmax(x, nx), fmax(y, ny) });
        x = nx, y = ny;
    }
}

static box points_box(const char *points, size_t len)
{
    box b = box_empty();
    for (const char *s = points; s < points + len;) {
        char *e;
        double x = strtod(s, &e);
        if (e == s || *e != ',')
            break;
        double y = strtod(e + 1, &e);
        box_add(&b, x, y);
        s = e;
    }
    return b;
}

/* Pass 1 keeps the legends' white backgrounds; pass 2 checks every other polygon. */
static void on_polygon(scan *sc, const char *tag, int pass)
{
    size_t len;
    const char *pts = attr(tag, "points", &len);
    if (!pts || in_key(sc))
        return;
    box b = points_box(pts, len);
    bool white = attr_is(tag, "fill", "#FFFFFF");
    if (pass == 1 && white) {
        cr_assert_lt(sc->nkeys, MAX_KEYS);
        sc->keys[sc->nkeys++] = b;
    } else if (pass == 2 && !white) {
        obstacle(sc, "an area", b);
    }
}

/* A point symbol: translate(x,y) scale(s) of a unit symbol (gnuplot's reach 1.33). */
static void on_use(scan *sc, const char *tag)
{
    size_t len;
    const char *t = attr(tag, "transform", &len);
    double x, y, s = 1;
    if (!t || in_key(sc) || sscanf(t, "translate(%lf,%lf) scale(%lf)", &x, &y, &s) < 2)
        return;
    obstacle(sc, "a point", (box){ x - 1.33 * s, y - 1.33 * s, x + 1.33 * s, y + 1.33 * s });
}

static void on_tag(scan *sc, const char *tag, const char *after, int pass)
{
    if (strncmp(tag, "<svg", 4) == 0) {
        sc->width = attr_num(tag, "width", 0), sc->height = attr_num(tag, "height", 0);
    } else if (strncmp(tag, "</g", 3) == 0) {
        cr_assert_gt(sc->depth, 0, "</g> without <g>");
        sc->depth--;
    } else if (strncmp(tag, "<g ", 3) == 0 || strncmp(tag, "<g>", 3) == 0) {
        if (tag[strlen(tag) - 2] != '/')
            open_group(sc, tag);
    } else if (strncmp(tag, "<polygon", 8) == 0) {
        on_polygon(sc, tag, pass);
    } else if (pass == 2 && strncmp(tag, "<path", 5) == 0) {
        on_path(sc, tag);
    } else if (pass == 2 && strncmp(tag, "<use", 4) == 0) {
        on_use(sc, tag);
    } else if (pass == 2 && strncmp(tag, "<text", 5) == 0) {
        const char *end = strstr(after, "</text>");
        cr_assert(end, "<text> not closed");
        on_text(sc, after, end);
    }
}

/* One pass over the SVG's tags (the <defs>' symbols are not drawn where they stand). */
static void scan_pass(scan *sc, const char *svg, int pass)
{
    sc->depth = 0, sc->nids = 0;
    for (const char *p = strchr(svg, '<'); p; p = strchr(p + 1, '<')) {
        if (strncmp(p, "<defs", 5) == 0) {
            p = strstr(p, "</defs>");
            cr_assert(p, "<defs> not closed");
            continue;
        }
        const char *end = strchr(p, '>');
        cr_assert(end, "a tag is not closed");
        char *tag = strndup(p, (size_t)(end - p + 1));
        on_tag(sc, tag, end + 1, pass);
        free(tag);
    }
}

/* Checks one SVG: returns the number of faults, the first of them in sc->why. */
static int check_legends(const char *svg, scan *sc)
{
    memset(sc, 0, sizeof *sc);
    sc->title_top = INFINITY;
    scan_pass(sc, svg, 1);
    scan_pass(sc, svg, 2);
    for (int i = 0; i < sc->nkeys; i++) {
        box k = sc->keys[i];
        if (k.y0 < sc->title_top - 0.5)
            fault(sc, "the space above the title", k);
        if (k.x0 < 0 || k.y0 < 0 || k.x1 > sc->width || k.y1 > sc->height)
            fault(sc, "the canvas's edge", k);
    }
    return sc->faults;
}

Test(figure_legends, no_legend_covers_a_curve_a_text_or_the_title)
{
    const char *src = getenv("T24_SOURCE_DIR") ? getenv("T24_SOURCE_DIR") : T24_SOURCE_DIR;
    char path[1024];
    snprintf(path, sizeof path, "%s/docs/figures", src);
    DIR *d = opendir(path);
    cr_assert(d, "cannot open %s", path);
    int figures = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".svg") != 0)
            continue;
        snprintf(path, sizeof path, "%s/docs/figures/%s", src, e->d_name);
        char *svg = slurp(path);
        cr_assert(svg, "cannot read %s", path);
        scan sc;
        cr_expect_eq(check_legends(svg, &sc), 0, "docs/figures/%s: %s", e->d_name, sc.why);
        cr_expect_geq(sc.nkeys, 1, "docs/figures/%s: no opaque legend found", e->d_name);
        free(svg);
        figures++;
    }
    closedir(d);
    cr_assert_geq(figures, 6, "docs/figures should hold six figures");
}

/* The check itself, on planted figures: a legend (white box 100..200 x 300..340), its
 * entry, a title at TITLE_Y and one thing more. */
static int planted_at(const char *more, int title_y, scan *sc)
{
    char svg[2048];
    snprintf(svg, sizeof svg,
             "<svg width=\"400\" height=\"400\">\n"
             "<g transform=\"translate(200,%d)\" font-size=\"13\" text-anchor=\"middle\">"
             "<text><tspan>Title</tspan></text></g>\n"
             "<g id=\"gnuplot_plot_1\" ><title>curve</title>%s</g>\n"
             "<g><polygon fill = '#FFFFFF' points = '100,340 200,340 200,300 100,300 '/></g>\n"
             "<g id=\"gnuplot_plot_1\" ><title>curve</title>"
             "<path stroke='red' d='M110,320 L150,320 '/></g>\n</svg>\n",
             title_y, more);
    return check_legends(svg, sc);
}

static int planted(const char *more, scan *sc)
{
    return planted_at(more, 20, sc);
}

Test(figure_legends, the_check_finds_planted_faults)
{
    scan sc;
    cr_assert_eq(planted("<path d='M10,200 L390,250 '/>", &sc), 0, "%s", sc.why);
    cr_assert_eq(sc.nkeys, 1);
    cr_expect_gt(planted("<path d='M10,390 L390,250 '/>", &sc), 0, "a line across it");
    cr_expect(strstr(sc.why, "a line"), "%s", sc.why);
    cr_expect_gt(planted("<path d='M10,320 L10,10 L390,10 L390,320 Z '/>", &sc), 0,
                 "a closing segment across it");
    cr_expect_gt(planted("<use xlink:href='#gpPt7' transform='translate(90,320) scale(12)'/>",
                         &sc), 0, "a point under it");
    cr_expect(strstr(sc.why, "a point"), "%s", sc.why);
    cr_expect_gt(planted("<polygon fill = 'grey' points = '120,390 130,390 130,310 120,310 '/>",
                         &sc), 0, "a bar under it");
    cr_expect_gt(planted("<g transform=\"translate(150,330)\" font-size=\"10\">"
                         "<text><tspan>51</tspan></text></g>", &sc), 0, "a label under it");
    cr_expect(strstr(sc.why, "a text"), "%s", sc.why);
    cr_expect_gt(planted("<g transform=\"translate(150,350) rotate(270)\" font-size=\"13\" "
                         "text-anchor=\"middle\"><text><tspan>rotated</tspan></text></g>", &sc),
                 0, "a rotated text");
    cr_expect_gt(planted_at("", 390, &sc), 0, "a legend above the title");
    cr_expect(strstr(sc.why, "above the title"), "%s", sc.why);
}
