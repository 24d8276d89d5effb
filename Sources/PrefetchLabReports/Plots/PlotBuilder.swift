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

  static func title(_ lines: String...) -> String {
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
      let points = strategy.rows.compactMap { row -> [Double?]? in
        guard let waste = row.value(x.column), let stall = row.value(y.column) else { return nil }
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
    let present = means.enumerated().compactMap { index, point in point.map { (index, $0) } }
    let optimal = ParetoFrontier.optimalIndices(present.map(\.1)).map { present[$0] }
    let frontier = optimal.map(\.1).sorted { ($0.x, -$0.y) < ($1.x, -$1.y) }
    let xRange = PlotStyle.range(xs, includeZero: PlotStyle.zeroFits(xs))
    let yRange = PlotStyle.range(ys, includeZero: PlotStyle.zeroFits(ys))
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
    let seeds = scenario.seeds.count
    settings += """
      set title \(title("\(scenario.name): stall time against wasted data", seedNote(seeds)))
      set xlabel \(GnuplotText.quoted(x.axisLabel))
      set ylabel \(GnuplotText.quoted(y.axisLabel))
      set xrange \(PlotStyle.rangeText(xRange))
      set yrange \(PlotStyle.rangeText(yRange))
      set key outside right top vertical Left reverse width 1
      set bars small

      """
    let body = settings + "plot " + plots.joined(separator: ", \\\n  ") + "\n"
    return PlotFigure(
      kind: .tradeoff, scenario: scenario.name, fileStem: stem(.tradeoff, scenario.name),
      caption:
        "Stall time against wasted data per strategy (mean over seeds, bars span the seeds' range), "
        + "with the Pareto frontier.",
      widthPx: 960, heightPx: 560, data: data, body: body)
  }

  static func seedNote(_ seeds: Int) -> String {
    seeds == 1
      ? "1 seed"
      : "big marks: mean of \(seeds) seeds; small marks: each seed; bars: min to max over seeds"
  }

  // MARK: - Time to content

  /// Curves that coincide (strategies that behave alike) stay visible as nested stripes: the
  /// first is drawn widest, each later one narrower on top.
  static func lineWidth(_ index: Int) -> Double { max(1.2, 4.5 - 0.8 * Double(index)) }

  /// Steps a time-to-content curve keeps at most (see `timeToContent`).
  static let cdfSteps = 400

  static func timeToContent(_ scenario: ScenarioResults, samples: [[TimeToContentRow]]) -> PlotFigure {
    var data = ""
    var settings = PlotStyle.common + PlotStyle.strategyLineStyles(scenario.strategies.count)
    var plots: [String] = []
    var maximum = 0.0
    for (index, strategy) in scenario.strategies.enumerated() {
      // Items that left the screen (or the session ended) before their content arrived never
      // reached content: censored, they keep the curve below 1 instead of counting at the time
      // they were last seen. The step at 0 is then the share shown complete at first sight.
      let total = samples[index].count
      let values = samples[index].filter(\.complete).map(\.ttcMs).sorted()
      maximum = max(maximum, values.last ?? 0)
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
      let count = total
      plots.append(
        "$cdf\(index) using 1:2 with steps ls \(index + 1) lw \(GnuplotText.number(lineWidth(index))) title "
          + GnuplotText.quoted("\(strategy.label) (\(count) item\(count == 1 ? "" : "s"))"))
    }
    let upper = max(maximum, 1) * 1.04
    settings += """
      set title \(title("\(scenario.name): time to content of the items seen", (scenario.seeds.count == 1 ? "1 seed" : "\(scenario.seeds.count) seeds pooled") + "; items never complete while seen keep the curve below 1"))
      set xlabel 'time to content (ms): from first visibility to complete'
      set ylabel 'share of items seen'
      set xrange [0:\(GnuplotText.number(upper))]
      set yrange [0:1.02]
      set ytics 0.1
      set format y '%.1f'
      set key right bottom Left reverse

      """
    return PlotFigure(
      kind: .timeToContent, scenario: scenario.name, fileStem: stem(.timeToContent, scenario.name),
      caption: "Cumulative distribution of time to content per strategy, all seeds pooled.",
      widthPx: 960, heightPx: 560, data: data,
      body: settings + "plot " + plots.joined(separator: ", \\\n  ") + "\n")
  }

  // MARK: - Headline metrics

  static func metricBars(_ scenario: ScenarioResults) -> PlotFigure {
    let strategies = scenario.strategies
    var data = ""
    let settings = PlotStyle.common + PlotStyle.strategyLineStyles(strategies.count)
    var body = """
      set multiplot layout 2,3 title \(title("\(scenario.name): headline metrics per strategy", scenario.seeds.count == 1 ? "1 seed: no confidence interval" : "bars: mean of \(scenario.seeds.count) seeds; whiskers: 95 % confidence interval (Student t)"))

      """
    for (metricIndex, metric) in headlineMetrics.enumerated() {
      var rows: [[Double?]] = []
      var highs: [Double] = []
      for (index, strategy) in strategies.enumerated() {
        let scale = metric.kind.displayScale
        let estimate = strategy.estimate(metric.column)
        let mean = estimate.mean.map { $0 * scale }
        let low = estimate.low.map { max(0, $0 * scale) }
        let high = estimate.high.map { $0 * scale }
        rows.append([Double(index + 1), mean, low, high])
        highs += [mean, high].compactMap { $0 }
      }
      data += GnuplotText.datablock("metric\(metricIndex)", rows: rows, columns: 4)
      let top = max(highs.max() ?? 0, 1e-9)
      let upper = top > 1e-9 ? top * 1.08 : 1
      body += """
        set title \(GnuplotText.quoted(metric.axisLabel))
        unset xtics
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
      caption: "Headline metrics per strategy: mean over seeds with 95 % confidence intervals.",
      widthPx: 1100, heightPx: 640, data: data, body: settings + body)
  }

}
