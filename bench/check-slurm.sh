#!/usr/bin/env bash
# `make check-slurm` (issues 40, 49): the Slurm scripts of examples/slurm/ under a real Slurm.
#   bench/check-slurm.sh BUILD_DIR [SOURCE_DIR]
# As root on Debian, installs slurm-wlm and munge when they are missing (it says which
# packages before it installs them), brings up munged, slurmctld and slurmd on this one
# machine from a minimal configuration in a scratch folder (loopback addresses, no cgroups,
# no accounting), and submits:
#   1. examples/slurm/cubes-array.sh as a two-task array on a split of DECK (default
#      1-5: data/instances/cards5_deck$DECK_target24_all.hgr),
#   2. examples/slurm/merge.sh after it (--dependency=afterany), whose proof.cert
#      build/t24-check must verify,
#   3. examples/slurm/six.sh with two tasks (srun --mpi=pmix, else pmi2) and, to compare,
#      with one: the two-task run must print exactly one report.
# Every wait is bounded, and the daemons and the scratch folder go whatever happens.
# The machine is left as it was found (machine_restore): the packages it installed purged
# (never one that was there before), the users, groups, files and folders they made
# removed, no daemon of theirs enabled at boot or left running (a policy-rc.d refusing
# starts while it installs, when there is none); KEEP_SLURM=1 keeps the packages, users
# and files, still with the daemons disabled and stopped. Its log compares `dpkg -l`,
# /etc/passwd, /etc/group, the units enabled at boot and the Slurm and munge processes
# before and after.
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

# ---- the machine as it was found ----
# What the packages may change, in one line each (sorted), so that before and after
# compare with diff. Processes: only munge's and Slurm's (other users' come and go).
pkg_dirs="/etc/munge /etc/slurm /etc/slurm-llnl /var/lib/munge /var/log/munge /run/munge
  /var/lib/slurm /var/lib/slurm-llnl /var/log/slurm /var/log/slurm-llnl /var/spool/slurm
  /var/spool/slurmd /var/spool/slurmctld /run/slurm /etc/default/munge /etc/default/slurmd
  /etc/default/slurmctld"
snapshot() {
  local out=$1
  mkdir -p "$out"
  dpkg -l 2>/dev/null | awk '/^[a-zA-Z][a-zA-Z ][a-zA-Z ] / { print $1, $2, $3 }' | sort >"$out/dpkg"
  sort /etc/passwd >"$out/passwd"
  sort /etc/group >"$out/group"
  find /etc/systemd/system /etc/rc0.d /etc/rc1.d /etc/rc2.d /etc/rc3.d /etc/rc4.d \
    /etc/rc5.d /etc/rc6.d /etc/rcS.d -type l -printf '%p -> %l\n' 2>/dev/null | sort >"$out/units"
  ps -eo comm= | grep -E '^(munged|slurmctld|slurmd|slurmstepd|slurmdbd)$' | sort >"$out/procs"
  local d
  for d in $pkg_dirs; do [ -e "$d" ] && echo "$d"; done >"$out/paths"
  find /var/cache/apt/archives -maxdepth 1 -name '*.deb' 2>/dev/null | sort >"$out/debs"
}
# The names in $2 that are not in $1 (both sorted files).
added() { comm -13 "$1" "$2"; }
compare() {
  local what
  for what in dpkg passwd group units procs paths; do
    if cmp -s "$before/$what" "$after/$what"; then
      say "before/after $what: the same ($(grep -c . "$before/$what") lines)"
    else
      say "before/after $what: DIFFERENT:"
      diff "$before/$what" "$after/$what" | grep '^[<>]' | sed 's/^/  /' | head -n 40
      changed=1
    fi
  done
}
# The pids of munge's and Slurm's daemons (pgrep takes 15 characters of pattern at most).
daemon_pids() {
  local d
  for d in munged slurmctld slurmd slurmdbd; do pgrep -x "$d"; done
}
# Stops, by their pids, the munge and Slurm daemons that were not running before
# (a package's postinst may start them when policy-rc.d lets it).
stop_new_daemons() {
  local p
  for p in $(daemon_pids); do
    grep -qx "$p" "$before/pids" || kill "$p" 2>/dev/null
  done
}
# The units of the packages not enabled at boot: systemd's and sysvinit's links.
disable_units() {
  local u
  for u in munge slurmctld slurmd slurmdbd; do
    if [ -e "/lib/systemd/system/$u.service" ] || [ -e "/etc/init.d/$u" ]; then
      systemctl disable --quiet "$u" >/dev/null 2>&1
      [ -e "/etc/init.d/$u" ] && update-rc.d -f "$u" remove >/dev/null 2>&1
    fi
  done
}
installed_pkgs=""
made_policy=""
machine_restore() {
  [ -n "${before:-}" ] || return 0
  stop_new_daemons
  [ -n "$installed_pkgs" ] && disable_units
  if [ -n "$installed_pkgs" ] && [ "${KEEP_SLURM:-0}" != 1 ]; then
    say "purging what it installed: $installed_pkgs"
    # shellcheck disable=SC2086 # a list of package names
    DEBIAN_FRONTEND=noninteractive timeout 600 apt-get -o DPkg::Lock::Timeout=600 purge -y \
      -q $installed_pkgs >"$state_dir/purge.log" 2>&1 || say "apt-get purge failed: $(tail -n 3 "$state_dir/purge.log")"
    local mid=$state_dir/mid
    snapshot "$mid"
    local u g f
    for u in $(added "$before/passwd" "$mid/passwd" | cut -d: -f1); do userdel "$u" 2>/dev/null; done
    for g in $(added "$before/group" "$mid/group" | cut -d: -f1); do groupdel "$g" 2>/dev/null; done
    for f in $(added "$before/paths" "$mid/paths"); do rm -rf "$f"; done
    for f in $(added "$before/debs" "$mid/debs"); do rm -f "$f"; done
  elif [ -n "$installed_pkgs" ]; then
    say "KEEP_SLURM=1: kept $installed_pkgs (daemons disabled and stopped)"
  fi
  [ -n "$made_policy" ] && rm -f /usr/sbin/policy-rc.d
  after=$state_dir/after
  snapshot "$after"
  changed=0
  compare
  rm -rf "$state_dir"
  before=""
  if [ "$changed" != 0 ] && [ "${KEEP_SLURM:-0}" != 1 ]; then
    say "FAILED: the machine is not as it was found (above)" >&2
    exit 1 # in the EXIT trap: the script's status
  fi
}

