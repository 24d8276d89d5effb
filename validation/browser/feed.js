// The reference feed's loading code, written as web code writes it. One mechanism per run:
//   intersection_observer: an IntersectionObserver on the loading footer (the sentinel) with
//     the scroll container as root and `rootMargin` of root_margin_px; a page is asked for when
//     an entry reports the sentinel starting to intersect (or intersecting at the first report),
//     and with recheck_after_load, after each page if the sentinel still intersects.
//   fixed_threshold: a scroll listener asking for the next page once
//     (scrollTop + clientHeight) >= ratio × the rows' height, and the same test after each page.
// Both guard against a second call while a page is out (on_repeat "guard"). With media_bytes
// every row is an <img loading="lazy"> filling it: Chrome's own lazy loading decides when each
// image is requested; each request's start (Resource Timing) goes to the log as image_request.
// Every request, response and append goes to PrefetchLabUser.log (times in ms from the first
// request, performance.now()).
(function () {
  "use strict";
  const C = window.PREFETCHLAB_CONFIG;
  const user = window.PrefetchLabUser;
  const scroller = document.getElementById("scroller");
  const list = document.getElementById("list");
  const sentinel = document.getElementById("sentinel");
  sentinel.style.height = C.footer_height_px + "px";
  scroller.style.height = C.viewport_height_px + "px";

  let loaded = 0;        // items appended so far
  let inFlight = false;  // the guard
  let ended = false;     // the server said the feed is over
  let pageIndex = 0;

  function requestPage(reason) {
    if (inFlight || ended) return;
    inFlight = true;
    const index = pageIndex++;
    const count = index === 0 ? C.initial_page_size : C.page_size;
    const cursor = loaded;
    user.log("request", { page: index, cursor: cursor, reason: reason });
    fetch("/page?cursor=" + cursor + "&count=" + count, { cache: "no-store" })
      .then((r) => r.json())
      .then((body) => {
        user.log("response", { page: index });
        append(index, body);
      });
  }

  function append(index, body) {
    const fragment = document.createDocumentFragment();
    for (const item of body.items) {
      const row = document.createElement("div");
      row.className = "row";
      row.style.height = C.item_height_px + "px";
      if (C.media_bytes) {
        row.className = "row media";
        const img = document.createElement("img");
        img.loading = "lazy";
        img.width = 390;
        img.height = C.item_height_px;
        img.alt = "item " + item.id;
        img.src = "/img?id=" + item.id;
        row.appendChild(img);
      } else {
        row.textContent = "item " + item.id;
      }
      fragment.appendChild(row);
    }
    list.appendChild(fragment);
    loaded += body.items.length;
    inFlight = false;
    if (body.end) {
      ended = true;
      sentinel.style.display = "none";
    }
    user.contentGrew();
    user.log("applied", { page: index, items: body.items.length, content_px: list.offsetHeight });
    if (index === 0) start();
    afterPage();
  }

  // -- intersection_observer ------------------------------------------------------------------
  let observer = null;
  let wasIntersecting = false;
  function sentinelIntersects() {
    const root = scroller.getBoundingClientRect();
    const s = sentinel.getBoundingClientRect();
    const m = C.root_margin_px;
    return s.top <= root.bottom + m && s.bottom >= root.top - m;
  }

  // -- fixed_threshold ------------------------------------------------------------------------
  function thresholdPassed() {
    const contentPx = list.offsetHeight;
    return contentPx <= 0 || scroller.scrollTop + scroller.clientHeight >= C.ratio * contentPx;
  }

  function start() {
    if (C.mechanism === "intersection_observer") {
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const entered = entry.isIntersecting && !wasIntersecting;
            wasIntersecting = entry.isIntersecting;
            if (entered) requestPage("entry");
          }
        },
        { root: scroller, rootMargin: C.root_margin_px + "px" });
      observer.observe(sentinel);
    } else {
      scroller.addEventListener("scroll", () => {
        if (thresholdPassed()) requestPage("scroll");
      }, { passive: true });
    }
    user.start();
  }

  function afterPage() {
    if (pageIndex <= 1) {
      if (C.mechanism === "fixed_threshold" && thresholdPassed()) requestPage("after_page");
      return;
    }
    if (C.mechanism === "intersection_observer") {
      if (C.recheck_after_load && sentinelIntersects()) requestPage("recheck");
    } else if (thresholdPassed()) {
      requestPage("after_page");
    }
  }

  if (C.media_bytes) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const at = e.name.indexOf("/img?id=");
        if (at < 0) continue;
        user.logAt("image_request", e.startTime, { id: Number(e.name.slice(at + 8)) });
      }
    }).observe({ type: "resource", buffered: true });
  }

  window.PrefetchLabFeedEnded = () => ended;
  user.onBegin(() => requestPage("first"));
})();
