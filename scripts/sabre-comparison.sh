#!/usr/bin/env bash
# Side-by-side speed of PrefetchLab and Sabre, the Python video-streaming simulator (K. Spiteri,
# R. Sitaraman, D. Sparacio, "From Theory to Practice: Improving Bitrate Adaptation in the DASH
# Reference Player", ACM MMSys 2018; github.com/UMass-LIDS/sabre, src/sabre.py, BSD 2-Clause),
# on the same work: 24 single-bitrate sessions of 600 to 2 500 s over the bundled Sabre 3G traces.
#
#   scripts/sabre-comparison.sh SABRE_PY [--rounds N] [--lead-rows N] [--jobs N]
#                               [--prefetchlab FILE] [--python CMD]
#
# SABRE_PY is your own copy of Sabre's src/sabre.py: this repository does not ship Sabre's code.
# Without it the script prints this usage and exits 64.
#
# The mapping (docs/ci.md, "Against an interpreted simulator: Sabre"): a session of S seconds is
#   Sabre:       a movie of S segments of 1 000 ms at one bitrate, 192 kbit/s, so each segment is
#                24 000 bytes (192 000 bits); --abr throughput (with one bitrate every rule picks
#                it), --max-buffer LEAD (seconds), --no-abandon (one bitrate: nothing to abandon
#                to; it also spares Sabre its download-progress loop, which favours Sabre); one
#                Python process per session, as Sabre is run.
#   PrefetchLab: a cursor feed of S rows of 400 pt, pages of one row of 24 000 bytes, no apply
#                delay, one request at a time, an 852 pt viewport at 240 Hz, one scripted drag of
#                400 pt/s (one row per second) for S seconds, paging3 with prefetch_distance LEAD
#                (a page goes out while fewer than LEAD loaded rows lie below the last row on
#                screen; Sabre fetches while less than LEAD seconds are buffered) and an
#                initial load of one row (Sabre's first request is one segment), a request
#                timeout and a patience so long that no request fails and nobody gives up (Sabre
#                waits for every segment and its player never quits); all 24 sessions in ONE
#                `prefetchlab run --no-plots --quiet --timeline-interval-ms 0`.
# Both read the same trace file: periods of bandwidth with a 100 ms latency that each request
# pays once, replayed from the start when it ends.
# Session lengths: 600 + round(i × 1900 / 23) s for i = 0…23; the two 3G traces alternate.
#
# Timing: one untimed warm-up round, then --rounds rounds (default 5), each running, in turn, the
# 24 Sabre processes, PrefetchLab with --engine event and PrefetchLab with --engine stepped, timed
# by bash's `time` (wall, and user + system CPU of every process the command waited for). Each
# round's Sabre time divided by the same round's PrefetchLab time is one paired ratio, so a
# machine whose speed drifts still gives comparable ratios. Printed: milliseconds per session
# (smallest / median / largest over the rounds) and the median paired ratio, for wall and CPU
# time, then the work each side did (segments or pages fetched, time stalled) and the load average.
# --jobs is PrefetchLab's (default 1: Sabre uses one core, so does PrefetchLab).
#
# Without --prefetchlab it builds .build/release/prefetchlab first (swift build -c release --static-swift-stdlib).
# Needs bash 4, python3 (for Sabre, and to read the results CSV) and awk. Writes only to a
# temporary folder, removed at exit. Exit status: 0 done (also --help), 1 a run failed or SABRE_PY did
# not print Sabre's summary, 64 usage error.
set -euo pipefail

usage() {
  echo "usage:" >&2
  sed -n '7,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  [[ $# -gt 0 ]] && echo "error: $1" >&2
  exit 64
}

help() {
  sed -n '7,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
}

repo="$(cd "$(dirname "$0")/.." && pwd)"
sabre=""
rounds=5
lead_rows=10
jobs=1
prefetchlab=""
python=python3
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds | --lead-rows | --jobs | --prefetchlab | --python)
      [[ $# -ge 2 ]] || usage "$1 needs a value"
      case "$1" in
        --rounds) rounds="$2" ;;
        --lead-rows) lead_rows="$2" ;;
        --jobs) jobs="$2" ;;
        --prefetchlab) prefetchlab="$2" ;;
        --python) python="$2" ;;
      esac
      shift 2
      ;;
    -h | --help) help ;;
    -*) usage "unknown option $1" ;;
    *)
      [[ -z "$sabre" ]] || usage "one SABRE_PY only (got $sabre and $1)"
      sabre="$1"
      shift
      ;;
  esac
