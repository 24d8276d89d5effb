import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// The decision layer on hand-made rows: users who leave never make a strategy best, Pareto-optimal,
/// the knee, ranked or recommended, and the objective decides by significance.
@Suite struct DecisionTests {
  /// One run's row: a session of `session` ms with `stall` ms of it stalled.
  static func row(
    _ strategy: String, params: String = "", seed: Int, session: Double, stall: Double, blank: Double,
    waste: Double, abandoned: Double, scenario: String = "s"
  ) -> RunRow {
    RunRow(
      key: RunKey(scenario: scenario, strategy: strategy, params: params, seed: UInt64(seed)),
      metrics: [
        "session_ms": session, "stall_ms": stall, "blank_ms": blank, "wasted_bytes": waste,
        "abandoned": abandoned,
      ], line: seed + 1)
  }

  /// Over 8 seeds `infinite_scroll`'s users leave after 60 s of session, 30 s of it stalled (the
  /// patience), with 6 s blank and 1 kB wasted; `fixed_threshold`'s stay 120 s, stall 1 s + seed
  /// ms, 20 s + 10·seed ms blank, 50 kB + seed wasted. Raw, the leaver has less blank time and
  /// waste; per minute of session it has 6000 · 60000 / 60000 = 6000 ms of blank a minute
  /// against about 10 000.
  static func leaving() -> [RunRow] {
    (1...8).flatMap { seed -> [RunRow] in
      let s = Double(seed)
      return [
        row(
          "infinite_scroll", seed: seed, session: 60_000, stall: 30_000, blank: 6000, waste: 1000,
          abandoned: 1),
        row(
          "fixed_threshold", seed: seed, session: 120_000, stall: 1000 + s, blank: 20_000 + 10 * s,
          waste: 50_000 + s, abandoned: 0),
        row("oracle", seed: seed, session: 120_000, stall: 0, blank: 1000, waste: 0, abandoned: 0),
      ]
    }
  }

  static func scenario(_ rows: [RunRow]) -> ScenarioResults {
    ScenarioResults(name: "s", rows: rows, details: ScenarioDetails())
  }

  @Test func accumulatingMetricsAreReadPerMinuteOfTheirSpan() throws {
    let leaver = Self.row(
      "x", seed: 1, session: 60_000, stall: 30_000, blank: 6000, waste: 1000, abandoned: 1)
    // Without a first_content_ms column, blank time is counted from the session's start.
    #expect(Contest.comparableValue(leaver, "blank_ms") == 6000)
    #expect(Contest.comparableValue(leaver, "wasted_bytes") == 1000)
    // Stall and abandonment are not accumulating: read as written.
    #expect(Contest.comparableValue(leaver, "stall_ms") == 30_000)
    #expect(Contest.comparableValue(leaver, "abandoned") == 1)
    // Content never shown: no blank rate.
    var none = Self.row("x", seed: 1, session: 30_000, stall: 30_000, blank: 0, waste: 0, abandoned: 1)
    none.metrics["first_content_ms"] = .some(nil)
    #expect(Contest.comparableValue(none, "blank_ms") == nil)
    #expect(Contest.comparableValue(none, "wasted_bytes") == 0)
    #expect(MetricCatalogue.accumulates("energy_j") && !MetricCatalogue.accumulates("blankness"))
  }

  /// The trial's case: a session of 209 s, first content at 1 s, 75 s of it stalled in a tunnel,
  /// blank 200 s (the stall included: the loading footer is blank), 4 MB fetched. Blank time per
  /// minute is 200 000 · 60 000 / (209 000 − 1000) = 57 692.3 ms, under a minute, where session
  /// minus stall gave 200 000 · 60 000 / 134 000 = 89 552.2; data per minute is
  /// 4 000 000 · 60 000 / 209 000 = 1 148 325.4 bytes.
  @Test func blankTimePerMinuteNeverExceedsAMinute() throws {
    var row = Self.row("x", seed: 1, session: 209_000, stall: 75_000, blank: 200_000, waste: 0, abandoned: 0)
    row.metrics["first_content_ms"] = 1000
    row.metrics["bytes_fetched"] = 4_000_000
    let blank = try #require(Contest.comparableValue(row, "blank_ms"))
    #expect(abs(blank - 57_692.307_692) < 1e-5)
    let bytes = try #require(Contest.comparableValue(row, "bytes_fetched"))
    #expect(abs(bytes - 1_148_325.358_852) < 1e-5)
    // All of the displayed session blank: exactly 60 000.
    row.metrics["blank_ms"] = 208_000
    #expect(Contest.comparableValue(row, "blank_ms") == 60_000)
  }

