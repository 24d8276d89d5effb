#!/usr/bin/env python3
"""How close a strategy (default `adaptive`) comes to the goal of being the best strategy an app
can run: measured on the bundled scenarios that run the default strategies (those without a
`strategies` list), at their 10 seeds, with PrefetchLab's own comparisons.

Per scenario it prints, for the strategy:
  - whether it is on the stall-versus-waste and on the blank-versus-waste Pareto frontiers,
    significance-aware and abandonment-aware: the contenders are the strategies `recommend`
    keeps (the oracle and those ruled out because their users abandon significantly more are
    left out, read from `recommend --format csv`'s `not_considered`); another contender
    dominates it when its means are at least as low on both metrics and `compare --pair` calls
    it significantly better on at least one (paired over seeds, the same test as every report);
  - the share of the headroom between `infinite_scroll` and `oracle` it closes on stall_ms and
    blank_ms, (I − X) / (I − O) on the means, and whether that gap is significant (compare's
    verdict of infinite_scroll against oracle);
  - the headline metrics (stall_ms, blank_ms, wasted_bytes, abandoned) on which it is the sole
    worst: every other contender significantly better;
and closes with the goal's figures: frontier shares (goal >= 80 % each), scenarios with a
significant gap where the stall share is below 80 % or the blank share below 60 %, sole-worst
scenarios.

Sweep mode (--sweep P1,P2,...) runs the strategy at each waste price
(`waste_price_ms_per_mb=P`, its other parameters kept) beside the other default strategies and
reports how often the blank-versus-waste curve of its settings lies on or outside every other
strategy's point: a point is covered when some setting's means are at least as low on both
blank_ms and wasted_bytes. With --results, every label in the folder that is not the strategy at
some price is a point (so a folder holding `adaptive` beside `adaptive:planner=mpc` at several
prices judges mpc's curve against lead too).

  scripts/adaptive-goal.py                          # release build, runs into results/adaptive-goal
  scripts/adaptive-goal.py --results results/baseline   # analyse a folder already run
  scripts/adaptive-goal.py --strategy adaptive:planner=mpc --sweep 0,30,100,300,1000
  scripts/adaptive-goal.py --strategy adaptive:planner=lead
  scripts/adaptive-goal.py --scenarios jump-far,user-jumper --seeds 1-3   # a quick subset

Exit status: 0 (whatever the figures), 64 for a usage error, 65 when a folder lacks what it needs,
and when a command it starts (the build, a run, compare, recommend) fails: the command's own status
if it is 64 or 65 (its input was refused), else 70, after a message naming the command and quoting
its standard error.
Standard library only; every statistical judgement comes from the prefetchlab binary.
"""

import argparse
import csv
import io
import json
import os
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADLINE = ["stall_ms", "blank_ms", "wasted_bytes", "abandoned"]


def fail(status, message):
    print("adaptive-goal: " + message, file=sys.stderr)
    sys.exit(status)


def call(command):
    """Runs a command in the repository and returns its standard output; when it cannot start or
    exits non-zero, stops with a message naming it and quoting its standard error."""
    try:
        out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    except OSError as error:
        fail(70, "cannot run %s: %s" % (shlex.join(command), error))
    if out.returncode != 0:
        stderr = out.stderr.strip() or "(no standard error)"
        status = out.returncode if out.returncode in (64, 65) else 70
        fail(status, "%s failed (exit status %d):\n%s" % (shlex.join(command), out.returncode, stderr))
    return out.stdout


def release_binary():
    # Same flags as every release measurement in this repository (docs/ci.md).
    call(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "prefetchlab"])
    path = call(["swift", "build", "-c", "release", "--show-bin-path"]).strip()
    return os.path.join(path, "prefetchlab")


