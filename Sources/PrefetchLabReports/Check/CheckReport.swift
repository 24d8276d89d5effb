import PrefetchLab

/// Renders a `RegressionCheck` for people (fixed-width text, Markdown for pull-request comments)
/// or for programs (CSV, one finding per row). Nothing here prints.
public struct CheckReport: Sendable {
  public enum Format: String, Sendable, CaseIterable {
    case text, markdown, csv
  }

  public let check: RegressionCheck
  /// How the baseline and the current results are named in the heading, e.g. `results/baseline`
  /// and `a fresh run of 'run scenarios/'`.
  public let baselineLabel: String
  public let currentLabel: String

  /// Where the per-run detail is written (`check` always writes it), named in the output; nil
  /// when it is not written.
  public var detailsPath: String?
  /// Whether the per-run detail follows the per-scenario summary in the output (`--details`).
  public var showDetails: Bool

  public init(
    check: RegressionCheck, baselineLabel: String, currentLabel: String, detailsPath: String? = nil,
    showDetails: Bool = false
  ) {
    self.check = check
    self.baselineLabel = baselineLabel
    self.currentLabel = currentLabel
    self.detailsPath = detailsPath
    self.showDetails = showDetails
  }

  /// The output: the per-scenario summary first (text, Markdown), the per-run detail after it with
  /// `showDetails`; CSV has both, summary rows (`aggregate`) first.
  public func render(_ format: Format) -> String {
    switch format {
    case .text: return summaryText + (showDetails ? "\n" + detailSectionsText : "") + "\n\(resultLine)\n"
    case .markdown: return summaryMarkdown + (showDetails ? markdownDetailSections : "")
    case .csv: return csv
    }
  }

  /// The whole per-run report, standalone: heading, fingerprint, every per-run finding and the
  /// result (the file `check` writes beside the summary).
  public var detailsText: String {
    var out = headingLines.joined(separator: "\n") + "\n"
    out += "Fingerprint: \(fingerprintSummary)\n"
    for line in fingerprintLines { out += "  \(line)\n" }
    return out + detailSectionsText + "\n\(resultLine)\n"
  }

  // MARK: Shared pieces

  static let changeHeader = [
    "scenario", "strategy", "seed", "metric", "base", "new", "difference", "threshold",
  ]

  static func cells(_ change: MetricChange) -> [String] {
    [
      change.key.scenario, strategyText(change), String(change.key.seed), change.metric,
      number(change.base), number(change.new), differenceText(change), thresholdText(change),
    ]
  }

  /// `fixed_threshold:ratio=0.5`, or `fixed_threshold:ratio=0.5 (was defaults)` for a row paired
  /// across a parameter change.
  static func strategyText(_ change: MetricChange) -> String {
    guard change.currentParams != change.key.params else { return change.key.strategyLabel }
    let current = RunKey(
      scenario: change.key.scenario, strategy: change.key.strategy, params: change.currentParams,
      seed: change.key.seed)
    return "\(current.strategyLabel) (was \(change.key.params.isEmpty ? "defaults" : change.key.params))"
  }

  /// A value as summary.csv holds it, or `empty`.
  static func number(_ value: Double?) -> String { value.map(DecimalFormat.shortest) ?? "empty" }

  /// `+807.8`, `-0.25 (-50%)`; `became empty` / `was empty`.
  static func differenceText(_ change: MetricChange) -> String {
    guard let difference = change.difference, let base = change.base else {
      return change.base == nil ? "was empty" : "became empty"
    }
    var text = signed(difference)
    if base != 0 {
      text += " (" + signed((difference / abs(base) * 1000).rounded() / 10) + "%)"
    }
    return text
  }

  static func signed(_ value: Double) -> String {
    let text = DecimalFormat.shortest(value)
    return value > 0 ? "+" + text : text
  }

  /// `0 (exact)`, `5 (abs:5)`, `0.6017 (rel:0.01)`.
  static func thresholdText(_ change: MetricChange) -> String {
    guard let threshold = change.threshold else { return change.tolerance.description }
    if change.tolerance.isExact { return "0 (exact)" }
    return "\(thresholdNumber(threshold)) (\(change.tolerance))"
  }

