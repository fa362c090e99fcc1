#!/bin/bash
# Write the task files, submit the generate array and the merge job that
# waits for it. Run from the directory that holds (or will hold) data/.
#
#   SHARDS=8 deploy/slurm/submit.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
COLLABCRAFT=${COLLABCRAFT:-collabcraft}
DATA=${DATA:-$PWD/data}
SHARDS=${SHARDS:-8}
export COLLABCRAFT DATA SHARDS

mkdir -p logs "$DATA/runs"
"$COLLABCRAFT" procgen suite --out "$DATA/tasks" --seed "${TASK_SEED:-0}"

array=$(sbatch --parsable --array="0-$((SHARDS - 1))" --export=ALL "$here/generate.sbatch")
array=${array%%;*} # "jobid;cluster" on federated clusters
merge=$(sbatch --parsable --dependency="afterok:$array" --export=ALL "$here/merge.sbatch")
echo "generate: array job $array ($SHARDS shards); merge: job $merge after it"
echo "watch: squeue -j $array,$merge; logs in logs/"
