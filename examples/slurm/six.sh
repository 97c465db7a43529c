#!/bin/bash
# The six-card study as one MPI job (docs/cluster.md, "A cluster under Slurm"): four nodes,
# one rank per node, one thread per core. From the repository's root:
#   sbatch examples/slurm/six.sh
#   sbatch --nodes=1 --ntasks=2 --export=ALL,CARDS=5,DECK=1-7 examples/slurm/six.sh
# The #SBATCH lines are defaults: sbatch's own options override them. The variables
# below are the study's parameters: set them in the environment, or with
# sbatch --export=ALL,NAME=value (ALL keeps PATH and the rest of the environment).
#SBATCH --job-name=t24-six
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=32
#SBATCH --mem=16G
#SBATCH --time=02:00:00
set -eu
T24=${T24:-build/t24}              # t24 (t24-mpi must lie beside it)
CARDS=${CARDS:-6}
DECK=${DECK:-1-13}
TIME_LIMIT=${TIME_LIMIT:-600}      # seconds for the hitting sets (t24 study --time-limit)
THREADS=${THREADS:-${SLURM_CPUS_PER_TASK:-1}}
# The --out folder: solutions.txt, templates.tsv, ... (about 3 GB for six cards on deck
# 1-7, more on 1-13). OUT= (empty) writes none: the report alone.
OUT=${OUT-six-${SLURM_JOB_ID:-local}}
# pmix or pmi2, whichever `srun --mpi=list` offers and Open MPI was built for. A plain
# `srun` (no --mpi) starts N tasks that t24 study refuses: each would run the whole study.
MPI=${MPI:-pmix}
ARGS=${ARGS:-}                     # more t24 study options, split at spaces: "--timings --json"

# shellcheck disable=SC2086  # ARGS is a list of options

srun --mpi="$MPI" "$T24" study --cards "$CARDS" --deck "$DECK" \
    --threads "$THREADS" --time-limit "$TIME_LIMIT" ${OUT:+--out "$OUT"} $ARGS
