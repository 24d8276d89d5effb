/// How fast the user has been scrolling: the distance the viewport travelled (either way) over
/// the last `windowUs` of simulated time, per second. Fed with the viewport's offset at the
/// caller's sampling times (adaptive: a clock grid); the oldest samples drop out as they leave
/// the window. O(1) amortised per sample.
public struct SpeedEstimator: Sendable {
  private let windowUs: Int64
  /// (time µs, distance travelled since the start, pt), oldest first; the first entry is the last
  /// one at or before the window's start.
  private var samples: [(timeUs: Int64, pathPt: Double, offsetPt: Double)] = []
  private var head = 0
  private var pathPt = 0.0
  private var lastOffsetPt: Double?

  /// - Parameter windowUs: the span averaged over, µs, > 0.
  public init(windowUs: Int64) { self.windowUs = max(1, windowUs) }

  /// The viewport is at `offsetPt` at `timeUs` (non-decreasing).
  public mutating func note(offsetPt: Double, atUs timeUs: Int64) {
    if let last = lastOffsetPt { pathPt += abs(offsetPt - last) }
    lastOffsetPt = offsetPt
    samples.append((timeUs, pathPt, offsetPt))
    while head + 1 < samples.count && samples[head + 1].timeUs <= timeUs - windowUs { head += 1 }
    if head > 64 && head * 2 > samples.count {
      samples.removeFirst(head)
      head = 0
    }
  }

  /// Forgets every sample: the next `note` starts a new record from where the viewport is then
  /// (after a jump, whose distance says nothing about how fast the user scrolls).
  public mutating func reset() {
    samples.removeAll(keepingCapacity: true)
    head = 0
    pathPt = 0
    lastOffsetPt = nil
  }

  /// Mean speed over the window ending at `timeUs`, pt/s: distance since the window's start over
  /// the window (over the time since the first sample while less has passed).
  public func speedPtS(atUs timeUs: Int64) -> Double {
    guard head < samples.count else { return 0 }
    let start = samples[head]
    let spanUs = max(1, min(windowUs, timeUs - start.timeUs))
    return (pathPt - start.pathPt) / Double(spanUs) * 1_000_000
  }

  /// How one-way the window's travel was: |net displacement| / distance travelled, 0…1 (1: no
  /// reversal; 1 also when nothing moved).
  public var steadiness: Double {
    guard head < samples.count, let last = samples.last else { return 1 }
    let start = samples[head]
    let path = pathPt - start.pathPt
    return path > 0 ? min(1, abs(last.offsetPt - start.offsetPt) / path) : 1
  }
}
