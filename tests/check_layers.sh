#!/usr/bin/env bash
# Includes flow one way (src/README.md): cli -> emit -> study -> hitset -> eval -> solve -> core.
# hitset, eval and solve need nothing of each other today; the order among them only
# keeps a future include from starting a circle.
# Checks five things and prints every offence:
#  1. no include points up or sideways between folders;
#  2. no circle between modules (a module is NAME.c with NAME.h), in src/ or bench/:
#     ilp.c including cbc.h while cbc.c includes ilp.h is a circle inside one folder;
#  3. outside src/hitset/ (and tests/, which this does not read) the one hitset/ header
#     included is hitset/t24hs.h, libt24hs's public one: the study, the commands, the
#     emitter and the benchmarks (bench/ and its subfolders) see the engine as a program
#     linking the library does, so its internals can change without them.
#  4. src/checker/ (t24-check, the independent certificate checker) includes no header of
#     the project at all, not even one of its own: it shares no code with t24.
#  5. the top of src/hitset/ holds the library's face alone (t24hs*): the driver, which
#     the face calls, lives in hitset/driver/, above every phase's folder.
# src/hitset/ is itself layered (src/README.md): its subfolders are layers of their own,
# each with the folders it may include; the top of hitset/ (the library's face) may
# include them all, hitset/driver/ all but the cubes (which the face drives apart), and
# no folder below the driver includes it: the phases never call back up.
# Usage: check_layers.sh [SRC [BENCH]]
set -u
src="${1:-$(dirname "$0")/../src}"
bench="${2:-}"
allowed() { # folder -> folders it may include
  case "$1" in
    core) echo "core" ;;
    solve) echo "solve core" ;;
    eval) echo "eval solve core" ;;
    hitset) echo "hitset hitset/driver hitset/cubes hitset/proof hitset/heur hitset/bounds hitset/presolve hitset/mip hitset/model core" ;; # libt24hs: the engine needs core/ alone
    hitset/driver) echo "hitset/driver hitset/proof hitset/heur hitset/bounds hitset/presolve hitset/mip hitset/model core" ;;
    hitset/cubes) echo "hitset/cubes hitset/proof hitset/model core" ;;
    hitset/proof) echo "hitset/proof hitset/heur hitset/bounds hitset/presolve hitset/mip hitset/model core" ;;
    hitset/heur) echo "hitset/heur hitset/bounds hitset/presolve hitset/mip hitset/model core" ;;
    hitset/bounds) echo "hitset/bounds hitset/mip hitset/model core" ;;
    hitset/presolve) echo "hitset/presolve hitset/model core" ;;
    hitset/mip) echo "hitset/mip hitset/model core" ;;
    hitset/model) echo "hitset/model core" ;;
    study) echo "study hitset eval solve core" ;;
    emit) echo "emit study hitset eval solve core" ;;
    cli) echo "cli emit study hitset eval solve core" ;;
    checker) echo "-" ;; # libc alone: every quoted include is an offence (below)
    *) echo "" ;;
  esac
}
# Every quoted include of FILES..., one "file<TAB>header" line each, read in one pass: the
# check runs on every planted copy of the tree (check_layers_planted.sh), so it forks per
# folder, not per file.
includes() {
  [ "$#" -gt 0 ] || return 0
  awk '/^#include "/ { s = $0; sub(/^#include "/, "", s); i = index(s, "\"")
                       if (i > 0) print FILENAME "\t" substr(s, 1, i - 1) }' "$@"
}
declare -A ok_of
ok_for() { # folder -> its allowed list, asked once per folder
  [ -n "${ok_of[$1]+set}" ] || ok_of[$1]=$(allowed "$1")
  ok=${ok_of[$1]}
}
public_only() { # file, include: a hitset/ header other than the public one is an offence
  case "$2" in hitset/t24hs.h) ;; hitset/*) echo "$1 includes $2 (outside hitset/, only hitset/t24hs.h)"; bad=1 ;; esac
}
bad=0 files=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
mapfile -t srcs < <(find "$src" -mindepth 2 -name '*.[ch]' | sort)
for f in "${srcs[@]}"; do
  files=$((files + 1))
  rel=${f#"$src"/}
  ok_for "${rel%/*}"
  [ -n "$ok" ] || { echo "unknown folder: $f"; bad=1; }
  case "$rel" in
    hitset/*/* | hitset/t24hs*) ;;
    hitset/*) echo "$f: the top of hitset/ holds the library's face (t24hs*) alone; the driver's files go in hitset/driver/"; bad=1 ;;
  esac
done
while IFS=$'\t' read -r f inc; do
  rel=${f#"$src"/}
  layer=${rel%/*}
  b=${rel##*/}
  module="$layer/${b%.*}"
  ok_for "$layer"
  [ -n "$ok" ] || continue
  case "$rel" in hitset/*) ;; *) public_only "$f" "$inc" ;; esac
  [ "$layer" = checker ] && { echo "$f includes $inc: src/checker/ shares no code with t24"; bad=1; continue; }
  dir=${inc%/*}
  [ "$dir" = "$inc" ] && { echo "$f: include without a folder: $inc"; bad=1; continue; }
  case " $ok " in *" $dir "*) ;; *) echo "$f includes $inc (a $dir header from $layer)"; bad=1 ;; esac
  [ "${inc%.h}" = "$module" ] || echo "$module ${inc%.h}" >> "$edges"
done < <(includes "${srcs[@]}")
if [ -n "$bench" ]; then
  mapfile -t benches < <(find "$bench" -name '*.[ch]' | sort)
  while IFS=$'\t' read -r f inc; do
    public_only "$f" "$inc"
    case "$f" in "$bench"/*/*) continue ;; esac # modules of bench/ itself, below
    case "$inc" in */*) continue ;; esac # src headers: checked above
    b=${f##*/}
    module="bench/${b%.*}"
    [ "bench/${inc%.h}" = "$module" ] || echo "$module bench/${inc%.h}" >> "$edges"
  done < <(includes "${benches[@]}")
fi
[ "$files" -gt 0 ] || { echo "no sources under $src"; exit 1; }
# tsort names the modules of a circle on stderr ("input contains a loop").
if ! loops=$(tsort "$edges" 2>&1 >/dev/null) || [ -n "$loops" ]; then
  echo "modules include each other in a circle:"
  echo "$loops" | sed -n 's/^tsort: /  /p' | grep -v 'input contains a loop'
  bad=1
fi
[ "$bad" -eq 0 ] && echo "layers: $files files, every include points down, no circle, hitset/ seen through t24hs.h alone"
exit "$bad"