  @Test func usersLeavingNeverMakeAStrategyBest() throws {
    let scenario = Self.scenario(Self.leaving())
    let labels = scenario.strategies.map(\.label)
    #expect(labels == ["infinite_scroll", "fixed_threshold", "oracle"])
    let contest = Contest(scenario.strategies)
    // 8 of 8 seeds abandon more: the sign test's p = 2/2⁸ = 0.0078 and the interval [1, 1].
    #expect(contest.ruledOut.map(\.index) == [0] && contest.ruledOut.map(\.versus) == [1])
    #expect(contest.competing == [1])
    for metric in ["blank_ms", "wasted_bytes", "stall_ms"] {
      #expect(BestStrategy(contest, metric: metric).outcome == .winner(1), "\(metric)")
    }
    let pareto = Report.pareto(contest)
    #expect(pareto.members == [1])
    #expect(pareto.stability == [1])
    #expect(pareto.text(labels) == "fixed_threshold (100 %)")
    let recommendation = Recommendation(scenario)
    #expect(recommendation.recommended == 1)
    #expect(recommendation.runnerUp == nil)
    #expect(recommendation.excluded.map(\.index) == [0])
    // Without the rule the leaver would win blank time (raw 6000 against 20 045 ms).
    #expect(scenario.strategies[0].estimate("blank_ms").mean == 6000)
  }

  @Test func headroomComparesBlankTimePerMinute() throws {
    let lines = try #require(Headroom.lines(Self.scenario(Self.leaving())))
    let blank = try #require(lines.first { $0.metric == "blank_ms" })
    // infinite_scroll 6000 · 60000 / 60 000 = 6000 ms a minute, oracle 1000 · 60000 / 120 000 = 500.
    #expect(blank.floorMean == 6000)
    #expect(blank.ceilingMean == 500)
  }

