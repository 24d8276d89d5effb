import PrefetchLab

/// `summary.csv`: one row per scenario × strategy × seed: the key columns, then every metric of
/// `MetricCatalogue` in its order, each cell formatted as its definition says (ms for durations,
/// empty cells for undefined ratios).
public enum SummaryTable {
  public static let keyColumns = ["scenario", "strategy", "params", "seed"]
  public static var columns: [String] { keyColumns + MetricCatalogue.columns }

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
        [row.scenario, row.strategy, row.params, String(row.seed)]
          + MetricCatalogue.all.map { $0.cell(in: row.metrics) })
    }
    return writer.text
  }
}