done
[[ -n "$sabre" ]] || usage "missing SABRE_PY, the path to your copy of Sabre's src/sabre.py"
[[ -f "$sabre" && -r "$sabre" ]] || usage "$sabre is not a readable file"
for pair in "rounds:$rounds:1" "lead-rows:$lead_rows:1" "jobs:$jobs:1"; do
  IFS=: read -r name value least <<<"$pair"
  if ! [[ "$value" =~ ^[0-9]+$ ]] || ((value < least)); then
    usage "--$name must be an integer >= $least (got $value)"
  fi
done
command -v "$python" >/dev/null || usage "$python not found (--python)"

if [[ -z "$prefetchlab" ]]; then
  (cd "$repo" && swift build -c release --static-swift-stdlib --product prefetchlab >/dev/null)
  prefetchlab="$repo/.build/release/prefetchlab"
fi
[[ -x "$prefetchlab" ]] || usage "$prefetchlab is not an executable (--prefetchlab)"

traces=("$repo"/scenarios/traces/sabre/report.2010-*.json)
[[ -f "${traces[0]}" ]] || {
  echo "error: no 3G trace in $repo/scenarios/traces/sabre" >&2
  exit 1
}

work="$(mktemp -d "${TMPDIR:-/tmp}/sabre-comparison.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir "$work/scenarios" "$work/movies" "$work/sabre-out"

# The 24 sessions: length in s and trace, the same for both simulators.
sessions=24
lengths=()
session_traces=()
for ((i = 0; i < sessions; i++)); do
  lengths+=($((600 + (2 * i * 1900 + 23) / 46)))
  session_traces+=("${traces[i % ${#traces[@]}]}")
done

for ((i = 0; i < sessions; i++)); do
  s=${lengths[i]}
  id=$(printf 's%02d' "$i")
  # Sabre: S one-second segments of 192 000 bits at one bitrate.
  awk -v n="$s" 'BEGIN {
    printf "{\"segment_duration_ms\": 1000, \"bitrates_kbps\": [192], \"segment_sizes_bits\": ["
    for (k = 0; k < n; k++) printf "%s[192000]", (k ? ", " : "")
    print "]}"
  }' >"$work/movies/$id.json"
  # PrefetchLab: S rows, one row per second for S seconds.
  cat >"$work/scenarios/$id.json" <<EOF
{
  "name": "sabre-$id",
  "description": "Sabre comparison session $i: $s s over $(basename "${session_traces[i]}")",
  "duration_s": $s,
  "patience_ms": 1000000000,
  "viewport": { "height_pt": 852, "frame_rate_hz": 240 },
  "feed": {
    "total_items": $s, "page_size": 1, "item_height_pt": 400, "page_bytes": 24000, "apply_delay_ms": 0
  },
  "network": {
    "trace": { "path": "${session_traces[i]}", "format": "periods" },
    "max_concurrent_requests": 1, "timeout_ms": 1000000000
  },
  "scroll": { "physics": "ios", "script": [{ "drag": { "velocity_pt_s": 400, "duration_ms": $((s * 1000)) } }] },
  "strategies": [{ "name": "paging3", "prefetch_distance": $lead_rows, "initial_load_size": 1 }]
}
EOF
done

run_sabre() {
  local i
  for ((i = 0; i < sessions; i++)); do
    "$python" "$sabre" --network "${session_traces[i]}" --movie "$work/movies/s$(printf %02d "$i").json" \
      --abr throughput --max-buffer "$lead_rows" --no-abandon >"$work/sabre-out/$i.txt" || return 1
  done
}

run_prefetchlab() {
  "$prefetchlab" run "$work/scenarios" --out "$work/out-$1" --engine "$1" --jobs "$jobs" \
    --no-plots --quiet --timeline-interval-ms 0 >/dev/null
}

