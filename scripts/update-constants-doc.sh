#!/usr/bin/env bash
# Regenerates the constants table of docs/constants.md from ConstantCatalogue (the one place the
# constants taken from outside are listed with their sources), with the debug build `swift test`
# makes. Run it after changing such a constant or its source; ConstantCatalogueTests fails while
# the committed table differs from the catalogue.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests >/dev/null
bin="$(swift build --show-bin-path)/prefetchlab"
doc=docs/constants.md
begin='<!-- constants table: generated from ConstantCatalogue by scripts/update-constants-doc.sh; do not edit -->'
end='<!-- end of constants table -->'
grep -qxF "$begin" "$doc" && grep -qxF "$end" "$doc" || { echo "$doc: markers not found" >&2; exit 1; }

table="$(mktemp)"
trap 'rm -f "$table" "$doc.tmp"' EXIT
"$bin" constants --format markdown >"$table"
# Keep everything outside the markers, replace what is between them.
awk -v begin="$begin" -v end="$end" -v table="$table" '
  $0 == begin { print; while ((getline line < table) > 0) print line; skipping = 1; next }
  $0 == end { skipping = 0 }
  !skipping { print }
' "$doc" >"$doc.tmp"
mv "$doc.tmp" "$doc"
git --no-pager diff --stat -- "$doc" 2>/dev/null || true
