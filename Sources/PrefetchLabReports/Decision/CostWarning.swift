import PrefetchLab

/// A recommendation that buys a little on its objective with a lot of wasted data: the
/// recommended contender wastes several times what a contender close to it on the objective
/// wastes. The objective itself is unchanged — the warning names the cheaper contender, its
/// objective figures and the `--limit` that picks it, so the choice is the user's.
///
/// The rule (docs/reports.md, "Recommendations", step 5), on summary.csv's `wasted_bytes` means
/// per session (what `--limit` reads):
/// - a contender is **close on the objective** to a chosen one when it is eligible (competes,
///   keeps every limit) and, on every objective metric, is not significantly worse than the
///   chosen one (`Contest.order`) or is worse by at most `closeShare` of the chosen one's mean
///   (comparable values, per minute where the metric accumulates);
/// - the warning is given when a chosen one's mean waste is at least `ratio` times the close
///   contender's and at least `minimumExtraBytes` more; of several such contenders, the one
///   wasting least is named (the first in input order on equal means).
///
/// With no clear winner every tied contender is a chosen one: the user picks among them, so what
/// they need is the tie's cheapest way out. The contender named is the one wasting least that is
/// close to some tied contender wasting that much more (it may be in the tie itself), and the
/// warning names every tied contender it is close to and undercuts so (`chosen`, then `alsoChosen`,
/// in the tie's order).
public struct CostWarning: Sendable {
  /// The recommended contender, or the first of the tie the cheaper one undercuts; and the cheaper
  /// one.
  public let chosen: Int
  public let cheaper: Int
  /// With a tie, the other tied contenders the cheaper one is close to and undercuts, with their
  /// mean `wasted_bytes`; empty otherwise.
  public let alsoChosen: [(index: Int, wastedBytes: Double)]
  /// Whether the recommendation is a tie (no clear winner).
  public let isTie: Bool
  /// Mean `wasted_bytes` per session over seeds, as summary.csv gives them.
  public let chosenWastedBytes: Double
  public let cheaperWastedBytes: Double
  /// Per objective metric: the cheaper contender's comparable mean ± 95 % CI and its paired
  /// difference to `chosen` (cheaper − chosen).
  public let objectiveFigures: [(metric: String, estimate: MeanEstimate, difference: PairedTest)]
  /// `wasted_bytes<=N`, N the cheaper contender's mean rounded up to a whole byte: it keeps the
  /// cheaper contender and drops the chosen ones.
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
  /// Complexity: O(c · t · m) paired tests for c contenders, t tied ones and m objective metrics.
  public init?(_ recommendation: Recommendation, _ contest: Contest) {
    let chosenOnes = recommendation.recommended.map { [$0] } ?? recommendation.tied
    let objective = recommendation.objective
    let waste = MetricDefinition.wastedBytes.column
    func meanWaste(_ index: Int) -> Double? {
      MeanEstimate(contest.contenders[index].raw(waste).map(\.value)).mean
    }
    let chosenWaste = chosenOnes.compactMap { index in meanWaste(index).map { (index, $0) } }
    var best: (index: Int, waste: Double, undercut: [(index: Int, wastedBytes: Double)])? = nil
    for index in recommendation.eligible {
      guard let other = meanWaste(index), best.map({ other < $0.waste }) ?? true else { continue }
      let undercut = chosenWaste.filter { chosen, wasted in
        chosen != index && wasted >= Self.ratio * other && wasted - other >= Self.minimumExtraBytes
          && Self.isClose(contest, index, to: chosen, objective)
      }
      if !undercut.isEmpty { best = (index, other, undercut.map { ($0.0, $0.1) }) }
    }
    guard let best else { return nil }
    let chosen = best.undercut[0].index
    self.chosen = chosen
    cheaper = best.index
    alsoChosen = Array(best.undercut.dropFirst())
    isTie = recommendation.recommended == nil
    chosenWastedBytes = best.undercut[0].wastedBytes
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

  /// The sentence `recommend`, the report and `sweep`'s closing line print (with a tie, `cost (of
  /// the tie): a wastes …, 4.8× b's 785.0 kB, and tied c 2900.0 kB (3.7×) (…)`):
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
    func ratioText(_ wasted: Double) -> String {
      cheaperWastedBytes > 0 ? DecimalFormat.fixed(wasted / cheaperWastedBytes, places: 1) + "×" : "more"
    }
    let others = alsoChosen.map { index, wasted in
      "\(labels[index]) \(kB(wasted)) (\(ratioText(wasted)))"
    }
    return
      "cost\(isTie ? " (of the tie)" : ""): \(labels[chosen]) wastes \(kB(chosenWastedBytes)) per session, "
      + (cheaperWastedBytes > 0 ? "\(times)× " : "against ")
      + "\(labels[cheaper])'s \(kB(cheaperWastedBytes))"
      + (others.isEmpty ? "" : ", and tied " + others.joined(separator: ", "))
      + " (at least \(DecimalFormat.shortest(Self.ratio))× and \(kB(Self.minimumExtraBytes)) more); "
      + "\(labels[cheaper]) is close on the objective (" + figures.joined(separator: "; ")
      + (others.isEmpty ? "" : "; differences to \(labels[chosen])") + "); "
      + "--limit '\(limit)' gives \(verdictUnderLimit)"
  }
}
