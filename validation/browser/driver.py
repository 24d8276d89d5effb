#!/usr/bin/env python3
"""Replays a PrefetchLab scenario's user in headless Chromium against the reference web feed.

    driver.py SCENARIO.json --strategy N [--user-model wait|press] --out DIR [--chromium PATH]
    driver.py SCENARIO.json --url URL --requests TEXT [--scroller SELECTOR] [--user-model …] --out DIR

Serves feed.html, feed.js and user.js from a local HTTP server bound to 127.0.0.1 (an ephemeral
port) that applies the scenario's latency and bandwidth to every page, runs Chromium headless at
60 Hz on it, waits for the page to post its log, and writes DIR/browser.json: the page's log
(requests, responses, appends, every frame's time and offset, stalls), the server's request log,
the Chromium version, the load average before and after, and the configuration it ran.

The strategy is the scenario's `strategies[N]` entry: `intersection_observer` (root_margin_px,
recheck_after_load) or `fixed_threshold` (ratio), either with `media: "browser_lazy"` when the
feed has `media_bytes`: every row then holds an `<img loading="lazy">` filling it, served after
the same round trip and bandwidth, and Chromium runs with `--force-effective-connection-type`
set to the class Chrome's network quality estimator gives the scenario's round trip (4G below
272 ms, 3G below 1420, 2G below 2010, slow-2G above), which picks Blink's lazy-load margin as
the simulator's `media=browser_lazy` does. A scenario the reference feed cannot express
is refused with exit status 65 naming the file, the JSON path and the rule; usage errors exit 64;
a browser that does not finish exits 1.

The user model at the end of loaded content is the scenario's `scroll.at_end` ("wait", the
default, or "press"); --user-model overrides it for the browser (validate.py then simulates
the scenario with the same `at_end`).

With --url the scenario's user scrolls a page of yours instead (its scroll script, patience and
viewport height; the feed and network keys describe your page for the simulator and are not
applied): Chromium loads URL with user.js injected before the page's own scripts (over the
DevTools protocol on a pipe), the element matching --scroller (default: the document) is
scrolled, and page requests are the Resource Timing entries whose URL contains --requests. Time
0 is the first such request, first content the first frame after it completed, and a stall ends
at the first frame whose content is taller.
"""
import argparse
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
SUPPORTED_STRATEGIES = ("intersection_observer", "fixed_threshold")
USER_MODELS = ("wait", "press")


class ScenarioError(Exception):
    def __init__(self, path, json_path, rule):
        super().__init__(f"{path}: {json_path}: {rule}")


def constant(value, path, json_path):
    """A distribution the feed can serve: a number or {"constant": x}."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, dict) and list(value) == ["constant"]:
        return float(value["constant"])
    raise ScenarioError(path, json_path, "the reference feed needs a constant (a number or {\"constant\": x})")


def gestures(script, path, json_path):
    """The script flattened to drags and waits (repeats expanded)."""
    out = []
    for i, g in enumerate(script):
        where = f"{json_path}[{i}]"
        if not isinstance(g, dict) or len(g) != 1:
            raise ScenarioError(path, where, "a gesture is an object with one key")
        (kind, body), = g.items()
        if kind == "drag":
            out.append({"kind": "drag", "velocity_px_s": float(body["velocity_pt_s"]),
                        "duration_ms": float(body["duration_ms"])})
        elif kind == "wait":
            out.append({"kind": "wait", "duration_ms": float(body["duration_ms"])})
        elif kind == "repeat":
            inner = gestures(body["script"], path, f"{where}.repeat.script")
            out.extend(inner * int(body["count"]))
        else:
            raise ScenarioError(path, f"{where}.{kind}", "the driver replays drag, wait and repeat gestures only")
    return out


def scenario_user_model(scenario, path):
    """The scenario's `scroll.at_end`, "wait" when absent, or ScenarioError."""
    at_end = scenario.get("scroll", {}).get("at_end", "wait")
    if at_end not in USER_MODELS:
        raise ScenarioError(path, "scroll.at_end", "must be \"wait\" or \"press\"")
    return at_end


