import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab report RESULTS_DIR [--plots | --no-plots] [--jobs N]`: regenerates the plots,
/// report.md and report.html of a results folder from its CSVs alone.
enum ReportCommand {
  static let spec = CommandSpec(
    name: "report",
    abstract: "Regenerate the plots, report.md and report.html of a results folder from its CSVs.",
    discussion: """
      Reads summary.csv, manifest.json and the run tables (timeline.csv, events.csv, ttc.csv; \
      or the per-run timeline/, events/ and ttc/ files of a folder written before them) of the \
      folder and writes plots/ (PNG, some SVG, with the gnuplot script of each) and the reports into \
      it, each file replaced atomically. Scenario descriptions and parameters come from the \
      scenarios the manifest records, so the folder may be anywhere. Without \
      gnuplot on PATH the reports are written without plots and a warning is printed, unless \
      --plots asks for them (then the command fails). A folder that already holds a report \
      (report.md, report.html or plots/) is redrawn only with --replace, except results/latest: a \
      committed or shared report is never replaced by surprise. Even then only a report prefetchlab \
      wrote is replaced: the folder must hold a manifest.json prefetchlab wrote and plots/ nothing \
      but its figures, else exit 64 naming the file (as run --out --replace). Once the new report \
      is written, the earlier report's figures it does not show are removed from plots/ (all of \
      them when it draws none: no gnuplot, or --no-plots).
      """,
    arguments: [
      .positional("results-dir", help: "A results folder written by 'prefetchlab run'."),
      .flag("plots", help: "Require plots: exit 1 when gnuplot is missing or a plot cannot be drawn."),
      .flag("no-plots", help: "Write report.md and report.html without plots."),
      .option(
        "jobs", short: "j", range: 1...Int.max,
        help: "gnuplot processes run in parallel (default: the number of cores)."
      ),
      .option(
        "timelines", default: TimelineSelection.standard.rawValue,
        help:
          "Timeline plots: recommended (the default: per scenario the first seed of the recommended "
          + "strategy, the runner-up and the oracle), first (the first seed of every strategy), all, or none."
      ),
      .flag("quiet", short: "q", help: "No progress or warnings on stderr, only errors."),
      .flag(
        "replace",
        help: "Replace the folder's existing report.md, report.html and plots/ (results/latest without it)."),
    ],
    validate: { parsed throws(ValidationError) in
      if parsed.flag("plots") && parsed.flag("no-plots") {
        throw ValidationError("--plots and --no-plots cannot be used together")
      }
      if let timelines = parsed.string("timelines"), TimelineSelection(rawValue: timelines) == nil {
        throw .invalidValue(timelines, for: "timelines", reason: "expected " + TimelineSelection.choicesText)
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    let folder = parsed.string("results-dir") ?? "."
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw InputError(file: folder, location: "", message: "no such folder")
    }
    try checkReplace(folder, parsed)
    var step = try ReportStep.prepare(
      noPlots: parsed.flag("no-plots"), requirePlots: parsed.flag("plots"), environment: parsed.environment)
    step.timelines = TimelineSelection(rawValue: parsed.string("timelines") ?? "") ?? .standard
    let jobs = parsed.int("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    let progress = ProgressDisplay(terminal: terminal, quiet: parsed.flag("quiet"))
    InterruptHandling.install(terminal: terminal, progress: progress)
    let (status, outcome) = try step.generate(
      folder: folder, output: FolderOutput(folder: folder), jobs: jobs, terminal: terminal,
      progress: progress,
      verifyingTables: true)
    // The report replaced (checkReplace vetted plots/): figures of the earlier report that this
    // one did not draw — every one without gnuplot — would no longer match it.
    let stale = ResultsFolderIdentity.removeStalePlots(folder, written: outcome.files)
    let plots = outcome.plotsDrawn == 1 ? "1 plot" : "\(outcome.plotsDrawn) plots"
    let removed =
      stale.isEmpty
      ? ""
      : "; \(stale.count) file\(stale.count == 1 ? "" : "s") of the earlier report's plots/ removed, "
        + "as this report does not show them"
    terminal.out("report.md and report.html written to \(folder) (\(plots)\(removed))\n")
    return status
  }

  /// The report files `report` replaces in a folder.
  static let reportFiles = ["report.md", "report.html", "plots"]

  /// Exit 64 before anything is read when `folder` holds a report already, is not a
  /// `results/latest` and `--replace` is not given (the rule `--out` of run, sweep and merge
  /// follows).
  static func checkReplace(_ folder: String, _ parsed: ParsedArguments) throws {
    guard !parsed.flag("replace") else { return try checkOwnReport(folder) }
    var trimmed = folder
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    if trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
    let scratch = OutputPathRule.scratchFolder
    guard trimmed != scratch && !trimmed.hasSuffix("/" + scratch) else { return try checkOwnReport(folder) }
    let existing = reportFiles.filter {
      FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0))
    }
    guard !existing.isEmpty else { return }
    throw ValidationError(
      "\(folder) already holds a report (\(existing.joined(separator: ", "))): give --replace to redraw it "
        + "(only a \(scratch) folder is redrawn without it)")
  }

  /// Exit 64 naming the file when a report file of `folder` about to be replaced may be a user's:
  /// the folder holds no manifest.json prefetchlab wrote (a folder of copied CSVs beside one's own
  /// report.md), or plots/ holds something prefetchlab does not write. The rule `run --out
  /// --replace` follows (`ResultsFolderIdentity`); a folder without any report passes.
  static func checkOwnReport(_ folder: String) throws(OutputRefusal) {
    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
    // lstat: a dangling link is there too.
    let existing = reportFiles.filter { (try? FileManager.default.attributesOfItem(atPath: path($0))) != nil }
    guard let first = existing.first else { return }
    guard ResultsFolderIdentity.hasOwnManifest(folder) else {
      throw OutputRefusal(
        path: path(first),
        message:
          "the folder has no manifest.json prefetchlab wrote, so this report may be yours; refusing to replace "
          + "it. Move \(existing.joined(separator: ", ")) away yourself, or run the experiment into a new folder"
      )
    }
    let foreign = ResultsFolderIdentity.foreignEntries(folder).filter {
      reportFiles.contains($0) || $0.hasPrefix("plots/")
    }
    guard foreign.isEmpty else {
      let shown =
        foreign.prefix(5).joined(separator: ", ")
        + (foreign.count > 5 ? " and \(foreign.count - 5) more" : "")
      throw OutputRefusal(
        path: path(foreign[0]),
        message:
          "was not written by prefetchlab (\(shown)); refusing to replace it. Move it out of the folder first"
      )
    }
  }
}
