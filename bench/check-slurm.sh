#!/usr/bin/env bash
# `make check-slurm` (issue 40): the Slurm scripts of examples/slurm/ under a real Slurm.
#   bench/check-slurm.sh BUILD_DIR [SOURCE_DIR]
# As root on Debian, installs slurm-wlm and munge when they are missing, brings up munged,
# slurmctld and slurmd on this one machine from a minimal configuration in a scratch
# folder (loopback addresses, no cgroups, no accounting), and submits:
#   1. examples/slurm/cubes-array.sh as a two-task array on a split of DECK (default
#      1-5: data/instances/cards5_deck$DECK_target24_all.hgr),
#   2. examples/slurm/merge.sh after it (--dependency=afterany), whose proof.cert
#      build/t24-check must verify,
#   3. examples/slurm/six.sh with two tasks (srun --mpi=pmix, else pmi2) and, to compare,
#      with one: the two-task run must print exactly one report.
# Every wait is bounded, and the daemons and the scratch folder go whatever happens.
# Where it cannot run (not root, no apt-get, no package, no t24-mpi, no MPI plugin) it
# says why and exits 0 without claiming anything; a step that fails exits 1.
set -u
build=$(cd "${1:-build}" && pwd) src=$(cd "${2:-.}" && pwd)
deck=${DECK:-1-5}
study_cards=${STUDY_CARDS:-6} study_deck=${STUDY_DECK:-1-7} study_limit=${STUDY_LIMIT:-20}
say() { echo "check-slurm: $*"; }
skip() { say "SKIPPED, nothing was checked: $*"; exit 0; }
die() { say "FAILED: $*" >&2; exit 1; }
start=$(date +%s)

[ "$(id -u)" -eq 0 ] || skip "not root (slurmd must run as root to start jobs as their user)"
for f in t24 t24-check; do [ -x "$build/$f" ] || die "no $build/$f: build first"; done
inst=$src/data/instances/cards5_deck${deck}_target24_all.hgr
[ -r "$inst" ] || die "no instance $inst (DECK=$deck)"

need_install() {
  local p
  for p in slurmctld slurmd munged sbatch srun sinfo scontrol; do
    command -v "$p" >/dev/null || return 0
  done
  return 1
}
if need_install; then
  command -v apt-get >/dev/null || skip "no Slurm installed and no apt-get to install it"
  say "installing slurm-wlm and munge (apt-get, at most 10 minutes)"
  # No daemon of the package's own (invoke-rc.d may start them): this script starts its own.
  DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y --no-install-recommends \
    slurm-wlm munge >/dev/null 2>&1 || skip "apt-get install slurm-wlm munge failed"
  need_install && skip "slurm-wlm installed no slurmctld, slurmd or munged"
fi
plugins=$(dirname "$(find /usr/lib /usr/lib64 /usr/local/lib -name 'proctrack_linuxproc.so' \
  -path '*slurm*' 2>/dev/null | head -n 1)")
[ -n "$plugins" ] && [ "$plugins" != . ] || skip "no Slurm plugin folder (proctrack_linuxproc.so) found"

