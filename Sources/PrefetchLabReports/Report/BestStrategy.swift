import PrefetchLab

/// The best strategy of a scenario on one metric, as reports mark it: only a strategy whose mean
/// is best *and* whose paired differences to every other strategy are significant
/// (`PairedTest.isSignificant`, pairing runs by seed) is a winner and shown in bold. Otherwise
/// the strategies that the best mean cannot be told apart from are reported together as "no
/// clear winner". With one seed nothing can be tested and the best mean is named as untested.
public struct BestStrategy: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    /// Better than every other strategy, significantly.
    case winner(Int)
    /// The best mean first, then every strategy not significantly worse than it.
    case noClearWinner([Int])
    /// The best mean (or tied best means) from a single seed: no test possible.
    case untested([Int])
    /// Every strategy has the same mean.
    case allEqual
    /// A metric without a better direction, or without values.
    case none
  }

  public let outcome: Outcome
  /// Strategies with a mean on the metric.
  let compared: Int

  /// - Parameter strategies: the scenario's strategies; values pair by seed.
  public init(_ strategies: [StrategyResults], metric: String) {
    let polarity = MetricPolarity.of(metric)
    // A reference (the oracle) bounds the others rather than competing with them.
    let estimates = strategies.map {
      Headroom.isReference($0.strategy) ? MeanEstimate([]) : $0.estimate(metric)
    }
    let means = estimates.enumerated().compactMap { index, estimate in estimate.mean.map { (index, $0) } }
    compared = means.count
    guard polarity != .neutral, !means.isEmpty else {
      outcome = .none
      return
    }
    let sign: Double = polarity == .lowerIsBetter ? 1 : -1
    let target = means.map { sign * $0.1 }.min()!
    let best = means.filter { sign * $0.1 == target }.map(\.0)
    if best.count == compared && compared > 1 {
      outcome = .allEqual
      return
    }
    let leader = best[0]
    if estimates[leader].n < 2 {
      outcome = .untested(best)
      return
    }
    let leaderValues = Self.valuesBySeed(strategies[leader], metric)
    var contenders: [Int] = []
    for (index, _) in means where index != leader {
      let other = Self.valuesBySeed(strategies[index], metric)
      // Other − leader, oriented so that "worse than the leader" is positive.
      let differences = leaderValues.keys.sorted().compactMap { seed in
        other[seed].map { sign * ($0 - leaderValues[seed]!) }
      }
      let test = PairedTest(differences)
      if !(test.isSignificant && (test.difference.mean ?? 0) > 0) { contenders.append(index) }
    }
    outcome = contenders.isEmpty ? .winner(leader) : .noClearWinner([leader] + contenders)
  }

  /// The index to show in bold, if any.
  public var winner: Int? {
    if case .winner(let index) = outcome { return index }
    return nil
  }

  /// `directional_ranges`; `no clear winner: a, b` (the best mean first, then those it cannot be
  /// told apart from) or, when that is every strategy, `no clear winner (best mean: a)`;
  /// `a (1 seed, untested)`; `all equal`; `–`.
  public func text(_ labels: [String]) -> String {
    switch outcome {
    case .winner(let index): return labels[index]
    case .noClearWinner(let indices):
      if indices.count == compared { return "no clear winner (best mean: \(labels[indices[0]]))" }
      return "no clear winner: " + indices.map { labels[$0] }.joined(separator: ", ")
    case .untested(let indices):
      return indices.map { labels[$0] }.joined(separator: ", ") + " (1 seed, untested)"
    case .allEqual: return "all equal"
    case .none: return "–"
    }
  }

  static func valuesBySeed(_ strategy: StrategyResults, _ metric: String) -> [UInt64: Double] {
    var values: [UInt64: Double] = [:]
    for row in strategy.rows { if let value = row.value(metric) { values[row.key.seed] = value } }
    return values
  }
}
