import Foundation
import PrefetchLab
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
    // The interval excludes 0, but three pairs are too few to trust the normal approximation: the
    // exact Wilcoxon test decides, and its smallest two-sided p for n = 3 is 2/8.
    #expect(stall.difference.excludesZero)
    #expect(stall.test.method == .wilcoxon && stall.test.pValue == 0.25)
    #expect(stall.verdict == .notSignificant && !stall.isSignificant)
    #expect(abs(stall.relativeChange! - (-14.0 / 3) / 20) < 1e-12)
    #expect(changes.first { $0.metric == "wasted_bytes" }?.verdict == .same)
    // Coverage differences +0.1, −0.1, 0: interval contains 0.
    #expect(changes.first { $0.metric == "coverage" }?.verdict == .notSignificant)
    // A descriptive metric moved by +2 on every seed: three equal differences are heavy ties, so
    // the sign test decides, and three signs cannot reach 5 % (p = 2/8).
    let items = try #require(changes.first { $0.metric == "items_loaded" })
    #expect(items.test.method == .sign && items.test.pValue == 0.25)
    #expect(items.verdict == .notSignificant)
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

/// Significance and `--pair`: two strategies of one folder, paired by scenario and seed.
@Suite struct PairedComparisonTests {
  static let metrics = ["stall_ms", "wasted_bytes"]

  /// Strategy a stalls 100 + seed ms; b stalls 10 less on seeds 1–8 (Wilcoxon: all 8 differences
  /// negative, p = 2/256) and wastes the same except on seed 8 (+800: one difference, the rest 0).
  static func rows(scenarios: [String] = ["s"]) -> [SummaryRowSpec] {
    scenarios.flatMap { scenario in
      (1...8).flatMap { seed -> [SummaryRowSpec] in
        let base = 100 + Double(seed)
        return [
          SummaryRowSpec(scenario: scenario, strategy: "a", seed: UInt64(seed), values: [base, 1000]),
          SummaryRowSpec(
            scenario: scenario, strategy: "b", params: "k=2", seed: UInt64(seed),
            values: [base - 10 - Double(seed) / 10, seed == 8 ? 1800 : 1000]),
        ]
      }
    }
  }

  @Test func pairsTwoStrategiesBySeedAndTestsExactly() throws {
    let (folder, results) = try ComparisonTests.folder(Self.rows(), metrics: Self.metrics)
    defer { folder.remove() }
    let comparison = try Comparison(
      folder: results, pair: StrategySpec(name: "a"), StrategySpec(name: "b", parameters: ["k": .number(2)]),
      registry: .builtIn)
    #expect(comparison.whyNothingPaired == nil)
    #expect(comparison.pairCount == 8)
    let group = try #require(comparison.groups.first)
    #expect(comparison.groups.count == 1)  // one scenario: no pooled group
    #expect(group.label == "a → b:k=2")
    let stall = try #require(group.changes.first { $0.metric == "stall_ms" })
    // Differences −10.1 … −10.8: mean −10.45, 8 pairs < 15 → Wilcoxon, every sign negative.
    #expect(abs(stall.difference.mean! - -10.45) < 1e-9)
    #expect(stall.test.method == .wilcoxon && stall.test.pValue == 2.0 / 256)
    #expect(stall.verdict == .better)
    // Waste: one nonzero difference of 8: heavy ties (7 zeros) → sign test, p = 1; interval wide.
    let waste = try #require(group.changes.first { $0.metric == "wasted_bytes" })
    #expect(waste.test.method == .sign && waste.test.pValue == 1)
    #expect(waste.verdict == .notSignificant)
    let text = ComparisonFormat.text.render(comparison)
    #expect(text.contains("A (base): a\nB (new):  b:k=2\n"))
    #expect(text.contains("Wilcoxon p=0.0078 (n < 15)"))
    #expect(text.contains("sign p=1 (n < 15, heavy ties)"))
    #expect(text.contains("no clear winner"))
    let csv = try CSVTable(parsing: ComparisonFormat.csv.render(comparison), file: "compare.csv")
    #expect(csv.header == ComparisonFormat.csvColumns)
    #expect(try csv.string("new_strategy", row: 0) == "b")
    #expect(try csv.string("test", row: 0) == "wilcoxon")
    #expect(try csv.string("p_value", row: 0) == "0.0078125")
  }

