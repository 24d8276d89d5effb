#!/usr/bin/env bash
# Submits a sweep as a Slurm job array of N tasks and a merge job that starts when all of them
# succeeded. Prints the two job ids.
#
#   scripts/slurm/submit.sh N OUT_DIR [--wait] [--replace] -- RUN_ARGUMENTS...
#   scripts/slurm/submit.sh 8 results/sweep -- scenarios/ --seeds 1-200 --no-plots
#
# --wait blocks until the merge job has finished and exits with its status (sbatch --wait).
# --replace lets the merge replace an existing OUT_DIR (a rerun into the same folder); without it
# the merge job exits 64 naming the folder and leaves it as it was.
# Environment: PREFETCHLAB (binary; default prefetchlab on PATH), SHARDS (default
# OUT_DIR.shards), SBATCH_OPTIONS (extra sbatch options for both jobs, e.g. "--partition=long").
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
count="${1:?usage: submit.sh N OUT_DIR [--wait] [--replace] -- RUN_ARGUMENTS...}"
out="${2:?usage: submit.sh N OUT_DIR [--wait] [--replace] -- RUN_ARGUMENTS...}"
shift 2
wait=()
replace=()
while [ "${1:-}" = "--wait" ] || [ "${1:-}" = "--replace" ]; do
  if [ "$1" = "--wait" ]; then wait=(--wait); else replace=(--replace); fi
  shift
done
[ "${1:-}" = "--" ] && shift
export PREFETCHLAB="${PREFETCHLAB:-prefetchlab}"
export SHARDS="${SHARDS:-$out.shards}"
# Shards of an earlier submission must not mix with this one's (merge would refuse them anyway).
rm -rf "$SHARDS"
read -r -a extra <<<"${SBATCH_OPTIONS:-}"
array="$(sbatch --parsable "${extra[@]}" --export=ALL --array="1-$count" "$here/sweep.sbatch" "$@")"
array="${array%%;*}"
merge="$(sbatch --parsable "${extra[@]}" --export=ALL --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  "${wait[@]}" "$here/merge.sbatch" "$out" "${replace[@]}")"
echo "array job $array ($count tasks), merge job ${merge%%;*} -> $out"
