extension Experiment {
  /// The error of `scenario` when a file given before it, `earlier`, has its name: rows and run
  /// files follow scenario names, so no two may share one. The later file is the one at fault,
  /// at its own `name`.
  static func nameClash(_ scenario: Scenario, earlier: String) -> InputError {
    InputError(
      file: scenario.sourcePath, location: "name",
      message: "scenario name '\(scenario.name)' is already used by \(earlier)")
  }

  /// The strategies a scenario runs (`overrides` when there are any, else `own`, its list as
  /// configured once: `PreparedScenario.strategies`) and every problem with them, in the order
  /// found: an entry of its own list that breaks a rule with its feed (checked even when
  /// overridden, so that the file is held to what `validate` says of it), an override that
  /// breaks one (named as the user gave it, `overrideNames`), and the same strategy run twice.
  /// Nothing is configured here.
  static func strategies(
    for scenario: Scenario, own: [ConfiguredStrategy], overrides: [ConfiguredStrategy],
    overrideNames: [String]
  ) -> (strategies: [ConfiguredStrategy], problems: [InputError]) {
    let file = scenario.sourcePath
    let feed = FeedFacts(scenario.feed)
    var problems: [InputError] = []
    // Positions in the file's list: the registry's defaults, run for an empty list, are at none,
    // and break no rule of a feed the loader accepts.
    for (position, strategy) in own.enumerated() {
      for violation in strategy.feedRuleViolations(feed) {
        problems.append(
          InputError(
            file: file, location: "strategies[\(position)].\(violation.parameter)",
            message: strategy.error(violation).description))
      }
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
