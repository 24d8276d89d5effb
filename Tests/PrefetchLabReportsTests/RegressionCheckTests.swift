import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// Results folders written from text into a scratch directory, removed with `remove()`.
struct CheckFolders {
  let root: String

  init() throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-check-tests-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  /// A results folder named `name` holding `summary` (LF line ends are fine) and, when given,
  /// a manifest, whose `runs` is set to the summary's rows (a reader refuses a summary whose
  /// rows the manifest does not count).
  func folder(_ name: String, _ summary: String, manifest: Manifest? = nil) throws -> ResultsFolder {
    let path = root + "/" + name
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try Data(summary.utf8).write(to: URL(fileURLWithPath: path + "/summary.csv"))
    if var manifest {
      manifest.runs = summary.split(whereSeparator: \.isNewline).count - 1
      try Data(manifest.json.serialized(pretty: true).utf8).write(
        to: URL(fileURLWithPath: path + "/manifest.json"))
    }
    return try ResultsFolder(path: path)
  }

  func remove() { try? FileManager.default.removeItem(atPath: root) }
}

func checkManifest(
  version: String = "0.1.0", scenarios: [(String, String)] = [("a", "sha-a")], seeds: [UInt64] = [1],
  inputs: [String: [(path: String, sha256: String)]] = [:], withoutStrategies: [String: String] = [:]
) -> Manifest {
  Manifest(
    toolVersion: version, command: ["run", "scenarios/"],
    scenarios: scenarios.map { name, sha in
      Manifest.ScenarioEntry(
        name: name, path: "scenarios/\(name).json", sha256: sha, inputs: inputs[name] ?? [],
        sha256WithoutStrategies: withoutStrategies[name] ?? "", fileSHA256: "file-" + sha,
        scenario: .object([("name", .string(name))]), strategies: [StrategySpec(name: "s")], seeds: seeds)
    },
    seeds: seeds, strategies: ["s"], runs: 1, timelineIntervalMs: 0)
}

let checkHeader = "scenario,strategy,params,seed,stall_ms,coverage,items_seen,bytes_fetched\n"

func runKey(_ scenario: String = "a", _ strategy: String = "s", seed: UInt64 = 1) -> RunKey {
  RunKey(scenario: scenario, strategy: strategy, params: "", seed: seed)
}

@Suite struct ToleranceTests {
  @Test(arguments: [
    ("exact", Tolerance.exact),
    ("abs:5", Tolerance(absolute: 5)),
    ("rel:0.01", Tolerance(relative: 0.01)),
    ("abs:5,rel:0.01", Tolerance(absolute: 5, relative: 0.01)),
    ("rel:0.01,abs:5", Tolerance(absolute: 5, relative: 0.01)),
    ("rel:1e-6", Tolerance(relative: 0.000001)),
    ("abs:0", Tolerance.exact),
  ])
  func parsesEverySpelling(text: String, expected: Tolerance) throws {
    #expect(try Tolerance.parse(text) == expected)
  }

  @Test(arguments: [
    "", "abs", "abs:", "abs:-1", "abs:x", "rel:nan", "rel:inf", "abs:0x10", "abs: 5", "abs:+5",
    "abs:1,abs:2", "max:3", "exact,abs:1", "abs:1,",
  ])
  func rejectsMalformedSpecs(text: String) {
    #expect(throws: ToleranceError.self) { try Tolerance.parse(text) }
  }

  @Test func describesItselfInTheCommandLineSyntax() {
    #expect(Tolerance.exact.description == "exact")
    #expect(Tolerance(absolute: 5).description == "abs:5")
    #expect(Tolerance(absolute: 0.5, relative: 0.01).description == "abs:0.5,rel:0.01")
    #expect(Tolerance.floatingPoint.description == "rel:0.000000001")
  }

