#!/usr/bin/env bash
# Regenerates the metric table of docs/metrics.md from MetricCatalogue (the one place metrics are
# described), with the debug build `swift test` makes. Run it after changing a metric's
# definition; SummaryColumnsTests fails while the committed table differs from the catalogue.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests >/dev/null
bin="$(swift build --show-bin-path)/prefetchlab"
doc=docs/metrics.md
begin='<!-- metric table: generated from MetricCatalogue by scripts/update-metrics-doc.sh; do not edit -->'
end='<!-- end of metric table -->'
grep -qxF "$begin" "$doc" && grep -qxF "$end" "$doc" || { echo "$doc: markers not found" >&2; exit 1; }

table="$(mktemp)"
trap 'rm -f "$table" "$doc.tmp"' EXIT
"$bin" metrics --format markdown >"$table"
# Keep everything outside the markers, replace what is between them.
awk -v begin="$begin" -v end="$end" -v table="$table" '
  $0 == begin { print; while ((getline line < table) > 0) print line; skipping = 1; next }
  $0 == end { skipping = 0 }
  !skipping { print }
' "$doc" >"$doc.tmp"
mv "$doc.tmp" "$doc"
git --no-pager diff --stat -- "$doc" 2>/dev/null || true
