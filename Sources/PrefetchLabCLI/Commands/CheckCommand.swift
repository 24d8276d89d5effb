import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab check --baseline FILE [--current DIR] [--tolerance METRIC=SPEC]… …`: the
/// regression gate for CI. Compares a results folder, or a fresh run of the baseline's recorded
/// command, with a baseline, per (scenario, strategy, params, seed) and metric.
enum CheckCommand {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Compare results with a baseline and fail on regressions (the CI gate).",
    discussion: """
      Without --current, re-runs the experiment recorded in the baseline's manifest.json (its \
      scenarios as recorded, strategies and seeds; trace files found relative to the baseline \
      folder and checked by SHA-256, so any working directory will do) and compares that; scenario \
      files since edited, added or removed are reported. Rows are paired by scenario, strategy, \
      params and seed (a lone row whose params changed is paired with its counterpart); each \
      metric is judged by its polarity (stall, blank, waste, time to content, requests: lower is \
      better; coverage, accuracy: higher is better; others neutral: 'prefetchlab metrics' lists \
      them). A tolerance is METRIC=exact, METRIC=abs:X, METRIC=rel:X or METRIC=abs:X,rel:Y \
      (allowed difference max(X, Y × |base|)); METRIC * sets every metric without its own. \
      Defaults by the metric's kind: exact for counts, flags, durations and bytes, rel:0.000000001 \
      for ratios and lengths, abs:0.000001 for energy. Missing rows and columns fail, extra ones \
      are reported. \
      A baseline made from other scenario or trace files, seeds or tool version is reported as a \
      fingerprint mismatch; rows of scenarios whose conditions changed are not compared (an edit \
      of a scenario's strategy list only is compared). See docs/ci.md.

      The output opens with one line per (scenario, strategy) and headline metric (stall, blank, \
      wasted data, abandonment; and any other metric significantly worse): the baseline's and the \
      current mean over the paired seeds, the change with its 95 % confidence interval and a verdict \
      (better, worse, no clear change), judged as every comparison is (paired by seed; blank, data, \
      radio and energy per minute; docs/metrics.md). The per-run findings are always \
      written to a file in the working directory (check-details.txt, or --details-file) and printed \
      only with --details. --gate exact (the default) fails on any run's metric beyond its \
      tolerance; --gate significant fails only when a metric is significantly worse and its mean \
      change is beyond the metric's tolerance.

      Exit status: 0 within tolerance, 2 regression (or improvement with --fail-on-improvement, \
      any change with --fail-on-any-change), 3 fingerprint mismatch and no regression, 64 usage \
      error, 65 unreadable baseline or results, 1 runtime failure.
      """,
    arguments: [
      .option(
        "baseline", required: true,
        help: "Baseline results folder, or its summary.csv (manifest.json beside it gives the fingerprint)."),
      .option(
        "current",
        help:
          "Results folder (or its summary.csv) to check; default: a fresh run of the baseline's experiment."),
      .option(
        "tolerance", valueName: "metric=spec", repeating: true,
        help: "Allowed difference for a metric: METRIC=exact|abs:X|rel:X|abs:X,rel:Y; METRIC may be *."),
      .flag(
        "fail-on-improvement", help: "Improvements beyond tolerance fail too, forcing a baseline refresh."),
      .flag(
        "fail-on-any-change",
        help: "Every difference fails: improvements, neutral metrics, extra rows and columns."),
      .option("format", default: "text", help: "Report format: text, markdown or csv."),
      .option(
        "gate", default: "exact",
        help:
          "exact: any run beyond tolerance fails; significant: only a significant regression beyond tolerance."
      ),
      .flag("details", help: "Print the per-run findings after the per-scenario summary."),
      .option(
        "details-file", valueName: "file", default: detailsFileDefault,
        help:
          "Where the per-run findings are written (a file a check wrote is replaced; any other file is refused)."
      ),
      .option(
        "save-current", valueName: "dir",
        help: "Keep the fresh run's results folder here (with timelines as the baseline was made)."),
      .option(
        "jobs", short: "j", range: 1...Int.max,
        help: "Runs simulated in parallel (default: the number of cores)."
      ),
    ],
    validate: { parsed throws(ValidationError) in
      try OutputPathRule.check(parsed, option: "save-current", target: .resultsFolder)
      try OutputPathRule.check(parsed, option: "details-file", target: .file)
      for text in parsed.strings("tolerance") {
        do throws(ToleranceError) {
          _ = try Tolerances.parse(text)
        } catch {
          throw .invalidValue(text, for: "tolerance", reason: error.description)
        }
      }
      if let format = parsed.string("format"), CheckReport.Format(rawValue: format) == nil {
        throw .invalidValue(format, for: "format", reason: "expected text, markdown or csv")
      }
      if let gate = parsed.string("gate"), CheckPolicy.Gate(rawValue: gate) == nil {
        throw .invalidValue(gate, for: "gate", reason: "expected exact or significant")
      }
      if parsed.string("gate") == "significant" && parsed.flag("fail-on-any-change") {
        throw ValidationError(
          "--fail-on-any-change fails on every exact difference; it cannot be used with --gate significant")
      }
      if parsed.isGiven("current") && parsed.isGiven("save-current") {
        throw ValidationError("--save-current keeps a fresh run; it cannot be used with --current")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  /// The per-run detail's file, in the working directory (not the `--current` results folder).
  static let detailsFileDefault = "check-details.txt"

  /// Runs the check. `registry` supplies the strategies of the fresh run (tests pass one whose
  /// defaults differ to show that a changed default is caught).
  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    let baselineArgument = parsed.string("baseline") ?? ""
    let detailsPath = parsed.string("details-file") ?? detailsFileDefault
    // Before anything is read or simulated: a refusal costs nothing and writes nothing.
    try checkDetailsFile(detailsPath, parsed)
    let baseline = try ResultsFolder(path: try folderPath(baselineArgument))
    let tolerances = try Tolerances.parse(parsed.strings("tolerance"))
    for metric in tolerances.namedMetrics where !baseline.metricColumns.contains(metric) {
      let text = parsed.strings("tolerance").last { $0.hasPrefix(metric + "=") } ?? metric
      throw ValidationError.invalidValue(
        text, for: "tolerance",
        reason: "the baseline has no metric column '\(metric)'; its metrics: "
          + baseline.metricColumns.joined(separator: ", "))
    }

    let current: ResultsFolder
    let currentLabel: String
    var replay: [FingerprintComparison.Issue] = []
    if let currentArgument = parsed.string("current") {
      current = try ResultsFolder(path: try folderPath(currentArgument))
      currentLabel = currentArgument
    } else {
      let fresh = try FreshRun(
        baseline: baseline, saveTo: parsed.string("save-current"),
        jobs: parsed.int("jobs") ?? ProcessInfo.processInfo.activeProcessorCount, registry: registry)
      for leftover in fresh.removedLeftovers {
        terminal.err("removed \(leftover), left unfinished by a check that no longer exists\n")
      }
      for warning in fresh.warnings { terminal.err("warning: \(warning)\n") }
      current = fresh.results
      currentLabel = fresh.label
      replay = fresh.issues
    }

    let policy = CheckPolicy(
      tolerances: tolerances, failOnImprovement: parsed.flag("fail-on-improvement"),
      failOnAnyChange: parsed.flag("fail-on-any-change"),
      gate: CheckPolicy.Gate(rawValue: parsed.string("gate") ?? "exact") ?? .exact)
    let check = RegressionCheck(baseline: baseline, current: current, policy: policy, replay: replay)
    let report = CheckReport(
      check: check, baselineLabel: baselineArgument, currentLabel: currentLabel, detailsPath: detailsPath,
      showDetails: parsed.flag("details"))
    // Written before the summary is printed, so the path the summary names holds this check.
    try AtomicFile.writeNew(
      report.detailsText, to: detailsPath, label: "--details-file \(detailsPath)", mayReplace: isOwnDetails)
    terminal.out(report.render(CheckReport.Format(rawValue: parsed.string("format") ?? "text") ?? .text))
    switch check.outcome {
    case .pass: return ExitStatus.ok
    case .regression: return ExitStatus.regression
    case .fingerprintMismatch: return ExitStatus.fingerprintMismatch
    }
  }

  /// Exit 64 naming the file when the details file exists and is not one a check wrote (a
  /// scenario, a baseline's summary.csv, a user's notes called check-details.txt), is one of the
  /// files read, a symbolic link or a folder: nothing a user wrote is ever overwritten.
  static func checkDetailsFile(_ path: String, _ parsed: ParsedArguments) throws(OutputRefusal) {
    var inputs: [String] = []
    for option in ["baseline", "current"] {
      guard let argument = parsed.string(option), let folder = try? folderPath(argument) else { continue }
      inputs += ["summary.csv", "manifest.json"].map { (folder as NSString).appendingPathComponent($0) }
    }
    try ReplaceableFile.check(
      path, label: "--details-file \(path)", inputs: inputs, option: "details-file", isOwn: isOwnDetails)
  }

  /// Whether the file at `path` is a details file a check wrote: it opens with the heading lines
  /// of `CheckReport.detailsText` (`Baseline: `, `Current:  `, `Tolerances: `), which neither a
  /// scenario, a CSV nor a report starts with.
  static func isOwnDetails(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = String(decoding: (try? handle.read(upToCount: 16_384)) ?? Data(), as: UTF8.self)
    let lines = head.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
    guard lines.count >= 4 else { return false }
    return lines[0].hasPrefix("Baseline: ") && lines[1].hasPrefix("Current:  ")
      && lines[2].hasPrefix("Tolerances: ")
  }

  /// The results folder an argument names: the folder itself, or the folder of the summary.csv
  /// or manifest.json named.
  static func folderPath(_ argument: String) throws(InputError) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
      throw InputError(file: argument, location: "", message: "no such file or folder")
    }
    if isDirectory.boolValue { return argument }
    let name = (argument as NSString).lastPathComponent
    guard name == "summary.csv" || name == "manifest.json" else {
      throw InputError(
        file: argument, location: "",
        message: "expected a results folder or its summary.csv, got another file")
    }
    let parent = (argument as NSString).deletingLastPathComponent
    return parent.isEmpty ? "." : parent
  }
}