scratch=$(mktemp -d /tmp/t24-slurm-XXXXXX)
pids=()
# Teardown on every exit: the daemons by the pids this script started, then the folder.
cleanup() {
  local p
  if [ -n "${SLURM_CONF:-}" ] && [ -n "${pids[1]:-}" ]; then
    timeout 10 scancel --full --quiet --user=root >/dev/null 2>&1
    for _ in $(seq 30); do
      [ -z "$(timeout 5 squeue -h 2>/dev/null)" ] && break
      sleep 0.5
    done
  fi
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null
  done
  # A step's slurmstepd outlives slurmd: those of this cluster carry its SLURM_CONF.
  for p in $(pgrep -x slurmstepd); do
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qxF "SLURM_CONF=${SLURM_CONF:-none}" \
      && kill -9 "$p" 2>/dev/null
  done
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# A free TCP port of the loopback: the first of 20 random ones nothing listens on.
free_port() {
  local p
  for _ in $(seq 20); do
    p=$((20000 + RANDOM % 20000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
  return 1
}
ctld_port=$(free_port) && slurmd_port=$(free_port) || die "no free port found"
[ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$((ctld_port + 1))

# munge: a key of our own, its socket in the scratch folder.
mkdir "$scratch/munge" "$scratch/state" "$scratch/spool" "$scratch/log"
chmod 700 "$scratch/munge"
dd if=/dev/urandom of="$scratch/munge/munge.key" bs=1024 count=1 status=none
chmod 600 "$scratch/munge/munge.key"
msock=$scratch/munge/munge.socket
munged -F --force --key-file="$scratch/munge/munge.key" --socket="$msock" \
  --pid-file="$scratch/munge/munged.pid" --log-file="$scratch/log/munged.log" \
  --seed-file="$scratch/munge/seed" >"$scratch/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -S "$msock" ] && break; sleep 0.1; done
[ -S "$msock" ] || die "munged did not start: $(tail -n 3 "$scratch/log/munged.log" "$scratch/log/munged.out" 2>/dev/null)"

host=$(hostname -s)
node=$(slurmd -C 2>/dev/null | head -n 1)
cpus=$(printf '%s\n' "$node" | grep -oE 'CPUs=[0-9]+' | cut -d= -f2)
mem=$(printf '%s\n' "$node" | grep -oE 'RealMemory=[0-9]+' | cut -d= -f2)
[ -n "$cpus" ] || cpus=$(nproc)
[ -n "$mem" ] || mem=1000
[ "$cpus" -ge 2 ] || skip "one CPU: the two-task jobs need two"
export SLURM_CONF=$scratch/slurm.conf
cat >"$SLURM_CONF" <<EOF
# A one-node cluster for bench/check-slurm.sh: everything in $scratch, on the loopback.
ClusterName=t24check
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SrunPortRange=$((ctld_port + 2))-$((ctld_port + 40))
CommunicationParameters=NoInAddrAny,NoCtldInAddrAny
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$msock
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/log/slurmctld.log
SlurmdLogFile=$scratch/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
MinJobAge=600
PluginDir=$plugins
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -i -f "$SLURM_CONF" >"$scratch/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$scratch/log/slurmd.out" 2>&1 &
pids+=($!)
logs() { tail -n 5 "$scratch"/log/slurm*.log "$scratch"/log/slurm*.out 2>/dev/null; }
state=""
for _ in $(seq 60); do
  state=$(timeout 10 sinfo -h -n "$host" -o %T 2>/dev/null)
  [ "$state" = idle ] && break
  sleep 1
done
[ "$state" = idle ] || die "the node is not idle after 60 s (state '$state'):
$(logs)"
# Loopback only: no port of these daemons may listen on another address.
if command -v ss >/dev/null; then
  wide=$(ss -Hltnp 2>/dev/null | grep -E "pid=(${pids[1]}|${pids[2]})," | awk '{print $4}' | grep -vE '^(127\.|\[::1\]:)')
  [ -z "$wide" ] || die "slurmctld or slurmd listens beyond the loopback: $wide"
fi
say "slurmctld (127.0.0.1:$ctld_port) and slurmd (127.0.0.1:$slurmd_port) up, node $host idle, $cpus CPUs"
mpis=$(timeout 10 srun --mpi=list 2>&1)
printf '%s\n' "$mpis" | sed 's/^/  srun --mpi=list: /' | head -n 8

# A job's exit code and state, from slurmctld (no accounting here: MinJobAge keeps them).
job_field() { timeout 10 scontrol -o show job "$1" 2>/dev/null | grep -oE "(^| )$2=[^ ]*" | sed 's/.*=//'; }

# 1. The split, here; the array on Slurm; the merge after it.
dir=$scratch/cubes
"$build/t24" cover --quiet --split 8 --cubes-dir "$dir" --time-limit 120 "$inst" >"$scratch/split.out" 2>&1 \
  || die "the split of $inst failed: $(tail -n 3 "$scratch/split.out")"
cd "$src" || die "cannot enter $src"
common=(--parsable --chdir="$scratch" --cpus-per-task=1 --mem=1000M --time=00:10:00)
t0=$(date +%s)
array=$(timeout 30 sbatch "${common[@]}" --array=0-1 --output="$scratch/cubes-%A_%a.out" \
  --export="ALL,DIR=$dir,T24=$build/t24,TIME_LIMIT=300" examples/slurm/cubes-array.sh) \
  || die "sbatch of the array failed: $array"
merge_out=$scratch/merge.out
timeout 600 sbatch "${common[@]}" --wait --dependency=afterany:"$array" --output="$merge_out" \
  --export="ALL,DIR=$dir,T24=$build/t24,TIME_LIMIT=300" examples/slurm/merge.sh >/dev/null
merge_status=$?
t1=$(date +%s)
for task in 0 1; do
  code=$(job_field "${array}_$task" ExitCode)
  [ "$code" = 0:0 ] || die "array task $task ended with exit code '$code':
$(tail -n 5 "$scratch/cubes-${array}_$task.out" 2>/dev/null)"
  say "array task $task: $(grep -c . "$scratch/cubes-${array}_$task.out") lines, exit 0; last: $(tail -n 1 "$scratch/cubes-${array}_$task.out")"
done
[ "$merge_status" = 0 ] || die "the merge job exited with status $merge_status:
$(tail -n 5 "$merge_out" 2>/dev/null)"
say "merge: $(tail -n 2 "$merge_out" | tr '\n' ' ')"
[ -f "$dir/proof.cert" ] || die "the merge wrote no $dir/proof.cert"
verdict=$(timeout 300 "$build/t24-check" "$dir/instance.hgr" "$dir/cover.sol" "$dir/proof.cert" 2>&1) \
  || die "t24-check refuses the merged proof: $verdict"
say "array (2 tasks) and merge on deck $deck: $((t1 - t0)) s; t24-check: $verdict"

# 2. The MPI study: two tasks must give one report.
mpi=""
for m in pmix pmi2; do
  printf '%s\n' "$mpis" | grep -qw "$m" && { mpi=$m; break; }
done
if [ -z "$mpi" ]; then
  say "MPI study SKIPPED: srun --mpi=list offers neither pmix nor pmi2"
elif [ ! -x "$build/t24-mpi" ]; then
  say "MPI study SKIPPED: no $build/t24-mpi (t24 was built without MPI)"
else
  # Open MPI inside the node: shared memory, no network interface but the loopback.
  export OMPI_MCA_btl=self,vader OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
  study() {
    local n=$1 out=$scratch/six-$1.out
    timeout 900 sbatch "${common[@]}" --wait --nodes=1 --ntasks="$n" --ntasks-per-node="$n" \
      --mem=3000M --output="$out" --export="ALL,T24=$build/t24,CARDS=$study_cards,DECK=$study_deck,TIME_LIMIT=$study_limit,THREADS=1,OUT=,MPI=$mpi,ARGS=--timings" \
      examples/slurm/six.sh >"$scratch/six-$n.id"
  }
  # The job's own seconds, from slurmctld's start and end times.
  job_secs() {
    local id b e
    id=$(head -n 1 "$scratch/six-$1.id")
    b=$(date -d "$(job_field "$id" StartTime)" +%s 2>/dev/null) e=$(date -d "$(job_field "$id" EndTime)" +%s 2>/dev/null)
    [ -n "$b" ] && [ -n "$e" ] && echo $((e - b)) || echo "?"
  }
  # The scan is what the ranks share (the hitting sets run on rank 0 alone, within the
  # time limit): compare its seconds, from --timings ("enumerate"), and the whole job's.
  enum() { grep -A1 '^seconds:' "$scratch/six-$1.out" | grep -oE 'enumerate [0-9.]+' | cut -d' ' -f2; }
  for n in 2 1; do
    study "$n" || die "the $n-task study (srun --mpi=$mpi) failed:
$(tail -n 5 "$scratch/six-$n.out" 2>/dev/null)"
    secs[n]=$(job_secs "$n")
    reports=$(grep -c '^t24 study:' "$scratch/six-$n.out")
    [ "$reports" = 1 ] || die "the $n-task study (srun --mpi=$mpi) printed $reports reports, not one:
$(grep '^t24 study:' "$scratch/six-$n.out")"
    scan[n]=$(enum "$n")
    [ -z "$(find "$scratch" -maxdepth 1 -name 'six-*' -type d)" ] || die "OUT= (empty) still wrote an --out folder"
  done
  # The job's seconds are about --time-limit either way: it bounds the whole study.
  say "MPI study (cards $study_cards, deck $study_deck, --time-limit $study_limit, srun --mpi=$mpi, --threads 1): 2 tasks: one report, scan ${scan[2]} s, job ${secs[2]} s; 1 task: scan ${scan[1]} s, job ${secs[1]} s"
  faster=$(awk -v a="${scan[2]}" -v b="${scan[1]}" 'BEGIN { print (a != "" && b != "" && a < b) ? "yes" : "no" }')
  [ "$faster" = yes ] || say "note: the two tasks' scan was not faster than one task's here (a machine shared with other work?)"
fi
say "passed in $(( $(date +%s) - start )) s"
