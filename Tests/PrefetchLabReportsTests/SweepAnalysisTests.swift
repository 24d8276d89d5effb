import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

@Suite struct KneePointTests {
  /// Scaled over the frontier, x̂ = 0, 0.1, 0.2, 1 and ŷ = 1, 0.2, 0.1, 0, so the difference
  /// 1 − x̂ − ŷ is 0, 0.7, 0.7, 0: the first of the two maxima.
  @Test func theKneeIsTheFarthestBelowTheChord() {
    #expect(KneePoint.kneedle([(0, 10), (1, 2), (2, 1), (10, 0)]) == 1)
    // x̂ = 0, 0.1, 0.5, 1; ŷ = 1, 0.2, 0.05, 0: differences 0, 0.7, 0.45, 0.
    #expect(KneePoint.kneedle([(0, 100), (10, 20), (50, 5), (100, 0)]) == 1)
    // 0, 0.2, 0.6, 1 against 1, 0.4, 0.1, 0: differences 0, 0.4, 0.3, 0 → the second point.
    #expect(KneePoint.kneedle([(0, 50), (20, 20), (60, 5), (100, 0)]) == 1)
  }

  @Test func straightConcaveAndShortFrontiersHaveNone() {
    #expect(KneePoint.kneedle([(0, 3), (1, 2), (2, 1), (3, 0)]) == nil)
    #expect(KneePoint.kneedle([(0, 10), (5, 9), (9, 5), (10, 0)]) == nil)
    #expect(KneePoint.kneedle([(0, 10), (1, 0)]) == nil)
    #expect(KneePoint.kneedle([(0, 1), (1, 1), (2, 1)]) == nil)
  }
}

@Suite struct WeightedPercentileTests {
  @Test func equalWeightsGiveTheNearestRank() {
    let values = [5.0, 1, 3, 2, 4].map { (value: $0, weight: 1.0) }
    // ⌈0.5 · 5⌉ = 3rd smallest, ⌈0.95 · 5⌉ = 5th, ⌈0.2 · 5⌉ = 1st.
    #expect(WeightedPercentile.of(values, 0.5) == 3)
    #expect(WeightedPercentile.of(values, 0.95) == 5)
    #expect(WeightedPercentile.of(values, 0.2) == 1)
    #expect(WeightedPercentile.of(values, 1) == 5)
  }

  @Test func weightsMoveThePercentiles() {
    let shares = [(value: 10.0, weight: 0.6), (value: 30, weight: 0.1), (value: 20, weight: 0.3)]
    #expect(WeightedPercentile.of(shares, 0.5) == 10)
    #expect(WeightedPercentile.of(shares, 0.61) == 20)
    // 0.6 + 0.3 is 0.8999999999999999 in binary: the tolerance lets it reach 0.9.
    #expect(0.6 + 0.3 < 0.9)
    #expect(WeightedPercentile.of(shares, 0.9) == 20)
    #expect(WeightedPercentile.of(shares, 0.95) == 30)
    // Equal values share their weight; zero weights never decide.
    #expect(WeightedPercentile.of([(1, 0.25), (1, 0.25), (2, 0.5)], 0.5) == 1)
    #expect(WeightedPercentile.of([(100, 0), (1, 1)], 0.95) == 1)
    #expect(WeightedPercentile.of([], 0.5) == nil)
    #expect(WeightedPercentile.of([(3, 0)], 0.5) == nil)
  }
}

@Suite struct SweepAnalysisTests {
  static func rows(_ scenario: String, _ values: [String: [(stall: Double, waste: Double)]]) -> [RunRow] {
    values.keys.sorted().flatMap { params in
      values[params]!.enumerated().map { seed, pair in
        RunRow(
          key: RunKey(
            scenario: scenario, strategy: "fixed_threshold", params: params, seed: UInt64(seed + 1)),
          metrics: ["stall_ms": pair.stall, "wasted_bytes": pair.waste, "coverage": 1 - pair.stall / 1000],
          line: 0)
      }
    }
  }

  static let record = SweepRecord(
    try! ParameterSweep(
      base: StrategySpec(name: "fixed_threshold"), vary: ["ratio=0.1:0.9:0.2"], registry: .builtIn),
    x: "wasted_bytes", y: "stall_ms")

