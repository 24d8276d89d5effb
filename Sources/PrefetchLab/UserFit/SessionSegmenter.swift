import Foundation

/// Cuts a recorded session into the gestures the synthetic user model draws: touches (a drag,
/// maybe released into a fling), jumps, and the dwells between them. O(samples).
///
/// With a `phase` column (`prefetchlab trace`, the recorders in `recorders/`), the touch state
/// decides:
/// - a touch is a maximal run of `dragging` rows; it began halfway between its first row and the
///   row before, and lifted halfway between its last row and the row after (a frame's phase
///   says what held at that frame, so each edge is known to within one sample interval);
/// - its drag speed is the content's displacement over the run divided by the run's time
///   (first to last row); its direction is the sign of that displacement;
/// - `decelerating` rows right after the run are its fling. The release speed is extrapolated
///   back to the lift from the fling's first two sample intervals, log-linearly (exact for iOS's
///   exponential decay, v(t) = v₀·rateᵗ; within a few per cent for Android's spline over one
///   frame), or is the first interval's speed when the fling lasted one interval;
/// - a dwell runs from a lift (or a jump) to the next touch's start.
///
/// Without phases the touch state is inferred from the motion alone: an episode is a maximal run
/// of sample intervals that move the content in one direction; its trailing run of strictly
/// falling speeds, when it lasts at least `flingMinimumMs` and ends below 2/3 of where it
/// started, is a fling and the rest the drag. The touch began halfway through the episode's
/// first interval and lifted halfway through the interval whose speed rose into the fling (or
/// where the falling speeds begin), or without a fling halfway through the last one. A fling caught by the next touch in the same
/// direction, with no still sample between, then counts as one gesture; a finger that drags
/// ever more slowly looks like a fling. Record the phase where the platform gives it.
///
/// A jump is a move of at least `jumpMinimumPt` at `jumpMinimumSpeedPtS` or more between two
/// samples while no finger drags (faster than any fling the physics produces from a real
/// release); to offset 0 (within 0.5 pt) it is a jump to the top.
public enum SessionSegmenter {
  /// Smallest move that can be a jump, pt.
  public static let jumpMinimumPt = 50.0
  /// Smallest speed between two samples that makes a move a jump, pt/s.
  public static let jumpMinimumSpeedPtS = 20_000.0
  /// Shortest run of falling speeds taken for a fling when there is no phase column, ms.
  public static let flingMinimumMs = 100.0

  /// The session's gestures in time order.
  public static func gestures(_ session: RecordedSession) -> [ObservedGesture] {
    session.hasPhases ? byPhase(session.samples) : byMotion(session.samples)
  }

  // MARK: With the touch state

  static func byPhase(_ s: [RecordedSession.Sample]) -> [ObservedGesture] {
    var gestures: [ObservedGesture] = []
    var lastEndMs: Double? = nil
    var i = 0
    while i < s.count {
      guard s[i].phase == .dragging else {
        if i > 0, isJump(s[i - 1], s[i]) {
          closeDwell(&gestures, lastEndMs: lastEndMs, nextStartMs: s[i].timeMs)
          gestures.append(jump(to: s[i]))
          lastEndMs = s[i].timeMs
        }
        i += 1
        continue
      }
      let a = i
      var b = i
      while b + 1 < s.count && s[b + 1].phase == .dragging { b += 1 }
      let startMs = a > 0 ? (s[a - 1].timeMs + s[a].timeMs) / 2 : s[a].timeMs
      let liftMs = b + 1 < s.count ? (s[b].timeMs + s[b + 1].timeMs) / 2 : s[b].timeMs
      var gesture = ObservedGesture(kind: .touch, startMs: startMs, strokeMs: liftMs - startMs)
      let moved = s[b].offsetPt - s[a].offsetPt
      if b > a, s[b].timeMs > s[a].timeMs, abs(moved) > 1e-6 {
        gesture.dragSpeedPtS = abs(moved) / (s[b].timeMs - s[a].timeMs) * 1000
        gesture.direction = moved > 0 ? 1 : -1
      } else if a > 0, abs(s[a].offsetPt - s[a - 1].offsetPt) > 1e-6 {
        gesture.direction = s[a].offsetPt > s[a - 1].offsetPt ? 1 : -1
      }
      var next = b + 1
      if next < s.count && s[next].phase == .decelerating {
        var end = next
        while end + 1 < s.count && s[end + 1].phase == .decelerating { end += 1 }
        gesture.flung = true
        gesture.flingSpeedPtS = releaseSpeed(s, from: next, to: end, liftMs: liftMs)
        if gesture.direction == 0, end > next {
          let flown = s[end].offsetPt - s[next].offsetPt
          gesture.direction = flown > 0 ? 1 : (flown < 0 ? -1 : 0)
        }
        next = end + 1
      }
      closeDwell(&gestures, lastEndMs: lastEndMs, nextStartMs: startMs)
      gestures.append(gesture)
      lastEndMs = liftMs
      i = next
    }
    return gestures
  }

  // MARK: From the motion alone

