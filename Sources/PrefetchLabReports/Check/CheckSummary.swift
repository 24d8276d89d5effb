import PrefetchLab

/// What `check` opens with: per (scenario, strategy) and metric, the baseline's mean, the current
/// mean, the paired change with its 95 % interval and a verdict, over the seeds both sides ran.
///
/// Each (scenario, baseline strategy, current strategy) group is a two-contender `Contest`
/// (baseline and current, paired by seed), so the verdict follows the same rules as every other
/// comparison (docs/metrics.md, "Comparisons and abandonment"): significance by `PairedTest`, and
/// metrics that accumulate over session time read per minute.
///
/// Lines: the headline metrics (`Objective.standard.headline`: stall, blank, wasted data,
/// abandonment) of every group, then any other metric with a better direction that is
/// significantly worse in that group. A metric's line is a *gated regression* when it is
/// significantly worse and its mean change is beyond the metric's tolerance, read against the
/// baseline mean (`Tolerance.allows`, on the compared value: per minute for an accumulating metric).
///
/// Complexity: O(g · m · n log n) for g groups, m metrics, n seeds per group.
public struct CheckSummary: Sendable {
  public enum Verdict: String, Sendable, Equatable {
    case better
    case worse
    /// The means differ, but not significantly at the seeds run (or one seed: untested).
    case noClearChange = "no clear change"
    /// Every paired difference is zero.
    case same = "no change"
  }

  /// One (scenario, strategy) and metric.
  public struct Line: Sendable {
    public var scenario: String
    /// The strategy's registered name.
    public var strategy: String
    /// The baseline rows' params, and the current rows' (they differ for rows paired across a
    /// parameter change).
    public var params: String
    public var currentParams: String
    /// The metric's column; its values are per minute when it accumulates.
    public var metric: String
    public var base: MeanEstimate
    public var current: MeanEstimate
    /// Current − baseline, paired by seed.
    public var change: PairedTest
    public var verdict: Verdict
    /// Significantly worse and beyond the metric's tolerance: fails `CheckPolicy.Gate.significant`.
    public var isGatedRegression: Bool
    /// Significantly better and beyond the metric's tolerance.
    public var isGatedImprovement: Bool

    /// `fixed_threshold:ratio=0.7`, or `fixed_threshold: ratio=0.7 → ratio=0.5` for rows paired
    /// across a parameter change.
    public var strategyText: String {
      guard params != currentParams else { return params.isEmpty ? strategy : strategy + ":" + params }
      return strategy + ": " + (params.isEmpty ? "defaults" : params) + " → "
        + (currentParams.isEmpty ? "defaults" : currentParams)
    }
  }

  public let lines: [Line]
  /// Seeds per group, the smallest and the largest (equal in a regular check).
  public let seedCounts: ClosedRange<Int>?

  public var regressions: [Line] { lines.filter(\.isGatedRegression) }
  public var improvements: [Line] { lines.filter(\.isGatedImprovement) }

  /// The metrics every group shows.
  public static let headline = Objective.standard.headline

  /// - Parameters:
  ///   - pairs: the compared rows, sorted by the baseline key (groups keep that order).
  ///   - columns: the metric columns both sides have.
  ///   - tolerances: the tolerance of each column; a column without one is judged exactly.
  public init(pairs: [RowPair], columns: [String], tolerances: [String: Tolerance]) {
    var order: [GroupKey] = []
    var groups: [GroupKey: [RowPair]] = [:]
    for pair in pairs {
      let key = GroupKey(
        scenario: pair.base.key.scenario, strategy: pair.base.key.strategy, params: pair.base.key.params,
        currentParams: pair.new.key.params)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(pair)
    }
    let available = Set(columns)
    let headline = Self.headline.filter { available.contains($0) }
    let others = columns.filter { !headline.contains($0) && MetricPolarity.of($0) != .neutral }
    var lines: [Line] = []
    var counts: [Int] = []
    for key in order {
      let group = groups[key] ?? []
      counts.append(group.count)
      let contest = Contest([
        Self.contender(key.strategy, group.map(\.base)), Self.contender(key.strategy, group.map(\.new)),
      ])
      for metric in headline + others {
        guard let line = Self.line(key, metric, contest, tolerances[metric] ?? .exact) else { continue }
        if headline.contains(metric) || line.verdict == .worse { lines.append(line) }
      }
    }
    self.lines = lines
    seedCounts = counts.min().map { $0...(counts.max() ?? $0) }
  }

  struct GroupKey: Hashable {
    var scenario: String
    var strategy: String
    var params: String
    var currentParams: String
  }

  static func contender(_ strategy: String, _ rows: [RunRow]) -> Contender {
    Contender(
      label: strategy, strategy: strategy, isReference: false,
      comparable: { metric in
        rows.compactMap { row in Contest.comparableValue(row, metric).map { (row.key.seed, $0) } }
      },
      raw: { metric in rows.compactMap { row in row.value(metric).map { (row.key.seed, $0) } } })
  }

  static func line(_ key: GroupKey, _ metric: String, _ contest: Contest, _ tolerance: Tolerance) -> Line? {
    let verdict: Verdict
    switch contest.order(1, 0, metric) {
    case .better: verdict = .better
    case .worse: verdict = .worse
    case .noClearDifference: verdict = .noClearChange
    case .same: verdict = .same
    case .noData: return nil
    }
    let base = contest.estimate(0, metric)
    let change = contest.test(0, 1, metric)
    let beyond: Bool
    if let mean = change.difference.mean, let baseMean = base.mean {
      beyond = !tolerance.allows(difference: mean, base: baseMean)
    } else {
      beyond = false
    }
    return Line(
      scenario: key.scenario, strategy: key.strategy, params: key.params, currentParams: key.currentParams,
      metric: metric, base: base, current: contest.estimate(1, metric), change: change, verdict: verdict,
      isGatedRegression: verdict == .worse && beyond, isGatedImprovement: verdict == .better && beyond)
  }
}
