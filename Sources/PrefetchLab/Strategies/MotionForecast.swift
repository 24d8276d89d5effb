import Foundation

/// Where the user's viewport is headed and when it gets there, from what a client sees now: the
/// fling's resting offset where the physics gives one (UIKit's `targetContentOffset`, Android's
/// `OverScroller.getFinalY`, both `StrategyContext.projectedTargetOffsetPt`), the velocity
/// otherwise, and after the fling (or at rest) a cruising speed the caller measured (the user's
/// recent mean speed).
///
/// A fling is taken to decay exponentially towards its resting offset, as UIKit's deceleration
/// does (`UIScrollView.decelerationRate`: the velocity is multiplied by the rate every
/// millisecond, so the distance left falls by the same factor): with D pt left to travel at v
/// pt/s the time constant is τ = D / v, and the viewport has travelled d < D pt after
/// −τ·ln(1 − d / D) s. The fling counts as over after `flingTimeConstants` time constants (95 % of
/// the way); beyond its resting place the viewport moves on at the cruising speed.
///
/// Distances are measured from the viewport's current position along `direction`; times are µs
/// from now. O(1) per query.
public struct MotionForecast: Sendable, Equatable {
  /// The direction the viewport is expected to travel.
  public let direction: ScrollDirection
  /// Distance the current fling still travels before it rests, pt, >= 0 (0 when not flinging).
  public let flingDistancePt: Double
  /// The fling's time constant τ, s (0 when not flinging).
  public let flingTimeConstantS: Double
  /// Speed after the fling (during a drag: the drag's), pt/s, >= 0; 0: the viewport stays where
  /// the fling leaves it.
  public let cruiseSpeedPtS: Double

  /// A fling's end, in time constants: e^−3 ≈ 5 % of its distance is left.
  static let flingTimeConstants = 3.0

  public init(
    direction: ScrollDirection, flingDistancePt: Double, flingTimeConstantS: Double, cruiseSpeedPtS: Double
  ) {
    self.direction = direction
    self.flingDistancePt = max(0, flingDistancePt)
    self.flingTimeConstantS = max(0, flingTimeConstantS)
    self.cruiseSpeedPtS = max(0, cruiseSpeedPtS)
  }

  /// The forecast for a viewport at `topPt` moving at `velocityPtS` (signed, positive down):
  /// - decelerating towards `targetPt`: the fling's distance and τ, then `cruiseSpeedPtS` beyond;
  /// - dragging: the drag's speed (the larger of it and `cruiseSpeedPtS` when it is slower);
  /// - at rest: `cruiseSpeedPtS` in `restingDirection` (the way the user last moved).
  public static func of(
    phase: ScrollPhase, topPt: Double, velocityPtS: Double, targetPt: Double,
    restingDirection: ScrollDirection,
    cruiseSpeedPtS: Double
  ) -> MotionForecast {
    switch phase {
    case .decelerating:
      let distance = abs(targetPt - topPt)
      let speed = abs(velocityPtS)
      let direction: ScrollDirection =
        targetPt == topPt ? (velocityPtS < 0 ? .up : .down) : (targetPt > topPt ? .down : .up)
      guard distance > 0, speed > 0 else {
        return MotionForecast(
          direction: direction, flingDistancePt: 0, flingTimeConstantS: 0, cruiseSpeedPtS: cruiseSpeedPtS)
      }
      return MotionForecast(
        direction: direction, flingDistancePt: distance, flingTimeConstantS: distance / speed,
        cruiseSpeedPtS: cruiseSpeedPtS)
    case .dragging where velocityPtS != 0:
      return MotionForecast(
        direction: velocityPtS > 0 ? .down : .up, flingDistancePt: 0, flingTimeConstantS: 0,
        cruiseSpeedPtS: max(abs(velocityPtS), cruiseSpeedPtS))
    default:
      return MotionForecast(
        direction: restingDirection, flingDistancePt: 0, flingTimeConstantS: 0, cruiseSpeedPtS: cruiseSpeedPtS
      )
    }
  }

  /// Time until the viewport has travelled `distancePt` along `direction`, µs; 0 for a distance
  /// <= 0; nil when it never gets there (nothing moves it that far).
  public func timeToTravelUs(_ distancePt: Double) -> Double? {
    guard distancePt > 0 else { return 0 }
    let flingEndS = Self.flingTimeConstants * flingTimeConstantS
    // The share of the fling covered by its end: 1 − e^−3.
    let flingCoveredPt = flingDistancePt * (1 - exp(-Self.flingTimeConstants))
    if distancePt < flingCoveredPt {
      return -flingTimeConstantS * log(1 - distancePt / flingDistancePt) * 1_000_000
    }
    // Past the fling's end the viewport rests at its target, then cruises on from there.
    let beyondPt = distancePt - flingDistancePt
    if beyondPt <= 0 { return flingEndS * 1_000_000 }
    guard cruiseSpeedPtS > 0 else { return nil }
    return (flingEndS + beyondPt / cruiseSpeedPtS) * 1_000_000
  }
}
