#!/usr/bin/env bash
# Regenerates the two generated parts of docs/constants.md: the constants table from
# ConstantCatalogue (the one place the engine's constants taken from outside are listed with their
# sources) and the strategy defaults from the strategy registry, with the debug build `swift test`
# makes. Run it after changing such a constant or its source; ConstantCatalogueTests fails while
# the committed table differs from the catalogue.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests >/dev/null
bin="$(swift build --show-bin-path)/prefetchlab"
doc=docs/constants.md
section_file="$(mktemp)"
trap 'rm -f "$section_file" "$doc.tmp"' EXIT

# replace BEGIN END SECTION: keep everything outside the markers, put the section between them.
replace() {
  local begin="$1" end="$2" section="$3"
  grep -qxF "$begin" "$doc" && grep -qxF "$end" "$doc" || { echo "$doc: markers not found: $begin" >&2; exit 1; }
  "$bin" constants --format markdown --section "$section" >"$section_file"
  awk -v begin="$begin" -v end="$end" -v table="$section_file" '
    $0 == begin { print; while ((getline line < table) > 0) print line; skipping = 1; next }
    $0 == end { skipping = 0 }
    !skipping { print }
  ' "$doc" >"$doc.tmp"
  mv "$doc.tmp" "$doc"
}

replace '<!-- constants table: generated from ConstantCatalogue by scripts/update-constants-doc.sh; do not edit -->' \
  '<!-- end of constants table -->' engine
replace '<!-- strategy defaults: generated from StrategyRegistry by scripts/update-constants-doc.sh; do not edit -->' \
  '<!-- end of strategy defaults -->' strategies
git --no-pager diff --stat -- "$doc" 2>/dev/null || true
