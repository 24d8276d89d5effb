import Foundation
import Testing

/// `prefetchlab check` as CI runs it: the built binary, its exit statuses and its report.
@Suite(.serialized) struct CheckEndToEndTests {
  /// The committed baseline's strict gate on its first seed (`.ci/run` runs it on every seed
  /// after `swift test`): a copy of results/baseline cut to seed 1 — its rows of seed 1, its
  /// manifest's seeds `[1]` and run count, beside a link to scenarios/ so that the paths it
  /// records resolve as from results/baseline — passes `check --fail-on-any-change` with a
  /// matching fingerprint, every run and metric compared. So this fails when the build moves a
  /// seed-1 number the committed baseline holds, and when the strict check stops catching a
  /// change: one number changed in the copy fails it (exit 2).
  @Test func committedBaselinePassesTheStrictCheckOnItsFirstSeed() throws {
    let baseline = Prefetchlab.packageRoot.appendingPathComponent("results/baseline").path
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: baseline).sorted() == [
        "manifest.json", "summary.csv",
      ])
    let scratch = try Scratch()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(
      atPath: scratch.path("results/first"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("scenarios"),
      withDestinationPath: Prefetchlab.packageRoot.appendingPathComponent("scenarios").path)
    let lines = try String(contentsOfFile: baseline + "/summary.csv", encoding: .utf8)
      .components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let rows = lines.dropFirst().filter { ReportsE2E.fields($0)[3] == "1" }
    #expect(rows.count == (try Prefetchlab.bundledRunCount(seeds: 1)))
    try Data((([lines[0]] + rows).joined(separator: "\r\n") + "\r\n").utf8)
      .write(to: URL(fileURLWithPath: scratch.path("results/first/summary.csv")))
    var manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: baseline + "/manifest.json")))
        as? [String: Any])
    manifest["seeds"] = [1]
    manifest["seeds_given"] = [1]
    manifest["runs"] = rows.count
    try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
      .write(to: URL(fileURLWithPath: scratch.path("results/first/manifest.json")))

    let check = ["check", "--baseline", "results/first", "--fail-on-any-change", "--details-file", "d.txt"]
    let result = try Prefetchlab.run(check, in: scratch.url)
    #expect(
      result.status == 0,
      "the committed baseline no longer matches: if the change is intended, run scripts/update-baseline.sh\n\(result.out)\(result.err)"
    )
    #expect(result.out.contains("Fingerprint: matches"), "\(result.out)")
    let header = lines[0].split(separator: ",")
    #expect(result.out.contains("PASS: \(rows.count) runs × \(header.count - 4) metrics within tolerance"))

    // The last column of the first row one higher: a change the strict check must fail on.
    let cut = try #require(rows[0].lastIndex(of: ","))
    let changed = String(rows[0][...cut]) + String((Double(rows[0][rows[0].index(after: cut)...]) ?? 0) + 1)
    let edited = [lines[0], changed] + rows.dropFirst()
    try Data((edited.joined(separator: "\r\n") + "\r\n").utf8)
      .write(to: URL(fileURLWithPath: scratch.path("results/first/summary.csv")))
    let failed = try Prefetchlab.run(check, in: scratch.url)
    #expect(failed.status == 2, "\(failed.out)\(failed.err)")
  }

  /// `check` re-runs the scenarios the baseline recorded, so an edited scenario file cannot hide
  /// a regression; the edit itself is a fingerprint difference (refresh the baseline).
  @Test func editedScenarioIsReportedAsAFingerprintMismatchNotAsRegressions() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.path("sc"), withIntermediateDirectories: true)
    // One seed each (the bundled files' `seeds` removed): this test is about the fingerprint.
    for name in ["jump-far.json", "reader-lte.json"] {
      let text = try String(
        contentsOf: Prefetchlab.packageRoot.appendingPathComponent("scenarios/" + name), encoding: .utf8)
      try Data(text.replacingOccurrences(of: "\"seeds\": 10,", with: "").utf8)
        .write(to: URL(fileURLWithPath: scratch.path("sc/" + name)))
    }
    let made = try Prefetchlab.run(
      ["run", "sc", "--timeline-interval-ms", "0", "--out", "base"], in: scratch.url)
    #expect(made.status == 0, "\(made.err)")
    let unchanged = try Prefetchlab.run(["check", "--baseline", "base"], in: scratch.url)
    #expect(unchanged.status == 0, "\(unchanged.out)")

    // A slower network in one scenario: no longer the scenario the baseline holds.
    let path = scratch.path("sc/reader-lte.json")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let edited = text.replacingOccurrences(of: "\"bandwidth_kbps\": 50000", with: "\"bandwidth_kbps\": 800")
    #expect(edited != text)
    try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    let result = try Prefetchlab.run(["check", "--baseline", "base"], in: scratch.url)
    #expect(result.status == 3, "\(result.out)\(result.err)")
    #expect(result.out.contains("Fingerprint: MISMATCH (1 difference)"))
    #expect(
      result.out.contains(
        "scenario 'reader-lte' (sc/reader-lte.json): file changed since the baseline (other conditions: "
          + "network.bandwidth_kbps); the recorded scenario was re-run"), "\(result.out)")
    #expect(!result.out.contains("Regressions"))
    #expect(!result.out.contains("Runs not compared"))
    #expect(result.out.contains("FAIL: fingerprint mismatch"))
    #expect(
      try result.out.contains(
        "(the \(2 * Prefetchlab.strategyNames().count) runs compared are within tolerance)"))

    // A scenario file added to the folder the baseline was made from is not in the baseline.
    try FileManager.default.copyItem(
      atPath: Prefetchlab.packageRoot.appendingPathComponent("scenarios/slow-3g.json").path,
      toPath: scratch.path("sc/slow-3g.json"))
    let added = try Prefetchlab.run(["check", "--baseline", "base"], in: scratch.url)
    #expect(added.status == 3)
    #expect(added.out.contains("scenario 'slow-3g' (sc/slow-3g.json): not in the baseline"), "\(added.out)")

    // Proof that the edit moved metrics: the same edited runs compared without fingerprints.
    let fresh = try Prefetchlab.run(
      ["run", "sc", "--timeline-interval-ms", "0", "--out", "edited"], in: scratch.url)
    #expect(fresh.status == 0)
    try FileManager.default.removeItem(atPath: scratch.path("edited/manifest.json"))
    let metrics = try Prefetchlab.run(
      ["check", "--baseline", "base", "--current", "edited", "--details"], in: scratch.url)
    #expect(metrics.status == 2)
    #expect(metrics.out.contains("Regressions ("))
  }

  /// An app repository's flow: the strategy it ships is listed in its scenario file; a pull
  /// request changes the parameter there. The runs face the same conditions, so they are
  /// compared: worse metrics exit 2, otherwise the changed strategy list exits 3 (refresh).
  @Test func parameterChangedInTheScenarioFileIsJudgedByItsMetrics() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(
      atPath: scratch.path("perf/scenarios"), withIntermediateDirectories: true)
    let original = try String(
      contentsOf: Prefetchlab.packageRoot.appendingPathComponent("scenarios/jump-far.json"), encoding: .utf8
    ).replacingOccurrences(of: "\"seeds\": 10,", with: "")  // one seed: the moves below are seed 1's
    let scenario = scratch.path("perf/scenarios/feed.json")
    func write(ratio: String) throws {
      let strategies = #""strategies": [{"name": "fixed_threshold", "ratio": \#(ratio)}, "infinite_scroll"]"#
      let text = original.replacingOccurrences(
        of: #""name": "jump-far","#, with: "\"name\": \"jump-far\", \(strategies),")
      #expect(text != original)
      try Data(text.utf8).write(to: URL(fileURLWithPath: scenario))
    }
    try write(ratio: "0.7")
    let made = try Prefetchlab.run(
      ["run", "perf/scenarios", "--timeline-interval-ms", "0", "--out", "perf/baseline"], in: scratch.url)
    #expect(made.status == 0, "\(made.err)")

    try write(ratio: "0.3")
    let worse = try Prefetchlab.run(["check", "--baseline", "perf/baseline", "--details"], in: scratch.url)
    #expect(worse.status == 2, "\(worse.out)")
    #expect(worse.out.contains("strategy list changed (conditions unchanged: runs compared)"))
    #expect(worse.out.contains("jump-far / fixed_threshold / seed 1: defaults → ratio=0.3"))
    #expect(worse.out.contains("fixed_threshold:ratio=0.3 (was defaults)     1  wasted_bytes"))

    try write(ratio: "0.72")
    let better = try Prefetchlab.run(["check", "--baseline", "perf/baseline", "--details"], in: scratch.url)
    #expect(better.status == 3, "\(better.out)")
    #expect(better.out.contains("Improvements ("))
    #expect(!better.out.contains("Regressions"))
  }

  @Test func exitStatusesForRegressionToleranceAndImprovement() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let made = try Prefetchlab.run(
      [
        "run", "scenarios/reader-lte.json", "--seeds", "1-2", "--timeline-interval-ms", "0", "--out",
        scratch.path("base"),
      ])
    #expect(made.status == 0)
    // The same results, except that infinite_scroll stalls 250 ms longer at seed 1.
    let summary = try String(contentsOfFile: scratch.path("base/summary.csv"), encoding: .utf8)
    var lines = summary.components(separatedBy: "\r\n")
    let stall = try #require(lines[0].components(separatedBy: ",").firstIndex(of: "stall_ms"))
    let index = try #require(lines.firstIndex { $0.hasPrefix("reader-lte,infinite_scroll,,") })
    var cells = lines[index].components(separatedBy: ",")
    let value = try #require(Double(cells[stall]))
    cells[stall] = String(value + 250)
    lines[index] = cells.joined(separator: ",")
    try FileManager.default.createDirectory(atPath: scratch.path("worse"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: scratch.path("base/manifest.json"), toPath: scratch.path("worse/manifest.json"))
    try Data(lines.joined(separator: "\r\n").utf8).write(
      to: URL(fileURLWithPath: scratch.path("worse/summary.csv")))

    let check = [
      "check", "--baseline", scratch.path("base/summary.csv"), "--current", scratch.path("worse"),
      "--details",
    ]
    let regression = try Prefetchlab.run(check)
    #expect(regression.status == 2)
    #expect(regression.out.contains("Regressions (1):"))
    let row = try #require(
      regression.out.components(separatedBy: "\n").first {
        $0.contains("infinite_scroll") && $0.contains("exact")
      })
    for word in ["reader-lte", "infinite_scroll", "stall_ms", "+250", "0 (exact)"] {
      #expect(row.contains(word), "\(row)")
    }
    #expect(regression.out.hasSuffix("FAIL: 1 regression\n"))

    let tolerated = try Prefetchlab.run(check + ["--tolerance", "stall_ms=abs:250"])
    #expect(tolerated.status == 0, "\(tolerated.out)")
    #expect(try Prefetchlab.run(check + ["--tolerance", "stall_ms=abs:249"]).status == 2)
    #expect(try Prefetchlab.run(check + ["--tolerance=*=rel:0.5"]).status == 0)

    // The other way round the change is an improvement: reported, failing only when asked.
    let reversed = [
      "check", "--baseline", scratch.path("worse"), "--current", scratch.path("base"), "--details",
    ]
    let improvement = try Prefetchlab.run(reversed)
    #expect(improvement.status == 0)
    #expect(improvement.out.contains("Improvements (1):"))
    #expect(try Prefetchlab.run(reversed + ["--fail-on-improvement"]).status == 2)
    #expect(try Prefetchlab.run(reversed + ["--fail-on-any-change"]).status == 2)

    let markdown = try Prefetchlab.run(check + ["--format", "markdown"])
    #expect(markdown.status == 2)
    #expect(markdown.out.hasPrefix("### PrefetchLab regression check ❌\n"))
    #expect(markdown.out.contains("| reader-lte | infinite\\_scroll | 1 | stall\\_ms |"))
  }
}
