#!/usr/bin/env bash
# Regenerates the key tables of docs/scenario-format.md from ScenarioDefinitions (the definitions
# the loader reads scenario files with) and docs/scenario.schema.json from `prefetchlab schema`,
# with the debug build `swift test` makes. Run it after changing a key; SchemaTests and
# ScenarioDocTests fail while the committed files differ from what the code generates.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests >/dev/null
bin="$(swift build --show-bin-path)/prefetchlab"
"$bin" schema >docs/scenario.schema.json
tables="$(mktemp)"
trap 'rm -f "$tables"' EXIT
"$bin" schema --format markdown >"$tables"
python3 - docs/scenario-format.md "$tables" <<'PY'
import sys
doc_path, tables_path = sys.argv[1], sys.argv[2]
blocks, name, current = {}, None, []
for line in open(tables_path, encoding="utf-8").read().split("\n"):
    if line.startswith("<!-- keys: "):
        name, current = line, []
    elif line == "<!-- end of keys -->" and name:
        blocks[name], name = current, None
    elif name:
        current.append(line)
out, skipping = [], False
for line in open(doc_path, encoding="utf-8").read().split("\n"):
    if skipping:
        if line == "<!-- end of keys -->":
            skipping = False
            out.append(line)
        continue
    out.append(line)
    if line in blocks:
        out += blocks[line]
        skipping = True
open(doc_path, "w", encoding="utf-8").write("\n".join(out))
PY
git --no-pager diff --stat -- docs/scenario-format.md docs/scenario.schema.json 2>/dev/null || true
