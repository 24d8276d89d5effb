extension StrategyRegistry {
  /// The strategies a scenario without a `strategies` list runs (`defaultNames`), each with its
  /// defaults (a definition whose own defaults broke its `parameterRule` could never run, and is
  /// left out).
  public var defaultStrategies: [ConfiguredStrategy] {
    defaultNames.compactMap { try? configure(StrategySpec(name: $0)) }
  }

  /// `scenario`'s strategies configured with this registry: its `configuredStrategies` when the
  /// loader configured them, else each `strategies` entry configured here (the registry's
  /// defaults when it lists none), with the problem of each entry that does not configure, at
  /// its JSON path (`strategies[1].ratio`). O(entries × parameters).
  public func configuredStrategies(of scenario: Scenario) -> (
    strategies: [ConfiguredStrategy], problems: [InputError]
  ) {
    if let configured = scenario.configuredStrategies { return (configured, []) }
    if scenario.strategies.isEmpty { return (defaultStrategies, []) }
    var strategies: [ConfiguredStrategy] = []
    var problems: [InputError] = []
    for (position, spec) in scenario.strategies.enumerated() {
      do throws(StrategyError) {
        strategies.append(try configure(spec))
      } catch {
        let location = "strategies[\(position)]" + (error.parameter.map { ".\($0)" } ?? "")
        problems.append(InputError(file: scenario.sourcePath, location: location, message: error.description))
      }
    }
    return (strategies, problems)
  }

  /// `scenario` with its `configuredStrategies` set (`configuredStrategies(of:)`).
  /// - Throws: `InputError`: the first entry that does not configure, carrying the others.
  public func configuring(_ scenario: Scenario) throws(InputError) -> Scenario {
    let (strategies, problems) = configuredStrategies(of: scenario)
    if let problem = Diagnostics.combined(problems) { throw problem }
    var configured = scenario
    configured.configuredStrategies = strategies
    return configured
  }
}
