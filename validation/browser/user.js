// The scenario's user, played inside the page at the display's frame rate, and the page's log.
//
// The script (drag and wait gestures) gives the user's intended scroll offset at each trace time
// τ (τ = 0 at first content). Each requestAnimationFrame callback sets the scroller's scrollTop
// to the intent, clamped to the largest offset the content allows. User models at the end of
// loaded content (the footer in view, more to come):
//   wait  — the simulator's pause model: τ stops at the instant the intent crossed the end (found
//           by bisection within the gesture) and resumes when a page is appended; the time in
//           between is a stall.
//   press — the finger keeps pressing against the end (the simulator's scroll.at_end "press"):
//           τ runs on with the clock; the viewport stays at the end while the intent is past it,
//           and moves to the intent (clamped) at the first frame after content grows. A stall
//           lasts from the instant the intent passed the end (by bisection, not before the
//           previous frame) to the append that lets the viewport move on; if the intent is still
//           past the new end then, the next stall starts at that append. The session ends when
//           τ reaches the script's end, an open stall with it.
// Either way a single stall longer than patience_ms ends the session (abandoned).
// Every frame's time and offset, the stalls and the session end go to the log; at the end the
// log is POSTed to /log for the driver.
(function () {
  "use strict";
  const C = window.PREFETCHLAB_CONFIG;
  // The reference feed's #scroller, or on a page of yours (page_url) the element matching
  // scroller_selector, else the document's own scrolling element; found at first content.
  let scroller = null;
  function findScroller() {
    if (!C.page_url) return document.getElementById("scroller");
    return C.scroller_selector ? document.querySelector(C.scroller_selector) : document.scrollingElement;
  }
  const entries = [];
  let t0 = null; // performance.now() of the first request

  function now() { return t0 === null ? 0 : performance.now() - t0; }
  function log(kind, fields) {
    const entry = Object.assign({ kind: kind, t_ms: Math.round(now() * 1000) / 1000 }, fields || {});
    entries.push(entry);
  }

  // The script as segments: [startτ, endτ, velocity px/ms] for drags, 0 for waits.
  const segments = [];
  let total = 0;
  for (const g of C.script) {
    const v = g.kind === "drag" ? g.velocity_px_s / 1000 : 0;
    segments.push({ start: total, end: total + g.duration_ms, v: v });
    total += g.duration_ms;
  }
  const lengthMs = C.duration_ms !== null ? C.duration_ms : total;
  function intentAt(tau) {
    let offset = 0;
    for (const s of segments) {
      if (tau <= s.start) break;
      offset += s.v * (Math.min(tau, s.end) - s.start);
    }
    return Math.max(0, offset);
  }
  function segmentAt(tau) {
    for (const s of segments) if (tau < s.end) return s;
    return null;
  }

  let firstContent = null; // ms since t0
  let pausedMs = 0;        // τ lost to stalls so far (wait model)
  let stall = null;        // { start, tauStop } while stalled
  let grew = false;        // content grew since the last frame (press model)
  let lastFrame = null;
  let lastMaxPx = 0;
  let done = false;

  function maxOffset() { return Math.max(0, scroller.scrollHeight - scroller.clientHeight); }
  function tauAt(t) { return t - firstContent - pausedMs; }

  function frame(ts) {
    if (done) return;
    const t = ts - t0;
    if (stall && t - stall.start >= C.patience_ms) {
      // Patience: a single stall longer than patience_ms ends the session at its start +
      // patience_ms, as the simulator's user abandons.
      const at = stall.start + C.patience_ms;
      log("stall_end", { at_ms: round(at) });
      log("abandoned", { at_ms: round(at) });
      stall = null;
      return finish(at);
    }
    if (C.page_url && maxOffset() > lastMaxPx + 0.5) {
      // A page of yours: rows appended since the last frame end a pause at this frame.
      lastMaxPx = maxOffset();
      growth(t);
    }
    const maxPx = maxOffset();
    lastMaxPx = maxPx;
    let offset;
    if (C.user_model === "wait") {
      if (stall) {
        offset = maxPx;
      } else {
        const tau = Math.min(tauAt(t), lengthMs);
        const intent = intentAt(tau);
        if (intent > maxPx + 0.5 && !feedEnded()) {
          // Date the pause back to the instant the intent crossed the end, within the gesture.
          const seg = segmentAt(tau) || segments[segments.length - 1];
          let lo = Math.max(seg.start, tau - (t - (lastFrame === null ? t : lastFrame)));
          let hi = tau;
          if (intentAt(lo) > maxPx) lo = seg.start;
          for (let i = 0; i < 40; i++) {
            const mid = (lo + hi) / 2;
            if (intentAt(mid) > maxPx) hi = mid; else lo = mid;
          }
          stall = { start: t - (tau - hi), tauStop: hi };
          log("stall_start", { at_ms: round(stall.start), offset_px: maxPx });
          offset = maxPx;
        } else {
          offset = Math.min(intent, maxPx);
        }
      }
      if (tauAt(t) >= lengthMs && !stall) return finish(t);
    } else {
      const tau = t - firstContent;
      const intent = intentAt(Math.min(tau, lengthMs));
      // A new stall dates back to the instant the intent crossed the end, but not before the
      // previous frame nor before the append that ended the last stall.
      let from = lastFrame === null ? tau : lastFrame - firstContent;
      if (stall && grew && maxPx > stall.maxPx) {
        log("stall_end", { at_ms: round(stall.grewAt) });
        from = Math.max(from, stall.grewAt - firstContent);
        stall = null;
      }
      if (!stall && intent > maxPx + 0.5 && !feedEnded()) {
        let lo = Math.min(from, tau);
        let hi = tau;
        if (intentAt(Math.min(lo, lengthMs)) > maxPx) hi = lo;
        for (let i = 0; i < 40 && hi > lo; i++) {
          const mid = (lo + hi) / 2;
          if (intentAt(Math.min(mid, lengthMs)) > maxPx) hi = mid; else lo = mid;
        }
        stall = { start: firstContent + hi, maxPx: maxPx };
        log("stall_start", { at_ms: round(stall.start), offset_px: maxPx });
      }
      offset = Math.min(intent, maxPx);
      // The session ends where the user's clock says, stalled or not.
      if (tau >= lengthMs) return finish(firstContent + lengthMs);
    }
    grew = false;
    scroller.scrollTop = offset;
    log("frame", { frame_ms: round(t), offset_px: round(scroller.scrollTop) });
    lastFrame = t;
    requestAnimationFrame(frame);
  }

  function feedEnded() { return window.PrefetchLabFeedEnded ? window.PrefetchLabFeedEnded() : false; }
  function round(x) { return Math.round(x * 1000) / 1000; }

  function finish(t) {
    done = true;
    if (stall) log("stall_open", { at_ms: round(stall.start) });
    log("end", { at_ms: round(t) });
    if (C.page_url) {
      window.__prefetchlabLog = JSON.stringify({ entries: entries }); // the driver reads it
    } else {
      fetch("/log", { method: "POST", body: JSON.stringify({ entries: entries }) });
    }
  }

  function growth(t) {
    if (firstContent === null) return;
    if (C.user_model === "wait" && stall && maxOffset() > scroller.scrollTop + 0.5) {
      pausedMs += t - stall.start;
      log("stall_end", { at_ms: round(t) });
      stall = null;
    } else if (C.user_model === "press" && stall) {
      grew = true;
      stall.grewAt = t;
    }
  }

  // On a page of yours, its page requests (URLs containing request_match) come from Resource
  // Timing: the first one's start is time 0, first content the first frame after it ended.
  if (C.page_url) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.name.includes(C.request_match)) continue;
        if (t0 === null) t0 = e.startTime;
        entries.push({ kind: "request", t_ms: round(e.startTime - t0), url: e.name });
        entries.push({ kind: "response", t_ms: round(e.responseEnd - t0), url: e.name });
        if (firstContent === null && !waiting) {
          waiting = true;
          requestAnimationFrame(() => {
            scroller = findScroller();
            lastMaxPx = maxOffset();
            window.PrefetchLabUser.start();
          });
        }
      }
    }).observe({ type: "resource", buffered: true });
  }
  let waiting = false;

  window.PrefetchLabUser = {
    log: log,
    // An entry stamped with a performance.now() time of its own (a resource's start, say).
    logAt: (kind, performanceMs, fields) => {
      entries.push(Object.assign({ kind: kind, t_ms: t0 === null ? 0 : round(performanceMs - t0) }, fields || {}));
    },
    onBegin: (f) => {
      requestAnimationFrame(() => { t0 = performance.now(); scroller = findScroller(); f(); });
    },
    start: () => {
      firstContent = now();
      log("first_content", { at_ms: round(firstContent), viewport_px: scroller.clientHeight, window_px: window.innerHeight });
      requestAnimationFrame(frame);
    },
    // Called by the feed right after it appended rows: a pause ends here (the wait model's τ
    // resumes from this instant), the press model's viewport moves on at the next frame.
    contentGrew: () => growth(now()),
  };
})();
