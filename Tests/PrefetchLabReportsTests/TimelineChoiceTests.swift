import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// Which timelines the default `--timelines recommended` draws: the strategies the scenario's
/// recommendation is about, by the same rule as the report's.
@Suite struct TimelineChoiceTests {
  /// Over 8 seeds: `fixed_threshold` stalls 100 + seed ms, `dynamic_threshold` 400 + seed ms,
  /// `infinite_scroll` 900 + seed ms and `directional_ranges` 2000 + seed ms; no user leaves.
  /// Each step of stall is significant on every seed (sign test p = 2/2⁸), so `fixed_threshold`
  /// is recommended and `dynamic_threshold` (best of the rest) is the runner-up.
  static func rows(tiedBest: Bool = false) -> [RunRow] {
    (1...8).flatMap { seed -> [RunRow] in
      let s = Double(seed)
      let stalls: [(String, Double)] = [
        ("infinite_scroll", 900 + s), ("fixed_threshold", 100 + s),
        ("dynamic_threshold", tiedBest ? 100 + (seed.isMultiple(of: 2) ? 2 * s : 0) : 400 + s),
        ("directional_ranges", 2000 + s), ("oracle", 0),
      ]
      return stalls.map { strategy, stall in
        DecisionTests.row(
          strategy, seed: seed, session: 120_000, stall: stall, blank: 1000, waste: 0, abandoned: 0)
      }
    }
  }

  @Test func drawsTheRecommendedTheRunnerUpAndTheBound() {
    let scenario = DecisionTests.scenario(Self.rows())
    #expect(
      PlotBuilder.decisionStrategies(scenario) == ["fixed_threshold", "dynamic_threshold", "oracle"])
  }

  @Test func withNoClearWinnerDrawsTheTwoBestTied() {
    // dynamic_threshold equals fixed_threshold on odd seeds and stalls 2·seed ms more on even
    // ones: 4 of 8 pairs differ, all one way (sign test p = 2/2⁴ = 0.125), so neither is clearly
    // better on stall, and blank (equal) cannot separate them. The runner-up is the second of
    // the tie, so infinite_scroll (900 + seed ms) and directional_ranges are left out.
    let scenario = DecisionTests.scenario(Self.rows(tiedBest: true))
    let recommendation = Recommendation(Contest(scenario.strategies), scope: "s")
    #expect(recommendation.recommended == nil)
    #expect(Set(recommendation.tied) == [1, 2])
    #expect(
      PlotBuilder.decisionStrategies(scenario) == ["fixed_threshold", "dynamic_threshold", "oracle"])
  }

  @Test func aScenarioWithNoContenderKeepsEveryTimeline() {
    // The oracle alone: nothing competes, so nothing would be drawn by the rule.
    let rows = (1...3).map {
      DecisionTests.row("oracle", seed: $0, session: 120_000, stall: 0, blank: 0, waste: 0, abandoned: 0)
    }
    #expect(PlotBuilder.decisionStrategies(DecisionTests.scenario(rows)) == ["oracle"])
  }

  @Test func theChoicesTextListsEverySelection() {
    #expect(TimelineSelection.choicesText == "recommended, first, all or none")
    #expect(TimelineSelection.standard == .recommended)
  }
}
