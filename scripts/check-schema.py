#!/usr/bin/env python3
"""Checks `prefetchlab schema` with an off-the-shelf validator (Python jsonschema, Draft 2020-12).

usage: check-schema.py SCHEMA --valid DIR... --invalid DIR...

Every *.json file directly in a --valid folder must validate; every one in an --invalid folder
must not. Exits 0 when all hold, 1 otherwise (listing each file that broke its expectation),
2 when jsonschema is not installed (pip install jsonschema).
"""
import glob
import json
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("check-schema: the jsonschema package is not installed (pip install jsonschema)", file=sys.stderr)
    sys.exit(2)


def main(argv):
    schema_path, expectations, mode = argv[1], [], None
    for arg in argv[2:]:
        if arg in ("--valid", "--invalid"):
            mode = arg == "--valid"
        elif mode is None:
            print(f"check-schema: expected --valid or --invalid before {arg}", file=sys.stderr)
            return 2
        else:
            expectations += [(path, mode) for path in sorted(glob.glob(arg + "/*.json"))]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    failures = 0
    for path, should_pass in expectations:
        with open(path, encoding="utf-8") as handle:
            errors = list(validator.iter_errors(json.load(handle)))
        if should_pass and errors:
            failures += 1
            print(f"{path}: rejected by the schema: {errors[0].message[:300]}")
        elif not should_pass and not errors:
            failures += 1
            print(f"{path}: accepted by the schema, but the loader rejects it")
    checked = len(expectations)
    print(f"check-schema: {checked - failures} of {checked} files as expected")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
