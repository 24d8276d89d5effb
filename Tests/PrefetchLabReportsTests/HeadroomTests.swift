import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// The headroom line (docs/reports.md, "Headroom") and the oracle's place in a report: a bound,
/// left out of best marks and Pareto frontiers.
@Suite struct HeadroomTests {
  static let metrics = ["stall_ms", "blank_ms", "wasted_bytes", "bound_caveats"]

  /// Scenario s: infinite_scroll stalls 1000 and 1400 ms (mean 1200) with 9000 ms blank, the
  /// oracle 0 and 200 ms (mean 100) with 1000 ms blank, seed 2 flagged (bits 1 + 16);
  /// fixed_threshold 100 ms (mean) and 5000 ms blank; directional_ranges 650 ms and 800 ms blank.
  /// Scenario calm: nobody stalls, blank 500 ms for infinite_scroll and 700 ms for the oracle.
  static func makeFolder() throws -> TestFolder {
    let folder = try TestFolder("headroom")
    let rows: [SummaryRowSpec] = [
      .init(scenario: "s", strategy: "infinite_scroll", seed: 1, values: [1000, 9000, 0, 0]),
      .init(scenario: "s", strategy: "infinite_scroll", seed: 2, values: [1400, 9000, 0, 0]),
      .init(scenario: "s", strategy: "fixed_threshold", seed: 1, values: [100, 5000, 48_000, 0]),
      .init(scenario: "s", strategy: "fixed_threshold", seed: 2, values: [100, 5000, 48_000, 0]),
      .init(scenario: "s", strategy: "directional_ranges", seed: 1, values: [650, 800, 900_000, 0]),
      .init(scenario: "s", strategy: "directional_ranges", seed: 2, values: [650, 800, 900_000, 0]),
      .init(scenario: "s", strategy: "oracle", seed: 1, values: [0, 1000, 0, 0]),
      .init(scenario: "s", strategy: "oracle", seed: 2, values: [200, 1000, 0, 17]),
      .init(scenario: "calm", strategy: "infinite_scroll", seed: 1, values: [0, 500, 0, 0]),
      .init(scenario: "calm", strategy: "fixed_threshold", seed: 1, values: [0, 400, 24_000, 0]),
      .init(scenario: "calm", strategy: "oracle", seed: 1, values: [0, 700, 0, 0]),
    ]
    try ReportFixtures.writeSummary(in: folder, metrics: metrics, rows: rows)
    return folder
  }

  /// Stall gap 1200 − 100 = 1100 ms: fixed_threshold closes (1200 − 100) / 1100 = 100 %,
  /// directional_ranges (1200 − 650) / 1100 = 50 %. Blank gap 9000 − 1000 = 8000 ms:
  /// fixed_threshold 4000 / 8000 = 50 %, directional_ranges 8200 / 8000 = 102.5 % (better than the
  /// oracle, which bounds stall, not blank).
  @Test func sharesOfTheGapAreComputedFromTheMeans() throws {
    let folder = try Self.makeFolder()
    defer { folder.remove() }
    let data = try ResultsData(path: folder.path)
    let scenario = try #require(data.scenarios.first { $0.name == "s" })
    let lines = try #require(Headroom.lines(scenario))
    #expect(lines.map(\.metric) == ["stall_ms", "blank_ms"])
    #expect(lines[0].gap == 1100 && lines[1].gap == 8000)
    #expect(lines[0].shares.map(\.label) == ["fixed_threshold", "directional_ranges"])
    #expect(lines[0].shares.map(\.share) == [1, 0.5])
    #expect(lines[1].shares.map(\.share) == [0.5, 1.025])
    #expect(Headroom.flaggedSeeds(scenario).map(\.seed) == [2])
    #expect(Headroom.flaggedSeeds(scenario).first?.caveats == [.outageDelayedFirstByte, .clampedJump])
  }

