import PrefetchLab
import PrefetchLabReports

/// The table `run` prints: per scenario and strategy, headline metrics averaged over seeds.
enum RunSummaryText {
  static let columns: [(title: String, value: @Sendable (SummaryMetrics) -> Double?)] = [
    ("stall_ms", { Double($0.stallUs) / 1000 }),
    ("stalls", { Double($0.stallCount) }),
    ("blank_ms", { Double($0.blankUs) / 1000 }),
    ("ttc_p95_ms", { $0.ttcP95Us.map { Double($0) / 1000 } }),
    ("wasted_kB", { Double($0.wastedBytes) / 1000 }),
    ("requests", { Double($0.pageRequests + $0.mediaRequests) }),
    ("abandoned", { $0.abandoned ? 1 : 0 }),
  ]

  static func render(rows: [SummaryTable.Row], runs: Int, folder: String) -> String {
    var groups: [(scenario: String, strategy: String, metrics: [SummaryMetrics])] = []
    for row in rows {
      let label = row.params.isEmpty ? row.strategy : "\(row.strategy):\(row.params)"
      if let index = groups.firstIndex(where: { $0.scenario == row.scenario && $0.strategy == label }) {
        groups[index].metrics.append(row.metrics)
      } else {
        groups.append((row.scenario, label, [row.metrics]))
      }
    }
    let header = ["scenario", "strategy"] + columns.map(\.title)
    // A name may hold control characters (it is any text): show them escaped, one line a row.
    func printable(_ text: String) -> String {
      text.unicodeScalars.map {
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
          values.isEmpty ? "" : DecimalFormat.fixed(values.reduce(0, +) / Double(values.count), places: 1))
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