  @Test func thresholdIsTheLargerOfAbsoluteAndRelative() {
    let tolerance = Tolerance(absolute: 5, relative: 0.01)
    #expect(tolerance.threshold(base: 100) == 5)
    #expect(tolerance.threshold(base: -1000) == 10)
    #expect(tolerance.allows(difference: 10, base: 1000))
    #expect(!tolerance.allows(difference: 10.001, base: 1000))
    #expect(!Tolerance.exact.allows(difference: 0.001, base: 0))
    #expect(Tolerance.exact.allows(difference: 0, base: 7))
  }

  @Test func metricArgumentsNameAColumnOrStar() throws {
    let tolerances = try Tolerances.parse(["stall_ms=abs:5", "*=rel:0.001", "stall_ms=abs:7"])
    #expect(tolerances.tolerance(for: "stall_ms", kind: .duration) == Tolerance(absolute: 7))
    #expect(tolerances.tolerance(for: "coverage", kind: .ratio) == Tolerance(relative: 0.001))
    #expect(tolerances.namedMetrics == ["stall_ms"])
    #expect(throws: ToleranceError.self) { try Tolerances.parse(["stall_ms"]) }
    #expect(throws: ToleranceError.self) { try Tolerances.parse(["Stall=abs:1"]) }
    #expect(throws: ToleranceError.self) { try Tolerances.parse(["=abs:1"]) }
    do {
      _ = try Tolerances.parse(["stall_ms=abs:-2"])
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "'-2' is not a number >= 0")
    }
  }

  @Test func defaultsAreExactForCountsAndDurationsTinyRelativeForRatiosAndAMicrojouleForEnergy() {
    let none = Tolerances()
    for exact in ["stall_ms", "stall_count", "bytes_fetched", "abandoned", "ttc_p95_ms", "items_seen"] {
      #expect(none.tolerance(for: exact, kind: MetricKind.of(exact)) == .exact, "\(exact)")
    }
    #expect(MetricKind.of("abandoned") == .flag)
    #expect(MetricKind.of("bytes_fetched") == .bytes)
    for ratio in ["blankness", "coverage", "prefetch_accuracy"] {
      #expect(MetricKind.of(ratio) == .ratio, "\(ratio)")
      #expect(none.tolerance(for: ratio, kind: MetricKind.of(ratio)) == Tolerance(relative: 1e-9))
    }
    // Energy is its own kind (a sum of floating-point products): 1 µJ, the last written decimal.
    #expect(MetricKind.of("energy_j", values: [12]) == .energy)
    #expect(none.tolerance(for: "energy_j", kind: .energy) == Tolerance(absolute: 0.000001))
    #expect(Tolerance.energy.allows(difference: 0.000001, base: 12.981853))
    #expect(!Tolerance.energy.allows(difference: 0.000002, base: 12.981853))
    // Every kind has a default, and the catalogue's columns get their kind's.
    for metric in MetricCatalogue.all {
      #expect(
        none.tolerance(for: metric.column, kind: MetricKind.of(metric.column)) == metric.kind.defaultTolerance
      )
    }
    #expect(
      MetricKind.defaultTolerancesText
        == "exact for counts, flags, durations and bytes, rel:0.000000001 for ratios and lengths, abs:0.000001 for energy"
    )
    // Columns this version does not write: durations exact, otherwise by their values.
    #expect(MetricKind.of("frob_ms", values: [1.5]) == .duration)
    #expect(MetricKind.of("frob_count", values: [1024, nil]) == .count)
    #expect(MetricKind.of("frob_share", values: [1, 0.25]) == .ratio)
  }

}

