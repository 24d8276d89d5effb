import PrefetchLab

/// The review view `check` opens with: one line per (scenario, strategy) and headline metric
/// (`CheckSummary`), parameter changes and rows on one side grouped per (scenario, strategy), a
/// count of the per-run findings and where their detail is.
extension CheckReport {
  static let summaryHeader = [
    "scenario", "strategy", "metric", "baseline", "current", "change [95 % CI]", "verdict",
  ]

  var gateLine: String {
    switch check.policy.gate {
    case .exact:
      return "Gate: exact (any run's metric beyond its tolerance fails; --gate significant fails only on a "
        + "significant regression)"
    case .significant:
      return "Gate: significant (fails on a metric significantly worse over the paired seeds and beyond its "
        + "tolerance)"
    }
  }

  var summaryTitle: String {
    let seeds: String
    switch check.summary.seedCounts {
    case nil: seeds = "no seeds"
    case let range? where range.lowerBound == range.upperBound:
      seeds = "\(range.lowerBound) seed\(range.lowerBound == 1 ? "" : "s")"
    case let range?: seeds = "\(range.lowerBound)–\(range.upperBound) seeds"
    }
    return "Per scenario and strategy (means over \(seeds), change = current − baseline paired by seed with "
      + "its 95 % CI; blank, data, radio and energy per minute)"
  }

  func summaryCells(_ line: CheckSummary.Line) -> [String] {
    var verdict = line.verdict.rawValue
    if check.policy.gate == .significant && line.isGatedRegression { verdict += " (fails the gate)" }
    return [
      line.scenario, line.strategyText, RecommendationFormat.name(line.metric),
      RecommendationFormat.estimate(line.base, line.metric),
      RecommendationFormat.estimate(line.current, line.metric),
      RecommendationFormat.difference(line.change, line.metric, sayIdentical: false), verdict,
    ]
  }

  /// The summary lines a reviewer reads: every line of a (scenario, strategy) group in which some
  /// paired difference is not zero. Groups identical on every seed would bury the few that moved
  /// (a full baseline has hundreds of lines), so they are counted in `unchangedLine` and listed
  /// with the per-run detail.
  var changedSummaryLines: [CheckSummary.Line] { partitionedSummaryLines.changed }
  var unchangedSummaryLines: [CheckSummary.Line] { partitionedSummaryLines.unchanged }

  private var partitionedSummaryLines: (changed: [CheckSummary.Line], unchanged: [CheckSummary.Line]) {
    let moved = Set(check.summary.lines.filter { $0.verdict != .same }.map(Self.groupKey))
    var changed: [CheckSummary.Line] = []
    var unchanged: [CheckSummary.Line] = []
    for line in check.summary.lines {
      if moved.contains(Self.groupKey(line)) { changed.append(line) } else { unchanged.append(line) }
    }
    return (changed, unchanged)
  }

  private static func groupKey(_ line: CheckSummary.Line) -> [String] {
    [line.scenario, line.strategy, line.params, line.currentParams]
  }

  /// `Unchanged on every seed: 792 lines (198 scenario × strategy pairs), listed in
  /// check-details.txt`; nil when every line moved.
  var unchangedLine: String? {
    let unchanged = unchangedSummaryLines
    guard !unchanged.isEmpty else { return nil }
    let pairs = Set(unchanged.map(Self.groupKey)).count
    var text =
      changedSummaryLines.isEmpty
      ? "Every headline metric identical on every seed: " : "Unchanged on every seed: "
    text += "\(unchanged.count) line\(unchanged.count == 1 ? "" : "s") "
    text += "(\(pairs) scenario × strategy pair\(pairs == 1 ? "" : "s"))"
    if let detailsPath { text += ", listed in \(detailsPath)" }
    return text
  }

  /// `reader-lte / fixed_threshold: ratio=0.7 → ratio=0.5 (seeds 1-10)`, one per (scenario,
  /// strategy, change).
  var parameterLines: [String] {
    var order: [String] = []
    var seeds: [String: [UInt64]] = [:]
    for change in check.parameterChanges {
      let before = change.baseline.params.isEmpty ? "defaults" : change.baseline.params
      let after = change.current.params.isEmpty ? "defaults" : change.current.params
      let text = "\(change.baseline.scenario) / \(change.baseline.strategy): \(before) → \(after)"
      if seeds[text] == nil { order.append(text) }
      seeds[text, default: []].append(change.baseline.seed)
    }
    return order.map { "\($0) (seeds \(FingerprintComparison.Issue.seedText(seeds[$0] ?? [])))" }
  }

