import Foundation
import PrefetchLabReports

/// Plots and reports as `run` and `report` make them: whether to draw, with which gnuplot, and
/// what to tell the user. Missing gnuplot is one warning (the reports are still written, without
/// plots) unless plots were asked for explicitly with `--plots`, which makes it an error.
struct ReportStep {
  /// nil when the reports are written without plots.
  let gnuplot: GnuplotRunner?
  /// `--plots`: a missing gnuplot or a failed plot exits 1.
  let required: Bool
  /// Said in the reports when plots are skipped.
  let skippedNote: String?
  /// The one warning printed when plots are skipped without being turned off.
  var warning: String? = nil

  /// Decides before any work is done, so `--plots` without gnuplot fails fast.
  /// - Throws: `CommandFailure` (status 1, with an install hint) when `--plots` is given and
  ///   gnuplot cannot be found.
  /// - Parameter environment: where `PATH` is read from (the command's, see
  ///   `ParsedArguments.environment`).
  static func prepare(noPlots: Bool, requirePlots: Bool, environment: [String: String]) throws -> ReportStep {
    if noPlots { return ReportStep(gnuplot: nil, required: false, skippedNote: "not drawn (--no-plots).") }
    if let gnuplot = GnuplotRunner.locate(environment: environment) {
      return ReportStep(gnuplot: gnuplot, required: requirePlots, skippedNote: nil)
    }
    if requirePlots {
      throw CommandFailure(
        status: ExitStatus.failure,
        message: "--plots needs gnuplot, which is not on PATH: \(GnuplotError.installHint)")
    }
    return ReportStep(
      gnuplot: nil, required: false,
      skippedNote: "not drawn: gnuplot was not found on PATH when this report was made.",
      warning:
        "gnuplot not found on PATH: plots skipped, reports written without them; \(GnuplotError.installHint)")
  }

  /// The step `run` takes after writing its CSVs: nil with `--no-plots` (CSVs only), else the
  /// plan (checked before anything is simulated, so `--plots` without gnuplot fails at once).
  static func forRun(_ parsed: ParsedArguments) throws -> ReportStep? {
    guard !parsed.flag("no-plots") else { return nil }
    var step = try prepare(
      noPlots: false, requirePlots: parsed.flag("plots"), environment: parsed.environment)
    step.timelines = TimelineSelection(rawValue: parsed.string("timelines") ?? "") ?? .standard
    return step
  }

  /// Which run timelines to draw (`--timelines`).
  var timelines: TimelineSelection = .standard

  /// `run`'s plots and reports, written into the staging folder before it is committed.
  func generate(into staging: OutputStaging, jobs: Int, terminal: TerminalOutput, progress: ProgressDisplay)
    throws -> Int32
  {
    try generate(folder: staging.path, output: staging, jobs: jobs, terminal: terminal, progress: progress)
      .status
  }

  /// Writes plots and reports for the results in `folder` through `output`, prints warnings on
  /// stderr, and returns the exit status: 1 when plots were required and some failed, else 0.
  /// Warnings go through `progress` (so they do not land in a progress line) and are left out
  /// with `--quiet`; errors are always printed. `verifyingTables`: read every run table first
  /// (`report`, on a folder this process did not write).
  func generate(
    folder: String, output: any ResultsOutput, jobs: Int, terminal: TerminalOutput, progress: ProgressDisplay,
    verifyingTables: Bool = false
  ) throws
    -> (status: Int32, outcome: ReportGenerator.Outcome)
  {
    let outcome = try ReportGenerator.generate(
      folder: folder, output: output, gnuplot: gnuplot, parallelism: jobs, plotsNote: skippedNote,
      timelines: timelines, progress: progress, verifyingTables: verifyingTables)
    if progress.mode != .quiet {
      if let warning { progress.message("warning: \(warning)\n") }
      for warning in outcome.warnings { progress.message("warning: \(warning)\n") }
    }
    if required && outcome.plotsFailed > 0 {
      terminal.err(
        "Error: \(outcome.plotsFailed) plot\(outcome.plotsFailed == 1 ? "" : "s") could not be drawn (--plots)\n"
      )
      return (ExitStatus.failure, outcome)
    }
    return (ExitStatus.ok, outcome)
  }
}
