import PrefetchLab

/// `prefetchlab validate FILE…`: checks scenario files (and the trace files they name) without
/// running anything.
enum ValidateCommand {
  static let spec = CommandSpec(
    name: "validate",
    abstract: "Check scenario files and the trace files they name, without running them.",
    discussion: """
      Prints one line per valid file, and every problem of every invalid file (up to 20 per \
      file) naming file, JSON path and rule; exits 65 when any file has a problem.
      """,
    arguments: [
      .positional("files", repeating: true, help: "Scenario files, or folders of *.json scenario files.")
    ])

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  /// The first strategy of `prepared` whose parameters break a rule with its feed, as the
  /// `Experiment` that `run` builds would report it; nil when there is none.
  private static func feedProblem(_ prepared: PreparedScenario, registry: StrategyRegistry) -> InputError? {
    do {
      _ = try Experiment(scenarios: [prepared], registry: registry)
      return nil
    } catch let error as InputError {
      return error
    } catch {
      return InputError(file: prepared.scenario.sourcePath, location: "strategies", message: "\(error)")
    }
  }

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    var problems: [InputError] = []
    var valid: [PreparedScenario] = []
    for file in try ScenarioInputs.files(from: parsed.strings("files")) {
      do throws(InputError) {
        let scenario = try ScenarioLoader.load(
          contentsOf: file, strategyValidator: ScenarioInputs.validator(registry))
        let prepared = try PreparedScenario(scenario)
        // Strategy parameters that conflict with this file's feed (Paging 3's max_size).
        if let problem = feedProblem(prepared, registry: registry) { throw problem }
        let strategies =
          scenario.strategies.isEmpty ? "the general strategies" : "\(scenario.strategies.count) strategies"
        let seconds = DecimalFormat.fixed(Double(prepared.traceDurationUs) / 1_000_000, places: 1)
        terminal.out("ok  \(scenario.sourcePath)  '\(scenario.name)': \(seconds) s trace, \(strategies)\n")
        valid.append(prepared)
      } catch {
        problems.append(error)
      }
    }
    if problems.isEmpty {
      // Names must be unique across the files given together, as `run` demands.
      _ = try Experiment(scenarios: valid, registry: registry)
      return ExitStatus.ok
    }
    throw InputErrors(errors: problems)
  }
}
