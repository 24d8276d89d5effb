#!/usr/bin/env bash
# Regenerates results/baseline/, the regression gate's baseline, from the bundled scenarios with
# the binary .ci/run checks it with: the debug build `swift test` makes (build once in CI).
#
# Run it when a change is meant to move metrics (a strategy, the engine, a scenario, a new metric
# column), review `git diff results/baseline`, and commit the result with the change.
# The baseline holds summary.csv and manifest.json only (no timelines, events, plots or reports):
# small diffs.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests   # what `swift test` builds; nothing to do right after it
bin="$(swift build --show-bin-path)/prefetchlab"

"$bin" run scenarios/ --timeline-interval-ms 0 --no-plots --out results/baseline --replace >/dev/null
# The new baseline must reproduce: a fresh run of its recorded command matches it exactly.
"$bin" check --baseline results/baseline --fail-on-any-change

if command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git --no-pager diff --stat -- results/baseline
fi
