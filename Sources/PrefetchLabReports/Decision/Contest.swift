import PrefetchLab

/// The one place that says whether one strategy is better than another: every best mark, Pareto
/// set, knee, headroom figure, `compare --pair` verdict, population rank and recommendation
/// derives from it (docs/metrics.md, "Comparisons and abandonment").
///
/// - Pairing: two contenders are compared on the keys both have a value for (a scenario's seeds),
///   by `PairedTest` on the paired differences — the same test `compare` uses.
/// - Abandonment: a contender whose users abandon significantly more (paired `abandoned`
///   differences) than another competing contender's is *ruled out*: it is never best,
///   Pareto-optimal, the knee, ranked or recommended, on any metric.
/// - Session length: a metric that accumulates over session time (`MetricCatalogue.accumulating`)
///   is compared per minute of the time it is counted over (`comparableValue`), so a shorter
///   session scores no better for being short.
/// - References (the oracle) are shown for scale and never compete.
///
/// Complexity: O(c² · n log n) to build (c contenders, n keys): the abandonment screen tests every
/// pair once.
public struct Contest: Sendable {
  public let contenders: [Contender]
  /// Indices that compete: neither a reference nor ruled out, in input order.
  public let competing: [Int]
  /// Indices ruled out for abandonment, each with a contender whose users abandon significantly
  /// less.
  public let ruledOut: [(index: Int, versus: Int)]

  /// A paired comparison's result for contender `a` against contender `b`.
  public enum Order: Sendable, Equatable {
    /// Significantly better (`PairedTest.isSignificant`), in the metric's better direction.
    case better
    case worse
    /// Different means that the seeds cannot tell apart, or a single pair (untested).
    case noClearDifference
    /// Every paired difference is zero.
    case same
    /// No key has a value on both sides, or the metric has no better direction.
    case noData
  }

  public init(_ contenders: [Contender]) {
    self.contenders = contenders
    let eligible = contenders.indices.filter { !contenders[$0].isReference }
    let abandonment = MetricDefinition.abandoned.column
    var ruledOut: [(Int, Int)] = []
    for index in eligible {
      // The contender whose users stay most among those that beat this one significantly.
      var versus: (Int, Double)? = nil
      for other in eligible where other != index {
        let test = Self.pairedTest(contenders[other].raw(abandonment), contenders[index].raw(abandonment))
        guard test.isSignificant, let mean = test.difference.mean, mean > 0 else { continue }
        if versus.map({ mean > $0.1 }) ?? true { versus = (other, mean) }
      }
      if let versus { ruledOut.append((index, versus.0)) }
    }
    self.ruledOut = ruledOut
    competing = eligible.filter { index in !ruledOut.contains { $0.0 == index } }
  }

  /// The strategies of one scenario, paired by seed.
  public init(_ strategies: [StrategyResults]) { self.init(strategies.map(Contender.init)) }

  // MARK: - Values

  /// A rate's minute: the numerator is divided by the time it is counted over, in ms, times this.
  public static let rateUnitMs = 60_000.0

  /// The accumulating metrics counted only after first content (docs/metrics.md's definitions of
  /// `blank_ms` and `mostly_blank_ms`): their rate divides by `session_ms − first_content_ms`, so
  /// a blank time per minute is the share of the displayed session that was blank and never
  /// exceeds 60 000. Stalled time is inside that span (the loading footer is blank), which is
  /// why the span does not leave stalls out.
  static let countedAfterFirstContent: Set<String> = [
    MetricDefinition.blankMs.column, MetricDefinition.mostlyBlankMs.column,
  ]

  /// The value comparisons read: `metric` per minute of the time it is counted over for an
  /// accumulating metric — `value × 60 000 / (session_ms − first_content_ms)` for blank times,
  /// `value × 60 000 / session_ms` for requests, data, radio time and energy (counted from the
  /// first request to the session's end, stalls included); nil when that span is not positive or
  /// (blank times) the run never showed content (`first_content_ms` empty; without that column,
  /// from the session's start), the value as written when the row has no session_ms. The
  /// summary.csv value otherwise.
  public static func comparableValue(_ row: RunRow, _ metric: String) -> Double? {
    guard let value = row.value(metric) else { return nil }
    guard MetricCatalogue.accumulates(metric) else { return value }
    // A summary without session_ms (written by hand, or cut down to a few columns) has no
    // span to divide by: its values are compared as written.
    guard let session = row.value(MetricDefinition.sessionMs.column) else { return value }
    var span = session
    if countedAfterFirstContent.contains(metric) {
      switch row.metrics[MetricDefinition.firstContentMs.column] {
      // No such column (a summary cut down to a few columns): counted from the start.
      case .none: break
      // Content never shown: no time was counted.
      case .some(.none): return nil
      case .some(.some(let first)): span -= first
      }
    }
    return span > 0 ? value * rateUnitMs / span : nil
  }

