import PrefetchLab

/// Two results folders compared run by run (`prefetchlab compare BASE NEW`).
///
/// Rows pair by (scenario, strategy, seed): common random numbers give both runs of a pair the
/// same user, layout and network draws, so the paired difference isolates what changed (the
/// strategy's parameters, the code). Pairing first matches identical keys (parameters
/// included); a run left over on each side with the same scenario, strategy and seed but other
/// parameters is then paired with its counterpart (a parameter change). What still has no
/// partner is listed, never dropped.
///
/// Per (scenario, strategy) group and metric the comparison gives the means on both sides, the
/// mean paired difference (new − base) with its Student-t 95 % confidence interval, the test that
/// decides whether it is real (`PairedTest`: t, or an exact Wilcoxon or sign test where the normal
/// approximation is poor), the relative change and a verdict from the metric's polarity.
///
/// `init(folder:pair:registry:)` compares two strategies inside one folder instead
/// (`compare RESULTS --pair A B`), pairing their runs by scenario and seed.
public struct Comparison: Sendable {
  /// What a metric's paired differences say.
  public enum Verdict: String, Sendable, Equatable {
    /// Every paired difference is exactly zero.
    case same
    /// Moved the good way: significantly (`PairedTest.isSignificant`), or with n = 1.
    case better
    case worse
    /// A descriptive metric (no good direction) moved.
    case changed
    /// Not significant: the 95 % interval contains 0, or the exact test does not reject
    /// ("no clear winner").
    case notSignificant = "not_significant"
    /// No pair has a value on both sides (e.g. a ratio with an empty denominator).
    case noData = "no_data"
  }

  public struct MetricChange: Sendable {
    public var metric: String
    public var polarity: MetricPolarity
    /// Mean of the base values over the pairs where both sides have one (nil for n = 0).
    public var baseMean: Double?
    public var newMean: Double?
    /// The paired differences new − base and the test of them.
    public var test: PairedTest
    /// Mean difference / base mean; 0 when both are 0, nil when only the base mean is 0.
    public var relativeChange: Double?
    public var verdict: Verdict
    /// The paired differences new − base: n, mean and 95 % interval.
    public var difference: MeanEstimate { test.difference }
    /// Whether the test supports the verdict (false for n = 1 and for `same`).
    public var isSignificant: Bool { test.isSignificant }
  }

  public struct Group: Sendable {
    /// The scenario, or `Comparison.allScenarios` for the pairs of every scenario pooled.
    public var scenario: String
    /// The base side's strategy.
    public var strategy: String
    /// The new side's strategy: `strategy` when two folders are compared, the other strategy of
    /// a `--pair`.
    public var newStrategy: String
    public var baseParams: String
    public var newParams: String
    /// The paired seeds, ascending (with repeats when scenarios are pooled).
    public var seeds: [UInt64]
    /// Number of pairs (seeds × scenarios when pooled).
    public var pairs: Int
    public var changes: [MetricChange]
    /// For the pooled group of a population folder: how its seeds' values were weighted
    /// (`population mobile-mix: readers on LTE 60.0 %, …`); nil when pairs are pooled unweighted.
    public var weighting: String? = nil

    /// `fixed_threshold`, `fixed_threshold (ratio=0.7 → ratio=0.5)`, or for two strategies
    /// `infinite_scroll → directional_ranges`.
    public var label: String {
      guard strategy == newStrategy else {
        func named(_ strategy: String, _ params: String) -> String {
          params.isEmpty ? strategy : "\(strategy):\(params)"
        }
        return named(strategy, baseParams) + " → " + named(newStrategy, newParams)
      }
      if baseParams == newParams { return baseParams.isEmpty ? strategy : "\(strategy):\(baseParams)" }
      func shown(_ params: String) -> String { params.isEmpty ? "defaults" : params }
      return "\(strategy) (\(shown(baseParams)) → \(shown(newParams)))"
    }
  }

  /// The scenario name of the group that pools every scenario's pairs (`--pair` with several
  /// scenarios).
  public static let allScenarios = "(all scenarios)"