  @Test func severalScenariosArePooledFirst() throws {
    let (folder, results) = try ComparisonTests.folder(
      Self.rows(scenarios: ["s", "t"]), metrics: Self.metrics)
    defer { folder.remove() }
    let comparison = try Comparison(
      folder: results, pair: StrategySpec(name: "a"), StrategySpec(name: "b", parameters: ["k": .number(2)]),
      registry: .builtIn)
    #expect(comparison.groups.map(\.scenario) == [Comparison.allScenarios, "s", "t"])
    #expect(comparison.groups[0].pairs == 16)
    #expect(comparison.pairCount == 16)
    // 16 pairs, two copies of each difference: heavy ties, so the sign test: p = 2/2^16.
    let stall = try #require(comparison.groups[0].changes.first { $0.metric == "stall_ms" })
    #expect(stall.test.method == .sign && stall.test.pValue == 2.0 / 65536)
  }

  @Test func nothingPairedSaysWhy() throws {
    let (folder, results) = try ComparisonTests.folder(
      [
        .init(scenario: "s", strategy: "a", seed: 1, values: [1, 2]),
        .init(scenario: "t", strategy: "b", seed: 2, values: [1, 2]),
      ], metrics: Self.metrics)
    defer { folder.remove() }
    #expect(throws: ComparisonError.pairAbsent("no runs of 'c' in \(folder.path) (its strategies: a, b)")) {
      try Comparison(
        folder: results, pair: StrategySpec(name: "a"), StrategySpec(name: "c"), registry: .builtIn)
    }
    let apart = try Comparison(
      folder: results, pair: StrategySpec(name: "a"), StrategySpec(name: "b"), registry: .builtIn)
    #expect(
      apart.whyNothingPaired
        == "'a' and 'b' never ran on the same scenario and seed: 'a' ran on s (seed 1); 'b' on t (seed 2)")
    #expect(throws: ComparisonError.samePair("a")) {
      try Comparison(
        folder: results, pair: StrategySpec(name: "a"), StrategySpec(name: "a"), registry: .builtIn)
    }
    // Two folders with nothing in common.
    let (other, otherResults) = try ComparisonTests.folder(
      [.init(scenario: "u", strategy: "a", seed: 1, values: [1, 2])], metrics: Self.metrics)
    defer { other.remove() }
    let folders = try Comparison(base: results, new: otherResults)
    #expect(folders.whyNothingPaired == "no scenario in common: base has s, t; new has u")
  }

  /// A registered strategy matches its rows by the registry's canonical params (defaults left out),
  /// so `fixed_threshold:ratio=0.7` (the default) names the row whose params are empty.
  @Test func registeredStrategiesMatchCanonically() throws {
    let (folder, results) = try ComparisonTests.folder(
      (1...2).flatMap { seed in
        [
          SummaryRowSpec(scenario: "s", strategy: "fixed_threshold", seed: UInt64(seed), values: [5, 0]),
          SummaryRowSpec(
            scenario: "s", strategy: "fixed_threshold", params: "ratio=0.3", seed: UInt64(seed),
            values: [1, 9]),
        ]
      }, metrics: Self.metrics)
    defer { folder.remove() }
    let comparison = try Comparison(
      folder: results, pair: StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(0.7)]),
      StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(0.3)]), registry: .builtIn)
    #expect(comparison.pairCount == 2)
    #expect(comparison.groups.first?.label == "fixed_threshold (defaults → ratio=0.3)")
  }
}
