import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// `compare` printed a Wilcoxon verdict beside a difference shown as `0 [0, 0]`: the differences
/// were not 0 but smaller than the metric's decimals. Identical runs are `same` with no test;
/// a difference the decimals would hide is printed with the places that show it.
@Suite struct CompareHiddenDifferenceTests {
  static func change(_ differences: [Double], verdict: Comparison.Verdict) -> Comparison.MetricChange {
    Comparison.MetricChange(
      metric: "blank_ms", polarity: .lowerIsBetter, baseMean: 500, newMean: 500,
      test: PairedTest(differences),
      relativeChange: 0, verdict: verdict)
  }

  @Test func aDifferenceBelowTheDecimalsIsShownWithMorePlaces() throws {
    // Mean 0.00045 ms, every difference positive: the exact test decides, and at blank_ms's
    // decimals all three numbers would print as 0.
    let change = Self.change([0.0004, 0.0003, 0.0005, 0.0004, 0.0006, 0.0005], verdict: .worse)
    #expect(Report.format(0.00045, "blank_ms").allSatisfy { $0 == "0" || $0 == "." || $0 == "-" })
    #expect(ComparisonFormat.finerPlaces(change) == 4)
    #expect(
      ComparisonFormat.differenceText(change) == "+0.0005"
        || ComparisonFormat.differenceText(change) == "+0.0004")
    let interval = ComparisonFormat.interval(change)
    #expect(interval.hasPrefix("[+0.000") && interval != "[0, 0]", "\(interval)")
  }

  @Test func aVisibleDifferenceKeepsTheMetricsDecimals() throws {
    let change = Self.change([3, 4, 5, 4, 6, 5], verdict: .worse)
    #expect(ComparisonFormat.finerPlaces(change) == nil)
    #expect(ComparisonFormat.differenceText(change) == ComparisonFormat.signed(4.5, "blank_ms"))
  }

  @Test func identicalRunsHaveNoTestAndNoFinerPlaces() throws {
    let change = Self.change([0, 0, 0, 0], verdict: .same)
    #expect(ComparisonFormat.finerPlaces(change) == nil)
    #expect(ComparisonFormat.testText(change) == "–")
  }
}
