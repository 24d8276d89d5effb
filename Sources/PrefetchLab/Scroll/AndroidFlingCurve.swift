import Foundation

/// Android's fling: the spline deceleration of `android.widget.OverScroller` (AOSP
/// `frameworks/base/core/java/android/widget/OverScroller.java`, class `SplineOverScroller`), the
/// scroller behind `RecyclerView` and `ListView` flings.
///
/// Distance and duration have closed forms. With friction μ = 0.015
/// (`ViewConfiguration.SCROLL_FRICTION`, returned by `ViewConfiguration.getScrollFriction()`), the
/// physical coefficient c = 9.80665 m/s² (`SensorManager.GRAVITY_EARTH`) × 39.37 in/m × ppi × 0.84
/// (OverScroller's "look and feel tuning") with ppi = 160 × density, the deceleration exponent
/// k = ln 0.78 / ln 0.9 ≈ 2.358 (`DECELERATION_RATE`) and the inflexion 0.35 (`INFLEXION`):
///
///   l = ln(0.35 |v| / (μ c)),   distance = μ c · exp(k / (k − 1) · l),   duration = exp(l / (k − 1)) s.
///
/// Velocities and distances here are in pt (dp): both scale with the density, so the curve in pt
/// does not depend on it. AOSP truncates the distance to whole pixels and the duration to whole
/// milliseconds; we keep exact values (the difference is below a pixel and a millisecond).
///
/// Between release and rest the position follows OverScroller's spline: a cubic Bézier with
/// control tensions 0.5 and 1.0 crossing at the inflexion, sampled at 101 evenly spaced times and
/// interpolated linearly between samples (so the velocity is constant within each hundredth of the
/// duration, as on a device). Its initial slope is 1/0.35 of the mean speed, so the curve leaves
/// the finger at the release velocity. The table is computed once from the spline's definition.
///
/// A 3000 dp/s release travels ≈ 1309 dp in ≈ 1.247 s.
public struct AndroidFlingCurve: Sendable, Equatable {
  /// `DECELERATION_RATE` in OverScroller.java: ln(0.78) / ln(0.9) ≈ 2.358.
  public static let decelerationExponent = log(0.78) / log(0.9)
  /// `INFLEXION` in OverScroller.java: where the spline's tension lines cross.
  public static let inflexion = 0.35
  /// `SCROLL_FRICTION` in ViewConfiguration.java (`getScrollFriction()`).
  public static let scrollFriction = 0.015
  /// 9.80665 (SensorManager.GRAVITY_EARTH, m/s²) × 39.37 (in/m) × 160 (ppi at density 1) × 0.84
  /// (OverScroller's tuning factor): OverScroller's `mPhysicalCoeff` at density 1, in dp/s².
  public static let physicalCoefficientDp = 9.806_65 * 39.37 * 160 * 0.84
  /// `MINIMUM_FLING_VELOCITY` in ViewConfiguration.java: slower releases do not fling (RecyclerView
  /// ignores them), dp/s.
  public static let minimumFlingVelocityPtS = 50.0
  /// `MAXIMUM_FLING_VELOCITY` in ViewConfiguration.java: faster releases are clamped to it, dp/s.
  public static let maximumFlingVelocityPtS = 8000.0

  /// Release velocity in pt/s (signed), after the minimum/maximum gates.
  public let initialVelocityPtS: Double
  public let durationUs: Int64
  /// Signed distance at rest, pt.
  public let distancePt: Double

