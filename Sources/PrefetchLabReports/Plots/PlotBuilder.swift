import PrefetchLab

/// Builds the gnuplot figures of a results folder: per scenario the trade-off, time-to-content
/// CDF, headline metric bars and scroll trace; per run a timeline. Pure: reads files, runs
/// nothing. Per-run files that are missing (a run made with `--timeline-interval-ms 0`) leave
/// their plots out with a warning.
public enum PlotBuilder {
  /// Metrics drawn as bars, with their axis label and the factor that converts them to it.
  static let headlineMetrics: [(column: String, label: String, scale: Double)] = [
    ("stall_ms", "stall_ms: stall time (ms)", 1),
    ("blank_ms", "blank_ms: time with blank rows (ms)", 1),
    ("ttc_p95_ms", "ttc_p95_ms: 95th pct time to content (ms)", 1),
    ("wasted_bytes", "wasted_bytes: wasted data (kB)", 0.001),
    ("bytes_fetched", "bytes_fetched: data moved (kB)", 0.001),
  ]

  /// Every figure, in a fixed order: per scenario tradeoff, ttc-cdf, metrics, scroll, then its
  /// timelines by strategy and seed. `warnings` name what could not be drawn and why.
  public static func figures(for data: ResultsData) throws(InputError) -> (
    figures: [PlotFigure], warnings: [String]
  ) {
    var figures: [PlotFigure] = []
    var warnings: [String] = []
    var missingRunFiles = 0
    var scenariosWithoutTTC = 0
    for scenario in data.scenarios {
      figures.append(tradeoff(scenario))
      var samples: [[TimeToContentRow]] = []
      var complete = true
      for strategy in scenario.strategies {
        var pooled: [TimeToContentRow] = []
        for row in strategy.rows {
          guard let rows = try RunFileReader.timesToContent(data.runFile("ttc", row.key)) else {
            complete = false
            continue
          }
          pooled += rows
        }
        samples.append(pooled)
      }
      if complete {
        figures.append(timeToContent(scenario, samples: samples))
      } else {
        scenariosWithoutTTC += 1
      }
      figures.append(metricBars(scenario))
      var timelines: [RunKey: [TimelineRow]] = [:]
      var runFigures: [PlotFigure] = []
      for strategy in scenario.strategies {
        for row in strategy.rows {
          guard let timeline = try RunFileReader.timeline(data.runFile("timeline", row.key)),
            let events = try RunFileReader.events(data.runFile("events", row.key))
          else {
            missingRunFiles += 1
            continue
          }
          timelines[row.key] = timeline
          runFigures.append(
            self.timeline(
              row.key, rows: timeline, events: events,
              viewportHeightPt: scenario.details.scenario?.viewport.heightPt))
        }
      }
      if let scroll = scrollTrace(scenario, timelines: timelines) { figures.append(scroll) }
      figures += runFigures
    }
    if missingRunFiles > 0 || scenariosWithoutTTC > 0 {
      // One line for what is usually one cause: a run made with --timeline-interval-ms 0.
      var parts: [String] = []
      if missingRunFiles > 0 {
        parts.append(
          "timelines and scroll traces of \(missingRunFiles) run\(missingRunFiles == 1 ? "" : "s")")
      }
      if scenariosWithoutTTC > 0 {
        parts.append(
          "time-to-content plots of \(scenariosWithoutTTC) scenario\(scenariosWithoutTTC == 1 ? "" : "s")")
      }
      warnings.append(
        "no per-run timeline/, events/ or ttc/ files (--timeline-interval-ms 0 writes none): "
          + parts.joined(separator: " and ") + " skipped")
    }
    return (figures, warnings)
  }

  static func stem(_ kind: PlotFigure.Kind, _ scenario: String) -> String {
    "\(kind.rawValue)--\(RunFiles.safeComponent(scenario))"
  }

  static func title(_ lines: String...) -> String {
    lines.map(GnuplotText.quoted).joined(separator: ".\"\\n\".")
  }

  // MARK: - Trade-off