  static func byMotion(_ s: [RecordedSession.Sample]) -> [ObservedGesture] {
    var gestures: [ObservedGesture] = []
    var lastEndMs: Double? = nil
    var k = 0
    let intervals = s.count - 1
    func moved(_ k: Int) -> Double { s[k + 1].offsetPt - s[k].offsetPt }
    func speed(_ k: Int) -> Double {
      let dt = s[k + 1].timeMs - s[k].timeMs
      return dt > 0 ? abs(moved(k)) / dt * 1000 : .infinity
    }
    while k < intervals {
      guard abs(moved(k)) > 1e-3 else {
        k += 1
        continue
      }
      if isJump(s[k], s[k + 1]) {
        closeDwell(&gestures, lastEndMs: lastEndMs, nextStartMs: s[k + 1].timeMs)
        gestures.append(jump(to: s[k + 1]))
        lastEndMs = s[k + 1].timeMs
        k += 1
        continue
      }
      let p = k
      let sign = moved(p) > 0
      var q = p
      while q + 1 < intervals && abs(moved(q + 1)) > 1e-3 && (moved(q + 1) > 0) == sign
        && !isJump(s[q + 1], s[q + 2])
      {
        q += 1
      }
      var j = q
      while j > p && speed(j - 1) > speed(j) { j -= 1 }
      let tailMs = s[q + 1].timeMs - s[j].timeMs
      let flung = j < q && tailMs >= flingMinimumMs && speed(q) < speed(j) * 2 / 3
      func midMs(_ k: Int) -> Double { (s[k].timeMs + s[k + 1].timeMs) / 2 }
      // The finger went down within the first moving interval; it lifted within the interval
      // whose speed rose into the fling (it holds some drag and some fling), else where the
      // falling speeds begin; without a fling, within the last moving interval.
      let liftMs: Double
      let lastDragSample: Int
      if flung && j > p && speed(j - 1) < speed(j) {
        (liftMs, lastDragSample) = (midMs(j - 1), j - 1)
      } else if flung {
        (liftMs, lastDragSample) = (s[j].timeMs, j)
      } else {
        (liftMs, lastDragSample) = (midMs(q), q)
      }
      let startMs = midMs(p)
      var gesture = ObservedGesture(
        kind: .touch, startMs: startMs, strokeMs: liftMs - startMs, direction: sign ? 1 : -1, flung: flung)
      if lastDragSample > p + 1 {
        gesture.dragSpeedPtS =
          abs(s[lastDragSample].offsetPt - s[p + 1].offsetPt) / (s[lastDragSample].timeMs - s[p + 1].timeMs)
          * 1000
      } else if speed(p).isFinite {
        gesture.dragSpeedPtS = speed(p)
      }
      if flung { gesture.flingSpeedPtS = releaseSpeed(s, from: j, to: q + 1, liftMs: liftMs) }
      closeDwell(&gestures, lastEndMs: lastEndMs, nextStartMs: startMs)
      gestures.append(gesture)
      lastEndMs = liftMs
      k = q + 1
    }
    return gestures
  }

  // MARK: Shared pieces

  /// The fling's speed at the lift, from the sample intervals `from`→`from+1`→`from+2` (all
  /// within the fling, `to` its last sample); nil when it moved in no interval.
  static func releaseSpeed(_ s: [RecordedSession.Sample], from: Int, to: Int, liftMs: Double) -> Double? {
    func interval(_ k: Int) -> (speed: Double, midMs: Double)? {
      let dt = s[k + 1].timeMs - s[k].timeMs
      let dx = abs(s[k + 1].offsetPt - s[k].offsetPt)
      guard dt > 0, dx > 0 else { return nil }
      return (dx / dt * 1000, (s[k].timeMs + s[k + 1].timeMs) / 2)
    }
    guard to > from, let first = interval(from) else { return nil }
    guard to > from + 1, let second = interval(from + 1), second.speed < first.speed,
      second.midMs > first.midMs
    else { return first.speed }
    let slope = (log(first.speed) - log(second.speed)) / (second.midMs - first.midMs)
    return first.speed * exp(slope * max(0, first.midMs - liftMs))
  }

  static func isJump(_ before: RecordedSession.Sample, _ after: RecordedSession.Sample) -> Bool {
    let moved = abs(after.offsetPt - before.offsetPt)
    guard moved >= jumpMinimumPt else { return false }
    let dt = after.timeMs - before.timeMs
    return dt <= 0 || moved / dt * 1000 >= jumpMinimumSpeedPtS
  }

  static func jump(to sample: RecordedSession.Sample) -> ObservedGesture {
    ObservedGesture(kind: abs(sample.offsetPt) <= 0.5 ? .jumpToTop : .jumpElsewhere, startMs: sample.timeMs)
  }

  static func closeDwell(_ gestures: inout [ObservedGesture], lastEndMs: Double?, nextStartMs: Double) {
    guard let lastEndMs, !gestures.isEmpty else { return }
    gestures[gestures.count - 1].dwellMs = max(0, nextStartMs - lastEndMs)
  }
}
