#!/usr/bin/env bash
# The Slurm scripts of examples/slurm/ (issue 40) hold together without a Slurm:
#   tests/check_slurm_scripts.sh BUILD_DIR SOURCE_DIR
# * six.sh, cubes-array.sh and merge.sh exist, are executable bash scripts that pass
#   `bash -n`, and docs/cluster.md and README.md name each by its path;
# * their #SBATCH lines come before the first command (sbatch reads no further), each one
#   option of sbatch's spelled --name=value, with well-formed times, memory and arrays;
# * each runs as the batch script would (a stub `srun` on PATH, T24 a stub that records
#   its arguments, the parameters overridden through the environment as sbatch --export
#   does), and every t24 command it runs is one of t24's with options t24's --help lists
#   (a study must also pass its --estimate); a parameter given in the environment reaches
#   the command line, and one the script needs (DIR) is refused when missing.
# `make check-slurm` (bench/check-slurm.sh) runs them under a real Slurm.
set -u
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
t24=$build/t24
[ -x "$t24" ] || { echo "check_slurm_scripts: no $t24" >&2; exit 2; }
tmp=$(mktemp -d /tmp/t24-slurm-scripts-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "check_slurm_scripts: $*" >&2; failures=$((failures + 1)); }
dir=$src/examples/slurm
scripts="six.sh cubes-array.sh merge.sh"

# The sbatch options the scripts may use, and the form of their values.
check_sbatch_line() {
  local f=$1 line=$2 opt val
  [[ $line =~ ^#SBATCH\ --([a-z-]+)=([^ ]+)$ ]] || { fail "$f: '$line' is not '#SBATCH --name=value'"; return; }
  opt=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
  case "$opt" in
    job-name) [[ $val =~ ^[A-Za-z0-9_.-]+$ ]] ;;
    nodes | ntasks | ntasks-per-node | cpus-per-task) [[ $val =~ ^[1-9][0-9]*$ ]] ;;
    mem) [[ $val =~ ^[1-9][0-9]*[KMGT]?$ ]] ;;
    time) [[ $val =~ ^([0-9]+-)?[0-9]{1,2}:[0-5][0-9]:[0-5][0-9]$ ]] ;;
    array) [[ $val =~ ^[0-9]+-[0-9]+(:[1-9][0-9]*)?(%[1-9][0-9]*)?$ ]] ;;
    *) fail "$f: '#SBATCH --$opt' is not an option this check knows"; return ;;
  esac || fail "$f: '$line': '$val' is not a value of --$opt"
}

# t24 CMD ARGS... as a script ran it: a command of t24's, its options in its --help.
check_t24_args() {
  local f=$1 cmd=$2 help opt
  shift 2
  "$t24" --help | sed -n '/^commands:/,/^$/p' | awk 'NF && !/^commands:/ {print $1}' \
    | grep -qx -- "$cmd" || { fail "$f runs 't24 $cmd': no such command"; return; }
  help=$("$t24" "$cmd" --help)
  for opt in "$@"; do
    case "$opt" in
      --*) printf '%s\n' "$help" | grep -qE -- "(^|[ ,])${opt%%=*}([ ,=]|\$)" \
             || fail "$f: t24 $cmd --help does not list $opt" ;;
    esac
  done
  if [ "$cmd" = study ]; then
    (cd "$tmp" && timeout -k 5 20 "$t24" study "$@" --estimate >/dev/null 2>"$tmp/err" </dev/null) \
      || fail "$f: 't24 study $*' fails its --estimate: $(head -c 300 "$tmp/err")"
  fi
}

# Stubs: srun records its options and runs the rest; T24 records one argument a line.
mkdir -p "$tmp/bin"
cat >"$tmp/bin/srun" <<'EOF'
#!/bin/bash
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do echo "$1" >>"$STUB_LOG.srun"; shift; done
exec "$@"
EOF
cat >"$tmp/bin/t24" <<'EOF'
#!/bin/bash
printf '%s\n' "$@" >"$STUB_LOG"
EOF
chmod +x "$tmp/bin/srun" "$tmp/bin/t24"

# run NAME SCRIPT VAR=value...: the script as sbatch would run it; its t24 arguments.
run_script() {
  local name=$1 f=$2
  shift 2
  rm -f "$tmp/$name.args" "$tmp/$name.args.srun"
  (cd "$tmp" && env -i PATH="$tmp/bin:/usr/bin:/bin" HOME="$tmp" STUB_LOG="$tmp/$name.args" \
     T24="$tmp/bin/t24" SLURM_JOB_ID=77 "$@" timeout 20 bash "$dir/$f" >"$tmp/$name.out" 2>&1 </dev/null)
}

