import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// `compare --pair` on a population folder: the pooled group weighs segments by their shares, as
/// the population leaderboard does, not by their numbers of runs.
@Suite struct PopulationPairTests {
  /// Segments r (weight 7) and f (weight 3), seeds 1–4. a stalls 100 in r and 1000 in f; b stalls
  /// 10·seed less in r and 100 more in f. Per seed, the weighted difference b − a is
  /// 0.7·(−10·seed) + 0.3·100 = 23, 16, 9, 2: mean 12.5, deviations ±10.5 and ±3.5, so
  /// s² = 245 / 3 and the 95 % interval is 12.5 ± t(3) · s / 2 with t(0.975; 3) = 3.182446. Pooled
  /// unweighted, the eight differences would average (−100 + 400) / 8 = 37.5.
  static func folder(dropping dropped: (scenario: String, seed: Int)? = nil, extraSegment: Bool = false)
    throws
    -> (TestFolder, ResultsFolder)
  {
    let folder = try TestFolder("population-pair")
    var rows: [SummaryRowSpec] = []
    for scenario in ["r", "f"] {
      for seed in 1...4 {
        let base = scenario == "r" ? 100.0 : 1000
        let new = scenario == "r" ? base - 10 * Double(seed) : base + 100
        rows.append(
          SummaryRowSpec(scenario: scenario, strategy: "a", seed: UInt64(seed), values: [base, 100]))
        if dropped.map({ $0.scenario == scenario && $0.seed == seed }) ?? false { continue }
        rows.append(
          SummaryRowSpec(scenario: scenario, strategy: "b", seed: UInt64(seed), values: [new, 100]))
      }
    }
    try ReportFixtures.writeSummary(in: folder, metrics: ["stall_ms", "blank_ms"], rows: rows)
    var manifest = Manifest(
      command: ["run"], scenarios: [], seeds: [1, 2, 3, 4], strategies: ["a", "b"], runs: rows.count,
      timelineIntervalMs: 100)
    manifest.population = PopulationRecord(
      json: .object([
        ("name", "mix"), ("description", ""), ("file", "p.json"), ("sha256", ""),
        (
          "segments",
          .array(
            [
              .object([("name", "readers"), ("weight", 7), ("scenario", "r")]),
              .object([("name", "flingers"), ("weight", 3), ("scenario", "f")]),
            ] + (extraSegment ? [.object([("name", "absent"), ("weight", 1), ("scenario", "g")])] : []))
        ),
      ]))
    try folder.write("manifest.json", manifest.text)
    return (folder, try ResultsFolder(path: folder.path))
  }

  @Test func thePooledGroupIsWeightedBySegmentShares() throws {
    let (folder, results) = try Self.folder()
    defer { folder.remove() }
    let comparison = try Comparison(
      folder: results, pair: StrategySpec(name: "a"), StrategySpec(name: "b"), registry: .builtIn)
    #expect(comparison.groups.map(\.scenario) == [Comparison.allScenarios, "r", "f"])
    let pooled = comparison.groups[0]
    #expect(pooled.seeds == [1, 2, 3, 4] && pooled.pairs == 4)
    #expect(pooled.weighting == "population mix: readers 70 %, flingers 30 %")
    let stall = try #require(pooled.changes.first)
    #expect(stall.difference.n == 4)
    #expect(abs(stall.difference.mean! - 12.5) < 1e-9)
    // a: 0.7·100 + 0.3·1000 = 370 per seed; b 382.5.
    #expect(abs(stall.baseMean! - 370) < 1e-9 && abs(stall.newMean! - 382.5) < 1e-9)
    let halfWidth = 3.182446 * (245.0 / 3).squareRoot() / 2
    #expect(abs(stall.difference.low! - (12.5 - halfWidth)) < 1e-4)
    #expect(abs(stall.difference.high! - (12.5 + halfWidth)) < 1e-4)
    // Per segment the groups stay unweighted: r −25, f +100.
    #expect(abs(comparison.groups[1].changes[0].difference.mean! - -25) < 1e-9)
    #expect(abs(comparison.groups[2].changes[0].difference.mean! - 100) < 1e-9)
    let text = ComparisonFormat.text.render(comparison)
    #expect(text.contains("(all scenarios) / a → b, seeds 1-4, weighted by population mix: readers 70 %"))
    // The pooled mean agrees with the leaderboard's weighted means of the two strategies.
    let board = PopulationLeaderboard(record: results.manifest!.population!, rows: results.rows)
    let means = Dictionary(uniqueKeysWithValues: board.entries.map { ($0.strategy, $0.stall.mean) })
    let (meanA, meanB) = (try #require(means["a"]), try #require(means["b"]))
    #expect(abs(meanB - meanA - stall.difference.mean!) < 1e-9)
  }

  /// A seed missing from a segment has no population value: it is left out of the pooled group,
  /// as the leaderboard's ranking leaves it out. Seeds 1–3: (23 + 16 + 9) / 3 = 16.
  @Test func aSeedMissingFromASegmentIsLeftOut() throws {
    let (folder, results) = try Self.folder(dropping: ("f", 4))
    defer { folder.remove() }
    let comparison = try Comparison(
      folder: results, pair: StrategySpec(name: "a"), StrategySpec(name: "b"), registry: .builtIn)
    let pooled = comparison.groups[0]
    #expect(pooled.scenario == Comparison.allScenarios && pooled.seeds == [1, 2, 3])
    #expect(abs(pooled.changes[0].difference.mean! - 16) < 1e-9)
  }

  /// A segment neither side ran in leaves no population value: the pooled group stays unweighted
  /// (the plain mean 37.5 of the eight differences) and a note says so.
  @Test func aSegmentWithoutRunsPoolsUnweightedAndSaysSo() throws {
    let (folder, results) = try Self.folder(extraSegment: true)
    defer { folder.remove() }
    let comparison = try Comparison(
      folder: results, pair: StrategySpec(name: "a"), StrategySpec(name: "b"), registry: .builtIn)
    let pooled = comparison.groups[0]
    #expect(pooled.weighting == nil && pooled.pairs == 8)
    #expect(abs(pooled.changes[0].difference.mean! - 37.5) < 1e-9)
    #expect(
      comparison.notes.contains(
        "(all scenarios) pools every pair alike, not by the weights of population mix: 'a' or 'b' did not "
          + "run in every segment"))
  }
}