  /// Means per setting (ratio: stall, waste): 0.1: (0, 1000), 0.3: (10, 400), 0.5: (20, 300),
  /// 0.7: (100, 100), 0.9: (100, 200). 0.9 is dominated by 0.7; the frontier by waste is 0.7, 0.5,
  /// 0.3, 0.1. Scaled over it: waste 0, 2/9, 1/3, 1 and stall 1, 0.2, 0.1, 0, so the differences
  /// are 0, 1 − 2/9 − 0.2 = 0.578, 1 − 1/3 − 0.1 = 0.567, 0: the knee is ratio=0.5.
  @Test func paretoKneeAndDefaultFromTheRows() throws {
    let rows = Self.rows(
      "s",
      [
        "ratio=0.1": [(0, 900), (0, 1100)], "ratio=0.3": [(5, 400), (15, 400)],
        "ratio=0.5": [(20, 300), (20, 300)], "": [(100, 100), (100, 100)],
        "ratio=0.9": [(90, 200), (110, 200)],
      ])
    let scenario = ScenarioResults(name: "s", rows: rows, details: ScenarioDetails())
    let analysis = SweepAnalysis(record: Self.record, scenario: scenario)
    #expect(analysis.points.map(\.yEstimate.mean) == [0, 10, 20, 100, 100])
    #expect(analysis.pareto == [0, 1, 2, 3])
    #expect(analysis.frontier == [3, 2, 1, 0])
    #expect(analysis.knee == 2)
    #expect(analysis.name(2) == "ratio=0.5")
    #expect(analysis.name(3) == "ratio=0.7 (default)")
    #expect(analysis.paretoText(limit: 2) == "ratio=0.1 (100 %); ratio=0.3 (100 %); … (4 in all)")
  }

  /// Eight seeds where `best` stalls 0 ms and every other ratio 50–57 ms: every paired
  /// difference favours `best`, so it is recommended; the note flags it only at an end of the
  /// five ratios swept (0.1 … 0.9).
  @Test(arguments: [
    ("ratio=0.9", ["ratio=0.9 is the largest value tried: the best may lie beyond; extend the range"]),
    ("ratio=0.1", ["ratio=0.1 is the smallest value tried: the best may lie below; extend the range"]),
    ("ratio=0.5", []),
  ])
  func aRecommendationAtTheGridsEdgeSaysSo(best: String, notes: [String]) throws {
    let params = ["ratio=0.1", "ratio=0.3", "ratio=0.5", "", "ratio=0.9"]
    // The recommendation reads stall_ms, then blank_ms: equal here.
    let rows = Self.rows(
      "s",
      Dictionary(
        uniqueKeysWithValues: params.map { param in
          (param, (0..<8).map { seed in (param == best ? 0 : 50 + Double(seed), 100) })
        })
    ).map { row in
      var row = row
      row.metrics["blank_ms"] = 0
      return row
    }
    let analysis = SweepAnalysis(
      record: Self.record, scenario: ScenarioResults(name: "s", rows: rows, details: ScenarioDetails()))
    #expect(analysis.recommended.map(analysis.name) == best)
    #expect(analysis.edgeNotes == notes)
  }

  /// The curve's script (what gnuplot draws, checked without it): one line through the settings in
  /// parameter order, in display units (kB), each labelled, the default as such, alternately above
  /// and below; the Pareto set and the knee as their own series.
  @Test func theCurveScriptJoinsAndLabelsTheSettings() throws {
    let rows = Self.rows(
      "s",
      [
        "ratio=0.1": [(0, 1000)], "ratio=0.3": [(10, 400)], "ratio=0.5": [(20, 300)], "": [(100, 100)],
        "ratio=0.9": [(100, 200)],
      ])
    let analysis = SweepAnalysis(
      record: Self.record, scenario: ScenarioResults(name: "s", rows: rows, details: ScenarioDetails()))
    let figure = PlotBuilder.sweepCurve(analysis, seeds: 1)
    #expect(figure.kind == .sweep && figure.fileStem == "sweep--s")
    #expect(figure.data.contains("$line0 << EOD\n1 0\n0.4 10\n0.3 20\n0.1 100\n0.2 100\nEOD\n"))
    #expect(figure.data.contains("$pareto << EOD\n1 0\n0.4 10\n0.3 20\n0.1 100\nEOD\n"))
    #expect(figure.data.contains("$knee << EOD\n0.3 20\nEOD\n"))
    #expect(figure.body.contains("set label '0.1' at 1,0 offset char 0.8,0.7"))
    #expect(figure.body.contains("set label '0.3' at 0.4,10 offset char 0.8,-0.8"))
    #expect(figure.body.contains("set label '0.7 (default)' at 0.1,100 offset char 0.8,-0.8"))
    #expect(figure.body.contains("$line0 using 1:2 with linespoints ls 1 title 'fixed_threshold by ratio'"))
    #expect(PlotBuilder.sweepFigures(analysis, seeds: 1).count == 1)  // one parameter: no heat map
  }

