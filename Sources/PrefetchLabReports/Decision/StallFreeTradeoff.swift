import PrefetchLab

/// What a trade-off with a `stall_ms` axis says when stalls do not tell the contenders apart: one
/// rule for the report's Pareto cell and `sweep`'s closing line.
///
/// When no competing contender stalls measurably — every one's `stall_ms` over the keys is 0, or
/// does not differ significantly from 0 (`PairedTest` of the values against 0, the rule every
/// comparison uses) — a frontier on stall ranks the other metric only, and the contenders it calls
/// optimal are merely the best on that metric, whatever their blank time. Then:
/// - every stall 0 in every run: the stall set is replaced by `none: no strategy stalls (stall_ms 0
///   in every run)` and the frontier with `blank_ms` in place of `stall_ms`;
/// - some stall, none significantly above 0 (few seeds, rare stalls): the stall set stays and the
///   `blank_ms` frontier follows it, with the highest stall mean.
///
/// A trade-off without `stall_ms`, one whose other metric is `blank_ms` itself, or one without
/// `blank_ms` values gets no blank frontier (and then, when stalls are merely not significant, the
/// stall set alone). Complexity: that of `ParetoSet` when the rule applies, O(c · n log n) otherwise.
public struct StallFreeTradeoff: Sendable {
  public enum Finding: Sendable, Equatable {
    /// Some competing contender stalls significantly above 0, or the trade-off has no stall axis:
    /// the stall set stands alone.
    case stalls
    /// Every competing contender's `stall_ms` is 0 in every run.
    case noneStalls
    /// Some stall, but none significantly above 0: the highest mean, in ms.
    case noneSignificant(highestMeanMs: Double)
  }

  public let finding: Finding
  /// The frontier on `blank_ms` and the trade-off's other metric; nil for `.stalls` and when the
  /// other metric is `blank_ms`.
  public let blankFrontier: ParetoSet?
  /// `blank_ms–wasted_bytes`: the blank frontier's metrics, for the text.
  let blankFrontierName: String

  static let stall = MetricDefinition.stallMs.column
  static let blank = MetricDefinition.blankMs.column

  /// - Parameters:
  ///   - x, y: the trade-off's metrics (either may be `stall_ms`).
  ///   - pool: the contenders considered (of `contest.competing`); all competing when nil.
  public init(_ contest: Contest, x: String, y: String, among pool: [Int]? = nil) {
    let stall = Self.stall
    let other = x == stall ? y : x
    blankFrontierName = "\(Self.blank)–\(other)"
    let pool = (pool ?? contest.competing).filter {
      contest.competing.contains($0) && contest.estimate($0, stall).mean != nil
    }
    let noneSignificant =
      (x == stall || y == stall) && !pool.isEmpty
      && pool.allSatisfy { index in
        let values = contest.contenders[index].raw(stall).map(\.value)
        return values.allSatisfy { $0 == 0 } || !PairedTest(values).isSignificant
      }
    guard noneSignificant else {
      finding = .stalls
      blankFrontier = nil
      return
    }
    let highest = pool.compactMap { contest.estimate($0, stall).mean }.max() ?? 0
    finding = highest == 0 ? .noneStalls : .noneSignificant(highestMeanMs: highest)
    // Without blank_ms values (a summary cut down to a few columns) there is no frontier to give.
    let hasBlank = pool.contains { contest.estimate($0, Self.blank).mean != nil }
    blankFrontier =
      other == Self.blank || !hasBlank ? nil : ParetoSet(contest, x: Self.blank, y: other, among: pool)
  }

  /// The trade-off's sentence: `stallSet` alone, or as the type's rule says.
  /// - Parameters:
  ///   - stallSet: the stall set as the caller names it (`a (100 %), b (62 %)`).
  ///   - noun: what the contenders are (`strategy`, `setting`).
  ///   - frontierText: the blank frontier named as the caller names sets.
  public func text(stallSet: String, noun: String, frontierText: (ParetoSet) -> String) -> String {
    let frontier = blankFrontier.map { "\(blankFrontierName) frontier: " + frontierText($0) }
    switch finding {
    case .stalls:
      return stallSet
    case .noneStalls:
      return "none: no \(noun) stalls (\(Self.stall) 0 in every run)" + (frontier.map { "; " + $0 } ?? "")
    case .noneSignificant(let highest):
      guard let frontier else { return stallSet }
      return stallSet + "; no \(noun)'s \(Self.stall) is significantly above 0 (highest mean "
        + Report.format(highest, Self.stall) + "): " + frontier
    }
  }
}
