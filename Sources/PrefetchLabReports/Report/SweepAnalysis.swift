import PrefetchLab

/// One scenario of a sweep read back: each setting's mean on the two trade-off metrics, the
/// Pareto-optimal settings and the knee (`KneePoint.kneedle` on the frontier). What the sweep
/// plots, the report's sweep section and `sweep`'s closing lines show.
public struct SweepAnalysis: Sendable {
  public let record: SweepRecord
  public let scenario: String
  /// The trade-off's metrics as catalogued (x, y).
  public let x: String
  public let y: String

  public struct Point: Sendable {
    /// Index into `record.settings`.
    public var setting: Int
    /// The setting's rows in this scenario; nil when it has none (e.g. one shard's folder).
    public var strategy: StrategyResults?
    public var xEstimate: MeanEstimate
    public var yEstimate: MeanEstimate
  }

  /// One per setting, in grid order.
  public let points: [Point]

  /// A strategy run beside the grid (`--reference`): any of the scenario's strategies but the
  /// swept one, in summary.csv order. Shown for scale; never on the frontier or the knee.
  public struct Reference: Sendable {
    /// `paging3` or `paging3:prefetch_distance=20`.
    public var label: String
    public var xEstimate: MeanEstimate
    public var yEstimate: MeanEstimate
  }

  public let references: [Reference]
  /// Settings on the Pareto frontier of the means (each metric oriented by its polarity), in
  /// grid order.
  public let pareto: [Int]
  /// The frontier's settings by increasing x cost, then the knee among them, if any.
  public let frontier: [Int]
  public let knee: Int?

  public init(record: SweepRecord, scenario: ScenarioResults) {
    self.record = record
    self.scenario = scenario.name
    x = record.x
    y = record.y
    var byParams: [String: StrategyResults] = [:]
    var references: [Reference] = []
    for strategy in scenario.strategies {
      if strategy.strategy == record.strategy.name {
        byParams[strategy.params] = strategy
      } else {
        references.append(
          Reference(
            label: strategy.label, xEstimate: strategy.estimate(record.x),
            yEstimate: strategy.estimate(record.y)))
      }
    }
    self.references = references
    points = record.settings.enumerated().map { index, setting in
      let strategy = byParams[setting.params]
      return Point(
        setting: index, strategy: strategy, xEstimate: strategy?.estimate(record.x) ?? MeanEstimate([]),
        yEstimate: strategy?.estimate(record.y) ?? MeanEstimate([]))
    }
    // Both coordinates as costs: a higher-is-better metric is negated.
    func cost(_ metric: String, _ value: Double) -> Double {
      MetricPolarity.of(metric) == .higherIsBetter ? -value : value
    }
    let present = points.compactMap { point -> (Int, (x: Double, y: Double))? in
      guard let mx = point.xEstimate.mean, let my = point.yEstimate.mean else { return nil }
      return (point.setting, (cost(record.x, mx), cost(record.y, my)))
    }
    let optimal = ParetoFrontier.optimalIndices(present.map(\.1)).map { present[$0] }
    pareto = optimal.map(\.0)
    // Equal points are all optimal; the curve keeps the first of each.
    var curve: [(Int, (x: Double, y: Double))] = []
    for point in optimal.sorted(by: { ($0.1.x, $0.1.y, $0.0) < ($1.1.x, $1.1.y, $1.0) })
    where curve.last.map({ $0.1 != point.1 }) ?? true {
      curve.append(point)
    }
    frontier = curve.map(\.0)
    knee = KneePoint.kneedle(curve.map(\.1)).map { curve[$0].0 }
  }

  /// The Pareto-optimal settings named, `; `-separated, at most `limit` of them (`… (12 in all)`);
  /// `–` when none has values.
  public func paretoText(limit: Int = 8) -> String {
    guard !pareto.isEmpty else { return "–" }
    let shown = pareto.prefix(limit).map(name).joined(separator: "; ")
    return pareto.count > limit ? shown + "; … (\(pareto.count) in all)" : shown
  }

  /// `ratio=0.3` or `ratio=0.7 (default)`.
  public func name(_ setting: Int) -> String {
    record.settingText(setting) + (record.isDefault(setting) ? " (default)" : "")
  }
}
