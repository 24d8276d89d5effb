/// Builds a `ScriptedScroll` segment by segment, in µs (no rounding through ms): what synthetic
/// users and recorded touches are turned into.
struct ScrollScriptBuilder {
  private(set) var segments: [ScriptedScroll.Segment] = []
  /// End of the last segment, µs of trace time.
  private(set) var clockUs: Int64 = 0

  /// The finger moves the content at `velocityPtS` for `durationUs` (> 0; ignored otherwise).
  /// `continuesTouch`: the same finger was already down (no clamp at the start).
  mutating func drag(velocityPtS: Double, durationUs: Int64, continuesTouch: Bool = false) {
    guard durationUs > 0 else { return }
    append(durationUs, .drag(velocityPtS: velocityPtS), continuesTouch: continuesTouch)
  }

  /// A fling along `curve`, cut after `maxDurationUs` when a new touch catches it first.
  /// Returns how long it lasts, µs.
  @discardableResult
  mutating func fling(_ curve: FlingCurve, maxDurationUs: Int64 = .max) -> Int64 {
    let duration = min(curve.durationUs, max(0, maxDurationUs))
    guard duration > 0 else { return 0 }
    append(duration, .fling(curve), continuesTouch: false)
    return duration
  }

  /// Nothing touches the content for `durationUs` (> 0; ignored otherwise).
  mutating func wait(durationUs: Int64) {
    guard durationUs > 0 else { return }
    append(durationUs, .wait, continuesTouch: false)
  }

  mutating func jump(_ target: JumpTarget) { append(0, .jump(target), continuesTouch: false) }

  /// Pull to refresh at the top (`Gesture.refresh`): no trace time.
  mutating func refresh() { append(0, .refresh, continuesTouch: false) }

  /// A carousel swipe lasting `durationUs` (≥ 0) of trace time, the list at rest meanwhile.
  mutating func swipe(_ swipe: CarouselSwipe, durationUs: Int64) {
    append(max(0, durationUs), .swipe(swipe), continuesTouch: false)
  }

  private mutating func append(_ durationUs: Int64, _ kind: ScriptedScroll.Kind, continuesTouch: Bool) {
    segments.append(
      ScriptedScroll.Segment(
        startUs: clockUs, durationUs: durationUs, kind: kind, continuesTouch: continuesTouch))
    clockUs += durationUs
  }

  func build(durationUs: Int64? = nil) -> ScriptedScroll {
    ScriptedScroll(segments: segments, durationUs: durationUs)
  }
}
