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
/// mean paired difference (new − base) with its Student-t 95 % confidence interval, the relative
/// change and a verdict from the metric's polarity.
public struct Comparison: Sendable {
  /// What a metric's paired differences say.
  public enum Verdict: String, Sendable, Equatable {
    /// Every paired difference is exactly zero.
    case same
    /// Moved the good way: significantly (the 95 % interval excludes 0), or with n = 1.
    case better
    case worse
    /// A descriptive metric (no good direction) moved.
    case changed
    /// The 95 % interval contains 0.
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
    /// The paired differences new − base: n, mean and 95 % interval.
    public var difference: MeanEstimate
    /// Mean difference / base mean; 0 when both are 0, nil when only the base mean is 0.
    public var relativeChange: Double?
    public var verdict: Verdict
    /// Whether the 95 % interval supports the verdict (false for n = 1 and for `same`).
    public var isSignificant: Bool { difference.excludesZero }
  }

  public struct Group: Sendable {
    public var scenario: String
    public var strategy: String
    public var baseParams: String
    public var newParams: String
    /// The paired seeds, ascending.
    public var seeds: [UInt64]
    public var changes: [MetricChange]

    /// `fixed_threshold` or `fixed_threshold (ratio=0.7 → ratio=0.5)`.
    public var label: String {
      if baseParams == newParams { return baseParams.isEmpty ? strategy : "\(strategy):\(baseParams)" }
      func shown(_ params: String) -> String { params.isEmpty ? "defaults" : params }
      return "\(strategy) (\(shown(baseParams)) → \(shown(newParams)))"
    }
  }

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

  /// - Parameter metricFilter: compare only these metrics (each must exist in both folders), or
  ///   all common metrics when nil.
  /// - Throws: `ComparisonError.unknownMetric` for a filtered metric missing on a side.
  public init(base: ResultsFolder, new: ResultsFolder, metrics metricFilter: [String]? = nil)
    throws(ComparisonError)
  {
    basePath = base.path
    newPath = new.path
    let common = base.metricColumns.filter { new.metricColumns.contains($0) }
    metricsOnlyInBase = base.metricColumns.filter { !new.metricColumns.contains($0) }
    metricsOnlyInNew = new.metricColumns.filter { !base.metricColumns.contains($0) }
    if let metricFilter {
      for metric in metricFilter where !common.contains(metric) {
        throw .unknownMetric(metric, available: common)
      }
      metrics = common.filter { metricFilter.contains($0) }
    } else {
      metrics = common
    }

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
    onlyInBase = unpairedBase
    onlyInNew = new.rows.map(\.key).filter { !usedNew.contains($0) }

    // Groups in base file order.
    struct GroupKey: Hashable {
      var scenario: String
      var strategy: String
      var baseParams: String
      var newParams: String
    }
    var order: [GroupKey] = []
    var members: [GroupKey: [(base: RunRow, new: RunRow)]] = [:]
    let baseOrder = Dictionary(uniqueKeysWithValues: base.rows.enumerated().map { ($1.key, $0) })
    for pair in pairs.sorted(by: { baseOrder[$0.base.key]! < baseOrder[$1.base.key]! }) {
      let key = GroupKey(
        scenario: pair.base.key.scenario, strategy: pair.base.key.strategy, baseParams: pair.base.key.params,
        newParams: pair.new.key.params)
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(pair)
    }
    let metrics = self.metrics
    groups = order.map { key in
      let pairs = members[key] ?? []
      return Group(
        scenario: key.scenario, strategy: key.strategy, baseParams: key.baseParams, newParams: key.newParams,
        seeds: pairs.map(\.base.key.seed).sorted(),
        changes: metrics.map { metric in Comparison.change(metric, pairs: pairs) })
    }

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
    self.notes = notes
  }

  static func change(_ metric: String, pairs: [(base: RunRow, new: RunRow)]) -> MetricChange {
    var baseValues: [Double] = []
    var newValues: [Double] = []
    var differences: [Double] = []
    for pair in pairs {
      guard let old = pair.base.value(metric), let new = pair.new.value(metric) else { continue }
      baseValues.append(old)
      newValues.append(new)
      differences.append(new - old)
    }
    let polarity = MetricPolarity.of(metric)
    let difference = MeanEstimate(differences)
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
    } else if differences.count >= 2 && !difference.excludesZero {
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
      difference: difference, relativeChange: relative, verdict: verdict)
  }

  /// Number of metric changes with each verdict, over every group.
  public func count(_ verdict: Verdict) -> Int {
    groups.reduce(0) { $0 + $1.changes.filter { $0.verdict == verdict }.count }
  }

  /// Number of paired runs.
  public var pairCount: Int { groups.reduce(0) { $0 + $1.seeds.count } }
}

/// A `compare` request that cannot be served.
public enum ComparisonError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownMetric(String, available: [String])

  public var description: String {
    switch self {
    case .unknownMetric(let metric, let available):
      return "no metric '\(metric)' in both folders (available: \(available.joined(separator: ", ")))"
    }
  }
}
