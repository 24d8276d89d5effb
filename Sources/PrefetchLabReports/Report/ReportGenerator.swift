import Foundation

/// Turns a results folder into plots and the two reports, from the folder's files alone: what
/// `run` does after writing the CSVs (into its staging folder) and what `report DIR` redoes.
public enum ReportGenerator {
  /// What generation did, for the CLI to print.
  public struct Outcome: Sendable {
    /// Things the user should know (plots skipped, failed); the CLI prints them on stderr.
    public var warnings: [String] = []
    /// Plots drawn (each is a .png and an .svg, with its .gp).
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
  public static func generate(
    folder: String, output: any ResultsOutput, gnuplot: GnuplotRunner?, parallelism: Int,
    plotsNote: String? = nil
  ) throws -> Outcome {
    let data = try ResultsData(path: folder)
    var outcome = Outcome()
    var rendering = PlotRendering()
    var figures: [PlotFigure] = []
    if let gnuplot {
      let built = try PlotBuilder.figures(for: data)
      figures = built.figures
      outcome.warnings += built.warnings
      rendering = try PlotRenderer.render(figures, gnuplot: gnuplot, parallelism: parallelism, output: output)
      for failure in rendering.failures {
        outcome.warnings.append("plot \(failure.figure.fileStem) not drawn: \(failure.error)")
      }
      outcome.plotsDrawn = rendering.rendered.count
      outcome.plotsFailed = rendering.failures.count
      for figure in figures {
        outcome.files.append(figure.scriptPath)
        if rendering.rendered[figure.fileStem] != nil { outcome.files += [figure.pngPath, figure.svgPath] }
      }
    }
    let report = Report(data: data, figures: figures, rendering: rendering, plotsNote: plotsNote)
    try output.write(Array(report.markdown().utf8), to: "report.md")
    try output.write(Array(report.html().utf8), to: "report.html")
    outcome.files += ["report.md", "report.html"]
    return outcome
  }
}