state_dir=$(mktemp -d /tmp/t24-slurm-state-XXXXXX)
before=$state_dir/before
snapshot "$before"
daemon_pids >"$before/pids"
trap 'machine_restore' EXIT
trap 'exit 1' INT TERM HUP
if need_install; then
  command -v apt-get >/dev/null || skip "no Slurm installed and no apt-get to install it"
  installing=$(apt-get install -s --no-install-recommends slurm-wlm munge 2>/dev/null | awk '/^Inst / { print $2 }' | sort)
  [ -n "$installing" ] || skip "apt-get finds no slurm-wlm or munge to install (apt-get update?)"
  say "will install $(echo "$installing" | wc -l) packages (apt-get, at most 10 minutes), and purge them at the end unless KEEP_SLURM=1: $(echo "$installing" | tr '\n' ' ')"
  # Their daemons must not start (this script starts its own): a policy-rc.d refusing
  # every start while apt-get runs, when the machine has none.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\n# bench/check-slurm.sh: no daemon starts while it installs\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    made_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive timeout 600 apt-get -o DPkg::Lock::Timeout=600 install -y \
    --no-install-recommends slurm-wlm munge >"$state_dir/install.log" 2>&1
  install_status=$?
  snapshot "$state_dir/installed"
  # every package new to dpkg -l, in any state (an install cut short leaves some half set up)
  installed_pkgs=$(awk '{ print $2 }' "$before/dpkg" | sort >"$state_dir/b" &&
    awk '{ print $2 }' "$state_dir/installed/dpkg" | sort | comm -13 "$state_dir/b" -)
  installed_pkgs=$(echo "$installed_pkgs" | tr '\n' ' ' | sed 's/ *$//')
  stop_new_daemons
  disable_units
  snapshot "$state_dir/disabled"
  say "boot units the install enabled: $(added "$before/units" "$state_dir/installed/units" | wc -l); left after disabling them: $(added "$before/units" "$state_dir/disabled/units" | wc -l)"
  if [ -n "$made_policy" ]; then rm -f /usr/sbin/policy-rc.d; made_policy=""; fi
  [ "$install_status" = 0 ] || skip "apt-get install slurm-wlm munge failed: $(tail -n 3 "$state_dir/install.log")"
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
  machine_restore
}
trap cleanup EXIT

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
