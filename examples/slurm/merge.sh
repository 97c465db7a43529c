#!/bin/bash
# Merges the cubes' proofs of DIR into DIR/proof.cert, which t24-check verifies before the
# merge calls anything proven; with cubes still open it writes nothing and estimates the
# work left (docs/cluster.md, "What the merge checks"). After the array, from the
# repository's root:
#   sbatch --dependency=afterany:JOBID --export=ALL,DIR=/shared/d7 examples/slurm/merge.sh
# The variables below are set in the environment or with sbatch --export=ALL,NAME=value.
#SBATCH --job-name=t24-merge
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --mem=4G
#SBATCH --time=12:00:00
set -eu
T24=${T24:-build/t24}              # finds the t24-check beside it (or set T24_CHECK)
DIR=${DIR:?"set DIR to the split's folder (sbatch --export=ALL,DIR=/shared/d7 ...)"}
# Seconds for the merge and t24-check's verdict: a certificate of 1 GB takes about 5
# minutes to check, deck 1-7's goal 50 (about 112 GB) about 10 hours (docs/cluster.md,
# "Plan the disk and the check"); its memory does not grow with the certificate.
TIME_LIMIT=${TIME_LIMIT:-40000}

"$T24" cover --merge "$DIR" --time-limit "$TIME_LIMIT"
