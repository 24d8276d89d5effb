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
      committed or shared report is never replaced by surprise.
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
        "timelines", default: "first",
        help: "Timeline plots: first (the first seed of each scenario and strategy), all, or none."),
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
        throw .invalidValue(timelines, for: "timelines", reason: "expected first, all or none")
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
    step.timelines = TimelineSelection(rawValue: parsed.string("timelines") ?? "first") ?? .first
    let jobs = parsed.int("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    let progress = ProgressDisplay(terminal: terminal, quiet: parsed.flag("quiet"))
    InterruptHandling.install(terminal: terminal, progress: progress)
    let (status, outcome) = try step.generate(
      folder: folder, output: FolderOutput(folder: folder), jobs: jobs, terminal: terminal, progress: progress
    )
    let plots = outcome.plotsDrawn == 1 ? "1 plot" : "\(outcome.plotsDrawn) plots"
    terminal.out("report.md and report.html written to \(folder) (\(plots))\n")
    return status
  }

  /// The report files `report` replaces in a folder.
  static let reportFiles = ["report.md", "report.html", "plots"]

  /// Exit 64 before anything is read when `folder` holds a report already, is not a
  /// `results/latest` and `--replace` is not given (the rule `--out` of run, sweep and merge
  /// follows).
  static func checkReplace(_ folder: String, _ parsed: ParsedArguments) throws(ValidationError) {
    guard !parsed.flag("replace") else { return }
    var trimmed = folder
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    if trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
    let scratch = OutputPathRule.scratchFolder
    guard trimmed != scratch && !trimmed.hasSuffix("/" + scratch) else { return }
    let existing = reportFiles.filter {
      FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0))
    }
    guard !existing.isEmpty else { return }
    throw ValidationError(
      "\(folder) already holds a report (\(existing.joined(separator: ", "))): give --replace to redraw it "
        + "(only a \(scratch) folder is redrawn without it)")
  }
}
