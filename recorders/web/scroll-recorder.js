/*
 * PrefetchLab scroll recorder for web pages: records how a list scrolls as the offset_csv that
 * `scroll.trace` replays and `prefetchlab fit-users` fits (t_ms,offset_pt,phase; CSS px = pt).
 *
 *   const rec = PrefetchLabRecorder.start();           // the page; or start({element: myList})
 *   ... scroll ...
 *   rec.download('session.csv');                       // or rec.stop() for the CSV text
 *
 * Paste it into the DevTools console (or load it from a bookmarklet), scroll, then download.
 * One row per animation frame (or per `intervalMs`, when given: a timer instead of frames, for
 * pages that draw no frames such as headless checks) in which the offset or the phase changed,
 * plus the still sample before a move (the replay interpolates linearly between rows). Phase: `dragging` while a
 * finger is down (touch events) or within 100 ms of a wheel or key event, `decelerating` while
 * the content moves after that (a fling, smooth-scroll or momentum), `idle` when it is still.
 */
(function (global) {
  'use strict';
  function start(options) {
    options = options || {};
    var element = options.element || null;
    var inputWindowMs = options.inputWindowMs || 100;
    var next = options.intervalMs
      ? function (callback) {
          global.setTimeout(function () { callback(global.performance.now()); }, options.intervalMs);
        }
      : function (callback) { global.requestAnimationFrame(callback); };
    var listen = element || global;
    var offset = function () {
      return element ? element.scrollTop : global.scrollY || global.document.documentElement.scrollTop || 0;
    };
    var origin = global.performance.now();
    var rows = ['t_ms,offset_pt,phase'];
    var touches = 0;
    var lastInputAt = -Infinity;
    var last = null; // the previous frame's sample
    var lastWritten = null;
    var running = true;
    var format = function (s) { return s.t.toFixed(3) + ',' + s.y.toFixed(3) + ',' + s.phase; };
    function sample(now) {
      var y = offset();
      var moved = last !== null && y !== last.y;
      var input = touches > 0 || now - lastInputAt < inputWindowMs;
      var phase = input ? 'dragging' : moved ? 'decelerating' : 'idle';
      var current = { t: now - origin, y: y, phase: phase };
      if (last === null || moved || phase !== last.phase) {
        if (last !== null && last !== lastWritten) rows.push(format(last));
        rows.push(format(current));
        lastWritten = current;
      }
      last = current;
    }
    function frame(now) {
      if (!running) return;
      sample(now);
      next(frame);
    }
    var down = function (e) { touches = e.touches ? e.touches.length : touches + 1; };
    var up = function (e) { touches = e.touches ? e.touches.length : Math.max(0, touches - 1); };
    var input = function () { lastInputAt = global.performance.now(); };
    var passive = { passive: true, capture: true };
    listen.addEventListener('touchstart', down, passive);
    listen.addEventListener('touchend', up, passive);
    listen.addEventListener('touchcancel', up, passive);
    listen.addEventListener('wheel', input, passive);
    global.addEventListener('keydown', input, passive);
    next(frame);
    function stop() {
      if (running) {
        running = false;
        sample(global.performance.now());
        if (last !== lastWritten) rows.push(format(last));
        listen.removeEventListener('touchstart', down, passive);
        listen.removeEventListener('touchend', up, passive);
        listen.removeEventListener('touchcancel', up, passive);
        listen.removeEventListener('wheel', input, passive);
        global.removeEventListener('keydown', input, passive);
      }
      return rows.join('\n') + '\n';
    }
    function download(name) {
      var link = global.document.createElement('a');
      link.href = URL.createObjectURL(new Blob([stop()], { type: 'text/csv' }));
      link.download = name || 'scroll-session.csv';
      link.click();
    }
    return { stop: stop, download: download };
  }
  global.PrefetchLabRecorder = { start: start };
})(window);
