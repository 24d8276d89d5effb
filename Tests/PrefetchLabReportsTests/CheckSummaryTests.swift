import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// The per-scenario summary `check` opens with, on hand-made rows: means, the paired change and
/// its interval, verdicts, and the significant gate.
@Suite struct CheckSummaryTests {
  /// Ten seeds; `stall_ms` of the current side is the baseline's plus `shift(seed)`.
  func pairs(
    params: String = "", newParams: String = "", shift: (UInt64) -> Double, blank: Double = 0
  ) -> [RowPair] {
    (1...10).map { (seed: UInt64) in
      let base = Double(seed) * 100
      func row(_ params: String, _ stall: Double) -> RunRow {
        RunRow(
          key: RunKey(scenario: "s", strategy: "fixed_threshold", params: params, seed: seed),
          metrics: ["stall_ms": stall, "blank_ms": blank, "session_ms": 60_000 + stall], line: 0)
      }
      return RowPair(base: row(params, base), new: row(newParams, base + shift(seed)))
    }
  }

  func line(_ summary: CheckSummary, _ metric: String) throws -> CheckSummary.Line {
    try #require(summary.lines.first { $0.metric == metric })
  }

  @Test func aConstantShiftIsWorseWithAZeroWidthInterval() throws {
    let summary = CheckSummary(
      pairs: pairs(shift: { _ in 50 }), columns: ["stall_ms", "blank_ms", "session_ms"], tolerances: [:])
    let stall = try line(summary, "stall_ms")
    // Baseline stalls 100…1000 ms: mean 550; the current side 50 ms more on every seed.
    #expect(stall.base.mean == 550)
    #expect(stall.current.mean == 600)
    #expect(stall.change.difference.mean == 50)
    #expect(stall.change.difference.low == 50 && stall.change.difference.high == 50)
    #expect(stall.verdict == .worse)
    #expect(stall.isGatedRegression)
    #expect(summary.regressions.count == 1)
    // Blank time did not move: one line, "no change", not gated; session_ms is neutral: no line.
    #expect(try line(summary, "blank_ms").verdict == .same)
    #expect(!summary.lines.contains { $0.metric == "session_ms" })
    #expect(summary.seedCounts == 10...10)
  }

  @Test func aChangeWithinTheToleranceIsWorseButNotGated() throws {
    let summary = CheckSummary(
      pairs: pairs(shift: { _ in 50 }), columns: ["stall_ms"],
      tolerances: ["stall_ms": Tolerance(absolute: 60)])
    let stall = try line(summary, "stall_ms")
    #expect(stall.verdict == .worse)
    #expect(!stall.isGatedRegression)
    #expect(summary.regressions.isEmpty)
  }

  /// +50 on odd seeds, −50 on even ones: mean 0, interval across zero.
  @Test func noiseIsNoClearChange() throws {
    let summary = CheckSummary(
      pairs: pairs(shift: { $0 % 2 == 1 ? 50 : -40 }), columns: ["stall_ms"], tolerances: [:])
    let stall = try line(summary, "stall_ms")
    #expect(stall.change.difference.mean == 5)
    #expect(stall.verdict == .noClearChange)
    #expect(!stall.isGatedRegression)
  }

  @Test func aParameterChangeIsOneGroupNamedByBothParams() throws {
    let summary = CheckSummary(
      pairs: pairs(params: "ratio=0.7", newParams: "ratio=0.3", shift: { _ in -20 }), columns: ["stall_ms"],
      tolerances: [:])
    let stall = try line(summary, "stall_ms")
    #expect(summary.lines.count == 1)
    #expect(stall.strategyText == "fixed_threshold: ratio=0.7 → ratio=0.3")
    #expect(stall.verdict == .better)
    #expect(summary.improvements.count == 1)
  }

  @Test func jsonDifferenceNamesKeyPaths() throws {
    let a = try JSONValue(parsing: #"{"name":"x","network":{"rtt_ms":80,"kbps":5},"seeds":10,"list":[1,2]}"#)
    let b = try JSONValue(
      parsing: #"{"name":"x","network":{"rtt_ms":0.18,"kbps":5},"seeds":1,"list":[1,3],"new":1}"#)
    #expect(JSONDifference.paths(a, b) == ["network.rtt_ms", "seeds", "list[1]", "new"])
    let c = try JSONValue(parsing: #"{"list":[1]}"#)
    #expect(JSONDifference.paths(try JSONValue(parsing: #"{"list":[1,2]}"#), c) == ["list"])
    #expect(JSONDifference.paths(a, a).isEmpty)
  }
}
