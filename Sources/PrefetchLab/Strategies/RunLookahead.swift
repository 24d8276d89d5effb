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

  public init(scenario: PreparedScenario, seed: UInt64) {
    self.scenario = scenario
    self.seed = seed
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
      scenario, seed: seed, options: SimulationOptions(timelineIntervalUs: 0, recordEvents: recordEvents))
    let outcome = simulation.run(&strategy)
    return (simulation, outcome)
  }
}
