import PrefetchLab

/// `recommend`'s three renderings of a list of recommendations (one per scenario, then the
/// population's): text for the terminal, Markdown for pull requests, CSV for scripts. CSV columns
/// start `scenario,recommended,runner_up`; numbers are comparable values (per minute
/// where the column says `_per_min`).
public enum RecommendationFormat: String, Sendable, CaseIterable {
  case text
  case markdown
  case csv

  public func render(_ recommendations: [Recommendation]) -> String {
    switch self {
    case .text: return Self.text(recommendations)
    case .markdown: return Self.markdown(recommendations)
    case .csv: return Self.csv(recommendations)
    }
  }

  /// How the objective reads: `stall_ms, then blank_ms per min`.
  static func objectiveText(_ objective: Objective) -> String {
    objective.metrics.map(Contest.comparableName).joined(separator: ", then ")
      + (objective.limits.isEmpty
        ? "" : "; limits " + objective.limits.map(\.description).joined(separator: ", "))
  }

  public static func heading(_ objective: Objective) -> String {
    "Recommendations (objective: \(objectiveText(objective)); each step by significance, paired by seed; "
      + "the oracle is the bound, never recommended; strategies whose users abandon significantly more are "
      + "ruled out; blank, data, radio and energy per minute):"
  }

  /// A value of `metric` for people: bytes in kB (one decimal), else the metric's decimals.
  static func number(_ value: Double, _ metric: String) -> String {
    if MetricCatalogue.definition(metric)?.kind == .bytes {
      return DecimalFormat.fixed(value / 1000, places: 1)
    }
    return Report.format(value, metric)
  }

  /// `blank_ms per min` or `wasted_kB per min`.
  static func name(_ metric: String) -> String {
    let shown = MetricCatalogue.definition(metric)?.displayColumn ?? metric
    return MetricCatalogue.accumulates(metric) ? shown + " per min" : shown
  }

  /// `120.0 ± 8.1`.
  static func estimate(_ estimate: MeanEstimate, _ metric: String) -> String {
    guard let mean = estimate.mean else { return "–" }
    return number(mean, metric) + (estimate.halfWidth.map { " ± " + number($0, metric) } ?? "")
  }

  /// `+3.1` in `metric`'s unit (`number`), the sign shown when the number is not 0.
  static func signedNumber(_ value: Double, _ metric: String) -> String {
    let text = number(value, metric)
    return value > 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "+" + text : text
  }

  /// `−3.1 [−5.0, −1.2]`; `identical in every seed` when every paired difference (at least two)
  /// is 0, where an interval `0 [0, 0]` would say less (unless `sayIdentical` is false: `check`'s
  /// table keeps its numbers in one column).
  static func difference(_ test: PairedTest?, _ metric: String, sayIdentical: Bool = true) -> String {
    guard let test, let mean = test.difference.mean else { return "–" }
    if sayIdentical && test.difference.n >= 2 && test.method == nil { return "identical in every seed" }
    func signed(_ value: Double) -> String { signedNumber(value, metric) }
    guard let low = test.difference.low, let high = test.difference.high else { return signed(mean) }
    return signed(mean) + " [" + signed(low) + ", " + signed(high) + "]" + decidingTest(test)
  }

  /// The deciding test's p where the t interval excludes 0 but that test does not reject at 5 %
  /// (an exact test on few or skewed seeds): ` (wilcoxon p=0.063 decides)`, so the interval and
  /// the verdict do not seem to contradict; "" otherwise.
  static func decidingTest(_ test: PairedTest) -> String {
    guard let low = test.difference.low, let high = test.difference.high, low > 0 || high < 0,
      let p = test.pValue, let method = test.method, p > PairedTest.alpha
    else { return "" }
    return " (\(method.rawValue) p=\(DecimalFormat.fixed(p, places: 3)) decides: not significant)"
  }

  /// What the costs' differences are taken against: the runner-up, or with no clear winner the
  /// contender the tie note compares the first with (not always the second: one identical to
  /// the first is passed over).
  static func versusText(_ recommendation: Recommendation) -> String {
    if recommendation.recommended != nil { return "the runner-up" }
    return recommendation.comparedPair.map { recommendation.labels[$0.other] } ?? "the second"
  }

  // MARK: - Text

