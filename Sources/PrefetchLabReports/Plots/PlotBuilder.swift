import Foundation
import PrefetchLab

/// Builds the gnuplot figures of a results folder: per scenario the trade-off, time-to-content
/// CDF, headline metric bars and scroll trace; per run a timeline. Pure: reads files, runs
/// nothing. Per-run files that are missing (a run made with `--timeline-interval-ms 0`) leave
/// their plots out with a warning.
public enum PlotBuilder {
  /// Metrics drawn as bars, each titled with its catalogued axis label in its display unit.
  static let headlineMetrics: [MetricDefinition] = [
    .stallMs, .blankMs, .ttcP95Ms, .wastedBytes, .bytesFetched,
  ]

  /// The trade-off plot's axes: x, then y.
  static let tradeoffAxes: (x: MetricDefinition, y: MetricDefinition) = (.wastedBytes, .stallMs)

  /// The trade-off's columns, `sweep`'s default `--x` and `--y`.
  public static var tradeoffColumns: (x: String, y: String) { (tradeoffAxes.x.column, tradeoffAxes.y.column) }

  static func stem(_ kind: PlotFigure.Kind, _ scenario: String) -> String {
    "\(kind.rawValue)--\(RunFiles.safeComponent(scenario))"
  }

  static func title(_ lines: String...) -> String { title(lines) }

  /// A gnuplot string expression showing `lines` one under the other, each quoted.
  static func title(_ lines: [String]) -> String {
    lines.map(GnuplotText.quoted).joined(separator: ".\"\\n\".")
  }

  // MARK: - Trade-off

  static func tradeoff(_ scenario: ScenarioResults) -> PlotFigure {
    let strategies = scenario.strategies
    let (x, y) = tradeoffAxes
    var data = ""
    var settings = PlotStyle.common + PlotStyle.strategyLineStyles(strategies.count)
    var xs: [Double] = []
    var ys: [Double] = []
    var means: [(x: Double, y: Double)?] = []
    var plots: [String] = []
    for (index, strategy) in strategies.enumerated() {
      // The values the frontier is decided on (`Contest.comparableValue`): wasted data per minute
      // of session, so the marks, their means and the frontier are one set of numbers.
      let points = strategy.rows.compactMap { row -> [Double?]? in
        guard let waste = Contest.comparableValue(row, x.column),
          let stall = Contest.comparableValue(row, y.column)
        else { return nil }
        return [waste * x.kind.displayScale, stall * y.kind.displayScale]
      }
      let wasted = points.compactMap { $0[0] }
      let stalls = points.compactMap { $0[1] }
      xs += wasted
      ys += stalls
      data += GnuplotText.datablock("seeds\(index)", rows: points, columns: 2)
      let meanX = MeanEstimate(wasted).mean
      let meanY = MeanEstimate(stalls).mean
      if let meanX, let meanY {
        means.append((meanX, meanY))
        data += GnuplotText.datablock(
          "mean\(index)",
          rows: [[meanX, meanY, wasted.min(), wasted.max(), stalls.min(), stalls.max()]], columns: 6)
        plots.append(
          "$seeds\(index) using 1:2 with points lc rgb '\(PlotStyle.color(index))' "
            + "pt \(PlotStyle.seedPointType(index)) ps 0.7 notitle")
        plots.append(
          "$mean\(index) using 1:2:3:4:5:6 with xyerrorbars ls \(index + 1) "
            + "ps \(GnuplotText.number(max(0.8, 2.2 - 0.3 * Double(index)))) title "
            + GnuplotText.quoted(strategy.label))
      } else {
        means.append(nil)
      }
    }
    // The frontier is the report's (`ParetoSet`: competing strategies, comparable values), drawn
    // at the plotted means, which are its values: the oracle and strategies ruled out for
    // abandonment are off it.
    let members = ParetoSet(Contest(strategies), x: x.column, y: y.column).members
    let frontier = members.compactMap { means[$0] }.sorted { ($0.x, -$0.y) < ($1.x, -$1.y) }
    // One strategy far worse than the rest turns its axis logarithmic (symlog, so zero stays).
    let xScale = AxisScale.choose(means.compactMap { $0?.x })
    let yScale = AxisScale.choose(means.compactMap { $0?.y })
    let xRange = xScale.range(xs, includeZero: PlotStyle.zeroFits(xs))
    let yRange = yScale.range(ys, includeZero: PlotStyle.zeroFits(ys))
    if !frontier.isEmpty {
      // The boundary of the dominated region: up from the first point, a staircase through the
      // frontier, right from the last point.
      var rows: [[Double?]] = [[frontier[0].x, yRange.1]]
      rows += frontier.map { [$0.x, $0.y] }
      rows.append([xRange.1, frontier[frontier.count - 1].y])
      data += GnuplotText.datablock("frontier", rows: rows, columns: 2)
      data += GnuplotText.datablock("optimal", rows: frontier.map { [$0.x, $0.y] }, columns: 2)
      plots.insert(
        "$frontier using 1:2 with steps lc rgb '\(PlotStyle.frontierColor)' lw 1.5 dt 2 title 'Pareto frontier'",
        at: 0)
      plots.insert(
        "$optimal using 1:2 with points pt 6 ps 3 lw 1.5 lc rgb '\(PlotStyle.frontierColor)' title 'Pareto-optimal'",
        at: 1)
    }
    // Rows without session_ms (a summary cut down by hand) are compared, and drawn, as written.
    let perMinute = strategies.contains { strategy in
      strategy.rows.contains { $0.value(MetricDefinition.sessionMs.column) != nil }
    }
    let seeds = scenario.seeds.count
    let titleLines =
      ["\(scenario.name): stall time against wasted data", seedNote(seeds)]
      + [xScale.note(x.label, unit: x.displayUnit), yScale.note(y.label, unit: y.displayUnit)].compactMap {
        $0
      }
    settings += xScale.settings(axis: "x", upper: xRange.1) + yScale.settings(axis: "y", upper: yRange.1)
    settings += """
      set title \(title(titleLines))
      set xlabel \(GnuplotText.quoted(xScale.label(tradeoffAxisLabel(x, perMinute: perMinute))))
      set ylabel \(GnuplotText.quoted(yScale.label(tradeoffAxisLabel(y, perMinute: perMinute))))
      set xrange \(PlotStyle.rangeText(xRange))
      set yrange \(PlotStyle.rangeText(yRange))
      set key outside right top vertical Left reverse width 1
      set bars small

      """
    let body = settings + "plot " + plots.joined(separator: ", \\\n  ") + "\n"
    return PlotFigure(
      kind: .tradeoff, scenario: scenario.name, fileStem: stem(.tradeoff, scenario.name),
      caption:
        "Stall time against wasted data per minute per strategy (mean over seeds, bars "
        + "span the seeds' range), with the Pareto frontier.",
      widthPx: 960, heightPx: 560, data: data, body: body)
  }

