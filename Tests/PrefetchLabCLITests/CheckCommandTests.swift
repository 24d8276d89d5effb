import Foundation
import PrefetchLab
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// The bundled scenarios folder, found from this file's place in the package.
private let scenariosFolder = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("scenarios").path

/// A scratch directory for results folders, removed by `remove()`.
private struct Scratch {
  let root: String

  init() throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-check-cli-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  func path(_ relative: String) -> String { root + "/" + relative }

  func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// Runs `prefetchlab ARGS` in-process: exit status, stdout, stderr.
private func tool(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
  let terminal = RecordingTerminal()
  let status = CommandLineTool.main(arguments, terminal: terminal, environment: Gnuplot.absent)
  return (status, terminal.stdout, terminal.stderr)
}

/// Runs `prefetchlab check ARGS` in-process with `registry` supplying the fresh run's strategies.
private func check(_ arguments: [String], registry: StrategyRegistry) throws -> (status: Int32, out: String) {
  guard case .command(let parsed) = try ArgumentParser(CommandLineTool.root).parse(["check"] + arguments)
  else {
    throw CommandFailure(status: 64, message: "not a check command")
  }
  let terminal = RecordingTerminal()
  let status = try CheckCommand.execute(parsed, terminal, registry: registry)
  return (status, terminal.stdout)
}

/// The built-in strategies, except that `name`'s parameter `parameter` defaults to `value`: what
/// a change of a default in the strategy's source looks like to a run (params stays empty).
private func registry(changing name: String, _ parameter: String, to value: Double) throws -> StrategyRegistry
{
  var registry = StrategyRegistry()
  for definition in StrategyRegistry.builtIn.definitions {
    guard definition.name == name else {
      try registry.register(definition)
      continue
    }
    let parameters = definition.parameters.map { original in
      original.name == parameter
        ? StrategyParameter(
          name: original.name, kind: original.kind, defaultValue: .number(value), help: original.help)
        : original
    }
    try registry.register(definition.replacingParameters(parameters))
  }
  return registry
}

/// (scenario, metric) → new − base for every metric cell that differs between two summary.csv
/// files whose rows pair by scenario (one strategy, one seed), read independently of `check`.
private func movedMetrics(_ basePath: String, _ newPath: String) throws -> [String: Double] {
  let base = try CSVTable(contentsOfFile: basePath + "/summary.csv")
  let new = try CSVTable(contentsOfFile: newPath + "/summary.csv")
  var moved: [String: Double] = [:]
  for row in 0..<base.count {
    let scenario = try base.string("scenario", row: row)
    let other = try #require(try (0..<new.count).first { try new.string("scenario", row: $0) == scenario })
    for column in base.header.dropFirst(4) {
      guard try base.string(column, row: row) != new.string(column, row: other) else { continue }
      let before = try #require(try base.double(column, row: row), "\(scenario) \(column) became defined")
      let after = try #require(try new.double(column, row: other), "\(scenario) \(column) became empty")
      moved["\(scenario) \(column)"] = after - before
    }
  }
  return moved
}

@Suite(.serialized) struct CheckCommandTests {
  @Test func changedStrategyDefaultFailsAndNamesTheMovedMetricsAToleranceWideEnoughPasses() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let scenarios = ["\(scenariosFolder)/jump-far.json", "\(scenariosFolder)/reader-lte.json"]
    let run =
      ["run"] + scenarios + [
        "--strategy", "fixed_threshold", "--seeds", "1", "--timeline-interval-ms", "0", "--jobs", "2",
      ]
    #expect(tool(run + ["--out", scratch.path("base")]).status == 0)
    // What ratio 0.3 does, run explicitly (its params column then says so): the expected moves.
    let explicit =
      ["run"] + scenarios + [
        "--strategy", "fixed_threshold:ratio=0.3", "--seeds", "1", "--timeline-interval-ms", "0",
      ]
    #expect(tool(explicit + ["--out", scratch.path("explicit")]).status == 0)
    let expected = try movedMetrics(scratch.path("base"), scratch.path("explicit"))
    #expect(expected.keys.contains("jump-far stall_ms"))

