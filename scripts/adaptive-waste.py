#!/usr/bin/env python3
"""Where a strategy's wasted bytes come from, per scenario: reads a results folder's run tables
(events.csv.gz and ttc.csv.gz, or their plain forms, written with `--run-files all`: the default
`report` writes rows only for the runs the report draws) and splits each run's wasted bytes by the
request they were moved for:

  pages_unreached    pages delivered of which no row was ever seen (fetched ahead, never reached)
  pages_cancelled    bytes moved by page requests cancelled, failed or timed out
  img_ahead_unseen   images completed for rows never seen
  img_ahead_cancel   images cancelled for rows not yet seen (whether or not seen later)
  img_left_complete  images for rows that had been on screen, completed after the row had left
                     (at its first showing) and not seen on screen afterwards
  img_left_cancel    images for rows that had been on screen, cancelled (the row had left)
  img_failed         images that failed or timed out
  invalidated        bytes a pull to refresh threw away (summary.csv's invalidated_bytes)

`img_left_complete` takes the row's first showing from ttc.csv (first_visible_ms, complete = 0:
it left before its image came); a row that left and came back after the image arrived made the
image used, which this table cannot tell: the `residual` column (summary.csv's wasted_bytes minus
the split's sum, negative when the split over-counts) says how far off the split is.

  scripts/adaptive-waste.py results/waste                    # every run in the folder
  scripts/adaptive-waste.py results/waste --strategies adaptive,fixed_threshold

Prints one line per scenario and strategy label: means over the seeds the events table holds,
kB, with how many runs were averaged against summary.csv's count (the default `--run-files
report` writes rows only for the runs the report draws; use `--run-files all`).
Exit status: 0; 64 for a usage error; 65 when the folder lacks a table.
Standard library only.
"""

import argparse
import csv
import gzip
import io
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATEGORIES = [
    "pages_unreached",
    "pages_cancelled",
    "img_ahead_unseen",
    "img_ahead_cancel",
    "img_left_complete",
    "img_left_cancel",
    "img_failed",
    "invalidated",
]


def fail(status, message):
    print("adaptive-waste: " + message, file=sys.stderr)
    sys.exit(status)


def open_table(folder, name):
    for candidate, opener in ((name + ".csv.gz", gzip.open), (name + ".csv", open)):
        path = os.path.join(folder, candidate)
        if os.path.isfile(path):
            return io.TextIOWrapper(opener(path, "rb"), newline="")
    fail(65, "%s: no %s.csv.gz or %s.csv" % (folder, name, name))


def label(row):
    return row["strategy"] + (":" + row["params"] if row["params"] else "")


def run_key(row):
    return (row["scenario"], label(row), row["seed"])


def read_seen(folder):
    """run -> item -> (first_visible_ms, complete at first showing)."""
    seen = {}
    with open_table(folder, "ttc") as handle:
        for row in csv.DictReader(handle):
            seen.setdefault(run_key(row), {})[int(row["item"])] = (
                float(row["first_visible_ms"]),
                row["complete"] == "1",
            )
    return seen


def read_summary(folder):
    path = os.path.join(folder, "summary.csv")
    if not os.path.isfile(path):
        fail(65, path + ": no such file")
    with open(path, newline="") as handle:
        return {
            run_key(row): (float(row["wasted_bytes"] or 0), float(row["invalidated_bytes"] or 0))
            for row in csv.DictReader(handle)
        }


def page_plan(scenario):
    """(initial page size, page size) of a bundled scenario, read from scenarios/<name>.json
    (the regular plan: page 0 holds the initial size, every later page the page size)."""
    path = os.path.join(ROOT, "scenarios", scenario + ".json")
    if not os.path.isfile(path):
        fail(65, "%s: no such bundled scenario (the page plan is read from it)" % path)
    with open(path) as handle:
        feed = json.load(handle).get("feed", {})
    size = int(feed.get("page_size", 20))
    return int(feed.get("initial_page_size", size)), size


def page_rows(plan, page):
    first, size = plan
    start = 0 if page == 0 else first + (page - 1) * size
    return range(start, start + (first if page == 0 else size))


