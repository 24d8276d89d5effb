/// A user who follows a script of gestures (`drag`, `fling`, `wait`, `jump`, `refresh`, `swipe`:
/// `scroll.script` in docs/scenario-format.md). Also
/// the motion engine behind synthetic users (`SyntheticUser`) and recorded touches
/// (`TouchRecording`), which build their scripts with `ScrollScriptBuilder`.
///
/// Each gesture starts from where the previous one left the content: the previous intent,
/// clamped at the top (a pull past the top springs back) and at the feed's end once that is
/// known — unless the finger is still down from the previous segment. It is not clamped at a
/// stall: the pause model defers the rest of the motion instead.
public struct ScriptedScroll: ScrollSource {
  enum Kind: Sendable, Equatable {
    case drag(velocityPtS: Double)
    case fling(FlingCurve)
    case wait
    case jump(JumpTarget)
    /// Pull to refresh: to the top at once, then the feed reloads (`Gesture.refresh`).
    case refresh
    /// A carousel row is swiped (`Gesture.swipe`); the list rests meanwhile.
    case swipe(CarouselSwipe)
  }

  struct Segment: Sendable, Equatable {
    var startUs: Int64
    var durationUs: Int64
    var kind: Kind
    /// The same finger is still down from the previous segment (a recorded drag split into
    /// pieces): the content keeps following it, so the start is not clamped at the edges and a
    /// drag past the top keeps accumulating its rubber band.
    var continuesTouch = false
    var endUs: Int64 { startUs + durationUs }
  }

  private let segments: [Segment]
  public let durationUs: Int64
  public let carouselSwipes: [ScheduledSwipe]
  /// Index of the segment the last motion came from, and the intent it started from.
  private var current = 0
  private var basePt = 0.0
  /// Refresh segments passed so far (`ScrollMotion.refreshCount`).
  private var refreshes = 0

  /// - Parameters:
  ///   - gestures: the script, in order.
  ///   - physics: deceleration applied to flings.
  ///   - durationUs: trace length; nil = the script's own length. A longer trace idles at the
  ///     end, a shorter one cuts the script.
  ///   - iosStopThresholdPt: where an iOS fling ends (`ScrollSpec.iosStopThresholdPt`), pt, > 0.
  public init(
    gestures: [Gesture], physics: ScrollPhysics, durationUs: Int64? = nil,
    iosStopThresholdPt: Double = IOSDecelerationCurve.defaultStopThresholdPt
  ) {
    var segments: [Segment] = []
    segments.reserveCapacity(gestures.count)
    var clock: Int64 = 0
    for gesture in gestures {
      let segment: Segment
      switch gesture {
      case .drag(let velocity, let durationMs):
        segment = Segment(
          startUs: clock, durationUs: Self.micros(durationMs), kind: .drag(velocityPtS: velocity))
      case .fling(let velocity):
        let curve = physics.flingCurve(velocityPtS: velocity, iosStopThresholdPt: iosStopThresholdPt)
        segment = Segment(startUs: clock, durationUs: curve.durationUs, kind: .fling(curve))
      case .wait(let durationMs):
        segment = Segment(startUs: clock, durationUs: Self.micros(durationMs), kind: .wait)
      case .jump(let target):
        segment = Segment(startUs: clock, durationUs: 0, kind: .jump(target))
      case .refresh:
        segment = Segment(startUs: clock, durationUs: 0, kind: .refresh)
      case .swipe(let swipe):
        segment = Segment(startUs: clock, durationUs: Self.micros(swipe.durationMs), kind: .swipe(swipe))
      }
      segments.append(segment)
      clock = segment.endUs
    }
    self.segments = segments
    self.durationUs = durationUs ?? clock
    carouselSwipes = Self.swipes(in: segments)
  }

