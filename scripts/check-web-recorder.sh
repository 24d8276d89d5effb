#!/usr/bin/env bash
# Checks the web scroll recorder (recorders/web/scroll-recorder.js) in headless Chromium: a local
# page scrolls itself as a finger would (a drag released into a fling, a pause, a drag back) while
# the recorder watches; the CSV it writes must validate and replay as a scenario's scroll.trace,
# and fit-users must find its two touches and one fling. Usage:
#   scripts/check-web-recorder.sh [PREFETCHLAB]     (default: prefetchlab on PATH)
# Exit 0 when all holds, 1 otherwise; 77 (skipped) when Chromium is not installed and CI is unset.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prefetchlab="${1:-prefetchlab}"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
  if [ -n "${CI:-}" ]; then echo "Chromium is not installed (apt-get install chromium)" >&2; exit 1; fi
  echo "Chromium is not installed: web recorder check skipped" >&2; exit 77
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Virtual time runs the page's timers at once, so the 3 s of scrolling take well under a second.
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
  --disable-extensions --user-data-dir="$work/profile" --window-size=400,800 --virtual-time-budget=20000 \
  --dump-dom "file://$root/scripts/web-recorder/check-page.html" >"$work/dom.html" 2>"$work/chromium.log" || {
  cat "$work/chromium.log" >&2; exit 1; }
python3 - "$work/dom.html" "$work/session.csv" <<'PY'
import html, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
match = re.search(r'<pre id="csv">(.*?)</pre>', dom, re.S)
text = html.unescape(match.group(1)) if match else ""
if not text.startswith("t_ms,offset_pt,phase\n"):
    sys.exit("the page wrote no recording: %r" % text[:200])
open(sys.argv[2], "w", encoding="utf-8").write(text)
phases = [line.split(",")[2] for line in text.splitlines()[1:]]
for phase in ("idle", "dragging", "decelerating"):
    if phase not in phases:
        sys.exit("the recording has no %s row" % phase)
print("recorded %d rows" % len(phases))
PY

cat >"$work/web.json" <<'JSON'
{
  "name": "web-recorder",
  "feed": { "total_items": 400, "page_size": 20, "item_height_pt": 241 },
  "network": { "rtt_ms": 100 },
  "scroll": { "physics": "ios", "trace": { "path": "session.csv", "format": "offset_csv" } }
}
JSON
"$prefetchlab" validate "$work/web.json"
"$prefetchlab" trace "$work/web.json" --interval-ms 100 --out "$work/trace.csv"
python3 - "$work/session.csv" "$work/trace.csv" <<'PY'
import sys
def column(path, name):
    lines = open(path, encoding="utf-8").read().splitlines()
    index = lines[0].split(",").index(name)
    return [float(line.split(",")[index]) for line in lines[1:]]
recorded = max(column(sys.argv[1], "offset_pt"))
replayed = max(column(sys.argv[2], "offset_pt"))
if recorded < 800 or abs(recorded - replayed) > 0.001:
    sys.exit("the replay reached %s pt, the recording %s pt" % (replayed, recorded))
print("replayed to %s pt as recorded" % replayed)
PY
"$prefetchlab" fit-users "$work/session.csv" --scenario "$work/web.json" --out "$work/population.json" 2>"$work/fit.txt"
grep -q " 2 touches" "$work/fit.txt" || { cat "$work/fit.txt" >&2; echo "fit-users did not find the 2 touches" >&2; exit 1; }
grep -Eq "fling_fraction +0\.5 " "$work/fit.txt" || { cat "$work/fit.txt" >&2; echo "fit-users did not find 1 fling in 2 touches" >&2; exit 1; }
echo "web recorder: recording validated, replayed and fitted (2 touches, 1 fling)"
