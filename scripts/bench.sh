#!/usr/bin/env bash
# Simulator speed benchmark: builds in release mode and prints simulated frames per CPU-second
# (smallest / median / largest of 5 timed samples after a warm-up) for each strategy on
# 10-minute 60 Hz sessions (1 000- and 1 000 000-item feeds, with and without media), then peak
# memory. Extra arguments go to `prefetchlab bench`, e.g.
#   scripts/bench.sh --format json > /tmp/bench-before.json     # save a run
#   scripts/bench.sh --baseline /tmp/bench-before.json          # exit 2 if a row got >10 % slower
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product prefetchlab >/dev/null
exec .build/release/prefetchlab bench "$@"