  /// The name comparisons give a metric: `blank_ms per min` for an accumulating one.
  public static func comparableName(_ metric: String) -> String {
    MetricCatalogue.accumulates(metric) ? metric + " per min" : metric
  }

  /// A strategy that is a reference, not a contender (a clairvoyant bound).
  public static func isReference(_ strategy: String) -> Bool {
    StrategyRegistry.builtIn.definition(named: strategy)?.isClairvoyant ?? false
  }

  /// Mean and 95 % interval of the comparable values of contender `index`.
  public func estimate(_ index: Int, _ metric: String) -> MeanEstimate {
    MeanEstimate(contenders[index].comparable(metric).map(\.value))
  }

  /// Whether contender `index` is ruled out for abandonment.
  public func isRuledOut(_ index: Int) -> Bool { ruledOut.contains { $0.index == index } }

  /// The paired test of `b − a` on the comparable values of `metric`, over the keys both have.
  public func test(_ a: Int, _ b: Int, _ metric: String) -> PairedTest {
    Self.pairedTest(contenders[a].comparable(metric), contenders[b].comparable(metric))
  }

  /// Contender `a` against contender `b` on `metric`, oriented by the metric's polarity.
  public func order(_ a: Int, _ b: Int, _ metric: String) -> Order {
    let polarity = MetricPolarity.of(metric)
    guard polarity != .neutral else { return .noData }
    let test = test(a, b, metric)
    guard test.difference.n > 0 else { return .noData }
    guard test.method != nil || test.difference.n < 2 else { return .same }
    if test.difference.n == 1 && test.difference.mean == 0 { return .same }
    guard test.isSignificant, let mean = test.difference.mean else { return .noClearDifference }
    // mean is b − a: positive means a is lower.
    let aLower = mean > 0
    return aLower == (polarity == .lowerIsBetter) ? .better : .worse
  }

  /// The competing contender with the best comparable mean on `metric` among `pool` (the first
  /// of equal means), nil when none has a value.
  public func leader(_ metric: String, among pool: [Int]) -> Int? {
    let sign: Double = MetricPolarity.of(metric) == .higherIsBetter ? -1 : 1
    var best: (Int, Double)? = nil
    for index in pool {
      guard let mean = estimate(index, metric).mean else { continue }
      if best.map({ sign * mean < $0.1 }) ?? true { best = (index, sign * mean) }
    }
    return best?.0
  }

  /// `pool` reduced to the contenders that the best mean on `metric` does not beat significantly,
  /// the leader first, then the others by mean; those without values dropped. `pool` itself
  /// when the metric has no better direction.
  public func notClearlyWorse(_ metric: String, among pool: [Int]) -> [Int] {
    guard MetricPolarity.of(metric) != .neutral, let leader = leader(metric, among: pool) else { return pool }
    let sign: Double = MetricPolarity.of(metric) == .higherIsBetter ? -1 : 1
    let rest = pool.filter {
      $0 != leader && estimate($0, metric).mean != nil && order(leader, $0, metric) != .better
    }
    return [leader] + rest.sorted { sign * estimate($0, metric).mean! < sign * estimate($1, metric).mean! }
  }

  /// Paired test of `b − a` over the keys both have, in `a`'s order.
  static func pairedTest(_ a: [(key: UInt64, value: Double)], _ b: [(key: UInt64, value: Double)])
    -> PairedTest
  {
    var other: [UInt64: Double] = [:]
    for pair in b { other[pair.key] = pair.value }
    return PairedTest(a.compactMap { pair in other[pair.key].map { $0 - pair.value } })
  }
}
