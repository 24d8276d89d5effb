import Foundation
import Testing

@testable import PrefetchLab

/// Closed forms of the three physics, checked against arithmetic done by hand from the formulas
/// in the curves' documentation, and within 1 % of the rounded figures the physics were specified
/// with.
@Suite struct FlingCurveTests {
  /// iOS: distance = v/1000 / −ln(rate) less the 0.5 pt stop threshold (ScrollMechanics'); the
  /// fling ends when the speed has fallen to the one whose remaining distance is the threshold,
  /// v_stop = 0.5 × 1000 × −ln(rate), after ln(v_stop / v) / ln(rate) ms. By hand: −ln 0.998 =
  /// 0.0020020027, 3 / 0.0020020027 = 1498.4995, less 0.5 = 1497.9995 pt; v_stop = 1.0010 pt/s,
  /// ln(1.0010 / 3000) = −8.005366, / ln 0.998 = 3998.68 ms = 3.999 s. −ln 0.99 = 0.0100503,
  /// 3 / 0.0100503 = 298.4975, less 0.5 = 297.9975 pt; v_stop = 5.0252 pt/s, ln(5.0252 / 3000) =
  /// −6.392008, / ln 0.99 = 635.99 ms. The specification's figures are 1497 and 297 (WWDC's
  /// per-millisecond sum): within 1 %. (With the former 1/6 pt threshold: 1498.333 pt in 4.547 s
  /// and 298.331 pt in 0.745 s.)
  @Test(arguments: [
    (ScrollPhysics.ios, 1497.9995, 1497.0, 3.99868), (ScrollPhysics.iosFast, 297.9975, 297.0, 0.63599),
  ])
  func iosFlingDistance(physics: ScrollPhysics, byHandPt: Double, quotedPt: Double, byHandS: Double) {
    let curve = physics.flingCurve(velocityPtS: 3000)
    #expect(abs(curve.distancePt - byHandPt) < 0.001)
    #expect(abs(curve.distancePt - quotedPt) / quotedPt < 0.01)
    #expect(abs(Double(curve.durationUs) / 1e6 - byHandS) < 0.00001)
    #expect(curve.velocityPtS(afterUs: 0) == 3000)
    #expect(curve.velocityPtS(afterUs: curve.durationUs) == 0)
    let rate = physics == .ios ? 0.998 : 0.99
    let stopSpeed = 0.5 * 1000 * -log(rate)
    #expect(abs(curve.velocityPtS(afterUs: curve.durationUs - 1) - stopSpeed) < 0.01)
  }