  /// Strategies beside the grid (`--reference`) are drawn for scale, labelled, inside the ranges,
  /// but stay off the frontier and the knee even when they would dominate every setting.
  @Test func referencesAreDrawnButNeverOnTheFrontier() throws {
    var rows = Self.rows(
      "s",
      [
        "ratio=0.1": [(0, 1000)], "ratio=0.3": [(10, 400)], "ratio=0.5": [(20, 300)], "": [(100, 100)],
        "ratio=0.9": [(100, 200)],
      ])
    // dynamic_threshold sits exactly on ratio=0.1 (0 ms, 1000 B), both labelled above: one fits.
    for (strategy, params, stall, waste) in [
      ("oracle", "", 0.0, 0.0), ("paging3", "prefetch_distance=20", 50, 5000),
      ("dynamic_threshold", "", 0, 1000),
    ] {
      rows.append(
        RunRow(
          key: RunKey(scenario: "s", strategy: strategy, params: params, seed: 1),
          metrics: ["stall_ms": stall, "wasted_bytes": waste], line: 0))
    }
    let analysis = SweepAnalysis(
      record: Self.record, scenario: ScenarioResults(name: "s", rows: rows, details: ScenarioDetails()))
    #expect(
      analysis.references.map(\.label) == ["oracle", "paging3:prefetch_distance=20", "dynamic_threshold"])
    #expect(analysis.references.map(\.yEstimate.mean) == [0, 50, 0])
    #expect(analysis.pareto == [0, 1, 2, 3])
    #expect(analysis.knee == 2)
    let figure = PlotBuilder.sweepCurve(analysis, seeds: 1)
    #expect(figure.data.contains("$references << EOD\n0 0\n5 50\n1 0\nEOD\n"))
    // A diamond is told only by its name, a setting also by its place on the line: the name wins.
    #expect(figure.body.contains("set label 'dynamic_threshold' at 1,0 offset char 0.8,0.7"))
    #expect(!figure.body.contains("set label '0.1'"))
    #expect(figure.body.contains("set label '0.3' at 0.4,10"))
    #expect(figure.body.contains("set label 'oracle' at 0,0 offset char 0.8,0.7"))
    #expect(figure.body.contains("set label 'paging3:prefetch_distance=20' at 5,50 offset char 0.8,-0.8"))
    #expect(
      figure.body.contains(
        "$references using 1:2 with points pt 13 ps 2 lc rgb '#888888' title 'beside the grid"))
    // The x range reaches the reference at 5 kB, past the settings' 1 kB.
    #expect(figure.body.contains("set xrange [-0.2:5.3]\n"))
    #expect(figure.caption.hasSuffix("; grey diamonds: the strategies run beside the grid (--reference)."))
  }

  /// A higher-is-better metric is oriented before the frontier is drawn: coverage up is good.
  @Test func polarityOrientsTheTradeoff() throws {
    var record = Self.record
    record.y = "coverage"
    let rows = Self.rows(
      "s",
      [
        "ratio=0.1": [(0, 1000)], "ratio=0.3": [(10, 400)], "ratio=0.5": [(20, 300)], "": [(100, 100)],
        "ratio=0.9": [(200, 100)],
      ])
    let analysis = SweepAnalysis(
      record: record, scenario: ScenarioResults(name: "s", rows: rows, details: ScenarioDetails()))
    // ratio=0.9 has the same waste as 0.7 and less coverage: dominated.
    #expect(analysis.pareto == [0, 1, 2, 3])
  }

  @Test func recordsRoundTripThroughTheManifest() throws {
    var manifest = Manifest(
      command: ["sweep"], scenarios: [], seeds: [1], strategies: [], runs: 0, timelineIntervalMs: 100)
    manifest.sweep = Self.record
    manifest.population = PopulationRecord(
      json: .object([
        ("name", "mix"), ("description", ""), ("file", "../p.json"), ("sha256", "ab"),
        (
          "segments",
          .array([.object([("name", "a"), ("weight", 2.5), ("scenario", "s"), ("user", "reader")])])
        ),
      ]))
    #expect(manifest.population != nil)
    let read = try Manifest(json: JSONValue(parsing: manifest.text), file: "m.json")
    #expect(read.sweep == Self.record)
    #expect(read.population == manifest.population)
    #expect(read == manifest)
    // merge rebases the population file with the other paths (shards may sit at other depths).
    #expect(manifest.rebased(from: "/r/a", to: "/r/b/c").population?.file == "../../p.json")
    #expect(Self.record.settings.map(\.params) == ["ratio=0.1", "ratio=0.3", "ratio=0.5", "", "ratio=0.9"])
    // A malformed member names its key.
    var broken = manifest.json
    if case .object(var members) = broken, let index = members.firstIndex(where: { $0.key == "sweep" }) {
      members[index].value = .object([("x", "stall_ms")])
      broken = .object(members)
    }
    #expect(throws: InputError(file: "m.json", location: "sweep", message: "missing or of the wrong type")) {
      try Manifest(json: broken, file: "m.json")
    }
  }
}

