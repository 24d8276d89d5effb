import PrefetchLab

/// `summary.csv`: one row per scenario × strategy × seed, the columns of docs/metrics.md in their
/// order (then the extra ones), ms for durations, empty cells for undefined ratios.
public enum SummaryTable {
  public static let keyColumns = ["scenario", "strategy", "params", "seed"]
  public static var columns: [String] { keyColumns + SummaryMetrics.columnNames }

  public struct Row: Sendable {
    public var scenario: String
    public var strategy: String
    public var params: String
    public var seed: UInt64
    public var metrics: SummaryMetrics

    public init(scenario: String, strategy: String, params: String, seed: UInt64, metrics: SummaryMetrics) {
      self.scenario = scenario
      self.strategy = strategy
      self.params = params
      self.seed = seed
      self.metrics = metrics
    }
  }

  public static func csv(_ rows: [Row]) -> String {
    var writer = CSVWriter(header: columns)
    for row in rows {
      writer.append(
        [row.scenario, row.strategy, row.params, String(row.seed)] + row.metrics.values.map(cell))
    }
    return writer.text
  }

  static func cell(_ value: MetricValue) -> String {
    switch value {
    case .integer(let x): return String(x)
    case .duration(let us): return CSVCell.milliseconds(us)
    case .optionalDuration(let us): return us.map(CSVCell.milliseconds) ?? ""
    case .ratio(let x): return CSVCell.decimal(x, places: 6)
    }
  }
}