  static func tradeoff(_ scenario: ScenarioResults) -> PlotFigure {
    let strategies = scenario.strategies
    var data = ""
    var settings = PlotStyle.common + PlotStyle.strategyLineStyles(strategies.count)
    var xs: [Double] = []
    var ys: [Double] = []
    var means: [(x: Double, y: Double)?] = []
    var plots: [String] = []
    for (index, strategy) in strategies.enumerated() {
      let points = strategy.rows.compactMap { row -> [Double?]? in
        guard let waste = row.value("wasted_bytes"), let stall = row.value("stall_ms") else { return nil }
        return [waste / 1000, stall]
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
      set xlabel 'wasted_bytes: data fetched but never shown (kB)'
      set ylabel 'stall_ms: time the user was blocked (ms)'
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

  static func timeToContent(_ scenario: ScenarioResults, samples: [[TimeToContentRow]]) -> PlotFigure {
    var data = ""
    var settings = PlotStyle.common + PlotStyle.strategyLineStyles(scenario.strategies.count)
    var plots: [String] = []
    var maximum = 0.0
    for (index, strategy) in scenario.strategies.enumerated() {
      let values = samples[index].map(\.ttcMs).sorted()
      maximum = max(maximum, values.last ?? 0)
      // The empirical CDF as a staircase: (0, 0), then for each distinct value the share of
      // samples at or below it.
      var rows: [[Double?]] = [[0, 0]]
      for (position, value) in values.enumerated()
      where position + 1 == values.count || values[position + 1] != value {
        rows.append([value, Double(position + 1) / Double(values.count)])
      }
      data += GnuplotText.datablock("cdf\(index)", rows: rows, columns: 2)
      let count = values.count
      plots.append(
        "$cdf\(index) using 1:2 with steps ls \(index + 1) lw \(GnuplotText.number(lineWidth(index))) title "
          + GnuplotText.quoted("\(strategy.label) (\(count) item\(count == 1 ? "" : "s"))"))
    }
    let upper = max(maximum, 1) * 1.04
    settings += """
      set title \(title("\(scenario.name): time to content of the items seen", (scenario.seeds.count == 1 ? "1 seed" : "\(scenario.seeds.count) seeds pooled") + "; the step at 0 ms is the share complete at first sight"))
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
        let estimate = strategy.estimate(metric.column)
        let mean = estimate.mean.map { $0 * metric.scale }
        let low = estimate.low.map { max(0, $0 * metric.scale) }
        let high = estimate.high.map { $0 * metric.scale }
        rows.append([Double(index + 1), mean, low, high])
        highs += [mean, high].compactMap { $0 }
      }
      data += GnuplotText.datablock("metric\(metricIndex)", rows: rows, columns: 4)
      let top = max(highs.max() ?? 0, 1e-9)
      let upper = top > 1e-9 ? top * 1.08 : 1
      body += """
        set title \(GnuplotText.quoted(metric.label))
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

  // MARK: - Timeline

  static func timeline(
    _ key: RunKey, rows: [TimelineRow], events: [EventRow], viewportHeightPt: Double?
  ) -> PlotFigure {
    var data = ""
    var settings = PlotStyle.common
    let end = max((rows.last?.timeMs ?? 0) / 1000, 0.001)
    data += GnuplotText.datablock(
      "timeline",
      rows: rows.map { row in
        [
          row.timeMs / 1000, row.offsetPt, viewportHeightPt.map { row.offsetPt + $0 }, row.contentHeightPt,
          row.blankFraction, row.inFlight,
        ]
      }, columns: 6)
    // Stalls: from a row with stalled = 1 to the next row without.
    var stalls: [(Double, Double)] = []
    var stallStart: Double?
    for row in rows {
      if row.stalled, stallStart == nil { stallStart = row.timeMs / 1000 }
      if !row.stalled, let start = stallStart {
        stalls.append((start, row.timeMs / 1000))
        stallStart = nil
      }
    }
    if let start = stallStart { stalls.append((start, end)) }
    func contentHeight(at timeMs: Double) -> Double {
      var low = 0
      var high = rows.count
      while low < high {
        let middle = (low + high) / 2
        if rows[middle].timeMs <= timeMs { low = middle + 1 } else { high = middle }
      }
      return low > 0 ? rows[low - 1].contentHeightPt : 0
    }
    let issued = events.filter { $0.event == "issued" }
    let pages = issued.filter { $0.kind == "page" }
    let media = issued.filter { $0.kind == "media" }
    let ended = events.filter { ["cancelled", "failed", "timeout"].contains($0.event) }
    data += GnuplotText.datablock(
      "pages", rows: pages.map { [$0.timeMs / 1000, contentHeight(at: $0.timeMs)] }, columns: 2)
    data += GnuplotText.datablock(
      "requests",
      rows: pages.map { [$0.timeMs / 1000, 1.15] } + media.map { [$0.timeMs / 1000, 0.15] }, columns: 2)
    data += GnuplotText.datablock(
      "ended", rows: ended.map { [$0.timeMs / 1000, $0.kind == "page" ? 1.5 : 0.5] }, columns: 2)
    // Stalls are often a few frames long: shade at least 0.3 % of the axis so they stay visible
    // (the title gives the exact total).
    let minimumWidth = end * 0.003
    for (index, stall) in stalls.enumerated() {
      let middle = (stall.0 + stall.1) / 2
      let half = max(stall.1 - stall.0, minimumWidth) / 2
      settings +=
        "set object \(index + 1) rect from first \(GnuplotText.number(max(0, middle - half))), graph 0 "
        + "to first \(GnuplotText.number(middle + half)), graph 1 behind fc rgb '\(PlotStyle.stallColor)' "
        + "fs transparent solid 0.35 noborder\n"
    }
    // The y axis follows the viewport; the content edge is included while it stays within ten
    // screens (or a tenth of the viewport's travel) of it: with offset pagination it is the end of
    // the whole feed, far above.
    let viewportPositions = rows.flatMap { [$0.offsetPt, $0.offsetPt + (viewportHeightPt ?? 0)] }
    let lowest = viewportPositions.min() ?? 0
    let highest = viewportPositions.max() ?? 0
    let reach = highest + max(10 * (viewportHeightPt ?? 852), 0.1 * (highest - lowest))
    let edges = rows.map(\.contentHeightPt).filter { $0 <= reach }
    let edgeAbove = rows.contains { $0.contentHeightPt > reach }
    let yRange = PlotStyle.range(viewportPositions + edges)
    let maxInFlight = max(rows.map(\.inFlight).max() ?? 0, 1)
    // Fixed colours: the stall shading's vermillion must not meet a strategy's orange here.
    let color = PlotStyle.palette[0]
    let stallTotal = stalls.reduce(0) { $0 + $1.1 - $1.0 }
    let stallNote =
      stalls.isEmpty
      ? "no stalls"
      : "\(stalls.count) stall\(stalls.count == 1 ? "" : "s") (shaded), "
        + "\(DecimalFormat.fixed(stallTotal * 1000, places: 0)) ms in all"
    let viewport =
      viewportHeightPt == nil
      ? "$timeline using 1:2 with lines lc rgb '\(color)' lw 2 title 'viewport top'"
      : "$timeline using 1:2:3 with filledcurves fc rgb '\(color)' fs transparent solid 0.4 noborder "
        + "title 'viewport', $timeline using 1:2 with lines lc rgb '\(color)' lw 1 notitle"
    let body = """
      set multiplot title \(title("\(key.scenario) / \(key.strategyLabel) / seed \(key.seed)", stallNote))
      set lmargin at screen 0.08
      set rmargin at screen 0.79
      set xrange [0:\(GnuplotText.number(end))]
      # Positions
      set tmargin at screen 0.89
      set bmargin at screen 0.45
      set format x ''
      unset xlabel
      set ylabel 'position in feed (pt)'
      set yrange \(PlotStyle.rangeText(yRange))
      set key at screen 0.83, screen 0.89 left top Left reverse samplen 2
      plot \(viewport), \\
        $timeline using 1:4 with lines lc rgb '#222222' lw 1.5 title '\(edgeAbove ? "content edge (above)" : "content edge")', \\
        $pages using 1:2 with points pt 11 ps 1.1 lc rgb '#222222' title 'page request issued', \\
        NaN with boxes fc rgb '\(PlotStyle.stallColor)' fs transparent solid 0.35 noborder title 'stall'
      # Requests issued and ended early
      set tmargin at screen 0.43
      set bmargin at screen 0.30
      set ylabel 'requests'
      set yrange [0:2]
      set ytics ('media' 0.5, 'page' 1.5)
      set grid noytics
      set key at screen 0.83, screen 0.43 left top Left reverse samplen 2
      plot $requests using 1:2:(0):(0.7) with vectors nohead lc rgb '\(color)' lw 1 title 'request issued', \\
        $ended using 1:2 with points pt 2 ps 0.8 lc rgb '#222222' title 'cancelled, failed'
      # Blank share and requests in flight
      set tmargin at screen 0.28
      set bmargin at screen 0.09
      set format x '%g'
      set xlabel 'time since the first request (s)'
      set grid ytics
      set ylabel 'blank share'
      set yrange [0:1.05]
      set ytics 0.5
      set y2range [0:\(GnuplotText.number(maxInFlight * 1.15))]
      set y2tics \(maxInFlight > 10 ? "auto" : "1") nomirror
      set y2label 'in flight'
      set key at screen 0.86, screen 0.28 left top Left reverse samplen 2
      plot $timeline using 1:5 with filledcurves y1=0 fc rgb '#7f7f7f' fs solid 0.6 noborder \\
          title 'blank share', \\
        $timeline using 1:6 axes x1y2 with steps lc rgb '\(color)' lw 1 title 'in flight'
      unset multiplot

      """
    let name = RunFiles.fileName(scenario: key.scenario, strategyLabel: key.strategyLabel, seed: key.seed)
    return PlotFigure(
      kind: .timeline, scenario: key.scenario, run: key, fileStem: "timeline--" + name.dropLast(4),
      caption:
        "Run timeline: viewport and content edge over time with stalls shaded, requests issued, "
        + "blank share and requests in flight.",
      widthPx: 1100, heightPx: 660, data: data, body: settings + body)
  }

  // MARK: - Scroll trace

  /// The scroll trace as realised in trace time τ (which pauses during stalls): for each seed the
  /// run with the least stall time, so the line is the user's intent wherever nothing blocked it.
  /// A scripted or recorded trace is the same for every seed, so one line stands for all; other
  /// sources (synthetic users) get a line per seed, at most eight.
  static func scrollTrace(_ scenario: ScenarioResults, timelines: [RunKey: [TimelineRow]]) -> PlotFigure? {
    var seedIndependent = false
    if let source = scenario.details.scenario?.scroll.source {
      if case .script = source { seedIndependent = true }
      if case .recorded = source { seedIndependent = true }
    }
    var series: [(seeds: [UInt64], run: RunKey, points: [[Double?]])] = []
    for seed in scenario.seeds {
      let candidates = scenario.strategies.compactMap { strategy in
        strategy.rows.first { $0.key.seed == seed && timelines[$0.key] != nil }
      }
      guard
        let best = candidates.min(by: {
          ($0.value("stall_ms") ?? .infinity) < ($1.value("stall_ms") ?? .infinity)
        }),
        let rows = timelines[best.key]
      else { continue }
      let points: [[Double?]] = rows.compactMap { row in
        row.traceMs.map { [$0 / 1000, row.offsetPt, row.velocityPtS] }
      }
      if seedIndependent, !series.isEmpty {
        series[0].seeds.append(seed)
      } else if let index = series.firstIndex(where: { $0.points == points }) {
        series[index].seeds.append(seed)
      } else if series.count < PlotStyle.palette.count {
        series.append(([seed], best.key, points))
      }
    }
    guard !series.isEmpty else { return nil }
    var data = ""
    let settings = PlotStyle.common + PlotStyle.strategyLineStyles(series.count)
    var offsets: [String] = []
    var velocities: [String] = []
    var allOffsets: [Double] = []
    var allVelocities: [Double] = []
    var end = 0.001
    for (index, entry) in series.enumerated() {
      data += GnuplotText.datablock("trace\(index)", rows: entry.points, columns: 3)
      allOffsets += entry.points.compactMap { $0[1] }
      allVelocities += entry.points.compactMap { $0[2] }
      end = max(end, entry.points.last?[0].flatMap { $0 } ?? 0)
      let seeds =
        entry.seeds.count == scenario.seeds.count && scenario.seeds.count > 1
        ? "all \(scenario.seeds.count) seeds"
        : "seed" + (entry.seeds.count == 1 ? " " : "s ")
          + entry.seeds.map(String.init).joined(separator: ", ")
      let label = "\(seeds) (as run by \(entry.run.strategyLabel))"
      offsets.append("$trace\(index) using 1:2 with lines ls \(index + 1) title \(GnuplotText.quoted(label))")
      velocities.append("$trace\(index) using 1:3 with lines ls \(index + 1) notitle")
    }
    let body = """
      set multiplot title \(title("\(scenario.name): scroll trace", "viewport top over trace time (the trace pauses while a stall blocks the user)"))
      set lmargin at screen 0.09
      set rmargin at screen 0.97
      set xrange [0:\(GnuplotText.number(end))]
      set tmargin at screen 0.88
      set bmargin at screen 0.42
      set format x ''
      unset xlabel
      set ylabel 'offset_pt (pt)'
      set yrange \(PlotStyle.rangeText(PlotStyle.range(allOffsets)))
      set key left top Left reverse opaque box lc rgb '#cccccc'
      plot \(offsets.joined(separator: ", \\\n  "))
      set tmargin at screen 0.38
      set bmargin at screen 0.10
      set format x '%g'
      set xlabel 'trace time (s)'
      set ylabel 'velocity_pt_s (pt/s)'
      set yrange \(PlotStyle.rangeText(PlotStyle.range(allVelocities)))
      unset key
      plot \(velocities.joined(separator: ", \\\n  "))
      unset multiplot

      """
    return PlotFigure(
      kind: .scroll, scenario: scenario.name, fileStem: stem(.scroll, scenario.name),
      caption: "The user's scroll trace: viewport offset and velocity over trace time.",
      widthPx: 960, heightPx: 560, data: data, body: settings + body)
  }
}