  /// A trade-off axis: the metric's label, per minute when comparisons read it so
  /// (`wasted_bytes: wasted data (kB per min)`).
  static func tradeoffAxisLabel(_ metric: MetricDefinition, perMinute: Bool) -> String {
    guard perMinute, MetricCatalogue.accumulates(metric.column) else { return metric.axisLabel }
    return "\(metric.column): \(metric.label) (\(metric.displayUnit) per min)"
  }

  static func seedNote(_ seeds: Int) -> String {
    seeds == 1
      ? "1 seed"
      : "big marks: mean of \(seeds) seeds; small marks: each seed; bars: min to max over seeds"
  }

  // MARK: - Time to content

  /// Curves that nearly coincide (strategies that behave alike) stay visible as nested stripes:
  /// the first is drawn widest, each later one narrower on top.
  static func lineWidth(_ index: Int) -> Double { max(1.2, 4.5 - 0.8 * Double(index)) }

  /// Steps a time-to-content curve keeps at most (see `timeToContent`).
  static let cdfSteps = 400

  /// Curves closer than this share of items seen (and `cdfTimeTolerance` of the time axis) are
  /// drawn once: twice the largest error `cdfSteps` decimation allows, invisible at plot size.
  static let cdfShareTolerance = 0.005
  /// The horizontal tolerance as a share of the time axis: 0.5 %, about 4 px on the PNG.
  static let cdfTimeTolerance = 0.005
  /// Key entries up to this many characters fit inside the plot's empty lower right; longer ones
  /// (several strategies drawn as one curve) go in a key below the plot.
  static let cdfKeyInside = 48

