import PrefetchLab

/// A recommendation that buys a little on its objective with a lot of wasted data: the
/// recommended contender (with no clear winner, the first of the tie) wastes several times what a
/// contender close to it on the objective wastes. The objective itself is unchanged — the warning
/// names the cheaper contender, its objective figures and the `--limit` that picks it, so the
/// choice is the user's.
///
/// The rule (docs/reports.md, "Recommendations", step 5), on summary.csv's `wasted_bytes` means
/// per session (what `--limit` reads):
/// - a contender is **close on the objective** to the chosen one when it is eligible (competes,
///   keeps every limit) and, on every objective metric, is not significantly worse than the
///   chosen one (`Contest.order`) or is worse by at most `closeShare` of the chosen one's mean
///   (comparable values, per minute of attention where the metric accumulates);
/// - the warning is given when the chosen one's mean waste is at least `ratio` times the close
///   contender's and at least `minimumExtraBytes` more; of several such contenders, the one
///   wasting least is named (the first in input order on equal means).
public struct CostWarning: Sendable {
  /// The contender the recommendation names (or the tie's first), and the cheaper one.
  public let chosen: Int
  public let cheaper: Int
  /// Mean `wasted_bytes` per session over seeds, as summary.csv gives them.
  public let chosenWastedBytes: Double
  public let cheaperWastedBytes: Double
  /// Per objective metric: the cheaper contender's comparable mean ± 95 % CI and its paired
  /// difference to the chosen one (cheaper − chosen).
  public let objectiveFigures: [(metric: String, estimate: MeanEstimate, difference: PairedTest)]
  /// `wasted_bytes<=N`, N the cheaper contender's mean rounded up to a whole byte: it keeps the
  /// cheaper contender and drops the chosen one.
  public let limit: Objective.Limit
  /// What the recommendation says under the objective with `limit` added (`verdictText`).
  public let verdictUnderLimit: String

  /// At least this many times the close contender's waste (and `minimumExtraBytes` more).
  public static let ratio = 2.0
  /// 1 MB per session: below it, a 2× ratio of small numbers is not worth a warning.
  public static let minimumExtraBytes = 1_000_000.0
  /// A contender worse than the chosen one by at most this share of its mean on an objective
  /// metric still counts as close on it.
  public static let closeShare = 0.1

  /// The warning for `recommendation` made from `contest`, nil when the rule gives none.
  /// Complexity: O(c · m) paired tests for c contenders and m objective metrics.
  public init?(_ recommendation: Recommendation, _ contest: Contest) {
    guard let chosen = recommendation.recommended ?? recommendation.tied.first else { return nil }
    let objective = recommendation.objective
    let waste = MetricDefinition.wastedBytes.column
    func meanWaste(_ index: Int) -> Double? {
      MeanEstimate(contest.contenders[index].raw(waste).map(\.value)).mean
    }
    guard let chosenWaste = meanWaste(chosen) else { return nil }
    var best: (index: Int, waste: Double)? = nil
    for index in recommendation.eligible where index != chosen {
      guard let other = meanWaste(index), chosenWaste >= Self.ratio * other,
        chosenWaste - other >= Self.minimumExtraBytes,
        Self.isClose(contest, index, to: chosen, objective)
      else { continue }
      if best.map({ other < $0.waste }) ?? true { best = (index, other) }
    }
    guard let best else { return nil }
    self.chosen = chosen
    cheaper = best.index
    chosenWastedBytes = chosenWaste
    cheaperWastedBytes = best.waste
    objectiveFigures = objective.metrics.map {
      ($0, contest.estimate(best.index, $0), contest.test(chosen, best.index, $0))
    }
    limit = Objective.Limit(metric: waste, atMost: true, value: best.waste.rounded(.up))
    var limited = objective
    limited.limits.append(limit)
    verdictUnderLimit =
      Recommendation(contest, scope: recommendation.scope, objective: limited, among: recommendation.pool)
      .verdictText
  }

  /// Whether `index` is close to `chosen` on every objective metric (see the rule above).
  static func isClose(_ contest: Contest, _ index: Int, to chosen: Int, _ objective: Objective) -> Bool {
    objective.metrics.allSatisfy { metric in
      guard contest.order(chosen, index, metric) == .better else { return true }
      guard let a = contest.estimate(chosen, metric).mean, let b = contest.estimate(index, metric).mean
      else { return false }
      return abs(b - a) <= Self.closeShare * abs(a)
    }
  }

  /// The sentence `recommend`, the report and `sweep`'s closing line print:
  /// `cost: a wastes 3740.0 kB per session, 4.8× b's 785.0 kB (at least 2× and 1000 kB more);
  /// b is close on the objective (stall_ms 0 ± 0, identical in every seed; blank_ms per min 61.2 ± 3.0,
  /// +7.5 [+3.1, +11.9]); --limit 'wasted_bytes<=785000' gives b`.
  public func sentence(_ labels: [String]) -> String {
    let kB = { (bytes: Double) in DecimalFormat.fixed(bytes / 1000, places: 1) + " kB" }
    let times = DecimalFormat.fixed(chosenWastedBytes / cheaperWastedBytes, places: 1)
    let figures = objectiveFigures.map { metric, estimate, difference in
      Contest.comparableName(metric) + " " + RecommendationFormat.estimate(estimate, metric) + ", "
        + RecommendationFormat.difference(difference, metric)
    }
    return "cost: \(labels[chosen]) wastes \(kB(chosenWastedBytes)) per session, "
      + (cheaperWastedBytes > 0 ? "\(times)× " : "against ")
      + "\(labels[cheaper])'s \(kB(cheaperWastedBytes))"
      + " (at least \(DecimalFormat.shortest(Self.ratio))× and \(kB(Self.minimumExtraBytes)) more); "
      + "\(labels[cheaper]) is close on the objective (" + figures.joined(separator: "; ") + "); "
      + "--limit '\(limit)' gives \(verdictUnderLimit)"
  }
}
