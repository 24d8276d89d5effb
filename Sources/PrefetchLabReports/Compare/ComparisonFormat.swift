import PrefetchLab

/// `compare`'s three renderings of a `Comparison`: an aligned text table for the terminal,
/// Markdown for pull-request comments, and CSV with every number for scripts.
///
/// Text and Markdown list, per (scenario, strategy) group, the metrics that moved and then name
/// the identical ones; a group where nothing moved takes one line. CSV has a row per group and
/// metric (identical ones included) and a row per run present on one side only.
public enum ComparisonFormat: String, Sendable, CaseIterable {
  case text
  case markdown
  case csv

  public func render(_ comparison: Comparison) -> String {
    switch self {
    case .text: return ComparisonFormat.text(comparison)
    case .markdown: return ComparisonFormat.markdown(comparison)
    case .csv: return ComparisonFormat.csv(comparison)
    }
  }

  // MARK: - Shared wording

  static func verdictText(_ change: Comparison.MetricChange) -> String {
    switch change.verdict {
    case .same: return "same"
    case .better, .worse, .changed:
      return change.verdict.rawValue + (change.difference.n < 2 ? " (n=1, no CI)" : "")
    case .notSignificant: return "not significant"
    case .noData: return "no data"
    }
  }

  static func number(_ value: Double?, _ metric: String) -> String {
    guard let value else { return "–" }
    return Report.format(value, metric)
  }

  static func signed(_ value: Double?, _ metric: String) -> String {
    guard let value else { return "–" }
    let text = Report.format(value, metric)
    return value > 0 && text != "0" ? "+" + text : text
  }

  static func percent(_ value: Double?) -> String {
    guard let value else { return "–" }
    let text = DecimalFormat.fixed(value * 100, places: 1)
    return (value > 0 && text != "0" ? "+" : "") + text + " %"
  }

  static func interval(_ change: Comparison.MetricChange) -> String {
    guard let low = change.difference.low, let high = change.difference.high else { return "–" }
    return "[\(signed(low, change.metric)), \(signed(high, change.metric))]"
  }

  static func header(_ comparison: Comparison) -> [String] {
    var lines = [
      "base: \(comparison.basePath)", "new:  \(comparison.newPath)",
      "\(comparison.pairCount) paired run\(comparison.pairCount == 1 ? "" : "s") in \(comparison.groups.count) "
        + "scenario/strategy group\(comparison.groups.count == 1 ? "" : "s"). Differences are new − base; "
        + "CI = 95 % confidence interval of the mean paired difference (Student t).",
    ]
    lines += comparison.notes.map { "note: " + $0 }
    if !comparison.metricsOnlyInBase.isEmpty {
      lines.append(
        "metrics only in base (not compared): " + comparison.metricsOnlyInBase.joined(separator: ", "))
    }
    if !comparison.metricsOnlyInNew.isEmpty {
      lines.append(
        "metrics only in new (not compared): " + comparison.metricsOnlyInNew.joined(separator: ", "))
    }
    return lines
  }

  static func summary(_ comparison: Comparison) -> String {
    "\(comparison.count(.better)) better, \(comparison.count(.worse)) worse, "
      + "\(comparison.count(.changed)) changed (descriptive), \(comparison.count(.notSignificant)) not significant, "
      + "\(comparison.count(.same)) identical; \(comparison.onlyInBase.count) run"
      + "\(comparison.onlyInBase.count == 1 ? "" : "s") only in base, \(comparison.onlyInNew.count) only in new."
  }

  static func seedsText(_ seeds: [UInt64]) -> String {
    "seed\(seeds.count == 1 ? "" : "s") " + SeedText.ranges(seeds)
  }

  /// The metrics that moved, those identical, and those without data on both sides.
  static func partition(_ group: Comparison.Group) -> (
    moved: [Comparison.MetricChange], same: [Comparison.MetricChange], empty: [Comparison.MetricChange]
  ) {
    (
      group.changes.filter { $0.verdict != .same && $0.verdict != .noData },
      group.changes.filter { $0.verdict == .same }, group.changes.filter { $0.verdict == .noData }
    )
  }

  static func unchangedText(same: [Comparison.MetricChange], empty: [Comparison.MetricChange]) -> String {
    var text = same.count == 1 ? "the 1 metric is identical" : "all \(same.count) metrics identical"
    if !empty.isEmpty { text += " (no data: " + empty.map(\.metric).joined(separator: ", ") + ")" }
    return text
  }

  // MARK: - Text