  /// Rows on one side only, one line per (scenario, strategy): `reader-lte / oracle: seeds 1-10`.
  static func groupedRows(_ keys: [RunKey]) -> [String] {
    var order: [String] = []
    var seeds: [String: [UInt64]] = [:]
    for key in keys {
      let text = "\(key.scenario) / \(key.strategyLabel)"
      if seeds[text] == nil { order.append(text) }
      seeds[text, default: []].append(key.seed)
    }
    return order.map { "\($0): seeds \(FingerprintComparison.Issue.seedText(seeds[$0] ?? []))" }
  }

  /// `Per run: 3 regressions, 5 improvements, 12 neutral changes beyond tolerance (20 runs × 45
  /// metrics compared); detail in check-details.txt (--details prints it here)`.
  var perRunLine: String {
    var counts: [String] = []
    for (count, noun) in [
      (check.regressions.count, "regression"), (check.improvements.count, "improvement"),
      (check.neutralChanges.count, "neutral change"),
    ] where count > 0 {
      counts.append("\(count) \(noun)\(count == 1 ? "" : "s")")
    }
    var text = "Per run: " + (counts.isEmpty ? "no difference" : counts.joined(separator: ", "))
    text += " beyond tolerance (\(check.comparedRows) runs × \(check.comparedColumns.count) metrics compared)"
    if let detailsPath {
      text += "; per-seed detail in \(detailsPath)" + (showDetails ? "" : " (--details prints it here)")
    }
    return text
  }

  /// Titles and lines of what is listed once per (scenario, strategy) or per item.
  var groupedSections: [(title: String, lines: [String])] {
    var sections: [(String, [String])] = [
      (Self.parameterTitle, parameterLines),
      (rowSections[0].title, Self.groupedRows(check.missingRows)),
      (rowSections[1].title, Self.groupedRows(check.extraRows)),
      (Self.excludedTitle, excludedLines),
    ]
    for section in columnSections where !section.columns.isEmpty {
      sections.append((section.title, [section.columns.joined(separator: ", ")]))
    }
    return sections.filter { !$0.1.isEmpty }
  }

  // MARK: Text

  var summaryText: String {
    var out = headingLines[0...1].joined(separator: "\n") + "\n" + gateLine + "\n" + headingLines[2] + "\n"
    out += "Fingerprint: \(fingerprintSummary)\n"
    for line in fingerprintLines { out += "  \(line)\n" }
    if !changedSummaryLines.isEmpty {
      out += "\n\(summaryTitle):\n"
      out += Self.table(
        [Self.summaryHeader] + changedSummaryLines.map(summaryCells), rightAligned: [3, 4, 5])
    }
    if let unchangedLine { out += "\n\(unchangedLine)\n" }
    for section in groupedSections {
      out += "\n\(section.title):\n"
      for line in section.lines { out += "  \(line)\n" }
    }
    out += "\n\(perRunLine)\n"
    return out
  }

  // MARK: Markdown

  /// Summary lines as a Markdown table, numbers right-aligned.
  func markdownSummaryTable(_ lines: [CheckSummary.Line]) -> String {
    var out = "| " + Self.summaryHeader.joined(separator: " | ") + " |\n"
    out += "|---|---|---|---:|---:|---:|---|\n"
    for line in lines { out += "| " + summaryCells(line).map(Self.escape).joined(separator: " | ") + " |\n" }
    return out
  }

  var summaryMarkdown: String {
    var out = "### PrefetchLab regression check \(statusMark)\n\n"
    out += "**\(Self.escape(resultLine))**\n\n"
    out += (headingLines[0...1] + [gateLine, headingLines[2]]).map { "- " + Self.escape($0) }.joined(
      separator: "\n")
    out += "\n- Fingerprint: \(Self.escape(fingerprintSummary))\n"
    for line in fingerprintLines { out += "  - \(Self.escape(line))\n" }
    if !changedSummaryLines.isEmpty {
      out += "\n#### \(Self.escape(summaryTitle))\n\n" + markdownSummaryTable(changedSummaryLines)
    }
    if let unchangedLine { out += "\n\(Self.escape(unchangedLine))\n" }
    for section in groupedSections {
      out += "\n#### \(section.title)\n\n"
      for line in section.lines { out += "- \(Self.escape(line))\n" }
    }
    out += "\n\(Self.escape(perRunLine))\n"
    return out
  }
}
