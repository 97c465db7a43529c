#!/usr/bin/env bash
# check_layers.sh must fail on what it exists to catch. Plants, in copies of src/ and
# bench/, an upward include, a sideways one, a circle inside one folder, a driver's file
# at the top of hitset/, a hitset/ internal header included from outside hitset/ (src/,
# bench/ and bench/maxsat/) and includes in the checker (which shares nothing), and
# checks that the clean tree passes and each planted tree fails.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root="$here/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # name, expected status (0 pass, 1 fail), then the copy to check
  local name=$1 want=$2 out got
  out=$(bash "$here/check_layers.sh" "$3/src" "$3/bench" 2>&1)
  got=$?
  [ "$got" -ne 0 ] && got=1
  if [ "$got" -ne "$want" ]; then
    echo "FAIL $name: status $got, wanted $want"; echo "$out"; fail=1
  else
    echo "ok   $name"
  fi
}
plant() { # name, file to append an include to, the include
  mkdir -p "$tmp/$1"
  cp -r "$root/src" "$root/bench" "$tmp/$1/"
  printf '#include "%s"\n' "$3" >> "$tmp/$1/$2"
}
mkdir -p "$tmp/clean" && cp -r "$root/src" "$root/bench" "$tmp/clean/"
check "clean tree passes" 0 "$tmp/clean"
plant up src/core/rational.c cli/cli.h
check "core including cli fails" 1 "$tmp/up"
plant emit src/eval/scan.c emit/tablegen.h
check "eval including emit fails" 1 "$tmp/emit"
plant side src/solve/table.c hitset/model/instance.h
check "solve including hitset fails" 1 "$tmp/side"
plant circle src/hitset/proof/certify_node.c hitset/proof/certify_tree.h
check "certify_node.c including certify_tree.h (certify_tree includes certify_node) fails" 1 "$tmp/circle"
# hitset/'s subfolders (src/README.md): one offence per folder against its rule.
plant hstop src/hitset/t24hs.c study/study.h
check "hitset/ including study/ fails" 1 "$tmp/hstop"
plant hsdist src/hitset/cubes/cubes.c hitset/heur/greedy.h
check "hitset/cubes including hitset/heur fails" 1 "$tmp/hsdist"
plant hsproof src/hitset/proof/certify.c hitset/driver/mincover_result.h
check "hitset/proof including the driver's mincover_result.h fails" 1 "$tmp/hsproof"
plant hsdriverup src/hitset/heur/greedy.c hitset/driver/bound.h
check "hitset/heur including hitset/driver (the phases calling up) fails" 1 "$tmp/hsdriverup"
plant hsdrivercubes src/hitset/driver/mincover.c hitset/cubes/cubes.h
check "hitset/driver including hitset/cubes fails" 1 "$tmp/hsdrivercubes"
plant hstopdriver src/hitset/t24hs.c hitset/driver/mincover.h
check "the library's face including hitset/driver passes" 0 "$tmp/hstopdriver"
# A file at the top of hitset/ that is not the library's face: the driver's place is
# hitset/driver/ (the file includes only what its folder may).
mkdir -p "$tmp/hstopfile" && cp -r "$root/src" "$root/bench" "$tmp/hstopfile/"
printf '#include "hitset/driver/mincover.h"\n' > "$tmp/hstopfile/src/hitset/mincover_extra.c"
check "a file at the top of hitset/ not named t24hs* fails" 1 "$tmp/hstopfile"
plant hsheur src/hitset/heur/greedy.c hitset/proof/certify.h
check "hitset/heur including hitset/proof fails" 1 "$tmp/hsheur"
plant hsbounds src/hitset/bounds/packing.c hitset/heur/greedy.h
check "hitset/bounds including hitset/heur fails" 1 "$tmp/hsbounds"
plant hspresolve src/hitset/presolve/reduce.c hitset/mip/ilp.h
check "hitset/presolve including hitset/mip fails" 1 "$tmp/hspresolve"
plant hsmip src/hitset/mip/ilp.c hitset/presolve/reduce.h
check "hitset/mip including hitset/presolve fails" 1 "$tmp/hsmip"
plant hsmodel src/hitset/model/instance.c hitset/mip/ilp.h
check "hitset/model including hitset/mip fails" 1 "$tmp/hsmodel"
plant hsdown src/hitset/cubes/cubes.c hitset/proof/certify.h
check "hitset/cubes including hitset/proof passes" 0 "$tmp/hsdown"
plant checker src/checker/t24-check.c core/lines.h
check "the checker including a core header fails" 1 "$tmp/checker"
plant checkerown src/checker/t24-check.c t24-check.h
check "the checker including a header of its own fails" 1 "$tmp/checkerown"
plant benchloop bench/harness.c sections.h
check "harness including the sections fails" 1 "$tmp/benchloop"
plant internal src/study/study.c hitset/driver/mincover.h
check "study including hitset/driver/mincover.h (not the public header) fails" 1 "$tmp/internal"
plant emitinternal src/emit/tablegen.h hitset/driver/bound.h
check "emit including hitset/driver/bound.h fails" 1 "$tmp/emitinternal"
plant benchinternal bench/bench_five.c hitset/heur/greedy.h
check "bench including hitset/heur/greedy.h fails" 1 "$tmp/benchinternal"
plant maxsatinternal bench/maxsat/maxsat.h hitset/model/instance.h
check "bench/maxsat including hitset/model/instance.h fails" 1 "$tmp/maxsatinternal"
plant public src/cli/cli.c hitset/t24hs.h
check "cli including hitset/t24hs.h passes" 0 "$tmp/public"
exit "$fail"
