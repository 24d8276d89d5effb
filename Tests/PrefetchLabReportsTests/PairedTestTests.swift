import Foundation
import Testing

@testable import PrefetchLabReports

/// The paired tests against hand-worked cases and published tables.
@Suite struct PairedTestTests {
  /// Wilcoxon (1945)'s signed-rank critical values, two-sided α = 0.05, as printed in the usual
  /// tables (e.g. Siegel & Castellan, *Nonparametric Statistics for the Behavioral Sciences*, Table
  /// H): reject when the smaller rank sum T ≤ the value. So P(T ≤ value) ≤ 0.025 < P(T ≤ value + 1).
  @Test(arguments: [
    (6, 0), (7, 2), (8, 3), (9, 5), (10, 8), (11, 10), (12, 13), (13, 17), (14, 21), (15, 25), (16, 29),
    (17, 34), (18, 40), (19, 46), (20, 52), (25, 89),
  ])
  func wilcoxonCriticalValuesMatchThePublishedTable(n: Int, critical: Int) {
    let counts = PairedTest.subsetSumCounts(Array(1...n))
    let total = pow(2, Double(n))
    let atCritical = counts[0...critical].reduce(0, +) / total
    let beyond = counts[0...(critical + 1)].reduce(0, +) / total
    #expect(atCritical <= 0.025)
    #expect(beyond > 0.025)
    // And the two-sided p of a sample whose negative ranks sum to exactly T (largest ranks first).
    var differences = (1...n).map(Double.init)
    var remaining = critical
    for rank in stride(from: n, through: 1, by: -1) where rank <= remaining {
      differences[rank - 1] = -Double(rank)
      remaining -= rank
    }
    #expect(remaining == 0)
    #expect(abs(PairedTest.wilcoxonP(differences) - 2 * atCritical) < 1e-15)
  }

  @Test func wilcoxonHandWorkedCases() {
    // n = 10, all positive: only the empty set of negatives, p = 2 / 2^10.
    #expect(PairedTest.wilcoxonP((1...10).map(Double.init)) == 2.0 / 1024)
    // Rank 9 negative: P(T ≤ 9) = 33 / 1024 (subsets of 1…10 summing to at most 9), p = 0.064453125.
    var d = (1...10).map(Double.init)
    d[8] = -9
    #expect(PairedTest.wilcoxonP(d) == 66.0 / 1024)
    // Ties: |1, 1, 2, −3| → mid-ranks 1.5, 1.5, 3, 4 (doubled 3, 3, 6, 8); W⁺ doubled = 12. The 16
    // sign patterns give doubled W⁺ of 0, 3, 3, 6, 6, 8, 9, 9, 11, 11, 12, 14, 14, 17, 17, 20: six
    // at or above 12, eleven at or below, so p = 2 · 6/16.
    #expect(PairedTest.doubledMidRanks([1, 1, 2, 3]) == [3, 3, 6, 8])
    #expect(PairedTest.wilcoxonP([1, 1, 2, -3]) == 0.75)
    // A zero is dropped (Wilcoxon's rule): 7 left, |0.5, 1, 1, 1, 2, 2, 3| → doubled ranks 2, 6, 6,
    // 6, 11, 11, 14; the negative −1 has 6. Sums ≤ 6: {}, {2}, three {6}: p = 2 · 5/128.
    #expect(PairedTest.wilcoxonP([0.5, 1, 1, -1, 2, 2, 0, 3]) == 10.0 / 128)
  }

  @Test func signTestHandWorkedCases() {
    // 1 of 10 positive: 2 · (C(10,0) + C(10,1)) / 2^10 = 22/1024.
    let one = [1.0] + Array(repeating: -2.0, count: 9)
    #expect(abs(PairedTest.signTestP(one) - 22.0 / 1024) < 1e-15)
    // 2 of 8: 2 · (1 + 8 + 28) / 256 = 0.2890625; zeros are dropped.
    let two: [Double] = [3, 3, -1, -1, -1, -1, -1, -1, 0, 0]
    #expect(abs(PairedTest.signTestP(two) - 0.2890625) < 1e-15)
    // Balanced signs: p capped at 1.
    #expect(PairedTest.signTestP([1, -1, 2, -2]) == 1)
    #expect(PairedTest.signTestP([0, 0]) == 1)
  }

