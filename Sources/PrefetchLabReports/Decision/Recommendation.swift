import PrefetchLab

/// What `prefetchlab recommend`, the report's overview and `sweep`'s closing line say for one
/// scenario (or one population): the strategy to use, the runner-up, what the choice costs on the
/// headline metrics, and why — or that the seeds run cannot tell the best apart.
///
/// The rule (docs/reports.md, "Recommendations"): among the contest's competing contenders (no
/// reference, none ruled out for abandonment) that keep every limit, the objective's metrics are
/// taken in order; at each, the contenders the best mean beats significantly drop out
/// (`Contest.notClearlyWorse`). One left is the recommendation; several left after the last metric
/// are "no clear winner". The runner-up is what the same rule picks once the recommendation is
/// set aside (its best mean when that is a tie).
public struct Recommendation: Sendable {
  /// The scenario's name, or the population's.
  public let scope: String
  public let labels: [String]
  /// Seeds (pairing keys) of the competing contenders, at most.
  public let seeds: Int
  public let objective: Objective
  /// The recommended contender's index; nil when none stands out or none is eligible.
  public let recommended: Int?
  /// With no clear winner: the contenders left, best mean first.
  public let tied: [Int]
  public let runnerUp: Int?
  /// One phrase per objective metric that decided.
  public let reasons: [String]
  /// Contenders not considered, with why (ruled out for abandonment, over a limit).
  public let excluded: [(index: Int, why: String)]
  /// The chosen contender against the runner-up (or a tie's `comparedPair`) per headline metric.
  public let costs: [Cost]
  /// With no clear winner: about how many seeds would likely separate `comparedPair` (80 % power
  /// at the 5 % level of a paired comparison, normal approximation: n = (z₀.₉₇₅ + z₀.₈)² s² / d²,
  /// at least 6, the fewest an exact test can decide on); nil when their means are equal.
  public let seedsToSeparate: Int?
  /// With no clear winner and no seed estimate for `comparedPair`, why there is none:
  /// `identical on every objective` (every paired difference 0: no number of seeds separates
  /// them), `equal means on every objective` (more seeds would not separate them either), or
  /// `1 seed: no spread to estimate from`; nil otherwise. `tieNote` is what is printed.
  public let noSeedEstimate: String?
  /// The runner-up was taken by best mean among contenders the rule could not tell apart (the
  /// tie-break); false when the rule picked it alone or there is none.
  public let runnerUpByMean: Bool
  /// With no clear winner: the other contenders left that are identical to the first on every
  /// objective metric (every paired difference 0), in `tied`'s order.
  public let identicalToFirst: [Int]
  /// With no clear winner: the two contenders the seed estimate and the costs are about — the
  /// first and the best-placed one left that is not identical to it (the first two when all are).
  public let comparedPair: (first: Int, other: Int)?
  /// With no clear winner: per objective metric, the paired test of `comparedPair` (keys paired,
  /// p-value; p is nil where every difference is 0).
  public let pairTests: [(metric: String, test: PairedTest)]
  /// The contenders that competed: in the pool asked for and keeping every limit, input order.
  public let eligible: [Int]
  /// The pool asked for (`among`), nil for every competing contender.
  public let pool: [Int]?
  /// The contest decided on, kept for `costWarning`.
  let contest: Contest

  public struct Cost: Sendable {
    public var metric: String
    /// Comparable values (`Contest.comparableValue`) of the chosen contender.
    public var chosen: MeanEstimate
    public var other: MeanEstimate?
    /// chosen − other, paired.
    public var difference: PairedTest?
  }

