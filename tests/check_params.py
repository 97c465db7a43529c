#!/usr/bin/env python3
"""The list of the cover run's parameters (src/hitset/t24hs_params.h, issue 50 item 2)
against everything that repeats it, read as text:
- hs_params in src/hitset/t24hs.h: each row names a field of the row's type, the rows in
  the fields' order, and every field that has no row is one of the caller's arrays,
  callbacks and streams or a field checked with another (NOT_ROWS below), so that a new
  field cannot be left out of the list unnoticed;
- the table of docs/library.md, "Parameters": one row per list row, in its order, with
  its field, type, default, range words and option;
- the command-line default of each row is its library default, but where CLI_OWN_DEFAULT
  says why not;
- docs/cli.md's option rows in the sections of study, emit, sweep and cover, and each
  of those commands' --help (t24 CMD --help): every option of the list a command's help
  shows has a row in its section, and the row and the help say the list's command-line
  default ("(default D") and, for an integer range, "LOW-HIGH";
- the command line refuses the first value past each end of an integer range with exit 2
  and "OPTION must be an integer from LOW to HIGH, not 'V'".
It prints every disagreement and exits 1 on any. --planted also checks that planted
disagreements (a default, a range, a name, a type, an option's row, a help line) fail.
usage: check_params.py SOURCE_DIR T24 [--planted]   (a second)
"""
import os
import re
import subprocess
import sys

COMMANDS = ("study", "emit", "sweep", "cover")
# hs_params' fields that are no row: the caller's arrays, callbacks, streams and bound
# rows, and the fields checked with another (goal with engine, nstart with start).
NOT_ROWS = {"multiplicity", "start", "nstart", "progress", "progress_ctx", "improved",
            "improved_ctx", "cancelled", "cancel_ctx", "certificate", "goal",
            "extra_bounds", "nextra_bounds"}
# The rows whose command-line default is not the library's, and why.
CLI_OWN_DEFAULT = {"threads": "--threads is also the evaluation's, 2 by default"}
COLUMNS = ("name", "type", "kind", "copy", "default", "low", "high", "option", "clidef",
           "must")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def split_args(text):
    """The comma-separated arguments of a row, quoted strings kept whole."""
    return [a.strip() for a in re.findall(r'\s*("(?:[^"\\]|\\.)*"|[^,"]+)\s*(?:,|$)', text)]


def unquote(a):
    return None if a == "NULL" else a[1:-1] if a.startswith('"') else a


def list_rows(text):
    rows = []
    for m in re.finditer(r"^\s*X\((.*)\)\s*\\?\s*$", text, re.M):
        args = split_args(m.group(1))
        if len(args) != len(COLUMNS):
            raise ValueError(f"a row of {len(args)} columns, not {len(COLUMNS)}: {m.group(0)}")
        row = dict(zip(COLUMNS, args))
        row["option"], row["clidef"], row["must"] = (unquote(row["option"]),
                                                     unquote(row["clidef"]),
                                                     unquote(row["must"]))
        rows.append(row)
    return rows


def struct_fields(header):
    """hs_params' fields as (name, type), in order."""
    end = header.index("} hs_params;")
    body = header[header.rindex("typedef struct {", 0, end) + len("typedef struct {"):end]
    body = re.sub(r"/\*.*?\*/", " ", body, flags=re.S)
    fields = []
    for decl in body.split(";"):
        decl = " ".join(decl.split())
        if not decl:
            continue
        fn = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)
        name = fn.group(1) if fn else re.search(r"(\w+)$", decl).group(1)
        fields.append((name, decl if fn else decl[: -len(name)].strip()))
    return fields


def resolve(token, defines):
    """A range end as a number: a literal, or a #define of the headers."""
    seen = 0
    while token in defines and seen < 5:
        token, seen = defines[token], seen + 1
    token = re.sub(r"(?<=\d)(ULL|LL|U|L)$", "", token)
    try:
        return int(token)
    except ValueError:
        return None


def check_struct(rows, fields):
    bad = []
    types = dict(fields)
    for r in rows:
        if r["name"] not in types:
            bad.append(f"row {r['name']}: hs_params has no such field")
        elif types[r["name"]] != r["type"]:
            bad.append(f"row {r['name']}: of type {r['type']}, hs_params' is {types[r['name']]}")
    names = [r["name"] for r in rows]
    order = [f for f, _ in fields if f in names]
    if order != [n for n in names if n in types]:
        bad.append(f"the rows' order {names} is not hs_params' {order}")
    for f, _ in fields:
        if f not in names and f not in NOT_ROWS:
            bad.append(f"hs_params.{f} has no row in t24hs_params.h (nor is it one of NOT_ROWS)")
    return bad


