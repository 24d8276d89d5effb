/// A strategy as the registry knows it: its name, what it does, where its behaviour comes from,
/// its parameters, and the typed runner that simulates a run with it.
///
/// Made from the strategy's type (`StrategyDefinition(FixedThreshold.self, name: …)`), so the
/// runner it captures enters the engine's loop with the concrete type: every registered
/// strategy, built-in or an app's own, runs in a loop instantiated for its own type, never
/// through an existential. (Built-ins, compiled in this module, get that loop fully specialized
/// and their per-frame calls inlined; a strategy from another module runs the same generic loop
/// with its type's witness table, unless that module is optimised together with this one.)
public struct StrategyDefinition: Sendable {
  /// Name used in scenario files, `--strategy` and CSV: lowercase letters, digits, `_`.
  public let name: String
  /// One line for `prefetchlab list`.
  public let summary: String
  /// The source the behaviour and defaults follow.
  public let source: String
  /// Declared parameters, in the order `list` shows them and `params` cells name them.
  public let parameters: [StrategyParameter]
  /// A scenario without a `strategies` list runs this strategy (the general strategies); false
  /// for platform models (Paging 3, FlatList, …), which run where a scenario names them, so that
  /// a report on a general scenario stays readable.
  public let runsByDefault: Bool
  /// The Swift type behind the strategy (`RunOutcome.strategyType` names the type a run was
  /// simulated with).
  public let strategyType: ObjectIdentifier
  /// A `ClairvoyantStrategy`: told the run's future (`RunLookahead`) before it starts. Reports
  /// treat such a strategy as a reference (a bound), not as a contender.
  public let isClairvoyant: Bool
  /// Checks the parameters among themselves where the platform has such a rule (Paging 3's
  /// `prefetchDistance` 0 without placeholders); nil: no such rule. Run at configuration.
  public let parameterRule: (@Sendable (StrategyParameters) -> FeedRuleViolation?)?
  /// Checks of the parameters against the feed (its page size and pagination, `FeedFacts`) where
  /// a rule of the platform or of the model spans both (Paging 3's `maxSize`, and its
  /// `jumpThreshold`, which only offset pagination can use); each gives nil when it holds.
  public let feedRules: [@Sendable (StrategyParameters, FeedFacts) -> FeedRuleViolation?]
  /// Builds a value (prepared with the lookahead when clairvoyant) and runs the engine's loop
  /// with it, typed, on the simulation made from that lookahead's scenario and seed. The
  /// simulation is made once the value is prepared: a clairvoyant strategy's planning replays
  /// the run several times, and the run's own engine need not be held through them.
  let run: @Sendable (_ makeSimulation: () -> Simulation, RunLookahead, StrategyParameters) -> RunOutcome
  /// Builds a value, type-erased (for wrapping strategies in tests or tools); a clairvoyant one
  /// is prepared with the lookahead, when one is given.
  let make: @Sendable (StrategyParameters, RunLookahead?) -> any PrefetchStrategy
  /// Builds a value and discards it: how the registry learns which parameters `init` reads.
  let probe: @Sendable (StrategyParameters) -> Void

  /// - Parameters:
  ///   - type: the strategy's type; its `init(parameters:)` builds one value per run.
  ///   - parameters: the handles the strategy reads, each declared once (`static let`).
  ///   - runsByDefault: whether a scenario that lists no strategies runs it.
  ///   - parameterRule: a check of the parameters among themselves, run when the strategy is
  ///     configured (`StrategyRegistry.configure`).
  ///   - feedRules: checks of the parameters against the feed, run when the strategy meets a
  ///     scenario (`Experiment`), every one of them.
  public init<Strategy: PrefetchStrategy>(
    _ type: Strategy.Type, name: String, summary: String, source: String,
    parameters: [any StrategyParameterHandle], runsByDefault: Bool = true,
    parameterRule: (@Sendable (StrategyParameters) -> FeedRuleViolation?)? = nil,
    feedRules: [@Sendable (StrategyParameters, FeedFacts) -> FeedRuleViolation?] = []
  ) {
    self.init(
      type, name: name, summary: summary, source: source, declarations: parameters.map(\.declaration),
      runsByDefault: runsByDefault, parameterRule: parameterRule, feedRules: feedRules)
  }

