#!/usr/bin/env python3
"""Writes Tests/Fixtures/har/generated.har: a HAR 1.2 file drawn from known distributions, for
the `import har` tests (the fit must recover what is drawn here).

API (https://api.example.test): 400 JSON page requests, time to first byte lognormal with median
180 ms and sigma 0.5, bodies lognormal median 36 000 B sigma 0.2, 2 % answered 503, one
keep-alive connection per 6 requests (connect 60 ms on the first), 10 000 kbit/s.
Media (https://img.example.test, HTTP/2: one connection, connect only on its first request):
2 000 image/jpeg requests, time to first byte lognormal median 40 ms sigma 0.4, bodies lognormal
median 80 000 B sigma 0.5, 20 000 kbit/s.
Quirks mixed in, which the importer must leave out or read through: 30 cached images (status 304,
and `_fromCache` with status 200), 10 redirects to the API, timings of -1, a missing
`_transferSize` on every 7th image, page bodies (30 items, 24 with an image URL) on the first
40 pages, base64-encoded on every other one.

Deterministic: Python's random with seed 39. Run from the repository's root:
  python3 scripts/make-har-fixture.py
"""
import base64
import datetime
import json
import math
import random

rng = random.Random(39)
T0 = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def lognormal(median, sigma):
    return median * math.exp(sigma * rng.gauss(0, 1))


def stamp(ms):
    return (T0 + datetime.timedelta(milliseconds=ms)).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def entry(t_ms, url, status, mime, wait, connect, receive, body, transfer=True, text=None, encoding=None,
          connection="1", from_cache=None):
    content = {"size": body, "mimeType": mime}
    if text is not None:
        content["text"] = text
        if encoding:
            content["encoding"] = encoding
    response = {"status": status, "content": content, "headersSize": 200, "bodySize": body}
    if transfer:
        response["_transferSize"] = body + 200
    e = {
        "startedDateTime": stamp(t_ms),
        "time": wait + max(connect, 0) + receive,
        "request": {"method": "GET", "url": url},
        "response": response,
        "timings": {"blocked": -1, "dns": -1, "connect": connect, "ssl": -1, "send": 0.1, "wait": wait,
                    "receive": receive},
        "connection": connection,
    }
    if from_cache:
        e["_fromCache"] = from_cache
    return e


entries = []
t = 0.0
for page in range(400):
    body = round(lognormal(36000, 0.2))
    wait = round(lognormal(180, 0.5), 3)
    new_connection = page % 6 == 0
    # The fitted time to first byte is wait + connect: draw the total, split off the connect.
    connect = 60.0 if new_connection else -1
    wait_only = wait - 60.0 if new_connection else wait
    if wait_only <= 0:
        wait_only, connect = wait, -1
    status = 503 if rng.random() < 0.02 else 200
    text, encoding = None, None
    if page < 40 and status == 200:
        items = [{"id": page * 30 + i, "title": "item %d" % i,
                  "image": ("https://img.example.test/p/%d.jpg" % (page * 30 + i)) if i % 5 != 4 else None}
                 for i in range(30)]
        text = json.dumps({"data": items, "next": "cursor-%d" % (page + 1)})
        if page % 2 == 1:
            text, encoding = base64.b64encode(text.encode()).decode(), "base64"
    receive = round(body * 8 / 10000, 3)
    entries.append(entry(t, "https://api.example.test/feed?page=%d" % page, status, "application/json",
                         wait_only, connect, receive, body if status == 200 else 120, text=text,
                         encoding=encoding, connection=str(page // 6)))
    t += 300
t = 50.0
for image in range(2000):
    body = round(lognormal(80000, 0.5))
    wait = round(lognormal(40, 0.4), 3)
    receive = round(body * 8 / 20000, 3)
    entries.append(entry(t, "https://img.example.test/p/%d.jpg" % image, 200, "image/jpeg", wait,
                         25.0 if image == 0 else -1, receive, body, transfer=image % 7 != 0,
                         connection="h2"))
    t += 60
for cached in range(30):
    if cached % 2:
        entries.append(entry(1000 + cached, "https://img.example.test/p/%d.jpg" % cached, 304, "image/jpeg",
                             5.0, -1, 0, 0, connection="h2"))
    else:
        entries.append(entry(1000 + cached, "https://img.example.test/p/%d.jpg" % cached, 200, "image/jpeg",
                             0.2, -1, 0.1, 80000, transfer=False, from_cache="memory", connection="h2"))
for redirect in range(10):
    entries.append(entry(2000 + redirect, "https://api.example.test/old-feed", 301, "application/json", 90.0,
                         -1, 0, 0, connection="r"))
entries.sort(key=lambda e: e["startedDateTime"])
har = {"log": {"version": "1.2", "creator": {"name": "scripts/make-har-fixture.py", "version": "1"},
               "pages": [{"id": "page_1", "startedDateTime": stamp(0), "title": "feed"}],
               "entries": entries}}
with open("Tests/Fixtures/har/generated.har", "w") as f:
    json.dump(har, f, separators=(",", ":"))
    f.write("\n")
