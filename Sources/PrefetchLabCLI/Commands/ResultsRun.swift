import Foundation
import PrefetchLab
import PrefetchLabReports

/// What `run` and `sweep` share once their experiment is known: the output options, their
/// checks, and writing the results folder (simulate, write the CSVs and manifest, draw the plots
/// and reports, rename into place) with progress, sharding and the closing summary.
enum ResultsRun {
  /// `--out` (with the verb's default), `--jobs`, `--timeline-interval-ms`, `--no-plots`,
  /// `--plots`, `--timelines`, `--run-files`, `--plain-tables`, `--shard`, `--quiet`, `--engine` (not recorded in
  /// the manifest: both engines write the same files).
  static func outputArguments(defaultOut: String) -> [ArgumentSpec] {
    [
      .option(
        "out", default: defaultOut,
        help:
          "Results folder, written when the run completes; an existing one other than results/latest only with --replace."
      ),
      .flag(
        "replace", help: "Replace the --out folder if it exists (results/latest is replaced without it)."),
      .option(
        "jobs", short: "j", range: 1...Int.max,
        help: "Runs simulated in parallel (default: the number of cores)."
      ),
      .option(
        // Beyond 10^9 ms (the longest session) the µs spacing would overflow the clock.
        "timeline-interval-ms", range: 0...1_000_000_000, default: "100",
        help:
          "Timeline sampling interval in ms, 0...1000000000 (rows are kept where something changes); 0 writes "
          + "no run tables (timeline.csv, events.csv, ttc.csv)."
      ),
      .flag("no-plots", help: "Write CSVs only: no gnuplot plots or report."),
      .flag("plots", help: "Require plots: exit 1 when gnuplot is missing or a plot cannot be drawn."),
      .option(
        "timelines", default: TimelineSelection.standard.rawValue,
        help:
          "Timeline plots: recommended (the default: per scenario the first seed of the recommended "
          + "strategy, the runner-up and the oracle), first (the first seed of every strategy), all, or none."
      ),
      .option(
        "run-files",
        help:
          "Rows of the run tables: report (the default: what the report draws, ttc.csv for every run, "
          + "timeline.csv and events.csv for the first seed of each scenario and strategy), all (every "
          + "table for every run; the default with --timelines all), or none."
      ),
      .flag(
        "plain-tables",
        help:
          "Write the run tables as plain CSV (timeline.csv, …) instead of gzip-compressed (timeline.csv.gz, …, "
          + "the default; about a seventh of the size)."),
      .option(
        "shard",
        help:
          "Run only slice K of N (K/N, e.g. 2/4), or auto: from Slurm, Kubernetes or CI variables (see docs/scale.md)."
      ),
      .flag("quiet", short: "q", help: "No progress or warnings on stderr, only errors."),
      .option(
        "engine", default: "event",
        help:
          "Time advance: event (steps through the frames in which nothing but the viewport moves) or stepped "
          + "(every frame in full, the reference); the outputs are identical."),
    ]
  }

  /// The checks of `--seeds` and the output options (`--out` by `OutputPathRule`).
  static func validate(_ parsed: ParsedArguments) throws(ValidationError) {
    try OutputPathRule.check(parsed, option: "out", target: .resultsFolder)
    try OutputPathRule.checkReplace(parsed, option: "out")
    if parsed.flag("plots") && parsed.flag("no-plots") {
      throw ValidationError("--plots and --no-plots cannot be used together")
    }
    if let seeds = parsed.string("seeds"), let problem = SeedList.problem(in: seeds) {
      throw .invalidValue(seeds, for: "seeds", reason: "\(problem); expected seeds like 1-10 or 1,4,7")
    }
    if let timelines = parsed.string("timelines"), TimelineSelection(rawValue: timelines) == nil {
      throw .invalidValue(timelines, for: "timelines", reason: "expected " + TimelineSelection.choicesText)
    }
    if let engine = parsed.string("engine"), SimulationEngine(rawValue: engine) == nil {
      throw .invalidValue(engine, for: "engine", reason: "expected event or stepped")
    }
    if let files = parsed.string("run-files"), RunFileSelection(rawValue: files) == nil {
      if let renamed = RunFileSelection.renamed[files] {
        throw .invalidValue(
          files, for: "run-files",
          reason: "renamed to '\(renamed.rawValue)' (the rows the report draws); expected all, report or none"
        )
      }
      throw .invalidValue(files, for: "run-files", reason: "expected all, report or none")
    }
    if parsed.string("shard") != nil && parsed.flag("plots") {
      throw ValidationError(
        "--plots cannot be used with --shard: a shard writes CSVs only; 'prefetchlab merge' draws the plots"
      )
    }
  }

