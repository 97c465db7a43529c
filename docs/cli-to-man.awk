# cli-to-man.awk - writes the man page t24.1 from docs/cli.md, so that the page, the
# Markdown and (through tests/test_docs.c) every --help text say the same thing.
#
#   awk -v version=0.3.0 -f docs/cli-to-man.awk docs/cli.md > t24.1
#
# It knows the subset of Markdown that docs/cli.md uses and refuses anything it would
# have to guess (exit 1): "# " title, "## " sections ("## `t24 CMD`" become subsections
# of COMMANDS), paragraphs, 4-space code blocks, "* " lists, two-column tables, and
# inline `code`, **bold**, *emphasis* and [links](url). The first code block is the
# SYNOPSIS, the text before the first section the DESCRIPTION. A link becomes its text:
# the pages docs/cli.md links to are installed in share/doc/t24, which the page's FILES
# and SEE ALSO sections name. "<!-- ... -->" comments (notes for maintainers, a line of
# their own to start) are left out.

function fail(msg) {
    printf "cli-to-man.awk: %s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
    failed = 1
    exit 1
}

# Escapes roff's specials, then turns the inline Markdown into fonts. A `code` span may
# run on over a line break (roff fonts do too); end_block() checks that it was closed.
function inline(s,    out, i, c, link) {
    gsub(/\\/, "\\e", s)
    gsub(/-/, "\\-", s)
    while (match(s, /\[[^]]*\]\([^)]*\)/)) {
        link = substr(s, RSTART + 1, RLENGTH - 2)
        sub(/\]\(.*/, "", link)
        s = substr(s, 1, RSTART - 1) link substr(s, RSTART + RLENGTH)
    }
    out = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "`") {
            code = !code
            out = out (code ? "\\fB" : "\\fR")
        } else if (!code && substr(s, i, 2) == "**") {
            bold = !bold
            out = out (bold ? "\\fB" : "\\fR")
            i++
        } else if (!code && c == "*" && (ital || substr(s, i + 1, 1) ~ /[A-Za-z]/)) {
            ital = !ital
            out = out (ital ? "\\fI" : "\\fR")
        } else {
            out = out c
        }
    }
    return out
}

# A text line must not start with a roff control character.
function text(s) {
    s = inline(s)
    if (s ~ /^[.']/)
        s = "\\&" s
    print s
}

function end_block() {
    if (code || bold || ital)
        fail("a ` or * left open at the end of a paragraph")
    if (incode) {
        print ".fi"
        print ".RE"
    }
    incode = 0
    inpara = 0
    initem = 0
}

BEGIN {
    if (version == "")
        fail("no version given (-v version=X.Y.Z)")
    print ".\\\" t24.1 - generated from docs/cli.md by docs/cli-to-man.awk; edit those, not this."
    printf ".TH T24 1 \"\" \"t24 %s\" \"t24 manual\"\n", version
    print ".SH NAME"
    print "t24 \\- how few arithmetic expressions decide every hand of the 24 game"
    section = "head"
}

incomment {
    if ($0 ~ /-->/)
        incomment = 0
    next
}

/^<!--/ {
    end_block()
    if ($0 !~ /-->/)
        incomment = 1
    next
}

/^# / {
    if (FNR != 1)
        fail("a second title")
    next
}

/^## / {
    end_block()
    name = substr($0, 4)
    if (name ~ /^`t24 [a-z]+`$/) {
        if (!commands)
            print ".SH COMMANDS"
        commands = 1
        gsub(/`/, "", name)
        printf ".SS \"%s\"\n", name
    } else {
        if (name ~ /[`*]/)
            fail("a section title with markup: " name)
        printf ".SH \"%s\"\n", toupper(name)
    }
    section = "body"
    next
}

/^$/ {
    end_block()
    next
}

/^    / {
    if (section == "head") {
        print ".SH SYNOPSIS"
        section = "description"
    } else if (!incode) {
        if (section == "description")
            fail("a second code block before the first section")
        print ".PP"
    }
    if (!incode) {
        print ".RS 4"
        print ".nf"
    }
    incode = 1
    line = substr($0, 5)
    gsub(/\\/, "\\e", line)
    gsub(/-/, "\\-", line)
    if (line ~ /^[.']/)
        line = "\\&" line
    print line
    next
}

/^\|/ {
    if (section == "head" || incode)
        fail("a table where none was expected")
    if ($0 ~ /^\|[-| ]+\|$/ || $0 ~ /^\| (option|status) \| meaning \|$/)
        next
    if (section == "description" && !options) {
        print ".SH OPTIONS"
        options = 1
    }
    n = split($0, cell, "|")
    if (n != 4 || cell[4] != "")
        fail("a table row without exactly two cells")
    sub(/^ +/, "", cell[2]); sub(/ +$/, "", cell[2])
    sub(/^ +/, "", cell[3]); sub(/ +$/, "", cell[3])
    print ".TP"
    text(cell[2])
    text(cell[3])
    next
}

/^\* / {
    if (section == "head")
        fail("a list before the synopsis")
    print ".IP \\(bu 2"
    text(substr($0, 3))
    initem = 1
    inpara = 1
    next
}

{
    if (section == "head")
        fail("text before the synopsis")
    if (section == "description" && !described) {
        print ".SH DESCRIPTION"
        described = 1
    }
    if (initem && $0 ~ /^  [^ ]/) {
        text(substr($0, 3))
        next
    }
    if ($0 ~ /^ /)
        fail("an indented line that is neither code nor a list item")
    if (!inpara)
        print ".PP"
    inpara = 1
    initem = 0
    text($0)
}

END {
    if (failed)
        exit 1
    end_block()
    if (!commands)
        fail("no \"## `t24 CMD`\" section")
    if (incomment)
        fail("a <!-- comment left open")
}
