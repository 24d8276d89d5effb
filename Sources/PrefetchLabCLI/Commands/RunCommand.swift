import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab run SCENARIO|DIR…|--population FILE [--strategy NAME[:key=value,…]]… [--seeds 1-10]
/// [--out DIR] [--jobs N] [--no-plots] [--timelines first|all|none] [--run-files all|summary|none]
/// [--shard K/N|auto] [--quiet]`: the main job.
enum RunCommand {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Run scenarios against prefetch strategies and write the results folder.",
    discussion: """
      Every scenario runs against its own strategies (or every built-in strategy when it lists \
      none, or those given with --strategy) for each seed. The folder receives summary.csv, \
      the run tables timeline.csv, events.csv and ttc.csv (each row led by its run's scenario, \
      strategy, params and seed), manifest.json and, unless --no-plots, gnuplot \
      plots with report.md and report.html; it is written under a temporary name and renamed \
      when complete. Bad input exits 65 before anything is written, naming every problem \
      'validate' finds in the files and every --strategy that breaks a rule with a file's \
      feed. --out replaces only a results folder prefetchlab wrote, never one holding the \
      run's inputs. Progress goes to \
      stderr: a redrawn line on a terminal, one line per phase otherwise, nothing with --quiet. \
      --shard K/N runs the K-th of N balanced slices of the runs (CSVs only; 'prefetchlab merge' \
      joins the slices and draws the plots). --population FILE runs a user population instead of \
      scenario arguments: each segment's scenario, then one leaderboard weighted by segment with \
      per-session p50 and p95 of stall and blank time (docs/populations.md).
      """,
    arguments: [
      .positional(
        "scenarios", required: false, repeating: true,
        help: "Scenario files, or folders of *.json scenario files."
      ),
      .option(
        "population", valueName: "file",
        help: "A population file (weighted segments of users) to run instead of scenario arguments."),
      .option(
        "strategy", repeating: true,
        help:
          "Run this strategy instead of the scenarios' own, as NAME, NAME:key=value,... (see 'prefetchlab list') "
          + "or as run files and manifest.json name it (NAME@key=value+...)."
      ),
      .option(
        "seeds",
        help:
          "Seeds to run, e.g. 1-10 or 1,4,7 (overlaps run once, in ascending order): at most 100000 seeds, each"
          + " 0...2^53 − 1 (default: each scenario's seed)."
      ),
    ] + ResultsRun.outputArguments(defaultOut: "results/latest"),
    validate: { parsed throws(ValidationError) in
      let given = parsed.isGiven("scenarios")
      if !given && !parsed.isGiven("population") {
        throw ValidationError(
          "Missing expected argument '<scenarios> ...' (or --population FILE for a population of users)")
      }
      if given && parsed.isGiven("population") {
        throw ValidationError(
          "--population runs the scenarios its segments name: give it or scenario arguments, not both")
      }
      try ResultsRun.validate(parsed)
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    try validateStrategyOptions(parsed, registry: registry)
    guard let populationFile = parsed.string("population") else {
      let experiment = try experiment(
        for: parsed, scenarioArguments: parsed.strings("scenarios"), registry: registry)
      return try ResultsRun.write(
        parsed, experiment: experiment, record: try record(parsed), terminal: terminal)
    }
    let reading = PopulationLoader.read(contentsOf: populationFile, registry: registry)
    // Each segment's scenario gets the checks a scenario argument gets (`ScenarioCheck`), all
    // of them before anything runs, and those of the segments that read are made even when
    // others have problems, so that all are reported together.
    let (overrides, overrideNames) = try strategyOverrides(parsed)
    var check = try ScenarioInputs.check(
      registry: registry, strategyOverrides: overrides, overrideNames: overrideNames)
    var prepared: [PreparedScenario] = []
    var problems: [InputError] = reading.problem.map { [$0] } ?? []
    let timeline = ResultsRun.timelineOptions(for: parsed)
    for segment in reading.segments {
      ScenarioInputs.append(
        check.check(segment.scenario), timeline: timeline, to: &prepared, problems: &problems)
    }
    guard problems.isEmpty, let population = reading.population else { throw InputErrors(errors: problems) }
    var record = try record(parsed)
    record.sources = [populationFile]
    record.population = try PopulationRecord(population)
    let experiment = try RunCountCap.experiment {
      try Experiment(
        scenarios: prepared, strategyOverrides: record.strategiesGiven, seeds: record.seedsGiven,
        registry: registry, overrideNames: overrideNames, runLimit: RunCountCap.maxPlannedRuns)
    }
    return try ResultsRun.write(parsed, experiment: experiment, record: record, terminal: terminal) { out in
      try leaderboardText(folder: out)
    }
  }

