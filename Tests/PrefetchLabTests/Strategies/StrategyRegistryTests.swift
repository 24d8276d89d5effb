import Testing

@testable import PrefetchLab

/// Reads a parameter its definition may or may not declare.
struct ReadsRatio: PrefetchStrategy {
  static let ratio = StrategyParameter.Number("ratio", default: 0.5, in: 0...1, help: "test")
  let ratio: Double

  init(parameters: StrategyParameters) { ratio = parameters[Self.ratio] }
  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake { .everyFrame }
}

/// A definition is checked where the strategy is registered: a parameter read but not declared,
/// declared twice or with an invalid default is refused there, never read as a silent 0 in a run.
@Suite struct StrategyRegistryTests {
  static func define(_ parameters: [any StrategyParameterHandle], name: String = "reads_ratio")
    -> StrategyDefinition
  {
    StrategyDefinition(ReadsRatio.self, name: name, summary: "", source: "", parameters: parameters)
  }

  @Test func aParameterReadButNotDeclaredIsRefused() {
    var registry = StrategyRegistry()
    #expect(throws: StrategyError(strategy: "reads_ratio", parameter: "ratio", reason: .undeclaredParameter))
    {
      try registry.register(Self.define([]))
    }
    #expect(registry.names.isEmpty)
  }

  /// Declared under the same name with another kind: refused as undeclared.
  @Test func aParameterDeclaredWithAnotherKindIsRefused() {
    var registry = StrategyRegistry()
    #expect(throws: StrategyError(strategy: "reads_ratio", parameter: "ratio", reason: .undeclaredParameter))
    {
      try registry.register(Self.define([StrategyParameter.Flag("ratio", default: true, help: "")]))
    }
  }

  @Test func duplicateOrMalformedDeclarationsAndBadDefaultsAreRefused() {
    var registry = StrategyRegistry()
    #expect(
      throws: StrategyError(strategy: "reads_ratio", parameter: "ratio", reason: .invalidParameterDeclaration)
    ) {
      try registry.register(Self.define([ReadsRatio.ratio, ReadsRatio.ratio]))
    }
    #expect(
      throws: StrategyError(strategy: "reads_ratio", parameter: "Ratio", reason: .invalidParameterDeclaration)
    ) {
      try registry.register(
        Self.define([ReadsRatio.ratio, StrategyParameter.Number("Ratio", default: 0, in: 0...1, help: "")]))
    }
    #expect(
      throws: StrategyError(
        strategy: "reads_ratio", parameter: "ratio", reason: .invalidDefault(requirement: "a number in 0...1")
      )
    ) {
      try registry.register(Self.define([StrategyParameter.Number("ratio", default: 2, in: 0...1, help: "")]))
    }
  }

  /// Declared once, the handle names the parameter for users and for the strategy alike: a
  /// configured value reaches the strategy, the default fills in otherwise.
  @Test func theDeclaredHandleCarriesValuesAndDefaults() throws {
    var registry = StrategyRegistry()
    try registry.register(Self.define([ReadsRatio.ratio]))
    let set = try registry.configure(StrategySpec(name: "reads_ratio", parameters: ["ratio": .number(0.25)]))
    #expect(ReadsRatio(parameters: set.parameters).ratio == 0.25)
    let unset = try registry.configure(StrategySpec(name: "reads_ratio"))
    #expect(ReadsRatio(parameters: unset.parameters).ratio == 0.5)
    #expect(
      throws: StrategyError(
        strategy: "reads_ratio", parameter: "ratoi", reason: .unknownParameter(valid: ["ratio"]))
    ) {
      try registry.configure(StrategySpec(name: "reads_ratio", parameters: ["ratoi": .number(0.25)]))
    }
  }

  /// Release builds take the built-ins without checking them (`StrategyRegistry.builtIn`): this
  /// is where each one still goes through every check of `register`, in its order, so a built-in
  /// that reads a parameter it does not declare, declares one twice, has a bad default or a name
  /// taken twice fails here.
  @Test func everyBuiltInPassesRegistration() throws {
    var registry = StrategyRegistry()
    for definition in StrategyRegistry.builtIn.definitions {
      try registry.register(definition)
    }
    #expect(registry.names == StrategyRegistry.builtIn.names)
    #expect(registry.names.contains("paging3") && registry.names.contains("oracle"))
  }

  /// Each built-in runs in the loop typed for it: as many distinct strategy types as built-ins.
  @Test func builtInsRunTypedLoops() {
    let scenario = TestScenarios.steadyDrag(durationMs: 2000)
    var seen = Set<ObjectIdentifier>()
    for name in allStrategies {
      let configured = TestScenarios.configured(name)
      let outcome = Simulator.run(scenario, strategy: configured, seed: 1)
      #expect(outcome.strategyType == configured.definition.strategyType, "\(name)")
      seen.insert(outcome.strategyType)
    }
    #expect(seen.count == allStrategies.count)
    #expect(seen.contains(ObjectIdentifier(DirectionalRanges.self)))
  }
}
