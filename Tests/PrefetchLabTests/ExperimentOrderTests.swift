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

  /// Scenarios given out of order, strategies in a non-alphabetical order, seeds unsorted and
  /// repeated: the jobs are scenarios by name, then strategies as listed, then each seed once,
  /// ascending.
  @Test func jobsRunScenariosByNameThenStrategiesAsListedThenEachSeedOnceAscending() throws {
    let experiment = try Experiment(
      scenarios: [named("c"), named("a"), named("b")],
      strategyOverrides: [StrategySpec(name: "target_range"), StrategySpec(name: "infinite_scroll")],
      seeds: [7, 2, 9, 2, 7])
    let jobs = experiment.jobs.map {
      "\(experiment.scenarios[$0.scenarioIndex].scenario.name)/\($0.strategy.label)/\($0.seed)"
    }
    #expect(
      jobs == [
        "a/target_range/2", "a/target_range/7", "a/target_range/9",
        "a/infinite_scroll/2", "a/infinite_scroll/7", "a/infinite_scroll/9",
        "b/target_range/2", "b/target_range/7", "b/target_range/9",
        "b/infinite_scroll/2", "b/infinite_scroll/7", "b/infinite_scroll/9",
        "c/target_range/2", "c/target_range/7", "c/target_range/9",
        "c/infinite_scroll/2", "c/infinite_scroll/7", "c/infinite_scroll/9",
      ])
  }

  /// Without seeds from the caller each scenario runs with its own.
  @Test func withoutSeedsEachScenarioRunsWithItsOwnSeed() throws {
    var late = TestScenarios.steadyDrag(durationMs: 1000).scenario
    late.name = "late"
    late.seed = 42
    var early = late
    early.name = "early"
    early.seed = 5
    let experiment = try Experiment(
      scenarios: [PreparedScenario(late), PreparedScenario(early)],
      strategyOverrides: [StrategySpec(name: "infinite_scroll")])
    #expect(experiment.jobs.map(\.seed) == [5, 42])
  }
}