  public let basePath: String
  public let newPath: String
  /// The metrics compared: those in both folders (base order), filtered as asked.
  public let metrics: [String]
  public let groups: [Group]
  /// Runs without a partner, in file order.
  public let onlyInBase: [RunKey]
  public let onlyInNew: [RunKey]
  /// Metric columns present on one side only.
  public let metricsOnlyInBase: [String]
  public let metricsOnlyInNew: [String]
  /// Warnings about the pairing: scenario files or tool versions that differ.
  public let notes: [String]
  /// For `--pair`: the two strategies compared (base = A, new = B), as given; nil for two folders.
  public let pair: (a: String, b: String)?
  /// Why no run found a partner, when none did (`compare` says so and exits 1); nil otherwise.
  public let whyNothingPaired: String?

  init(
    basePath: String, newPath: String, metrics: [String], groups: [Group], onlyInBase: [RunKey],
    onlyInNew: [RunKey], metricsOnlyInBase: [String] = [], metricsOnlyInNew: [String] = [],
    notes: [String] = [], pair: (a: String, b: String)? = nil, whyNothingPaired: String? = nil
  ) {
    self.basePath = basePath
    self.newPath = newPath
    self.metrics = metrics
    self.groups = groups
    self.onlyInBase = onlyInBase
    self.onlyInNew = onlyInNew
    self.metricsOnlyInBase = metricsOnlyInBase
    self.metricsOnlyInNew = metricsOnlyInNew
    self.notes = notes
    self.pair = pair
    self.whyNothingPaired = groups.isEmpty ? whyNothingPaired ?? "no run has a partner" : nil
  }

  /// - Parameter metricFilter: compare only these metrics (each must exist in both folders), or
  ///   all common metrics when nil.
  /// - Throws: `ComparisonError.unknownMetric` for a filtered metric missing on a side.
  public init(base: ResultsFolder, new: ResultsFolder, metrics metricFilter: [String]? = nil)
    throws(ComparisonError)
  {
    let common = base.metricColumns.filter { new.metricColumns.contains($0) }
    let metrics = try Self.select(metricFilter, from: common)

    // 1. Identical keys.
    let newByKey = new.rowsByKey
    var pairs: [(base: RunRow, new: RunRow)] = []
    var usedNew = Set<RunKey>()
    var leftBase: [RunRow] = []
    for row in base.rows {
      if let partner = newByKey[row.key] {
        pairs.append((row, partner))
        usedNew.insert(row.key)
      } else {
        leftBase.append(row)
      }
    }
    // 2. Same scenario, strategy and seed, other parameters: pair when unambiguous.
    struct Loose: Hashable {
      var scenario: String
      var strategy: String
      var seed: UInt64
    }
    func loose(_ key: RunKey) -> Loose {
      Loose(scenario: key.scenario, strategy: key.strategy, seed: key.seed)
    }
    let leftNew = new.rows.filter { !usedNew.contains($0.key) }
    var newByLoose: [Loose: [RunRow]] = [:]
    for row in leftNew { newByLoose[loose(row.key), default: []].append(row) }
    var baseLooseCount: [Loose: Int] = [:]
    for row in leftBase { baseLooseCount[loose(row.key), default: 0] += 1 }
    var unpairedBase: [RunKey] = []
    for row in leftBase {
      let candidates = newByLoose[loose(row.key)] ?? []
      if candidates.count == 1 && baseLooseCount[loose(row.key)] == 1 {
        pairs.append((row, candidates[0]))
        usedNew.insert(candidates[0].key)
      } else {
        unpairedBase.append(row.key)
      }
    }
    let baseOrder = Dictionary(uniqueKeysWithValues: base.rows.enumerated().map { ($1.key, $0) })
    let groups = Self.groups(
      pairs.sorted(by: { baseOrder[$0.base.key]! < baseOrder[$1.base.key]! }), metrics: metrics)

    var notes: [String] = []
    if let baseManifest = base.manifest, let newManifest = new.manifest {
      if baseManifest.toolVersion != newManifest.toolVersion {
        notes.append(
          "made by prefetchlab \(baseManifest.toolVersion) (base) and \(newManifest.toolVersion) (new)")
      }
      if baseManifest.format != newManifest.format {
        notes.append(
          "manifest.json formats differ (\(baseManifest.format) in base, \(newManifest.format) in new): "
            + "scenarios not compared")
      }
      for entry in baseManifest.scenarios where baseManifest.format == newManifest.format {
        guard let other = newManifest.scenarios.first(where: { $0.name == entry.name }) else { continue }
        // The conditions (the strategy list aside: a parameter change is what pairs show), when known.
        let known = !entry.sha256WithoutStrategies.isEmpty && !other.sha256WithoutStrategies.isEmpty
        if known
          ? entry.sha256WithoutStrategies != other.sha256WithoutStrategies : entry.sha256 != other.sha256
        {
          notes.append(
            "scenario '\(entry.name)': the scenario differs between the runs, so differences include "
              + "the scenario change")
        } else if entry.inputs.map(\.sha256) != other.inputs.map(\.sha256) {
          notes.append("scenario '\(entry.name)': a trace file differs between the runs")
        }
      }
    }
    self.init(
      basePath: base.path, newPath: new.path, metrics: metrics, groups: groups, onlyInBase: unpairedBase,
      onlyInNew: new.rows.map(\.key).filter { !usedNew.contains($0) },
      metricsOnlyInBase: base.metricColumns.filter { !new.metricColumns.contains($0) },
      metricsOnlyInNew: new.metricColumns.filter { !base.metricColumns.contains($0) }, notes: notes,
      whyNothingPaired: pairs.isEmpty ? Self.whyNothingPairs(base: base.rows, new: new.rows) : nil)
  }