def user_configuration(scenario, path, user_model):
    """The user's part of the configuration (script, patience, viewport), for a page of yours."""
    scroll = scenario.get("scroll", {})
    if "script" not in scroll:
        raise ScenarioError(path, "scroll", "the driver replays a scroll.script")
    viewport = scenario.get("viewport", {})
    return {
        "user_model": user_model,
        "viewport_height_px": float(viewport.get("height_pt", 852)),
        "script": gestures(scroll["script"], path, "scroll.script"),
        "patience_ms": float(scenario.get("patience_ms", 30000)),
        "duration_ms": None if scenario.get("duration_s") is None else 1000.0 * scenario["duration_s"],
    }


def configuration(scenario, path, strategy_index, user_model):
    """The page's configuration for one strategy entry of `scenario`, or ScenarioError."""
    feed = scenario.get("feed", {})
    network = scenario.get("network", {})
    scroll = scenario.get("scroll", {})
    if feed.get("pagination", "cursor") != "cursor":
        raise ScenarioError(path, "feed.pagination", "the reference feed pages by cursor")
    for key in ("short_page_rate", "server_max_page_size", "opens_at"):
        if key in feed:
            raise ScenarioError(path, f"feed.{key}", "not expressed by the reference feed")
    for key in ("trace", "profile", "failure_rate", "outages", "retry"):
        if key in network:
            raise ScenarioError(path, f"network.{key}", "not applied by the validation server")
    if "script" not in scroll:
        raise ScenarioError(path, "scroll", "the driver replays a scroll.script")
    if scenario.get("render") is not None or scenario.get("cache") is not None:
        raise ScenarioError(path, "render", "no render stage or cache in the reference feed")
    strategies = scenario.get("strategies")
    if not isinstance(strategies, list) or not 0 <= strategy_index < len(strategies):
        raise ScenarioError(path, "strategies", f"no entry {strategy_index}")
    entry = strategies[strategy_index]
    entry = {"name": entry} if isinstance(entry, str) else dict(entry)
    name = entry.pop("name", None)
    if name not in SUPPORTED_STRATEGIES:
        raise ScenarioError(path, f"strategies[{strategy_index}]",
                            f"the reference feed implements {', '.join(SUPPORTED_STRATEGIES)}")
    allowed = {"intersection_observer": {"root_margin_px", "recheck_after_load", "media"},
               "fixed_threshold": {"ratio", "media"}}[name]
    for key in entry:
        if key not in allowed:
            raise ScenarioError(path, f"strategies[{strategy_index}].{key}", "not implemented by the reference feed")
    media_bytes = None
    if "media_bytes" in feed:
        media_bytes = constant(feed["media_bytes"], path, "feed.media_bytes")
        if feed.get("media_fraction", 1) != 1:
            raise ScenarioError(path, "feed.media_fraction", "every row of the reference feed has an image (1)")
        if entry.get("media") != "browser_lazy":
            raise ScenarioError(path, f"strategies[{strategy_index}].media",
                                "the reference feed's images are loading=\"lazy\" (media: browser_lazy)")
    elif "media" in entry:
        raise ScenarioError(path, f"strategies[{strategy_index}].media", "needs feed.media_bytes")
    if "media" in network:
        raise ScenarioError(path, "network.media", "the validation server is one origin")
    page_size = int(feed.get("page_size", 20))
    viewport = scenario.get("viewport", {})
    if viewport.get("frame_rate_hz", 60) != 60:
        raise ScenarioError(path, "viewport.frame_rate_hz", "headless Chromium draws at 60 Hz")
    bandwidth = network.get("bandwidth_kbps")
    return {
        "mechanism": name,
        "root_margin_px": float(entry.get("root_margin_px", 0)),
        "recheck_after_load": bool(entry.get("recheck_after_load", True)),
        "ratio": float(entry.get("ratio", 0.7)),
        "user_model": user_model,
        "viewport_height_px": float(viewport.get("height_pt", 852)),
        "item_height_px": constant(feed.get("item_height_pt"), path, "feed.item_height_pt"),
        "footer_height_px": float(feed.get("footer_height_pt", 44)),
        "page_size": page_size,
        "initial_page_size": int(feed.get("initial_page_size", page_size)),
        "total_items": int(feed.get("total_items", 1000)),
        "page_bytes": constant(feed.get("page_bytes", 1200 * page_size), path, "feed.page_bytes"),
        "apply_delay_ms": constant(feed.get("apply_delay_ms", 16), path, "feed.apply_delay_ms"),
        "rtt_ms": constant(network.get("rtt_ms", 0), path, "network.rtt_ms"),
        "bandwidth_kbps": None if bandwidth is None else float(bandwidth),
        "media_bytes": media_bytes,
        "effective_connection_type": effective_connection_type(
            constant(network.get("rtt_ms", 0), path, "network.rtt_ms")),
        "script": gestures(scroll["script"], path, "scroll.script"),
        "patience_ms": float(scenario.get("patience_ms", 30000)),
        "duration_ms": None if scenario.get("duration_s") is None else 1000.0 * scenario["duration_s"],
    }


