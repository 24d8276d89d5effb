import PrefetchLab

extension Report {
  /// What Kneedle is, for the reports and docs.
  static let kneeMethod =
    "Kneedle (Satopää, Albrecht, Irwin & Raghavan, ICDCS Workshops 2011), offline: both metrics scaled to "
    + "[0, 1] over the Pareto frontier, the knee is the frontier setting farthest below the straight line "
    + "joining the frontier's ends (none when the frontier is straight or bends the other way, or has "
    + "fewer than three settings)"

  /// A sweep's section in a scenario: the settings with their means on the trade-off metrics, the
  /// Pareto-optimal settings and the knee. Empty for an ordinary run.
  func sweepBlocks(_ scenario: ScenarioResults) -> [ReportDocument.Block] {
    guard let record = data.folder.manifest?.sweep else { return [] }
    let analysis = SweepAnalysis(record: record, scenario: scenario)
    let parameters = record.axes.map(\.parameter).joined(separator: " × ")
    var blocks: [ReportDocument.Block] = [
      .heading(level: 3, text: "Sweep of \(record.strategy.name) over \(parameters)", anchor: nil)
    ]
    blocks.append(
      .paragraph([
        .strong("Pareto-optimal settings"),
        .text(
          " (mean \(Contest.comparableName(analysis.y)) against mean \(Contest.comparableName(analysis.x))): "
        ),
        .text(analysis.paretoText(limit: analysis.pareto.count)),
        .text(". "), .strong("Knee"), .text(": "),
        .text(analysis.knee.map(analysis.name) ?? "none"),
        .text(" — \(Report.kneeMethod)."),
      ]))
    let estimates =
      analysis.points.map { ($0.xEstimate, $0.yEstimate) }
      + analysis.references.map { ($0.xEstimate, $0.yEstimate) }
    let commonN = estimates.map { max($0.0.n, $0.1.n) }.max() ?? 0
    let xUnit = DisplayUnit.of(analysis.x, means: estimates.compactMap(\.0.mean))
    let yUnit = DisplayUnit.of(analysis.y, means: estimates.compactMap(\.1.mean))
    var rows: [[[ReportDocument.Inline]]] = []
    for point in analysis.points {
      var marks: [String] = []
      if analysis.pareto.contains(point.setting) { marks.append("Pareto-optimal") }
      if analysis.knee == point.setting { marks.append("knee") }
      if record.isDefault(point.setting) { marks.append("default") }
      rows.append([
        [.code(record.settingText(point.setting))],
        [.text(Report.cell(point.xEstimate, analysis.x, commonN: commonN, unit: xUnit))],
        [.text(Report.cell(point.yEstimate, analysis.y, commonN: commonN, unit: yUnit))],
        [.text(marks.isEmpty ? "" : marks.joined(separator: ", "))],
      ])
    }
    // The --reference strategies, for scale: outside the grid, so never Pareto-optimal or the knee.
    for reference in analysis.references {
      rows.append([
        [.code(reference.label)],
        [.text(Report.cell(reference.xEstimate, analysis.x, commonN: commonN, unit: xUnit))],
        [.text(Report.cell(reference.yEstimate, analysis.y, commonN: commonN, unit: yUnit))],
        [.text("reference")],
      ])
    }
    // An accumulating metric is shown per minute, as it is compared.
    func title(_ metric: String, _ unit: DisplayUnit?) -> String {
      metric + (unit.map { " (\($0.suffix))" } ?? "")
        + (MetricCatalogue.accumulates(metric) ? " per min" : "")
    }
    blocks.append(
      .table(
        header: ["setting", title(analysis.x, xUnit), title(analysis.y, yUnit), ""], rows: rows,
        numeric: [false, true, true, false]))
    return blocks
  }
}