  /// `common` filtered to `filter` (each of which must be in it), or all of `common`.
  static func select(_ filter: [String]?, from common: [String]) throws(ComparisonError) -> [String] {
    guard let filter else { return common }
    for metric in filter where !common.contains(metric) {
      throw .unknownMetric(metric, available: common)
    }
    return common.filter { filter.contains($0) }
  }

  /// The pairs grouped by scenario, strategies and parameters, in the order the pairs come.
  /// - Parameter contest: judge as `Contest` does (two strategies of one folder): accumulating
  ///   metrics per minute, and no side's gain counts where its users abandon
  ///   significantly more than the other's.
  static func groups(_ pairs: [(base: RunRow, new: RunRow)], metrics: [String], contest: Bool = false)
    -> [Group]
  {
    struct GroupKey: Hashable {
      var scenario: String
      var strategy: String
      var newStrategy: String
      var baseParams: String
      var newParams: String
    }
    var order: [GroupKey] = []
    var members: [GroupKey: [(base: RunRow, new: RunRow)]] = [:]
    for pair in pairs {
      let key = GroupKey(
        scenario: pair.base.key.scenario, strategy: pair.base.key.strategy,
        newStrategy: pair.new.key.strategy,
        baseParams: pair.base.key.params, newParams: pair.new.key.params)
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(pair)
    }
    return order.map { key in
      let pairs = members[key] ?? []
      return Group(
        scenario: key.scenario, strategy: key.strategy, newStrategy: key.newStrategy,
        baseParams: key.baseParams, newParams: key.newParams, seeds: pairs.map(\.base.key.seed).sorted(),
        pairs: pairs.count,
        changes: contest
          ? contestChanges(metrics, pairs: pairs) : metrics.map { Comparison.change($0, pairs: pairs) })
    }
  }

  /// The changes of one group of two strategies judged as `Contest` judges them.
  static func contestChanges(_ metrics: [String], pairs: [(base: RunRow, new: RunRow)]) -> [MetricChange] {
    contestChanges(
      metrics.map { Comparison.change($0, pairs: pairs, value: Contest.comparableValue) },
      leaving: abandonmentTest(pairs))
  }

