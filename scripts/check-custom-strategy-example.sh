#!/usr/bin/env bash
# Builds Examples/CustomStrategy — an app's own `prefetchlab` from a package that depends on this
# one, the way README's "Your own strategy" shows — and checks that its strategy is known by name
# in `list` and runs with a parameter given on the command line. CI runs it so the documented
# example keeps compiling against the public API.
set -euo pipefail
cd "$(dirname "$0")/../Examples/CustomStrategy"

swift build 2>&1 | grep -E 'error|warning: ' && { echo "the example does not build cleanly" >&2; exit 1; } || true
swift build >/dev/null
bin="$(swift build --show-bin-path)/my-prefetchlab"

"$bin" list | grep -q '^lead_screens' || { echo "list does not show lead_screens" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$bin" run ../../scenarios/reader-lte.json --strategy lead_screens:lead_screens=3 \
  --strategy infinite_scroll --no-plots --quiet --out "$out/results" >/dev/null
grep -q '^reader-lte,lead_screens,lead_screens=3,' "$out/results/summary.csv" \
  || { echo "summary.csv has no lead_screens row" >&2; exit 1; }
echo "OK: Examples/CustomStrategy builds, lists lead_screens and runs it with lead_screens=3"