for f in $scripts; do
  p=$dir/$f
  [ -f "$p" ] || { fail "no examples/slurm/$f"; continue; }
  [ -x "$p" ] || fail "examples/slurm/$f is not executable"
  [ "$(head -n 1 "$p")" = "#!/bin/bash" ] || fail "examples/slurm/$f does not start with #!/bin/bash"
  bash -n "$p" 2>"$tmp/err" || fail "examples/slurm/$f: bash -n: $(head -c 300 "$tmp/err")"
  grep -qF "examples/slurm/$f" "$src/docs/cluster.md" || fail "docs/cluster.md does not name examples/slurm/$f"
  grep -qF "examples/slurm/$f" "$src/README.md" || fail "README.md does not name examples/slurm/$f"
  # sbatch stops at the first line that is neither blank nor a comment.
  first=$(grep -nvE '^[[:space:]]*(#|$)' "$p" | head -n 1 | cut -d: -f1)
  n=0
  while IFS=: read -r no line; do
    n=$((n + 1))
    [ -n "$first" ] && [ "$no" -gt "$first" ] && fail "$f line $no: #SBATCH after the first command (sbatch ignores it)"
    check_sbatch_line "$f" "$line"
  done < <(grep -nE '^#SBATCH' "$p")
  [ "$n" -ge 3 ] || fail "$f: only $n #SBATCH lines"
  grep -qE '^#SBATCH --job-name=' "$p" || fail "$f: no #SBATCH --job-name"
  grep -qE '^#SBATCH --time=' "$p" || fail "$f: no #SBATCH --time"
done

# six.sh: one srun with an MPI plugin (plain srun -n N is refused by t24 study), then the
# study with its defaults, then with every parameter from the environment.
if [ -f "$dir/six.sh" ]; then
  run_script six six.sh SLURM_CPUS_PER_TASK=8 || fail "six.sh fails: $(head -c 300 "$tmp/six.out")"
  if [ -s "$tmp/six.args" ]; then
    mapfile -t a <"$tmp/six.args"
    check_t24_args six.sh "${a[@]}"
    grep -qx -- '--mpi=pmix' "$tmp/six.args.srun" 2>/dev/null || fail "six.sh: srun is not given --mpi=pmix by default"
    tr '\n' ' ' <"$tmp/six.args" | grep -qF -- "--cards 6 --deck 1-13 --threads 8 " \
      || fail "six.sh: defaults not passed: $(tr '\n' ' ' <"$tmp/six.args")"
    tr '\n' ' ' <"$tmp/six.args" | grep -qF -- "--out six-77" || fail "six.sh: --out is not six-\$SLURM_JOB_ID"
  else
    fail "six.sh ran no t24"
  fi
  run_script six2 six.sh CARDS=5 DECK=1-7 THREADS=1 TIME_LIMIT=9 OUT=o MPI=pmi2 ARGS="--timings --json" \
    || fail "six.sh with parameters fails: $(head -c 300 "$tmp/six2.out")"
  if [ -s "$tmp/six2.args" ]; then
    mapfile -t a <"$tmp/six2.args"
    check_t24_args six.sh "${a[@]}"
    [ "$(tr '\n' ' ' <"$tmp/six2.args")" = "study --cards 5 --deck 1-7 --threads 1 --time-limit 9 --out o --timings --json " ] \
      || fail "six.sh: the environment's parameters give '$(tr '\n' ' ' <"$tmp/six2.args")'"
    grep -qx -- '--mpi=pmi2' "$tmp/six2.args.srun" 2>/dev/null || fail "six.sh: MPI=pmi2 does not reach srun"
    run_script six3 six.sh OUT= || fail "six.sh with OUT= fails: $(head -c 300 "$tmp/six3.out")"
    grep -qx -- '--out' "$tmp/six3.args" 2>/dev/null && fail "six.sh with OUT= (empty) still passes --out"
  else
    fail "six.sh with parameters ran no t24"
  fi
fi

# cubes-array.sh and merge.sh: DIR is required; given, the cube search and the merge.
for f in cubes-array.sh merge.sh; do
  [ -f "$dir/$f" ] || continue
  name=${f%.sh}
  if run_script "$name-nodir" "$f" || [ -s "$tmp/$name-nodir.args" ]; then
    fail "$f runs without DIR"
  fi
  grep -q DIR "$tmp/$name-nodir.out" || fail "$f without DIR does not name DIR: $(head -c 200 "$tmp/$name-nodir.out")"
  run_script "$name" "$f" DIR=/shared/d7 TIME_LIMIT=123 || fail "$f fails: $(head -c 300 "$tmp/$name.out")"
  if [ -s "$tmp/$name.args" ]; then
    mapfile -t a <"$tmp/$name.args"
    check_t24_args "$f" "${a[@]}"
    args=$(tr '\n' ' ' <"$tmp/$name.args")
    case "$f" in
      cubes-array.sh) want="--cubes /shared/d7 " ;;
      merge.sh) want="--merge /shared/d7 " ;;
    esac
    case "$args" in *"$want"*"--time-limit 123 "*) ;; *) fail "$f runs 't24 $args', not '$want' with --time-limit 123" ;; esac
  else
    fail "$f ran no t24"
  fi
done

[ "$failures" -eq 0 ] || { echo "check_slurm_scripts: $failures failures" >&2; exit 1; }
echo "slurm_scripts: $scripts check out"
