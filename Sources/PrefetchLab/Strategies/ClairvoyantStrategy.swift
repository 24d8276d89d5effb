/// A strategy that is told its run's future before the run starts: a reference point, not
/// something an app could ship (see `Oracle`).
///
/// What it knows comes through one separately named channel, `RunLookahead` (the run's prepared
/// scenario and seed, from which the run can be replayed), handed to `prepare` once before the
/// first event. During the run it sees and acts through the `StrategyContext` like any strategy;
/// nothing is added to the context for it. Register it with
/// `StrategyDefinition(clairvoyant:name:summary:source:parameters:)`, whose runner calls
/// `prepare` and writes `boundCaveats` into the run's summary (`bound_caveats`).
public protocol ClairvoyantStrategy: PrefetchStrategy {
  /// Learns the run's future. Called exactly once per run, before the first event; simulated
  /// time does not pass. A value that was never prepared must not be run (it has nothing to be
  /// clairvoyant about).
  mutating func prepare(_ lookahead: RunLookahead)

  /// The conditions of the strategy's claim (for `Oracle`: that its stall is a lower bound) that
  /// do not hold in this run; empty when the claim holds. Known after `prepare`.
  var boundCaveats: BoundCaveats { get }
}
