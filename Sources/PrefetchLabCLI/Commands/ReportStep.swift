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
  /// Said in the reports and on stderr when plots are skipped.
  let skippedNote: String?

  /// Decides before any work is done, so `--plots` without gnuplot fails fast.
  /// - Throws: `CommandFailure` (status 1, with an install hint) when `--plots` is given and
  ///   gnuplot cannot be found.
  static func prepare(
    noPlots: Bool, requirePlots: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> ReportStep {
    if noPlots { return ReportStep(gnuplot: nil, required: false, skippedNote: "not drawn (--no-plots).") }
    if let gnuplot = GnuplotRunner.locate(environment: environment) {
      return ReportStep(gnuplot: gnuplot, required: requirePlots, skippedNote: nil)
    }
    if requirePlots {
      throw CommandFailure(
        status: ExitStatus.failure,
        message: "--plots needs gnuplot, which is not on PATH; \(GnuplotError.installHint)")
    }
    return ReportStep(
      gnuplot: nil, required: false,
      skippedNote: "not drawn: gnuplot was not found on PATH (\(GnuplotError.installHint)).")
  }

  /// Writes plots and reports for the results in `folder` through `output`, prints warnings on
  /// stderr, and returns the exit status: 1 when plots were required and some failed, else 0.
  func generate(folder: String, output: any ResultsOutput, jobs: Int, terminal: TerminalOutput) throws
    -> (status: Int32, outcome: ReportGenerator.Outcome)
  {
    let outcome = try ReportGenerator.generate(
      folder: folder, output: output, gnuplot: gnuplot, parallelism: jobs, plotsNote: skippedNote)
    if gnuplot == nil, let skippedNote, !skippedNote.contains("--no-plots") {
      terminal.err("warning: plots \(skippedNote) The reports are written without them.\n")
    }
    for warning in outcome.warnings { terminal.err("warning: \(warning)\n") }
    if required && outcome.plotsFailed > 0 {
      terminal.err(
        "Error: \(outcome.plotsFailed) plot\(outcome.plotsFailed == 1 ? "" : "s") could not be drawn (--plots)\n"
      )
      return (ExitStatus.failure, outcome)
    }
    return (ExitStatus.ok, outcome)
  }
}
