import PrefetchLab

/// Runs an experiment and writes its results folder atomically: everything goes into a staging
/// folder beside `--out`, which replaces `--out` only when complete.
public struct ResultsWriter: Sendable {
  public let experiment: Experiment
  public let options: SimulationOptions
  public let record: RunRecord

  public init(experiment: Experiment, options: SimulationOptions, record: RunRecord) {
    self.experiment = experiment
    self.options = options
    self.record = record
  }

  /// Simulates every run on `parallelism` threads and writes `summary.csv`, `timeline/`,
  /// `events/`, `ttc/` and `manifest.json` into `staging`. Returns the summary rows in job order.
  /// - Throws: `OutputError` when a file cannot be written, `InputError` when a scenario file
  ///   cannot be read back for its fingerprint.
  public func write(into staging: OutputStaging, parallelism: Int) throws -> [SummaryTable.Row] {
    let manifest = try makeManifest(folder: staging.destination)
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
    try staging.write(manifest.text, to: "manifest.json")
    return rows
  }

  /// The manifest of the folder that will be at `folder` (paths are written relative to it).
  /// - Throws: `InputError` when a scenario or trace file cannot be read for its hash.
  func makeManifest(folder: String) throws -> Manifest {
    var seeds = Set<UInt64>()
    var labels: [String] = []
    for job in experiment.jobs {
      seeds.insert(job.seed)
      if !labels.contains(job.strategy.label) { labels.append(job.strategy.label) }
    }
    var entries: [Manifest.ScenarioEntry] = []
    for (index, prepared) in experiment.scenarios.enumerated() {
      let jobs = experiment.jobs.filter { $0.scenarioIndex == index }
      entries.append(try entry(for: prepared, jobs: jobs, folder: folder))
    }
    return Manifest(
      command: record.command, sources: record.sources.map { FolderPath.relative($0, from: folder) },
      strategiesGiven: record.strategiesGiven, seedsGiven: record.seedsGiven, scenarios: entries,
      seeds: seeds.sorted(), strategies: labels, runs: experiment.jobs.count,
      timelineIntervalMs: options.timelineIntervalUs / 1000)
  }

  func entry(for prepared: PreparedScenario, jobs: [RunJob], folder: String) throws -> Manifest.ScenarioEntry
  {
    let scenario = prepared.scenario
    let hashes = Manifest.hashes(of: scenario)
    var inputs: [(path: String, sha256: String)] = []
    for path in Manifest.tracePaths(of: scenario) {
      inputs.append((FolderPath.relative(path, from: folder), try Manifest.hash(path)))
    }
    var strategies: [StrategySpec] = []
    var labels = Set<String>()
    for job in jobs where labels.insert(job.strategy.label).inserted {
      strategies.append(Self.fullSpec(job.strategy))
    }
    let hasFile = !scenario.sourcePath.isEmpty
    return Manifest.ScenarioEntry(
      name: scenario.name, path: hasFile ? FolderPath.relative(scenario.sourcePath, from: folder) : "",
      sha256: hashes.sha256, inputs: inputs, sha256WithoutStrategies: hashes.withoutStrategies,
      fileSHA256: try record.fileHashes[scenario.name] ?? (hasFile ? Manifest.hash(scenario.sourcePath) : ""),
      scenario: scenario.json { FolderPath.relative($0, from: folder) }, strategies: strategies,
      seeds: Set(jobs.map(\.seed)).sorted(), traceDurationUs: prepared.traceDurationUs)
  }

  /// The strategy as run: its name with every parameter, defaults included, in declaration order.
  static func fullSpec(_ strategy: ConfiguredStrategy) -> StrategySpec {
    var parameters: [String: ParameterValue] = [:]
    for parameter in strategy.definition.parameters {
      parameters[parameter.name] =
        strategy.overrides.first { $0.name == parameter.name }?.value ?? parameter.defaultValue
    }
    return StrategySpec(name: strategy.definition.name, parameters: parameters)
  }
}
