#!/usr/bin/env python3
"""Records Tests/Fixtures/har/chromium.har: a HAR exported by a real browser (Debian's headless
Chromium, driven by Playwright through the system executable, no browser download) against two
local servers with known delays, for the `import har` tests.

  API    http://127.0.0.1:PORT_A/api/feed?page=N   JSON, 20 items each (15 with an image URL),
         answered after 120 ms + (N mod 5) x 20 ms (120…200 ms; 10 % of pages also wait 300 ms)
  media  http://127.0.0.2:PORT_B/img/N.png         48 000 bytes, answered after 30 ms

The page (served by the API's server) loads 30 pages one after another and, for each, its images
6 at a time. Image bodies are dropped from the HAR after recording (their sizes, timings and
headers stay) to keep the fixture small; page bodies are kept. Ports are chosen free at run
time, so the URLs differ between recordings.

Needs: apt-get install chromium; pip install playwright. Run from the repository's root:
  python3 scripts/record-browser-har.py
"""
import http.server
import json
import os
import socketserver
import threading
import time

from playwright.sync_api import sync_playwright

IMAGE = bytes((i * 7919) % 251 for i in range(48_000))
PAGES = 30


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def api_delay_s(page):
    return (120 + (page % 5) * 20 + (300 if page % 10 == 7 else 0)) / 1000


class Handler(http.server.BaseHTTPRequestHandler):
    media_origin = ""

    def log_message(self, *args):
        pass

    def send(self, status, mime, body):
        self.send_response(status)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/":
            self.send(200, "text/html", PAGE_HTML.replace("MEDIA", Handler.media_origin).encode())
        elif self.path.startswith("/api/feed"):
            page = int(self.path.split("page=")[1])
            time.sleep(api_delay_s(page))
            items = [{"id": page * 20 + i,
                      "image": "%s/img/%d.png" % (Handler.media_origin, page * 20 + i) if i % 4 != 3 else None}
                     for i in range(20)]
            self.send(200, "application/json", json.dumps({"items": items}).encode())
        elif self.path.startswith("/img/"):
            time.sleep(0.030)
            self.send(200, "image/png", IMAGE)
        else:
            self.send(404, "text/plain", b"not found")


PAGE_HTML = """<!doctype html><title>feed</title><script>
async function run() {
  for (let page = 0; page < %d; page++) {
    const feed = await (await fetch('/api/feed?page=' + page)).json();
    const urls = feed.items.filter(i => i.image).map(i => i.image);
    for (let k = 0; k < urls.length; k += 6) {
      await Promise.all(urls.slice(k, k + 6).map(u => fetch(u).then(r => r.arrayBuffer())));
    }
  }
  document.title = 'done';
}
run();
</script>""" % PAGES


def main():
    api = Server(("127.0.0.1", 0), Handler)
    media = Server(("127.0.0.2", 0), Handler)
    Handler.media_origin = "http://127.0.0.2:%d" % media.server_address[1]
    for server in (api, media):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    out = "Tests/Fixtures/har/chromium.har"
    raw = out + ".tmp"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
        context = browser.new_context(record_har_path=raw, record_har_content="embed")
        page = context.new_page()
        page.goto("http://127.0.0.1:%d/" % api.server_address[1])
        page.wait_for_function("document.title === 'done'", timeout=120_000)
        context.close()
        browser.close()
    har = json.load(open(raw))
    for entry in har["log"]["entries"]:
        content = entry["response"]["content"]
        if content.get("mimeType", "").startswith("image/"):
            content.pop("text", None)
            content.pop("encoding", None)
    with open(out, "w") as f:
        json.dump(har, f, separators=(",", ":"))
        f.write("\n")
    os.remove(raw)


if __name__ == "__main__":
    main()
