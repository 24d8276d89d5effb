#!/usr/bin/env bash
# Submits a sweep as a Slurm job array of N tasks and a merge job that starts when all of them
# succeeded. Prints the two job ids.
#
#   scripts/slurm/submit.sh N OUT_DIR [--wait] -- RUN_ARGUMENTS...
#   scripts/slurm/submit.sh 8 results/sweep -- scenarios/ --seeds 1-200 --no-plots
#
# --wait blocks until the merge job has finished and exits with its status (sbatch --wait).
# Environment: PREFETCHLAB (binary; default prefetchlab on PATH), SHARDS (default
# OUT_DIR.shards), SBATCH_OPTIONS (extra sbatch options for both jobs, e.g. "--partition=long").
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
count="${1:?usage: submit.sh N OUT_DIR [--wait] -- RUN_ARGUMENTS...}"
out="${2:?usage: submit.sh N OUT_DIR [--wait] -- RUN_ARGUMENTS...}"
shift 2
wait=()
if [ "${1:-}" = "--wait" ]; then wait=(--wait); shift; fi
[ "${1:-}" = "--" ] && shift
export PREFETCHLAB="${PREFETCHLAB:-prefetchlab}"
export SHARDS="${SHARDS:-$out.shards}"
# Shards of an earlier submission must not mix with this one's (merge would refuse them anyway).
rm -rf "$SHARDS"
read -r -a extra <<<"${SBATCH_OPTIONS:-}"
array="$(sbatch --parsable "${extra[@]}" --export=ALL --array="1-$count" "$here/sweep.sbatch" "$@")"
array="${array%%;*}"
merge="$(sbatch --parsable "${extra[@]}" --export=ALL --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  "${wait[@]}" "$here/merge.sbatch" "$out")"
echo "array job $array ($count tasks), merge job ${merge%%;*} -> $out"
