import PrefetchLab

/// Runs an experiment and writes its results folder (README.md, "What a run writes") atomically:
/// everything goes into a staging folder beside `--out`, which replaces `--out` only when complete.
public struct ResultsWriter: Sendable {
  public let experiment: Experiment
  public let options: SimulationOptions
  public let command: [String]

  public init(experiment: Experiment, options: SimulationOptions, command: [String]) {
    self.experiment = experiment
    self.options = options
    self.command = command
  }

  /// Simulates every run on `parallelism` threads and writes `summary.csv`, `timeline/`,
  /// `events/`, `ttc/` and `manifest.json` into `staging`. Returns the summary rows in job order.
  /// - Throws: `OutputError` when a file cannot be written, `InputError` when a scenario file
  ///   cannot be read back for its fingerprint.
  public func write(into staging: OutputStaging, parallelism: Int) throws -> [SummaryTable.Row] {
    let manifest = try makeManifest()
    let scenarios = experiment.scenarios
    let recordFiles = options.timelineIntervalUs > 0 || options.recordEvents
    let results = experiment.run(parallelism: parallelism, options: options) {
      _, job, outcome -> Result<SummaryTable.Row, OutputError> in
      let scenario = scenarios[job.scenarioIndex].scenario
      let name = RunFiles.fileName(
        for: RunKey(
          scenario: scenario.name, strategy: job.strategy.definition.name, params: job.strategy.paramsText,
          seed: job.seed))
      do throws(OutputError) {
        if recordFiles {
          try staging.write(RunFiles.timelineCSV(outcome.timeline), to: "timeline/" + name)
          try staging.write(RunFiles.eventsCSV(outcome.events), to: "events/" + name)
          try staging.write(RunFiles.timeToContentCSV(outcome.timesToContent), to: "ttc/" + name)
        }
      } catch {
        return .failure(error)
      }
      return .success(
        SummaryTable.Row(
          scenario: scenario.name, strategy: job.strategy.definition.name, params: job.strategy.paramsText,
          seed: job.seed, metrics: outcome.summary))
    }
    var rows: [SummaryTable.Row] = []
    for result in results { rows.append(try result.get()) }
    try staging.write(SummaryTable.csv(rows), to: "summary.csv")
    try staging.write(manifest.json.serialized(pretty: true) + "\n", to: "manifest.json")
    return rows
  }

  func makeManifest() throws -> Manifest {
    var entries: [Manifest.ScenarioEntry] = []
    for prepared in experiment.scenarios { entries.append(try Manifest.entry(for: prepared.scenario)) }
    var seeds = Set<UInt64>()
    var strategies: [String] = []
    for job in experiment.jobs {
      seeds.insert(job.seed)
      if !strategies.contains(job.strategy.label) { strategies.append(job.strategy.label) }
    }
    return Manifest(
      command: command, scenarios: entries, seeds: seeds.sorted(), strategies: strategies,
      runs: experiment.jobs.count, timelineIntervalMs: options.timelineIntervalUs / 1000)
  }
}
