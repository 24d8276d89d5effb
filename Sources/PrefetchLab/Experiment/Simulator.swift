/// Runs simulations: one (scenario, strategy, seed) at a time, or a whole experiment in parallel.
public enum Simulator {
  /// Simulates one run. Deterministic: the same inputs give the same outcome, bit for bit.
  public static func run(
    _ scenario: PreparedScenario, strategy: ConfiguredStrategy, seed: UInt64,
    options: SimulationOptions = SimulationOptions()
  ) -> RunOutcome {
    run(scenario, strategy: strategy.makeStrategy(), seed: seed, options: options)
  }

  /// Simulates one run with a strategy value you built yourself.
  public static func run(
    _ scenario: PreparedScenario, strategy: any PrefetchStrategy, seed: UInt64,
    options: SimulationOptions = SimulationOptions()
  ) -> RunOutcome {
    let simulation = Simulation(
      scenario: scenario.scenario, seed: seed, source: scenario.makeScrollSource(), trace: scenario.trace,
      options: options)
    return runOpened(simulation, strategy)
  }

  /// Opens the existential so the engine's loop is specialised for the concrete strategy type.
  private static func runOpened<Strategy: PrefetchStrategy>(_ simulation: Simulation, _ strategy: Strategy) -> RunOutcome {
    var strategy = strategy
    return simulation.run(&strategy)
  }
}
