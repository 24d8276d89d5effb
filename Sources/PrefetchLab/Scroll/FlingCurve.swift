import Foundation

/// How a released scroll decelerates: displacement and velocity as functions of the time since
/// release, and when it stops.
public protocol FlingCurve: Sendable {
  /// Release velocity in pt/s (signed).
  var initialVelocityPtS: Double { get }
  /// Time from release to rest, µs.
  var durationUs: Int64 { get }
  /// Displacement from the release point after `elapsedUs` (clamped to the duration), pt.
  func displacementPt(afterUs elapsedUs: Int64) -> Double
  /// Velocity after `elapsedUs`, pt/s; 0 at and after rest.
  func velocityPtS(afterUs elapsedUs: Int64) -> Double
  /// Total displacement at rest, pt.
  var distancePt: Double { get }
}

/// UIScrollView's deceleration: velocity is multiplied by `rate` every millisecond, so
/// v(t) = v₀·rateᵗ and x(t) = v₀/1000 · (1 − rateᵗ) / (−ln rate) with t in ms. The rates are
/// `UIScrollView.DecelerationRate.normal` (0.998) and `.fast` (0.99) from Apple's UIKit
/// documentation; the closed form is the one derived in WWDC 2018 session 803 ("Designing Fluid
/// Interfaces") and in I. Lobanov, "Scrolling Mechanics of UIScrollView" (2018).
///
/// Apple documents no stop threshold. Following Lobanov we stop when the distance still to go
/// falls below half a pixel on a 3× display (`stopThresholdPt` = 1/6 pt): beyond that nothing on
/// screen changes. A 3000 pt/s release on `.normal` therefore travels 1497.5 − 1/6 pt in 4.55 s.
public struct IOSDecelerationCurve: FlingCurve {
  public static let normalRate = 0.998
  public static let fastRate = 0.99
  public static let stopThresholdPt = 1.0 / 6

  public let initialVelocityPtS: Double
  public let rate: Double
  public let durationUs: Int64
  /// −ln(rate) per ms.
  private let decay: Double

  public init(initialVelocityPtS: Double, rate: Double = IOSDecelerationCurve.normalRate) {
    self.initialVelocityPtS = initialVelocityPtS
    self.rate = rate
    self.decay = -log(rate)
    // Remaining distance at speed v is v / 1000 / decay; solve for the speed at the threshold.
    let stopSpeed = Self.stopThresholdPt * 1000 * decay
    let speed = abs(initialVelocityPtS)
    if speed <= stopSpeed {
      durationUs = 0
    } else {
      let durationMs = log(stopSpeed / speed) / log(rate)
      durationUs = Int64((durationMs * 1000).rounded(.up))
    }
  }

  public func displacementPt(afterUs elapsedUs: Int64) -> Double {
    let t = Double(min(max(0, elapsedUs), durationUs)) / 1000
    return initialVelocityPtS / 1000 * (1 - exp(-decay * t)) / decay
  }

  public func velocityPtS(afterUs elapsedUs: Int64) -> Double {
    guard elapsedUs < durationUs else { return 0 }
    return initialVelocityPtS * exp(-decay * Double(max(0, elapsedUs)) / 1000)
  }

  public var distancePt: Double { displacementPt(afterUs: durationUs) }
}

extension ScrollPhysics {
  /// The deceleration curve for a release at `velocityPtS` under this physics.
  public func flingCurve(velocityPtS: Double) -> any FlingCurve {
    switch self {
    case .ios: return IOSDecelerationCurve(initialVelocityPtS: velocityPtS)
    case .iosFast: return IOSDecelerationCurve(initialVelocityPtS: velocityPtS, rate: IOSDecelerationCurve.fastRate)
    case .android: return IOSDecelerationCurve(initialVelocityPtS: velocityPtS)  // replaced by OverScroller's spline
    }
  }
}
