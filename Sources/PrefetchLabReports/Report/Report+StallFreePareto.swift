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

  /// The Pareto cell or sentence of a scenario. When every competing strategy's `stall_ms` is 0
  /// in every run, the stall–waste set would only rank wasted data, so it is replaced:
  /// `none: no strategy stalls (stall_ms 0 in every run); blank_ms–wasted_bytes frontier: a (100 %),
  /// b (62 %)`. When some stall but none significantly above 0 (`noneStalls`; few seeds, or rare
  /// stalls), the stall–waste set (`pareto`) stays and the blank–waste frontier follows it:
  /// `a (100 %); no strategy's stall_ms is significantly above 0 (highest mean 5): blank_ms–wasted_bytes
  /// frontier: a (100 %), b (62 %)`. Otherwise the stall–waste set alone.
  static func paretoText(_ contest: Contest) -> String {
    let labels = contest.contenders.map(\.label)
    guard noneStalls(contest) else { return pareto(contest).text(labels) }
    let stall = tradeoffMetrics.stall
    let highest = contest.competing.compactMap { contest.estimate($0, stall).mean }.max() ?? 0
    let blank = MetricDefinition.blankMs.column
    let frontier =
      "\(blank)–\(tradeoffMetrics.waste) frontier: "
      + ParetoSet(contest, x: blank, y: tradeoffMetrics.waste).text(labels)
    if highest == 0 { return "none: no strategy stalls (\(stall) 0 in every run); " + frontier }
    return pareto(contest).text(labels) + "; no strategy's \(stall) is significantly above 0 (highest mean "
      + Report.format(highest, stall) + "): " + frontier
  }
}