def split_run(requests, seen, plan):
    """One run's wasted bytes by category. requests: id -> dict of the request's last state."""
    totals = dict.fromkeys(CATEGORIES, 0.0)
    for request in requests.values():
        end, at_ms, moved = request["end"], request["at_ms"], request["bytes"]
        if end is None:
            continue  # still out when the session ended: neither used nor wasted
        if request["kind"] == "page":
            if end != "completed":
                totals["pages_cancelled"] += moved
            elif not any(item in seen for item in page_rows(plan, int(request["page"]))):
                totals["pages_unreached"] += moved
            continue
        item = request["item"]
        first = seen.get(item)
        if end in ("failed", "timeout"):
            totals["img_failed"] += moved
        elif end == "cancelled":
            on_screen_before = first is not None and first[0] <= at_ms
            totals["img_left_cancel" if on_screen_before else "img_ahead_cancel"] += moved
        elif first is None:
            totals["img_ahead_unseen"] += moved
        elif first[0] <= at_ms and not first[1]:
            totals["img_left_complete"] += moved
    return totals


def read_events(folder, wanted):
    """Yields (run, requests) per run, in the table's order (each run's rows together)."""
    current = None
    requests = {}
    with open_table(folder, "events") as handle:
        for row in csv.DictReader(handle):
            key = run_key(row)
            if key != current:
                if current is not None and (not wanted or current[1] in wanted):
                    yield current, requests
                current, requests = key, {}
            if wanted and key[1] not in wanted:
                continue
            event = row["event"]
            request = requests.setdefault(
                row["request_id"],
                {"kind": row["kind"], "page": row["page"], "item": None, "end": None, "at_ms": 0.0, "bytes": 0.0},
            )
            if row["item"]:
                request["item"] = int(row["item"])
            if event in ("completed", "cancelled", "failed", "timeout"):
                request["end"] = event
                request["at_ms"] = float(row["t_ms"])
                request["bytes"] = float(row["bytes"] or 0)
    if current is not None and (not wanted or current[1] in wanted):
        yield current, requests


def main():
    parser = argparse.ArgumentParser(description="where a strategy's wasted bytes come from")
    parser.add_argument("folder", help="a results folder with events and ttc tables")
    parser.add_argument("--strategies", help="comma-separated strategy labels (default: every label)")
    try:
        args = parser.parse_args()
    except SystemExit as exit:
        sys.exit(64 if exit.code else 0)
    wanted = set(s.strip() for s in args.strategies.split(",")) if args.strategies else set()
    summary = read_summary(args.folder)
    seen = read_seen(args.folder)
    sums = {}  # (scenario, label) -> category -> total, plus runs
    plans = {}
    for run, requests in read_events(args.folder, wanted):
        plan = plans.setdefault(run[0], page_plan(run[0]))
        totals = split_run(requests, seen.get(run, {}), plan)
        wasted, invalidated = summary.get(run, (0.0, 0.0))
        totals["invalidated"] = invalidated
        totals["residual"] = wasted - sum(totals[c] for c in CATEGORIES)
        totals["wasted"] = wasted
        entry = sums.setdefault(run[:2], {"runs": 0})
        entry["runs"] += 1
        for name, value in totals.items():
            entry[name] = entry.get(name, 0.0) + value
    # The events table holds only the runs the run wrote rows for (`--run-files report`, the
    # default, keeps the runs the report draws: usually one seed). Say how many were averaged
    # and how many summary.csv has, so a one-seed mean is never read as the study's.
    in_summary = {}
    for run in summary:
        if not wanted or run[1] in wanted:
            in_summary[run[:2]] = in_summary.get(run[:2], 0) + 1
    columns = ["wasted"] + CATEGORIES + ["residual"]
    print("means over the seeds the events table holds, kB (runs: averaged / in summary.csv)")
    print("%-22s %-28s %9s %s" % ("scenario", "strategy", "runs", " ".join("%10s" % c[:10] for c in columns)))
    short = 0
    for (scenario, name), entry in sorted(sums.items()):
        cells = " ".join("%10.1f" % (entry[c] / entry["runs"] / 1000) for c in columns)
        total = in_summary.get((scenario, name), entry["runs"])
        short += entry["runs"] < total
        runs = "%d/%d" % (entry["runs"], total)
        print("%-22s %-28s %9s %s" % (scenario, name, runs, cells))
    if short:
        print(
            "note: %d label(s) averaged fewer runs than summary.csv has: run with --run-files all"
            % short,
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