    // The same code: identical.
    let same = try check(["--baseline", scratch.path("base")], registry: .builtIn)
    #expect(same.status == ExitStatus.ok)
    #expect(same.out.contains("PASS: 2 runs × \(MetricCatalogue.all.count) metrics within tolerance"))

    // fixed_threshold's ratio default changed from 0.7 to 0.3 in "the code".
    let changed = try registry(changing: "fixed_threshold", "ratio", to: 0.3)
    let failed = try check(["--baseline", scratch.path("base"), "--format", "csv"], registry: changed)
    #expect(failed.status == ExitStatus.regression)
    let report = try CSVTable(parsing: failed.out, file: "check.csv")
    var named: [String: Double] = [:]
    var regressed: [String] = []
    for row in 0..<report.count {
      let finding = try report.string("finding", row: row)
      guard ["regression", "improvement", "changed"].contains(finding) else { continue }
      if finding == "regression" { regressed.append(try report.string("metric", row: row)) }
      #expect(try report.string("strategy", row: row) == "fixed_threshold")
      #expect(try report.string("params", row: row) == "")
      named["\(try report.string("scenario", row: row)) \(try report.string("metric", row: row))"] =
        try report.double("difference", row: row)
    }
    #expect(named.keys.sorted() == expected.keys.sorted())
    for (metric, difference) in expected {
      #expect(abs((named[metric] ?? .nan) - difference) < 1e-9, "\(metric)")
    }
    #expect(!regressed.isEmpty)

    // A tolerance as wide as each move passes; one a hair narrower on a regressed metric fails.
    var widest: [String: Double] = [:]
    for (key, difference) in expected {
      let metric = String(key.split(separator: " ")[1])
      widest[metric] = max(widest[metric] ?? 0, abs(difference))
    }
    let wide = widest.keys.sorted().map { "--tolerance=\($0)=abs:\(DecimalFormat.shortest(widest[$0]!))" }
    let passed = try check(["--baseline", scratch.path("base")] + wide, registry: changed)
    #expect(passed.status == ExitStatus.ok, "\(passed.out)")
    let metric = try #require(regressed.first)
    let narrow =
      wide.filter { !$0.hasPrefix("--tolerance=\(metric)=") }
      + ["--tolerance=\(metric)=abs:\(DecimalFormat.shortest(widest[metric]! - 0.001))"]
    let stillFailing = try check(
      ["--baseline", scratch.path("base"), "--format", "csv"] + narrow, registry: changed)
    #expect(stillFailing.status == ExitStatus.regression)
    let remaining = try CSVTable(parsing: stillFailing.out, file: "check.csv")
    // Per-run rows (the aggregate rows come first and name every headline metric).
    let findings = try remaining.column("finding")
    let perRun = try zip(findings, remaining.column("metric")).filter { $0.0 != "aggregate" }.map(\.1)
    #expect(Set(perRun.filter { !$0.isEmpty }) == [metric])
    #expect(try remaining.column("finding").contains("regression"))
  }

