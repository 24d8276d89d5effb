import PrefetchLab

// The figures of a parameter sweep (`prefetchlab sweep`), per scenario: the trade-off curve of
// the settings and, for a two-parameter grid, a heat map per trade-off metric.
extension PlotBuilder {
  /// The sweep's figures for one scenario: the curve, then heat maps of the y and x metrics when
  /// exactly two parameters vary.
  /// The longest title line of a sweep's plots, in characters: Sans 10 in pngcairo averages
  /// about 7 px a character, and the title is centred over a plot area of about 700 of the
  /// 960 px (the key sits outside, on the right), so 90 characters (about 630 px) stay inside.
  static let sweepTitleCharacters = 90

  static func sweepFigures(_ analysis: SweepAnalysis, seeds: Int) -> [PlotFigure] {
    var figures = [sweepCurve(analysis, seeds: seeds)]
    if analysis.record.axes.count == 2 {
      for metric in [analysis.y, analysis.x] {
        figures.append(heatMap(analysis, metric: metric, seeds: seeds))
      }
    }
    return figures
  }

  /// The metric's catalogued definition, or a plain one for a column this version does not know.
  /// The axis label, display scale and decimals of a sweep axis; an accumulating metric is
  /// plotted per minute (`SweepAnalysis` means), and its label says so.
  static func definition(_ column: String) -> (label: String, scale: Double, decimals: Int) {
    guard let metric = MetricCatalogue.definition(column) else { return (column, 1, 1) }
    let label = metric.axisLabel + (MetricCatalogue.accumulates(column) ? " per min" : "")
    return (label, metric.kind.displayScale, metric.shownDecimals)
  }

  /// Means of the y metric against the x metric, one point per setting, joined in parameter
  /// order along the last varied parameter (one line per combination of the others), each point
  /// labelled with its value (the default with "(default)"); Pareto-optimal settings circled, the
  /// knee marked; the strategies run beside the grid (`--reference`) as labelled grey diamonds.
  static func sweepCurve(_ analysis: SweepAnalysis, seeds: Int) -> PlotFigure {
    let record = analysis.record
    let (xInfo, yInfo) = (definition(analysis.x), definition(analysis.y))
    let last = record.axes.count - 1
    let runLength = record.axes[last].values.count
    let lines = record.settings.count / runLength
    var data = ""
    var plots: [String] = []
    var candidates: [PointLabels.Label] = []
    var xs: [Double] = []
    var ys: [Double] = []
    var coordinates: [Int: (Double, Double)] = [:]
    for point in analysis.points {
      guard let x = point.xEstimate.mean, let y = point.yEstimate.mean else { continue }
      coordinates[point.setting] = (x * xInfo.scale, y * yInfo.scale)
    }
    for line in 0..<lines {
      let settings = Array(line * runLength..<(line + 1) * runLength)
      let rows = settings.compactMap { coordinates[$0].map { [$0.0, $0.1] as [Double?] } }
      data += GnuplotText.datablock("line\(line)", rows: rows, columns: 2)
      let others = zip(record.axes.dropLast(), record.settings[settings[0]].values.dropLast())
        .map { "\($0.parameter)=\($1)" }.joined(separator: ", ")
      let title = others.isEmpty ? "\(record.strategy.name) by \(record.axes[last].parameter)" : others
      plots.append(
        "$line\(line) using 1:2 with linespoints ls \(line + 1) title \(GnuplotText.quoted(title))")
      for (position, setting) in settings.enumerated() {
        guard let (x, y) = coordinates[setting] else { continue }
        xs.append(x)
        ys.append(y)
        let value = record.settings[setting].values[last].description
        let isDefault = record.isDefault(setting)
        // Which labels survive thinning first: the default, the knee, the Pareto-optimal
        // settings, each line's ends, then the rest.
        let priority =
          isDefault
          ? 0
          : setting == analysis.knee
            ? 1
            : analysis.pareto.contains(setting) ? 2 : position == 0 || position == settings.count - 1 ? 3 : 4
        // Alternately above and below the line, so neighbours' labels overlap less.
        candidates.append(
          PointLabels.Label(
            x: x, y: y, text: isDefault ? "\(value) (default)" : value, above: position % 2 == 0,
            priority: priority))
      }
    }
    let pareto = analysis.pareto.compactMap { coordinates[$0].map { [$0.0, $0.1] as [Double?] } }
    if !pareto.isEmpty {
      data += GnuplotText.datablock("pareto", rows: pareto, columns: 2)
      plots.append(
        "$pareto using 1:2 with points pt 6 ps 3 lw 1.5 lc rgb '\(PlotStyle.frontierColor)' title 'Pareto-optimal'"
      )
    }
    if let knee = analysis.knee, let (x, y) = coordinates[knee] {
      data += GnuplotText.datablock("knee", rows: [[x, y]], columns: 2)
      plots.append("$knee using 1:2 with points pt 3 ps 3.5 lw 2 lc rgb '#000000' title 'knee (Kneedle)'")
    }
    // The strategies run beside the grid, for scale: grey diamonds labelled with their names.
    var references: [[Double?]] = []
    for reference in analysis.references {
      guard let mx = reference.xEstimate.mean, let my = reference.yEstimate.mean else { continue }
      let (x, y) = (mx * xInfo.scale, my * yInfo.scale)
      references.append([x, y])
      xs.append(x)
      ys.append(y)
      // With the knee, after the default and before the other settings' values: a setting's point
      // can be told by its place on the line, a diamond only by its name.
      candidates.append(
        PointLabels.Label(x: x, y: y, text: reference.label, above: references.count % 2 == 1, priority: 1))
    }
    if !references.isEmpty {
      data += GnuplotText.datablock("references", rows: references, columns: 2)
      plots.append(
        "$references using 1:2 with points pt 13 ps 2 lc rgb '\(PlotStyle.referenceColor)' title 'beside the grid (--reference)'"
      )
    }
    let xRange = PlotStyle.range(xs, includeZero: PlotStyle.zeroFits(xs))
    let yRange = PlotStyle.range(ys, includeZero: PlotStyle.zeroFits(ys))
    // Labels that would overlap are left out; the default's always stays.
    let kept = PointLabels().kept(candidates, xRange: xRange, yRange: yRange)
    var labels = ""
    for label in kept.map({ candidates[$0] }) {
      labels +=
        "set label \(GnuplotText.quoted(label.text)) at \(GnuplotText.number(label.x)),\(GnuplotText.number(label.y)) "
        + "offset char 0.8,\(label.above ? "0.7" : "-0.8") font ',9' front\n"
    }
    let thinned = kept.count < candidates.count
    let parameters = record.axes.map(\.parameter).joined(separator: " × ")
    var settings = PlotStyle.common + PlotStyle.strategyLineStyles(lines)
    let headline = "\(analysis.scenario): \(record.strategy.name) over \(parameters)"
    let subtitle =
      "means over \(seeds) seed\(seeds == 1 ? "" : "s"); points labelled with \(record.axes[last].parameter)"
      + "\(thinned ? " (where labels fit; the default always)" : ""), joined in its order"
    settings += """
      set title \(title([headline, subtitle].flatMap { GnuplotText.wrapped($0, width: Self.sweepTitleCharacters) }))
      set xlabel \(GnuplotText.quoted(xInfo.label))
      set ylabel \(GnuplotText.quoted(yInfo.label))
      set xrange \(PlotStyle.rangeText(xRange))
      set yrange \(PlotStyle.rangeText(yRange))
      set key outside right top vertical Left reverse width 1

      """
    settings += labels
    let figureStem = "sweep--" + RunFiles.safeComponent(analysis.scenario)
    return PlotFigure(
      kind: .sweep, scenario: analysis.scenario, fileStem: figureStem,
      caption:
        "\(record.strategy.name) over \(parameters): mean \(analysis.y) against mean \(analysis.x) per setting, "
        + "joined in parameter order, Pareto-optimal settings circled, the knee marked"
        + (references.isEmpty ? "." : "; grey diamonds: the strategies run beside the grid (--reference)."),
      widthPx: 960, heightPx: 600, data: data,
      body: settings + "plot " + plots.joined(separator: ", \\\n  ") + "\n")
  }

