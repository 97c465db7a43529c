#!/bin/bash
# One certified proof over a job array: each task searches its share of the cubes of DIR,
# then helps with the others' open cubes (docs/cluster.md, "One proof over many machines").
# DIR is made once, on a file system every node shares, by a split, e.g.
#   build/t24 cover --split 256 --goal 50 --cubes-dir /shared/d7 \
#       data/instances/cards5_deck1-7_target24_all.hgr
# then, from the repository's root:
#   sbatch --export=ALL,DIR=/shared/d7 examples/slurm/cubes-array.sh
#   sbatch --dependency=afterany:JOBID --export=ALL,DIR=/shared/d7 examples/slurm/merge.sh
# Resubmitting the same array goes on where it stopped: closed cubes are not searched again.
# The #SBATCH lines are defaults (sbatch --array=0-7 ... overrides them); the variables
# below are set in the environment or with sbatch --export=ALL,NAME=value.
#SBATCH --job-name=t24-cubes
#SBATCH --array=0-31
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=04:00:00
set -eu
T24=${T24:-build/t24}
DIR=${DIR:?"set DIR to the split's folder (sbatch --export=ALL,DIR=/shared/d7 ...)"}
# Seconds for this task's search; keep it below --time so that each task ends on its own
# and keeps what it closed (Slurm's SIGTERM at the end of the job does too, within a second).
TIME_LIMIT=${TIME_LIMIT:-14000}

# The task's share follows SLURM_ARRAY_TASK_ID, _MIN, _STEP and _COUNT, which t24 reads.
"$T24" cover --progress --cubes "$DIR" --time-limit "$TIME_LIMIT"