@Suite struct RegressionCheckTests {
  @Test func polarityDecidesRegressionOrImprovement() {
    let exact = Tolerance.exact
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "stall_ms", base: 10, new: 12, tolerance: exact)?.verdict
        == .regression)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "stall_ms", base: 10, new: 8, tolerance: exact)?.verdict
        == .improvement)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "coverage", base: 0.5, new: 0.4, tolerance: exact)?.verdict
        == .regression)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "coverage", base: 0.5, new: 0.6, tolerance: exact)?.verdict
        == .improvement)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "prefetch_accuracy", base: 1, new: 0.9, tolerance: exact)?
        .verdict == .regression)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "wasted_bytes", base: 0, new: 1, tolerance: exact)?.verdict
        == .regression)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "items_seen", base: 10, new: 9, tolerance: exact)?.verdict
        == .changed)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "stall_ms", base: 10, new: 10, tolerance: exact) == nil)
  }

  @Test func emptyCellsCannotBeOrderedAndCountAsRegressions() {
    let change = RegressionCheck.judge(
      key: runKey(), metric: "coverage", base: 0.5, new: nil, tolerance: .floatingPoint)
    #expect(change?.verdict == .regression)
    #expect(change?.difference == nil)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "ttc_p95_ms", base: nil, new: 3, tolerance: .exact)?
        .verdict
        == .regression)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "items_seen", base: nil, new: 3, tolerance: .exact)?
        .verdict
        == .changed)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "coverage", base: nil, new: nil, tolerance: .exact) == nil)
  }

  @Test func exactAbsoluteAndRelativeThresholds() {
    // A difference equal to the tolerance passes, even where binary arithmetic says 5.000000000000002.
    #expect(
      RegressionCheck.judge(
        key: runKey(), metric: "stall_ms", base: 10.1, new: 15.1, tolerance: Tolerance(absolute: 5)) == nil)
    #expect(MetricChange.difference(base: 10.1, new: 15.1) == 5)
    #expect(
      RegressionCheck.judge(
        key: runKey(), metric: "stall_ms", base: 10.1, new: 15.101, tolerance: Tolerance(absolute: 5)) != nil)
    // 1 % of 2000 is 20.
    #expect(
      RegressionCheck.judge(
        key: runKey(), metric: "bytes_fetched", base: 2000, new: 2020, tolerance: Tolerance(relative: 0.01))
        == nil)
    #expect(
      RegressionCheck.judge(
        key: runKey(), metric: "bytes_fetched", base: 2000, new: 2021, tolerance: Tolerance(relative: 0.01))
        != nil)
    // The default for ratios lets nothing through at summary.csv's six decimals.
    #expect(
      RegressionCheck.judge(
        key: runKey(), metric: "coverage", base: 0.5, new: 0.500001, tolerance: .floatingPoint) != nil)
    #expect(
      RegressionCheck.judge(key: runKey(), metric: "stall_ms", base: 60000, new: 60000.001, tolerance: .exact)
        != nil)
  }

  @Test func identicalFoldersPass() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let text = checkHeader + "a,s,,1,100,0.5,10,2000\na,t,,1,0,,0,0\n"
    let check = RegressionCheck(
      baseline: try folders.folder("base", text, manifest: checkManifest()),
      current: try folders.folder("new", text, manifest: checkManifest()))
    #expect(check.outcome == .pass)
    #expect(check.comparedRows == 2)
    #expect(check.comparedColumns == ["stall_ms", "coverage", "items_seen", "bytes_fetched"])
    #expect(check.failures.isEmpty)
    #expect(check.fingerprint.isMatch)
  }

  @Test func namesEveryMovedMetricAndAppliesTolerances() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let base = try folders.folder("base", checkHeader + "a,s,,1,100,0.5,10,2000\n")
    let new = try folders.folder("new", checkHeader + "a,s,,1,104,0.6,11,2000\n")
    let check = RegressionCheck(baseline: base, current: new)
    #expect(check.outcome == .regression)
    #expect(check.regressions.map(\.metric) == ["stall_ms"])
    #expect(check.regressions.first?.difference == 4)
    #expect(check.improvements.map(\.metric) == ["coverage"])
    #expect(check.neutralChanges.map(\.metric) == ["items_seen"])
    #expect(check.failures == ["1 regression"])

    let tolerant = RegressionCheck(
      baseline: base, current: new, policy: CheckPolicy(tolerances: try Tolerances.parse(["stall_ms=abs:4"])))
    #expect(tolerant.outcome == .pass)
    #expect(tolerant.improvements.count == 1)

    let strictImprovements = RegressionCheck(
      baseline: base, current: new,
      policy: CheckPolicy(tolerances: try Tolerances.parse(["stall_ms=abs:4"]), failOnImprovement: true))
    #expect(strictImprovements.outcome == .regression)
    #expect(strictImprovements.failures == ["1 improvement"])

    let any = RegressionCheck(
      baseline: base, current: new,
      policy: CheckPolicy(tolerances: try Tolerances.parse(["*=rel:0.2"]), failOnAnyChange: true))
    #expect(any.outcome == .pass)
  }

  @Test func missingRowsFailAndExtraRowsAreReported() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let base = try folders.folder("base", checkHeader + "a,s,,1,1,1,1,1\na,s,,2,1,1,1,1\n")
    let new = try folders.folder("new", checkHeader + "a,s,,1,1,1,1,1\nb,s,,1,1,1,1,1\n")
    let check = RegressionCheck(baseline: base, current: new)
    #expect(check.missingRows == [runKey(seed: 2)])
    #expect(check.extraRows == [runKey("b")])
    #expect(check.outcome == .regression)
    #expect(check.failures == ["1 missing row"])

    let onlyExtra = RegressionCheck(
      baseline: new,
      current: try folders.folder("more", checkHeader + "a,s,,1,1,1,1,1\nb,s,,1,1,1,1,1\nc,s,,1,1,1,1,1\n"))
    #expect(onlyExtra.outcome == .pass)
    #expect(onlyExtra.extraRows == [runKey("c")])
    let strict = RegressionCheck(
      baseline: onlyExtra.baseline, current: onlyExtra.current, policy: CheckPolicy(failOnAnyChange: true))
    #expect(strict.failures == ["1 extra row"])
  }

  @Test func missingColumnsFailAndExtraColumnsAreReported() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let base = try folders.folder("base", "scenario,strategy,params,seed,stall_ms,coverage\na,s,,1,1,0.5\n")
    let new = try folders.folder("new", "scenario,strategy,params,seed,stall_ms,energy_j\na,s,,1,1,0.25\n")
    let check = RegressionCheck(baseline: base, current: new)
    #expect(check.missingColumns == ["coverage"])
    #expect(check.extraColumns == ["energy_j"])
    #expect(check.comparedColumns == ["stall_ms"])
    #expect(check.failures == ["1 missing column"])
    let reversed = RegressionCheck(baseline: new, current: base)
    #expect(reversed.outcome == .regression)
    #expect(reversed.missingColumns == ["energy_j"])
    let added = try folders.folder(
      "added", "scenario,strategy,params,seed,stall_ms,coverage,energy_j\na,s,,1,1,0.5,3\n")
    #expect(RegressionCheck(baseline: base, current: added).outcome == .pass)
    #expect(
      RegressionCheck(baseline: base, current: added, policy: CheckPolicy(failOnAnyChange: true)).failures
        == ["1 extra column"])
  }
}