  static func timeToContent(_ scenario: ScenarioResults, samples: [[TimeToContentRow]]) -> PlotFigure {
    var data = ""
    var settings = PlotStyle.common + PlotStyle.strategyLineStyles(scenario.strategies.count)
    var plots: [String] = []
    var longestTitle = 0
    // Items that left the screen (or the session ended) before their content arrived never
    // reached content: censored, they keep the curve below 1 instead of counting at the time
    // they were last seen. The step at 0 is then the share shown complete at first sight.
    let curves = samples.map(ContentCDF.init)
    let maximum = curves.compactMap(\.valuesMs.last).max() ?? 0
    let upper = max(maximum, 1) * 1.04
    // Strategies whose curves coincide would hide each other: one curve, named after all of them.
    let groups = ContentCDF.groups(curves, timeMs: cdfTimeTolerance * upper, share: cdfShareTolerance)
    for (drawn, group) in groups.enumerated() {
      let index = group[0]
      let values = curves[index].valuesMs
      let total = curves[index].total
      // The empirical CDF as a staircase: (0, 0), then for each distinct value the share of
      // items seen at or below it.
      // At most `cdfSteps` steps: a step is kept where the share enters a new 1/cdfSteps band
      // (and the last one), so the curve is off by less than 1/cdfSteps anywhere and the SVG
      // stays small however many items the seeds pooled.
      var rows: [[Double?]] = [[0, 0]]
      var band = -1
      for (position, value) in values.enumerated()
      where position + 1 == values.count || values[position + 1] != value {
        let share = Double(position + 1) / Double(max(1, total))
        let current = Int(share * Double(cdfSteps))
        if current != band || position + 1 == values.count {
          rows.append([value, share])
          band = current
        }
      }
      data += GnuplotText.datablock("cdf\(index)", rows: rows, columns: 2)
      let name = cdfTitle(group.map { (scenario.strategies[$0].label, curves[$0]) })
      longestTitle = max(longestTitle, name.count)
      plots.append(
        "$cdf\(index) using 1:2 with steps ls \(index + 1) lw \(GnuplotText.number(lineWidth(drawn))) title "
          + GnuplotText.quoted(name))
    }
    let merged = groups.contains { $0.count > 1 }
    let seeds = scenario.seeds.count == 1 ? "1 seed" : "\(scenario.seeds.count) seeds pooled"
    settings += """
      set title \(title("\(scenario.name): time to content of the items seen", seeds + "; items never complete while seen keep the curve below 1" + (merged ? "; coinciding curves drawn once" : "")))
      set xlabel 'time to content (ms): from first visibility to complete'
      set ylabel 'share of items seen'
      set xrange [0:\(GnuplotText.number(upper))]
      set yrange [0:1.02]
      set ytics 0.1
      set format y '%.1f'
      \(longestTitle > cdfKeyInside ? "set key below vertical Left reverse maxcols 1 height 1" : "set key right bottom Left reverse")

      """
    return PlotFigure(
      kind: .timeToContent, scenario: scenario.name, fileStem: stem(.timeToContent, scenario.name),
      caption: "Cumulative distribution of time to content per strategy, all seeds pooled.",
      widthPx: 960, heightPx: 560, data: data,
      body: settings + "plot " + plots.joined(separator: ", \\\n  ") + "\n")
  }

  /// The key entry of one drawn curve: `a (237 items)`; for a curve drawn once for several
  /// strategies `a = b (237 items each)` when the curves are identical (the same share at every
  /// time, even from different item counts), `a ≈ b` when they are
  /// only within the tolerances, and the item count per strategy when the counts differ
  /// (`a (237 items) ≈ b (240 items)`).
  static func cdfTitle(_ members: [(label: String, curve: ContentCDF)]) -> String {
    func items(_ count: Int) -> String { "\(count) item\(count == 1 ? "" : "s")" }
    let first = members[0].curve
    guard members.count > 1 else { return "\(members[0].label) (\(items(first.total)))" }
    // Identical as drawn: the same share at every time (equal fractions are equal doubles).
    let identical = members.allSatisfy { $0.curve.coincides(with: first, timeMs: 0, share: 0) }
    let separator = identical ? " = " : " ≈ "
    if members.allSatisfy({ $0.curve.total == first.total }) {
      return members.map(\.label).joined(separator: separator) + " (\(items(first.total)) each)"
    }
    return members.map { "\($0.label) (\(items($0.curve.total)))" }.joined(separator: separator)
  }