def general_scenarios(only=None):
    """The bundled scenarios without a `strategies` list, or those of them named in `only`."""
    folder = os.path.join(ROOT, "scenarios")
    names = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name)) as handle:
            if "strategies" not in json.load(handle):
                names.append(name[: -len(".json")])
    if only:
        unknown = sorted(set(only) - set(names))
        if unknown:
            fail(64, "--scenarios: not a bundled general scenario: " + ", ".join(unknown))
        names = [n for n in names if n in only]
    return [os.path.join("scenarios", n + ".json") for n in names]


def label(row):
    return row["strategy"] + (":" + row["params"] if row["params"] else "")


def read_summary(folder):
    path = os.path.join(folder, "summary.csv")
    if not os.path.isfile(path):
        fail(65, path + ": no such file")
    means = {}  # (scenario, label) -> metric -> mean
    with open(path, newline="") as handle:
        sums = {}
        for row in csv.DictReader(handle):
            key = (row["scenario"], label(row))
            entry = sums.setdefault(key, {"n": 0})
            entry["n"] += 1
            for metric in HEADLINE:
                entry[metric] = entry.get(metric, 0.0) + float(row[metric] or 0)
    for key, entry in sums.items():
        means[key] = {metric: entry[metric] / entry["n"] for metric in HEADLINE}
    return means


def compare(binary, folder, base, new):
    """compare --pair base new: {scenario: {metric: row}}."""
    command = [binary, "compare", folder, "--pair", base, new, "--format", "csv"]
    for metric in HEADLINE:
        command += ["--metric", metric]
    table = {}
    for row in csv.DictReader(io.StringIO(call(command))):
        if row["change"] in ("only_in_base", "only_in_new"):
            continue
        table.setdefault(row["scenario"], {})[row["metric"]] = row
    return table


def ruled_out(binary, folder):
    result = {}
    for row in csv.DictReader(io.StringIO(call([binary, "recommend", folder, "--format", "csv"]))):
        names = set()
        for part in row["not_considered"].split("; "):
            if ": its users abandon" in part:
                names.add(part.split(": its users abandon")[0])
        result[row["scenario"]] = names
    return result


def better(table, scenario, metric):
    """compare's verdict of the pair's new side against its base on one metric."""
    row = table.get(scenario, {}).get(metric)
    return row["change"] if row else "no_data"


def analyse(binary, folder, target, extra_curve=()):
    means = read_summary(folder)
    scenarios = sorted({s for (s, l) in means if l == target})
    if not scenarios:
        fail(65, "%s: no runs of %s" % (folder, target))
    labels = {s: sorted({l for (sc, l) in means if sc == s}) for s in scenarios}
    others = sorted({l for s in scenarios for l in labels[s] if l != target and l != "oracle"})
    # target (base) -> other (new): "better" means the other is significantly better.
    versus = {other: compare(binary, folder, target, other) for other in others}
    gap = compare(binary, folder, "infinite_scroll", "oracle")
    excluded = ruled_out(binary, folder)

    rows = []
    for s in scenarios:
        mine = means[(s, target)]
        contenders = [l for l in labels[s] if l not in (target, "oracle") and l.split(":")[0] != target.split(":")[0]]
        contenders = [l for l in contenders if l not in excluded.get(s, set())]
        frontier = {}
        for x, y in (("stall_ms", "wasted_bytes"), ("blank_ms", "wasted_bytes")):
            dominators = []
            if target in excluded.get(s, set()):
                dominators = ["(ruled out: abandonment)"]
            else:
                for other in contenders:
                    theirs = means[(s, other)]
                    if theirs[x] <= mine[x] and theirs[y] <= mine[y]:
                        if "better" in (better(versus[other], s, x), better(versus[other], s, y)):
                            dominators.append(other)
            frontier[x] = dominators
        headroom = {}
        for metric in ("stall_ms", "blank_ms"):
            i = means[(s, "infinite_scroll")][metric] if (s, "infinite_scroll") in means else None
            o = means[(s, "oracle")][metric] if (s, "oracle") in means else None
            if i is None or o is None:
                headroom[metric] = (None, False)
                continue
            significant = better(gap, s, metric) == "better"
            share = (i - mine[metric]) / (i - o) if i != o else None
            headroom[metric] = (share, significant)
        worst = []
        all_others = [l for l in labels[s] if l != "oracle" and l.split(":")[0] != target.split(":")[0]]
        for metric in HEADLINE:
            if all_others and all(better(versus[o], s, metric) == "better" for o in all_others):
                worst.append(metric)
        rows.append((s, mine, frontier, headroom, worst))
    return rows


