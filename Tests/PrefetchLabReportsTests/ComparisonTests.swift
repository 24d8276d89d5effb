import Foundation
import Testing

@testable import PrefetchLabReports

@Suite struct ComparisonTests {
  static let metrics = ["stall_ms", "wasted_bytes", "coverage", "items_loaded"]

  static func folder(_ rows: [SummaryRowSpec], metrics: [String] = metrics) throws -> (
    TestFolder, ResultsFolder
  ) {
    let folder = try TestFolder("compare")
    try ReportFixtures.writeSummary(in: folder, metrics: metrics, rows: rows)
    return (folder, try ResultsFolder(path: folder.path))
  }

  @Test func aRunComparedWithItselfChangesNothing() throws {
    let rows: [SummaryRowSpec] = (1...4).flatMap { seed in
      [
        SummaryRowSpec(
          scenario: "a", strategy: "x", seed: UInt64(seed), values: [Double(seed) * 10, 0, nil, 50]),
        SummaryRowSpec(
          scenario: "a", strategy: "y", params: "k=1", seed: UInt64(seed), values: [0, 1000, 0.5, 60]),
      ]
    }
    let (folder, results) = try Self.folder(rows)
    defer { folder.remove() }
    let comparison = try Comparison(base: results, new: results)
    #expect(comparison.pairCount == 8)
    #expect(comparison.onlyInBase.isEmpty && comparison.onlyInNew.isEmpty)
    for group in comparison.groups {
      for change in group.changes {
        if change.metric == "coverage" && group.strategy == "x" {
          #expect(change.verdict == .noData)
          continue
        }
        #expect(change.verdict == .same)
        #expect(change.difference.mean == 0)
        #expect(change.difference.low == 0 && change.difference.high == 0)
        #expect(change.relativeChange == 0)
      }
    }
    let text = ComparisonFormat.text.render(comparison)
    #expect(text.contains("a / x, seeds 1-4: all 3 metrics identical (no data: coverage)"))
    #expect(text.contains("a / y:k=1, seeds 1-4: all 4 metrics identical"))
    #expect(text.contains("0 better, 0 worse"))
  }

  /// Paired differences −5, −6, −3: mean −4.667, s = 1.528, half-width t(0.975, 2)·s/√3 = 3.795.
  @Test func pairedDifferencesAndTheirInterval() throws {
    let (baseFolder, base) = try Self.folder([
      .init(scenario: "a", strategy: "x", seed: 1, values: [10, 100, 0.5, 7]),
      .init(scenario: "a", strategy: "x", seed: 2, values: [20, 100, 0.5, 7]),
      .init(scenario: "a", strategy: "x", seed: 3, values: [30, 100, 0.5, 7]),
    ])
    defer { baseFolder.remove() }
    let (newFolder, new) = try Self.folder([
      .init(scenario: "a", strategy: "x", seed: 3, values: [27, 100, 0.6, 9]),
      .init(scenario: "a", strategy: "x", seed: 1, values: [5, 100, 0.4, 9]),
      .init(scenario: "a", strategy: "x", seed: 2, values: [14, 100, 0.5, 9]),
    ])
    defer { newFolder.remove() }
    let comparison = try Comparison(base: base, new: new)
    let changes = try #require(comparison.groups.first).changes
    let stall = try #require(changes.first { $0.metric == "stall_ms" })
    #expect(abs(stall.difference.mean! - (-14.0 / 3)) < 1e-12)
    let sd =
      (((-5.0 + 14.0 / 3) * (-5.0 + 14.0 / 3) + (-6.0 + 14.0 / 3) * (-6.0 + 14.0 / 3)
      + (-3.0 + 14.0 / 3) * (-3.0 + 14.0 / 3)) / 2).squareRoot()
    let half = 4.302652729749462 * sd / 3.0.squareRoot()
    #expect(abs(stall.difference.halfWidth! - half) < 1e-9)
    #expect(stall.verdict == .better && stall.isSignificant)
    #expect(abs(stall.relativeChange! - (-14.0 / 3) / 20) < 1e-12)
    #expect(changes.first { $0.metric == "wasted_bytes" }?.verdict == .same)
    // Coverage differences +0.1, −0.1, 0: interval contains 0.
    #expect(changes.first { $0.metric == "coverage" }?.verdict == .notSignificant)
    // A descriptive metric that moved is "changed", whatever the direction.
    #expect(changes.first { $0.metric == "items_loaded" }?.verdict == .changed)
  }

