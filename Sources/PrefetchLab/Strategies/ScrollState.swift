/// The viewport's position and the user's scroll at a consultation (`StrategyContext.scrollState`),
/// read through the context's helpers (`viewportOffsetPt`, `phase`, …).
public struct ScrollState: Sendable, Equatable {
  /// Top of the viewport, pt. Normally within 0…(content + footer − viewport); below 0, or past
  /// the largest resting offset once the end is known, while iOS content is rubber-banded or
  /// springs back at an edge.
  public var offsetPt: Double
  /// What the finger (or a fling's momentum) is doing now.
  public var phase: ScrollPhase
  /// The last direction the viewport moved in within the content's bounds (overscroll and the
  /// spring back from it never change it); `.down` before the first move.
  public var direction: ScrollDirection
  /// Velocity of the user's scroll, pt/s, positive towards the feed's end; the rubber band's
  /// (slower) velocity while an iOS edge resists a drag.
  public var velocityPtS: Double

  public init(offsetPt: Double, phase: ScrollPhase, direction: ScrollDirection, velocityPtS: Double) {
    self.offsetPt = offsetPt
    self.phase = phase
    self.direction = direction
    self.velocityPtS = velocityPtS
  }
}
