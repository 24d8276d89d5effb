/// The fastest the user has scrolled lately: the largest speed noted over the last `windowUs` of
/// simulated time, pt/s. `adaptive`'s mpc planner notes the viewport's speed at each plan and
/// plans the images ahead of a viewport at rest or in a drag against this speed too, because a
/// fling starts without warning and at several times the mean speed (see `PredictivePlanner`).
///
/// A sliding-window maximum: the samples kept are those no later sample is at least as fast as,
/// in time order (so their speeds fall), and the oldest leaves once it is older than the window.
/// O(1) amortised per `note`, O(1) per `speedPtS`.
struct AdaptivePeakSpeed: Sendable {
  private let windowUs: Int64
  /// (time µs, speed pt/s), times rising, speeds falling.
  private var samples: [(timeUs: Int64, speedPtS: Double)] = []
  private var head = 0

  /// - Parameter windowUs: the span the maximum is taken over, µs (clamped to >= 1).
  init(windowUs: Int64) { self.windowUs = max(1, windowUs) }

  /// The viewport moves at `speedPtS` (its magnitude is taken) at `timeUs` (non-decreasing).
  mutating func note(speedPtS: Double, atUs timeUs: Int64) {
    let speed = abs(speedPtS)
    while samples.count > head && samples[samples.count - 1].speedPtS <= speed { samples.removeLast() }
    samples.append((timeUs, speed))
    dropOld(atUs: timeUs)
  }

  /// The largest speed noted in the window ending at `timeUs`, pt/s (0 when none is).
  mutating func speedPtS(atUs timeUs: Int64) -> Double {
    dropOld(atUs: timeUs)
    return head < samples.count ? samples[head].speedPtS : 0
  }

  /// Forgets every sample (after a jump, which says nothing about how fast the user scrolls).
  mutating func reset() {
    samples.removeAll(keepingCapacity: true)
    head = 0
  }

  private mutating func dropOld(atUs timeUs: Int64) {
    while head < samples.count && samples[head].timeUs <= timeUs - windowUs { head += 1 }
    if head > 64 && head * 2 > samples.count {
      samples.removeFirst(head)
      head = 0
    }
  }
}
