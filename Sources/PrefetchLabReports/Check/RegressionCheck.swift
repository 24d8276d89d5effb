import PrefetchLab

/// One metric of one run that moved beyond its tolerance.
public struct MetricChange: Sendable, Equatable {
  public enum Verdict: String, Sendable, Equatable {
    /// Moved the wrong way for its polarity, or became empty / stopped being empty.
    case regression
    case improvement
    /// A neutral metric (it describes the run rather than judging it) moved.
    case changed
  }

  /// The baseline row's key.
  public var key: RunKey
  /// The current row's params: `key.params` unless the row was paired across a parameter change.
  public var currentParams: String
  public var metric: String
  /// nil = empty cell (a ratio with an empty denominator, no items seen).
  public var base: Double?
  public var new: Double?
  public var tolerance: Tolerance
  public var polarity: MetricPolarity
  public var verdict: Verdict

  /// new − base, rounded to the decimals the two cells are written with; nil when a cell is empty.
  public var difference: Double? {
    guard let base, let new else { return nil }
    return MetricChange.difference(base: base, new: new)
  }

  /// The largest difference the tolerance allows for this baseline value; nil when a cell is empty.
  public var threshold: Double? { base.map { tolerance.threshold(base: $0) } }

  /// new − base rounded to the larger number of decimals of the two values as written (at most 9),
  /// which is the exact decimal difference: 15.1 − 10.1 is 5, not 5.000000000000002.
  static func difference(base: Double, new: Double) -> Double {
    let places = min(9, max(decimals(base), decimals(new)))
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return ((new - base) * scale).rounded() / scale
  }

  /// Decimals of the shortest text that reads back as `value` (what summary.csv holds).
  static func decimals(_ value: Double) -> Int {
    let text = DecimalFormat.shortest(value)
    guard let dot = text.firstIndex(of: ".") else { return 0 }
    return text.distance(from: dot, to: text.endIndex) - 1
  }
}

/// A baseline row and a current row paired although their params differ: the only rows of their
/// (scenario, strategy, seed) on either side, so the current one is the same run with the
/// strategy's parameters changed (in the scenario's strategy list, say). Their metrics are compared.
public struct ParameterChange: Sendable, Equatable {
  public var baseline: RunKey
  public var current: RunKey

  public init(baseline: RunKey, current: RunKey) {
    self.baseline = baseline
    self.current = current
  }

  /// `reader-lte / fixed_threshold / seed 1: defaults → ratio=0.5`.
  public var description: String {
    let before = baseline.params.isEmpty ? "defaults" : baseline.params
    let after = current.params.isEmpty ? "defaults" : current.params
    return "\(baseline.scenario) / \(baseline.strategy) / seed \(baseline.seed): \(before) → \(after)"
  }
}

/// How `check` judges differences beyond the metric comparison itself.
public struct CheckPolicy: Sendable, Equatable {
  /// What fails the check (`--gate`).
  public enum Gate: String, Sendable, Equatable, CaseIterable {
    /// Every run's metric beyond its tolerance (`regressions`): the same scenario, seed and build
    /// give byte-identical rows, so any difference is a change of behaviour. The default, and
    /// what this repository's own CI uses.
    case exact
    /// Only a significant regression of a gated metric (`CheckSummary`): the paired change over
    /// the seeds of a (scenario, strategy) is significantly worse (`Contest`, paired by seed) and
    /// its mean is beyond the metric's tolerance. For a team's gate, where a change is meant to
    /// move numbers and only a worse result should stop it.
    case significant
  }

  public var tolerances: Tolerances
  /// Improvements fail too, forcing a deliberate baseline refresh (significant ones only under
  /// `Gate.significant`).
  public var failOnImprovement: Bool
  /// Every difference fails: improvements, neutral metric changes, parameter changes, extra rows
  /// and extra columns. Exact gate only.
  public var failOnAnyChange: Bool
  public var gate: Gate

  public init(
    tolerances: Tolerances = Tolerances(), failOnImprovement: Bool = false, failOnAnyChange: Bool = false,
    gate: Gate = .exact
  ) {
    self.tolerances = tolerances
    self.failOnImprovement = failOnImprovement
    self.failOnAnyChange = failOnAnyChange
    self.gate = gate
  }
}

/// The verdict of `check`, in order of precedence.
public enum CheckOutcome: Sendable, Equatable {
  /// Everything compared is within tolerance (exit 0).
  case pass
  /// A regression, a missing row or column, or (as the policy says) an improvement or other
  /// change (exit 2).
  case regression
  /// Nothing failed among the compared rows, but the baseline was made from other inputs
  /// (exit 3): refresh it.
  case fingerprintMismatch
}