  /// `changes` with the gains of the side whose users leave significantly more (`leaving`, the
  /// paired test of `abandoned` new − base) voided.
  static func contestChanges(_ changes: [MetricChange], leaving: PairedTest) -> [MetricChange] {
    var changes = changes
    guard leaving.isSignificant, let mean = leaving.difference.mean, mean != 0 else { return changes }
    // The side whose users leave more gains nothing by it: its wins are not wins.
    let voided: Verdict = mean > 0 ? .better : .worse
    for index in changes.indices
    where changes[index].verdict == voided && changes[index].metric != MetricDefinition.abandoned.column {
      changes[index].verdict = .notSignificant
    }
    return changes
  }

  /// The paired test of `abandoned` new − base.
  static func abandonmentTest(_ pairs: [(base: RunRow, new: RunRow)]) -> PairedTest {
    let column = MetricDefinition.abandoned.column
    return PairedTest(
      pairs.compactMap { pair in
        guard let old = pair.base.value(column), let new = pair.new.value(column) else { return nil }
        return new - old
      })
  }

  static func change(
    _ metric: String, pairs: [(base: RunRow, new: RunRow)],
    value: (RunRow, String) -> Double? = { $0.value($1) }
  ) -> MetricChange {
    change(
      metric,
      values: pairs.compactMap { pair in
        guard let old = value(pair.base, metric), let new = value(pair.new, metric) else { return nil }
        return (old, new)
      })
  }

  /// The change of `metric` over paired values (base, new), in a fixed order.
  static func change(_ metric: String, values: [(base: Double, new: Double)]) -> MetricChange {
    let baseValues = values.map(\.base)
    let newValues = values.map(\.new)
    let differences = values.map { $0.new - $0.base }
    let polarity = MetricPolarity.of(metric)
    let test = PairedTest(differences)
    let difference = test.difference
    let baseMean = MeanEstimate(baseValues).mean
    var relative: Double?
    if let baseMean, let mean = difference.mean {
      relative = baseMean != 0 ? mean / abs(baseMean) : (mean == 0 ? 0 : nil)
    }
    let verdict: Verdict
    if differences.isEmpty {
      verdict = .noData
    } else if differences.allSatisfy({ $0 == 0 }) {
      verdict = .same
    } else if differences.count >= 2 && !test.isSignificant {
      verdict = .notSignificant
    } else {
      let mean = difference.mean ?? 0
      switch polarity {
      case .neutral: verdict = .changed
      case .lowerIsBetter: verdict = mean < 0 ? .better : (mean > 0 ? .worse : .notSignificant)
      case .higherIsBetter: verdict = mean > 0 ? .better : (mean < 0 ? .worse : .notSignificant)
      }
    }
    return MetricChange(
      metric: metric, polarity: polarity, baseMean: baseMean, newMean: MeanEstimate(newValues).mean,
      test: test, relativeChange: relative, verdict: verdict)
  }

  /// Number of metric changes with each verdict, over every group.
  public func count(_ verdict: Verdict) -> Int {
    groups.reduce(0) { $0 + $1.changes.filter { $0.verdict == verdict }.count }
  }

  /// Number of paired runs (the pooled group of `--pair` not counted twice).
  public var pairCount: Int {
    groups.filter { $0.scenario != Self.allScenarios }.reduce(0) { $0 + $1.pairs }
  }
}

/// A `compare` request that cannot be served.
public enum ComparisonError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownMetric(String, available: [String])
  /// `--pair` given the same strategy twice.
  case samePair(String)
  /// `--pair` names a strategy with no runs in the folder: the reason, naming those it has. A bad
  /// choice on the command line, not a folder that does not pair.
  case pairAbsent(String)

  public var description: String {
    switch self {
    case .pairAbsent(let why): return why
    case .unknownMetric(let metric, let available):
      return "no metric '\(metric)' in both folders (available: \(available.joined(separator: ", ")))"
    case .samePair(let label):
      return "both sides name the same strategy '\(label)': --pair compares two different strategies"
    }
  }
}