  @Test func fewSeedsUseWilcoxonAndCannotBeSignificantBelowSix() {
    // Five differences all positive, t interval clearly above 0 — but p = 2/32 > 0.05.
    let five = PairedTest([10, 11, 12, 13, 14])
    #expect(five.method == .wilcoxon)
    #expect(five.reason == "n < 15")
    #expect(five.difference.excludesZero)
    #expect(five.pValue == 2.0 / 32)
    #expect(!five.isSignificant)
    #expect(five.summary == "Wilcoxon p=0.063 (n < 15)")
    // Six: p = 2/64 < 0.05, and the interval excludes 0.
    let six = PairedTest([10, 11, 12, 13, 14, 15])
    #expect(six.isSignificant)
    // The exact test agrees but the interval does not (one big negative outlier): not significant.
    let outlier = PairedTest([1, 2, 3, 4, 5, 6, 7, 8, 9, -500])
    #expect(!outlier.difference.excludesZero)
    #expect(!outlier.isSignificant)
  }

  @Test func tDecidesForModerateNormalSamples() {
    // 16 differences, skewness −0.018 (scipy.stats.skew), no ties: the t test; its two-sided p is
    // scipy.stats.ttest_1samp's 0.0004605160671262041.
    let d = [-1.5, -0.5, 0.2, 0.7, 1.1, 1.4, 1.8, 2.0, 2.3, 2.9, 3.1, 3.6, 4.0, 4.4, 5.2, 5.9]
    let test = PairedTest(d)
    #expect(test.method == .t)
    #expect(test.reason == nil)
    #expect(abs(test.pValue! - 0.0004605160671262041) < 1e-12)
    #expect(test.isSignificant)
    #expect(test.summary == "t")
    #expect(abs(PairedTest.skewness(d) - -0.018121507659739293) < 1e-12)
  }

  @Test func skewAndTiesChooseTheExactTests() {
    // 16 values, one far out: g₁ = 3.565 > 1, so Wilcoxon; all positive: p = 2 / 2^16.
    let skewed = (1...15).map { Double($0) / 10 } + [20]
    let test = PairedTest(skewed)
    #expect(test.method == .wilcoxon)
    #expect(test.reason == "skewness 3.6")
    #expect(test.pValue == 2.0 / 65536)
    // 20 values, only 1, 2, 3, 4 untied (4 of 20): the sign test on 16 positive, 2 negative, 2
    // zeros: 2 · (1 + 18 + 153) / 2^18.
    let tied = Array(repeating: 5.0, count: 12) + [-5, -5, 0, 0, 1, 2, 3, 4]
    let sign = PairedTest(tied)
    #expect(sign.method == .sign)
    #expect(sign.reason == "heavy ties, skewness -1.6")
    #expect(PairedTest([1, 1, 2, 2, -3, 0]).reason == "n < 15, heavy ties")
    #expect(abs(sign.pValue! - 0.001312255859375) < 1e-15)
    #expect(sign.isSignificant)
    // From 40 pairs on, t decides even for skewed data.
    let many = (1...39).map { Double($0) / 10 } + [50]
    #expect(PairedTest(many).method == .t)
  }

  @Test func noTestWithoutVariationOrPairs() {
    let zeros = PairedTest([0, 0, 0])
    #expect(zeros.method == nil)
    #expect(!zeros.isSignificant)
    let one = PairedTest([3])
    #expect(one.method == nil && one.pValue == nil)
    #expect(!one.isSignificant)
    #expect(one.summary == "–")
  }

  @Test func pValueText() {
    #expect(PairedTest.pText(0.25) == "0.25")
    #expect(PairedTest.pText(0.03125) == "0.031")
    #expect(PairedTest.pText(0.001953125) == "0.002")
    #expect(PairedTest.pText(0.00003) == "<0.0001")
  }
}