def effective_connection_type(http_rtt_ms):
    """Chrome's network quality estimator's class for a round trip (`--force-effective-connection-type`
    spelling): the thresholds of `kHttpRttEffectiveConnectionTypeThresholds`, chromium
    `net/nqe/network_quality_estimator_params.cc`, as the simulator's `EffectiveConnectionType`."""
    for name, threshold in (("Slow-2G", 2010), ("2G", 1420), ("3G", 272)):
        if http_rtt_ms >= threshold:
            return name
    return "4G"


# A 1 × 1 GIF; an image response is padded after its trailer to the scenario's media_bytes.
GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")


class FeedServer:
    """The reference feed's origin on 127.0.0.1: static files, pages after the scenario's round
    trip plus the body's time at the scenario's bandwidth, and the page's posted log."""

    def __init__(self, config):
        self.config = config
        self.requests = []
        self.images = []
        self.page_log = None
        self.done = threading.Event()
        self.started = time.monotonic()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                url = urlparse(self.path)
                if url.path in ("/", "/feed.html"):
                    html = open(os.path.join(HERE, "feed.html"), encoding="utf-8").read()
                    body = html.replace("/*CONFIG*/null", json.dumps(server.config)).encode()
                    self.reply(body, "text/html")
                elif url.path in ("/feed.js", "/user.js"):
                    self.reply(open(os.path.join(HERE, url.path[1:]), "rb").read(), "text/javascript")
                elif url.path == "/page":
                    server.serve_page(self, parse_qs(url.query))
                elif url.path == "/img":
                    server.serve_image(self, parse_qs(url.query))
                else:
                    self.send_error(404)

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                data = self.rfile.read(length)
                if urlparse(self.path).path == "/log":
                    server.page_log = json.loads(data)
                    self.reply(b"{}", "application/json")
                    server.done.set()
                else:
                    self.send_error(404)

            def reply(self, body, kind):
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def serve_page(self, handler, query):
        received = time.monotonic()
        c = self.config
        cursor = int(query.get("cursor", ["0"])[0])
        count = int(query.get("count", [str(c["page_size"])])[0])
        last = min(c["total_items"], cursor + count)
        items = [{"id": i} for i in range(cursor, last)]
        body = json.dumps({"items": items, "end": last >= c["total_items"]}).encode()
        # The simulator's link: first byte one round trip after the request, then the page's
        # bytes (page_bytes for a full page, pro rata for fewer items) at the bandwidth.
        page_bytes = round(c["page_bytes"] * len(items) / c["page_size"])
        transfer_ms = 0.0 if c["bandwidth_kbps"] is None else page_bytes * 8 / c["bandwidth_kbps"]
        # The apply delay is the client's; the reference feed appends on arrival, so it is
        # served here, after the body, where it delays the append by the same amount.
        wait_s = (c["rtt_ms"] + transfer_ms + c["apply_delay_ms"]) / 1000
        time.sleep(max(0.0, received + wait_s - time.monotonic()))
        sent = time.monotonic()
        self.requests.append({"cursor": cursor, "count": count, "received_s": received - self.started,
                              "sent_s": sent - self.started, "bytes_simulated": page_bytes,
                              "late_ms": 1000 * (sent - received - wait_s)})
        handler.reply(body, "application/json")

    def serve_image(self, handler, query):
        """An image: first byte one round trip after the request, its bytes at the bandwidth."""
        received = time.monotonic()
        c = self.config
        size = int(c["media_bytes"] or len(GIF))
        transfer_ms = 0.0 if c["bandwidth_kbps"] is None else size * 8 / c["bandwidth_kbps"]
        time.sleep(max(0.0, received + (c["rtt_ms"] + transfer_ms) / 1000 - time.monotonic()))
        self.images.append({"id": int(query.get("id", ["-1"])[0]), "received_s": received - self.started})
        handler.reply(GIF + bytes(max(0, size - len(GIF))), "image/gif")

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def chromium_path(given):
    for candidate in ([given] if given else ["chromium", "chromium-browser", "google-chrome"]):
        found = shutil.which(candidate) if candidate else None
        if found:
            return found
    return None