  @Test func freshRunSavedWithSaveCurrentIsTheFolderRunWrites() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = [
      "run", "\(scenariosFolder)/reader-lte.json", "--seeds", "1-2", "--timeline-interval-ms", "500",
    ]
    #expect(tool(run + ["--out", scratch.path("base")]).status == 0)
    let result = tool(["check", "--baseline", scratch.path("base"), "--save-current", scratch.path("fresh")])
    #expect(result.status == 0)
    // `run` also writes reports (without plots: gnuplot is absent); check keeps the data only.
    let files = try FileManager.default.subpathsOfDirectory(atPath: scratch.path("base")).sorted()
      .filter { !$0.hasPrefix("plots") && !$0.hasPrefix("report.") }
    #expect(
      files.contains("timeline.csv.gz") && files.contains("events.csv.gz") && files.contains("ttc.csv.gz"))
    #expect(try FileManager.default.subpathsOfDirectory(atPath: scratch.path("fresh")).sorted() == files)
    for file in files where file.hasSuffix(".csv") || file.hasSuffix(".csv.gz") || file.hasSuffix(".json") {
      #expect(
        FileManager.default.contents(atPath: scratch.path("base/" + file))
          == FileManager.default.contents(atPath: scratch.path("fresh/" + file)), "\(file)")
    }
  }

  @Test func usageErrorsExit64() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    #expect(
      tool([
        "run", "\(scenariosFolder)/reader-lte.json", "--timeline-interval-ms", "0", "--out",
        scratch.path("b"),
      ]).status == 0)
    let base = ["check", "--baseline", scratch.path("b")]
    let cases: [([String], String)] = [
      (["check"], "Missing expected argument '--baseline <baseline>'"),
      (
        base + ["--tolerance", "stall_ms"], "The value 'stall_ms' is invalid for '--tolerance <metric=spec>'"
      ),
      (base + ["--tolerance", "stall_ms=abs:-1"], "'-1' is not a number >= 0"),
      (base + ["--tolerance", "stal_ms=abs:1"], "the baseline has no metric column 'stal_ms'"),
      (base + ["--format", "html"], "expected text, markdown or csv"),
      (
        base + ["--current", scratch.path("b"), "--save-current", scratch.path("x")],
        "cannot be used with --current"
      ),
      (base + ["--jobs", "0"], "must be at least 1"),
    ]
    for (arguments, message) in cases {
      let result = tool(arguments)
      #expect(result.status == ExitStatus.usage, "\(arguments)")
      #expect(result.err.contains(message), "\(result.err)")
      #expect(result.out.isEmpty)
    }
  }

  @Test func unreadableBaselinesExit65() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    #expect(
      tool([
        "run", "\(scenariosFolder)/reader-lte.json", "--timeline-interval-ms", "0", "--out",
        scratch.path("b"),
      ]).status == 0)
    try FileManager.default.removeItem(atPath: scratch.path("b/manifest.json"))
    try Data("not,a\nsummary".utf8).write(to: URL(fileURLWithPath: scratch.path("bad.csv")))
    try FileManager.default.createDirectory(atPath: scratch.path("empty"), withIntermediateDirectories: true)
    let cases: [([String], String)] = [
      (["--baseline", scratch.path("missing")], "no such file or folder"),
      (["--baseline", scratch.path("bad.csv")], "expected a results folder or its summary.csv"),
      (["--baseline", scratch.path("empty")], "summary.csv: no such file: not a results folder"),
      (
        ["--baseline", scratch.path("b")],
        "manifest.json: no such file: a fresh run needs the baseline's manifest"
      ),
    ]
    for (arguments, message) in cases {
      let result = tool(["check"] + arguments)
      #expect(result.status == ExitStatus.badInput, "\(arguments)")
      #expect(result.err.contains(message), "\(result.err)")
    }
    // Without a manifest, a folder can still be compared with --current (fingerprint not checked).
    let noManifest = tool([
      "check", "--baseline", scratch.path("b/summary.csv"), "--current", scratch.path("b"),
    ])
    #expect(noManifest.status == 0)
    #expect(noManifest.out.contains("Fingerprint: not checked"))
  }

  @Test func recordedCommandSortsScenarioArgumentsAndDropsJobsAndOut() throws {
    guard
      case .command(let parsed) = try ArgumentParser(CommandLineTool.root).parse([
        "run", "b.json", "a/", "--jobs", "2", "--out", "x", "--seeds", "1-3", "--strategy", "target_range",
      ])
    else {
      Issue.record("not a command")
      return
    }
    #expect(
      RunCommand.recordedCommand(parsed) == [
        "run", "a/", "b.json", "--strategy", "target_range", "--seeds", "1-3",
      ])
  }

  /// A source file that is still there but no longer loads is named once, as unreadable: it used
  /// to be reported also as "file gone since the baseline".
  @Test func aSourceThatNoLongerLoadsIsNotAlsoGone() {
    let folder = ScratchFolder()
    let scenario = folder.write("s.json", scenarioJSON(name: "s"))
    #expect(runCLI(["run", scenario, "--out", folder.path + "/base", "--quiet", "--no-plots"]).status == 0)
    folder.write("s.json", #"{"name": "s", "duration_s": -1}"#)
    let result = runCLI(["check", "--baseline", folder.path + "/base"])
    #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("Fingerprint: MISMATCH (1 difference)"), "\(result.stdout)")
    #expect(result.stdout.contains("scenario file \(scenario) cannot be read now: \(scenario): duration_s:"))
    #expect(!result.stdout.contains("file gone"))
  }
}
