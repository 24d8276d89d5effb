import Testing

@testable import PrefetchLab

@Suite struct ExperimentOrderTests {
  private func named(_ name: String) throws -> PreparedScenario {
    var scenario = TestScenarios.steadyDrag(durationMs: 1000).scenario
    scenario.name = name
    return try PreparedScenario(scenario)
  }

  private func order(_ experiment: Experiment) -> [String] {
    experiment.jobs.map { "\(experiment.scenarios[$0.scenarioIndex].scenario.name)/\($0.strategy.label)" }
  }

  @Test func scenariosRunInNameOrderWhateverOrderTheyAreGivenIn() throws {
    let overrides = [StrategySpec(name: "infinite_scroll"), StrategySpec(name: "fixed_threshold")]
    let given = try Experiment(
      scenarios: [named("slow"), named("fast"), named("medium")], strategyOverrides: overrides)
    let reversed = try Experiment(
      scenarios: [named("medium"), named("fast"), named("slow")], strategyOverrides: overrides)
    let expected = [
      "fast/infinite_scroll", "fast/fixed_threshold", "medium/infinite_scroll", "medium/fixed_threshold",
      "slow/infinite_scroll", "slow/fixed_threshold",
    ]
    #expect(order(given) == expected)
    #expect(order(reversed) == expected)
    #expect(given.scenarios.map(\.scenario.name) == ["fast", "medium", "slow"])
  }

  @Test func strategiesKeepTheirListedOrderAndSeedsAscend() throws {
    let experiment = try Experiment(
      scenarios: [named("a")],
      strategyOverrides: [StrategySpec(name: "target_range"), StrategySpec(name: "infinite_scroll")],
      seeds: [2, 7])
    #expect(
      experiment.jobs.map(\.strategy.label) == [
        "target_range", "target_range", "infinite_scroll", "infinite_scroll",
      ])
    #expect(experiment.jobs.map(\.seed) == [2, 7, 2, 7])
  }
}
