import PrefetchLab

/// `prefetchlab validate FILE…`: checks scenario files (and the trace files they name) without
/// running anything.
enum ValidateCommand {
  static let spec = CommandSpec(
    name: "validate",
    abstract: "Check scenario files and the trace files they name, without running them.",
    discussion:
      "Prints one line per valid file; the first problem found exits 65 naming file, JSON path and rule.",
    arguments: [
      .positional("files", repeating: true, help: "Scenario files, or folders of *.json scenario files.")
    ])

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    let scenarios = try ScenarioInputs.load(parsed.strings("files"), registry: registry)
    _ = try Experiment(scenarios: scenarios, registry: registry)
    for prepared in scenarios {
      let scenario = prepared.scenario
      let strategies =
        scenario.strategies.isEmpty ? "the general strategies" : "\(scenario.strategies.count) strategies"
      let seconds = DecimalFormat.fixed(Double(prepared.traceDurationUs) / 1_000_000, places: 1)
      terminal.out("ok  \(scenario.sourcePath)  '\(scenario.name)': \(seconds) s trace, \(strategies)\n")
    }
    return ExitStatus.ok
  }
}