  /// The population's weighted leaderboard, read back from the written folder.
  static func leaderboardText(folder: String) throws -> String {
    let results = try ResultsFolder(path: folder)
    guard let record = results.manifest?.population else { return "" }
    let board = PopulationLeaderboard(record: record, rows: results.rows)
    var text = "\nPopulation '\(record.name)': \(board.segmentsText); sessions weighted by segment\n"
    text += TextTable.render(
      board.table, rightAligned: Set([0] + Array(2..<PopulationLeaderboard.header.count)))
    if !board.incomplete.isEmpty {
      text += "Not ranked (missing from a segment): " + board.incomplete.joined(separator: ", ") + "\n"
    }
    return text
  }

  /// The `--strategy` options as specs, and as messages name them (`--strategy NAME:…`).
  static func strategyOverrides(_ parsed: ParsedArguments) throws -> (specs: [StrategySpec], names: [String])
  {
    let texts = parsed.strings("strategy")
    var specs: [StrategySpec] = []
    for text in texts { specs.append(try StrategyRegistry.parseSpec(text)) }
    return (specs, texts.map { "--strategy " + $0 })
  }

  /// The runs a parsed `run` command line asks for, with `scenarioArguments` as its scenario files
  /// and folders, once every problem `validate` would report of them (and every `--strategy`
  /// that breaks a rule with a file's feed) is known to be absent.
  static func experiment(
    for parsed: ParsedArguments, scenarioArguments: [String], registry: StrategyRegistry
  ) throws -> Experiment {
    let (overrides, names) = try strategyOverrides(parsed)
    let scenarios = try ScenarioInputs.load(
      scenarioArguments, registry: registry, strategyOverrides: overrides, overrideNames: names,
      timeline: ResultsRun.timelineOptions(for: parsed))
    let seeds = parsed.string("seeds").flatMap(SeedList.parse)
    return try RunCountCap.experiment {
      try Experiment(
        scenarios: scenarios, strategyOverrides: overrides, seeds: seeds, registry: registry,
        overrideNames: names, runLimit: RunCountCap.maxPlannedRuns)
    }
  }

  /// Every `--strategy` must name a strategy of `registry` with valid parameters, and none may be
  /// given twice (the runs would be identical rows). A usage error, reported before anything runs.
  static func validateStrategyOptions(_ parsed: ParsedArguments, registry: StrategyRegistry)
    throws(ValidationError)
  {
    var labels: [String: String] = [:]
    for text in parsed.strings("strategy") {
      let configured: ConfiguredStrategy
      do throws(StrategyError) {
        configured = try registry.configure(StrategyRegistry.parseSpec(text))
      } catch {
        throw .invalidValue(text, for: "strategy", reason: error.description)
      }
      if let earlier = labels[configured.label] {
        throw .invalidValue(text, for: "strategy", reason: "the same strategy as '\(earlier)'")
      }
      labels[configured.label] = text
    }
  }

  /// What the manifest records of the command line: the scenario arguments (sorted), the
  /// `--strategy` specs and `--seeds` as data, and the command itself for people.
  static func record(_ parsed: ParsedArguments) throws -> RunRecord {
    return RunRecord(
      command: recordedCommand(parsed), sources: parsed.strings("scenarios").sorted(),
      strategiesGiven: try strategyOverrides(parsed).specs,
      seedsGiven: parsed.string("seeds").flatMap(SeedList.parse).map { Set($0).sorted() })
  }

  /// The command as recorded in the manifest: what cannot change the results is left out or
  /// normalised so the manifest is the same whatever it was: `--jobs`, `--out`, `--quiet` and
  /// `--shard` are dropped (so every shard and the merged folder record the same command), and
  /// the scenario arguments are sorted (rows follow scenario names, not argument order).
  static func recordedCommand(_ parsed: ParsedArguments) -> [String] {
    var command = ["run"] + parsed.strings("scenarios").sorted()
    if let population = parsed.string("population") { command += ["--population", population] }
    for strategy in parsed.strings("strategy") { command += ["--strategy", strategy] }
    if let seeds = parsed.string("seeds") { command += ["--seeds", seeds] }
    return command + ResultsRun.recordedOutputOptions(parsed)
  }
}