def pct(value):
    return "–" if value is None else "%.1f %%" % (100 * value)


def report(rows, target):
    print("%s, significance- and abandonment-aware, means over the seeds" % target)
    print(
        "%-22s %10s %10s %11s  %-5s %-5s  %-17s %-17s  %s"
        % ("scenario", "stall_ms", "blank_ms", "waste_kB", "S-W", "B-W", "stall headroom", "blank headroom", "notes")
    )
    on = {"stall_ms": 0, "blank_ms": 0}
    missed = {"stall_ms": [], "blank_ms": []}
    sole = []
    for s, mine, frontier, headroom, worst in rows:
        notes = []
        for metric, short in (("stall_ms", "S-W"), ("blank_ms", "B-W")):
            if frontier[metric]:
                notes.append("%s dominated by %s" % (short, ",".join(frontier[metric])))
            else:
                on[metric] += 1
        cells = []
        for metric, goal in (("stall_ms", 0.8), ("blank_ms", 0.6)):
            share, significant = headroom[metric]
            cells.append(pct(share) + ("" if significant else " (n.s.)"))
            if significant and (share is None or share < goal):
                missed[metric].append(s)
        if worst:
            sole.append(s)
            notes.append("sole worst: " + ",".join(worst))
        print(
            "%-22s %10.1f %10.1f %11.1f  %-5s %-5s  %-17s %-17s  %s"
            % (
                s, mine["stall_ms"], mine["blank_ms"], mine["wasted_bytes"] / 1000,
                "no" if frontier["stall_ms"] else "yes", "no" if frontier["blank_ms"] else "yes",
                cells[0], cells[1], "; ".join(notes),
            )
        )
    n = len(rows)
    print()
    print("stall-waste frontier: %d of %d scenarios (%.0f %%; goal 80 %%)" % (on["stall_ms"], n, 100.0 * on["stall_ms"] / n))
    print("blank-waste frontier: %d of %d scenarios (%.0f %%; goal 80 %%)" % (on["blank_ms"], n, 100.0 * on["blank_ms"] / n))
    significant = {m: sum(1 for r in rows if r[3][m][1]) for m in ("stall_ms", "blank_ms")}
    print(
        "stall headroom >= 80 %%: %d of %d scenarios with a significant gap; missed: %s"
        % (significant["stall_ms"] - len(missed["stall_ms"]), significant["stall_ms"], ", ".join(missed["stall_ms"]) or "none")
    )
    print(
        "blank headroom >= 60 %%: %d of %d scenarios with a significant gap; missed: %s"
        % (significant["blank_ms"] - len(missed["blank_ms"]), significant["blank_ms"], ", ".join(missed["blank_ms"]) or "none")
    )
    print("sole worst on a headline metric: %d scenarios%s" % (len(sole), (": " + ", ".join(sole)) if sole else ""))


def without_price(label):
    """A label with any `waste_price_ms_per_mb` left out: the sweep's settings share it."""
    name, _, params = label.partition(":")
    return name, sorted(p for p in params.split(",") if p and not p.startswith("waste_price_ms_per_mb="))


