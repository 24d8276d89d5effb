/// A user who follows a script of gestures (`drag`, `fling`, `wait`, `jump`), DESIGN.md §4.
///
/// Each gesture starts from where the previous one left the content: the previous intent,
/// clamped at the top (a pull past the top springs back) and at the feed's end once that is
/// known. It is not clamped at a stall: the pause model defers the rest of the motion instead.
public struct ScriptedScroll: ScrollSource {
  enum Motion: Sendable {
    case drag(velocityPtS: Double)
    case fling(any FlingCurve)
    case wait
    case jump(JumpTarget)
  }

  struct Segment: Sendable {
    var startUs: Int64
    var durationUs: Int64
    var motion: Motion
    var endUs: Int64 { startUs + durationUs }
  }

  private let segments: [Segment]
  public let durationUs: Int64
  /// Index of the segment the last sample fell in, and where that segment started.
  private var current = 0
  private var basePt = 0.0
  private var baseResolved = true

  /// - Parameters:
  ///   - gestures: the script, in order.
  ///   - physics: deceleration applied to flings.
  ///   - durationUs: trace length; nil = the script's own length. A longer trace idles at the
  ///     end, a shorter one cuts the script.
  public init(gestures: [Gesture], physics: ScrollPhysics, durationUs: Int64? = nil) {
    var segments: [Segment] = []
    var clock: Int64 = 0
    for gesture in gestures {
      let segment: Segment
      switch gesture {
      case .drag(let velocity, let durationMs):
        segment = Segment(startUs: clock, durationUs: Self.micros(durationMs), motion: .drag(velocityPtS: velocity))
      case .fling(let velocity):
        let curve = physics.flingCurve(velocityPtS: velocity)
        segment = Segment(startUs: clock, durationUs: curve.durationUs, motion: .fling(curve))
      case .wait(let durationMs):
        segment = Segment(startUs: clock, durationUs: Self.micros(durationMs), motion: .wait)
      case .jump(let target):
        segment = Segment(startUs: clock, durationUs: 0, motion: .jump(target))
      }
      segments.append(segment)
      clock = segment.endUs
    }
    self.segments = segments
    self.durationUs = durationUs ?? clock
  }

  private static func micros(_ ms: Double) -> Int64 { Int64((ms * 1000).rounded()) }

  /// The script's own length (sum of gesture durations), µs.
  public var scriptDurationUs: Int64 { segments.last?.endUs ?? 0 }

  public mutating func sample(atTraceUs traceUs: Int64, environment: some ScrollEnvironment) -> ScrollSample {
    // Move past every segment that has ended (or is instantaneous) by traceUs.
    while current < segments.count && (segments[current].endUs <= traceUs || segments[current].durationUs == 0) {
      let segment = segments[current]
      if case .jump(let target) = segment.motion {
        guard let resolved = Self.resolve(target, environment) else {
          // The jump's item is not laid out yet: the user waits for it (a stall).
          return ScrollSample(intentOffsetPt: .infinity, velocityPtS: 0, phase: .idle, projectedTargetPt: .infinity)
        }
        basePt = Self.clampAtRest(resolved, environment)
      } else {
        basePt = Self.clampAtRest(Self.intent(of: segment, base: basePt, atUs: segment.endUs), environment)
      }
      current += 1
    }
    guard current < segments.count, segments[current].startUs <= traceUs else {
      return ScrollSample(intentOffsetPt: basePt, velocityPtS: 0, phase: .idle, projectedTargetPt: basePt)
    }
    let segment = segments[current]
    let elapsed = traceUs - segment.startUs
    switch segment.motion {
    case .drag(let velocity):
      let offset = basePt + velocity * Double(elapsed) / 1_000_000
      return ScrollSample(intentOffsetPt: offset, velocityPtS: velocity, phase: .dragging, projectedTargetPt: offset)
    case .fling(let curve):
      let offset = basePt + curve.displacementPt(afterUs: elapsed)
      return ScrollSample(
        intentOffsetPt: offset, velocityPtS: curve.velocityPtS(afterUs: elapsed), phase: .decelerating,
        projectedTargetPt: basePt + curve.distancePt)
    case .wait, .jump:
      return ScrollSample(intentOffsetPt: basePt, velocityPtS: 0, phase: .idle, projectedTargetPt: basePt)
    }
  }

  public func restsUntilTraceUs(from traceUs: Int64) -> Int64? {
    var index = current
    while index < segments.count && segments[index].endUs <= traceUs { index += 1 }
    guard index < segments.count else { return durationUs }
    let segment = segments[index]
    guard segment.startUs <= traceUs, case .wait = segment.motion else { return nil }
    return segment.endUs
  }

  private static func intent(of segment: Segment, base: Double, atUs: Int64) -> Double {
    let elapsed = atUs - segment.startUs
    switch segment.motion {
    case .drag(let velocity): return base + velocity * Double(elapsed) / 1_000_000
    case .fling(let curve): return base + curve.displacementPt(afterUs: elapsed)
    case .wait, .jump: return base
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
    var result = max(0, offset)
    if let maxOffset = environment.maxOffsetPtIfEndKnown { result = min(result, maxOffset) }
    return result
  }
}
