import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab run SCENARIO|DIR… [--strategy NAME[:key=value,…]]… [--seeds 1-10] [--out DIR]
/// [--jobs N] [--no-plots] [--timelines first|all|none] [--run-files all|summary|none]
/// [--shard K/N|auto] [--quiet]`: the main job.
enum RunCommand {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Run scenarios against prefetch strategies and write the results folder.",
    discussion: """
      Every scenario runs against its own strategies (or every built-in strategy when it lists \
      none, or those given with --strategy) for each seed. The folder receives summary.csv, \
      timeline/, events/ and ttc/ CSVs per run, manifest.json and, unless --no-plots, gnuplot \
      plots with report.md and report.html; it is written under a temporary name and renamed \
      when complete. Bad input exits 65 before anything is written. --out replaces only a \
      results folder prefetchlab wrote, never one holding the run's inputs. Progress goes to \
      stderr: a redrawn line on a terminal, one line per phase otherwise, nothing with --quiet. \
      --shard K/N runs the K-th of N balanced slices of the runs (CSVs only; 'prefetchlab merge' \
      joins the slices and draws the plots).
      """,
    arguments: [
      .positional("scenarios", repeating: true, help: "Scenario files, or folders of *.json scenario files."),
      .option(
        "strategy", repeating: true,
        help:
          "Run this strategy instead of the scenarios' own, as NAME or NAME:key=value,... (see 'prefetchlab list')."
      ),
      .option("seeds", help: "Seeds to run, e.g. 1-10 or 1,4,7 (default: each scenario's seed)."),
      .option("out", default: "results/latest", help: "Results folder, replaced when the run completes."),
      .option(
        "jobs", short: "j", type: .integer, help: "Runs simulated in parallel (default: the number of cores)."
      ),
      .option(
        "timeline-interval-ms", type: .integer, default: "100",
        help: "Spacing of timeline rows in ms; 0 writes no timeline or events files."),
      .flag("no-plots", help: "Write CSVs only: no gnuplot plots or report."),
      .flag("plots", help: "Require plots: exit 1 when gnuplot is missing or a plot cannot be drawn."),
      .option(
        "timelines", default: "first",
        help: "Timeline plots: first (the first seed of each scenario and strategy), all, or none."),
      .option(
        "run-files", default: "all",
        help:
          "Per-run CSVs: all (timeline/, events/, ttc/ for every run), summary (what the report reads), or none."
      ),
      .option(
        "shard",
        help:
          "Run only slice K of N (K/N, e.g. 2/4), or auto: from Slurm, Kubernetes or CI variables (see docs/scale.md)."
      ),
      .flag("quiet", short: "q", help: "No progress or warnings on stderr, only errors."),
    ],
    validate: { parsed throws(ValidationError) in
      if parsed.flag("plots") && parsed.flag("no-plots") {
        throw ValidationError("--plots and --no-plots cannot be used together")
      }
      if let jobs = parsed.int("jobs"), jobs < 1 {
        throw .invalidValue(String(jobs), for: "jobs", reason: "must be at least 1")
      }
      if let seeds = parsed.string("seeds"), SeedList.parse(seeds) == nil {
        throw .invalidValue(
          seeds, for: "seeds",
          reason: "expected seeds like 1-10 or 1,4,7 (at most \(SeedList.maximumCount) seeds)")
      }
      if let interval = parsed.int("timeline-interval-ms"), interval < 0 || interval > 1_000_000_000 {
        // Beyond 10^9 ms (the longest session) the µs spacing would overflow the clock.
        throw .invalidValue(
          String(interval), for: "timeline-interval-ms", reason: "must be in 0...1000000000")
      }
      if let timelines = parsed.string("timelines"), TimelineSelection(rawValue: timelines) == nil {
        throw .invalidValue(timelines, for: "timelines", reason: "expected first, all or none")
      }
      if let files = parsed.string("run-files"), RunFileSelection(rawValue: files) == nil {
        throw .invalidValue(files, for: "run-files", reason: "expected all, summary or none")
      }
      if parsed.string("shard") != nil && parsed.flag("plots") {
        throw ValidationError(
          "--plots cannot be used with --shard: a shard writes CSVs only; 'prefetchlab merge' draws the plots"
        )
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    try validateStrategyOptions(parsed, registry: registry)
    let shard = try parsed.string("shard").map {
      try ShardSelection.resolve($0, environment: ProcessInfo.processInfo.environment)
    }
    let experiment = try experiment(
      for: parsed, scenarioArguments: parsed.strings("scenarios"), registry: registry)
    let options = simulationOptions(for: parsed)
    let jobs = parsed.int("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    let out = parsed.string("out") ?? "results/latest"
    let progress = ProgressDisplay(terminal: terminal, quiet: parsed.flag("quiet"))
    InterruptHandling.install(terminal: terminal, progress: progress)

    var writer = ResultsWriter(experiment: experiment, options: options, record: try record(parsed))
    writer.runFiles = RunFileSelection(rawValue: parsed.string("run-files") ?? "all") ?? .all
    writer.shard = shard?.shard
    let reports = shard == nil ? try ReportStep.forRun(parsed) : nil
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
        note: "\(outcome.files) per-run files, \(ProgressDisplay.bytes(outcome.bytes)); CPU: simulating "
          + ProgressDisplay.duration(max(0, cpu - outcome.writingCPUSeconds)) + ", writing files "
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
    }
    return status
  }

  /// The runs a parsed `run` command line asks for, with `scenarioArguments` as its scenario files
  /// and folders. `check` builds its fresh run from a baseline's recorded command with this too,
  /// so both agree on scenarios, strategy overrides and seeds.
  static func experiment(
    for parsed: ParsedArguments, scenarioArguments: [String], registry: StrategyRegistry
  ) throws -> Experiment {
    let scenarios = try ScenarioInputs.load(scenarioArguments, registry: registry)
    var overrides: [StrategySpec] = []
    for text in parsed.strings("strategy") { overrides.append(try StrategyRegistry.parseSpec(text)) }
    let seeds = parsed.string("seeds").flatMap(SeedList.parse)
    return try Experiment(
      scenarios: scenarios, strategyOverrides: overrides, seeds: seeds, registry: registry)
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

  /// Timeline spacing and event recording as `--timeline-interval-ms` asks (0 records neither).
  static func simulationOptions(for parsed: ParsedArguments) -> SimulationOptions {
    let intervalMs = Int64(parsed.int("timeline-interval-ms") ?? 100)
    return SimulationOptions(timelineIntervalUs: intervalMs * 1000, recordEvents: intervalMs > 0)
  }

  /// What the manifest records of the command line: the scenario arguments (sorted), the
  /// `--strategy` specs and `--seeds` as data, and the command itself for people.
  static func record(_ parsed: ParsedArguments) throws -> RunRecord {
    var strategies: [StrategySpec] = []
    for text in parsed.strings("strategy") { strategies.append(try StrategyRegistry.parseSpec(text)) }
    return RunRecord(
      command: recordedCommand(parsed), sources: parsed.strings("scenarios").sorted(),
      strategiesGiven: strategies,
      seedsGiven: parsed.string("seeds").flatMap(SeedList.parse).map { Set($0).sorted() })
  }

  /// The command as recorded in the manifest: what cannot change the results is left out or
  /// normalised so the manifest is the same whatever it was: `--jobs`, `--out`, `--quiet` and
  /// `--shard` are dropped (so every shard and the merged folder record the same command), and
  /// the scenario arguments are sorted (rows follow scenario names, not argument order).
  static func recordedCommand(_ parsed: ParsedArguments) -> [String] {
    var command = ["run"] + parsed.strings("scenarios").sorted()
    for strategy in parsed.strings("strategy") { command += ["--strategy", strategy] }
    if let seeds = parsed.string("seeds") { command += ["--seeds", seeds] }
    if parsed.isGiven("timeline-interval-ms") {
      command += ["--timeline-interval-ms", String(parsed.int("timeline-interval-ms") ?? 100)]
    }
    if parsed.flag("no-plots") { command.append("--no-plots") }
    for option in ["timelines", "run-files"] where parsed.isGiven(option) {
      command += ["--" + option, parsed.string(option) ?? ""]
    }
    return command
  }
}
