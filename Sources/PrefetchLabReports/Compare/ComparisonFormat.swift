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
    case .notSignificant: return "no clear winner"
    case .noData: return "no data"
    }
  }

  /// `blank_ms per min` where `--pair` compares per minute (`Contest`).
  static func shownName(_ metric: String, _ comparison: Comparison) -> String {
    comparison.pair != nil ? Contest.comparableName(metric) : metric
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
    guard let places = finerPlaces(change) else {
      return "[\(signed(low, change.metric)), \(signed(high, change.metric))]"
    }
    return "[\(signed(low, places: places)), \(signed(high, places: places))]"
  }

  /// The mean paired difference, with `finerPlaces` where the report's decimals would hide it.
  static func differenceText(_ change: Comparison.MetricChange) -> String {
    guard let places = finerPlaces(change), let mean = change.difference.mean else {
      return signed(change.difference.mean, change.metric)
    }
    return signed(mean, places: places)
  }

  /// `+0.0004` with `places` decimals, the sign shown when the text is not 0.
  static func signed(_ value: Double, places: Int) -> String {
    let text = DecimalFormat.fixed(value, places: places)
    return value > 0 && text.contains(where: { "123456789".contains($0) }) ? "+" + text : text
  }

  /// Decimal places that show a difference the metric's own decimals round away: nil unless the
  /// mean paired difference is not 0 while it and its interval all print as 0 — `0 [0, 0]`
  /// beside a test's verdict reads as identical runs, which they are not (identical runs are
  /// `same`, with no test). Then the first of 1…9 places that shows the mean (values compared per
  /// minute and means over seeds have more digits than summary.csv writes).
  static func finerPlaces(_ change: Comparison.MetricChange) -> Int? {
    guard let mean = change.difference.mean, mean != 0 else { return nil }
    let shown = [mean, change.difference.low, change.difference.high].compactMap { $0 }
    guard
      shown.allSatisfy({ !Report.format($0, change.metric).contains(where: { "123456789".contains($0) }) })
    else { return nil }
    return (1...9).first { places in
      DecimalFormat.fixed(abs(mean), places: places).contains { "123456789".contains($0) }
    } ?? 9
  }

  /// The test column's explanation, shared by every format.
  static let testNote =
    "test: what decides significance — t (Student t, n ≥ 40 or 15 ≤ n < 40 without strong skew or ties), "
    + "else an exact Wilcoxon signed-rank or, with heavy ties, sign test that must agree with the interval "
    + "(p < 0.05); an interval containing 0 is 'no clear winner'."

  static func header(_ comparison: Comparison) -> [String] {
    var lines: [String]
    if let pair = comparison.pair {
      let scenarios = comparison.groups.filter { $0.scenario != Comparison.allScenarios }.count
      lines = [
        "folder: \(comparison.basePath)", "A (base): \(pair.a)", "B (new):  \(pair.b)",
        "\(comparison.pairCount) paired run\(comparison.pairCount == 1 ? "" : "s") (same scenario and seed) in "
          + "\(scenarios) scenario\(scenarios == 1 ? "" : "s"). Differences are B − A; "
          + "CI = 95 % confidence interval of the mean paired difference (Student t).",
        "Metrics marked 'per min' are per minute of the time they are counted over (blank time: after first content; the rest: the whole session), and a side whose "
          + "users abandon significantly more wins nothing: docs/metrics.md, Comparisons and abandonment.",
      ]
    } else {
      lines = [
        "base: \(comparison.basePath)", "new:  \(comparison.newPath)",
        "\(comparison.pairCount) paired run\(comparison.pairCount == 1 ? "" : "s") in \(comparison.groups.count) "
          + "scenario/strategy group\(comparison.groups.count == 1 ? "" : "s"). Differences are new − base; "
          + "CI = 95 % confidence interval of the mean paired difference (Student t).",
      ]
    }
    lines.append(testNote)
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
      + "\(comparison.count(.changed)) changed (descriptive), \(comparison.count(.notSignificant)) no clear winner, "
      + "\(comparison.count(.same)) identical; \(comparison.onlyInBase.count) run"
      + "\(comparison.onlyInBase.count == 1 ? "" : "s") only in \(comparison.pair.map { _ in "A" } ?? "base"), "
      + "\(comparison.onlyInNew.count) only in \(comparison.pair.map { _ in "B" } ?? "new")."
  }

  static func seedsText(_ seeds: [UInt64]) -> String {
    "seed\(seeds.count == 1 ? "" : "s") " + SeedText.ranges(seeds)
  }

  /// `seeds 1-3`, or for the pooled group `9 pairs (seeds 1-3)`, or for a population's pooled
  /// group `seeds 1-3, weighted by population mobile-mix: …`.
  static func pairsText(_ group: Comparison.Group) -> String {
    guard group.scenario == Comparison.allScenarios else { return seedsText(group.seeds) }
    if let weighting = group.weighting {
      return seedsText(group.seeds) + ", weighted by " + weighting
        + " (a seed's value is the share-weighted sum of its segments' values)"
    }
    return "\(group.pairs) pairs (" + seedsText(Set(group.seeds).sorted()) + ")"
  }

  /// Which test decided, e.g. `t`, `Wilcoxon p=0.25 (n < 15)`.
  static func testText(_ change: Comparison.MetricChange) -> String {
    change.verdict == .same || change.verdict == .noData ? "–" : change.test.summary
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
      text += "\n\(group.scenario) / \(group.label), \(pairsText(group))"
      let (moved, same, empty) = partition(group)
      if moved.isEmpty {
        text += ": " + unchangedText(same: same, empty: empty) + "\n"
        continue
      }
      text += "\n"
      let sides = comparison.pair == nil ? ["base", "new"] : ["A", "B"]
      var table = [["metric"] + sides + ["difference", "change", "95 % CI", "test", "verdict"]]
      for change in moved {
        table.append([
          shownName(change.metric, comparison), number(change.baseMean, change.metric),
          number(change.newMean, change.metric),
          differenceText(change), percent(change.relativeChange), interval(change),
          testText(change), verdictText(change),
        ])
      }
      text += align(table, rightAligned: [false, true, true, true, true, true, false, false], indent: "  ")
      if !same.isEmpty { text += "  identical: " + same.map(\.metric).joined(separator: ", ") + "\n" }
      if !empty.isEmpty { text += "  no data: " + empty.map(\.metric).joined(separator: ", ") + "\n" }
    }
    text += oneSidedText(comparison)
    text += "\n" + summary(comparison) + "\n"
    return text
  }

  static func oneSidedText(_ comparison: Comparison) -> String {
    var text = ""
    let (base, new) =
      comparison.pair.map { _ in ("of A only", "of B only") } ?? ("only in base", "only in new")
    for (title, keys) in [(base, comparison.onlyInBase), (new, comparison.onlyInNew)] where !keys.isEmpty {
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
      text += MarkdownText.escape(pairsText(group)) + "."
      if moved.isEmpty {
        text += " " + MarkdownText.escape(unchangedText(same: same, empty: empty)).capitalizedFirst + ".\n"
        continue
      }
      let sides = comparison.pair == nil ? "base | new" : "A | B"
      text += "\n\n| metric | \(sides) | difference | change | 95 % CI | test | verdict |\n"
      text += "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |\n"
      for change in moved {
        let cells = [
          "`\(change.metric)`" + (shownName(change.metric, comparison) == change.metric ? "" : " per min"),
          number(change.baseMean, change.metric), number(change.newMean, change.metric),
          differenceText(change), percent(change.relativeChange), interval(change),
          MarkdownText.escape(testText(change)),
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
    let titles =
      comparison.pair == nil
      ? ("Runs only in base", "Runs only in new") : ("Runs of A only", "Runs of B only")
    for (title, keys) in [(titles.0, comparison.onlyInBase), (titles.1, comparison.onlyInNew)]
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

  /// `strategy` is the base side's (A's for `--pair`), `new_strategy` the new side's; `test` the
  /// test that decided (`t`, `wilcoxon`, `sign`; empty without one) and `p_value` its two-sided p.
  public static let csvColumns = [
    "scenario", "strategy", "new_strategy", "base_params", "new_params", "metric", "polarity", "n",
    "base_mean",
    "new_mean", "mean_diff", "rel_change", "ci95_low", "ci95_high", "test", "p_value", "change", "seed",
  ]

  static func csv(_ comparison: Comparison) -> String {
    var writer = CSVWriter(header: csvColumns)
    func cell(_ value: Double?) -> String { CSVCell.decimal(value, places: 6) }
    for group in comparison.groups {
      for change in group.changes {
        writer.append([
          group.scenario, group.strategy, group.newStrategy, group.baseParams, group.newParams, change.metric,
          change.polarity.rawValue, String(change.difference.n), cell(change.baseMean), cell(change.newMean),
          cell(change.difference.mean), cell(change.relativeChange), cell(change.difference.low),
          cell(change.difference.high), change.test.method?.rawValue ?? "",
          change.test.pValue.map { DecimalFormat.shortest($0) } ?? "", change.verdict.rawValue, "",
        ])
      }
    }
    for key in comparison.onlyInBase {
      writer.append([
        key.scenario, key.strategy, "", key.params, "", "", "", "", "", "", "", "", "", "", "", "",
        "only_in_base",
        String(key.seed),
      ])
    }
    for key in comparison.onlyInNew {
      writer.append([
        key.scenario, "", key.strategy, "", key.params, "", "", "", "", "", "", "", "", "", "", "",
        "only_in_new",
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
