import Foundation
import PrefetchLab

/// Runs an experiment and writes its results folder atomically: everything goes into a staging
/// folder beside `--out`, which replaces `--out` only when complete.
public struct ResultsWriter: Sendable {
  public let experiment: Experiment
  public let options: SimulationOptions
  public let record: RunRecord
  /// Which rows the run tables get (`--run-files`; `run`'s default).
  public var runFiles: RunFileSelection = .report
  /// The slice of the runs to simulate (`--shard K/N`); nil = all.
  public var shard: Shard? = nil
  /// Whether the run tables are written gzip-compressed (`timeline.csv.gz`; `run`'s default) or
  /// plain (`timeline.csv`, `--plain-tables`).
  public var compressTables = true

  public init(experiment: Experiment, options: SimulationOptions, record: RunRecord) {
    self.experiment = experiment
    self.options = options
    self.record = record
  }

  /// The files and folders the run reads: the scenario arguments, the scenario files and the
  /// trace files they name. `--out` must not be (or contain) any of them.
  public var inputs: [String] {
    var paths = record.sources
    for prepared in experiment.scenarios {
      if !prepared.scenario.sourcePath.isEmpty { paths.append(prepared.scenario.sourcePath) }
      paths += Manifest.tracePaths(of: prepared.scenario)
    }
    return paths
  }

  /// The runs whose timelines would pass `TimelineRowLimit.maxIntervals` with these options and
  /// `runFiles`, one error per scenario (exit 65): check before making the output folder.
  public var runFileProblems: [InputError] {
    TimelineRowLimit.problems(experiment, options: options, runFiles: runFiles)
  }

  /// What writing did, besides the files.
  public struct Outcome: Sendable {
    /// The summary rows written, in job order.
    public var rows: [SummaryTable.Row]
    /// Run tables written (`RunTable`) and their bytes.
    public var files = 0
    public var bytes = 0
    /// CPU seconds spent formatting, compressing and writing the run tables (summed over
    /// threads, the compressing threads included).
    public var writingCPUSeconds = 0.0
  }

  /// Simulates the runs (all, or the shard's) on `parallelism` threads and writes `summary.csv`,
  /// the run tables (`RunTable`) with the rows `runFiles` selects and `manifest.json` into
  /// `staging`.
  /// - Throws: `OutputError` when a file cannot be written, `InputError` when a scenario file
  ///   cannot be read back for its fingerprint or a run's timeline would pass its limit
  ///   (`runFileProblems`, checked before anything is simulated).
  public func write(into staging: OutputStaging, parallelism: Int, progress: (any ProgressObserver)? = nil)
    throws -> Outcome
  {
    if var first = runFileProblems.first {
      first.furtherErrors = Array(runFileProblems.dropFirst())
      throw first
    }
    var manifest = try makeManifest(folder: staging.destination)
    let scenarios = experiment.scenarios
    let recordFiles = options.timelineIntervalUs > 0 || options.recordEvents
    let selection = recordFiles ? runFiles : .none
    let firstSeeds = Self.firstSeedPositions(experiment.jobs)
    let indices = shard.map { $0.positions(among: experiment.jobs.count) } ?? Array(experiment.jobs.indices)
    let options = self.options
    let quiet = SimulationOptions(timelineIntervalUs: 0, recordEvents: false, engine: options.engine)
    // Each run's rows go into the tables in the order of `indices` (summary.csv's order).
    var ordinals = [Int](repeating: -1, count: experiment.jobs.count)
    for (ordinal, index) in indices.enumerated() { ordinals[index] = ordinal }
    let positions = ordinals
    let tables = RunTableWriter(folder: staging.path, compressed: compressTables)
    // A run that fails before `finish` still ends the compressing threads.
    defer { tables.abandon() }
    progress?.started(.simulating, total: indices.count)
    let results = experiment.run(
      indices: indices, parallelism: parallelism,
      options: { position, _ in
        selection.writes(isFirstSeed: firstSeeds.contains(position)).timeline ? options : quiet
      },
      handle: { position, job, outcome -> Result<(SummaryTable.Row, Double), OutputError> in
        let scenario = scenarios[job.scenarioIndex].scenario
        let writes = selection.writes(isFirstSeed: firstSeeds.contains(position))
        // The thread's CPU clock is a system call: read only around rows to write.
        let start = writes.timeline || writes.timeToContent ? CPUClock.thread() : nil
        let key = RunKey(
          scenario: scenario.name, strategy: job.strategy.definition.name,
          params: job.strategy.paramsText, seed: job.seed)
        var rows: [RunTable: [UInt8]] = [:]
        if writes.timeline {
          rows[.timeline] = RunFiles.timelineCSV(outcome.timeline, key: key)
          rows[.events] = RunFiles.eventsCSV(outcome.events, key: key)
        }
        if writes.timeToContent {
          rows[.timeToContent] = RunFiles.timeToContentCSV(outcome.timesToContent, key: key)
        }
        do throws(OutputError) {
          try tables.submit(ordinal: positions[position], rows: rows)
        } catch {
          return .failure(error)
        }
        progress?.advanced(.simulating, by: 1)
        let row = SummaryTable.Row(
          scenario: scenario.name, strategy: job.strategy.definition.name, params: job.strategy.paramsText,
          seed: job.seed, metrics: outcome.summary)
        return .success((row, start.map { CPUClock.thread() - $0 } ?? 0))
      })
    var outcome = Outcome(rows: [])
    for result in results {
      let (row, seconds) = try result.get()
      outcome.rows.append(row)
      outcome.writingCPUSeconds += seconds
    }
    let finishing = CPUClock.thread()
    try tables.finish()
    outcome.writingCPUSeconds += CPUClock.thread() - finishing + tables.compressingCPUSeconds
    outcome.files = tables.bytesWritten.count
    outcome.bytes = tables.bytesWritten.values.reduce(0, +)
    manifest.tableRows = tables.recordsWritten
    try staging.write(SummaryTable.csv(outcome.rows), to: "summary.csv")
    try staging.write(manifest.text, to: "manifest.json")
    return outcome
  }

