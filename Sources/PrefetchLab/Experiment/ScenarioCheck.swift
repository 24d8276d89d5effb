/// What `validate`, `run` and `sweep` learn of their scenario files before anything runs, so
/// that the three name the same problems for the same files: each file, in the order given, is
/// loaded, its trace files read, its name compared with those of the files before it, and its
/// strategies checked against its feed as `Experiment` will run them; every problem found in a
/// file is reported together, and a file that has one is never also reported good.
public struct ScenarioCheck {
  private let registry: StrategyRegistry
  private let overrides: [ConfiguredStrategy]
  private let overrideNames: [String]
  /// The file that first had each name: a later file with the same name is the one at fault.
  private var names: [String: String] = [:]
  private var traces = BandwidthTraceCache()

  /// - Parameters:
  ///   - registry: configures each file's `strategies` as the loader reads them, once
  ///     (`ScenarioLoader.load(contentsOf:registry:checksFiles:)`), and the overrides.
  ///   - strategyOverrides, overrideNames: as `Experiment` takes them; each override is checked
  ///     against every file's feed.
  /// - Throws: `StrategyError` for an override that does not configure (a usage error).
  public init(
    registry: StrategyRegistry, strategyOverrides: [StrategySpec] = [], overrideNames: [String] = []
  ) throws(StrategyError) {
    self.registry = registry
    var overrides: [ConfiguredStrategy] = []
    for spec in strategyOverrides { overrides.append(try registry.configure(spec)) }
    self.overrides = overrides
    self.overrideNames = overrideNames
  }

  /// The scenario in `file`, prepared to run, or every problem found in the file as one error
  /// (the first, carrying the others).
  public mutating func check(_ file: String) -> Result<PreparedScenario, InputError> {
    // Loaded first without looking for the trace files it names, so that a missing one does not
    // hide the checks that need the loaded scenario (its name, its strategies against its feed).
    let scenario: Scenario
    do throws(InputError) {
      scenario = try ScenarioLoader.load(contentsOf: file, registry: registry, checksFiles: false)
    } catch {
      // Other problems too: loaded again as usual, to name them all in the file's order.
      do throws(InputError) {
        _ = try ScenarioLoader.load(contentsOf: file, registry: registry)
      } catch let all {
        return .failure(all)
      }
      return .failure(error)
    }
    return check(scenario)
  }

  /// The same checks of a scenario already loaded (a population's segment, `PopulationLoader`):
  /// its name against those checked before, the trace files it names, its strategies against
  /// its feed; then it is prepared.
  public mutating func check(_ scenario: Scenario) -> Result<PreparedScenario, InputError> {
    var problems: [InputError] = []
    // A file whose name is read claims it even if it has other problems: the clash is then
    // reported at once, not only after those are fixed.
    if let earlier = names[scenario.name] {
      problems.append(Experiment.nameClash(scenario, earlier: earlier))
    } else {
      names[scenario.name] = scenario.sourcePath
    }
    let fileProblems = Self.traceFileProblems(scenario)
    // Configured here only when the scenario was not loaded with the registry (built in code).
    let (own, entryProblems) = registry.configuredStrategies(of: scenario)
    let strategyProblems =
      entryProblems
      + Experiment.strategies(for: scenario, own: own, overrides: overrides, overrideNames: overrideNames)
      .problems
    if !fileProblems.isEmpty {
      return .failure(Diagnostics.combined(problems + fileProblems + strategyProblems) ?? fileProblems[0])
    }
    if !entryProblems.isEmpty {
      return .failure(Diagnostics.combined(problems + strategyProblems) ?? entryProblems[0])
    }
    do throws(InputError) {
      var configured = scenario
      configured.configuredStrategies = own
      let prepared = try PreparedScenario(configured, traces: &traces)
      if let problem = Diagnostics.combined(problems + strategyProblems) { return .failure(problem) }
      return .success(prepared)
    } catch {
      return .failure(Diagnostics.combined(problems + [error] + strategyProblems) ?? error)
    }
  }

  /// The trace files `scenario` names that cannot be read, as the loader words them when it
  /// checks files (`ScenarioLoader.existingFile`).
  private static func traceFileProblems(_ scenario: Scenario) -> [InputError] {
    var paths: [(location: String, path: String)] = []
    if let trace = scenario.network.trace { paths.append(("network.trace.path", trace.path)) }
    if let trace = scenario.mediaNetwork?.network.trace, scenario.mediaNetwork?.sharedLink == false,
      trace.path != scenario.network.trace?.path
    {
      paths.append(("network.media.trace.path", trace.path))
    }
    switch scenario.scroll.source {
    case .recorded(let path, _), .touch(let path, _): paths.append(("scroll.trace.path", path))
    case .script, .model: break
    }
    return paths.compactMap { entry in
      FileCheck.problem(with: entry.path).map {
        InputError(
          file: scenario.sourcePath, location: entry.location,
          message: $0.message(for: ValueText.escapingUnsafe(entry.path)))
      }
    }
  }
}