  static func text(_ comparison: Comparison) -> String {
    var text = header(comparison).joined(separator: "\n") + "\n"
    for group in comparison.groups {
      text += "\n\(group.scenario) / \(group.label), \(seedsText(group.seeds))"
      let (moved, same, empty) = partition(group)
      if moved.isEmpty {
        text += ": " + unchangedText(same: same, empty: empty) + "\n"
        continue
      }
      text += "\n"
      var table = [["metric", "base", "new", "difference", "change", "95 % CI", "verdict"]]
      for change in moved {
        table.append([
          change.metric, number(change.baseMean, change.metric), number(change.newMean, change.metric),
          signed(change.difference.mean, change.metric), percent(change.relativeChange), interval(change),
          verdictText(change),
        ])
      }
      text += align(table, rightAligned: [false, true, true, true, true, true, false], indent: "  ")
      if !same.isEmpty { text += "  identical: " + same.map(\.metric).joined(separator: ", ") + "\n" }
      if !empty.isEmpty { text += "  no data: " + empty.map(\.metric).joined(separator: ", ") + "\n" }
    }
    text += oneSidedText(comparison)
    text += "\n" + summary(comparison) + "\n"
    return text
  }

  static func oneSidedText(_ comparison: Comparison) -> String {
    var text = ""
    for (title, keys) in [("only in base", comparison.onlyInBase), ("only in new", comparison.onlyInNew)]
    where !keys.isEmpty {
      text += "\nRuns \(title) (not paired):\n"
      for key in keys { text += "  \(key.scenario) / \(key.strategyLabel) / seed \(key.seed)\n" }
    }
    return text
  }

  static func align(_ rows: [[String]], rightAligned: [Bool], indent: String) -> String {
    TextTable.render(
      rows, rightAligned: Set(rightAligned.indices.filter { rightAligned[$0] }), indent: indent)
  }

  // MARK: - Markdown

  static func markdown(_ comparison: Comparison) -> String {
    var text = "# Comparison\n\n"
    text += header(comparison).map { "- " + MarkdownText.escape($0) }.joined(separator: "\n") + "\n"
    for group in comparison.groups {
      text += "\n## \(MarkdownText.escape("\(group.scenario) / \(group.label)"))\n\n"
      let (moved, same, empty) = partition(group)
      text += MarkdownText.escape(seedsText(group.seeds)) + "."
      if moved.isEmpty {
        text += " " + MarkdownText.escape(unchangedText(same: same, empty: empty)).capitalizedFirst + ".\n"
        continue
      }
      text += "\n\n| metric | base | new | difference | change | 95 % CI | verdict |\n"
      text += "| --- | ---: | ---: | ---: | ---: | ---: | --- |\n"
      for change in moved {
        let cells = [
          "`\(change.metric)`", number(change.baseMean, change.metric), number(change.newMean, change.metric),
          signed(change.difference.mean, change.metric), percent(change.relativeChange), interval(change),
          change.isSignificant && (change.verdict == .better || change.verdict == .worse)
            ? "**\(verdictText(change))**" : verdictText(change),
        ]
        text += "| " + cells.joined(separator: " | ") + " |\n"
      }
      if !same.isEmpty {
        text += "\nIdentical: " + same.map { "`\($0.metric)`" }.joined(separator: ", ") + ".\n"
      }
      if !empty.isEmpty {
        text += "\nNo data: " + empty.map { "`\($0.metric)`" }.joined(separator: ", ") + ".\n"
      }
    }
    for (title, keys) in [
      ("Runs only in base", comparison.onlyInBase), ("Runs only in new", comparison.onlyInNew),
    ]
    where !keys.isEmpty {
      text += "\n## \(title)\n\n"
      for key in keys {
        text += "- " + MarkdownText.escape("\(key.scenario) / \(key.strategyLabel) / seed \(key.seed)") + "\n"
      }
    }
    text += "\n" + MarkdownText.escape(summary(comparison)) + "\n"
    return text
  }

  // MARK: - CSV

  public static let csvColumns = [
    "scenario", "strategy", "base_params", "new_params", "metric", "polarity", "n", "base_mean", "new_mean",
    "mean_diff", "rel_change", "ci95_low", "ci95_high", "change", "seed",
  ]

  static func csv(_ comparison: Comparison) -> String {
    var writer = CSVWriter(header: csvColumns)
    func cell(_ value: Double?) -> String { CSVCell.decimal(value, places: 6) }
    for group in comparison.groups {
      for change in group.changes {
        writer.append([
          group.scenario, group.strategy, group.baseParams, group.newParams, change.metric,
          change.polarity.rawValue, String(change.difference.n), cell(change.baseMean), cell(change.newMean),
          cell(change.difference.mean), cell(change.relativeChange), cell(change.difference.low),
          cell(change.difference.high), change.verdict.rawValue, "",
        ])
      }
    }
    for key in comparison.onlyInBase {
      writer.append([
        key.scenario, key.strategy, key.params, "", "", "", "", "", "", "", "", "", "", "only_in_base",
        String(key.seed),
      ])
    }
    for key in comparison.onlyInNew {
      writer.append([
        key.scenario, key.strategy, "", key.params, "", "", "", "", "", "", "", "", "", "only_in_new",
        String(key.seed),
      ])
    }
    return writer.text
  }
}

extension String {
  /// The string with its first character uppercased.
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