@Suite struct ParameterChangeTests {
  @Test func loneRowsOfTheSameRunWithOtherParamsArePairedAndCompared() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let base = try folders.folder("base", checkHeader + "a,s,,1,100,0.5,10,2000\na,t,x=1,1,5,1,1,1\n")
    let new = try folders.folder("new", checkHeader + "a,s,ratio=0.3,1,90,0.5,10,2600\na,t,x=1,1,5,1,1,1\n")
    let check = RegressionCheck(baseline: base, current: new)
    #expect(
      check.parameterChanges == [
        ParameterChange(
          baseline: runKey(), current: RunKey(scenario: "a", strategy: "s", params: "ratio=0.3", seed: 1))
      ])
    #expect(check.parameterChanges[0].description == "a / s / seed 1: defaults → ratio=0.3")
    #expect(check.missingRows.isEmpty && check.extraRows.isEmpty)
    #expect(check.comparedRows == 2)
    #expect(check.regressions.map(\.metric) == ["bytes_fetched"])
    #expect(check.regressions[0].currentParams == "ratio=0.3")
    #expect(check.improvements.map(\.metric) == ["stall_ms"])
    #expect(check.outcome == .regression)
    let text = CheckReport(check: check, baselineLabel: "b", currentLabel: "n").detailsText
    #expect(text.contains("a         s:ratio=0.3 (was defaults)     1  bytes_fetched"))
    #expect(
      text.contains("Parameters changed (rows paired by scenario, strategy and seed) (1):\n  a / s / seed 1"))
    // A parameter change alone passes, unless every change must fail.
    let same = try folders.folder(
      "same", checkHeader + "a,s,ratio=0.3,1,100,0.5,10,2000\na,t,x=1,1,5,1,1,1\n")
    #expect(RegressionCheck(baseline: base, current: same).outcome == .pass)
    #expect(
      RegressionCheck(baseline: base, current: same, policy: CheckPolicy(failOnAnyChange: true)).failures == [
        "1 parameter change"
      ])
  }

  @Test func ambiguousParameterChangesStayMissingAndExtra() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let base = try folders.folder("base", checkHeader + "a,s,r=1,1,1,1,1,1\na,s,r=2,1,1,1,1,1\n")
    let new = try folders.folder("new", checkHeader + "a,s,r=3,1,1,1,1,1\na,s,r=4,1,1,1,1,1\n")
    let check = RegressionCheck(baseline: base, current: new)
    #expect(check.parameterChanges.isEmpty)
    #expect(check.missingRows.map(\.params) == ["r=1", "r=2"])
    #expect(check.extraRows.map(\.params) == ["r=3", "r=4"])
    // Another seed or strategy is another run: never paired.
    let other = try folders.folder("other", checkHeader + "a,s,r=1,2,1,1,1,1\na,u,r=2,1,1,1,1,1\n")
    #expect(RegressionCheck(baseline: base, current: other).parameterChanges.isEmpty)
  }
}

