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
      scenario: scenario.scenario, seed: seed, source: scenario.makeScrollSource(seed: seed),
      trace: scenario.trace, options: options, edgeBehavior: scenario.edgeBehavior)
    return runOpened(simulation, strategy)
  }

  /// Runs the engine's loop with the strategy's concrete type. The built-in strategies get a loop
  /// compiled for their type (their per-frame calls inline into it); any other strategy runs
  /// through the generic loop.
  private static func runOpened(_ simulation: Simulation, _ strategy: any PrefetchStrategy) -> RunOutcome {
    switch strategy {
    case let concrete as InfiniteScroll: return runSpecialized(simulation, concrete)
    case let concrete as FixedThreshold: return runSpecialized(simulation, concrete)
    case let concrete as DynamicThreshold: return runSpecialized(simulation, concrete)
    case let concrete as TargetRange: return runSpecialized(simulation, concrete)
    case let concrete as DirectionalRanges: return runSpecialized(simulation, concrete)
    default: return runGeneric(simulation, strategy)
    }
  }

  private static func runSpecialized<Strategy: PrefetchStrategy>(
    _ simulation: Simulation, _ strategy: Strategy
  )
    -> RunOutcome
  {
    var strategy = strategy
    return simulation.run(&strategy)
  }

  private static func runGeneric<Strategy: PrefetchStrategy>(_ simulation: Simulation, _ strategy: Strategy)
    -> RunOutcome
  {
    var strategy = strategy
    return simulation.run(&strategy)
  }
}
