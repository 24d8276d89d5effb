import PrefetchLab

/// The best strategy of a scenario on one metric, as reports mark it: only a strategy whose mean
/// is best *and* whose paired differences to every other strategy are significant
/// (`PairedTest.isSignificant`, pairing runs by seed) is a winner and shown in bold. Otherwise
/// the strategies that the best mean cannot be told apart from are reported together as "no
/// clear winner". With one seed nothing can be tested and the best mean is named as untested.
/// Who competes and on which values is `Contest`'s to say.
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
    self.init(Contest(strategies), metric: metric)
  }

  /// The best of `contest`'s competing contenders on `metric`: references (the oracle) and
  /// contenders ruled out for abandonment never win, and accumulating metrics are compared per
  /// minute (`Contest`).
  public init(_ contest: Contest, metric: String) {
    let polarity = MetricPolarity.of(metric)
    let pool = contest.competing.filter { contest.estimate($0, metric).mean != nil }
    compared = pool.count
    guard polarity != .neutral, !pool.isEmpty else {
      outcome = .none
      return
    }
    let sign: Double = polarity == .lowerIsBetter ? 1 : -1
    let means = pool.map { (index: $0, mean: sign * contest.estimate($0, metric).mean!) }
    let target = means.map(\.mean).min()!
    let best = means.filter { $0.mean == target }.map(\.index)
    if best.count == compared && compared > 1 {
      outcome = .allEqual
      return
    }
    let leader = best[0]
    if contest.estimate(leader, metric).n < 2 {
      outcome = .untested(best)
      return
    }
    let contenders = pool.filter { $0 != leader && contest.order(leader, $0, metric) != .better }
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
}
