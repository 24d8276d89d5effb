#!/usr/bin/env python3
"""Replays the web strategies in headless Chromium beside the simulator and prints the agreement.

    validate.py [--ci] [--prefetchlab BIN] [--out DIR] [--markdown FILE] [--only N,…]

For every configuration of suite.json (with --ci, the short CI set): runs the scenario through
`prefetchlab run` (seed 1; once per scenario), replays the same strategy entry and user in
headless Chromium with driver.py, and prints one row of the side-by-side table: page requests,
the largest difference in request issue time after first content, stall count and total, first
content, frames dropped and the load average. Tolerances (a frame is 1/60 s):
  requests     the same count
  issue times  every request after the first within 2 frames, in the user's trace time (from
               first content, stalls taken out) on each side; in press rows (the clock from
               first content) a request sent with the previous page's append is timed from it
  stalls       the same count; totals within 2 frames per stall
  images       (lazy images) the same rows requested; each row's request within 2 frames: timed
               from its page's append when it went out with the append (within 2 frames of it
               on either side), else in the user's trace time
First content is reported, not judged: it includes the browser's first connection.
The user model (suite.json's user_model: wait or press) is the simulator's scroll.at_end:
a configuration whose user model differs from its scenario's is simulated from a copy of the
scenario with at_end set (kept in DIR); in press rows trace time is the clock from first
content (a pressing user's time runs through stalls). With --ci a row that misses only where the machine was late (a late frame,
or a page the server sent late, within the stretch of each miss) is replayed once, after
waiting up to 60 s for the load average to fall below twice the CPU count; if the replay misses
the same way again the row is reported INCONCLUSIVE (machine too busy), named in the closing
summary, and does not fail the run unless every judged row is inconclusive. A miss not
explained by load fails at once; tolerances never change. Exit status: 0 all judged rows agree
(or are inconclusive as above), 1 a row left its tolerance or a run failed, 64 usage error. Writes DIR/<configuration>/{browser.json,sim/…} (default: a temporary
folder, removed unless --out is given) and, with --markdown, the table as Markdown.
"""
import argparse
import csv
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import driver  # noqa: E402

FRAME_MS = 1000 / 60
ISSUE_TOLERANCE_MS = 2 * FRAME_MS
STALL_TOLERANCE_MS_PER_STALL = 2 * FRAME_MS


def scenario_for(scenario, path, user_model, out):
    """The scenario file to simulate for `user_model`: `path` when its scroll.at_end already says
    so, else a copy with at_end set, written into `out`."""
    if scenario.get("scroll", {}).get("at_end", "wait") == user_model:
        return path
    variant = json.loads(json.dumps(scenario))
    variant["scroll"]["at_end"] = user_model
    os.makedirs(out, exist_ok=True)
    copy = os.path.join(out, f"{scenario['name']}-{user_model}.json")
    with open(copy, "w", encoding="utf-8") as f:
        json.dump(variant, f, indent=1)
    return copy


def simulate(binary, scenario_path, out):
    """Runs the scenario (seed 1) into out; returns the manifest's strategy run names in order."""
    subprocess.run([binary, "run", scenario_path, "--out", out, "--seeds", "1", "--no-plots",
                    "--quiet", "--timeline-interval-ms", "1000"], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "summary.csv"), newline="") as f:
        return list(csv.DictReader(f))