  /// Six decimals at most (summary.csv's resolution); `<0.000001` for a smaller, non-zero one
  /// (`rel:1e-9` of a ratio).
  static func thresholdNumber(_ threshold: Double) -> String {
    threshold >= 1e-6 || threshold == 0 ? DecimalFormat.fixed(threshold, places: 6) : "<0.000001"
  }

  var changeSections: [(title: String, changes: [MetricChange])] {
    [
      ("Regressions", check.regressions), ("Improvements", check.improvements),
      ("Changed neutral metrics (not judged)", check.neutralChanges),
    ]
  }

  var rowSections: [(title: String, keys: [RunKey])] {
    [
      ("Missing rows (in the baseline, not in the current results)", check.missingRows),
      ("Extra rows (in the current results, not in the baseline)", check.extraRows),
    ]
  }

  static let parameterTitle = "Parameters changed (rows paired by scenario, strategy and seed)"

  static let excludedTitle = "Runs not compared (their scenario or seed differs in the fingerprint)"

  /// Rows left out by the fingerprint, one line per scenario: `reader-lte: 10 runs, seeds 1-2`.
  var excludedLines: [String] {
    var order: [String] = []
    var byScenario: [String: [RunKey]] = [:]
    for key in check.excludedRows {
      if byScenario[key.scenario] == nil { order.append(key.scenario) }
      byScenario[key.scenario, default: []].append(key)
    }
    return order.map { scenario in
      let keys = byScenario[scenario] ?? []
      let seeds = FingerprintComparison.Issue.seedText(Array(Set(keys.map(\.seed))))
      return "\(scenario): \(keys.count) run\(keys.count == 1 ? "" : "s"), seeds \(seeds)"
    }
  }

  var columnSections: [(title: String, columns: [String])] {
    [
      ("Missing columns (in the baseline, not in the current results)", check.missingColumns),
      ("Extra columns (in the current results, not in the baseline)", check.extraColumns),
    ]
  }

  var headingLines: [String] {
    let baseline = check.baseline
    let current = check.current
    var lines = [
      "Baseline: \(baselineLabel) (\(describe(baseline)))",
      "Current:  \(currentLabel) (\(describe(current)))",
    ]
    lines.append("Tolerances: \(toleranceText)")
    return lines
  }

  func describe(_ folder: ResultsFolder) -> String {
    let runs = "\(folder.rows.count) run\(folder.rows.count == 1 ? "" : "s")"
    guard let manifest = folder.manifest else { return runs + ", no manifest" }
    return "prefetchlab \(manifest.toolVersion), \(runs)"
  }

  var toleranceText: String {
    var text = MetricKind.defaultTolerancesText
    let overrides = check.policy.tolerances.overrides
    if let all = overrides["*"] { text = "\(all) for every metric" }
    let named = check.policy.tolerances.namedMetrics.map { "\($0)=\(overrides[$0]!)" }
    if !named.isEmpty { text += "; " + named.joined(separator: ", ") }
    return text
  }

  var fingerprintLines: [String] {
    if !check.fingerprint.isMatch { return check.fingerprint.issues.map(\.description) }
    return check.fingerprint.notes
  }

  var fingerprintSummary: String {
    if !check.fingerprint.isMatch {
      let count = check.fingerprint.issues.count
      return "MISMATCH (\(count) difference\(count == 1 ? "" : "s")): the baseline was made from other inputs"
    }
    if !check.fingerprint.notes.isEmpty { return "not checked" }
    let manifest = check.baseline.manifest
    let scenarios = manifest?.scenarios.count ?? 0
    let seeds = FingerprintComparison.Issue.seedText(manifest?.seeds ?? [])
    return
      "matches (prefetchlab \(manifest?.toolVersion ?? "?"), \(scenarios) scenario\(scenarios == 1 ? "" : "s"), seeds \(seeds))"
  }

