extension Experiment {
  /// The error of `scenario` when a file given before it, `earlier`, has its name: rows and run
  /// files follow scenario names, so no two may share one. The later file is the one at fault,
  /// at its own `name`.
  static func nameClash(_ scenario: Scenario, earlier: String) -> InputError {
    InputError(
      file: scenario.sourcePath, location: "name",
      message: "scenario name '\(scenario.name)' is already used by \(earlier)")
  }

  /// The strategies `scenario` runs (`overrides` when there are any, else its own list, or the
  /// general strategies when it lists none) and every problem with its strategies, in the order
  /// found: an entry of its own list that does not configure or that breaks a rule with its feed
  /// (checked even when overridden, so that the file is held to what `validate` says of it), an
  /// override that breaks one (named as the user gave it, `overrideNames`), and the same
  /// strategy run twice.
  static func strategies(
    for scenario: Scenario, overrides: [ConfiguredStrategy], overrideNames: [String],
    registry: StrategyRegistry
  ) -> (strategies: [ConfiguredStrategy], problems: [InputError]) {
    let file = scenario.sourcePath
    let feed = FeedFacts(scenario.feed)
    var problems: [InputError] = []
    var own: [ConfiguredStrategy] = []
    let specs =
      scenario.strategies.isEmpty ? registry.defaultNames.map { StrategySpec(name: $0) } : scenario.strategies
    for (position, spec) in specs.enumerated() {
      let strategy: ConfiguredStrategy
      do throws(StrategyError) {
        strategy = try registry.configure(spec)
      } catch {
        let location = "strategies[\(position)]" + (error.parameter.map { ".\($0)" } ?? "")
        problems.append(InputError(file: file, location: location, message: error.description))
        continue
      }
      for violation in strategy.feedRuleViolations(feed) {
        problems.append(
          InputError(
            file: file, location: "strategies[\(position)].\(violation.parameter)",
            message: strategy.error(violation).description))
      }
      own.append(strategy)
    }
    for (position, strategy) in overrides.enumerated() {
      // The override is at fault, checked against this file's feed: name the option as given,
      // and where a page size it was checked with comes from.
      let name =
        position < overrideNames.count
        ? overrideNames[position]
        : "--strategy " + strategy.definition.name
          + (strategy.paramsText.isEmpty ? "" : ":" + strategy.paramsText)
      for violation in strategy.feedRuleViolations(feed) {
        let origin =
          violation.basis == .pageSize
          ? " (page size \(feed.pageSizeItems): this file's \(feed.pageSizeKey))" : ""
        problems.append(
          InputError(file: file, location: name, message: strategy.error(violation).description + origin))
      }
    }
    let strategies = overrides.isEmpty ? own : overrides
    var labels = Set<String>()
    for strategy in strategies where !labels.insert(strategy.label).inserted {
      problems.append(
        InputError(
          file: file, location: "strategies",
          message: "strategy '\(strategy.label)' is listed twice with the same parameters"))
    }
    return (strategies, problems)
  }
}