def check_defaults(rows):
    """The command line shows the library's default but where CLI_OWN_DEFAULT says."""
    return [f"row {r['name']}: command-line default {r['clidef']}, the library's {r['default']}"
            " (CLI_OWN_DEFAULT lists the rows that may differ)"
            for r in rows if r["clidef"] is not None and r["clidef"] != r["default"]
            and r["name"] not in CLI_OWN_DEFAULT]


def library_table(doc):
    """docs/library.md's parameter table as lists of cells (backticks dropped)."""
    m = re.search(r"^## Parameters\n(.*?)(?=^## )", doc, re.S | re.M)
    if not m:
        return None
    cells = []
    for line in m.group(1).splitlines():
        if line.startswith("| `"):
            cells.append([c.strip().strip("`") for c in line.strip().strip("|").split("|")])
    return cells


def check_library(rows, doc):
    table = library_table(doc)
    if table is None:
        return ["docs/library.md has no section '## Parameters'"]
    bad = []
    want = [[r["name"], r["type"], r["default"], r["must"], r["option"] or ""] for r in rows]
    for i in range(max(len(want), len(table))):
        w = want[i] if i < len(want) else None
        t = table[i] if i < len(table) else None
        if w != t:
            bad.append(f"docs/library.md, parameter row {i + 1}: {t}, the list says {w}")
    return bad


def cli_sections(doc):
    """docs/cli.md's option rows per command: {cmd: {option: row text}}."""
    out = {}
    for cmd in COMMANDS:
        m = re.search(rf"^## `t24 {cmd}`\n(.*?)(?=^## )", doc, re.S | re.M)
        rows = {}
        for line in (m.group(1).splitlines() if m else []):
            o = re.match(r"\| `(--[a-z-]+)[ `]", line)
            if o:
                rows.setdefault(o.group(1), line)
        out[cmd] = rows
    return out


def help_blocks(text):
    """An option's help lines joined: {option: text}."""
    blocks, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"  (--[a-z-]+)", line)
        if m:
            cur = m.group(1)
            blocks[cur] = line
        elif cur and line.startswith(" " * 23):
            blocks[cur] += " " + line.strip()
        else:
            cur = None
    return {k: " ".join(v.split()) for k, v in blocks.items()}


def says(text, r, defines):
    """What the text fails to say of row r: its default, its integer range."""
    missing = []
    if r["clidef"] is not None and not re.search(
            r"\(default " + re.escape(r["clidef"]) + r"(?![\w.])", text):
        missing.append(f"(default {r['clidef']}")
    if r["kind"] == "RANGE":
        lo, hi = resolve(r["low"], defines), resolve(r["high"], defines)
        if lo is None or hi is None:
            missing.append(f"a range the check can read ({r['low']}..{r['high']})")
        elif f"{lo}-{hi}" not in text and f"{lo}-{hi:,}" not in text:
            missing.append(f"{lo}-{hi}")
    return missing


def check_cli(rows, cli_doc, helps, defines):
    bad = []
    sections = cli_sections(cli_doc)
    for r in rows:
        if not r["option"]:
            continue
        taken = [c for c in COMMANDS if r["option"] in helps[c]]
        if not taken:
            bad.append(f"{r['option']} (row {r['name']}) is in no command's --help")
        for cmd in taken:
            for miss in says(helps[cmd][r["option"]], r, defines):
                bad.append(f"t24 {cmd} --help, {r['option']}: does not say '{miss}'")
            row = sections[cmd].get(r["option"])
            if row is None:
                bad.append(f"docs/cli.md, t24 {cmd}: no row for {r['option']}")
                continue
            for miss in says(row, r, defines):
                bad.append(f"docs/cli.md, t24 {cmd}, {r['option']}: does not say '{miss}'")
    return bad


def refusals(rows, t24, defines):
    """For each integer range the command line takes: the first command that takes it
    given LOW-1 and HIGH+1, and what it printed: {(option, value): (status, stderr)}.
    Read once, from the binary (stdin empty: a value let through would read nothing)."""
    out = {}
    helps = {c: help_blocks(subprocess.run([t24, c, "--help"], capture_output=True,
                                           text=True).stdout) for c in COMMANDS}
    for r in rows:
        if r["kind"] != "RANGE" or not r["option"]:
            continue
        cmd = next((c for c in COMMANDS if r["option"] in helps[c]), None)
        lo, hi = resolve(r["low"], defines), resolve(r["high"], defines)
        if cmd is None or lo is None or hi is None:
            continue
        for v in (lo - 1, hi + 1):
            p = subprocess.run([t24, cmd, r["option"], str(v), "--quiet", "--time-limit",
                                "1"], capture_output=True, text=True,
                               stdin=subprocess.DEVNULL, timeout=60)
            out[(r["option"], v)] = (p.returncode, p.stderr.strip())
    return out