  var resultLine: String {
    let failures = check.failures
    var text: String
    switch check.outcome {
    case .pass where check.policy.gate == .significant:
      text =
        "PASS: no metric significantly worse beyond its tolerance (\(check.comparedRows) runs × "
        + "\(check.comparedColumns.count) metrics compared)"
    case .pass:
      let columns = check.comparedColumns.count
      text = "PASS: \(check.comparedRows) runs × \(columns) metrics within tolerance"
      var notes: [String] = []
      if !check.improvements.isEmpty { notes.append("\(check.improvements.count) improvements") }
      if !check.neutralChanges.isEmpty { notes.append("\(check.neutralChanges.count) neutral changes") }
      if !check.parameterChanges.isEmpty { notes.append("\(check.parameterChanges.count) parameter changes") }
      if !check.extraRows.isEmpty { notes.append("\(check.extraRows.count) extra rows") }
      if !check.extraColumns.isEmpty { notes.append("\(check.extraColumns.count) extra columns") }
      if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + " reported, not failing)" }
    case .regression:
      text = "FAIL: " + failures.joined(separator: ", ")
      if !check.fingerprint.isMatch { text += "; the fingerprint differs too" }
    case .fingerprintMismatch:
      text = "FAIL: fingerprint mismatch: the baseline was made from other inputs; refresh it on purpose"
      if check.comparedRows > 0 { text += " (the \(check.comparedRows) runs compared are within tolerance)" }
    }
    return text
  }

  // MARK: Text

  /// The per-run findings: changes beyond tolerance per run and metric, parameter changes per
  /// seed, rows and columns on one side only.
  var detailSectionsText: String {
    var out = ""
    for section in changeSections where !section.changes.isEmpty {
      out += "\n\(section.title) (\(section.changes.count)):\n"
      out += Self.table([Self.changeHeader] + section.changes.map(Self.cells), rightAligned: [2, 4, 5, 6, 7])
    }
    if !check.parameterChanges.isEmpty {
      out += "\n\(Self.parameterTitle) (\(check.parameterChanges.count)):\n"
      for change in check.parameterChanges { out += "  \(change.description)\n" }
    }
    for section in rowSections where !section.keys.isEmpty {
      out += "\n\(section.title) (\(section.keys.count)):\n"
      for key in section.keys { out += "  \(key)\n" }
    }
    if !excludedLines.isEmpty {
      out += "\n\(Self.excludedTitle):\n"
      for line in excludedLines { out += "  \(line)\n" }
    }
    for section in columnSections where !section.columns.isEmpty {
      out += "\n\(section.title): \(section.columns.joined(separator: ", "))\n"
    }
    if out.isEmpty { out = "No run differs beyond its tolerance.\n" }
    let unchanged = unchangedSummaryLines
    guard !unchanged.isEmpty else { return out }
    if !out.hasPrefix("\n") { out = "\n" + out }
    return "\nUnchanged on every seed (\(unchanged.count)):\n"
      + Self.table([Self.summaryHeader] + unchanged.map(summaryCells), rightAligned: [3, 4, 5]) + out
  }

  /// Columns padded to their widest cell, two spaces apart, a dashed rule under the header.
  static func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
    TextTable.render(rows, rightAligned: rightAligned)
  }

  // MARK: Markdown

  var statusMark: String {
    switch check.outcome {
    case .pass: return "✅"
    case .regression: return "❌"
    case .fingerprintMismatch: return "⚠️"
    }
  }

  /// The per-run findings as Markdown sections.
  var markdownDetailSections: String {
    var out = ""
    let unchanged = unchangedSummaryLines
    if !unchanged.isEmpty {
      out += "\n#### Unchanged on every seed (\(unchanged.count))\n\n" + markdownSummaryTable(unchanged)
    }
    for section in changeSections where !section.changes.isEmpty {
      out += "\n#### \(section.title) (\(section.changes.count))\n\n"
      out += "| " + Self.changeHeader.joined(separator: " | ") + " |\n"
      out +=
        "|" + Self.changeHeader.indices.map { [2, 4, 5, 6, 7].contains($0) ? "---:|" : "---|" }.joined()
        + "\n"
      for change in section.changes {
        out += "| " + Self.cells(change).map(Self.escape).joined(separator: " | ") + " |\n"
      }
    }
    if !check.parameterChanges.isEmpty {
      out += "\n#### \(Self.parameterTitle) (\(check.parameterChanges.count))\n\n"
      for change in check.parameterChanges { out += "- \(Self.escape(change.description))\n" }
    }
    for section in rowSections where !section.keys.isEmpty {
      out += "\n#### \(section.title) (\(section.keys.count))\n\n"
      for key in section.keys { out += "- \(Self.escape(key.description))\n" }
    }
    if !excludedLines.isEmpty {
      out += "\n#### \(Self.excludedTitle)\n\n"
      for line in excludedLines { out += "- \(Self.escape(line))\n" }
    }
    for section in columnSections where !section.columns.isEmpty {
      out += "\n#### \(section.title)\n\n"
      out += section.columns.map { "`\($0)`" }.joined(separator: ", ") + "\n"
    }
    return out
  }

  /// Text safe in a Markdown table cell or list item: `|`, `*`, `_`, `` ` ``, `<` and `\`
  /// escaped so names cannot break the table or turn into markup.
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      if "|*_`<>\\[]".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  // MARK: CSV

  public static let csvColumns = [
    "finding", "scenario", "strategy", "params", "new_params", "seed", "metric", "base", "new", "difference",
    "threshold", "tolerance", "detail", "ci_low", "ci_high",
  ]

  /// One row per finding: first `aggregate` rows (the per-scenario summary: `base` and `new` are
  /// the means over the paired seeds, per minute for accumulating metrics,
  /// `difference` the mean paired change, `ci_low`/`ci_high` its 95 % interval, `detail` the
  /// verdict: better, worse, no clear change, no change), then `fingerprint`, `note`,
  /// `parameter_change`, `regression`, `improvement`, `changed`, `missing_row`, `extra_row`,
  /// `excluded_row`, `missing_column`, `extra_column`, then one `result` row whose detail is
  /// `pass`, `regression` or `fingerprint_mismatch`. `params` is the baseline row's, `new_params`
  /// the current row's (they differ for rows paired across a parameter change). Empty cells where
  /// a field does not apply or a value is empty.
  var csv: String {
    var writer = CSVWriter(header: Self.csvColumns)
    func append(_ cells: [String]) {
      writer.append(cells + Array(repeating: "", count: max(0, Self.csvColumns.count - cells.count)))
    }
    func keyCells(_ key: RunKey, newParams: String = "") -> [String] {
      [key.scenario, key.strategy, key.params, newParams, String(key.seed)]
    }
    func detailRow(_ finding: String, _ detail: String) -> [String] {
      [finding] + Array(repeating: "", count: 11) + [detail]
    }
    func number(_ value: Double?) -> String { value.map(DecimalFormat.shortest) ?? "" }
    for line in check.summary.lines {
      append([
        "aggregate", line.scenario, line.strategy, line.params, line.currentParams, "", line.metric,
        number(line.base.mean), number(line.current.mean), number(line.change.difference.mean), "",
        check.tolerancesByMetric[line.metric]?.description ?? "", line.verdict.rawValue,
        number(line.change.difference.low), number(line.change.difference.high),
      ])
    }
    for issue in check.fingerprint.issues { append(detailRow("fingerprint", issue.description)) }
    for note in check.fingerprint.notes { append(detailRow("note", note)) }
    for change in check.parameterChanges {
      append(["parameter_change"] + keyCells(change.baseline, newParams: change.current.params))
    }
    for section in [check.regressions, check.improvements, check.neutralChanges] {
      for change in section {
        append(
          [change.verdict.rawValue] + keyCells(change.key, newParams: change.currentParams) + [
            change.metric, change.base.map(DecimalFormat.shortest) ?? "",
            change.new.map(DecimalFormat.shortest) ?? "", change.difference.map(DecimalFormat.shortest) ?? "",
            change.threshold.map(DecimalFormat.shortest) ?? "", change.tolerance.description, "",
          ])
      }
    }
    for (finding, keys) in [
      ("missing_row", check.missingRows), ("extra_row", check.extraRows),
      ("excluded_row", check.excludedRows),
    ] {
      for key in keys { append([finding] + keyCells(key)) }
    }
    for (finding, columns) in [
      ("missing_column", check.missingColumns), ("extra_column", check.extraColumns),
    ] {
      for column in columns { append([finding, "", "", "", "", "", column]) }
    }
    let outcome: String
    switch check.outcome {
    case .pass: outcome = "pass"
    case .regression: outcome = "regression"
    case .fingerprintMismatch: outcome = "fingerprint_mismatch"
    }
    append(detailRow("result", outcome))
    return writer.text
  }
}