  /// A 1.25 ms stall difference that the seeds cannot tell apart does not outrank 3000 ms a minute
  /// less blank time: stall first, then blank, each by significance.
  @Test func theObjectiveDecidesStepBySignificance() throws {
    let aStall: [Double] = [100, 103, 99, 104, 101, 98, 102, 100]
    let noise: [Double] = [3, -2, 4, -1, 2, 5, -3, 2]
    var rows: [RunRow] = []
    for seed in 1...8 {
      let s = Double(seed)
      let a = aStall[seed - 1]
      let b = a + noise[seed - 1]
      rows.append(
        Self.row(
          "target_range", seed: seed, session: 120_000, stall: a, blank: 7000 + 10 * s, waste: 0,
          abandoned: 0))
      rows.append(
        Self.row(
          "adaptive", seed: seed, session: 120_000, stall: b, blank: 1000 + 10 * s, waste: 0, abandoned: 0
        ))
    }
    let recommendation = Recommendation(Self.scenario(rows))
    #expect(recommendation.labels == ["target_range", "adaptive"])
    #expect(recommendation.recommended == 1)
    #expect(recommendation.runnerUp == 0)
    #expect(
      recommendation.reasons == [
        "stall_ms: no clear difference", "best blank_ms per min, significantly ahead of target_range",
      ])
    // Blank per minute: (1000 + 10s) / 2 − (7000 + 10s) / 2 = −3000 on every seed.
    let blank = try #require(recommendation.costs.first { $0.metric == "blank_ms" })
    #expect(blank.difference?.difference.mean == -3000)
    #expect(blank.chosen.mean == 522.5)
    let csv = RecommendationFormat.csv.render([recommendation])
    #expect(csv.hasPrefix("scenario,recommended,runner_up,"))
    #expect(csv.split(whereSeparator: \.isNewline)[1].hasPrefix("s,adaptive,target_range,recommended,,8,,"))
  }

  /// Two strategies the seeds cannot separate: no clear winner, and the seeds that likely would:
  /// stall differences 2, −1, 3, 0.5, −2, 1, 2, 1.5 have mean 0.875 and s = 1.66369, so
  /// n = 7.848879 · (s / mean)² = 28.37 → 29.
  @Test func noClearWinnerSaysHowManySeedsWouldSeparate() throws {
    let differences: [Double] = [2, -1, 3, 0.5, -2, 1, 2, 1.5]
    var rows: [RunRow] = []
    for seed in 1...8 {
      let a = 100.0
      rows.append(
        Self.row("target_range", seed: seed, session: 120_000, stall: a, blank: 500, waste: 0, abandoned: 0))
      rows.append(
        Self.row(
          "adaptive", seed: seed, session: 120_000, stall: a + differences[seed - 1], blank: 500, waste: 0,
          abandoned: 0))
    }
    let recommendation = Recommendation(Self.scenario(rows))
    #expect(recommendation.recommended == nil)
    #expect(recommendation.tied == [0, 1])
    #expect(recommendation.verdictText == "no clear winner: target_range, adaptive")
    #expect(recommendation.seedsToSeparate == 29)
  }

  /// The population leaderboard never ranks the oracle, and a strategy whose users leave is listed
  /// unranked.
  @Test func theLeaderboardShowsTheOracleAsTheBound() throws {
    let record = try #require(
      PopulationRecord(
        json: .object([
          ("name", "mix"), ("description", ""), ("file", "p.json"), ("sha256", ""),
          ("segments", .array([.object([("name", "A"), ("weight", 1), ("scenario", "s")])])),
        ])))
    let board = PopulationLeaderboard(record: record, rows: Self.leaving())
    #expect(board.entries.map(\.strategy) == ["fixed_threshold", "infinite_scroll", "oracle"])
    #expect(board.entries.map(\.rank) == ["1", "ruled out", "bound"])
  }

  @Test func objectivesAndLimitsAreRead() throws {
    #expect(try Objective.metrics("blank_ms,stall_ms") == ["blank_ms", "stall_ms"])
    #expect(throws: ObjectiveError.neutral("session_ms")) { try Objective.metrics("session_ms") }
    #expect(throws: ObjectiveError.unknownMetric("stal_ms")) { try Objective.metrics("stal_ms") }
    let limit = try Objective.limit("wasted_bytes<=2000")
    #expect(limit == Objective.Limit(metric: "wasted_bytes", atMost: true, value: 2000))
    #expect(limit.admits(2000) && !limit.admits(2000.5))
    #expect(throws: ObjectiveError.malformed("coverage=1", "METRIC<=VALUE or METRIC>=VALUE")) {
      try Objective.limit("coverage=1")
    }
    // A limit rules a strategy out: fixed_threshold wastes 50 kB.
    let limited = Recommendation(
      Self.scenario(Self.leaving()),
      objective: Objective(metrics: ["stall_ms"], limits: [try Objective.limit("wasted_bytes<=2000")]))
    #expect(limited.recommended == nil)
    #expect(limited.verdictText == "none eligible")
    #expect(
      limited.excluded.map(\.why) == [
        "its users abandon significantly more than fixed_threshold's", "over the limit wasted_bytes<=2000",
      ])
  }

  /// A sweep whose cheapest setting only looks cheap because its users leave: ratio=0.1 abandons on
  /// every seed with 1 kB wasted, the others stay with 10, 20, 30 and 40 kB wasted and stalls of
  /// 40, 30, 20 and 10 ms. Without the rule ratio=0.1 would be Pareto-optimal (least waste).
  @Test func aSweepNeverPicksASettingWhoseUsersLeave() throws {
    var rows: [RunRow] = []
    let settings: [(String, stall: Double, waste: Double)] = [
      ("ratio=0.3", 40, 10_000), ("ratio=0.5", 30, 20_000), ("", 20, 30_000), ("ratio=0.9", 10, 40_000),
    ]
    for seed in 1...8 {
      let s = Double(seed)
      rows.append(
        Self.row(
          "fixed_threshold", params: "ratio=0.1", seed: seed, session: 60_000, stall: 30_000, blank: 100,
          waste: 1000, abandoned: 1))
      for (params, stall, waste) in settings {
        rows.append(
          Self.row(
            "fixed_threshold", params: params, seed: seed, session: 120_000 + stall + s, stall: stall + s,
            blank: 5000 + stall, waste: waste + s, abandoned: 0))
      }
    }
    let analysis = SweepAnalysis(record: SweepAnalysisTests.record, scenario: Self.scenario(rows))
    #expect(analysis.ruledOut == [0])
    #expect(analysis.pareto == [1, 2, 3, 4])
    #expect(!analysis.frontier.contains(0))
    #expect(analysis.knee != 0)
    // Least stall wins: ratio=0.9 (10 + seed ms) beats every other setting on every seed.
    #expect(analysis.recommended == 4)
    #expect(analysis.name(4) == "ratio=0.9")
  }
}
