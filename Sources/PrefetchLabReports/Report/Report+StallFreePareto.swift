import PrefetchLab

extension Report {
  /// The Pareto cell or sentence of a scenario: the stall–waste set (`pareto`), or what
  /// `StallFreeTradeoff` says in its place when no strategy stalls measurably:
  /// `none: no strategy stalls (stall_ms 0 in every run); blank_ms–wasted_bytes frontier: a (100 %),
  /// b (62 %)`, or `a (100 %); no strategy's stall_ms is significantly above 0 (highest mean 5):
  /// blank_ms–wasted_bytes frontier: a (100 %), b (62 %)`.
  static func paretoText(_ contest: Contest) -> String {
    let labels = contest.contenders.map(\.label)
    let rule = StallFreeTradeoff(contest, x: tradeoffMetrics.stall, y: tradeoffMetrics.waste)
    return rule.text(
      stallSet: rule.finding == .noneStalls ? "" : pareto(contest).text(labels), noun: "strategy",
      frontierText: { $0.text(labels) })
  }
}