def simulator_facts(sim_dir, summary_rows, scenario_name, index):
    """Requests, first content and stalls of the scenario's strategy entry `index`."""
    row = summary_rows[index]
    # The label as `--strategy` takes it (NAME@k=v+k=v); summary.csv lists k=v,k=v.
    label = row["strategy"] + ("@" + row["params"].replace(",", "+") if row["params"] else "")
    key = ("scenario", "strategy", "params", "seed")

    def run_rows(table):
        """The run's rows of a run table (timeline.csv, events.csv), in time order: from
        TABLE.gz as run writes it, or the plain TABLE (--plain-tables, older versions)."""
        path = os.path.join(sim_dir, table)
        if os.path.exists(path + ".gz"):
            opened = gzip.open(path + ".gz", "rt", encoding="utf-8", newline="")
        else:
            opened = open(path, newline="")
        with opened as f:
            return [r for r in csv.DictReader(f) if all(r[k] == row[k] for k in key)]

    requests, first_content, images, applied = [], None, {}, {}
    for e in run_rows("events.csv"):
        if e["kind"] == "page" and e["event"] == "issued":
            requests.append(float(e["t_ms"]))
        if e["kind"] == "media" and e["event"] == "issued":
            images.setdefault(int(e["item"]), float(e["t_ms"]))
        if e["kind"] == "page" and e["event"] == "applied":
            applied.setdefault(int(e["page"]), float(e["t_ms"]))
        if e["kind"] == "page" and e["event"] == "applied" and first_content is None:
            first_content = float(e["t_ms"])
    stalls, start = [], None
    for t in run_rows("timeline.csv"):
        stalled = t["stalled"] == "1"
        if stalled and start is None:
            start = float(t["t_ms"])
        elif not stalled and start is not None:
            stalls.append((start, float(t["t_ms"])))
            start = None
    return {"strategy": label, "requests": requests, "first_content_ms": first_content, "images": images,
            "applied": applied, "press": False,
            "stalls": stalls, "stall_ms": float(row["stall_ms"]), "stall_count": int(row["stall_count"]),
            "abandoned": row["abandoned"] == "1"}


