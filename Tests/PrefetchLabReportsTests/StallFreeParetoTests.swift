import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// The stall–waste Pareto set of a feed where nothing stalls ranks wasted data only: it called the
/// least wasteful strategies optimal whatever their blank time. Then the report says no strategy
/// stalls and gives the blank–waste frontier instead.
@Suite struct StallFreeParetoTests {
  /// Six seeds of two-minute sessions. `fast` is least blank and wastes most, `lean` wastes least
  /// and is most blank, `both` sits between on both, `worse` is behind `both` on both.
  static func contest(stall: (Int) -> Double = { _ in 0 }) -> Contest {
    let figures: [(String, blank: Double, waste: Double)] = [
      ("fast", 100, 900_000), ("lean", 900, 10_000), ("both", 400, 300_000), ("worse", 500, 400_000),
    ]
    let rows = figures.flatMap { name, blank, waste in
      (1...6).map { seed in
        DecisionTests.row(
          name, seed: seed, session: 120_000 + (name == "lean" ? stall(seed) : 0),
          stall: name == "lean" ? stall(seed) : 0, blank: blank + Double(seed), waste: waste, abandoned: 0)
      }
    }
    return Contest(DecisionTests.scenario(rows).strategies)
  }

  @Test func noStallAnywhereGivesTheBlankWasteFrontier() throws {
    let contest = Self.contest()
    // The stall–waste set alone would call only the least wasteful optimal.
    #expect(Report.pareto(contest).members.map { contest.contenders[$0].label } == ["lean"])
    #expect(StallFreeTradeoff(contest, x: "stall_ms", y: "wasted_bytes").finding == .noneStalls)
    let text = Report.paretoText(contest)
    #expect(
      text.hasPrefix("none: no strategy stalls (stall_ms 0 in every run); blank_ms–wasted_bytes frontier: "),
      "\(text)")
    // fast, lean and both are on the blank–waste frontier; worse is dominated by both.
    for label in ["fast", "lean", "both"] { #expect(text.contains(label + " (")) }
    #expect(!text.contains("worse"))
  }

  @Test func aStallNotSignificantlyAboveZeroCountsAsNone() throws {
    // One seed stalls 30 ms: mean 5, its interval contains 0.
    let contest = Self.contest { $0 == 3 ? 30 : 0 }
    #expect(
      StallFreeTradeoff(contest, x: "stall_ms", y: "wasted_bytes").finding
        == .noneSignificant(highestMeanMs: 5))
    // The stall–waste set stays (lean stalls more, both wastes less than fast: both and lean),
    // and the blank–waste frontier follows it.
    let text = Report.paretoText(contest)
    #expect(
      text.hasPrefix(
        Report.pareto(contest).text(contest.contenders.map(\.label))
          + "; no strategy's stall_ms is significantly above 0 (highest mean 5): blank_ms–wasted_bytes frontier: "
      ),
      "\(text)")
  }

  @Test func aRealStallKeepsTheStallWasteSet() throws {
    // lean stalls 200 ms and more on every seed: the ordinary set, with stability.
    let contest = Self.contest { 200 + Double($0) }
    #expect(StallFreeTradeoff(contest, x: "stall_ms", y: "wasted_bytes").finding == .stalls)
    #expect(Report.paretoText(contest) == Report.pareto(contest).text(contest.contenders.map(\.label)))
    #expect(!Report.paretoText(contest).hasPrefix("none"))
  }
}

/// `sweep`'s closing line and the report's sweep section name the sweep's Pareto set by the same
/// rule (`StallFreeTradeoff`): a stall-free sweep gets the blank–waste frontier, not the
/// least-wasteful setting alone.
@Suite struct StallFreeSweepTests {
  /// Two seeds alike. Waste rises with the ratio; blank 900, 500, 600, 200, 250: on blank and
  /// waste, 0.5 is behind 0.3 and 0.9 behind 0.7, so the frontier is 0.1, 0.3 and 0.7; on stall
  /// (0 everywhere) and waste it would be 0.1 alone.
  static func analysis(stall: Double = 0) -> SweepAnalysis {
    let figures: [(params: String, blank: Double, waste: Double)] = [
      ("ratio=0.1", 900, 100), ("ratio=0.3", 500, 300), ("ratio=0.5", 600, 500), ("", 200, 700),
      ("ratio=0.9", 250, 900),
    ]
    let rows = figures.flatMap { params, blank, waste in
      (1...2).map { seed in
        RunRow(
          key: RunKey(scenario: "s", strategy: "fixed_threshold", params: params, seed: UInt64(seed)),
          metrics: [
            "stall_ms": params == "ratio=0.1" ? stall * Double(seed) : 0, "blank_ms": blank,
            "wasted_bytes": waste,
          ], line: 0)
      }
    }
    return SweepAnalysis(
      record: SweepAnalysisTests.record,
      scenario: ScenarioResults(name: "s", rows: rows, details: ScenarioDetails()))
  }

  @Test func aStallFreeSweepNamesTheBlankWasteFrontier() {
    let analysis = Self.analysis()
    #expect(analysis.pareto == [0])
    #expect(
      analysis.paretoText()
        == "none: no setting stalls (stall_ms 0 in every run); blank_ms–wasted_bytes frontier: ratio=0.1 (100 %); "
        + "ratio=0.3 (100 %); ratio=0.7 (default) (100 %)")
  }

  @Test func aStallNotSignificantlyAboveZeroKeepsTheSetAndAddsTheFrontier() {
    // ratio=0.1 stalls 10 and 20 ms: two seeds cannot make it significant.
    let text = Self.analysis(stall: 10).paretoText()
    #expect(
      text.hasSuffix(
        "; no setting's stall_ms is significantly above 0 (highest mean 15): blank_ms–wasted_bytes frontier: "
          + "ratio=0.1 (100 %); ratio=0.3 (100 %); ratio=0.7 (default) (100 %)"), "\(text)")
  }
}