def load_average():
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def run(config, chromium, timeout_s):
    """Runs one session of the reference feed; returns (page log, server requests, Chromium
    version, load average before, load average after)."""
    server = FeedServer(config)
    try:
        ect = config.get("effective_connection_type") if config.get("media_bytes") else None
        with Browser(chromium, config["viewport_height_px"], ect) as browser:
            browser.open(f"http://127.0.0.1:{server.port}/")
            finished = server.done.wait(timeout_s)
    finally:
        server.close()
    if not finished:
        raise RuntimeError(f"Chromium did not finish the session within {timeout_s:.0f} s")
    return server.page_log, server.requests, browser.version, browser.load_before, load_average()


def run_url(config, chromium, timeout_s):
    """Runs one session on config["page_url"] with user.js injected; returns what run() returns
    (no server log)."""
    script = open(os.path.join(HERE, "user.js"), encoding="utf-8").read()
    source = f"window.PREFETCHLAB_CONFIG = {json.dumps(config)};\n{script}"
    log = None
    with Browser(chromium, config["viewport_height_px"]) as browser:
        browser.open(config["page_url"], inject=source)
        deadline = time.monotonic() + timeout_s
        while log is None and time.monotonic() < deadline:
            time.sleep(0.5)
            log = browser.evaluate("window.__prefetchlabLog || null")
    if log is None:
        raise RuntimeError(f"the page did not finish the session within {timeout_s:.0f} s "
                           "(no request matched --requests, or no first content)")
    return json.loads(log), [], browser.version, browser.load_before, load_average()


