import PrefetchLab

extension Report {
  /// The report's opening: per scenario the recommended strategy and the runner-up with the
  /// recommendation's stall, blank time and wasted data, the Pareto set with its stability, then
  /// what the scenarios say together.
  func overview() -> [ReportDocument.Block] {
    let objective = Objective.standard
    var rows: [[[ReportDocument.Inline]]] = []
    var chosen: [String: Int] = [:]
    var order: [String] = []
    var unclear: [String] = []
    let shown = [
      MetricDefinition.stallMs.column, MetricDefinition.blankMs.column, MetricDefinition.wastedBytes.column,
    ]
    for (index, scenario) in data.scenarios.enumerated() {
      let contest = Contest(scenario.strategies)
      let recommendation = Recommendation(contest, scope: scenario.name, objective: objective)
      let labels = recommendation.labels
      if let pick = recommendation.recommended {
        if chosen[labels[pick]] == nil { order.append(labels[pick]) }
        chosen[labels[pick], default: 0] += 1
      } else {
        unclear.append(scenario.name)
      }
      let cells: [[ReportDocument.Inline]] = shown.map { metric in
        [
          .text(
            recommendation.costs.first { $0.metric == metric }.map {
              RecommendationFormat.estimate($0.chosen, metric)
            } ?? "–")
        ]
      }
      rows.append(
        [
          [.link(scenario.name, href: "#" + Report.anchor(index))],
          recommendation.recommended.map { [.strong(labels[$0])] } ?? [.text(recommendation.verdictText)],
          [.text(recommendation.runnerUp.map { labels[$0] } ?? "–")],
        ] + cells + [[.text(Report.paretoText(contest))]])
    }
    var blocks: [ReportDocument.Block] = [
      .paragraph([
        .text(
          "Recommended strategy per scenario (objective: " + RecommendationFormat.objectiveText(objective)
            + ", each step by significance, paired by seed; docs/reports.md, Recommendations). Figures are the "
            + "recommendation's mean ± 95 % CI (with no clear winner, the best mean's); blank time and wasted data per "
            + "minute.")
      ]),
      .table(
        header: ["scenario", "recommended", "runner-up"] + shown.map(RecommendationFormat.name)
          + ["Pareto-optimal (\(Report.tradeoffMetrics.stall), \(Report.tradeoffMetrics.waste))"],
        rows: rows, numeric: [false, false, false, true, true, true, false]),
    ]
    let total = data.scenarios.count
    var summary =
      order.sorted { (chosen[$0]!, $1) > (chosen[$1]!, $0) }.map { "\($0) in \(chosen[$0]!)" }.joined(
        separator: ", ")
    summary =
      summary.isEmpty
      ? "No scenario has a clear recommendation"
      : "Recommended: " + summary + " of \(total) scenario\(total == 1 ? "" : "s")"
    if !unclear.isEmpty {
      summary += "; no clear winner in \(unclear.count) (" + unclear.joined(separator: ", ") + ")"
    }
    blocks.append(.paragraph([.strong("Across scenarios."), .text(" " + summary + ".")]))
    return blocks
  }

  /// A scenario's decision lines: the recommendation, the Pareto set with its stability, and the
  /// strategies ruled out for abandonment.
  func decision(_ scenario: ScenarioResults, _ contest: Contest) -> [ReportDocument.Block] {
    let labels = contest.contenders.map(\.label)
    let recommendation = Recommendation(contest, scope: scenario.name)
    let lines = RecommendationFormat.block(recommendation, indent: "")
    var blocks: [ReportDocument.Block] = [
      .paragraph([
        .strong("Recommendation"), .text(" " + String(lines[0].dropFirst(scenario.name.count + 1))),
      ]),
      .bullets(lines.dropFirst().map { [.text(String($0.dropFirst(2)))] }),
      .paragraph([
        .strong("Pareto-optimal"),
        .text(
          " (mean \(Report.tradeoffMetrics.stall) against mean \(Report.tradeoffMetrics.waste) per minute; "
            + "share of resamples of the seeds in which each stays optimal): "
            + Report.paretoText(contest)),
      ]),
    ]
    if !contest.ruledOut.isEmpty {
      blocks.append(
        .paragraph([
          .strong("Ruled out for abandonment"),
          .text(
            ": "
              + contest.ruledOut.map {
                "\(labels[$0.index]) (users abandon significantly more than \(labels[$0.versus])'s)"
              }
              .joined(separator: ", ") + " — never best, Pareto-optimal or recommended."),
        ]))
    }
    return blocks
  }
}