  // MARK: - Headline metrics

  /// Bars per panel whose value labels stand upright; with more, they are rotated.
  static let barLabelsUpright = 5

  /// A bar panel's title, scale and label decimals: the catalogue's display unit and shown
  /// decimals, byte metrics in MB (two decimals) when a mean reaches 10 MB, as in the reports.
  static func barPanelUnit(_ metric: MetricDefinition, means: [Double]) -> (
    title: String, scale: Double, places: Int
  ) {
    guard let unit = Report.DisplayUnit.of(metric.column, means: means) else {
      return (metric.axisLabel, metric.kind.displayScale, metric.shownDecimals)
    }
    return ("\(metric.column): \(metric.label) (\(unit.suffix))", unit.scale, unit.places)
  }

  static func metricBars(_ scenario: ScenarioResults) -> PlotFigure {
    let strategies = scenario.strategies
    var data = ""
    let settings = PlotStyle.common + PlotStyle.strategyLineStyles(strategies.count)
    var body = """
      set multiplot layout 2,3 title \(title("\(scenario.name): headline metrics per strategy", scenario.seeds.count == 1 ? "1 seed: no confidence interval" : "bars: mean of \(scenario.seeds.count) seeds; whiskers: 95 % confidence interval (Student t)"))

      """
    // Labels stand on the bars (above the whisker), rotated when more than five bars share a
    // panel so neighbours' numbers do not run into each other.
    let rotated = strategies.count > barLabelsUpright
    for (metricIndex, metric) in headlineMetrics.enumerated() {
      let panel = barPanelUnit(metric, means: strategies.compactMap { $0.estimate(metric.column).mean })
      var rows: [[Double?]] = []
      var highs: [Double] = []
      var labels = ""
      for (index, strategy) in strategies.enumerated() {
        let estimate = strategy.estimate(metric.column)
        let mean = estimate.mean.map { $0 * panel.scale }
        let low = estimate.low.map { max(0, $0 * panel.scale) }
        let high = estimate.high.map { $0 * panel.scale }
        rows.append([Double(index + 1), mean, low, high])
        highs += [mean, high].compactMap { $0 }
        let text = mean.map { DecimalFormat.fixed($0, places: panel.places) } ?? "–"
        labels +=
          "set label \(index + 1) \(GnuplotText.quoted(text)) at \(index + 1),"
          + "\(GnuplotText.number(max(mean ?? 0, high ?? 0))) "
          + (rotated ? "left rotate by 90 offset 0.35,0.8" : "center offset 0,0.7") + " font ',8' front\n"
      }
      data += GnuplotText.datablock("metric\(metricIndex)", rows: rows, columns: 4)
      let top = max(highs.max() ?? 0, 1e-9)
      let upper = top > 1e-9 ? top * (rotated ? 1.45 : 1.18) : 1
      body += """
        set title \(GnuplotText.quoted(panel.title))
        unset label
        \(labels)unset xtics
        set xrange [0.4:\(strategies.count).6]
        set yrange [0:\(GnuplotText.number(upper))]
        set style fill solid 0.85 border lc rgb '#333333'
        set boxwidth 0.75
        unset key
        plot \((0..<strategies.count).map { index in
          "$metric\(metricIndex) every ::\(index)::\(index) using 1:2 with boxes ls \(index + 1)"
        }.joined(separator: ", "))\(scenario.seeds.count > 1 ? ", $metric\(metricIndex) using 1:2:3:4 with yerrorbars lc rgb '#222222' pt 7 ps 0 lw 1.2" : "")

        """
    }
    body += """
      unset title
      unset label
      unset border
      unset tics
      unset grid
      set xrange [0:1]
      set yrange [0:1]
      set key center center vertical Left reverse samplen 2 spacing 1.4 title 'strategy'
      plot \(strategies.enumerated().map { index, strategy in
        "NaN with boxes ls \(index + 1) title \(GnuplotText.quoted(strategy.label))"
      }.joined(separator: ", "))
      unset multiplot

      """
    return PlotFigure(
      kind: .metrics, scenario: scenario.name, fileStem: stem(.metrics, scenario.name),
      caption:
        "Headline metrics per strategy: mean over seeds (the number on each bar) with 95 % confidence intervals.",
      widthPx: 1100, heightPx: 640, data: data, body: settings + body)
  }

}
