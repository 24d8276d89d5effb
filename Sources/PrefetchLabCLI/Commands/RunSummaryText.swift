import PrefetchLab
import PrefetchLabReports

/// The table `run` prints: per scenario and strategy, headline metrics averaged over seeds.
enum RunSummaryText {
  /// A column of the table: catalogued metrics summed (one, or `requests` = page + media), shown
  /// in the first one's display unit with its shown decimals.
  struct Column: Sendable {
    let title: String
    let metrics: [MetricDefinition]

    /// One metric, titled by its column in display units (`wasted_kB`).
    static func metric(_ metric: MetricDefinition) -> Column {
      Column(title: metric.displayColumn, metrics: [metric])
    }

    /// The sum, nil when any part is an empty cell.
    func value(_ row: SummaryMetrics) -> Double? {
      var total = 0.0
      for metric in metrics {
        guard let value = metric.number(in: row) else { return nil }
        total += value * metric.kind.displayScale
      }
      return total
    }

    var decimals: Int { metrics[0].shownDecimals }
  }

  static let columns: [Column] = [
    .metric(.stallMs), .metric(.stallCount), .metric(.blankMs), .metric(.ttcP95Ms), .metric(.wastedBytes),
    Column(title: "requests", metrics: [.pageRequests, .mediaRequests]), .metric(.abandoned),
  ]

  static func render(rows: [SummaryTable.Row], runs: Int, folder: String) -> String {
    var groups: [(scenario: String, strategy: String, metrics: [SummaryMetrics])] = []
    var positions: [String: Int] = [:]
    for row in rows {
      let label = row.params.isEmpty ? row.strategy : "\(row.strategy):\(row.params)"
      let key = row.scenario + "\u{0}" + label
      if let index = positions[key] {
        groups[index].metrics.append(row.metrics)
      } else {
        positions[key] = groups.count
        groups.append((row.scenario, label, [row.metrics]))
      }
    }
    let header = ["scenario", "strategy"] + columns.map(\.title)
    // A name may hold control characters (it is any text): show them escaped, one line a row.
    func printable(_ text: String) -> String {
      // Printable ASCII (nearly every name) has no control character to look up scalar by scalar.
      if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
      return text.unicodeScalars.map {
        $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
      }
      .joined()
    }
    for index in groups.indices {
      groups[index].scenario = printable(groups[index].scenario)
      groups[index].strategy = printable(groups[index].strategy)
    }
    var table: [[String]] = [header]
    for group in groups {
      var line = [group.scenario, group.strategy]
      for column in columns {
        let values = group.metrics.compactMap(column.value)
        line.append(
          values.isEmpty
            ? "" : DecimalFormat.fixed(values.reduce(0, +) / Double(values.count), places: column.decimals))
      }
      table.append(line)
    }
    var text = TextTable.render(table, rightAligned: Set(2..<header.count))
    let seeds = Set(rows.map(\.seed)).count
    let averaging = seeds > 1 ? " (means over \(seeds) seeds)" : ""
    text += "\n\(runs) run\(runs == 1 ? "" : "s") written to \(folder)\(averaging)\n"
    return text
  }
}