# Appends "wall cpu" (seconds) of one run of "$@" to the file $1's.
TIMEFORMAT='%3R %3U %3S'
timed() {
  local file="$1" status=0
  shift
  { time "$@" 2>>"$work/stderr.txt" || status=$?; } 2>"$work/time.txt"
  if ((status != 0)); then
    echo "error: $* failed (exit $status):" >&2
    cat "$work/stderr.txt" >&2
    exit 1
  fi
  awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$work/time.txt" >>"$file"
}

load_before="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
for ((round = 0; round <= rounds; round++)); do
  for side in sabre event stepped; do
    file="$work/times-$side.txt"
    ((round > 0)) || file=/dev/null
    if [[ $side == sabre ]]; then timed "$file" run_sabre; else timed "$file" run_prefetchlab "$side"; fi
  done
  if ((round == 0)); then
    # The warm-up's outputs must be Sabre's before any time is taken for it.
    for ((i = 0; i < sessions; i++)); do
      grep -q '^total rebuffer: ' "$work/sabre-out/$i.txt" || {
        echo "error: $sabre did not print Sabre's summary ('total rebuffer: …') for session $i;" \
          "is it Sabre's src/sabre.py?" >&2
        exit 1
      }
    done
  fi
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

# min / median / max of column $2 of file $1, per session, in ms.
spread() {
  awk -v c="$2" -v n="$sessions" '{ print $c * 1000 / n }' "$1" | sort -g |
    awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "%8.2f %8.2f %8.2f", v[1], m, v[NR] }'
}
# Median over rounds of Sabre's column $2 divided by the same round's column $2 of file $1.
paired_ratio() {
  paste -d' ' "$work/times-sabre.txt" "$1" | awk -v c="$2" '{ print $c / $(c + 2) }' | sort -g |
    awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "%7.1f×", m }'
}

total_s=0
for s in "${lengths[@]}"; do total_s=$((total_s + s)); done
echo "24 single-bitrate sessions of ${lengths[0]}–${lengths[sessions - 1]} s (${total_s} s in all) over" \
  "$(for t in "${traces[@]}"; do basename "$t"; done | paste -sd' ')"
echo "lead $lead_rows rows / $lead_rows s of buffer; $rounds paired rounds after 1 warm-up;" \
  "PrefetchLab --jobs $jobs; load average before $load_before, after $load_after"
echo
printf '%-44s %26s %26s %9s %9s\n' "ms per session (min / median / max)" "wall" "cpu (user + sys)" \
  "Sabre ÷" "Sabre ÷"
printf '%-44s %26s %26s %9s %9s\n' "" "" "" "(wall)" "(cpu)"
printf '%-44s %s   %s\n' "Sabre ($python, one process per session)" \
  "$(spread "$work/times-sabre.txt" 1)" "$(spread "$work/times-sabre.txt" 2)"
for engine in event stepped; do
  f="$work/times-$engine.txt"
  printf '%-44s %s   %s %9s %9s\n' "PrefetchLab --engine $engine (one run)" "$(spread "$f" 1)" \
    "$(spread "$f" 2)" "$(paired_ratio "$f" 1)" "$(paired_ratio "$f" 2)"
done

echo
# The work each side did, from the last round's outputs: what was fetched and how long users waited.
"$python" - "$work" "$sessions" "$total_s" <<'EOF'
import csv, os, sys
work, sessions, segments = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rebuffer_s = 0.0
for i in range(sessions):
    with open(os.path.join(work, "sabre-out", f"{i}.txt")) as f:
        fields = dict(line.split(": ", 1) for line in f.read().splitlines() if ": " in line)
    rebuffer_s += float(fields["total rebuffer"])
print(f"work: Sabre's movies hold {segments} segments; it rebuffered {rebuffer_s:.1f} s;", end="")
for engine in ("event", "stepped"):
    with open(os.path.join(work, f"out-{engine}", "summary.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    pages = sum(int(r["page_requests"]) for r in rows)
    stall_s = sum(float(r["stall_ms"]) for r in rows) / 1000
    print(f" PrefetchLab {engine}: {pages} pages fetched, {stall_s:.1f} s stalled;", end="")
print()
EOF