@Suite struct CheckReportTests {
  private func check(_ folders: CheckFolders) throws -> RegressionCheck {
    let base = try folders.folder(
      "base", checkHeader + "a|1,s,ratio=0.5,1,100,0.5,10,2000\na|1,t,,1,1,1,1,1\n", manifest: checkManifest()
    )
    let new = try folders.folder(
      "new", checkHeader + "a|1,s,ratio=0.5,1,112.5,0.25,10,2000\n", manifest: checkManifest())
    return RegressionCheck(
      baseline: base, current: new, policy: CheckPolicy(tolerances: try Tolerances.parse(["stall_ms=abs:5"])))
  }

  @Test func textTableNamesScenarioStrategyMetricValuesDifferenceAndThreshold() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let text = CheckReport(check: try check(folders), baselineLabel: "B", currentLabel: "N").detailsText
    #expect(
      text == """
        Baseline: B (prefetchlab 0.1.0, 2 runs)
        Current:  N (prefetchlab 0.1.0, 1 run)
        Tolerances: exact for counts, flags, durations and bytes, rel:0.000000001 for ratios and lengths, abs:0.000001 for energy; stall_ms=abs:5
        Fingerprint: matches (prefetchlab 0.1.0, 1 scenario, seeds 1)

        Regressions (2):
        scenario  strategy     seed  metric    base  new    difference      threshold
        --------  -----------  ----  --------  ----  -----  --------------  ---------------------------
        a|1       s:ratio=0.5     1  stall_ms   100  112.5  +12.5 (+12.5%)                    5 (abs:5)
        a|1       s:ratio=0.5     1  coverage   0.5   0.25    -0.25 (-50%)  <0.000001 (rel:0.000000001)

        Missing rows (in the baseline, not in the current results) (1):
          a|1 / t / seed 1

        FAIL: 2 regressions, 1 missing row

        """)
  }

  @Test func markdownEscapesCellsAndCSVHasOneRowPerFinding() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let report = CheckReport(
      check: try check(folders), baselineLabel: "B", currentLabel: "N", showDetails: true)
    let markdown = report.render(.markdown)
    #expect(
      markdown.hasPrefix("### PrefetchLab regression check ❌\n\n**FAIL: 2 regressions, 1 missing row**\n"))
    #expect(
      markdown.contains("| a\\|1 | s:ratio=0.5 | 1 | stall\\_ms | 100 | 112.5 | +12.5 (+12.5%) | 5 (abs:5) |")
    )
    let table = try CSVTable(parsing: report.render(.csv), file: "check.csv")
    #expect(table.header == CheckReport.csvColumns)
    // The aggregate first: one seed, so the change is untested ("no clear change").
    let findings = try table.column("finding")
    let aggregates = findings.prefix { $0 == "aggregate" }.count
    #expect(try table.column("metric").prefix(aggregates).first == "stall_ms")
    #expect(try table.column("base").first == "100" && table.column("new").first == "112.5")
    #expect(
      try table.column("difference").first == "12.5" && table.column("detail").first == "no clear change")
    func rest(_ name: String) throws -> [String] { Array(try table.column(name).dropFirst(aggregates)) }
    #expect(try rest("finding") == ["regression", "regression", "missing_row", "result"])
    #expect(try rest("metric") == ["stall_ms", "coverage", "", ""])
    #expect(try rest("params") == ["ratio=0.5", "ratio=0.5", "", ""])
    #expect(try rest("new_params") == ["ratio=0.5", "ratio=0.5", "", ""])
    #expect(try rest("difference") == ["12.5", "-0.25", "", ""])
    #expect(try table.column("detail").last == "regression")
  }
}

