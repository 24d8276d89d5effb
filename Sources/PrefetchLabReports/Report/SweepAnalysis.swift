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
  /// Settings on the Pareto frontier of the comparable means (each metric oriented by its
  /// polarity; `ParetoSet`), in grid order.
  public let pareto: [Int]
  /// The frontier's settings by increasing x cost, then the knee among them, if any.
  public let frontier: [Int]
  public let knee: Int?
  /// Per Pareto-optimal setting (same order), the share of bootstrap resamples of the seeds in
  /// which it stays optimal (`ParetoSet`); nil without resampling.
  public let paretoStability: [Double?]
  /// Settings whose users abandon significantly more than another run's: never on the frontier.
  public let ruledOut: [Int]
  /// The recommendation among the settings (`Recommendation`, standard objective).
  public let recommendation: Recommendation
  /// The recommended setting, nil when no setting stands out.
  public let recommended: Int?
  /// What the trade-off says when no setting stalls measurably (`StallFreeTradeoff`, the report's
  /// rule): `paretoText` follows it.
  public let stallFree: StallFreeTradeoff
  /// The setting of each of the contest's contenders that is one.
  let settingOf: [Int: Int]

  public init(record: SweepRecord, scenario: ScenarioResults) {
    self.record = record
    self.scenario = scenario.name
    x = record.x
    y = record.y
    // The frontier, the knee and the recommendation are the contest's (`Contest`): settings whose
    // users abandon significantly more never count, and accumulating metrics are read per minute
    // (`Contest`). References compete in the abandonment screen but are never on the frontier.
    // The means shown and plotted are the contest's too, so the frontier is drawn through the
    // values it was chosen on.
    let contest = Contest(scenario.strategies)
    var byParams: [String: Int] = [:]
    var references: [Reference] = []
    // A setting is the swept strategy at one of the grid's parameter sets: the same strategy with
    // other parameters (`recyclerview` beside a `recyclerview:media=glide` grid) is a reference.
    let gridParams = Set(record.settings.map(\.params))
    for (index, strategy) in scenario.strategies.enumerated() {
      if strategy.strategy == record.strategy.name && gridParams.contains(strategy.params) {
        byParams[strategy.params] = index
      } else {
        references.append(
          Reference(
            label: strategy.label, xEstimate: contest.estimate(index, record.x),
            yEstimate: contest.estimate(index, record.y)))
      }
    }
    self.references = references
    points = record.settings.enumerated().map { index, setting in
      guard let strategy = byParams[setting.params] else {
        return Point(setting: index, strategy: nil, xEstimate: MeanEstimate([]), yEstimate: MeanEstimate([]))
      }
      return Point(
        setting: index, strategy: scenario.strategies[strategy],
        xEstimate: contest.estimate(strategy, record.x),
        yEstimate: contest.estimate(strategy, record.y))
    }
    var settingOf: [Int: Int] = [:]
    for point in points {
      guard let strategy = point.strategy,
        let index = scenario.strategies.firstIndex(where: { $0.label == strategy.label })
      else { continue }
      settingOf[index] = point.setting
    }
    let pool = settingOf.keys.sorted()
    self.settingOf = settingOf
    stallFree = StallFreeTradeoff(contest, x: record.x, y: record.y, among: pool)
    let set = ParetoSet(contest, x: record.x, y: record.y, among: pool)
    pareto = set.members.map { settingOf[$0]! }.sorted()
    paretoStability = pareto.map { setting in
      set.stability.isEmpty ? nil : set.stability[set.members.firstIndex { settingOf[$0] == setting }!]
    }
    ruledOut = contest.ruledOut.compactMap { settingOf[$0.index] }.sorted()
    // Both coordinates as costs: a higher-is-better metric is negated.
    func cost(_ metric: String, _ value: Double) -> Double {
      MetricPolarity.of(metric) == .higherIsBetter ? -value : value
    }
    let optimal: [(Int, (x: Double, y: Double))] = set.members.map { index in
      (
        settingOf[index]!,
        (
          cost(record.x, contest.estimate(index, record.x).mean!),
          cost(record.y, contest.estimate(index, record.y).mean!)
        )
      )
    }
    // Equal points are all optimal; the curve keeps the first of each.
    var curve: [(Int, (x: Double, y: Double))] = []
    for point in optimal.sorted(by: { ($0.1.x, $0.1.y, $0.0) < ($1.1.x, $1.1.y, $1.0) })
    where curve.last.map({ $0.1 != point.1 }) ?? true {
      curve.append(point)
    }
    frontier = curve.map(\.0)
    knee = KneePoint.kneedle(curve.map(\.1)).map { curve[$0].0 }
    let recommendation = Recommendation(contest, scope: scenario.name, among: pool)
    self.recommendation = recommendation
    recommended = recommendation.recommended.flatMap { settingOf[$0] }
  }

  /// The Pareto-optimal settings named, `; `-separated, at most `limit` of them (`… (12 in all)`);
  /// `–` when none has values. When no setting stalls measurably, as `StallFreeTradeoff` says (the
  /// report's rule): `none: no setting stalls (stall_ms 0 in every run); blank_ms–wasted_bytes
  /// frontier: …`, or the set followed by that frontier.
  public func paretoText(limit: Int = 8) -> String {
    let set = settingsText(pareto.enumerated().map { ($1, paretoStability[$0]) }, limit: limit)
    return stallFree.text(stallSet: set, noun: "setting") { frontier in
      settingsText(
        frontier.members.enumerated().compactMap { position, member in
          settingOf[member].map { ($0, frontier.stability.isEmpty ? nil : frontier.stability[position]) }
        }.sorted { $0.0 < $1.0 }, limit: limit)
    }
  }

  /// Settings with their stability, `; `-separated, at most `limit` of them; `–` for none.
  func settingsText(_ settings: [(setting: Int, stability: Double?)], limit: Int) -> String {
    guard !settings.isEmpty else { return "–" }
    let shown = settings.prefix(limit).map { setting, stability in
      name(setting) + (stability.map { " (\(DecimalFormat.fixed($0 * 100, places: 0)) %)" } ?? "")
    }.joined(separator: "; ")
    return settings.count > limit ? shown + "; … (\(settings.count) in all)" : shown
  }

  /// `ratio=0.3` or `ratio=0.7 (default)`.
  public func name(_ setting: Int) -> String {
    record.settingText(setting) + (record.isDefault(setting) ? " (default)" : "")
  }
}
