import PrefetchLab
import PrefetchLabReports

/// `prefetchlab validate FILE…`: checks scenario files (and the trace files they name) without
/// running anything.
enum ValidateCommand {
  static let spec = CommandSpec(
    name: "validate",
    abstract: "Check scenario files and the trace files they name, without running them.",
    discussion: """
      Prints one line per valid file, and every problem of every invalid file (up to 20 per \
      file) naming file, JSON path and rule; exits 65 when any file has a problem. A scenario \
      name already used by a file before it is that file's problem; 'run' and 'sweep' check \
      their files the same way. A valid file that 'run' would refuse with its default output \
      options (a timeline past 10^6 intervals at --timeline-interval-ms 100) gets a warning on \
      stderr naming the options that run it; the exit status stays 0. Each valid file also gets \
      the figures a person checks at a glance (RTT p50 and p95, time to fetch a median page and \
      image, items per screen as rows × feed.columns, session length, seeds) and a warning for \
      each implausible value (RTT below 5 ms or above 60 s, an image below 1 kB, a page below \
      100 bytes, a link below 10 kbit/s, an item taller than the viewport, more than 1000 items \
      on one screen, which every frame walks, a setting that can never load past the first \
      page), naming the key and the likely unit slip; --strict makes those warnings problems \
      (exit 65). A population file is recognised and named as one: run it with --population.
      """,
    arguments: [
      .positional("files", repeating: true, help: "Scenario files, or folders of *.json scenario files."),
      .flag("strict", help: "Treat implausible values (unit slips) as problems: exit 65."),
    ])

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    // The same check as `run`'s, so both name the same problems; names must be unique across
    // the files given together, as `run` demands, and a clash is the later file's problem.
    var check = try ScenarioInputs.check(registry: registry)
    var problems: [InputError] = []
    for entry in ScenarioInputs.entries(from: parsed.strings("files")) {
      switch entry.flatMap({ check.check($0) }) {
      case .success(let prepared):
        let scenario = prepared.scenario
        let count = scenario.strategies.count
        let strategies =
          count == 0 ? "the general strategies" : count == 1 ? "1 strategy" : "\(count) strategies"
        let seconds = DecimalFormat.fixed(Double(prepared.traceDurationUs) / 1_000_000, places: 1)
        terminal.out("ok  \(scenario.sourcePath)  '\(scenario.name)': \(seconds) s trace, \(strategies)\n")
        let plausibility = ScenarioPlausibility(scenario, traceDurationUs: prepared.traceDurationUs)
        terminal.out(
          "    " + plausibility.figures.map { "\($0.name) \($0.value)" }.joined(separator: "; ") + "\n")
        for warning in plausibility.warnings {
          if parsed.flag("strict") {
            problems.append(
              InputError(file: scenario.sourcePath, location: warning.path, message: warning.message))
          } else {
            terminal.err("warning: \(scenario.sourcePath): \(warning)\n")
          }
        }
        // The file is valid (other output options run it), so a warning, not an error: checked
        // against run's defaults so that `validate` does not say ok to what plain `run` refuses.
        if let problem = TimelineRowLimit.problem(
          for: prepared, options: SimulationOptions(), runFiles: .report)
        {
          terminal.err("warning: \(problem.description) (as 'run' and 'sweep' are by default)\n")
        }
      case .failure(let error):
        problems.append(error)
      }
    }
    if problems.isEmpty { return ExitStatus.ok }
    throw InputErrors(errors: problems)
  }
}
