import Foundation
import Testing

@testable import PrefetchLabReports

@Suite struct StudentTTests {
  /// t(0.975, ν): the NIST/SEMATECH e-Handbook table (§1.3.6.7.2) prints three decimals; the
  /// longer values are scipy.stats.t.ppf(0.975, ν) (SciPy 1.x, Boost's inverse incomplete beta).
  @Test(arguments: [
    (1.0, 12.706204736174694), (2, 4.302652729749462), (3, 3.1824463052837078), (4, 2.7764451051977934),
    (5, 2.5705818356363146), (9, 2.262157162798205), (10, 2.228138851986274), (29, 2.045229642132703),
    (30, 2.0422724563012378), (100, 1.9839715185235518), (1000, 1.9623390808264083),
  ])
  func quantileMatchesPublishedValues(nu: Double, expected: Double) {
    let t = StudentT.quantile(0.975, degreesOfFreedom: nu)
    #expect(abs(t - expected) < 1e-9 * expected)
    #expect(abs(StudentT.cdf(t, degreesOfFreedom: nu) - 0.975) < 1e-12)
  }

  @Test func otherProbabilitiesAndSymmetry() {
    #expect(abs(StudentT.quantile(0.995, degreesOfFreedom: 7) - 3.4994832973504924) < 1e-9)
    #expect(abs(StudentT.cdf(1.5, degreesOfFreedom: 3) - 0.8847080673775886) < 1e-12)
    #expect(StudentT.quantile(0.5, degreesOfFreedom: 4) == 0)
    let upper = StudentT.quantile(0.9, degreesOfFreedom: 6)
    #expect(abs(StudentT.quantile(0.1, degreesOfFreedom: 6) + upper) < 1e-12)
    // ν = 4 has a closed form (Hill 1970): t = 2·sqrt(q − 1), q = cos(⅓·acos(√α)) / √α, α = 4p(1−p).
    let alpha = 4 * 0.975 * 0.025
    let q = cos(acos(alpha.squareRoot()) / 3) / alpha.squareRoot()
    #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: 4) - 2 * (q - 1).squareRoot()) < 1e-10)
    // Large ν tends to the normal 1.959964.
    #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: 1e7) - 1.959963984540054) < 1e-6)
  }

  @Test func criticalValuesUseTheCacheConsistently() {
    #expect(StudentT.critical95(sampleSize: 2) == StudentT.quantile(0.975, degreesOfFreedom: 1))
    #expect(StudentT.critical95(sampleSize: 10) == StudentT.quantile(0.975, degreesOfFreedom: 9))
    #expect(StudentT.critical95(sampleSize: 500) == StudentT.quantile(0.975, degreesOfFreedom: 499))
  }
}

@Suite struct MeanEstimateTests {
  @Test func intervalOfASmallSample() {
    // 2, 4, 6: mean 4, s = 2, half width = t(0.975, 2) · 2 / √3 = 4.302653 · 1.154701 = 4.968275.
    let estimate = MeanEstimate([2, 4, 6])
    #expect(estimate.n == 3)
    #expect(estimate.mean == 4)
    #expect(estimate.standardDeviation == 2)
    #expect(abs(estimate.halfWidth! - 4.968275) < 1e-6)
    #expect(abs(estimate.low! - (4 - 4.968275)) < 1e-6)
    #expect(!estimate.excludesZero)
    #expect(MeanEstimate([10, 11, 12, 10, 11]).excludesZero)
  }

  @Test func oneValueHasNoIntervalAndNoValueHasNoMean() {
    let one = MeanEstimate([7.5])
    #expect(one.mean == 7.5)
    #expect(one.halfWidth == nil && one.low == nil && one.high == nil && one.standardDeviation == nil)
    #expect(!one.excludesZero)
    let none = MeanEstimate([])
    #expect(none.n == 0 && none.mean == nil && none.halfWidth == nil)
  }

  @Test func identicalValuesGiveAZeroWidthInterval() {
    let estimate = MeanEstimate([3, 3, 3, 3])
    #expect(estimate.halfWidth == 0)
    #expect(estimate.low == 3 && estimate.high == 3)
    #expect(estimate.excludesZero)
    #expect(!MeanEstimate([0, 0]).excludesZero)
  }
}

@Suite struct ParetoFrontierTests {
  @Test func dominatedPointsAreLeftOut() {
    // (stall, waste): c is dominated by a; d by b; e ties a exactly and stays.
    let points: [(x: Double, y: Double)] = [(0, 100), (50, 10), (10, 100), (60, 10), (0, 100), (200, 0)]
    #expect(ParetoFrontier.optimalIndices(points) == [0, 1, 4, 5])
  }

  @Test func singlePointAndCorners() {
    #expect(ParetoFrontier.optimalIndices([(x: 5, y: 5)]) == [0])
    #expect(ParetoFrontier.optimalIndices([(x: 1, y: 1), (x: 2, y: 2), (x: 1, y: 3)]) == [0])
    #expect(ParetoFrontier.dominates((x: 1, y: 2), (x: 1, y: 3)))
    #expect(!ParetoFrontier.dominates((x: 1, y: 2), (x: 1, y: 2)))
    #expect(ParetoFrontier.optimalIndices([]) == [])
  }
}