@Suite struct PopulationLeaderboardTests {
  /// Shares 0.75 and 0.25; segment a has two sessions (0.375 each), b one (0.25). x stalls 0 and 100
  /// in a, 1000 in b: mean 0.375·0 + 0.375·100 + 0.25·1000 = 287.5; p50 = 100 (cumulative 0.75 ≥
  /// 0.5), p95 = 1000. y ran in a only: not ranked.
  @Test func handWorkedLeaderboard() throws {
    let record = try #require(
      PopulationRecord(
        json: .object([
          ("name", "mix"), ("description", ""), ("file", "p.json"), ("sha256", ""),
          (
            "segments",
            .array([
              .object([("name", "A"), ("weight", 3), ("scenario", "a")]),
              .object([("name", "B"), ("weight", 1), ("scenario", "b")]),
            ])
          ),
        ])))
    func row(_ scenario: String, _ strategy: String, _ seed: UInt64, stall: Double, blank: Double) -> RunRow {
      RunRow(
        key: RunKey(scenario: scenario, strategy: strategy, params: "", seed: seed),
        metrics: ["stall_ms": stall, "blank_ms": blank, "wasted_bytes": 2000], line: 0)
    }
    let board = PopulationLeaderboard(
      record: record,
      rows: [
        row("a", "x", 1, stall: 0, blank: 10), row("a", "x", 2, stall: 100, blank: 30),
        row("b", "x", 1, stall: 1000, blank: 50), row("a", "y", 1, stall: 0, blank: 0),
      ])
    #expect(board.incomplete == ["y"])
    let entry = try #require(board.entries.first)
    #expect(board.entries.count == 1)
    #expect(entry.sessions == 3)
    #expect(entry.stall == .init(mean: 287.5, p50: 100, p95: 1000))
    // Blank: 0.375·10 + 0.375·30 + 0.25·50 = 27.5; p50 30, p95 50.
    #expect(entry.blank == .init(mean: 27.5, p50: 30, p95: 50))
    #expect(entry.wastedBytes == 2000)
    #expect(board.sessionsPerSegment == [2, 1])
    #expect(board.segmentsText == "A 75 %, B 25 %")
    #expect(board.table[1] == ["1", "x", "287.5", "100", "1000", "27.5", "30", "50", "2"])
  }

  /// With session lengths, blank time and waste are shown per minute of session (500 ms of it
  /// stalled), the figures the ranking compares: 10 ms blank in a 30 s session is 20 ms per min,
  /// 2000 wasted bytes 4000 per min (4 kB); stall stays per session.
  @Test func blankAndWasteArePerMinuteOfSession() throws {
    let record = try #require(
      PopulationRecord(
        json: .object([
          ("name", "one"), ("description", ""), ("file", "p.json"), ("sha256", ""),
          ("segments", .array([.object([("name", "A"), ("weight", 1), ("scenario", "a")])])),
        ])))
    let board = PopulationLeaderboard(
      record: record,
      rows: [
        RunRow(
          key: RunKey(scenario: "a", strategy: "x", params: "", seed: 1),
          metrics: ["stall_ms": 500, "blank_ms": 10, "wasted_bytes": 2000, "session_ms": 30_000], line: 0)
      ])
    let entry = try #require(board.entries.first)
    #expect(entry.stall.mean == 500)
    #expect(entry.blank.mean == 20)
    #expect(entry.wastedBytes == 4000)
    #expect(board.table[1] == ["1", "x", "500", "500", "500", "20", "20", "20", "4"])
    #expect(PopulationLeaderboard.header[5] == "blank_ms per min mean")
  }
}
