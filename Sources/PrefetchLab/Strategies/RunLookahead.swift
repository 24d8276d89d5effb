/// What a `ClairvoyantStrategy` is told before its run, and nothing else is: the run's prepared
/// scenario and seed. Every random draw of a run is a pure function of (seed, subsystem, key,
/// try) (see "Determinism and common random numbers" in docs/model.md), so these two determine
/// the user's scroll, the feed, and the network's answer to any request at any time: replaying
/// the run with another strategy (`simulate`) shows its future exactly.
///
/// Ordinary strategies never receive one; it is not part of `StrategyContext`.
public struct RunLookahead: Sendable {
  public let scenario: PreparedScenario
  public let seed: UInt64
  /// How the replays advance time: the run's own engine, so that a run with `--engine stepped`
  /// is stepped through, replays included (the reference the event engine is tested against).
  public let engine: SimulationEngine

  public init(scenario: PreparedScenario, seed: UInt64, engine: SimulationEngine = .event) {
    self.scenario = scenario
    self.seed = seed
    self.engine = engine
  }

  /// Replays the run with `strategy` (used as given: a clairvoyant value is not prepared again)
  /// and returns its outcome; `strategy` holds its final state afterwards. O(one run).
  public func simulate<Strategy: PrefetchStrategy>(_ strategy: inout Strategy, recordEvents: Bool = false)
    -> RunOutcome
  {
    replay(&strategy, recordEvents: recordEvents).outcome
  }

  /// `simulate`, keeping the finished engine for inspection (its request ledger, its layout).
  func replay<Strategy: PrefetchStrategy>(_ strategy: inout Strategy, recordEvents: Bool)
    -> (simulation: Simulation, outcome: RunOutcome)
  {
    let simulation = Simulator.makeSimulation(
      scenario, seed: seed,
      options: SimulationOptions(timelineIntervalUs: 0, recordEvents: recordEvents, engine: engine))
    let outcome = simulation.run(&strategy)
    return (simulation, outcome)
  }
}