  private init<Strategy: PrefetchStrategy>(
    _ type: Strategy.Type, name: String, summary: String, source: String, declarations: [StrategyParameter],
    runsByDefault: Bool, parameterRule: (@Sendable (StrategyParameters) -> FeedRuleViolation?)?,
    feedRules: [@Sendable (StrategyParameters, FeedFacts) -> FeedRuleViolation?]
  ) {
    self.parameterRule = parameterRule
    self.feedRules = feedRules
    self.name = name
    self.summary = summary
    self.source = source
    self.parameters = declarations
    self.runsByDefault = runsByDefault
    self.strategyType = ObjectIdentifier(type)
    self.isClairvoyant = false
    self.run = { makeSimulation, _, parameters in
      var strategy = Strategy(parameters: parameters)
      return makeSimulation().run(&strategy)
    }
    self.make = { parameters, _ in Strategy(parameters: parameters) }
    self.probe = { _ = Strategy(parameters: $0) }
  }

  /// A clairvoyant strategy (see `ClairvoyantStrategy`): each run builds the value from its
  /// parameters, prepares it with the run's `RunLookahead`, runs it, and writes its
  /// `boundCaveats` into the summary's `bound_caveats`. `runsByDefault` as above.
  public init<Strategy: ClairvoyantStrategy>(
    clairvoyant type: Strategy.Type, name: String, summary: String, source: String,
    parameters: [any StrategyParameterHandle], runsByDefault: Bool = true
  ) {
    self.name = name
    self.summary = summary
    self.source = source
    self.parameters = parameters.map(\.declaration)
    self.runsByDefault = runsByDefault
    self.strategyType = ObjectIdentifier(type)
    self.isClairvoyant = true
    self.parameterRule = nil
    self.feedRules = []
    self.run = { makeSimulation, lookahead, parameters in
      var strategy = Strategy(parameters: parameters)
      strategy.prepare(lookahead)
      var outcome = makeSimulation().run(&strategy)
      outcome.summary.boundCaveats = Int(strategy.boundCaveats.rawValue)
      return outcome
    }
    self.make = { parameters, lookahead in
      var strategy = Strategy(parameters: parameters)
      if let lookahead { strategy.prepare(lookahead) }
      return strategy
    }
    self.probe = { _ = Strategy(parameters: $0) }
  }

  private init(_ base: StrategyDefinition, parameters: [StrategyParameter]) {
    name = base.name
    summary = base.summary
    source = base.source
    self.parameters = parameters
    runsByDefault = base.runsByDefault
    strategyType = base.strategyType
    isClairvoyant = base.isClairvoyant
    parameterRule = base.parameterRule
    feedRules = base.feedRules
    run = base.run
    make = base.make
    probe = base.probe
  }

  /// The same strategy with other declarations (another default, say: what changing a default
  /// in the strategy's source looks like to a run). The registry checks them like any others.
  public func replacingParameters(_ parameters: [StrategyParameter]) -> StrategyDefinition {
    StrategyDefinition(self, parameters: parameters)
  }

  /// Every parameter at its default.
  var defaultValues: [String: ParameterValue] {
    Dictionary(parameters.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
  }

  /// Refuses a definition whose declarations are malformed, or whose strategy reads a parameter
  /// it does not declare: built once with its defaults, every handle it reads is checked.
  func validate() throws(StrategyError) {
    var seen = Set<String>()
    for parameter in parameters {
      guard StrategyRegistry.isValidName(parameter.name), seen.insert(parameter.name).inserted else {
        throw StrategyError(strategy: name, parameter: parameter.name, reason: .invalidParameterDeclaration)
      }
      if case .failure = parameter.validate(parameter.defaultValue) {
        throw StrategyError(
          strategy: name, parameter: parameter.name, reason: .invalidDefault(requirement: parameter.kindText))
      }
    }
    let recorder = ParameterProbe()
    probe(StrategyParameters(defaultValues, probe: recorder))
    for read in recorder.read {
      let declared = parameters.first { $0.name == read.name }
      guard let declared, Self.sameKind(declared.kind, read.kind) else {
        throw StrategyError(strategy: name, parameter: read.name, reason: .undeclaredParameter)
      }
    }
  }

  private static func sameKind(_ a: StrategyParameter.Kind, _ b: StrategyParameter.Kind) -> Bool {
    switch (a, b) {
    case (.number, .number), (.integer, .integer), (.bool, .bool), (.integerOrKeyword, .integerOrKeyword),
      (.numberOrKeyword, .numberOrKeyword):
      return true
    case (.choice(let a), .choice(let b)): return a == b
    default: return false
    }
  }
}
