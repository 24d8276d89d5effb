#!/usr/bin/env bash
# Measures what a big run costs besides simulating: the bundled scenarios × 10 seeds with and
# without plots, the folder's size, writing against simulating time, --jobs 1 against --jobs 2,
# and peak memory. Prints one table of medians (wall-clock seconds over REPEATS runs).
#
#   scripts/bench-outputs.sh                        # builds the release binary, 3 repetitions
#   PREFETCHLAB=/path/to/prefetchlab REPEATS=5 scripts/bench-outputs.sh   # any binary, e.g. an older one
#   SEEDS=1-20 scripts/bench-outputs.sh
#
# "simulating" is the run with nothing recorded per run (--timeline-interval-ms 0: no run
# tables); "writing" is the difference to the default run, so it holds everything that
# recording, formatting and writing the run tables costs.
# Needs GNU time (/usr/bin/time) for peak memory, and gnuplot on PATH for the plotted run.
#
# The folders go under WORKDIR (default: the system's temporary folder). On ext4, creating
# thousands of files right after deleting thousands (each repetition replaces the last one's
# folder) costs a varying amount of kernel time; WORKDIR=/dev/shm (tmpfs) measures the program
# without it. The table names the file system and the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."

repeats="${REPEATS:-3}"
seeds="${SEEDS:-1-10}"
if [ -z "${PREFETCHLAB:-}" ]; then
  swift build -c release --static-swift-stdlib --product prefetchlab >/dev/null
  PREFETCHLAB="$PWD/.build/release/prefetchlab"
fi
[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install time" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "needs gnuplot on PATH: apt-get install gnuplot-nox" >&2; exit 1; }

work="$(mktemp -d "${WORKDIR:-${TMPDIR:-/tmp}}/prefetchlab-bench-outputs.XXXXXX")"
load_before="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
trap 'rm -rf "$work"' EXIT

# measure NAME ARGS...: runs `prefetchlab run scenarios/ --seeds $seeds ARGS --out $work/NAME`
# $repeats times; sets wall (median s), cpu (median user + system s, gnuplot included) and peak
# (largest max RSS, MiB). CPU time hardly depends on what else the machine runs; wall-clock time
# and the --jobs 2 speed-up do.
measure() {
  local name="$1"
  shift
  local walls=() cpus=() peaks=()
  for _ in $(seq "$repeats"); do
    rm -rf "$work/$name"
    /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$PREFETCHLAB" run scenarios/ --seeds "$seeds" "$@" \
      --out "$work/$name" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
    read -r w p u s <"$work/time"
    walls+=("$w")
    cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')")
    peaks+=("$p")
  done
  median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  wall="$(median "${walls[@]}")"
  cpu="$(median "${cpus[@]}")"
  peak="$(printf '%s\n' "${peaks[@]}" | sort -g | tail -1 | awk '{printf "%.0f", $1/1024}')"
}

measure simulate --no-plots --jobs 1 --timeline-interval-ms 0
simulate="$wall"
simulate_cpu="$cpu"
measure csv1 --no-plots --jobs 1
csv1="$wall"
csv1_cpu="$cpu"
csv_peak="$peak"
measure csv2 --no-plots --jobs 2
csv2="$wall"
csv2_cpu="$cpu"
measure plots --jobs 2
plots="$wall"
plots_cpu="$cpu"
plots_peak="$peak"

# The folder with every run's rows in every table (size only: one run).
"$PREFETCHLAB" run scenarios/ --seeds "$seeds" --jobs 2 --run-files all --out "$work/all" \
  >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
load_after="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

size() { du -sb "$1" | awk '{printf "%.1f", $1/1e6}'; }
files() { find "$1" -type f | wc -l; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a - b }'; }

runs="$(($(wc -l <"$work/csv1/summary.csv") - 1))"
echo "prefetchlab run scenarios/ --seeds $seeds: $runs runs, median of $repeats, $(nproc) cores"
echo "folders on $(df -T "$work" | awk 'NR==2 {print $2}'); load average before $load_before, after $load_after"
printf '%-52s %10s\n' "figure" "value"
printf '%-52s %10s\n' "--no-plots --jobs 1, nothing per run (simulating) s" "$simulate"
printf '%-52s %10s\n' "--no-plots --jobs 1 (simulating + writing) s" "$csv1"
printf '%-52s %10s\n' "  writing (difference) s" "$(minus "$csv1" "$simulate")"
printf '%-52s %10s\n' "  CPU: simulating s" "$simulate_cpu"
printf '%-52s %10s\n' "  CPU: simulating + writing s" "$csv1_cpu"
printf '%-52s %10s\n' "  CPU: writing (difference) s" "$(minus "$csv1_cpu" "$simulate_cpu")"
printf '%-52s %10s\n' "--no-plots --jobs 2 s" "$csv2"
printf '%-52s %10s\n' "  speed-up --jobs 2 over --jobs 1" "$(ratio "$csv1" "$csv2")x"
printf '%-52s %10s\n' "with plots --jobs 2 s" "$plots"
printf '%-52s %10s\n' "  plots / --no-plots (--jobs 2)" "$(ratio "$plots" "$csv2")x"
printf '%-52s %10s\n' "  CPU with plots (gnuplot included) / --no-plots" "$(ratio "$plots_cpu" "$csv2_cpu")x"
printf '%-52s %10s\n' "folder with plots MB" "$(size "$work/plots")"
printf '%-52s %10s\n' "  files" "$(files "$work/plots")"
printf '%-52s %10s\n' "  plots/ MB" "$(size "$work/plots/plots")"
printf '%-52s %10s\n' "  report.html MB" "$(awk -v b="$(stat -c %s "$work/plots/report.html")" 'BEGIN {printf "%.2f", b/1e6}')"
# The run tables, compressed (timeline.csv.gz, …) or plain (an older binary, --plain-tables).
tables() { find "$1" -maxdepth 1 \( -name 'timeline.csv*' -o -name 'events.csv*' -o -name 'ttc.csv*' \) -printf '%s\n' | awk '{s += $1} END {printf "%.1f", s/1e6}'; }
printf '%-52s %10s\n' "  run tables (timeline, events, ttc) MB" "$(tables "$work/plots")"
printf '%-52s %10s\n' "folder --no-plots MB" "$(size "$work/csv1")"
printf '%-52s %10s\n' "folder with plots, --run-files all MB" "$(size "$work/all")"
printf '%-52s %10s\n' "  run tables MB" "$(tables "$work/all")"
printf '%-52s %10s\n' "peak memory --no-plots --jobs 1 MiB" "$csv_peak"
printf '%-52s %10s\n' "peak memory with plots --jobs 2 MiB" "$plots_peak"
