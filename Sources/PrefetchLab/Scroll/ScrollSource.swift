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

/// What a scroll source may ask of the feed while it produces samples.
public protocol ScrollEnvironment {
  /// The top of `item` when it is laid out, else nil.
  func topPt(ofLaidOutItem item: Int) -> Double?
  /// The largest offset the viewport can rest at when the end of the feed is known, else nil
  /// (more content may still arrive).
  var maxOffsetPtIfEndKnown: Double? { get }
  /// The largest offset the viewport can reach now without waiting for content (the stall limit,
  /// or the end of the feed once known), pt, >= 0.
  var reachableOffsetPt: Double { get }
}

/// A source of user intent over trace time τ (µs from first content).
///
/// The engine samples at every frame with non-decreasing τ and may sample the same τ more than
/// once (a stalled frame is retried), so `sample` must give the same answer for the same τ and
/// environment. Conforming types: `ScriptedScroll` (gesture scripts) and `RecordedScroll`
/// (recorded offsets); synthetic user models and touch input plug in the same way.
public protocol ScrollSource: Sendable {
  /// Length of the trace in µs of trace time.
  var durationUs: Int64 { get }
  /// The intent at trace time `traceUs` (0 ≤ traceUs ≤ durationUs).
  mutating func sample(atTraceUs traceUs: Int64, environment: some ScrollEnvironment) -> ScrollSample
  /// The trace time at which the intent next changes, when it is at rest from `traceUs` on (a
  /// `wait`); nil while it moves or when unknown. Lets the engine skip idle frames exactly.
  func restsUntilTraceUs(from traceUs: Int64) -> Int64?
}
