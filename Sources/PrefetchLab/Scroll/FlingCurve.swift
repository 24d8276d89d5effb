import Foundation

/// How a released scroll decelerates: displacement and velocity as functions of the time since
/// release, and when it stops. A closed set of plain values (no existential boxes), so the
/// engine evaluates it every frame without allocation or reference counting.
public enum FlingCurve: Sendable, Equatable {
  /// UIScrollView's exponential deceleration (`ios`, `ios_fast`).
  case ios(IOSDecelerationCurve)
  /// Android OverScroller's spline fling (`android`).
  case android(AndroidFlingCurve)

  /// Release velocity in pt/s (signed).
  public var initialVelocityPtS: Double {
    switch self {
    case .ios(let curve): return curve.initialVelocityPtS
    case .android(let curve): return curve.initialVelocityPtS
    }
  }

  /// Time from release to rest, µs.
  public var durationUs: Int64 {
    switch self {
    case .ios(let curve): return curve.durationUs
    case .android(let curve): return curve.durationUs
    }
  }

  /// Displacement from the release point after `elapsedUs` (clamped to the duration), pt.
  @inline(__always)
  public func displacementPt(afterUs elapsedUs: Int64) -> Double {
    switch self {
    case .ios(let curve): return curve.displacementPt(afterUs: elapsedUs)
    case .android(let curve): return curve.displacementPt(afterUs: elapsedUs)
    }
  }

  /// Displacement (pt) and velocity (pt/s) after `elapsedUs`, computed together (one
  /// exponential instead of two: this runs every frame of a fling).
  @inline(__always)
  public func state(afterUs elapsedUs: Int64) -> (displacementPt: Double, velocityPtS: Double) {
    switch self {
    case .ios(let curve): return curve.state(afterUs: elapsedUs)
    case .android(let curve): return curve.state(afterUs: elapsedUs)
    }
  }

  /// Velocity after `elapsedUs`, pt/s; 0 at and after rest.
  @inline(__always)
  public func velocityPtS(afterUs elapsedUs: Int64) -> Double {
    switch self {
    case .ios(let curve): return curve.velocityPtS(afterUs: elapsedUs)
    case .android(let curve): return curve.velocityPtS(afterUs: elapsedUs)
    }
  }

  /// Total displacement at rest, pt.
  public var distancePt: Double {
    switch self {
    case .ios(let curve): return curve.distancePt
    case .android(let curve): return curve.distancePt
    }
  }
}

/// UIScrollView's deceleration: velocity is multiplied by `rate` every millisecond, so
/// v(t) = v₀·rateᵗ and x(t) = v₀/1000 · (1 − rateᵗ) / (−ln rate) with t in ms. The rates are
/// `UIScrollView.DecelerationRate.normal` (0.998) and `.fast` (0.99) from Apple's UIKit
/// documentation; the closed form is the one derived in WWDC 2018 session 803 ("Designing Fluid
/// Interfaces") and in I. Lobanov, "Scrolling Mechanics of UIScrollView" (2018).
///
/// Apple documents no stop threshold. Following Lobanov we stop when the distance still to go
/// falls below half a pixel on a 3× display (`stopThresholdPt` = 1/6 pt): beyond that nothing on
/// screen changes. A 3000 pt/s release on `.normal` therefore travels 3 / −ln 0.998 − 1/6 =
/// 1498.33 pt in 4.55 s, and on `.fast` 3 / −ln 0.99 − 1/6 = 298.33 pt in 0.75 s. (WWDC 2018's
/// projection v/1000 · rate/(1 − rate), a per-millisecond sum instead of the integral, gives 1497
/// and 297 pt: within 0.5 %.)
public struct IOSDecelerationCurve: Sendable, Equatable {
  public static let normalRate = 0.998
  public static let fastRate = 0.99
  public static let stopThresholdPt = 1.0 / 6

  public let initialVelocityPtS: Double
  public let rate: Double
  public let durationUs: Int64
  /// −ln(rate) per ms.
  private let decay: Double
  /// v₀ / 1000 / decay: displacement = scale × (1 − rateᵗ).
  private let displacementScale: Double
  public let distancePt: Double

  public init(initialVelocityPtS: Double, rate: Double = IOSDecelerationCurve.normalRate) {
    self.initialVelocityPtS = initialVelocityPtS
    self.rate = rate
    self.decay = -log(rate)
    self.displacementScale = initialVelocityPtS / 1000 / decay
    // Remaining distance at speed v is v / 1000 / decay; solve for the speed at the threshold.
    let stopSpeed = Self.stopThresholdPt * 1000 * decay
    let speed = abs(initialVelocityPtS)
    if speed <= stopSpeed {
      durationUs = 0
    } else {
      let durationMs = log(stopSpeed / speed) / log(rate)
      durationUs = Int64((durationMs * 1000).rounded(.up))
    }
    distancePt = displacementScale * (1 - exp(-decay * (Double(durationUs) / 1000)))
  }

  public func displacementPt(afterUs elapsedUs: Int64) -> Double { state(afterUs: elapsedUs).displacementPt }

  public func velocityPtS(afterUs elapsedUs: Int64) -> Double { state(afterUs: elapsedUs).velocityPtS }

  /// The factor rate^t by which velocity has decayed after `elapsedUs` (t in ms).
  public func remainingFactor(afterUs elapsedUs: Int64) -> Double { exp(-decay * (Double(elapsedUs) / 1000)) }

  /// Displacement and velocity when the velocity has decayed by `remaining` (= rate^t), so a
  /// caller stepping by fixed frame intervals can multiply instead of exponentiating.
  @inline(__always)
  public func state(remaining: Double, beforeRest: Bool) -> (displacementPt: Double, velocityPtS: Double) {
    (displacementScale * (1 - remaining), beforeRest ? initialVelocityPtS * remaining : 0)
  }

  /// Displacement and velocity after `elapsedUs` (clamped to the duration) from one exponential.
  public func state(afterUs elapsedUs: Int64) -> (displacementPt: Double, velocityPtS: Double) {
    state(
      remaining: remainingFactor(afterUs: min(max(0, elapsedUs), durationUs)),
      beforeRest: elapsedUs < durationUs)
  }
}

extension ScrollPhysics {
  /// The deceleration curve for a release at `velocityPtS` under this physics.
  public func flingCurve(velocityPtS: Double) -> FlingCurve {
    switch self {
    case .ios: return .ios(IOSDecelerationCurve(initialVelocityPtS: velocityPtS))
    case .iosFast:
      return .ios(IOSDecelerationCurve(initialVelocityPtS: velocityPtS, rate: IOSDecelerationCurve.fastRate))
    case .android: return .android(AndroidFlingCurve(initialVelocityPtS: velocityPtS))
    }
  }
}
