/// A prefetch policy: decides when to request pages and which items' media to fetch or cancel.
///
/// The engine owns time and metrics; a strategy reads the `StrategyContext` it is given and asks
/// for fetches or cancellations through it. One value is created per run (from its parameters),
/// so a strategy may keep whatever state it needs in stored properties. Runs execute in parallel,
/// each on one thread, so strategy values are `Sendable` (plain value types are).
///
/// To add one, see "Add a strategy" in `docs/architecture.md`: the type, a `StrategyDefinition`
/// made from it, and one registration line.
public protocol PrefetchStrategy: Sendable {
  /// Builds the strategy for one run from its validated parameters (read them with typed handles,
  /// `parameters[Self.ratio]`, here rather than later: the registry checks at registration that
  /// every parameter read is declared).
  init(parameters: StrategyParameters)

  /// Reacts to `event`. Called on the engine's single thread, in simulated time order; simulated
  /// time does not pass during the call, and the context's actions take effect immediately.
  mutating func update(_ event: StrategyEvent, in context: some StrategyContext)
}
