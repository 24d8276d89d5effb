import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// `recommend` said "not significantly different (p=0.037)" without the rule that decided: a
/// difference is significant only when its 95 % interval excludes 0 and the exact test agrees.
/// Where p < 0.05 but the interval contains 0 the note now says so; a metric whose paired
/// differences are all 0 reads "identical in every seed", not `0 [0, 0]`.
@Suite struct SignificanceWordingTests {
  /// Twelve pairs: eleven small positive differences 1…11 and one of −60. Wilcoxon: W− = 12 (the
  /// largest rank alone) is below the two-sided 5 % critical value 13 for n = 12, so p < 0.05; the
  /// mean is 0.5 with a standard deviation near 18, so the t interval contains 0.
  static let differences: [Double] = (1...11).map(Double.init) + [-60]

  @Test func pBelowTheLevelWithAnIntervalAcrossZeroIsExplained() throws {
    let test = PairedTest(Self.differences)
    let p = try #require(test.pValue)
    #expect(test.method == .wilcoxon)
    #expect(p < PairedTest.alpha)
    #expect(!test.isSignificant)
    let rows = Self.differences.enumerated().flatMap { index, difference in
      [
        DecisionTests.row(
          "a", seed: index + 1, session: 120_000, stall: 0, blank: 1000, waste: 0, abandoned: 0),
        // Blank per minute is half the session's blank: twice the difference.
        DecisionTests.row(
          "b", seed: index + 1, session: 120_000, stall: 0, blank: 1000 + 2 * difference, waste: 0,
          abandoned: 0),
      ]
    }
    let tie = Recommendation(DecisionTests.scenario(rows))
    #expect(tie.recommended == nil)
    let note = try #require(tie.tieNote)
    let low = try #require(test.difference.low)
    let high = try #require(test.difference.high)
    #expect(low < 0 && high > 0)
    #expect(
      note.contains(
        "stall_ms no difference, blank_ms per min p=\(PairedTest.pText(p)) but the 95 % interval ["
          + RecommendationFormat.signedNumber(low, "blank_ms") + ", "
          + RecommendationFormat.signedNumber(high, "blank_ms") + "] contains 0)"),
      "\(note)")
    // The costs say the stall is identical in every seed instead of 0 [0, 0].
    let text = RecommendationFormat.text.render([tie])
    #expect(
      text.contains("stall_ms 0 ± 0 (identical in every seed)") || text.contains("(identical in every seed)"))
    #expect(!text.contains("0 [0, 0]"), "\(text)")
  }

  @Test func aSignificantPIsPrintedAlone() throws {
    // Every difference positive: p = 2 / 2¹² and the interval excludes 0, nothing to explain.
    let test = PairedTest((1...12).map(Double.init))
    #expect(test.isSignificant)
    #expect(Recommendation.pairText(test, "blank_ms") == "p=" + PairedTest.pText(test.pValue!))
    #expect(Recommendation.pairText(PairedTest([0, 0, 0]), "blank_ms") == "no difference")
  }
}