  /// - Parameter pool: the contenders that may be recommended (e.g. a sweep's settings, not its
  ///   references); every competing one when nil.
  public init(_ contest: Contest, scope: String, objective: Objective = .standard, among pool: [Int]? = nil) {
    self.scope = scope
    self.objective = objective
    self.contest = contest
    self.pool = pool
    labels = contest.contenders.map(\.label)
    var excluded: [(Int, String)] = []
    for (index, versus) in contest.ruledOut where pool?.contains(index) ?? true {
      excluded.append(
        (index, "its users abandon significantly more than \(contest.contenders[versus].label)'s"))
    }
    let allowed = pool
    var pool: [Int] = []
    for index in contest.competing where allowed?.contains(index) ?? true {
      let broken = objective.limits.first { limit in
        guard let mean = MeanEstimate(contest.contenders[index].raw(limit.metric).map(\.value)).mean else {
          return true
        }
        return !limit.admits(mean)
      }
      if let broken {
        excluded.append((index, "over the limit \(broken)"))
      } else {
        pool.append(index)
      }
    }
    self.excluded = excluded.sorted { $0.0 < $1.0 }
    eligible = pool
    seeds =
      pool.map { index in objective.metrics.map { contest.estimate(index, $0).n }.max() ?? 0 }.max() ?? 0
    let first = Self.select(contest, pool, objective)
    reasons = first.reasons
    var pairFor: (Int, Int)? = nil
    if first.left.count == 1 {
      recommended = first.left[0]
      tied = []
      let second = Self.select(contest, pool.filter { $0 != first.left[0] }, objective)
      runnerUp = second.left.first
      runnerUpByMean = second.left.count > 1
      if let runnerUp { pairFor = (first.left[0], runnerUp) }
      seedsToSeparate = nil
      noSeedEstimate = nil
      identicalToFirst = []
      comparedPair = nil
      pairTests = []
    } else {
      recommended = nil
      tied = first.left
      runnerUp = nil
      runnerUpByMean = false
      // A contender identical to the first says nothing about how far apart the rest are: the
      // estimate is about the first and the best-placed one that differs from it.
      let left = first.left
      let identical = left.dropFirst().filter { Self.isIdentical(contest, left[0], $0, objective) }
      identicalToFirst = identical
      if left.count >= 2 {
        pairFor = (left[0], left.dropFirst().first { !identical.contains($0) } ?? left[1])
      }
      comparedPair = pairFor.map { (first: $0.0, other: $0.1) }
      pairTests =
        pairFor.map { pair in objective.metrics.map { ($0, contest.test(pair.0, pair.1, $0)) } } ?? []
      seedsToSeparate = pairFor.flatMap { Self.seedsToSeparate(contest, $0.0, $0.1, objective) }
      noSeedEstimate =
        seedsToSeparate != nil
        ? nil : pairFor.map { Self.whyNoSeedEstimate(contest, $0.0, $0.1, objective) }
    }
    if let (chosen, other) = pairFor {
      costs = objective.headline.map { metric in
        Cost(
          metric: metric, chosen: contest.estimate(chosen, metric), other: contest.estimate(other, metric),
          difference: contest.test(other, chosen, metric))
      }
    } else if let only = first.left.first {
      costs = objective.headline.map { Cost(metric: $0, chosen: contest.estimate(only, $0)) }
    } else {
      costs = []
    }
  }

  /// The strategies of one scenario.
  public init(_ scenario: ScenarioResults, objective: Objective = .standard) {
    self.init(Contest(scenario.strategies), scope: scenario.name, objective: objective)
  }

  /// The contenders the rule keeps from `pool`, and the phrases saying why.
  static func select(_ contest: Contest, _ pool: [Int], _ objective: Objective) -> (
    left: [Int], reasons: [String]
  ) {
    var left = pool.filter { index in objective.metrics.allSatisfy { contest.estimate(index, $0).mean != nil }
    }
    var reasons: [String] = []
    for metric in objective.metrics where left.count > 1 {
      let kept = contest.notClearlyWorse(metric, among: left)
      let dropped = left.filter { !kept.contains($0) }
      let name = Contest.comparableName(metric)
      if kept.count == 1 {
        reasons.append("best \(name), significantly ahead of " + others(dropped, contest))
      } else if !dropped.isEmpty {
        reasons.append(
          "\(name): " + kept.map { contest.contenders[$0].label }.joined(separator: ", ")
            + " cannot be told apart, ahead of " + others(dropped, contest))
      } else {
        reasons.append("\(name): no clear difference")
      }
      left = kept
    }
    return (left, reasons)
  }

  /// `a, b` for up to three, else `12 others`.
  static func others(_ indices: [Int], _ contest: Contest) -> String {
    indices.count <= 3
      ? indices.map { contest.contenders[$0].label }.joined(separator: ", ") : "\(indices.count) others"
  }

  /// The smallest seed count, over the objective's metrics, that would likely separate `a` and `b`.
  static func seedsToSeparate(_ contest: Contest, _ a: Int, _ b: Int, _ objective: Objective) -> Int? {
    // (1.959964 + 0.841621)²: two-sided 5 % level, 80 % power.
    let factor = 7.848879
    var best: Int? = nil
    for metric in objective.metrics {
      let difference = contest.test(a, b, metric).difference
      guard let mean = difference.mean, mean != 0, let sd = difference.standardDeviation else { continue }
      let ratio = sd / abs(mean)
      let n = max(6, Int((factor * ratio * ratio).rounded(.up)))
      best = min(best ?? n, n)
    }
    return best
  }