/// A full baseline has hundreds of (scenario, strategy) groups; the review shows only those that
/// moved and counts the rest, which the detail lists.
@Suite struct CheckReportUnchangedGroupsTests {
  @Test func groupsIdenticalOnEverySeedAreCountedNotListed() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let unchanged = "a,t,,1,7,1,1,1\na,t,,2,9,1,1,1\nb,t,,1,3,1,1,1\nb,t,,2,5,1,1,1\n"
    let base = try folders.folder(
      "base", checkHeader + "a,s,,1,100,0.5,10,2000\na,s,,2,200,0.5,10,2000\n" + unchanged)
    let new = try folders.folder(
      "new", checkHeader + "a,s,,1,150,0.5,10,2000\na,s,,2,260,0.5,10,2000\n" + unchanged)
    let report = CheckReport(
      check: RegressionCheck(baseline: base, current: new), baselineLabel: "B", currentLabel: "N",
      detailsPath: "d.txt")
    let text = report.render(.text)
    let summaryLines = text.split(separator: "\n").filter { $0.hasPrefix("a ") || $0.hasPrefix("b ") }
    // Only a/s moved (stall 150 → 205 ms mean, +55); a/t and b/t are the same on both seeds.
    #expect(summaryLines.count == 1, "\(text)")
    #expect(summaryLines.first?.contains("stall_ms") == true)
    #expect(
      summaryLines.first?.hasSuffix("no clear change") == true
        || summaryLines.first?.hasSuffix("worse") == true)
    #expect(
      text.contains("Unchanged on every seed: 2 lines (2 scenario × strategy pairs), listed in d.txt\n"))
    let details = report.detailsText
    #expect(details.contains("\nUnchanged on every seed (2):\n"), "\(details)")
    #expect(
      details.split(separator: "\n").filter { $0.hasPrefix("b ") && $0.hasSuffix("no change") }.count == 1)
    // Nothing moved: one sentence instead of a table.
    let same = CheckReport(
      check: RegressionCheck(baseline: base, current: base), baselineLabel: "B", currentLabel: "B")
    #expect(
      same.render(.text).contains(
        "Every headline metric identical on every seed: 3 lines (3 scenario × strategy pairs)\n"))
    #expect(!same.render(.text).contains("no change"))
  }
}