class Browser:
    """Headless Chromium driven over the DevTools pipe: a page whose layout viewport is exactly
    390 × viewport_height CSS px (a headless window's size would include its frame). Ended, with
    its process group, when the `with` block exits."""

    def __init__(self, chromium, viewport_height_px, effective_connection_type=None):
        self.chromium = chromium
        self.height = int(viewport_height_px)
        # Lazy images take their margin from the estimator's class; on 127.0.0.1 the estimator
        # measures nothing (local hosts are not observed), so the class is forced.
        self.flags = ([f"--force-effective-connection-type={effective_connection_type}"]
                      if effective_connection_type else [])
        self.version = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()

    def __enter__(self):
        self.profile = tempfile.mkdtemp(prefix="prefetchlab-chromium-")
        browser_reads, self.to_browser = os.pipe()
        self.from_browser, browser_writes = os.pipe()

        def pipes_as_3_and_4():
            # Copied out of the way first (either end may already be 3 or 4), then made
            # inheritable: pipes are close-on-exec, and dup2 onto the same number keeps that.
            reads, writes = os.dup(browser_reads), os.dup(browser_writes)
            os.dup2(reads, 3)
            os.dup2(writes, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.load_before = load_average()
        self.process = subprocess.Popen(
            [self.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--hide-scrollbars", "--no-first-run", "--disable-extensions", "--mute-audio",
             "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
             "--disable-backgrounding-occluded-windows", f"--user-data-dir={self.profile}",
             f"--window-size=390,{self.height}", "--remote-debugging-pipe"] + self.flags + ["about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            close_fds=False, preexec_fn=pipes_as_3_and_4)
        os.close(browser_reads)
        os.close(browser_writes)
        self.devtools = DevToolsPipe(self.to_browser, self.from_browser)
        return self

    def open(self, url, inject=None):
        target = self.devtools.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.devtools.call(
            "Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.devtools.call("Page.enable", session=self.session)
        self.devtools.call("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": self.height, "deviceScaleFactor": 1, "mobile": False},
            session=self.session)
        if inject is not None:
            self.devtools.call("Page.addScriptToEvaluateOnNewDocument", {"source": inject}, session=self.session)
        self.devtools.call("Page.navigate", {"url": url}, session=self.session)

    def evaluate(self, expression):
        answer = self.devtools.call(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=self.session)
        return answer.get("result", {}).get("value")

    def __exit__(self, *exc):
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)
        return False


class DevToolsPipe:
    """The DevTools protocol over Chromium's --remote-debugging-pipe: JSON messages ended by NUL,
    commands written to the browser's fd 3, answers and events read from its fd 4."""

    def __init__(self, to_browser, from_browser):
        self.to_browser = to_browser
        self.from_browser = from_browser
        self.buffer = b""
        self.next_id = 0

    def call(self, method, params=None, session=None, timeout_s=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout_s
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self.next_id:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error'].get('message')}")
                    return answer.get("result", {})
            ready, _, _ = select.select([self.from_browser], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise RuntimeError(f"Chromium did not answer {method}")
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self.buffer += chunk


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenario")
    parser.add_argument("--strategy", type=int, default=0, help="index into the scenario's strategies")
    parser.add_argument("--user-model", choices=USER_MODELS,
                        help="the user at the end of loaded content (default: the scenario's scroll.at_end, else wait)")
    parser.add_argument("--out", required=True, help="folder to write browser.json into")
    parser.add_argument("--chromium", help="the browser (default: chromium on PATH)")
    parser.add_argument("--url", help="a page of yours to scroll instead of the reference feed")
    parser.add_argument("--requests", help="with --url: text every page request's URL contains")
    parser.add_argument("--scroller", help="with --url: CSS selector of the scrolled element (default: the document)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 64 if e.code else 0
    if (args.url is None) != (args.requests is None) or (args.scroller and not args.url):
        print("--url and --requests go together (--scroller needs --url)", file=sys.stderr)
        return 64
    try:
        with open(args.scenario, encoding="utf-8") as f:
            scenario = json.load(f)
        if args.user_model is None:
            args.user_model = scenario_user_model(scenario, args.scenario)
        if args.url:
            config = user_configuration(scenario, args.scenario, args.user_model)
            config.update({"page_url": args.url, "request_match": args.requests,
                           "scroller_selector": args.scroller})
        else:
            config = configuration(scenario, args.scenario, args.strategy, args.user_model)
    except (OSError, ValueError) as e:
        print(f"{args.scenario}: {e}", file=sys.stderr)
        return 65
    except (ScenarioError, KeyError, TypeError) as e:
        print(f"{args.scenario}: {e}" if not isinstance(e, ScenarioError) else str(e), file=sys.stderr)
        return 65
    chromium = chromium_path(args.chromium)
    if chromium is None:
        print("Chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 64
    length_ms = config["duration_ms"] or sum(g["duration_ms"] for g in config["script"])
    try:
        log, requests, version, before, after = (run_url if args.url else run)(
            config, chromium, 30 + 3 * (length_ms + config["patience_ms"]) / 1000)
    except RuntimeError as e:
        print(str(e), file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    result = {"scenario": os.path.basename(args.scenario), "strategy_index": args.strategy,
              "config": config, "chromium": version, "load_average_before": before,
              "load_average_after": after, "page_log": log["entries"], "server_requests": requests}
    target = os.path.join(args.out, "browser.json")
    with tempfile.NamedTemporaryFile("w", dir=args.out, delete=False, suffix=".tmp") as f:
        json.dump(result, f, indent=1)
    os.replace(f.name, target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