def check_refusals(rows, seen, defines):
    """Every integer range of an option refuses the first value past each end with exit
    2, naming the option, the value and both ends ("from LOW to HIGH")."""
    bad = []
    for r in rows:
        if r["kind"] != "RANGE" or not r["option"]:
            continue
        lo, hi = resolve(r["low"], defines), resolve(r["high"], defines)
        for v in (lo - 1, hi + 1):
            status, err = seen.get((r["option"], v), (None, ""))
            want = f"{r['option']} must be an integer from {lo} to {hi}, not '{v}'"
            if status != 2 or want not in err:
                bad.append(f"{r['option']} {v}: exit {status}, '{err}'; want exit 2, '{want}'")
    return bad


def check_all(texts):
    rows = list_rows(texts["list"])
    if len(rows) < 16:  # a list read as empty checks nothing
        return [f"only {len(rows)} rows read from t24hs_params.h"]
    defines = dict(re.findall(r"^#define (\w+) (\S+)", texts["header"] + texts["budget"], re.M))
    helps = {c: help_blocks(texts["help_" + c]) for c in COMMANDS}
    return (check_struct(rows, struct_fields(texts["header"])) + check_defaults(rows) +
            check_library(rows, texts["library"]) +
            check_cli(rows, texts["cli"], helps, defines) +
            check_refusals(rows, texts["refusals"], defines))


def load(src, t24):
    texts = {"list": read(os.path.join(src, "src/hitset/t24hs_params.h")),
             "header": read(os.path.join(src, "src/hitset/t24hs.h")),
             "budget": read(os.path.join(src, "src/core/budget.h")),
             "library": read(os.path.join(src, "docs/library.md")),
             "cli": read(os.path.join(src, "docs/cli.md"))}
    for c in COMMANDS:
        texts["help_" + c] = subprocess.run([t24, c, "--help"], capture_output=True,
                                            text=True, check=True).stdout
    defines = dict(re.findall(r"^#define (\w+) (\S+)", texts["header"] + texts["budget"], re.M))
    texts["refusals"] = refusals(list_rows(texts["list"]), t24, defines)
    return texts


def plant(texts, key, old, new):
    """texts with old replaced by new once in texts[key] (old must be there)."""
    if key == "refusals":  # what the binary did with (option, value): (status, stderr)
        t = dict(texts)
        t[key] = {**texts[key], old: new}
        return t
    if old not in texts[key]:
        raise ValueError(f"nothing to plant: '{old}' is not in {key}")
    t = dict(texts)
    t[key] = texts[key].replace(old, new, 1)
    return t


# Each planted disagreement, and the text that must then be named.
PLANTS = [
    ("a default in the list", ("list", "COPY, 100,", "COPY, 101,"), "command-line default 100"),
    ("a command-line default in the list", ("list", '"1",   "any number"', '"2",   "any number"'),
     "(default 2"),
    ("a range in the list", ("list", '1,              64,', '1,              63,'),
     "--threads"),
    ("a field renamed in the list", ("list", "X(seed,", "X(sede,"), "sede"),
    ("a type in the list", ("list", "X(threads,      int,", "X(threads,      long,"),
     "threads"),
    ("a field without a row", ("header", "    bool core_method;",
                               "    bool core_method;\n    int new_knob;"), "new_knob"),
    ("a default in docs/library.md", ("library", "| `100` |", "| `1000` |"), "library.md"),
    ("a range in docs/library.md", ("library", "| 1..64 |", "| 1..32 |"), "library.md"),
    ("a range in docs/cli.md", ("cli", "1-10000 (default 100)", "1-1000 (default 100)"),
     "--greedy-runs"),
    ("a default in docs/cli.md", ("cli", "| `--seed S` | their random seed (default 1) |",
                                  "| `--seed S` | their random seed (default 2) |"), "--seed"),
    ("an option's row gone from docs/cli.md", ("cli", "| `--ls-steps N` |",
                                               "| `--ls-step N` |"), "no row for --ls-steps"),
    ("a value past a range the command line takes", ("refusals", ("--threads", 65),
                                                     (0, "")), "--threads 65"),
    ("a refusal that does not name the range", ("refusals", ("--greedy-runs", 0),
                                                (2, "t24 study: --greedy-runs is wrong")),
     "--greedy-runs 0"),
    ("a default in --help", ("help_cover", "(default 0: no limit)", "(default 10: no limit)"),
     "t24 cover --help, --ls-steps"),
]


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--planted"):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    texts = load(argv[1], argv[2])
    bad = check_all(texts)
    for b in bad:
        print(b)
    if not bad:
        print(f"the {len(list_rows(texts['list']))} parameters of t24hs_params.h agree with "
              "hs_params, docs/library.md, docs/cli.md and the commands' --help")
    if len(argv) == 4:
        for what, (key, old, new), named in PLANTS:
            found = check_all(plant(texts, key, old, new))
            ok = any(named in f for f in found)
            print(f"{'ok  ' if ok else 'FAIL'} planted {what} is found"
                  + ("" if ok else f" (found: {found})"))
            bad = bad or ([] if ok else [what])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