  @Test func rowsOnOneSideOnlyAreListed() throws {
    let (baseFolder, base) = try Self.folder(
      (1...3).map { .init(scenario: "a", strategy: "x", seed: UInt64($0), values: [1, 2, 3, 4]) }
        + [.init(scenario: "gone", strategy: "x", seed: 1, values: [1, 2, 3, 4])])
    defer { baseFolder.remove() }
    let (newFolder, new) = try Self.folder(
      (2...4).map { .init(scenario: "a", strategy: "x", seed: UInt64($0), values: [1, 2, 3, 4]) })
    defer { newFolder.remove() }
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.groups.map(\.seeds) == [[2, 3]])
    #expect(comparison.onlyInBase.map(\.description) == ["a / x / seed 1", "gone / x / seed 1"])
    #expect(comparison.onlyInNew.map(\.description) == ["a / x / seed 4"])
    let text = ComparisonFormat.text.render(comparison)
    #expect(text.contains("Runs only in base (not paired):\n  a / x / seed 1\n  gone / x / seed 1\n"))
    #expect(text.contains("Runs only in new (not paired):\n  a / x / seed 4\n"))
    let csv = try CSVTable(parsing: ComparisonFormat.csv.render(comparison), file: "compare.csv")
    #expect(csv.header == ComparisonFormat.csvColumns)
    let oneSided = try (0..<csv.count).filter { try csv.string("metric", row: $0).isEmpty }
    #expect(
      try oneSided.map { try csv.string("change", row: $0) } == [
        "only_in_base", "only_in_base", "only_in_new",
      ])
    #expect(try oneSided.map { try csv.string("seed", row: $0) } == ["1", "1", "4"])
    #expect(csv.count == 4 + 3)
  }

  /// A parameter change pairs with its counterpart when the match is unique; when a side has two
  /// parameter sets of the same strategy, nothing is guessed.
  @Test func parameterChangesPairOnlyWhenUnambiguous() throws {
    let (baseFolder, base) = try Self.folder([
      .init(scenario: "a", strategy: "fixed", params: "", seed: 1, values: [100, 0, 1, 1]),
      .init(scenario: "b", strategy: "fixed", params: "ratio=0.3", seed: 1, values: [0, 50, 1, 1]),
      .init(scenario: "b", strategy: "fixed", params: "ratio=0.5", seed: 1, values: [0, 40, 1, 1]),
    ])
    defer { baseFolder.remove() }
    let (newFolder, new) = try Self.folder([
      .init(scenario: "a", strategy: "fixed", params: "ratio=0.5", seed: 1, values: [20, 30, 1, 1]),
      .init(scenario: "b", strategy: "fixed", params: "ratio=0.6", seed: 1, values: [0, 30, 1, 1]),
      .init(scenario: "b", strategy: "fixed", params: "ratio=0.9", seed: 1, values: [9, 20, 1, 1]),
    ])
    defer { newFolder.remove() }
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.groups.count == 1)
    let group = try #require(comparison.groups.first)
    #expect(group.label == "fixed (defaults → ratio=0.5)")
    #expect(group.changes.first { $0.metric == "stall_ms" }?.verdict == .better)
    #expect(group.changes.first { $0.metric == "stall_ms" }?.difference.n == 1)
    #expect(group.changes.first { $0.metric == "wasted_bytes" }?.verdict == .worse)
    #expect(group.changes.first { $0.metric == "wasted_bytes" }?.relativeChange == nil)  // base mean 0
    #expect(comparison.onlyInBase.count == 2 && comparison.onlyInNew.count == 2)
    let text = ComparisonFormat.text.render(comparison)
    #expect(text.contains("better (n=1, no CI)"))
  }

  @Test func metricsAreFilteredAndMismatchedColumnsNamed() throws {
    let (baseFolder, base) = try Self.folder(
      [.init(scenario: "a", strategy: "x", seed: 1, values: [1, 2])], metrics: ["stall_ms", "old_metric"])
    defer { baseFolder.remove() }
    let (newFolder, new) = try Self.folder(
      [.init(scenario: "a", strategy: "x", seed: 1, values: [1, 2])], metrics: ["stall_ms", "new_metric"])
    defer { newFolder.remove() }
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.metrics == ["stall_ms"])
    #expect(comparison.metricsOnlyInBase == ["old_metric"] && comparison.metricsOnlyInNew == ["new_metric"])
    #expect(throws: ComparisonError.unknownMetric("old_metric", available: ["stall_ms"])) {
      try Comparison(base: base, new: new, metrics: ["old_metric"])
    }
    let markdown = ComparisonFormat.markdown.render(comparison)
    #expect(markdown.contains("metrics only in base (not compared): old\\_metric"))
    #expect(markdown.contains("seed 1. The 1 metric is identical."))
  }
}