def sweep_report(folder, target, prices):
    means = read_summary(folder)
    base = target.split(":")[0]
    swept = without_price(target)
    # The curve: the target's runs at every price (the default price's label names no price);
    # every other label, the same strategy with other parameters included, is a point to cover.
    on_curve = lambda label: without_price(label) == swept
    scenarios = sorted({s for (s, l) in means if on_curve(l)})
    covered_points = 0
    points = 0
    covered_scenarios = []
    print("%s waste-price sweep (waste_price_ms_per_mb = %s): blank-versus-waste curve" % (target, ",".join(prices)))
    for s in scenarios:
        curve = [m for (sc, l), m in means.items() if sc == s and on_curve(l)]
        beaten = []
        for (sc, l), m in sorted(means.items()):
            if sc != s or on_curve(l) or l == "oracle":
                continue
            points += 1
            if any(c["blank_ms"] <= m["blank_ms"] and c["wasted_bytes"] <= m["wasted_bytes"] for c in curve):
                covered_points += 1
            else:
                beaten.append(l)
        if not beaten:
            covered_scenarios.append(s)
        print("%-22s %s" % (s, "on or outside every point" if not beaten else "not covered: " + ", ".join(beaten)))
    print()
    print(
        "curve on or outside every other strategy's point in %d of %d scenarios; %d of %d points covered"
        % (len(covered_scenarios), len(scenarios), covered_points, points)
    )


def run(binary, out, strategies, args):
    command = [binary, "run"] + general_scenarios(args.scenarios) + ["--seeds", args.seeds, "--jobs", str(args.jobs)]
    command += ["--timeline-interval-ms", "0", "--no-plots", "--run-files", "none", "--out", out, "--replace"]
    for strategy in strategies:
        command += ["--strategy", strategy]
    call(command)


def with_price(target, price):
    """The target strategy label with `waste_price_ms_per_mb` set (its other parameters kept)."""
    name, _, params = target.partition(":")
    kept = [p for p in params.split(",") if p and not p.startswith("waste_price_ms_per_mb=")]
    return name + ":" + ",".join(kept + ["waste_price_ms_per_mb=" + price])


def main():
    parser = argparse.ArgumentParser(description="adaptive's goal figures on the bundled scenarios")
    parser.add_argument("--results", help="analyse this results folder instead of running")
    parser.add_argument("--out", default=os.path.join(ROOT, "results", "adaptive-goal"), help="where runs go")
    parser.add_argument("--strategy", default="adaptive", help="the strategy label measured (default adaptive)")
    parser.add_argument("--sweep", help="comma-separated waste prices, ms per MB")
    parser.add_argument("--binary", help="a prefetchlab binary (default: the release build)")
    parser.add_argument("--seeds", default="1-10", help="seeds to run (default 1-10, the goal's)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel runs (default 2)")
    parser.add_argument("--scenarios", help="comma-separated bundled scenario names (default: all general ones)")
    try:
        args = parser.parse_args()
    except SystemExit as exit:
        sys.exit(64 if exit.code else 0)
    if args.jobs < 1:
        fail(64, "--jobs must be at least 1")
    if args.scenarios is not None:
        args.scenarios = [n.strip() for n in args.scenarios.split(",") if n.strip()]
    if args.binary and not os.access(args.binary, os.X_OK):
        fail(64, "--binary %s: not an executable file" % args.binary)
    binary = args.binary or release_binary()
    defaults = ["infinite_scroll", "fixed_threshold", "dynamic_threshold", "target_range", "directional_ranges", "oracle"]
    if args.sweep:
        prices = [p.strip() for p in args.sweep.split(",") if p.strip()]
        if not prices:
            fail(64, "--sweep needs at least one price")
        folder = args.results or args.out + "-sweep"
        if not args.results:
            run(binary, folder, defaults + [with_price(args.strategy, p) for p in prices], args)
        sweep_report(folder, args.strategy, prices)
        return
    folder = args.results
    if not folder:
        folder = args.out
        run(binary, folder, defaults + [args.strategy], args)
    report(analyse(binary, folder, args.strategy), args.strategy)


if __name__ == "__main__":
    main()