  /// Positions in `jobs` of the lowest seed of each scenario × strategy.
  static func firstSeedPositions(_ jobs: [RunJob]) -> Set<Int> {
    var first: [String: (seed: UInt64, position: Int)] = [:]
    for (position, job) in jobs.enumerated() {
      let key = "\(job.scenarioIndex)\u{0}\(job.strategy.label)"
      if let known = first[key], known.seed <= job.seed { continue }
      first[key] = (job.seed, position)
    }
    return Set(first.values.map(\.position))
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
    // Scenarios often share a trace file: each is hashed, and its path made relative, once.
    var inputs = ManifestInputs(folder: folder)
    for (index, prepared) in experiment.scenarios.enumerated() {
      let jobs = experiment.jobs.filter { $0.scenarioIndex == index }
      entries.append(try entry(for: prepared, jobs: jobs, inputs: &inputs))
    }
    var manifest = Manifest(
      command: record.command, sources: record.sources.map { FolderPath.relative($0, from: folder) },
      strategiesGiven: record.strategiesGiven, seedsGiven: record.seedsGiven, scenarios: entries,
      seeds: seeds.sorted(), strategies: labels, runs: experiment.jobs.count,
      timelineIntervalMs: options.timelineIntervalUs / 1000)
    manifest.shortenedNames = shortenedNames()
    manifest.sweep = record.sweep
    manifest.population = record.population.map { population in
      var relative = population
      relative.file = FolderPath.relative(population.file, from: folder)
      return relative
    }
    if let shard {
      manifest.shard = Manifest.ShardInfo(
        index: shard.index, count: shard.count, runs: shard.positions(among: experiment.jobs.count).count)
    }
    return manifest
  }

  /// `inputs`: the hashes and relative paths of the input files met so far.
  func entry(
    for prepared: PreparedScenario, jobs: [RunJob], inputs files: inout ManifestInputs
  ) throws -> Manifest.ScenarioEntry {
    let scenario = prepared.scenario
    let hashes = Manifest.hashes(of: scenario)
    var inputs: [(path: String, sha256: String)] = []
    for path in Manifest.tracePaths(of: scenario) {
      inputs.append((files.relative(path), try files.hash(path)))
    }
    var strategies: [StrategySpec] = []
    var labels = Set<String>()
    for job in jobs where labels.insert(job.strategy.label).inserted {
      strategies.append(Self.fullSpec(job.strategy))
    }
    let hasFile = !scenario.sourcePath.isEmpty
    return Manifest.ScenarioEntry(
      name: scenario.name, path: hasFile ? files.relative(scenario.sourcePath) : "",
      sha256: hashes.sha256, inputs: inputs, sha256WithoutStrategies: hashes.withoutStrategies,
      fileSHA256: try record.fileHashes[scenario.name] ?? (hasFile ? Manifest.hash(scenario.sourcePath) : ""),
      scenario: scenario.json { files.relative($0) }, strategies: strategies,
      seeds: Set(jobs.map(\.seed)).sorted(), traceDurationUs: prepared.traceDurationUs)
  }

  /// Every scenario name and strategy label that file names shorten, with its shortened form,
  /// sorted by the shortened form.
  func shortenedNames() -> [(name: String, text: String)] {
    var texts = Set<String>()
    for scenario in experiment.scenarios where RunFiles.isShortened(scenario.scenario.name) {
      texts.insert(scenario.scenario.name)
    }
    for job in experiment.jobs {
      let label = RunFiles.fileLabel(strategy: job.strategy.definition.name, params: job.strategy.paramsText)
      if RunFiles.isShortened(label) { texts.insert(label) }
    }
    return texts.map { (RunFiles.nameComponent($0), $0) }.sorted { $0.name < $1.name }
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