/// The comparison of a results folder against a baseline (`prefetchlab check`, docs/ci.md).
///
/// Rows are paired by (scenario, strategy, params, seed) — common random numbers make such rows
/// directly comparable — and compared column by column over the metric columns both sides have.
/// Each change beyond its tolerance is a regression or an improvement by `MetricPolarity`; a
/// neutral metric's change is reported as changed. A cell that becomes empty or stops being
/// empty cannot be ordered and counts as a regression (changed, for neutral metrics).
///
/// A baseline row without a current row of the same key is paired with the current row of the
/// same scenario, strategy and seed when each side has exactly one such row left: a parameter
/// change (`parameterChanges`), compared like any pair. Rows and columns still present on one
/// side only are reported by name: missing ones (in the baseline only) fail, extra ones (in the
/// current results only) fail only with `failOnAnyChange`. Rows that the fingerprint excludes
/// are listed apart and not compared.
public struct RegressionCheck: Sendable {
  public let baseline: ResultsFolder
  public let current: ResultsFolder
  public let policy: CheckPolicy

  public let fingerprint: FingerprintComparison
  /// Sorted by run key, then metric in the baseline's column order.
  public let regressions: [MetricChange]
  public let improvements: [MetricChange]
  /// Changes of neutral metrics.
  public let neutralChanges: [MetricChange]
  /// Rows paired across a change of their params, sorted by the baseline key.
  public let parameterChanges: [ParameterChange]
  /// Comparable rows in the baseline only / in the current results only, sorted.
  public let missingRows: [RunKey]
  public let extraRows: [RunKey]
  /// Metric columns in the baseline only / in the current results only, in file order.
  public let missingColumns: [String]
  public let extraColumns: [String]
  /// Rows left out because the fingerprint excludes them, from both sides, sorted.
  public let excludedRows: [RunKey]
  /// Rows compared (present and comparable on both sides) and metric columns compared.
  public let comparedRows: Int
  public let comparedColumns: [String]
  /// The compared rows, baseline and current, sorted by the baseline key.
  public let pairs: [RowPair]
  /// The tolerance of each compared column.
  public let tolerancesByMetric: [String: Tolerance]
  /// Per (scenario, strategy) and metric over the paired seeds: what the check opens with and
  /// what `Gate.significant` judges.
  public let summary: CheckSummary

  /// - Parameter replay: when `current` is a fresh run of `baseline`, what the replay found
  ///   changed in the baseline's inputs (`RecordedExperiment.issues`).
  public init(
    baseline: ResultsFolder, current: ResultsFolder, policy: CheckPolicy = CheckPolicy(),
    replay: [FingerprintComparison.Issue] = []
  ) {
    self.baseline = baseline
    self.current = current
    self.policy = policy
    let fingerprint = FingerprintComparison(
      baseline: baseline.manifest, current: current.manifest, baselineFolder: baseline.path,
      currentFolder: current.path, replay: replay)
    self.fingerprint = fingerprint

    let currentColumns = Set(current.metricColumns)
    let baselineColumns = Set(baseline.metricColumns)
    let columns = baseline.metricColumns.filter { currentColumns.contains($0) }
    comparedColumns = columns
    missingColumns = baseline.metricColumns.filter { !currentColumns.contains($0) }
    extraColumns = current.metricColumns.filter { !baselineColumns.contains($0) }

    var kinds: [String: MetricKind] = [:]
    for column in columns {
      let values = baseline.rows.map { $0.value(column) } + current.rows.map { $0.value(column) }
      kinds[column] = MetricKind.of(column, values: values)
    }

    let baselineByKey = baseline.rowsByKey
    let currentByKey = current.rowsByKey
    var excluded: [RunKey] = []
    var pairs: [(base: RunRow, new: RunRow)] = []
    var missing: [RunKey] = []
    for row in baseline.rows.sorted(by: { $0.key < $1.key }) {
      if !fingerprint.isComparable(row.key) {
        excluded.append(row.key)
      } else if let other = currentByKey[row.key] {
        pairs.append((row, other))
      } else {
        missing.append(row.key)
      }
    }
    var extra: [RunKey] = []
    for row in current.rows.sorted(by: { $0.key < $1.key }) where baselineByKey[row.key] == nil {
      if fingerprint.isComparable(row.key) { extra.append(row.key) } else { excluded.append(row.key) }
    }

    // A lone missing row and a lone extra row of the same scenario, strategy and seed: the same
    // run with other parameters.
    func slot(_ key: RunKey) -> RunKey {
      RunKey(scenario: key.scenario, strategy: key.strategy, params: "", seed: key.seed)
    }
    let missingBySlot = Dictionary(grouping: missing, by: slot)
    let extraBySlot = Dictionary(grouping: extra, by: slot)
    var parameterChanges: [ParameterChange] = []
    for key in missing {
      guard missingBySlot[slot(key)]?.count == 1, let extras = extraBySlot[slot(key)], extras.count == 1,
        let base = baselineByKey[key], let new = currentByKey[extras[0]]
      else { continue }
      parameterChanges.append(ParameterChange(baseline: key, current: extras[0]))
      pairs.append((base, new))
    }
    let pairedBaseline = Set(parameterChanges.map(\.baseline))
    let pairedCurrent = Set(parameterChanges.map(\.current))
    missing.removeAll { pairedBaseline.contains($0) }
    extra.removeAll { pairedCurrent.contains($0) }
    pairs.sort { $0.base.key < $1.base.key }

    var tolerancesByMetric: [String: Tolerance] = [:]
    for column in columns {
      tolerancesByMetric[column] = policy.tolerances.tolerance(for: column, kind: kinds[column] ?? .count)
    }
    var regressions: [MetricChange] = []
    var improvements: [MetricChange] = []
    var neutral: [MetricChange] = []
    for (row, other) in pairs {
      for column in columns {
        let tolerance = tolerancesByMetric[column] ?? .exact
        guard
          let change = Self.judge(
            key: row.key, metric: column, base: row.value(column), new: other.value(column),
            tolerance: tolerance,
            currentParams: other.key.params)
        else { continue }
        switch change.verdict {
        case .regression: regressions.append(change)
        case .improvement: improvements.append(change)
        case .changed: neutral.append(change)
        }
      }
    }
    self.regressions = regressions
    self.improvements = improvements
    self.neutralChanges = neutral
    self.parameterChanges = parameterChanges
    self.missingRows = missing
    self.extraRows = extra
    self.excludedRows = excluded.sorted()
    self.comparedRows = pairs.count
    let rowPairs = pairs.map { RowPair(base: $0.base, new: $0.new) }
    self.pairs = rowPairs
    self.tolerancesByMetric = tolerancesByMetric
    self.summary = CheckSummary(pairs: rowPairs, columns: columns, tolerances: tolerancesByMetric)
  }