  /// Simulates `experiment` and writes its results folder as the output options ask; prints the
  /// table of headline metrics (or, for a shard, what it wrote), then what `closing` says about the
  /// finished folder (read back from `--out`; not called for a shard).
  /// - Returns: the exit status (1 when `--plots` was given and a plot failed).
  static func write(
    _ parsed: ParsedArguments, experiment: Experiment, record: RunRecord, terminal: TerminalOutput,
    closing: (String) throws -> String = { _ in "" }
  ) throws -> Int32 {
    let shard = try parsed.string("shard").map {
      try ShardSelection.resolve($0, environment: ProcessInfo.processInfo.environment)
    }
    // Before any row is kept: what this process finishes, the shard's runs when sharded.
    if let problem = RunCountCap.finishedError(
      planned: experiment.jobs.count, shardCount: shard?.shard.count ?? 1)
    {
      throw problem
    }
    let options = simulationOptions(for: parsed)
    let jobs = parsed.int("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    let out = parsed.string("out") ?? "results/latest"
    let progress = ProgressDisplay(terminal: terminal, quiet: parsed.flag("quiet"))
    InterruptHandling.install(terminal: terminal, progress: progress)

    var writer = ResultsWriter(experiment: experiment, options: options, record: record)
    writer.runFiles = runFileSelection(parsed)
    writer.compressTables = !parsed.flag("plain-tables")
    writer.shard = shard?.shard
    let reports = shard == nil ? try ReportStep.forRun(parsed) : nil
    // Before the output folder (or its parents) is made: nothing is written for a refused run.
    let problems = writer.runFileProblems
    if !problems.isEmpty { throw InputErrors(errors: problems) }
    let staging = try OutputStaging.begin(destination: out, inputs: writer.inputs)
    for leftover in staging.removedLeftovers where progress.mode != .quiet {
      progress.message("removed \(leftover), left unfinished by a run that no longer exists\n")
    }
    if let shard, progress.mode != .quiet {
      progress.message(
        "shard \(shard.shard) (from \(shard.source)): \(shard.shard.positions(among: experiment.jobs.count).count) of \(experiment.jobs.count) runs\n"
      )
    }
    let outcome: ResultsWriter.Outcome
    var status = ExitStatus.ok
    do {
      let cpuStart = CPUClock.process()
      outcome = try writer.write(into: staging, parallelism: jobs, progress: progress)
      let cpu = CPUClock.process() - cpuStart
      progress.finished(
        .simulating,
        note:
          "\(outcome.files) run table\(outcome.files == 1 ? "" : "s"), \(ProgressDisplay.bytes(outcome.bytes)); CPU: simulating "
          + ProgressDisplay.duration(max(0, cpu - outcome.writingCPUSeconds)) + ", writing tables "
          + ProgressDisplay.duration(outcome.writingCPUSeconds))
      if let reports {
        status = try reports.generate(into: staging, jobs: jobs, terminal: terminal, progress: progress)
      }
      try staging.commit()
    } catch {
      try? staging.abandon()
      throw error
    }
    if let shard {
      terminal.out(
        "shard \(shard.shard): \(outcome.rows.count) of \(experiment.jobs.count) runs written to \(out); "
          + "join the shards with 'prefetchlab merge SHARD_DIR... --out DIR'\n")
    } else {
      terminal.out(RunSummaryText.render(rows: outcome.rows, runs: experiment.jobs.count, folder: out))
      terminal.out(try closing(out))
    }
    return status
  }

  /// What the timeline limit is checked against (`ScenarioInputs.load`): the simulation options
  /// and `--run-files`.
  static func timelineOptions(for parsed: ParsedArguments) -> ScenarioInputs.TimelineOptions {
    (simulationOptions(for: parsed), runFileSelection(parsed))
  }

  /// `--run-files`: as given, else `all` with `--timelines all` (every timeline drawn needs its
  /// rows), else `report`, the rows the report draws: every run's in all tables would be most of
  /// the folder (for the bundled scenarios × 10 seeds 248 MB against 54 MB).
  static func runFileSelection(_ parsed: ParsedArguments) -> RunFileSelection {
    runFileSelection(given: parsed.string("run-files"), timelines: parsed.string("timelines"))
  }

  /// The same from a command recorded in a manifest (`recordedOutputOptions` keeps both options).
  static func runFileSelection(recorded command: [String]) -> RunFileSelection {
    func value(_ option: String) -> String? {
      command.firstIndex(of: option).flatMap { $0 + 1 < command.count ? command[$0 + 1] : nil }
    }
    return runFileSelection(given: value("--run-files"), timelines: value("--timelines"))
  }

  private static func runFileSelection(given: String?, timelines: String?) -> RunFileSelection {
    if let given { return RunFileSelection(rawValue: given) ?? .report }
    return timelines == TimelineSelection.all.rawValue ? .all : .report
  }

  /// Timeline spacing and event recording as `--timeline-interval-ms` asks (0 records neither).
  static func simulationOptions(for parsed: ParsedArguments) -> SimulationOptions {
    let intervalMs = Int64(parsed.int("timeline-interval-ms") ?? 100)
    return SimulationOptions(
      timelineIntervalUs: intervalMs * 1000, recordEvents: intervalMs > 0,
      engine: parsed.string("engine").flatMap(SimulationEngine.init(rawValue:)) ?? .event)
  }

  /// The options `recordedCommand`s keep after the experiment's own: what can change the
  /// folder's files (`--timeline-interval-ms`, `--no-plots`, `--timelines`, `--run-files`,
  /// `--plain-tables`) but not
  /// `--jobs`, `--out`, `--quiet` or `--shard`, so every shard and the merged folder record the
  /// same command.
  static func recordedOutputOptions(_ parsed: ParsedArguments) -> [String] {
    var command: [String] = []
    if parsed.isGiven("timeline-interval-ms") {
      command += ["--timeline-interval-ms", String(parsed.int("timeline-interval-ms") ?? 100)]
    }
    if parsed.flag("no-plots") { command.append("--no-plots") }
    if parsed.flag("plain-tables") { command.append("--plain-tables") }
    for option in ["timelines", "run-files"] where parsed.isGiven(option) {
      command += ["--" + option, parsed.string(option) ?? ""]
    }
    return command
  }
}