  static func text(_ recommendations: [Recommendation]) -> String {
    guard let first = recommendations.first else { return "No scenario to recommend for.\n" }
    var lines = [heading(first.objective)]
    for recommendation in recommendations {
      lines += block(recommendation, indent: "  ")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The lines for one scope: verdict, why, cost against the runner-up, exclusions.
  public static func block(_ recommendation: Recommendation, indent: String) -> [String] {
    let labels = recommendation.labels
    var head =
      "\(recommendation.scope) (\(recommendation.seeds) seed\(recommendation.seeds == 1 ? "" : "s")): "
    if let chosen = recommendation.recommended {
      head += "recommended \(labels[chosen])"
      head += recommendation.runnerUp.map { "; runner-up \(labels[$0])" } ?? "; no runner-up"
      if recommendation.runnerUpByMean { head += " (tie-break: best mean among those not told apart)" }
    } else {
      head += recommendation.verdictText + (recommendation.tieNote.map { " (\($0))" } ?? "")
    }
    var lines = [indent + head]
    if !recommendation.reasons.isEmpty {
      lines.append(indent + "  why: " + recommendation.reasons.joined(separator: "; "))
    }
    if !recommendation.costs.isEmpty {
      let hasOther = recommendation.costs.first?.other != nil
      let costs = recommendation.costs.map { cost in
        name(cost.metric) + " " + estimate(cost.chosen, cost.metric)
          + (hasOther ? " (" + difference(cost.difference, cost.metric) + ")" : "")
      }
      lines.append(
        indent + "  "
          + (hasOther
            ? "mean ± 95 % CI (difference to \(versusText(recommendation)), 95 % CI): "
            : "mean ± 95 % CI: ")
          + costs.joined(separator: "; "))
    }
    if let warning = recommendation.costWarning {
      lines.append(indent + "  " + warning.sentence(labels))
    }
    for (index, why) in recommendation.excluded {
      lines.append(indent + "  not considered: \(labels[index]) (\(why))")
    }
    return lines
  }

  // MARK: - Markdown

  static func markdown(_ recommendations: [Recommendation]) -> String {
    guard let first = recommendations.first else { return "No scenario to recommend for.\n" }
    let headline = first.objective.headline
    var lines = [heading(first.objective), ""]
    lines.append(
      "| scenario | recommended | runner-up | " + headline.map { name($0) }.joined(separator: " | ")
        + " | why |")
    lines.append("|---|---|---|" + headline.map { _ in "---:|" }.joined() + "---|")
    for recommendation in recommendations {
      let labels = recommendation.labels
      let chosen =
        recommendation.recommended.map { "**\(MarkdownText.escape(labels[$0]))**" }
        ?? MarkdownText.escape(recommendation.verdictText)
      let runnerUp = recommendation.runnerUp.map { MarkdownText.escape(labels[$0]) } ?? "–"
      let cells = headline.map { metric in
        recommendation.costs.first { $0.metric == metric }.map { estimate($0.chosen, metric) } ?? "–"
      }
      lines.append(
        "| \(MarkdownText.escape(recommendation.scope)) | \(chosen) | \(runnerUp) | "
          + cells.joined(separator: " | ")
          + " | " + MarkdownText.escape(recommendation.reasons.joined(separator: "; ")) + " |")
    }
    let warnings = recommendations.compactMap { recommendation in
      recommendation.costWarning.map { (recommendation.scope, $0.sentence(recommendation.labels)) }
    }
    if !warnings.isEmpty {
      lines.append("")
      lines += warnings.map { "- " + MarkdownText.escape($0.0) + ": " + MarkdownText.escape($0.1) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - CSV

  static func csv(_ recommendations: [Recommendation]) -> String {
    let headline = recommendations.first?.objective.headline ?? Objective.standard.headline
    var header = [
      "scenario", "recommended", "runner_up", "verdict", "candidates", "seeds", "seeds_to_separate",
    ]
    for metric in headline {
      let stem = MetricCatalogue.accumulates(metric) ? metric + "_per_min" : metric
      header += [
        stem, stem + "_other", stem + "_difference", stem + "_difference_low", stem + "_difference_high",
      ]
    }
    header += [
      "reason", "not_considered", "cheaper", "cheaper_wasted_bytes", "cheaper_limit", "cost_warning",
    ]
    let rows = recommendations.map { recommendation -> [String] in
      let labels = recommendation.labels
      let verdict =
        recommendation.recommended != nil
        ? "recommended" : (recommendation.tied.count >= 2 ? "no_clear_winner" : "none_eligible")
      var row = [
        recommendation.scope, recommendation.recommended.map { labels[$0] } ?? "",
        recommendation.runnerUp.map { labels[$0] } ?? "", verdict,
        recommendation.tied.map { labels[$0] }.joined(separator: " "), String(recommendation.seeds),
        recommendation.seedsToSeparate.map(String.init) ?? "",
      ]
      for metric in headline {
        let places = MetricCatalogue.definition(metric)?.decimals ?? 6
        let cost = recommendation.costs.first { $0.metric == metric }
        let difference = cost?.difference?.difference
        row += [
          CSVCell.decimal(cost?.chosen.mean, places: places),
          CSVCell.decimal(cost?.other?.mean ?? nil, places: places),
          CSVCell.decimal(difference?.mean ?? nil, places: places),
          CSVCell.decimal(difference?.low ?? nil, places: places),
          CSVCell.decimal(difference?.high ?? nil, places: places),
        ]
      }
      row.append(
        (recommendation.reasons + [recommendation.tieNote].compactMap { $0 }).joined(separator: "; "))
      row.append(recommendation.excluded.map { "\(labels[$0.index]): \($0.why)" }.joined(separator: "; "))
      let warning = recommendation.costWarning
      let wastePlaces = MetricDefinition.wastedBytes.decimals
      row += [
        warning.map { labels[$0.cheaper] } ?? "",
        CSVCell.decimal(warning?.cheaperWastedBytes, places: wastePlaces),
        warning.map { $0.limit.description } ?? "", warning?.sentence(labels) ?? "",
      ]
      return row
    }
    return CSVWriter.encode(header: header, rows: rows)
  }
}
