/// What the user's finger (or a fling's momentum) is doing.
public enum ScrollPhase: UInt8, Sendable, Equatable, CustomStringConvertible {
  /// Nothing moves the content.
  case idle
  /// A finger is on the screen and moves the content.
  case dragging
  /// Released with momentum; the physics decelerates the content.
  case decelerating

  public var description: String {
    switch self {
    case .idle: return "idle"
    case .dragging: return "dragging"
    case .decelerating: return "decelerating"
    }
  }
}

/// The user's intent at one instant of trace time.
public struct ScrollSample: Sendable, Equatable {
  /// Where the user wants the viewport's top, in pt of content; +∞ while the target of a jump is
  /// not laid out yet (an item on a page not loaded). May be negative (pulling past the top).
  public var intentOffsetPt: Double
  /// d(intent)/dt in pt/s; positive towards the feed's end.
  public var velocityPtS: Double
  public var phase: ScrollPhase
  /// Where the content will come to rest if nothing else touches it: the end of the current
  /// fling (UIKit's `targetContentOffset`), else the intent itself.
  public var projectedTargetPt: Double

  public init(intentOffsetPt: Double, velocityPtS: Double, phase: ScrollPhase, projectedTargetPt: Double) {
    self.intentOffsetPt = intentOffsetPt
    self.velocityPtS = velocityPtS
    self.phase = phase
    self.projectedTargetPt = projectedTargetPt
  }
}

/// One stretch of the user's intent with a closed form: at rest, moving at constant velocity,
/// or decelerating along a fling curve, valid for trace times [startUs, endUs). The engine keeps
/// the current motion and evaluates it every frame without calling back into the source, which
/// it asks for the next motion only when τ leaves this one.
public struct ScrollMotion: Sendable, Equatable {
  public enum Shape: Sendable, Equatable {
    /// Intent stays at `basePt`.
    case rest
    /// Intent = basePt + velocity × (τ − startUs).
    case linear(velocityPtS: Double)
    /// Intent = basePt + curve displacement after (τ − startUs).
    case fling(FlingCurve)
    /// The target of a jump is not laid out yet: the user waits for it (intent +∞). The engine
    /// asks again whenever the layout changes.
    case waitingForLayout
  }

  public var startUs: Int64
  /// End of validity (exclusive); `Int64.max` for "until the end of the trace".
  public var endUs: Int64
  public var basePt: Double
  public var shape: Shape
  public var phase: ScrollPhase
  /// Where the content will rest, when the source knows better than the shape (a recorded
  /// fling's target); nil = the end of a fling shape, else the intent itself.
  public var projectedTargetPt: Double?
  /// Pull-to-refresh gestures the source has passed by the start of this motion (`Gesture.refresh`):
  /// the engine refreshes the feed when a motion it takes counts more than it has handled.
  public var refreshCount: Int

  public init(
    startUs: Int64, endUs: Int64, basePt: Double, shape: Shape, phase: ScrollPhase,
    projectedTargetPt: Double? = nil, refreshCount: Int = 0
  ) {
    self.startUs = startUs
    self.endUs = endUs
    self.basePt = basePt
    self.shape = shape
    self.phase = phase
    self.projectedTargetPt = projectedTargetPt
    self.refreshCount = refreshCount
  }

  /// A motion that keeps the intent at `offsetPt` from `startUs` until `endUs`.
  public static func rest(
    at offsetPt: Double, from startUs: Int64, until endUs: Int64 = .max, refreshCount: Int = 0
  ) -> ScrollMotion {
    ScrollMotion(
      startUs: startUs, endUs: endUs, basePt: offsetPt, shape: .rest, phase: .idle, refreshCount: refreshCount
    )
  }

  /// True when `traceUs` falls in [startUs, endUs) and the motion does not wait for layout.
  @inline(__always)
  public func covers(_ traceUs: Int64) -> Bool {
    if case .waitingForLayout = shape { return false }
    return traceUs >= startUs && traceUs < endUs
  }

