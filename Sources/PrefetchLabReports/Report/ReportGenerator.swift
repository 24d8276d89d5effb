import Foundation

/// Turns a results folder into plots and the two reports, from the folder's files alone: what
/// `run` does after writing the CSVs (into its staging folder) and what `report DIR` redoes.
public enum ReportGenerator {
  /// What generation did, for the CLI to print.
  public struct Outcome: Sendable {
    /// Things the user should know (plots skipped, failed); the CLI prints them on stderr.
    public var warnings: [String] = []
    /// Plots drawn (each a .png, with an .svg where report.html inlines it, and its .gp).
    public var plotsDrawn = 0
    /// Plots that gnuplot failed to draw.
    public var plotsFailed = 0
    /// Files written, relative to the folder, in a fixed order (plots, then the reports).
    public var files: [String] = []
  }

  /// Reads the results folder at `folder` and writes `plots/` (when `gnuplot` is given),
  /// `report.md` and `report.html` through `output`.
  /// - Parameters:
  ///   - gnuplot: nil to write the reports without plots (`plotsNote` says why in the reports).
  ///   - parallelism: gnuplot processes run at once.
  /// - Throws: `InputError` for a malformed results folder, `OutputError` when a file cannot be
  ///   written.
  ///   - timelines: which run timelines to draw.
  ///   - progress: told of the plotting (a unit per figure) and reporting phases.
  ///   - verifyingTables: read every run table first (`RunData.verifyTables`), also those no
  ///     plot needs, so a table cut short is refused: `report` on a folder it did not just write.
  public static func generate(
    folder: String, output: any ResultsOutput, gnuplot: GnuplotRunner?, parallelism: Int,
    plotsNote: String? = nil, timelines: TimelineSelection = .standard,
    progress: (any ProgressObserver)? = nil, verifyingTables: Bool = false
  ) throws -> Outcome {
    let data = try ResultsData(path: folder)
    // After the plots' reads, when there are plots: a table they read is checked as it is
    // indexed, and only the others are streamed.
    if verifyingTables && gnuplot == nil { try data.runs.verifyTables() }
    var outcome = Outcome()
    var document: ReportDocument
    if let gnuplot {
      progress?.started(.plotting, total: 0)
      let built = try PlotBuilder.figures(for: data, timelines: timelines, parallelism: parallelism)
      if verifyingTables { try data.runs.verifyTables() }
      let figures = built.figures
      outcome.warnings += built.warnings
      // The report's tables and tests do not depend on the drawings, and building them costs
      // about as much CPU as writing both files: build them while gnuplot draws, assuming every
      // figure gets drawn, then put the SVG text in. A figure that failed means building the
      // document again on what was drawn (rare: it also prints a warning).
      let provisional = BackgroundValue {
        Report(data: data, figures: figures, rendering: .drawingAll(figures), plotsNote: plotsNote).document()
      }
      // Four gnuplot processes per worker, each drawing an equal share of the figures
      // (`PlotRenderer.batches`): a start-up costs about 12 ms against 60 to 90 ms a figure, and
      // a worker done early takes the next share, so the last one to finish waits little.
      let batches = PlotRenderer.batches(figures, count: 4 * max(1, parallelism))
      progress?.started(.plotting, total: figures.count)
      let rendering = try PlotRenderer.render(
        batches, gnuplot: gnuplot, parallelism: parallelism, output: output, progress: progress)
      progress?.finished(
        .plotting, note: rendering.failures.isEmpty ? "" : "\(rendering.failures.count) failed")
      for failure in rendering.failures {
        outcome.warnings.append("plot \(failure.figure.fileStem) not drawn: \(failure.error)")
      }
      outcome.plotsDrawn = rendering.rendered.count
      outcome.plotsFailed = rendering.failures.count
      for figure in figures {
        outcome.files.append(figure.scriptPath)
        if rendering.rendered[figure.fileStem] != nil { outcome.files += figure.imagePaths }
      }
      document =
        rendering.drewAll(figures)
        ? provisional.value().withFigures(from: rendering)
        : Report(data: data, figures: figures, rendering: rendering, plotsNote: plotsNote).document()
    } else {
      document = Report(data: data, figures: [], rendering: PlotRendering(), plotsNote: plotsNote).document()
    }
    progress?.started(.reporting, total: 2)
    try output.write(Array(Report.markdown(document).utf8), to: "report.md")
    try output.write(Array(Report.html(document).utf8), to: "report.html")
    outcome.files += ["report.md", "report.html"]
    progress?.advanced(.reporting, by: 2)
    progress?.finished(.reporting, note: "report.md, report.html")
    return outcome
  }
}
