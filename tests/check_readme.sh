#!/usr/bin/env bash
# Every command README.md shows runs as written on a fresh clone, or, when it is marked
# long or cluster, names a command and options that exist.
#   tests/check_readme.sh BUILD_DIR SOURCE_DIR [README]    (README: SOURCE_DIR/README.md)
#
# The convention README.md keeps ("A short tour" says it to the reader):
# * a command is a line of an indented code block (four spaces); its comment, if any,
#   follows two spaces and a "#";
# * a comment starting with the word "long" (the time follows) marks a command that takes
#   more than a few seconds, one starting with "cluster" a command that needs a cluster:
#   those are never run here; the t24 command they name must exist and list each of their
#   options in its --help (a `study` must also pass its --estimate), and `sbatch ... FILE`
#   must name a script of examples/slurm/ that docs/cluster.md names;
# * `make` lines never run here either (every target runs `make deps`, apt-get as root,
#   and most rewrite files of the clone): `make -n` must accept their targets, their
#   VAR=value must set a variable of the Makefile, and a target not in $short_make must
#   be marked long. Every `make TARGET` written anywhere in README.md must be a target;
# * every other line runs, in order, in one fresh folder laid out like the clone (build/
#   links to BUILD_DIR, data/ to the source's, examples/ is a copy) with HOME set to that
#   folder (so ~/.local lies inside it), within $limit seconds, with exit status 0; as
#   root, mpirun gets the two variables docs/cluster.md gives for root. A comment holding
#   "EXPR = 24" is the command's first line of output.
# Then solve24, as the README builds it, must read cards strictly (A J Q K in either case,
# integers; `3x` refused with one line on stderr and status 2).
set -u
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
readme=${3:-$src/README.md}
[ -r "$readme" ] || { echo "check_readme: cannot read $readme" >&2; exit 2; }
# A short command takes a few seconds on an idle machine; the limit is ten times that so
# that a loaded machine (CI beside other jobs) does not fail it, while a command that
# really takes long, or hangs, still does.
limit=60
short_make="build study install clean deps results figures"
tmp=$(mktemp -d /tmp/t24-readme-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "check_readme: $*" >&2; failures=$((failures + 1)); }
unset MAKEFLAGS MAKELEVEL MFLAGS

ln -s "$build" "$tmp/build"
ln -s "$src/data" "$tmp/data"
cp -r "$src/examples" "$tmp/examples"
t24=$build/t24
[ -x "$t24" ] || { echo "check_readme: no $t24" >&2; exit 2; }

# t24 ARGS...: the command must be one of t24 --help's and each --option one of its --help's;
# a study must pass its pre-flight (--estimate: quick, and it reads every value).
check_t24() {
  local line=$1 cmd=$2
  shift 2
  "$t24" --help | sed -n '/^commands:/,/^$/p' | awk 'NF && !/^commands:/ {print $1}' \
    | grep -qx -- "$cmd" || { fail "'$line': t24 has no command '$cmd'"; return; }
  local help opt
  help=$("$t24" "$cmd" --help)
  for opt in "$@"; do
    case "$opt" in
      --*) printf '%s\n' "$help" | grep -qE -- "(^|[ ,])${opt%%=*}([ ,=]|\$)" \
             || fail "'$line': t24 $cmd --help does not list $opt" ;;
    esac
  done
  if [ "$cmd" = study ]; then
    case " $* " in *" --estimate "*) ;; *) set -- "$@" --estimate ;; esac
    (cd "$tmp" && timeout -k 5 "$limit" "$t24" study "$@" >/dev/null 2>"$tmp/err" </dev/null) \
      || fail "'$line': 't24 study $* ' fails: $(head -c 300 "$tmp/err")"
  fi
}

# The t24 part of a launcher's line (mpirun/srun OPTIONS build/t24 ARGS).
check_launched() {
  local line=$1
  shift
  while [ $# -gt 0 ] && [ "$1" != build/t24 ]; do shift; done
  [ $# -gt 0 ] || { fail "'$line': runs no build/t24"; return; }
  shift
  check_t24 "$line" "$@"
}

check_make() {
  local line=$1 marked=$2 word targets=""
  shift 2
  for word in "$@"; do
    case "$word" in
      *=*) grep -qE "^${word%%=*}[[:space:]]*[?:+]?=" "$src/Makefile" \
             || fail "'$line': ${word%%=*} is not a variable of the Makefile" ;;
      -*) fail "'$line': make options are not checked here" ;;
      *) targets="$targets $word"
         case " $short_make " in
           *" $word "*) ;;
           *) [ "$marked" = yes ] || fail "'$line': make $word takes long: mark it long" ;;
         esac ;;
    esac
  done
  # Word splitting is wanted: one argument per target and VAR=value.
  # shellcheck disable=SC2068
  make -n -C "$src" $@ >/dev/null 2>"$tmp/err" || fail "'$line': make -n fails: $(head -c 300 "$tmp/err")"
}

