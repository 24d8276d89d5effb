#!/usr/bin/env python3
"""Writes a large HAR for measuring `import har`'s memory and time: N entries of about 2.3 kB
each, shaped as Chrome DevTools exports them (request and response headers, cookies, timings,
`_transferSize`), one JSON page request in ten and image requests otherwise, without bodies.
100 000 entries make a 230 MB file. Deterministic (Python's random with seed 7).

  python3 scripts/make-large-har.py 100000 /tmp/big.har
  /usr/bin/time -v .build/release/prefetchlab import har /tmp/big.har > /dev/null
"""
import datetime, json, random, sys
n, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(7)
T0 = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
def stamp(ms):
    return (T0 + datetime.timedelta(milliseconds=ms)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
headers = [{"name": k, "value": v} for k, v in [
    ("accept", "application/json, text/plain, */*"), ("accept-encoding", "gzip, deflate, br"),
    ("accept-language", "en-GB,en;q=0.9"), ("cache-control", "no-cache"),
    ("user-agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"),
    ("sec-fetch-mode", "cors"), ("sec-fetch-site", "same-site"), ("referer", "https://app.example.test/feed"),
    ("cookie", "session=" + "x" * 120)]]
with open(out, "w") as f:
    f.write('{"log": {"version": "1.2", "creator": {"name": "gen", "version": "1"}, "entries": [\n')
    for i in range(n):
        page = i % 10 == 0
        url = f"https://api.example.test/feed?page={i}" if page else f"https://img.example.test/p/{i}.jpg?w=400&h=300"
        body = int(rng.lognormvariate(10.5 if page else 11.3, 0.4))
        e = {"startedDateTime": stamp(i * 20), "time": 100,
             "request": {"method": "GET", "url": url, "httpVersion": "h2", "headers": headers, "queryString": [],
                         "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "", "httpVersion": "h2",
                          "headers": [{"name": "content-type", "value": "application/json" if page else "image/jpeg"},
                                      {"name": "content-length", "value": str(body)},
                                      {"name": "date", "value": "Thu, 01 Jan 2026 00:00:00 GMT"},
                                      {"name": "cache-control", "value": "max-age=3600"},
                                      {"name": "server", "value": "example"}],
                          "cookies": [], "content": {"size": body, "mimeType": "application/json" if page else "image/jpeg"},
                          "redirectURL": "", "headersSize": -1, "bodySize": body, "_transferSize": body + 300},
             "cache": {}, "timings": {"blocked": 0.5, "dns": -1, "ssl": -1, "connect": -1, "send": 0.1,
                                      "wait": round(rng.lognormvariate(4.3, 0.4), 3), "receive": round(rng.uniform(1, 30), 3)},
             "serverIPAddress": "192.0.2.1", "connection": str(i % 6), "_initiator": {"type": "script"}, "_priority": "High", "_resourceType": "xhr" if page else "image"}
        f.write(json.dumps(e, indent=2))
        f.write(",\n" if i + 1 < n else "\n")
    f.write("]}}\n")
