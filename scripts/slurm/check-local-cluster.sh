#!/usr/bin/env bash
# Proves the Slurm scripts on a real Slurm: starts a private single-node cluster
# (local-cluster.sh), submits the bundled scenarios × SEEDS as a job array of TASKS tasks with a
# merge job after it (submit.sh), waits, and checks that the merged folder equals the unsharded
# run byte for byte (summary.csv, manifest.json, the run tables). Exits non-zero, with the
# daemons' and jobs' logs, if the cluster cannot start or anything differs. Needs root.
#
#   scripts/slurm/check-local-cluster.sh            # PREFETCHLAB=... to use a given binary
#   TASKS=4 SEEDS=1-3 scripts/slurm/check-local-cluster.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
tasks="${TASKS:-3}"
seeds="${SEEDS:-1-2}"
if [ -z "${PREFETCHLAB:-}" ]; then
  swift build --product prefetchlab >/dev/null
  PREFETCHLAB="$(swift build --show-bin-path)/prefetchlab"
fi
export PREFETCHLAB
work="$(mktemp -d "${TMPDIR:-/tmp}/prefetchlab-slurm-check.XXXXXX")"
cluster="$work/cluster"
finish() {
  scripts/slurm/local-cluster.sh stop "$cluster" || true
  rm -rf "$work"
}
trap finish EXIT

if ! started="$(scripts/slurm/local-cluster.sh start "$cluster")"; then
  echo "FAIL: the local Slurm cluster did not start (see the logs above)" >&2
  exit 1
fi
eval "$started"
echo "slurm: $(sinfo -h -o '%P %D node, %c CPUs, %T' | head -1) ($(sinfo -V))"

started_at=$(date +%s)
"$PREFETCHLAB" run scenarios/ --seeds "$seeds" --no-plots --quiet --out "$work/whole" >/dev/null
export SBATCH_OPTIONS="--chdir=$PWD --output=$work/job-%A_%a.log"
if ! scripts/slurm/submit.sh "$tasks" "$work/merged" --wait -- scenarios/ --seeds "$seeds" --no-plots; then
  echo "FAIL: the Slurm jobs did not succeed; their logs:" >&2
  tail -n 20 "$work"/job-*.log >&2 || true
  sacct >/dev/null 2>&1 || true
  exit 1
fi
runs=$(($(wc -l <"$work/whole/summary.csv") - 1))
# merge moves the shards into the merged folder: their folders are gone once it succeeded.
left=$(find "$work/merged.shards" -mindepth 1 -maxdepth 1 -name 'shard-*' 2>/dev/null | wc -l)
echo "array tasks + merge job finished in $(($(date +%s) - started_at)) s; shard folders left after the merge: $left"
if [ "$left" -ne 0 ]; then
  echo "FAILED: merge left $left shard folders in $work/merged.shards" >&2
  exit 1
fi
if diff -r "$work/whole" "$work/merged" >"$work/diff" 2>&1; then
  echo "OK: merged folder of $runs runs is byte-identical to the unsharded run" \
    "(summary.csv $(sha256sum <"$work/merged/summary.csv" | cut -c1-12), manifest.json $(sha256sum <"$work/merged/manifest.json" | cut -c1-12), $(find "$work/merged" -type f | wc -l) files)"
else
  echo "FAIL: the merged folder differs from the unsharded run:" >&2
  head -n 20 "$work/diff" >&2
  exit 1
fi
