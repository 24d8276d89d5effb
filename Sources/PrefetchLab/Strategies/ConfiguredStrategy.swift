/// A strategy with its parameter values: what one run uses. Two are equal when they name the
/// same strategy type by the same name with the same values.
public struct ConfiguredStrategy: Sendable, Equatable {
  public let definition: StrategyDefinition
  public let parameters: StrategyParameters
  /// Parameters that differ from their defaults, in declaration order.
  public let overrides: [(name: String, value: ParameterValue)]

  /// The `params` cell of summary.csv: non-default parameters as `key=value` joined by `,`
  /// (the `--strategy` syntax); empty when every parameter has its default. Made once, here,
  /// rather than for each of the several places every run's files name it.
  public let paramsText: String

  /// A name unique within a scenario, safe in file names: `fixed_threshold` or
  /// `fixed_threshold@ratio=0.5+guard_in_flight=false`. Made once, as `paramsText`.
  public let label: String

  init(
    definition: StrategyDefinition, parameters: StrategyParameters,
    overrides: [(name: String, value: ParameterValue)]
  ) {
    self.definition = definition
    self.parameters = parameters
    self.overrides = overrides
    let pairs = overrides.map { "\($0.name)=\($0.value)" }
    paramsText = pairs.joined(separator: ",")
    label = pairs.isEmpty ? definition.name : definition.name + "@" + pairs.joined(separator: "+")
  }

  public static func == (lhs: ConfiguredStrategy, rhs: ConfiguredStrategy) -> Bool {
    lhs.definition.name == rhs.definition.name && lhs.definition.strategyType == rhs.definition.strategyType
      && lhs.parameters == rhs.parameters
  }

  /// The rules of the definition's `feedRules` that the parameters break on `feed`, in the
  /// definition's order; empty when all hold.
  public func feedRuleViolations(_ feed: FeedFacts) -> [FeedRuleViolation] {
    definition.feedRules.compactMap { $0(parameters, feed) }
  }

  /// A violation of this strategy's rules as an error (`.feedRule`) naming the parameter and the
  /// rule.
  public func error(_ violation: FeedRuleViolation) -> StrategyError {
    StrategyError(
      strategy: definition.name, parameter: violation.parameter, reason: .feedRule(violation.rule))
  }

  /// The definition's `parameterRule`, broken by the parameters alone; nil when it holds or
  /// there is none.
  func parameterRuleViolation() -> StrategyError? {
    definition.parameterRule?(parameters).map(error)
  }

  /// A new value of the strategy, type-erased: for wrapping it in another strategy. Runs go
  /// through `Simulator.run(_:strategy:seed:options:)`, which keeps the concrete type. A
  /// clairvoyant strategy needs the run it will be used in: pass its `lookahead` (a clairvoyant
  /// value made without one must not be run).
  public func makeStrategy(for lookahead: RunLookahead? = nil) -> any PrefetchStrategy {
    definition.make(parameters, lookahead)
  }
}
