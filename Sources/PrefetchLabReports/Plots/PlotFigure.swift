import PrefetchLab

/// One plot: the gnuplot script that draws it as `<fileStem>.png` (pngcairo) and
/// `<fileStem>.svg` in the folder it is run from, plus what reports say about it.
///
/// The script is complete and standalone (its data are inline datablocks), so `gnuplot
/// <fileStem>.gp` in the plots folder redraws both images, and users can restyle it.
public struct PlotFigure: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable {
    /// Per scenario: stall_ms against wasted_bytes, one point per strategy, Pareto frontier.
    case tradeoff
    /// Per run: viewport and content edge over time, stalls, requests.
    case timeline
    /// Per scenario: distribution of time to content per strategy.
    case timeToContent = "ttc-cdf"
    /// Per scenario: headline metrics per strategy with confidence intervals.
    case metrics
    /// Per scenario: the user's scroll trace.
    case scroll
    /// A recorded link's capacity over time (`prefetchlab trace-network`), outside reports.
    case network
    /// Per scenario of a sweep: the trade-off curve of the settings.
    case sweep
    /// Per scenario of a two-parameter sweep: a metric's mean over the grid.
    case heatmap

    /// Whether its figures are drawn as SVG besides PNG: those report.html inlines (and the
    /// network plot, which stands alone). The others (metric bars, scroll trace, timelines) are
    /// shown as PNG by both reports, and an SVG nobody shows costs gnuplot about as much as
    /// the PNG.
    public var drawsSVG: Bool { [.tradeoff, .timeToContent, .sweep, .heatmap, .network].contains(self) }
  }

  public let kind: Kind
  public let scenario: String
  /// The run drawn, for timelines.
  public let run: RunKey?
  /// File name without extension, made of `[A-Za-z0-9._@=+-]` only (see `RunFiles.safeComponent`).
  public let fileStem: String
  /// One sentence saying what the plot shows (alt text and caption).
  public let caption: String
  public let widthPx: Int
  public let heightPx: Int
  /// The datablocks (numbers only), defined once.
  public let data: String
  /// Settings and plot commands, run once per terminal after a `reset` (which keeps datablocks),
  /// so nothing set while drawing the PNG leaks into the SVG.
  public let body: String
  /// Whether an SVG is drawn besides the PNG: `Kind.drawsSVG` unless changed.
  public var drawsSVG: Bool

  public init(
    kind: Kind, scenario: String, run: RunKey? = nil, fileStem: String, caption: String, widthPx: Int,
    heightPx: Int, data: String, body: String
  ) {
    self.kind = kind
    self.scenario = scenario
    self.run = run
    self.fileStem = fileStem
    self.caption = caption
    self.widthPx = widthPx
    self.heightPx = heightPx
    self.data = data
    self.body = body
    drawsSVG = kind.drawsSVG
  }

  /// `plots/<fileStem>.<ext>` paths relative to the results folder.
  public var pngPath: String { "plots/\(fileStem).png" }
  public var svgPath: String { "plots/\(fileStem).svg" }
  public var scriptPath: String { "plots/\(fileStem).gp" }

  /// The image files drawn, relative to the results folder.
  public var imagePaths: [String] { drawsSVG ? [pngPath, svgPath] : [pngPath] }

  /// The `.gp` file: draws the PNG, then the SVG (if `drawsSVG`), in the current folder. No names in comments
  /// (a comment line ending in `\` would swallow the next line), no dates, no paths.
  public var script: String {
    var text = """
      # \(kind.rawValue) plot written by prefetchlab. Redraw \(drawsSVG ? "\(fileStem).png and \(fileStem).svg" : "\(fileStem).png") with:
      #   gnuplot \(fileStem).gp
      reset session
      set encoding utf8

      """
    text += data
    text += "\n# PNG\n"
    text += "set terminal pngcairo noenhanced size \(widthPx),\(heightPx) font 'Sans,10' linewidth 1.0\n"
    text += "set output '\(fileStem).png'\nreset\n"
    text += body
    text += "unset output\n"
    guard drawsSVG else { return text }
    text += "\n# SVG\n"
    text +=
      "set terminal svg noenhanced size \(widthPx),\(heightPx) font 'sans-serif,11' linewidth 1.0 "
      + "background '#ffffff'\n"
    text += "set output '\(fileStem).svg'\nreset\n"
    text += body
    text += "unset output\n"
    return text
  }
}

/// Colours, markers and common settings shared by every plot.
enum PlotStyle {
  /// Okabe & Ito's colour-blind-safe palette ("Color Universal Design", 2008), in the order
  /// strategies get them: blue, vermillion, bluish green, reddish purple, orange, sky blue,
  /// black, yellow.
  static let palette = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
  ]
  /// Filled circle, square, triangle, diamond, inverted triangle, pentagon, then open shapes:
  /// a second cue besides colour.
  static let pointTypes = [7, 5, 9, 13, 11, 15, 6, 4]
  static let stallColor = "#D55E00"
  static let frontierColor = "#555555"
  /// A sweep's `--reference` strategies: grey, apart from the grid's palette colours.
  static let referenceColor = "#888888"

  static func color(_ index: Int) -> String { palette[index % palette.count] }
  static func pointType(_ index: Int) -> Int { pointTypes[index % pointTypes.count] }
  /// The lighter marker of the same shape for single seeds (open where `pointTypes` is filled).
  static func seedPointType(_ index: Int) -> Int { [6, 4, 8, 12, 10, 14, 1, 2][index % pointTypes.count] }
  /// Solid for the first eight strategies, then dashed, dotted, …
  static func dashType(_ index: Int) -> Int { 1 + (index / palette.count) % 5 }

  /// `set style line k …` for strategies 0..<count (line style k = strategy k − 1).
  static func strategyLineStyles(_ count: Int) -> String {
    (0..<count).map { index in
      "set style line \(index + 1) lc rgb '\(color(index))' lw 2 dt \(dashType(index)) pt \(pointType(index)) ps 1.3\n"
    }.joined()
  }

  /// Axes, grid and key defaults.
  static let common = """
    set border 3 lc rgb '#333333'
    set tics nomirror out scale 0.6
    set grid back lc rgb '#e3e3e3' lw 1 dt 1
    set key noopaque samplen 2.5 spacing 1.1

    """

  /// Axis range [lower, upper] for data in [minimum, maximum] with a margin so points on the
  /// edge stay visible, never degenerate (an empty or constant range gets a span of `minimumSpan`).
  static func range(_ values: [Double], minimumSpan: Double = 1, includeZero: Bool = true) -> (Double, Double)
  {
    var low = values.min() ?? 0
    var high = values.max() ?? 0
    if includeZero {
      low = min(low, 0)
      high = max(high, 0)
    }
    let span = max(high - low, minimumSpan)
    return (low - 0.04 * span, high + 0.06 * span)
  }

  /// Whether an axis for `values` should start at zero: yes unless all values are positive and
  /// zero would squeeze them into the top half of the plot.
  static func zeroFits(_ values: [Double]) -> Bool {
    guard let low = values.min(), let high = values.max(), low > 0 else { return true }
    return low <= 0.5 * high
  }

  static func rangeText(_ range: (Double, Double)) -> String {
    "[\(GnuplotText.number(range.0)):\(GnuplotText.number(range.1))]"
  }
}
