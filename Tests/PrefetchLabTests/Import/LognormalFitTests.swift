import Foundation
import Testing

@testable import PrefetchLab

@Suite struct LognormalFitTests {
  /// ln of {1, e, e²} is {0, 1, 2}: µ̂ = 1, σ̂² = (1 + 0 + 1) / 3 (divided by n, the MLE).
  @Test func maximumLikelihoodOnTheLogs() throws {
    let fit = try #require(LognormalFit([1, exp(1), exp(2)]))
    #expect(fit.count == 3)
    #expect(abs(fit.median - exp(1)) < 1e-12)
    #expect(abs(fit.sigma - (2.0 / 3).squareRoot()) < 1e-12)
    #expect(LognormalFit([0, -1]) == nil)
    // Non-positive samples are left out.
    #expect(LognormalFit([0, 1, exp(1), exp(2)])?.count == 3)
  }

  /// Type 7: h = (n − 1) p; {10, 20, 30, 40} at 0.5 → 25, at 0.9 → 37, at 0 and 1 the extremes.
  @Test func sampleQuantilesInterpolate() {
    let sorted = [10.0, 20, 30, 40]
    #expect(LognormalFit.sampleQuantile(sorted, 0.5) == 25)
    #expect(abs(LognormalFit.sampleQuantile(sorted, 0.9) - 37) < 1e-12)
    #expect(LognormalFit.sampleQuantile(sorted, 0) == 10)
    #expect(LognormalFit.sampleQuantile(sorted, 1) == 40)
    #expect(LognormalFit.sampleQuantile([7], 0.99) == 7)
  }

  /// Against the uniform CDF F(x) = x: samples {0.1, 0.5, 0.6} step to 1/3, 2/3, 1. At 0.1 the
  /// gaps are 1/3 − 0.1 and 0.1; at 0.5, 2/3 − 0.5 and 0.5 − 1/3; at 0.6, 1 − 0.6 = 0.4. D = 0.4.
  @Test func ksDistanceIsExact() {
    let d = LognormalFit.ksDistance([0.1, 0.5, 0.6]) { min(max($0, 0), 1) }
    #expect(abs(d - 0.4) < 1e-12)
    // Ties step by their multiplicity: {0.5, 0.5} against uniform: before 0.5 the gap is 0.5,
    // after it 1 − 0.5.
    #expect(abs(LognormalFit.ksDistance([0.5, 0.5]) { $0 } - 0.5) < 1e-12)
    // A point mass against itself: no distance, once F's jump is given as its left limit.
    let atOne = LognormalFit.ksDistance([1, 1, 1], cdf: { $0 >= 1 ? 1 : 0 }, leftLimit: { $0 > 1 ? 1 : 0 })
    #expect(atOne == 0)
    // A sample from its own distribution stays within the 1 % critical value (1.63 / √n).
    var random = SplitMix64(seed: 7)
    let samples = (0..<2000).map { _ in 40 * exp(0.4 * StandardNormal.quantile(random.nextUnit())) }.sorted()
    let fit = LognormalFit(samples)!
    #expect(LognormalFit.ksDistance(samples, cdf: fit.cdf) < 1.63 / 2000.0.squareRoot())
    #expect(abs(fit.median / 40 - 1) < 0.05)
    #expect(abs(fit.sigma / 0.4 - 1) < 0.05)
  }
}

@Suite struct HARDateTests {
  /// Epoch ms worked out apart: 2026-01-01T00:00:00Z is 20454 days after 1970-01-01.
  @Test func isoDatesAsHARWritesThem() {
    let newYear2026 = Double(20454 * 86_400_000)
    #expect(HARReader.epochMs("1970-01-01T00:00:00Z") == 0)
    #expect(HARReader.epochMs("2026-01-01T00:00:00.000Z") == newYear2026)
    #expect(HARReader.epochMs("2026-01-01T01:00:00.250+01:00") == newYear2026 + 250)
    #expect(
      HARReader.epochMs("2024-02-29T12:30:15.5-02:30")
        == Double((19782 * 86_400 + 15 * 3600 + 15) * 1000 + 500))
    #expect(HARReader.epochMs("2026-13-01T00:00:00Z") == nil)
    #expect(HARReader.epochMs("yesterday") == nil)
    #expect(HARReader.epochMs("2026-01-01T00:00:00") == nil)
  }
}