  /// The intent at `traceUs` (clamped into the motion's interval).
  @inline(__always)
  public func sample(atTraceUs traceUs: Int64) -> ScrollSample {
    let elapsed = max(0, traceUs - startUs)
    switch shape {
    case .rest:
      return ScrollSample(
        intentOffsetPt: basePt, velocityPtS: 0, phase: phase, projectedTargetPt: projectedTargetPt ?? basePt)
    case .linear(let velocity):
      let offset = linearIntentPt(atTraceUs: traceUs, velocityPtS: velocity)
      return ScrollSample(
        intentOffsetPt: offset, velocityPtS: velocity, phase: phase,
        projectedTargetPt: projectedTargetPt ?? offset)
    case .fling(let curve):
      let state = curve.state(afterUs: elapsed)
      return ScrollSample(
        intentOffsetPt: basePt + state.displacementPt, velocityPtS: state.velocityPtS, phase: phase,
        projectedTargetPt: basePt + curve.distancePt)
    case .waitingForLayout:
      return ScrollSample(
        intentOffsetPt: .infinity, velocityPtS: 0, phase: .idle, projectedTargetPt: .infinity)
    }
  }

  /// The intent at `traceUs` of a `.linear(velocityPtS)` motion (clamped into its start), as
  /// `sample` computes it: the event engine's jumps evaluate it alone, and must get the same bits.
  @inline(__always)
  public func linearIntentPt(atTraceUs traceUs: Int64, velocityPtS velocity: Double) -> Double {
    basePt + velocity * Double(max(0, traceUs - startUs)) / 1_000_000
  }

  /// True for a rest or a constant-velocity motion: every sample has the same velocity.
  @inline(__always)
  public var hasConstantVelocity: Bool {
    switch shape {
    case .rest, .linear: return true
    case .fling, .waitingForLayout: return false
    }
  }

  /// Intent at the end of the motion (where the next one starts from).
  public var endOffsetPt: Double {
    guard endUs != .max else { return sample(atTraceUs: startUs).intentOffsetPt }
    return sample(atTraceUs: endUs).intentOffsetPt
  }
}

/// What a scroll source may ask of the feed while it produces motions.
///
/// Offsets are in the source's own coordinates, those of its intents: the content's, less the
/// engine's anchor shift (the offset changes made to keep the rows on screen in place when rows
/// above them change height or are inserted or removed; see `ScrollDriver`). Without any shift
/// (a fully loaded feed, cursor feeds) they are the content's offsets.
public protocol ScrollEnvironment {
  /// The top of `item` when it is laid out, else nil.
  func topPt(ofLaidOutItem item: Int) -> Double?
  /// The largest offset the viewport can rest at when the end of the feed is known, else nil
  /// (more content may still arrive).
  var maxOffsetPtIfEndKnown: Double? { get }
  /// The largest offset the viewport can reach now without waiting for content (the stall limit,
  /// or the end of the feed once known), pt, >= `minOffsetPt`.
  var reachableOffsetPt: Double { get }
  /// The top of the content, where a gesture that ended past it starts the next one, pt.
  var minOffsetPt: Double { get }
}

extension ScrollEnvironment {
  /// The content's top: 0 without an anchor shift.
  public var minOffsetPt: Double { 0 }
}

/// A source of user intent over trace time τ (µs from first content), as a sequence of motions.
///
/// The engine asks for the motion at τ whenever τ leaves the current one, with non-decreasing τ,
/// and may ask for the same τ again (a stalled frame is retried), so the answer must be the same
/// for the same τ and environment. Conforming types: `ScriptedScroll` (gesture scripts, and the
/// scripts built for synthetic users by `SyntheticUser` and for recorded touches by
/// `TouchRecording`) and `RecordedScroll` (recorded offsets). The intent may run past the
/// content's edges; the engine shows that through `EdgeBounce` (iOS) or clamps it.
public protocol ScrollSource: Sendable {
  /// Length of the trace in µs of trace time.
  var durationUs: Int64 { get }
  /// The motion in effect at `traceUs` (its interval contains `traceUs`, or it waits for layout).
  mutating func motion(atTraceUs traceUs: Int64, environment: some ScrollEnvironment) -> ScrollMotion
  /// The carousel swipes of the trace, in order of their start (none by default: recorded
  /// scrolls are vertical only).
  var carouselSwipes: [ScheduledSwipe] { get }
}

extension ScrollSource {
  public var carouselSwipes: [ScheduledSwipe] { [] }

  /// The intent at `traceUs` (convenience for tests and the `trace` verb).
  public mutating func sample(atTraceUs traceUs: Int64, environment: some ScrollEnvironment) -> ScrollSample {
    motion(atTraceUs: traceUs, environment: environment).sample(atTraceUs: traceUs)
  }
}