  /// A script already cut into segments (synthetic users, touch input); see `ScrollScriptBuilder`.
  init(segments: [Segment], durationUs: Int64? = nil) {
    self.segments = segments
    self.durationUs = durationUs ?? (segments.last?.endUs ?? 0)
    carouselSwipes = Self.swipes(in: segments)
  }

  private static func swipes(in segments: [Segment]) -> [ScheduledSwipe] {
    segments.compactMap { segment in
      guard case .swipe(let swipe) = segment.kind else { return nil }
      return ScheduledSwipe(startUs: segment.startUs, durationUs: segment.durationUs, swipe: swipe)
    }
  }

  private static func micros(_ ms: Double) -> Int64 { Int64((ms * 1000).rounded()) }

  /// The items the script jumps to (`jump.to_item`), in order, with the trace time of each jump:
  /// a jump needs its item's page even if the user moves on at once, and the oracle checks whether
  /// one can land short of its item (see `BoundCaveats.clampedJump`).
  var jumpTargetItems: [(item: Int, traceUs: Int64)] {
    segments.compactMap { segment in
      if case .jump(.item(let item)) = segment.kind { return (item, segment.startUs) }
      return nil
    }
  }

  public mutating func motion(atTraceUs traceUs: Int64, environment: some ScrollEnvironment) -> ScrollMotion {
    // Move past every segment that has ended (or is instantaneous) by traceUs.
    while current < segments.count
      && (segments[current].endUs <= traceUs || segments[current].durationUs == 0)
    {
      let segment = segments[current]
      if case .jump(let target) = segment.kind {
        guard let resolved = Self.resolve(target, environment) else {
          // The jump's item is not laid out yet: the user waits for it (a stall).
          return ScrollMotion(
            startUs: segment.startUs, endUs: segment.startUs, basePt: basePt, shape: .waitingForLayout,
            phase: .idle, refreshCount: refreshes)
        }
        basePt = Self.clampAtRest(resolved, environment)
        current += 1
      } else if case .refresh = segment.kind {
        // The content's top, wherever anchoring has put it in the source's coordinates.
        basePt = environment.minOffsetPt
        refreshes += 1
        current += 1
      } else {
        let end = Self.motion(of: segment, base: basePt).endOffsetPt
        current += 1
        let heldFinger = current < segments.count && segments[current].continuesTouch
        basePt = heldFinger ? end : Self.clampAtRest(end, environment)
      }
    }
    guard current < segments.count else {
      return .rest(at: basePt, from: segments.last?.endUs ?? 0, refreshCount: refreshes)
    }
    var motion = Self.motion(of: segments[current], base: basePt)
    motion.refreshCount = refreshes
    return motion
  }

  private static func motion(of segment: Segment, base: Double) -> ScrollMotion {
    switch segment.kind {
    case .drag(let velocity):
      return ScrollMotion(
        startUs: segment.startUs, endUs: segment.endUs, basePt: base, shape: .linear(velocityPtS: velocity),
        phase: .dragging)
    case .fling(let curve):
      return ScrollMotion(
        startUs: segment.startUs, endUs: segment.endUs, basePt: base, shape: .fling(curve),
        phase: .decelerating)
    case .wait, .jump, .refresh, .swipe:
      return .rest(at: base, from: segment.startUs, until: segment.endUs)
    }
  }

  private static func resolve(_ target: JumpTarget, _ environment: some ScrollEnvironment) -> Double? {
    switch target {
    case .offsetPt(let offset): return offset
    case .item(let item):
      // scrollToItem clamps to what can be shown; an item not laid out yet cannot be scrolled to.
      return environment.topPt(ofLaidOutItem: item).map { min($0, environment.reachableOffsetPt) }
    }
  }

  private static func clampAtRest(_ offset: Double, _ environment: some ScrollEnvironment) -> Double {
    var result = max(environment.minOffsetPt, offset)
    if let maxOffset = environment.maxOffsetPtIfEndKnown { result = min(result, maxOffset) }
    return result
  }
}