  /// - Parameter initialVelocityPtS: release velocity, pt/s (= dp/s), signed. A magnitude below
  ///   50 gives no fling (duration 0, distance 0); above 8000 it is clamped to 8000, as
  ///   `RecyclerView.fling` does with ViewConfiguration's scaled minimum and maximum.
  public init(initialVelocityPtS: Double) {
    let speed = min(abs(initialVelocityPtS), Self.maximumFlingVelocityPtS)
    guard speed >= Self.minimumFlingVelocityPtS, speed.isFinite else {
      self.initialVelocityPtS = 0
      durationUs = 0
      distancePt = 0
      return
    }
    let sign: Double = initialVelocityPtS < 0 ? -1 : 1
    self.initialVelocityPtS = sign * speed
    let shape = Self.splineShape(speedPtS: speed)
    durationUs = max(1, Int64((shape.durationS * 1_000_000).rounded()))
    distancePt = sign * shape.distancePt
  }

  /// OverScroller's closed forms for a release at `speedPtS` > 0: the unsigned distance (pt)
  /// and the duration (s), before any rounding.
  public static func splineShape(speedPtS: Double) -> (distancePt: Double, durationS: Double) {
    let frictionTimesCoefficient = scrollFriction * physicalCoefficientDp
    let l = log(inflexion * speedPtS / frictionTimesCoefficient)
    let k = decelerationExponent
    return (frictionTimesCoefficient * exp(k / (k - 1) * l), exp(l / (k - 1)))
  }

  public func displacementPt(afterUs elapsedUs: Int64) -> Double { state(afterUs: elapsedUs).displacementPt }

  public func velocityPtS(afterUs elapsedUs: Int64) -> Double { state(afterUs: elapsedUs).velocityPtS }

  /// Displacement (pt) and velocity (pt/s) after `elapsedUs`, clamped to [0, duration]: the
  /// spline table interpolated linearly, as OverScroller's `update()` does. O(1), no allocation.
  @inline(__always)
  public func state(afterUs elapsedUs: Int64) -> (displacementPt: Double, velocityPtS: Double) {
    guard elapsedUs < durationUs else { return (distancePt, 0) }
    let t = Double(max(0, elapsedUs)) / Double(durationUs)
    let samples = Self.splineSampleCount
    let index = min(samples - 1, Int(t * Double(samples)))
    let position = Self.splinePosition
    let lower = position[index]
    let slope = (position[index + 1] - lower) * Double(samples)
    let fraction = lower + (t - Double(index) / Double(samples)) * slope
    return (fraction * distancePt, slope * distancePt / (Double(durationUs) / 1_000_000))
  }

  /// Intervals in OverScroller's spline table (`NB_SAMPLES`).
  public static let splineSampleCount = 100

  /// The spline's position at times i / 100 of the fling, i = 0…100 (0 and 1 at the ends).
  ///
  /// The spline is the parametric cubic time(s) = 3s(1−s)((1−s)·P1 + s·P2) + s³,
  /// position(s) = 3s(1−s)((1−s)·0.5 + s) + s³ with P1 = 0.5 × 0.35 and P2 = 1 − 1.0 × (1 − 0.35)
  /// (start tension 0.5, end tension 1.0, crossing at the inflexion). For each sample time we
  /// solve time(s) = i / 100 by bisection to 1e-12 (AOSP stops at 1e-5 in single precision; the
  /// positions differ by less than 1e-5 of the distance).
  public static let splinePosition: [Double] = {
    let p1 = 0.5 * inflexion
    let p2 = 1 - 1.0 * (1 - inflexion)
    func time(_ s: Double) -> Double { 3 * s * (1 - s) * ((1 - s) * p1 + s * p2) + s * s * s }
    func position(_ s: Double) -> Double { 3 * s * (1 - s) * ((1 - s) * 0.5 + s) + s * s * s }
    var table = [Double](repeating: 0, count: splineSampleCount + 1)
    for index in 1..<splineSampleCount {
      let target = Double(index) / Double(splineSampleCount)
      var low = 0.0
      var high = 1.0
      while high - low > 1e-12 {
        let middle = (low + high) / 2
        if time(middle) > target { high = middle } else { low = middle }
      }
      table[index] = position((low + high) / 2)
    }
    table[splineSampleCount] = 1
    return table
  }()
}