  /// The report says it in words, one whole line per scenario (Markdown escapes `_` outside
  /// code): in s the shares of `sharesOfTheGapAreComputedFromTheMeans` (stall 1200 → 100 ms:
  /// (1200 − 100) / 1100 = 100 % and (1200 − 650) / 1100 = 50 %; blank 9000 → 1000 ms: 4000 /
  /// 8000 = 50 % and 8200 / 8000 = 102.5 %); in calm no stall gap (both 0 ms) and no blank gap
  /// to close (the oracle's 700 ms above infinite_scroll's 500); and which seeds the oracle flags.
  @Test func theReportShowsTheLineAndTheFlag() throws {
    let folder = try Self.makeFolder()
    defer { folder.remove() }
    let (markdown, html) = try ReportTests.generate(folder)
    let opening =
      "**Headroom** (share of the gap from infinite\\_scroll, no look-ahead, to oracle, the clairvoyant bound, "
      + "that each strategy closes; 100 % = the oracle's, 0 % = infinite scroll's):"
    let lines = markdown.split(separator: "\n").filter { $0.hasPrefix("**Headroom**") }.map(String.init)
    #expect(
      lines.sorted()
        == [
          opening
            + " `stall_ms` (1200 → 100): fixed\\_threshold 100 %, directional\\_ranges 50 %. `blank_ms` per minute"
            + " (9000 → 1000): fixed\\_threshold 50 %, directional\\_ranges 102.5 %.",
          opening
            + " `stall_ms`: no gap (infinite\\_scroll already at the oracle's 0). `blank_ms` per minute:"
            + " no gap to close (oracle 700 is above infinite\\_scroll 500).",
        ].sorted(), "\(lines)")
    #expect(
      markdown.contains(
        "The oracle is not guaranteed to be a lower bound on stall\\_ms for seed 2 (bound\\_caveats: outage\\_delayed\\_first\\_byte+clamped\\_jump"
      ))
    #expect(html.contains("directional_ranges 102.5 %"))
  }

  /// The oracle is no contender: fixed_threshold has the least stall and is Pareto-optimal with
  /// infinite_scroll, although the oracle beats both; "all equal" still means the contenders.
  @Test func theOracleIsLeftOutOfBestMarksAndTheFrontier() throws {
    let folder = try Self.makeFolder()
    defer { folder.remove() }
    let (markdown, _) = try ReportTests.generate(folder)
    let table = try #require(MarkdownTable.metricTable(in: markdown, scenarioHeading: "## Scenario s"))
    // Two seeds cannot make a significant winner; the best mean is a contender's, not the oracle's.
    #expect(table.row("stall_ms")?.last == "no clear winner (best mean: fixed_threshold)")
    #expect(table.row("`wasted_bytes` (kB)")?.last == "no clear winner (best mean: infinite_scroll)")
    #expect(
      markdown.contains(
        "**Pareto-optimal** (mean stall\\_ms against mean wasted\\_bytes per minute; share of resamples of the "
          + "seeds in which each stays optimal): infinite\\_scroll (100 %), fixed\\_threshold (100 %); no strategy's "
          + "stall\\_ms is significantly above 0 (highest mean "
      ))
    let calm = try #require(MarkdownTable.metricTable(in: markdown, scenarioHeading: "## Scenario calm"))
    #expect(calm.row("stall_ms")?.last == "all equal")
  }

  /// A scenario without the oracle says why it has no headroom line, naming what is missing.
  @Test func aScenarioWithoutTheOracleSaysWhyThereIsNoLine() throws {
    let folder = try TestFolder("headroom-missing")
    defer { folder.remove() }
    try ReportFixtures.writeSummary(
      in: folder, metrics: Self.metrics,
      rows: [
        .init(scenario: "p", strategy: "infinite_scroll", seed: 1, values: [900, 4000, 0, 0]),
        .init(scenario: "p", strategy: "paging3", seed: 1, values: [100, 3000, 24_000, 0]),
      ])
    let (markdown, _) = try ReportTests.generate(folder)
    #expect(
      markdown.contains(
        "**Headroom**: not computed; it needs runs of infinite\\_scroll (no look-ahead) and oracle (the clairvoyant bound) with default parameters, and this scenario has none of oracle"
      ), "\(markdown)")
  }

  /// The caveat sentence names the metrics on which the flagged runs claim no bound: with a
  /// refresh, waste too, and why.
  @Test func theCaveatNamesTheMetricsItSuspends() {
    #expect(
      Report.caveatText([(2, .clampedJump)])
        == "The oracle is not guaranteed to be a lower bound on stall_ms for seed 2 (bound_caveats: clamped_jump; "
        + "see docs/model.md, The oracle bound); its blank time is never a bound.")
    #expect(
      Report.caveatText((1...10).map { (UInt64($0), BoundCaveats.refreshed) })
        == "The oracle is not guaranteed to be a lower bound on stall_ms, wasted_fetches or wasted_bytes for seeds "
        + "1-10 (bound_caveats: refreshed; refreshed: the oracle's plan, made for the whole run, starts over at the "
        + "pull to refresh and fetches again what it planned for rows the user saw before it, so it can stall and "
        + "waste where a client reacting to the new list would not; see docs/model.md, The oracle bound); its "
        + "blank time is never a bound.")
  }
}
