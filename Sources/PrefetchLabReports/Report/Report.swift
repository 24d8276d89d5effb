import PrefetchLab

/// The content of `report.md` and `report.html`: per scenario its description and key
/// parameters, a table of every metric (mean ± 95 % confidence interval across seeds, per
/// strategy), the best strategy per metric, the Pareto-optimal strategies and the plots.
struct Report: Sendable {
  let data: ResultsData
  let figures: [PlotFigure]
  let rendering: PlotRendering
  let plotsNote: String?

  /// The two coordinates of the trade-off, both minimised.
  static let tradeoffMetrics = (
    stall: MetricDefinition.stallMs.column, waste: MetricDefinition.wastedBytes.column
  )

  // MARK: - Numbers

  /// Decimals shown for a metric: its catalogued `shownDecimals`; 1 for a column this version
  /// does not write.
  static func places(_ metric: String) -> Int {
    MetricCatalogue.definition(metric)?.shownDecimals ?? MetricKind.count.shownDecimals
  }

  /// The metrics where higher is better, by name: `coverage and prefetch_accuracy`.
  static var higherIsBetterText: String {
    let names = MetricCatalogue.all.filter { $0.polarity == .higherIsBetter }.map(\.column).sorted()
    return names.count <= 1
      ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  static func format(_ value: Double, _ metric: String) -> String {
    DecimalFormat.fixed(value, places: places(metric))
  }

  /// How a row of the metric table shows its values: byte metrics in kB (1000 bytes, one
  /// decimal) as plots and the terminal do, or in MB (two decimals) when a mean reaches 10 MB;
  /// everything else as written in summary.csv.
  struct DisplayUnit: Equatable {
    var suffix: String
    var scale: Double
    var places: Int

    static func of(_ metric: String, means: [Double]) -> DisplayUnit? {
      guard MetricCatalogue.definition(metric)?.kind == .bytes else { return nil }
      if (means.map(abs).max() ?? 0) >= 10_000_000 {
        return DisplayUnit(suffix: "MB", scale: 1e-6, places: 2)
      }
      return DisplayUnit(suffix: "kB", scale: 1e-3, places: 1)
    }
  }

  /// `mean ± half-width`, or `mean` when n = 1; followed by `(n=k)` when n differs from the
  /// table's usual `commonN` (the seed count, which the report states once); `–` without values.
  /// Values are shown in `unit` when given.
  static func cell(_ estimate: MeanEstimate, _ metric: String, commonN: Int, unit: DisplayUnit? = nil)
    -> String
  {
    guard let mean = estimate.mean else { return "–" }
    func format(_ value: Double, _ metric: String) -> String {
      guard let unit else { return Report.format(value, metric) }
      return DecimalFormat.fixed(value * unit.scale, places: unit.places)
    }
    var text = format(mean, metric)
    if let halfWidth = estimate.halfWidth { text += " ± " + format(halfWidth, metric) }
    if estimate.n != commonN { text += " (n=\(estimate.n))" }
    return text
  }

  /// Pareto-optimal strategies on (stall_ms, wasted_bytes), with their stability over seeds: the
  /// competing strategies of `Contest` (the oracle and strategies ruled out for abandonment aside),
  /// on comparable values (wasted data per minute).
  static func pareto(_ contest: Contest) -> ParetoSet {
    ParetoSet(contest, x: tradeoffMetrics.stall, y: tradeoffMetrics.waste)
  }

  /// The figures report.html holds inline; the others it shows from `plots/`.
  static let inlinedKinds: Set<PlotFigure.Kind> = [.tradeoff, .timeToContent, .sweep, .heatmap]

  static func anchor(_ index: Int) -> String { "scenario-\(index + 1)" }

  // MARK: - Document

  func document() -> ReportDocument {
    var document = ReportDocument(title: "PrefetchLab report")
    document.blocks.append(.paragraph(introduction()))
    document.blocks.append(
      .paragraph([
        .text(
          "Tables show, per metric and strategy, the mean across seeds ± the half-width of its 95 % "
            + "confidence interval (Student t with n − 1 degrees of freedom; no interval for a single seed). "
            + "A strategy is best on a metric, and shown in bold, when it has the best mean (lower is better "
            + "except for " + Report.higherIsBetterText + "; descriptive metrics have none) and its paired "
            + "differences to every other strategy, run by run over the same seeds, are significant: the 95 % "
            + "interval excludes 0 and, with fewer than 15 seeds or skewed or tied differences, an exact "
            + "Wilcoxon signed-rank or sign test agrees (p < 0.05). Otherwise the strategies it cannot be told "
            + "apart from are listed as 'no clear winner'; a single seed is not tested. A "
            + "strategy is Pareto-optimal when no other is at least as good on both mean stall time "
            + "(\(Report.tradeoffMetrics.stall)) and mean wasted data (\(Report.tradeoffMetrics.waste)) and better on one; "
            + "the percentage after it is the share of \(ParetoSet.resamples) bootstrap resamples of the seeds in which it "
            + "still is. Users leaving cannot make a strategy better: one whose users abandon significantly more than "
            + "another's (paired by seed) is ruled out of best marks, Pareto sets and recommendations, and blank time, "
            + "data, requests, radio time and energy are compared per minute of the time they are counted over (blank time: after first content; the rest: the whole session). "
            + "The oracle, a clairvoyant bound rather than a strategy an app could run, is left out of best "
            + "marks, Pareto frontiers and recommendations; each scenario's headroom line measures the others against it. Metric definitions: "
            + "docs/metrics.md in the PrefetchLab "
            + "repository.")
      ]))
    if let plotsNote { document.blocks.append(.paragraph([.strong("Plots:"), .text(" " + plotsNote)])) }
    document.blocks.append(.heading(level: 2, text: "Overview", anchor: "overview"))
    document.blocks += overview()
    document.blocks += populationBlocks()
    for (index, scenario) in data.scenarios.enumerated() {
      document.blocks += section(scenario, index: index)
    }
    return document
  }

  func introduction() -> [ReportDocument.Inline] {
    let runs = data.folder.rows.count
    let strategies = Set(data.folder.rows.map(\.key.strategyLabel)).count
    let seeds = Set(data.folder.rows.map(\.key.seed)).sorted()
    var text =
      "\(runs) run\(runs == 1 ? "" : "s"): \(data.scenarios.count) scenario\(data.scenarios.count == 1 ? "" : "s"), "
      + "\(strategies) strateg\(strategies == 1 ? "y" : "ies"), seed\(seeds.count == 1 ? "" : "s") "
      + SeedText.ranges(seeds) + "."
    if let manifest = data.folder.manifest { text += " Made by prefetchlab \(manifest.toolVersion)." }
    var links: [ReportDocument.Inline] = [
      .text(text + " Data: "), .link("summary.csv", href: "summary.csv"), .text(", "),
      .link("manifest.json", href: "manifest.json"),
    ]
    let tables = RunTable.allCases.filter(data.runs.hasTable)
    if !tables.isEmpty {
      links.append(.text(" and the run tables "))
      for (index, table) in tables.enumerated() {
        if index > 0 { links.append(.text(", ")) }
        let name = data.runs.tableFileName(table) ?? table.fileName
        links.append(.link(name, href: name))
      }
    }
    return links + [.text(".")]
  }

  func section(_ scenario: ScenarioResults, index: Int) -> [ReportDocument.Block] {
    var blocks: [ReportDocument.Block] = [
      .heading(level: 2, text: "Scenario \(scenario.name)", anchor: Report.anchor(index))
    ]
    let details = scenario.details
    if let description = details.scenario?.description, !description.isEmpty {
      blocks.append(.paragraph([.text(description)]))
    }
    var facts: [[ReportDocument.Inline]] = []
    if let fileName = details.fileName {
      facts.append(
        [.text("scenario file: "), .code(fileName)]
          + (details.sha256.map { [.text(" (SHA-256 "), .code(String($0.prefix(12))), .text("…)")] } ?? []))
    }
    for parameter in details.parameters {
      facts.append([.text(parameter.name + ": "), .code(parameter.value)])
    }
    if let note = details.note { facts.append([.text(note)]) }
    let strategies = scenario.strategies
    // Cells say "(n=k)" only when fewer seeds than usual have a value (empty cells).
    let commonN =
      strategies.flatMap { strategy in data.metricColumns.map { strategy.estimate($0).n } }.max() ?? 0
    facts.append([
      .text(
        "seeds: " + SeedText.ranges(scenario.seeds)
          + (scenario.seeds.count == 1
            ? " (n=1: one value per strategy, no confidence interval)"
            : " (n=\(scenario.seeds.count) per strategy)"))
    ])
    blocks.append(.bullets(facts))
    let contest = Contest(strategies)
    blocks += decision(scenario, contest)
    blocks += sweepBlocks(scenario)
    blocks += headroom(scenario)
    // The metric table: a row per metric, a column per strategy, then the best.
    var rows: [[[ReportDocument.Inline]]] = []
    for metric in data.metricColumns {
      let estimates = strategies.map { $0.estimate(metric) }
      let best = BestStrategy(contest, metric: metric)
      let unit = DisplayUnit.of(metric, means: estimates.compactMap(\.mean))
      var row: [[ReportDocument.Inline]] = [[.code(metric)] + (unit.map { [.text(" (\($0.suffix))")] } ?? [])]
      for (position, estimate) in estimates.enumerated() {
        let text = Report.cell(estimate, metric, commonN: commonN, unit: unit)
        row.append([best.winner == position && strategies.count > 1 ? .strong(text) : .text(text)])
      }
      row.append([.text(best.text(strategies.map(\.label)))])
      rows.append(row)
    }
    blocks.append(
      .table(
        header: ["metric"] + strategies.map(\.label) + ["best"], rows: rows,
        numeric: [false] + strategies.map { _ in true } + [false]))
    blocks += plots(for: scenario)
    return blocks
  }

  /// The scenario's figures: the four summary plots, then the first seed's timeline of each
  /// strategy drawn (the other seeds' timelines are listed as links, strategies left out counted).
  func plots(for scenario: ScenarioResults) -> [ReportDocument.Block] {
    let mine = figures.filter { $0.scenario == scenario.name }
    guard !mine.isEmpty else { return [] }
    var blocks: [ReportDocument.Block] = [.heading(level: 3, text: "Plots", anchor: nil)]
    for figure in mine where figure.kind != .timeline {
      blocks.append(.figure(figure, svg: rendering.rendered[figure.fileStem]?.svg))
    }
    let timelines = mine.filter { $0.kind == .timeline }
    guard !timelines.isEmpty else { return blocks }
    blocks.append(.heading(level: 3, text: "Run timelines", anchor: nil))
    let firstSeed = scenario.seeds.first
    for figure in timelines where figure.run?.seed == firstSeed {
      blocks.append(.figure(figure, svg: rendering.rendered[figure.fileStem]?.svg))
    }
    let undrawn = scenario.strategies.count - Set(timelines.compactMap { $0.run?.strategyLabel }).count
    if undrawn > 0 {
      blocks.append(
        .paragraph([
          .text(
            "\(undrawn) other strateg\(undrawn == 1 ? "y has" : "ies have") no timeline here: by default only "
              + "the recommended strategy, the runner-up and the oracle are drawn; "),
          .code("--timelines first"), .text(" draws every strategy's first seed."),
        ]))
    }
    let others = timelines.filter { $0.run?.seed != firstSeed && rendering.rendered[$0.fileStem] != nil }
    if !others.isEmpty {
      blocks.append(.paragraph([.text("Timelines of the other seeds:")]))
      blocks.append(
        .bullets(
          others.map { figure in
            [
              .text((figure.run?.strategyLabel ?? "") + ", seed \(figure.run?.seed ?? 0): "),
              .link("PNG", href: figure.pngPath),
            ]
          }))
    }
    return blocks
  }
}

/// Seeds as compact ranges: `1-3, 7`.
enum SeedText {
  static func ranges(_ seeds: [UInt64]) -> String {
    var parts: [String] = []
    var index = 0
    while index < seeds.count {
      var end = index
      while end + 1 < seeds.count && seeds[end + 1] == seeds[end] + 1 { end += 1 }
      parts.append(end > index ? "\(seeds[index])-\(seeds[end])" : "\(seeds[index])")
      index = end + 1
    }
    return parts.joined(separator: ", ")
  }
}