  /// The threshold is a parameter: 1/6 pt (half a pixel at 3×) gives back the former figures,
  /// 3 / 0.0020020027 − 1/6 = 1498.3328 pt after ln(1/6 × 2.0020027 / 3000) / ln 0.998 =
  /// 4547.44 ms; a larger threshold ends sooner and shorter.
  @Test func iosStopThresholdIsAParameter() {
    let sixth = ScrollPhysics.ios.flingCurve(velocityPtS: 3000, iosStopThresholdPt: 1.0 / 6)
    #expect(abs(sixth.distancePt - 1498.3328) < 0.001)
    #expect(abs(Double(sixth.durationUs) / 1000 - 4547.44) < 0.01)
    let coarse = ScrollPhysics.ios.flingCurve(velocityPtS: 3000, iosStopThresholdPt: 5)
    #expect(coarse.durationUs < ScrollPhysics.ios.flingCurve(velocityPtS: 3000).durationUs)
    #expect(abs(coarse.distancePt - (1498.4995 - 5)) < 0.001)
    // Android's spline ignores it.
    #expect(
      ScrollPhysics.android.flingCurve(velocityPtS: 3000, iosStopThresholdPt: 5)
        == ScrollPhysics.android.flingCurve(velocityPtS: 3000))
  }

  /// Android at 3000 dp/s, density 1. By hand: μc = 0.015 × 9.80665 × 39.37 × 160 × 0.84 =
  /// 778.353; l = ln(0.35 × 3000 / 778.353) = ln 1.349002 = 0.299364; k = ln 0.78 / ln 0.9 =
  /// 2.358202; distance = 778.353 × exp(1.736265 × 0.299364) = 778.353 × 1.681630 = 1308.92 dp;
  /// duration = exp(0.299364 / 1.358202) = exp(0.220412) = 1.24659 s. The specification's
  /// figures: ≈ 1309 dp in ≈ 1.25 s.
  @Test func androidFlingDistanceAndDuration() {
    let curve = ScrollPhysics.android.flingCurve(velocityPtS: 3000)
    #expect(abs(curve.distancePt - 1308.92) < 0.01)
    #expect(abs(curve.distancePt - 1309) / 1309 < 0.01)
    #expect(abs(Double(curve.durationUs) / 1e6 - 1.24659) < 0.00001)
    #expect(abs(Double(curve.durationUs) / 1e6 - 1.25) / 1.25 < 0.01)
    #expect(curve.displacementPt(afterUs: curve.durationUs) == curve.distancePt)
    let up = ScrollPhysics.android.flingCurve(velocityPtS: -3000)
    #expect(up.distancePt == -curve.distancePt)
  }

  /// The spline leaves the finger at the release velocity (its slope at 0 is 1/0.35 of the mean
  /// speed, and mean speed = μc·e^l = 0.35 v): the first hundredth's chord is a little slower.
  @Test func androidSplineStartsAtReleaseVelocityAndEndsAtRest() {
    let curve = AndroidFlingCurve(initialVelocityPtS: 3000)
    let first = curve.velocityPtS(afterUs: 0)
    #expect(first < 3000 && first > 2900)
    #expect(curve.velocityPtS(afterUs: curve.durationUs) == 0)
    // Monotone: displacement never decreases, velocity never increases.
    var previous = (displacementPt: -1.0, velocityPtS: Double.infinity)
    for step in 0...200 {
      let state = curve.state(afterUs: curve.durationUs * Int64(step) / 200)
      #expect(state.displacementPt >= previous.displacementPt)
      #expect(state.velocityPtS <= previous.velocityPtS + 1e-9)
      previous = state
    }
    // Half-way in time the spline has covered well over half the distance (it decelerates).
    let half = curve.displacementPt(afterUs: curve.durationUs / 2) / curve.distancePt
    #expect(half > 0.75 && half < 0.9)
  }

  /// The spline table: time(s) and position(s) evaluated at the s solved for sample 50 agree
  /// with an independent Newton solve.
  @Test func androidSplineTableMatchesIndependentSolve() {
    let p1 = 0.175
    let p2 = 0.35
    func time(_ s: Double) -> Double { 3 * s * (1 - s) * ((1 - s) * p1 + s * p2) + s * s * s }
    func position(_ s: Double) -> Double { 3 * s * (1 - s) * ((1 - s) * 0.5 + s) + s * s * s }
    for index in [1, 10, 35, 50, 90, 99] {
      let target = Double(index) / 100
      var s = target
      for _ in 0..<60 {
        let derivative = (time(s + 1e-7) - time(s - 1e-7)) / 2e-7
        s -= (time(s) - target) / derivative
      }
      #expect(abs(AndroidFlingCurve.splinePosition[index] - position(s)) < 1e-9)
    }
    #expect(AndroidFlingCurve.splinePosition[0] == 0)
    #expect(AndroidFlingCurve.splinePosition[100] == 1)
  }

  /// ViewConfiguration's gates: below 50 dp/s no fling, above 8000 dp/s clamped.
  @Test func androidVelocityGates() {
    #expect(AndroidFlingCurve(initialVelocityPtS: 49).durationUs == 0)
    #expect(AndroidFlingCurve(initialVelocityPtS: -49).distancePt == 0)
    let clamped = AndroidFlingCurve(initialVelocityPtS: 20_000)
    #expect(clamped == AndroidFlingCurve(initialVelocityPtS: 8000))
    #expect(clamped.initialVelocityPtS == 8000)
    #expect(AndroidFlingCurve(initialVelocityPtS: 50).durationUs > 0)
  }
}
