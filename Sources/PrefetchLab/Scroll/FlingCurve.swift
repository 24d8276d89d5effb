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
/// v(t) = v₀·rateᵗ and x(t) = v₀/1000 · (1 − rateᵗ) / (−ln rate) with t in ms. The closed form is
/// the one derived in WWDC 2018 session 803 ("Designing Fluid Interfaces") and in I. Lobanov,
/// "Scrolling Mechanics of UIScrollView" (2018), whose re-implementation is
/// github.com/super-ultra/ScrollMechanics.
///
/// The rates 0.998 (`normal`) and 0.99 (`fast`): Apple's documentation of
/// `UIScrollView.DecelerationRate` names the two rates but gives no numbers. These values are
/// what the constants' `rawValue`s hold at run time, as observed and reported by third parties
/// (Lobanov's article among them; his re-implementation reads the constant at run time), not
/// figures from Apple's reference.
///
/// The stop threshold is a physics parameter (`scroll.stop_threshold_pt`, default
/// `defaultStopThresholdPt` = 0.5 pt): the deceleration ends when the distance still to go falls
/// below it. Apple documents none; 0.5 pt is the value of Lobanov's reverse-engineered model
/// (super-ultra/ScrollMechanics, `ScrollExample/Sources/SimpleScrollView.swift`:
/// `DecelerationTimingParameters(…, threshold: 0.5)`), which uses half a pixel
/// (`0.5 / UIScreen.main.scale`) only for its bounce spring (`EdgeBounce.restThresholdPt`). We
/// follow the model rather than pick our own value: it is the one published, checkable choice.
/// A 3000 pt/s release on `.normal` therefore travels 3 / −ln 0.998 − 0.5 = 1498.0 pt in
/// ln(0.5 × −ln 0.998 / 3) / ln 0.998 ms = 3.99 s, and on `.fast` 3 / −ln 0.99 − 0.5 = 298.0 pt
/// in 0.64 s. (With half a pixel at 3×, 1/6 pt, the same
/// releases end after 4.55 s and 0.75 s, 1498.3 and 298.3 pt: the last 0.55 s on `.normal` move
/// the content by a third of a point.)
public struct IOSDecelerationCurve: Sendable, Equatable {
  /// `UIScrollView.DecelerationRate.normal` as observed at run time (see the type's notes).
  public static let normalRate = 0.998
  /// `UIScrollView.DecelerationRate.fast` as observed at run time.
  public static let fastRate = 0.99
  /// ScrollMechanics' deceleration threshold, pt (see the type's notes).
  public static let defaultStopThresholdPt = 0.5

  public let initialVelocityPtS: Double
  public let rate: Double
  public let durationUs: Int64
  /// −ln(rate) per ms.
  private let decay: Double
  /// v₀ / 1000 / decay: displacement = scale × (1 − rateᵗ).
  private let displacementScale: Double
  public let distancePt: Double

  /// - Parameters:
  ///   - initialVelocityPtS: release velocity, pt/s (signed, finite).
  ///   - rate: velocity factor per ms, 0 < rate < 1.
  ///   - stopThresholdPt: the fling ends when less than this remains to go, pt, > 0.
  public init(
    initialVelocityPtS: Double, rate: Double = IOSDecelerationCurve.normalRate,
    stopThresholdPt: Double = IOSDecelerationCurve.defaultStopThresholdPt
  ) {
    self.initialVelocityPtS = initialVelocityPtS
    self.rate = rate
    self.decay = -log(rate)
    self.displacementScale = initialVelocityPtS / 1000 / decay
    // Remaining distance at speed v is v / 1000 / decay; solve for the speed at the threshold.
    let stopSpeed = stopThresholdPt * 1000 * decay
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
  /// The deceleration curve for a release at `velocityPtS` under this physics; `iosStopThresholdPt`
  /// (`scroll.stop_threshold_pt`) ends an `ios` or `ios_fast` fling, and Android ignores it.
  public func flingCurve(
    velocityPtS: Double, iosStopThresholdPt: Double = IOSDecelerationCurve.defaultStopThresholdPt
  ) -> FlingCurve {
    switch self {
    case .ios:
      return .ios(IOSDecelerationCurve(initialVelocityPtS: velocityPtS, stopThresholdPt: iosStopThresholdPt))
    case .iosFast:
      return .ios(
        IOSDecelerationCurve(
          initialVelocityPtS: velocityPtS, rate: IOSDecelerationCurve.fastRate,
          stopThresholdPt: iosStopThresholdPt))
    case .android: return .android(AndroidFlingCurve(initialVelocityPtS: velocityPtS))
    }
  }
}
