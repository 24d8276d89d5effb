/// Runs simulations: one (scenario, strategy, seed) at a time, or a whole experiment in parallel.
public enum Simulator {
  /// Simulates one run. Deterministic: the same inputs give the same outcome, bit for bit. The
  /// strategy's definition enters the engine's loop with the strategy's concrete type.
  public static func run(
    _ scenario: PreparedScenario, strategy: ConfiguredStrategy, seed: UInt64,
    options: SimulationOptions = SimulationOptions()
  ) -> RunOutcome {
    strategy.definition.run(
      { makeSimulation(scenario, seed: seed, options: options) },
      RunLookahead(scenario: scenario, seed: seed, engine: options.engine),
      strategy.parameters)
  }

  /// Simulates one run with a strategy value you built yourself, in a loop for its type. A
  /// `ClairvoyantStrategy` value is prepared for this run first.
  public static func run<Strategy: PrefetchStrategy>(
    _ scenario: PreparedScenario, strategy: Strategy, seed: UInt64,
    options: SimulationOptions = SimulationOptions()
  ) -> RunOutcome {
    var strategy = strategy
    var caveats: BoundCaveats?
    if var clairvoyant = strategy as? any ClairvoyantStrategy {
      clairvoyant.prepare(RunLookahead(scenario: scenario, seed: seed, engine: options.engine))
      caveats = clairvoyant.boundCaveats
      strategy = clairvoyant as! Strategy
    }
    var outcome = makeSimulation(scenario, seed: seed, options: options).run(&strategy)
    if let caveats { outcome.summary.boundCaveats = Int(caveats.rawValue) }
    return outcome
  }

  static func makeSimulation(_ scenario: PreparedScenario, seed: UInt64, options: SimulationOptions)
    -> Simulation
  {
    Simulation(
      scenario: scenario.scenario, seed: seed, source: scenario.makeScrollSource(seed: seed),
      trace: scenario.trace, mediaTrace: scenario.mediaTrace, options: options,
      edgeBehavior: scenario.edgeBehavior)
  }
}