# A command run as written; "EXPR = 24" in its comment must be its first line of output.
run() {
  local line=$1 cmd=$2 comment=$3
  (cd "$tmp" && HOME=$tmp timeout -k 5 "$limit" bash -c "$cmd" >"$tmp/out" 2>"$tmp/err" </dev/null)
  local status=$?
  if [ $status -eq 124 ]; then
    fail "'$line' took more than $limit s: mark it long"
    return
  fi
  [ $status -eq 0 ] || { fail "'$line' exits with status $status: $(head -c 300 "$tmp/err")"; return; }
  local want
  want=$(printf '%s\n' "$comment" | grep -oE '[^ ]+ = 24' | head -n 1)
  if [ -n "$want" ] && [ "$(head -n 1 "$tmp/out")" != "$want" ]; then
    fail "'$line' prints '$(head -n 1 "$tmp/out")', its comment says '$want'"
  fi
}

if [ "$(id -u)" -eq 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
have_mpi=no
command -v mpirun >/dev/null && [ -x "$build/t24-mpi" ] && have_mpi=yes

n=0
set -f   # a command's words are split below, never globbed
while IFS= read -r code <&3; do
  n=$((n + 1))
  cmd=${code%%  #*} comment=""
  [ "$cmd" != "$code" ] && comment=${code#*  #}
  cmd=$(printf '%s' "$cmd" | sed 's/[[:space:]]*$//')
  comment=$(printf '%s' "$comment" | sed 's/^[[:space:]]*//')
  marked=no
  case "$comment" in long | long[[:punct:][:space:]]* | cluster | cluster[[:punct:][:space:]]*) marked=yes ;; esac
  # shellcheck disable=SC2086
  set -- $cmd
  case "$1" in
    make) check_make "$cmd" "$marked" "${@:2}" ;;
    sbatch) [ "$marked" = yes ] || fail "'$cmd' needs a cluster: mark it cluster"
            # The script is sbatch's last word: a file of examples/slurm/ that
            # docs/cluster.md names (tests/check_slurm_scripts.sh checks the scripts).
            case "${!#}" in
              examples/slurm/*.sh) [ -f "$src/${!#}" ] || fail "'$cmd': no file ${!#}"
                                   grep -qF "${!#}" "$src/docs/cluster.md" || fail "'$cmd': docs/cluster.md does not name ${!#}" ;;
              *) fail "'$cmd': the script is not a file of examples/slurm/" ;;
            esac ;;
    srun) [ "$marked" = yes ] || fail "'$cmd' needs a cluster: mark it cluster"
          check_launched "$cmd" "$@" ;;
    mpirun)
      if [ "$marked" = yes ]; then
        check_launched "$cmd" "$@"
      elif [ "$have_mpi" = yes ]; then
        run "$cmd" "$cmd" "$comment"
      else
        echo "check_readme: no mpirun or build/t24-mpi: '$cmd' only checked"
        check_launched "$cmd" "$@"
      fi ;;
    build/t24 | cmake | cc | ./*)
      if [ "$marked" = yes ]; then
        [ "$1" = build/t24 ] || fail "'$cmd' is marked long, but only build/t24 and make lines can be checked"
        [ "$1" = build/t24 ] && check_t24 "$cmd" "${@:2}"
      else
        run "$cmd" "$cmd" "$comment"
      fi ;;
    *) fail "'$cmd': not a command this check knows (a code line of README.md)" ;;
  esac
done 3< <(grep -E '^    [^ ]' "$readme" | sed 's/^    //')
set +f
[ "$n" -gt 0 ] || fail "$readme shows no command"

# Every `make TARGET` of the prose and tables is a target of the Makefile.
while read -r target; do
  make -n -C "$src" "$target" >/dev/null 2>&1 || fail "README.md names 'make $target': no such target"
done < <(grep -oE '`make [a-z][a-z0-9-]*' "$readme" | sed 's/`make //' | sort -u)

# solve24 as the README builds it: strict cards.
if [ -x "$tmp/solve24" ]; then
  cd "$tmp" || exit 2
  for hand in "A 2 Q K" "a j q k" "3 3 8 8" "+3 3 8 8"; do
    # shellcheck disable=SC2086
    ./solve24 $hand >/dev/null 2>&1 || fail "solve24 $hand: status $?, not 0"
  done
  ./solve24 3 9 4 10 >out 2>/dev/null
  status=$?
  if [ $status -ne 1 ] || [ "$(cat out)" != "no solution" ]; then
    fail "solve24 3 9 4 10: status $status and '$(cat out)', not 1 and 'no solution'"
  fi
  for hand in "3x 3 8 8" "3 3 8 8x" "'' 1 2 3" "' 3' 3 8 8" "1.5 1 2 3" "AA 1 2 3" "0x3 1 2 3" \
              "99999999999 1 2 3" "14 1 2 3" "3 3 8"; do
    eval "./solve24 $hand" >out 2>err
    status=$?
    [ $status -eq 2 ] || fail "solve24 $hand: status $status, not 2"
    if [ -s out ] || [ "$(wc -l <err)" -ne 1 ]; then
      fail "solve24 $hand: not one line on stderr and none on stdout"
    fi
  done
else
  fail "README.md builds no ./solve24 (examples/solve24.c)"
fi

[ "$failures" -eq 0 ] || { echo "check_readme: $failures failures in $readme" >&2; exit 1; }
echo "readme: $n commands of $readme run or check out"
