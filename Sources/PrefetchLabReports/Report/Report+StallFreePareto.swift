import PrefetchLab

extension Report {
  /// Whether no competing strategy stalls measurably: every one's `stall_ms` over seeds is 0, or
  /// its values do not differ significantly from 0 (`PairedTest` of the values against 0, the
  /// rule every comparison uses). Then the stall–waste frontier only ranks wasted data, and the
  /// strategies it calls optimal are merely the least wasteful, whatever their blank time.
  static func noneStalls(_ contest: Contest) -> Bool {
    let stall = tradeoffMetrics.stall
    let competing = contest.competing.filter { contest.estimate($0, stall).mean != nil }
    return !competing.isEmpty
      && competing.allSatisfy { index in
        let values = contest.contenders[index].raw(stall).map(\.value)
        return values.allSatisfy { $0 == 0 } || !PairedTest(values).isSignificant
      }
  }

  /// The Pareto cell or sentence of a scenario: the stall–waste set with its stability
  /// (`pareto`), or — when no strategy stalls measurably (`noneStalls`) — that, and the frontier of
  /// blank time (per minute of attention) against wasted data instead:
  /// `none: no strategy stalls significantly (stall_ms ≤ 0.4 ms); blank_ms–wasted_bytes frontier:
  /// a (100 %), b (62 %)`.
  static func paretoText(_ contest: Contest) -> String {
    let labels = contest.contenders.map(\.label)
    guard noneStalls(contest) else { return pareto(contest).text(labels) }
    let stall = tradeoffMetrics.stall
    let highest = contest.competing.compactMap { contest.estimate($0, stall).mean }.max() ?? 0
    let blank = MetricDefinition.blankMs.column
    let frontier = ParetoSet(contest, x: blank, y: tradeoffMetrics.waste)
    return "none: no strategy stalls "
      + (highest == 0
        ? "(\(stall) 0 in every run)"
        : "significantly (highest mean \(stall) \(Report.format(highest, stall)))")
      + "; \(blank)–\(tradeoffMetrics.waste) frontier: " + frontier.text(labels)
  }
}