  /// Whether every paired difference of `a` and `b` is 0 on every objective metric (over at
  /// least one shared key).
  static func isIdentical(_ contest: Contest, _ a: Int, _ b: Int, _ objective: Objective) -> Bool {
    objective.metrics.allSatisfy { metric in
      let difference = contest.test(a, b, metric).difference
      return difference.n > 0 && difference.mean == 0 && (difference.standardDeviation ?? 0) == 0
    }
  }

  /// Why `seedsToSeparate` found no estimate for `a` and `b` (see `noSeedEstimate`).
  static func whyNoSeedEstimate(_ contest: Contest, _ a: Int, _ b: Int, _ objective: Objective) -> String {
    let tests = objective.metrics.map { contest.test(a, b, $0).difference }
    if tests.allSatisfy({ $0.n < 2 }) { return "1 seed: no spread to estimate from" }
    if tests.allSatisfy({ ($0.mean ?? 0) == 0 && ($0.standardDeviation ?? 0) == 0 }) {
      return "identical on every objective: no number of seeds separates them"
    }
    return "equal means on every objective: more seeds would not separate them"
  }

  /// With no clear winner, what is true of the contenders left, as `recommend` (text and CSV)
  /// and `sweep`'s closing line print it after the verdict; nil otherwise. `identical on every objective: …` only
  /// when every one of them is identical to the first; else which are, then the compared pair's
  /// p-values at the seeds run and about how many seeds would likely separate them (or why no
  /// number is given):
  /// `a, c identical on every objective; a against b not significantly different at 3 seeds
  /// (stall_ms p=0.31, blank_ms per min p=0.52): about 14 seeds would likely separate them`.
  public var tieNote: String? {
    guard recommended == nil, let pair = comparedPair else { return nil }
    if identicalToFirst.count == tied.count - 1 { return noSeedEstimate }
    var note = ""
    if !identicalToFirst.isEmpty {
      note +=
        ([pair.first] + identicalToFirst).map { labels[$0] }.joined(separator: ", ")
        + " identical on every objective; "
    }
    let pairs = pairTests.map(\.test.difference.n).max() ?? 0
    guard pairs >= 2 else { return note + (noSeedEstimate ?? "") }
    let ps = pairTests.map { metric, test in
      Contest.comparableName(metric) + " " + Self.pairText(test, metric)
    }
    note +=
      "\(labels[pair.first]) against \(labels[pair.other]) not significantly different at \(pairs) seeds ("
      + ps.joined(separator: ", ") + "): "
    if let seedsToSeparate { return note + "about \(seedsToSeparate) seeds would likely separate them" }
    return note + (noSeedEstimate ?? "")
  }

  /// The warning that the choice wastes several times what a contender close on the objective
  /// wastes (`CostWarning`), nil when the rule gives none.
  public var costWarning: CostWarning? { CostWarning(self, contest) }

  /// One objective metric's test in the tie note: `p=0.31`; `no difference` where every paired
  /// difference is 0; and where the p alone would read as significant but the rule is not met —
  /// the 95 % t interval contains 0 — `p=0.037 but the 95 % interval [-0.4, +30.5] contains 0`,
  /// so p < 0.05 beside "not significantly different" is explained.
  static func pairText(_ test: PairedTest, _ metric: String) -> String {
    guard let p = test.pValue else { return "no difference" }
    let text = "p=" + PairedTest.pText(p)
    guard p < PairedTest.alpha, !test.isSignificant, let low = test.difference.low,
      let high = test.difference.high
    else { return text }
    return text + " but the 95 % interval [" + RecommendationFormat.signedNumber(low, metric) + ", "
      + RecommendationFormat.signedNumber(high, metric) + "] contains 0"
  }

  /// `fixed_threshold`, `no clear winner: a, b`, or `none eligible`.
  public var verdictText: String {
    if let recommended { return labels[recommended] }
    if tied.count >= 2 { return "no clear winner: " + tied.map { labels[$0] }.joined(separator: ", ") }
    return tied.first.map { labels[$0] } ?? "none eligible"
  }
}
