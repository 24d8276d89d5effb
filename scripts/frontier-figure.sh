#!/usr/bin/env bash
# Where one strategy stands on each scenario's stall-versus-waste trade-off, from a results
# folder's summary.csv: per scenario its mean stall_ms and wasted_bytes over the seeds, whether it
# is Pareto-optimal among the strategies run (no other has a mean at least as low on both and
# lower on one; the clairvoyant `oracle` is a bound, not a contender, and is left out), which
# strategies dominate it, and whether its mean is the highest on either metric ("worst": highest
# while some other is lower; "tied worst": highest together with others). Ends with the figure:
# on the frontier in K of N scenarios.
#
#   scripts/frontier-figure.sh results/baseline                 # adaptive
#   scripts/frontier-figure.sh results/latest fixed_threshold   # any strategy label, e.g. fixed_threshold:ratio=0.5
#   REFERENCES="oracle my_bound" scripts/frontier-figure.sh DIR # strategies to leave out
#
# Exit status: 0, or 64 for a usage error, 65 when summary.csv lacks a column or the strategy.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 || "$1" == -* ]]; then
  echo "usage: scripts/frontier-figure.sh RESULTS_DIR [STRATEGY]   (default strategy: adaptive)" >&2
  exit 64
fi
summary="$1/summary.csv"
if [[ ! -f "$summary" ]]; then
  echo "frontier-figure: $summary: no such file" >&2
  exit 65
fi
target="${2:-adaptive}"
references="${REFERENCES:-oracle}"

awk -v target="$target" -v references="$references" -v file="$summary" '
  # Splits a CSV record (RFC 4180 quoting, as prefetchlab writes it) into f[1..n]; returns n.
  function split_csv(line, f,    n, i, c, field, quoted) {
    n = 0; field = ""; quoted = 0
    for (i = 1; i <= length(line); i++) {
      c = substr(line, i, 1)
      if (quoted) {
        if (c == "\"") {
          if (substr(line, i + 1, 1) == "\"") { field = field "\""; i++ } else { quoted = 0 }
        } else { field = field c }
      } else if (c == "\"") { quoted = 1
      } else if (c == ",") { f[++n] = field; field = ""
      } else if (c != "\r") { field = field c }
    }
    f[++n] = field
    return n
  }
  BEGIN {
    count = split(references, list, " ")
    for (i = 1; i <= count; i++) reference[list[i]] = 1
  }
  NR == 1 {
    n = split_csv($0, header)
    for (i = 1; i <= n; i++) column[header[i]] = i
    split("scenario strategy params stall_ms wasted_bytes", needed, " ")
    for (i = 1; i <= 5; i++) if (!(needed[i] in column)) {
      printf "frontier-figure: %s: no column %s\n", file, needed[i] > "/dev/stderr"; bad = 1; exit 65
    }
    next
  }
  {
    split_csv($0, f)
    scenario = f[column["scenario"]]; strategy = f[column["strategy"]]
    if (strategy in reference) next
    label = strategy (f[column["params"]] == "" ? "" : ":" f[column["params"]])
    if (!(scenario in seen)) { seen[scenario] = 1; order[++scenarios] = scenario }
    key = scenario SUBSEP label
    if (!(key in runs)) { labels[scenario] = labels[scenario] SUBSEP label }
    runs[key]++; stall[key] += f[column["stall_ms"]]; waste[key] += f[column["wasted_bytes"]]
  }
  END {
    if (bad) exit 65
    printf "%-24s %12s %14s  %-9s %s\n", "scenario", "stall_ms", "wasted_kB", "frontier", "note"
    for (s = 1; s <= scenarios; s++) {
      scenario = order[s]; key = scenario SUBSEP target
      if (!(key in runs)) { printf "%-24s %12s %14s  %-9s %s\n", scenario, "–", "–", "–", "not run"; continue }
      measured++
      ts = stall[key] / runs[key]; tw = waste[key] / runs[key]
      m = split(substr(labels[scenario], 2), names, SUBSEP)
      dominators = ""; maxS = ts; minS = ts; maxW = tw; minW = tw; tieS = 0; tieW = 0
      for (i = 1; i <= m; i++) {
        if (names[i] == target) continue
        k = scenario SUBSEP names[i]; os = stall[k] / runs[k]; ow = waste[k] / runs[k]
        if (os <= ts && ow <= tw && (os < ts || ow < tw)) dominators = dominators (dominators == "" ? "" : ",") names[i]
        if (os > maxS) maxS = os; if (os < minS) minS = os; if (os == ts) tieS = 1
        if (ow > maxW) maxW = ow; if (ow < minW) minW = ow; if (ow == tw) tieW = 1
      }
      note = dominators == "" ? "" : "dominated by " dominators
      if (ts == maxS && maxS > minS) { worst = tieS ? "tied worst stall" : "worst stall"; note = note (note == "" ? "" : "; ") worst; if (!tieS) worstStall++ }
      if (tw == maxW && maxW > minW) { worst = tieW ? "tied worst waste" : "worst waste"; note = note (note == "" ? "" : "; ") worst; if (!tieW) worstWaste++ }
      if (dominators == "") onFrontier++
      printf "%-24s %12.1f %14.1f  %-9s %s\n", scenario, ts, tw / 1000, dominators == "" ? "yes" : "no", note
    }
    if (measured == 0) { printf "frontier-figure: %s: no runs of %s\n", file, target > "/dev/stderr"; exit 65 }
    printf "\n%s is on the stall-versus-waste Pareto frontier in %d of %d scenarios (%.0f %%); the worst (alone) on stall in %d, on waste in %d.\n", target, onFrontier, measured, 100 * onFrontier / measured, worstStall + 0, worstWaste + 0
  }
' "$summary"