def browser_facts(result):
    log = result["page_log"]
    requests = sorted(e["t_ms"] for e in log if e["kind"] == "request")
    first_content = next(e["at_ms"] for e in log if e["kind"] == "first_content")
    stalls, start = [], None
    for e in log:
        if e["kind"] == "stall_start":
            start = e["at_ms"]
        elif e["kind"] == "stall_end" and start is not None:
            stalls.append((start, e["at_ms"]))
            start = None
    end = next(e["at_ms"] for e in log if e["kind"] == "end")
    if start is not None:
        stalls.append((start, end))
    frames = [e["frame_ms"] for e in log if e["kind"] == "frame"]
    # A frame interval of n periods skipped n − 1 frames: the renderer was late (load). The wait
    # from first content to the first frame counts as one: the frame after the first append
    # can come late too, and the observer's first report with it.
    clock = [first_content] + frames
    late = [(a, b) for a, b in zip(clock, clock[1:]) if round((b - a) / FRAME_MS) > 1]
    dropped = sum(round((b - a) / FRAME_MS) - 1 for a, b in late)
    # How much longer a page took in the browser than the scenario's delay (Chromium's request
    # path, the server's timer): the median over pages after the first.
    c = result["config"]
    delay = c.get("rtt_ms", 0) + c.get("apply_delay_ms", 0) + (
        0 if c.get("bandwidth_kbps") is None else c["page_bytes"] * 8 / c["bandwidth_kbps"])
    issued = {e["page"]: e["t_ms"] for e in log if e["kind"] == "request" and "page" in e}
    extra = sorted(e["t_ms"] - issued[e["page"]] - delay for e in log
                   if e["kind"] == "applied" and e["page"] > 0 and e["page"] in issued)
    images = {}
    for e in log:
        if e["kind"] == "image_request":
            images.setdefault(e["id"], e["t_ms"])
    applied = {}
    for e in log:
        if e["kind"] == "applied":
            applied.setdefault(e["page"], e["t_ms"])
    return {"requests": requests, "first_content_ms": first_content, "stalls": stalls, "images": images,
            "applied": applied, "press": c.get("user_model") == "press",
            "fetch_extra_ms": extra[len(extra) // 2] if extra else None,
            "stall_ms": sum(b - a for a, b in stalls), "stall_count": len(stalls),
            "abandoned": any(e["kind"] == "abandoned" for e in log),
            # (append time, how late the server sent that page beyond the scenario's delay)
            "server_late": [(e["t_ms"], r.get("late_ms", 0)) for e, r in zip(
                [e for e in log if e["kind"] == "applied"], result["server_requests"])],
            "frames": len(frames), "frames_dropped": dropped, "late_frames": late,
            "load": max(result["load_average_before"][0], result["load_average_after"][0])}


def trace_time(t, facts):
    """The user's trace time at clock time t: from first content, stalls taken out. Each side's
    stalls are judged on their own, so a stall a little longer in the browser does not shift
    every later request. A pressing user's time runs through stalls: the clock from first content."""
    if facts["press"]:
        return t - facts["first_content_ms"]
    stalled = sum(max(0.0, min(t, end) - start) for start, end in facts["stalls"])
    return t - facts["first_content_ms"] - stalled


def image_delta(item, browser, sim, page_size):
    """How far apart the two sides requested row `item`'s lazy image. One that went out with its
    page's append (within 2 frames of it, on either side) is timed from that append on each
    side: the page's own arrival is judged by the request rows, and a page that took longer in
    Chromium would otherwise shift all its images. Others are compared in trace time."""
    first, size = page_size
    page = 0 if item < first else 1 + (item - first) // size
    b, s = browser["images"][item], sim["images"][item]
    b_app, s_app = browser["applied"].get(page), sim["applied"].get(page)
    if b_app is not None and s_app is not None and (
            b - b_app <= ISSUE_TOLERANCE_MS or s - s_app <= ISSUE_TOLERANCE_MS):
        return abs((b - b_app) - (s - s_app))
    return abs(trace_time(b, browser) - trace_time(s, sim))


def request_delta(k, browser, sim):
    """How far apart the two sides issued request k (k ≥ 1), in trace time. A pressing user's
    trace time is the clock, so in press rows a request that went out with the previous page's
    append (within 2 frames of it, on either side: a re-check or a threshold test after the page)
    is timed from that append on each side, as an image that goes out with its page is; the
    page's own arrival is judged by the row of the request before it and by the stalls, and the
    few ms each page takes longer in Chromium would otherwise add up along a chain of pages."""
    b, s = browser["requests"][k], sim["requests"][k]
    if browser["press"]:
        b_app, s_app = browser["applied"].get(k - 1), sim["applied"].get(k - 1)
        if b_app is not None and s_app is not None and (
                0 <= b - b_app <= ISSUE_TOLERANCE_MS or 0 <= s - s_app <= ISSUE_TOLERANCE_MS):
            return abs((b - b_app) - (s - s_app))
    return abs(trace_time(b, browser) - trace_time(s, sim))


def judge(browser, sim, page_size=(1, 1)):
    """The row's figures and whether each meets its tolerance."""
    same_count = len(browser["requests"]) == len(sim["requests"])
    deltas = [request_delta(k, browser, sim) for k in range(1, min(len(browser["requests"]), len(sim["requests"])))]
    max_delta = max(deltas) if deltas else 0.0
    stall_delta = abs(browser["stall_ms"] - sim["stall_ms"])
    stall_budget = STALL_TOLERANCE_MS_PER_STALL * max(1, sim["stall_count"])
    checks = {
        "requests": same_count,
        "issue": same_count and max_delta <= ISSUE_TOLERANCE_MS,
        "stall_count": browser["stall_count"] == sim["stall_count"],
        "stall_ms": stall_delta <= stall_budget,
        "abandoned": browser["abandoned"] == sim["abandoned"],
    }
    # Lazy images: the same rows requested, each within the issue tolerance.
    image_deltas = {i: image_delta(i, browser, sim, page_size) for i in set(browser["images"]) & set(sim["images"])}
    max_image_delta = max(image_deltas.values(), default=0.0)
    has_images = bool(browser["images"] or sim["images"])
    if has_images:
        checks["images"] = (set(browser["images"]) == set(sim["images"])
                            and max_image_delta <= ISSUE_TOLERANCE_MS)
    # Each miss as the stretch of browser time that produced it: a request from 3 frames before
    # it; a stall from 3 frames before the request of the page that ended it to its end.
    missed = [(t - 3 * FRAME_MS, t) for t, d in zip(browser["requests"][1:], deltas) if d > ISSUE_TOLERANCE_MS]
    if browser["stall_count"] == sim["stall_count"]:
        for (b_start, b_end), (s_start, s_end) in zip(browser["stalls"], sim["stalls"]):
            if abs((b_end - b_start) - (s_end - s_start)) > STALL_TOLERANCE_MS_PER_STALL:
                asked = max([t for t in browser["requests"] if t <= b_end], default=b_start)
                missed.append((min(asked, b_start) - 3 * FRAME_MS, b_end))
    # A miss is put down to load when a late frame, or a page the server itself sent more than a
    # frame late, falls within its stretch.
    under_load = bool(missed) and all(
        any(a <= end and b >= start for a, b in browser["late_frames"])
        or any(start <= applied <= end + 2 and late > FRAME_MS for applied, late in browser["server_late"])
        for start, end in missed)
    if has_images:
        missed += [(browser["images"][i] - 3 * FRAME_MS, browser["images"][i])
                   for i, d in image_deltas.items() if d > ISSUE_TOLERANCE_MS]
        under_load = bool(missed) and all(
            any(a <= end and b >= start for a, b in browser["late_frames"])
            or any(start <= applied <= end + 2 and late > FRAME_MS for applied, late in browser["server_late"])
            for start, end in missed)
    return {"max_issue_delta_ms": max_delta, "stall_delta_ms": stall_delta,
            "max_image_delta_ms": max_image_delta if has_images else None,
            "stall_budget_ms": stall_budget, "checks": checks, "misses": len(missed),
            "under_load": under_load}


def mark(ok):
    return "" if ok is None else (" ✓" if ok else " ✗")


def configuration_label(scenario, entry, user_model):
    name = entry if isinstance(entry, str) else entry["name"]
    params = {} if isinstance(entry, str) else {k: v for k, v in entry.items() if k != "name"}
    short = {"intersection_observer": "IO", "fixed_threshold": "threshold"}[name]
    bits = []
    if "root_margin_px" in params:
        bits.append(f"margin {params['root_margin_px']:g}")
    if params.get("recheck_after_load") is False:
        bits.append("no recheck")
    if "ratio" in params:
        bits.append(f"ratio {params['ratio']:g}")
    if params.get("media") == "browser_lazy":
        bits.append(f"lazy images ({driver.effective_connection_type(scenario['network']['rtt_ms'])})")
    rtt = scenario["network"]["rtt_ms"]
    velocity = max(g["drag"]["velocity_pt_s"] for g in scenario["scroll"]["script"][1]["repeat"]["script"] if "drag" in g)
    return f"{short} {', '.join(bits)}".strip() + f" · {rtt} ms · {velocity:g} px/s · {user_model}"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ci", action="store_true", help="the short CI set only")
    parser.add_argument("--prefetchlab", default=None, help="the prefetchlab binary (default: on PATH)")
    parser.add_argument("--out", help="keep every run's files in this folder")
    parser.add_argument("--markdown", help="also write the table as Markdown to this file")
    parser.add_argument("--only", help="comma-separated indices into suite.json's configurations")
    parser.add_argument("--chromium", help="the browser (default: chromium on PATH)")
    parser.add_argument("--browser-json", help="compare this driver.py output (your page's run) instead of the suite")
    parser.add_argument("--scenario", help="with --browser-json: the scenario describing the page")
    parser.add_argument("--strategy", type=int, default=0, help="with --browser-json: index into its strategies")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 64 if e.code else 0
    binary = args.prefetchlab or shutil.which("prefetchlab")
    if not binary:
        print("no prefetchlab binary: give --prefetchlab or put it on PATH", file=sys.stderr)
        return 64
    if args.browser_json:
        return compare_one(args, binary)
    chromium = driver.chromium_path(args.chromium)
    if chromium is None:
        print("Chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 64
    with open(os.path.join(HERE, "suite.json"), encoding="utf-8") as f:
        suite = json.load(f)["configurations"]
    chosen = range(len(suite))
    if args.only:
        chosen = [int(x) for x in args.only.split(",")]
    elif args.ci:
        chosen = [i for i, c in enumerate(suite) if c["ci"]]
    out = args.out or tempfile.mkdtemp(prefix="prefetchlab-browser-")
    os.makedirs(out, exist_ok=True)
    simulated = {}
    rows, failed, version = [], False, None
    replayed, inconclusive, judged_rows = [], [], 0
    for i in chosen:
        c = suite[i]
        path = os.path.join(HERE, "scenarios", c["scenario"])
        with open(path, encoding="utf-8") as f:
            scenario = json.load(f)
        key = (c["scenario"], c["user_model"])
        if key not in simulated:
            sim_dir = os.path.join(out, f"sim-{scenario['name']}-{c['user_model']}")
            sim_path = scenario_for(scenario, path, c["user_model"], os.path.join(out, "scenarios"))
            simulated[key] = (sim_dir, simulate(binary, sim_path, sim_dir))
        sim_dir, summary = simulated[key]
        sim = simulator_facts(sim_dir, summary, scenario["name"], c["strategy"])
        sim["press"] = c["user_model"] == "press"
        config = driver.configuration(scenario, path, c["strategy"], c["user_model"])
        label = configuration_label(scenario, scenario["strategies"][c["strategy"]], c["user_model"])
        attempt = 0
        while True:
            attempt += 1
            try:
                result = replay(config, chromium, c, os.path.join(out, f"{i:02d}-{attempt}"))
            except RuntimeError as e:
                print(f"configuration {i}: {e}", file=sys.stderr)
                failed = True
                break
            version = result["chromium"]
            browser = browser_facts(result)
            verdict = judge(browser, sim, (config["initial_page_size"], config["page_size"]))
            ok = all(verdict["checks"].values())
            row = (i, label, browser, sim, verdict)
            print_row(row, sys.stdout)
            # In CI a row that missed only where the machine was late (see judge) is replayed
            # once, when the load has eased (or after 60 s); both attempts are printed and the
            # last one counts.
            if not ok and verdict["under_load"] and args.ci and attempt == 1:
                print(f"     missed where Chromium or the server was late ({browser['frames_dropped']} "
                      f"frames dropped, load average {browser['load']:.2f}): replaying once", flush=True)
                waited, load = wait_for_quiet(60)
                print(f"     waited {waited:.0f} s for the load to ease (now {load:.2f})", flush=True)
                replayed.append(i)
                continue
            judged_rows += 1
            if not ok:
                if verdict["under_load"] and args.ci:
                    verdict["inconclusive"] = True
                    inconclusive.append((i, browser["load"], browser["frames_dropped"]))
                    print(f"     INCONCLUSIVE: missed again only where Chromium or the server was late "
                          f"({browser['frames_dropped']} frames dropped, load average {browser['load']:.2f}): "
                          "the machine was too busy to judge this row", flush=True)
                else:
                    failed = True
                    if verdict["under_load"]:
                        print(f"     missed where Chromium or the server was late (load average "
                              f"{browser['load']:.2f}): the machine was too busy to judge", flush=True)
            rows.append(row)
            break
    if replayed:
        print(f"replayed under load: rows {', '.join(str(i) for i in replayed)}")
    if inconclusive:
        print("INCONCLUSIVE (missed twice, each miss where the machine was late; not a verdict either way): "
              + "; ".join(f"row {i} at load {load:.2f}, {dropped} frames dropped" for i, load, dropped in inconclusive))
        if len(inconclusive) >= judged_rows:
            print("every judged row was inconclusive: nothing was checked, failing", file=sys.stderr)
            failed = True
    table = markdown(rows, version)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(table)
    print()
    print(table)
    if not args.out:
        shutil.rmtree(out, ignore_errors=True)
    else:
        print(f"runs kept in {out}")
    return 1 if failed else 0


def compare_one(args, binary):
    """One row: a kept driver.py run (a page of yours, say) beside the simulator's run of the
    scenario that describes it (simulated with the run's user model as its at_end); judged as the suite's rows are."""
    if not args.scenario:
        print("--browser-json needs --scenario", file=sys.stderr)
        return 64
    with open(args.browser_json, encoding="utf-8") as f:
        result = json.load(f)
    with open(args.scenario, encoding="utf-8") as f:
        scenario = json.load(f)
    out = tempfile.mkdtemp(prefix="prefetchlab-browser-")
    user_model = result["config"]["user_model"]
    try:
        sim_path = scenario_for(scenario, args.scenario, user_model, out)
        summary = simulate(binary, sim_path, os.path.join(out, "sim"))
        sim = simulator_facts(os.path.join(out, "sim"), summary, scenario["name"], args.strategy)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    sim["press"] = user_model == "press"
    browser = browser_facts(result)
    c = result["config"]
    verdict = judge(browser, sim, (c.get("initial_page_size", 1), c.get("page_size", 1)))
    row = (0, f"{sim['strategy']} · {user_model}", browser, sim, verdict)
    print(markdown([row], result["chromium"]))
    return 0 if all(verdict["checks"].values()) else 1


def wait_for_quiet(limit_s):
    """Waits until the 1-minute load average is below twice the CPU count, at most limit_s
    seconds; returns (seconds waited, load average then)."""
    quiet = 2 * (os.cpu_count() or 1)
    waited = 0.0
    while waited < limit_s and os.getloadavg()[0] >= quiet:
        time.sleep(5)
        waited += 5
    return waited, os.getloadavg()[0]


def replay(config, chromium, c, run_dir):
    """One browser session of configuration c; its result is kept as run_dir/browser.json."""
    length_ms = config["duration_ms"] or sum(g["duration_ms"] for g in config["script"])
    page_log, requests, version, before, after = driver.run(
        config, chromium, 30 + 3 * (length_ms + config["patience_ms"]) / 1000)
    result = {"scenario": c["scenario"], "strategy_index": c["strategy"], "config": config,
              "chromium": version, "load_average_before": before, "load_average_after": after,
              "page_log": page_log["entries"], "server_requests": requests}
    os.makedirs(run_dir, exist_ok=True)
    with open(os.path.join(run_dir, "browser.json"), "w") as f:
        json.dump(result, f, indent=1)
    return result


def print_row(row, stream):
    i, label, b, s, v = row
    c = v["checks"]
    print(f"[{i:2d}] {label}: requests {len(b['requests'])}/{len(s['requests'])}{mark(c['requests'])}, "
          f"issue Δ≤{v['max_issue_delta_ms']:.1f} ms{mark(c['issue'])}, "
          f"stalls {b['stall_count']}/{s['stall_count']}{mark(c['stall_count'])} "
          f"{b['stall_ms']:.0f}/{s['stall_ms']:.0f} ms{mark(c['stall_ms'])}, "
          f"abandoned {yes(b['abandoned'])}/{yes(s['abandoned'])}{mark(c['abandoned'])}, "
          f"images {images_text(b, s, v)}, "
          f"dropped {b['frames_dropped']}/{b['frames']} frames, load {b['load']:.2f}", file=stream, flush=True)


def inconclusive_note(verdict):
    if verdict.get("inconclusive"):
        return " (INCONCLUSIVE: missed twice, only where the machine was late)"
    if verdict["under_load"] and False in verdict["checks"].values():
        return " (missed where the machine was late)"
    return ""


def images_text(b, s, v):
    """The images-requested-by-time cell: rows requested on each side and the largest
    difference in request time (trace time); empty without lazy images."""
    if v["max_image_delta_ms"] is None:
        return "–"
    return (f"{len(b['images'])} / {len(s['images'])}, Δ≤{v['max_image_delta_ms']:.1f}"
            f"{mark(v['checks'].get('images'))}")


def yes(flag):
    return "yes" if flag else "no"


def markdown(rows, version):
    lines = [f"Chromium: {version or 'not run'}. Browser / simulator; ✓ within tolerance, ✗ outside; "
             "times in ms; issue Δ is the largest difference in request time after the first, in the user's trace time "
             "(from first content, stalls taken out; in press rows the clock from first content, a request sent with "
             "the previous page's append timed from it).", "",
             "| # | configuration | requests | issue Δ | stalls | stall total (budget) | abandoned | images requested, Δ | first content | page +ms | frames dropped | load avg |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for i, label, b, s, v in rows:
        c = v["checks"]
        lines.append(
            f"| {i} | {label}{inconclusive_note(v)} "
            f"| {len(b['requests'])} / {len(s['requests'])}{mark(c['requests'])} "
            f"| {v['max_issue_delta_ms']:.1f}{mark(c['issue'])} "
            f"| {b['stall_count']} / {s['stall_count']}{mark(c['stall_count'])} "
            f"| {b['stall_ms']:.0f} / {s['stall_ms']:.0f} (±{v['stall_budget_ms']:.0f}){mark(c['stall_ms'])} "
            f"| {yes(b['abandoned'])} / {yes(s['abandoned'])}{mark(c['abandoned'])} "
            f"| {images_text(b, s, v)} "
            f"| {b['first_content_ms']:.0f} / {s['first_content_ms']:.0f} "
            f"| {'–' if b['fetch_extra_ms'] is None else format(b['fetch_extra_ms'], '.1f')} "
            f"| {b['frames_dropped']} of {b['frames']} | {b['load']:.2f} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