  /// A two-parameter grid's mean of `metric` per setting: the first parameter across, the second
  /// up, each cell coloured and labelled with its mean; the default setting outlined.
  static func heatMap(_ analysis: SweepAnalysis, metric: String, seeds: Int) -> PlotFigure {
    let record = analysis.record
    let info = definition(metric)
    let (across, up) = (record.axes[0], record.axes[1])
    var rows: [[Double?]] = []
    var outline = ""
    for point in analysis.points {
      let column = point.setting / up.values.count
      let row = point.setting % up.values.count
      let estimate = metric == analysis.x ? point.xEstimate : point.yEstimate
      // Settings without a value leave their cell empty.
      if let mean = estimate.mean { rows.append([Double(column), Double(row), mean * info.scale]) }
      if record.isDefault(point.setting) {
        let (x, y) = (Double(column), Double(row))
        outline =
          "set object 1 rect from \(GnuplotText.number(x - 0.5)),\(GnuplotText.number(y - 0.5)) "
          + "to \(GnuplotText.number(x + 0.5)),\(GnuplotText.number(y + 0.5)) fs empty border lc rgb '#000000' lw 3 front\n"
      }
    }
    func tics(_ axis: SweepRecord.Axis) -> String {
      "("
        + axis.values.enumerated().map { "\(GnuplotText.quoted($1.description)) \($0)" }.joined(
          separator: ", ")
        + ")"
    }
    let better = MetricPolarity.of(metric) == .higherIsBetter ? "higher is better" : "lower is better"
    var body = PlotStyle.common
    body += """
      set title \(title(["\(analysis.scenario): mean \(metric) of \(record.strategy.name) (\(better))", "means over \(seeds) seed\(seeds == 1 ? "" : "s")\(outline.isEmpty ? "" : "; outlined: the defaults")"].flatMap { GnuplotText.wrapped($0, width: Self.sweepTitleCharacters) }))
      set xlabel \(GnuplotText.quoted(across.parameter))
      set ylabel \(GnuplotText.quoted(up.parameter))
      set cblabel \(GnuplotText.quoted(info.label))
      set xtics \(tics(across))
      set ytics \(tics(up))
      set xrange [-0.5:\(across.values.count - 1).5]
      set yrange [-0.5:\(up.values.count - 1).5]
      set palette defined (0 '#ffffcc', 1 '#a1dab4', 2 '#41b6c4', 3 '#2c7fb8')
      unset grid
      set tics scale 0

      """
    body += outline
    body +=
      "plot $heat using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder fc palette notitle, \\\n"
      + "  $heat using 1:2:(sprintf('%.\(info.decimals)f', $3)) with labels font ',9' notitle\n"
    let safeMetric = RunFiles.safeComponent(metric)
    return PlotFigure(
      kind: .heatmap, scenario: analysis.scenario,
      fileStem: "heatmap-\(safeMetric)--" + RunFiles.safeComponent(analysis.scenario),
      caption:
        "Mean \(metric) of \(record.strategy.name) per setting of \(across.parameter) (across) and \(up.parameter) (up).",
      widthPx: 860, heightPx: 600, data: GnuplotText.datablock("heat", rows: rows, columns: 3), body: body)
  }
}