  /// The change of one metric of one run, or nil when it is within tolerance.
  public static func judge(
    key: RunKey, metric: String, base: Double?, new: Double?, tolerance: Tolerance,
    currentParams: String? = nil
  ) -> MetricChange? {
    let polarity = MetricPolarity.of(metric)
    let verdict: MetricChange.Verdict
    switch (base, new) {
    case (nil, nil):
      return nil
    case (let base?, let new?):
      let difference = MetricChange.difference(base: base, new: new)
      if tolerance.allows(difference: difference, base: base) { return nil }
      switch polarity {
      case .neutral: verdict = .changed
      case .lowerIsBetter: verdict = difference > 0 ? .regression : .improvement
      case .higherIsBetter: verdict = difference < 0 ? .regression : .improvement
      }
    default:
      verdict = polarity == .neutral ? .changed : .regression
    }
    return MetricChange(
      key: key, currentParams: currentParams ?? key.params, metric: metric, base: base, new: new,
      tolerance: tolerance, polarity: polarity, verdict: verdict)
  }

  /// Why the check fails under its policy, one short phrase each (empty when it passes), e.g.
  /// `3 regressions`, `1 missing row`; under `Gate.significant`, `1 significant regression`.
  public var failures: [String] {
    var reasons: [String] = []
    func add(_ count: Int, _ noun: String) {
      if count > 0 { reasons.append("\(count) \(noun)\(count == 1 ? "" : "s")") }
    }
    if policy.gate == .significant {
      add(summary.regressions.count, "significant regression")
      add(missingRows.count, "missing row")
      add(missingColumns.count, "missing column")
      if policy.failOnImprovement { add(summary.improvements.count, "significant improvement") }
      return reasons
    }
    add(regressions.count, "regression")
    add(missingRows.count, "missing row")
    add(missingColumns.count, "missing column")
    if policy.failOnImprovement || policy.failOnAnyChange { add(improvements.count, "improvement") }
    if policy.failOnAnyChange {
      add(neutralChanges.count, "neutral change")
      add(parameterChanges.count, "parameter change")
      add(extraRows.count, "extra row")
      add(extraColumns.count, "extra column")
    }
    return reasons
  }

  public var outcome: CheckOutcome {
    if !failures.isEmpty { return .regression }
    if !fingerprint.isMatch { return .fingerprintMismatch }
    return .pass
  }
}
