import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// End-to-end: `sweep`, `compare --pair` and `run --population` with the built binary. Plot
/// assertions need the real gnuplot and are skipped, saying so, without it.
@Suite struct SweepEndToEndTests {
  static let ratioSweep = [
    "sweep", "scenarios/slow-3g.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1:0.9:0.2",
    "--seeds",
    "1-3", "--timeline-interval-ms", "0",
  ]

  /// The acceptance case: 0.1:0.9:0.2 × 3 seeds is 15 rows over 5 params (the default 0.7's
  /// params empty, as `run` writes it), and the report lists the Pareto-optimal settings and the
  /// knee.
  @Test func aRatioSweepWritesFifteenRowsOverFiveParams() throws {
    let folder = try ReportsE2E.makeFolder("sweep")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try ReportsE2E.run(Self.ratioSweep + ["--out", folder + "/r"])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try ReportsE2E.summary(folder + "/r")
    #expect(summary.rows.count == 15)
    let params = summary.rows.map { $0[2] }
    var distinct: [String] = []
    for param in params where !distinct.contains(param) { distinct.append(param) }
    #expect(distinct == ["ratio=0.1", "ratio=0.3", "ratio=0.5", "", "ratio=0.9"])
    #expect(result.stdout.contains("15 runs written to \(folder)/r (means over 3 seeds)"))
    #expect(result.stdout.contains("  slow-3g: Pareto-optimal "))
    let report = try ReportsE2E.read(folder + "/r/report.md")
    #expect(report.contains("### Sweep of fixed\\_threshold over ratio"))
    #expect(report.contains("**Pareto-optimal settings** (mean stall\\_ms against mean wasted\\_bytes per min): "))
    #expect(report.contains("**Knee**: "))
    #expect(report.contains("Kneedle (Satopää, Albrecht, Irwin \\& Raghavan, ICDCS Workshops 2011)"))
    #expect(report.contains("| `ratio=0.7` |"))
  }

  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: plot assertions skipped"))
  func theSweepCurveIsDrawnWithItsLabels() throws {
    let folder = try ReportsE2E.makeFolder("sweep-plot")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try ReportsE2E.run(
      Self.ratioSweep + ["--out", folder + "/r", "--plots"], path: Gnuplot.installedPath ?? "")
    #expect(result.status == 0, "\(result.stderr)")
    let plots = folder + "/r/plots/"
    for file in ["sweep--slow-3g.png", "sweep--slow-3g.svg", "sweep--slow-3g.gp"] {
      #expect(FileManager.default.fileExists(atPath: plots + file), "\(file)")
    }
    let script = try ReportsE2E.read(plots + "sweep--slow-3g.gp")
    for label in ["'0.1'", "'0.3'", "'0.5'", "'0.7 (default)'", "'0.9'"] {
      #expect(script.contains("set label \(label) at "), "\(label)")
    }
    let svg = try ReportsE2E.read(plots + "sweep--slow-3g.svg")
    #expect(XMLParser(data: Data(svg.utf8)).parse())
    #expect(svg.contains("0.7 (default)") && svg.contains("Pareto-optimal"))
    let html = try ReportsE2E.read(folder + "/r/report.html")
    #expect(html.contains("<svg role=\"img\" aria-label=\"fixed_threshold over ratio"))
  }

  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: plot assertions skipped"))
  func aTwoParameterSweepDrawsHeatMaps() throws {
    let folder = try ReportsE2E.makeFolder("sweep-heat")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try ReportsE2E.run(
      [
        "sweep", "scenarios/fling-reversal-lte.json", "--strategy", "target_range", "--vary",
        "skip_rows=2,8,16",
        "--vary", "extra_rows=0:6:3", "--seeds", "1-2", "--timelines", "none", "--out", folder + "/r",
        "--plots",
      ], path: Gnuplot.installedPath ?? "")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ReportsE2E.summary(folder + "/r").rows.count == 18)
    for metric in ["stall_ms", "wasted_bytes"] {
      let stem = folder + "/r/plots/heatmap-\(metric)--fling-reversal-lte"
      let png = try Data(contentsOf: URL(fileURLWithPath: stem + ".png"))
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      let script = try ReportsE2E.read(stem + ".gp")
      #expect(script.contains("set xtics ('2' 0, '8' 1, '16' 2)"))
      #expect(script.contains("set ytics ('0' 0, '3' 1, '6' 2)"))
      // The default (8, 3) is outlined.
      #expect(script.contains("set object 1 rect from 0.5,0.5 to 1.5,1.5"))
    }
  }

  /// A sweep sharded in two and merged is the unsharded sweep, byte for byte.
  @Test func aShardedSweepMergesIntoTheWholeSweep() throws {
    let folder = try ReportsE2E.makeFolder("sweep-shard")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sweep = Self.ratioSweep + ["--no-plots", "--quiet"]
    for k in 1...2 {
      let shard = try ReportsE2E.run(sweep + ["--shard", "\(k)/2", "--out", folder + "/s\(k)"])
      #expect(shard.status == 0, "\(shard.stderr)")
    }
    let merged = try ReportsE2E.run([
      "merge", folder + "/s2", folder + "/s1", "--out", folder + "/m", "--quiet",
    ])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(try ReportsE2E.run(sweep + ["--out", folder + "/whole"]).status == 0)
    for file in ["summary.csv", "manifest.json"] {
      #expect(
        try ReportsE2E.read(folder + "/m/" + file) == ReportsE2E.read(folder + "/whole/" + file), "\(file)")
    }
  }

  /// The acceptance case for A/B: two strategies of one folder, paired by scenario and seed, with
  /// a 95 % interval and the deciding test per metric.
  @Test func compareTwoStrategiesOfOneFolder() throws {
    let folder = try ReportsE2E.makeFolder("pair")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try ReportsE2E.run([
      "run", "scenarios/slow-3g.json", "scenarios/reader-lte.json", "--seeds", "1-3", "--no-plots", "--quiet",
      "--timeline-interval-ms", "0", "--out", folder + "/r",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try ReportsE2E.run([
      "compare", folder + "/r", "--pair", "infinite_scroll", "directional_ranges",
    ])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("A (base): infinite_scroll\nB (new):  directional_ranges\n"))
    #expect(
      text.stdout.contains("6 paired runs (same scenario and seed) in 2 scenarios. Differences are B − A"))
    #expect(
      text.stdout.contains("\n(all scenarios) / infinite_scroll → directional_ranges, 6 pairs (seeds 1-3)\n"))
    #expect(text.stdout.contains("\nslow-3g / infinite_scroll → directional_ranges, seeds 1-3\n"))
    #expect(text.stdout.contains("95 % CI"))
    let csv = try ReportsE2E.run([
      "compare", folder + "/r", "--pair", "infinite_scroll", "directional_ranges", "--format", "csv",
      "--metric",
      "stall_ms",
    ])
    let lines = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.map {
      $0.components(separatedBy: ",")
    }
    let header = lines[0]
    let index = { (name: String) in header.firstIndex(of: name)! }
    #expect(lines.count == 4)  // pooled, reader-lte, slow-3g
    for row in lines.dropFirst() {
      #expect(
        row[index("strategy")] == "infinite_scroll" && row[index("new_strategy")] == "directional_ranges")
      #expect(row[index("n")] == (row[0] == "(all scenarios)" ? "6" : "3"))
      let low = try #require(Double(row[index("ci95_low")]))
      let high = try #require(Double(row[index("ci95_high")]))
      let mean = try #require(Double(row[index("mean_diff")]))
      #expect(low <= mean && mean <= high)
      // Three pairs: the exact Wilcoxon test decides, six pooled: also (n < 15); never a bare t.
      #expect(row[index("test")] == "wilcoxon" || row[index("test")] == "sign" || row[index("test")] == "")
    }
  }

  /// The bundled population: a leaderboard of every strategy, and `check` re-runs it from the
  /// manifest from another working directory.
  @Test func theBundledPopulationRanksEveryStrategy() throws {
    let folder = try ReportsE2E.makeFolder("population")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try ReportsE2E.run([
      "run", "--population", "populations/mobile-mix.json", "--seeds", "1-2", "--no-plots", "--quiet",
      "--timeline-interval-ms", "0", "--out", folder + "/r",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "Population 'mobile-mix': readers on LTE 60 %, skimmers on Wi-Fi 30 %, flingers on 3G 10 %"))
    let names = try Prefetchlab.strategyNames()
    let board = result.stdout.components(separatedBy: "Population 'mobile-mix'")[1]
    // Ranked by significance (ties share a rank, `2=`); the oracle is the bound, never ranked.
    #expect(board.contains("\n   1"))
    #expect(board.contains("bound  oracle"), "\(board)")
    for name in names { #expect(board.contains("  \(name)  "), "\(name)") }
    let moved = folder + "/elsewhere"
    try FileManager.default.moveItem(atPath: folder + "/r", toPath: moved)
    let check = try Prefetchlab.run(
      ["check", "--baseline", moved, "--fail-on-any-change"], in: URL(fileURLWithPath: "/"))
    // From another working directory: the manifest's paths (the population file, the traces)
    // resolve from the folder, and the recorded experiment re-runs to the same numbers.
    #expect(check.status == 0, "\(check.out)\(check.err)")
    // Three scenarios × two seeds × the strategies that run by default.
    #expect(check.out.contains("PASS: \(3 * 2 * names.count) runs"))
  }
}
