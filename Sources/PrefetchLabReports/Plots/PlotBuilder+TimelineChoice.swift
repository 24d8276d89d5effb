import PrefetchLab

extension PlotBuilder {
  /// The labels `TimelineSelection.recommended` draws in `scenario`: the recommended strategy
  /// (with no clear winner, the two best of those tied), the runner-up and every reference (the
  /// oracle), by the same rule as the report's recommendation. Every strategy when the rule
  /// leaves no contender (all ruled out or over a limit), so a scenario never loses all its
  /// timelines.
  static func decisionStrategies(_ scenario: ScenarioResults) -> Set<String> {
    let contest = Contest(scenario.strategies)
    let recommendation = Recommendation(contest, scope: scenario.name)
    var picked = recommendation.recommended.map { [$0] } ?? Array(recommendation.tied.prefix(2))
    if let runnerUp = recommendation.runnerUp { picked.append(runnerUp) }
    guard !picked.isEmpty else { return Set(scenario.strategies.map(\.label)) }
    picked += contest.contenders.indices.filter { contest.contenders[$0].isReference }
    return Set(picked.map { contest.contenders[$0].label })
  }
}
