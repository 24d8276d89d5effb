#!/usr/bin/env bash
# Simulator speed benchmark: builds in release mode and prints simulated frames per CPU-second
# for each strategy on 10-minute 60 Hz sessions (1 000- and 1 000 000-item feeds, with and
# without media), then peak memory. Extra arguments go to `prefetchlab bench`
# (e.g. --repetitions 10, --strategy fixed_threshold).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product prefetchlab >/dev/null
exec .build/release/prefetchlab bench "$@"
