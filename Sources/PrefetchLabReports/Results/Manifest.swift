import Foundation
import PrefetchLab

/// `manifest.json`: what made a results folder, stored as data so the folder stands alone.
///
/// Format 2 (this version) records the experiment itself: each scenario resolved (every default
/// written out, `Scenario.json`), the strategies each ran with all their parameters, the seeds, the
/// `--strategy` and `--seeds` given, the timeline interval, and the SHA-256 of every input. Paths
/// (scenario files, their folders, trace files) are relative to the results folder, so `report`
/// and `check` work from any directory. Nothing that cannot change results is recorded (`--jobs`,
/// argument order), so equal inputs give byte-identical manifests.
///
/// Format 1 (no `format` key; earlier versions) recorded the command line and file hashes only. It
/// is still read, for `compare` and for `check --current`; `report` and a fresh `check` need
/// format 2 and say so.
public struct Manifest: Sendable, Equatable {
  /// The format this version writes.
  public static let currentFormat = 2

  public struct ScenarioEntry: Sendable, Equatable {
    public var name: String
    /// The scenario file: relative to the results folder (format 1: as given on the command line);
    /// "" for a scenario built in code.
    public var path: String
    /// SHA-256 of the scenario as run (format 2: the compact `Scenario.json` with trace paths left
    /// out, so moving files changes nothing; format 1: of the file).
    public var sha256: String
    /// Trace files the scenario reads: path (relative to the results folder in format 2) and
    /// SHA-256 of the contents.
    public var inputs: [(path: String, sha256: String)]
    /// `sha256` of the scenario without its `strategies` member: equal when only the strategy
    /// list changed, so `check` can tell the conditions of a run (user, feed, network) from the
    /// strategies under test. "" when unknown.
    public var sha256WithoutStrategies: String = ""
    /// SHA-256 of the scenario file's bytes ("" when unknown).
    public var fileSHA256: String = ""
    /// The scenario resolved, as `Scenario.json` writes it, trace paths relative to the results
    /// folder (nil in format 1).
    public var scenario: JSONValue? = nil
    /// The strategies run, each with every parameter (defaults included), in run order.
    public var strategies: [StrategySpec] = []
    /// The seeds run, ascending.
    public var seeds: [UInt64] = []
    /// Length of the scroll trace with the scenario's own seed, µs (the report states it).
    public var traceDurationUs: Int64? = nil

    public init(
      name: String, path: String, sha256: String, inputs: [(path: String, sha256: String)],
      sha256WithoutStrategies: String = "", fileSHA256: String = "", scenario: JSONValue? = nil,
      strategies: [StrategySpec] = [], seeds: [UInt64] = [], traceDurationUs: Int64? = nil
    ) {
      self.name = name
      self.path = path
      self.sha256 = sha256
      self.inputs = inputs
      self.sha256WithoutStrategies = sha256WithoutStrategies
      self.fileSHA256 = fileSHA256
      self.scenario = scenario
      self.strategies = strategies
      self.seeds = seeds
      self.traceDurationUs = traceDurationUs
    }

    public static func == (lhs: ScenarioEntry, rhs: ScenarioEntry) -> Bool {
      lhs.name == rhs.name && lhs.path == rhs.path && lhs.sha256 == rhs.sha256
        && lhs.sha256WithoutStrategies == rhs.sha256WithoutStrategies
        && lhs.inputs.map(\.path) == rhs.inputs.map(\.path)
        && lhs.inputs.map(\.sha256) == rhs.inputs.map(\.sha256) && lhs.fileSHA256 == rhs.fileSHA256
        && lhs.scenario == rhs.scenario && lhs.strategies == rhs.strategies && lhs.seeds == rhs.seeds
        && lhs.traceDurationUs == rhs.traceDurationUs
    }
  }

  public var format: Int
  public var toolVersion: String
  /// The `run` command (without `--jobs` and `--out`, scenario arguments sorted), for people: the
  /// experiment itself is the rest of the manifest.
  public var command: [String]
  /// The scenario files and folders the run was given, relative to the results folder (format 2).
  public var sources: [String]
  /// `--strategy` options, which replaced every scenario's own list; empty = each its own.
  public var strategiesGiven: [StrategySpec]
  /// `--seeds`; nil = each scenario's own seed.
  public var seedsGiven: [UInt64]?
  public var scenarios: [ScenarioEntry]
  /// Every seed run, ascending.
  public var seeds: [UInt64]
  /// Strategy labels in first-run order.
  public var strategies: [String]
  public var runs: Int
  public var timelineIntervalMs: Int64
  /// File-name parts that were too long and were shortened (`RunFiles.nameComponent`), each with
  /// the scenario name or strategy label it stands for; written only when there are any.
  public var shortenedNames: [(name: String, text: String)] = []
  /// Set in a shard's folder (`run --shard K/N`): which slice it holds. The rest of the manifest
  /// is the whole experiment's, so `merge` can check that shards belong together; written only
  /// for shards.
  public var shard: ShardInfo? = nil
  /// Set by `prefetchlab sweep`: the grid it ran (written only for sweeps).
  public var sweep: SweepRecord? = nil
  /// Set by `run --population`: the population and its segments (written only for those runs).
  public var population: PopulationRecord? = nil
  /// The records (lines after the header) each run table was written with, 0 for a kind the
  /// folder has no table of: readers compare it with what the table holds, so a table cut short
  /// (at a row boundary it is still valid CSV, and still valid gzip when cut between members
  /// or rewritten) is refused instead of read as fewer runs. `table_rows` in the JSON; nil in
  /// folders written before it (their tables are read unchecked).
  public var tableRows: [RunTable: Int]? = nil

  /// A shard folder's slice: `index` of `count` (1-based), holding `runs` of the experiment's.
  public struct ShardInfo: Sendable, Equatable {
    public var index: Int
    public var count: Int
    public var runs: Int

    public init(index: Int, count: Int, runs: Int) {
      self.index = index
      self.count = count
      self.runs = runs
    }
  }

  public init(
    format: Int = Manifest.currentFormat, toolVersion: String = ToolVersion.current, command: [String],
    sources: [String] = [], strategiesGiven: [StrategySpec] = [], seedsGiven: [UInt64]? = nil,
    scenarios: [ScenarioEntry], seeds: [UInt64], strategies: [String], runs: Int, timelineIntervalMs: Int64
  ) {
    self.format = format
    self.toolVersion = toolVersion
    self.command = command
    self.sources = sources
    self.strategiesGiven = strategiesGiven
    self.seedsGiven = seedsGiven
    self.scenarios = scenarios
    self.seeds = seeds
    self.strategies = strategies
    self.runs = runs
    self.timelineIntervalMs = timelineIntervalMs
  }

  /// Equal when they serialize to the same text.
  public static func == (lhs: Manifest, rhs: Manifest) -> Bool { lhs.text == rhs.text }

  /// Why a format-1 manifest cannot serve, and what to do: `(made by an earlier prefetchlab, which
  /// recorded the command line rather than the experiment): regenerate the folder …`.
  public static let regenerateAdvice =
    "manifest.json has format 1 (made by an earlier prefetchlab, which recorded the command line "
    + "rather than the experiment): regenerate the folder with this version ('prefetchlab run' with the "
    + "same scenarios; scripts/update-baseline.sh for this repository's baseline)"

  // MARK: Hashes

  /// The scenario's `sha256` and `sha256WithoutStrategies`: SHA-256 of its compact
  /// `Scenario.json` with trace paths left out (their contents are `inputs`), with and without the
  /// `strategies` member.
  public static func hashes(of scenario: Scenario) -> (sha256: String, withoutStrategies: String) {
    // Each member is serialized once and goes into both texts: the compact text of an object is
    // `{`, its members' `"key":value` joined by `,`, then `}`.
    let members = scenario.json(tracePath: { _ in "" }).objectMembers ?? []
    var whole: [UInt8] = [UInt8(ascii: "{")]
    var conditions: [UInt8] = [UInt8(ascii: "{")]
    for member in members {
      let braced = Array(JSONValue.object([member]).serialized().utf8)
      let text = braced[1..<braced.count - 1]
      if whole.count > 1 { whole.append(UInt8(ascii: ",")) }
      whole += text
      guard member.key != "strategies" else { continue }
      if conditions.count > 1 { conditions.append(UInt8(ascii: ",")) }
      conditions += text
    }
    whole.append(UInt8(ascii: "}"))
    conditions.append(UInt8(ascii: "}"))
    return (SHA256.hex(whole), SHA256.hex(conditions))
  }

  /// SHA-256 of the file at `path`. - Throws: `InputError` when it cannot be read.
  static func hash(_ path: String) throws(InputError) -> String {
    guard let bytes = FileBytes.contents(of: path) else {
      throw InputError(file: path, location: "", message: "cannot read the file")
    }
    return SHA256.hex(bytes)
  }

  /// The trace files `scenario` reads, as stored in it (paths usable from the current directory).
  static func tracePaths(of scenario: Scenario) -> [String] {
    var paths: [String] = []
    if let trace = scenario.network.trace { paths.append(trace.path) }
    if let trace = scenario.mediaNetwork?.network.trace, scenario.mediaNetwork?.sharedLink == false {
      paths.append(trace.path)
    }
    switch scenario.scroll.source {
    case .recorded(let path, _), .touch(let path, _): paths.append(path)
    case .script, .model: break
    }
    return paths
  }

  // MARK: Writing

  /// The file's text: `json` with each recorded scenario's sections and each strategy on a line
  /// of its own (`JSONValue.serialized(expandingDepth:)`), and a final newline.
  public var text: String { json.serialized(expandingDepth: 4) + "\n" }

  public var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("tool", "prefetchlab"),
      ("format", JSONValue(format)),
      ("version", .string(toolVersion)),
      ("command", .array(command.map { .string($0) })),
      ("sources", .array(sources.map { .string($0) })),
      ("strategies_given", .array(strategiesGiven.map(Self.fullSpecJSON))),
      ("seeds_given", seedsGiven.map { .array($0.map(Self.seedJSON)) } ?? .null),
      ("seeds", .array(seeds.map(Self.seedJSON))),
      ("strategies", .array(strategies.map { .string($0) })),
      ("runs", JSONValue(runs)),
      ("timeline_interval_ms", JSONValue(Int(timelineIntervalMs))),
      ("scenarios", .array(scenarios.map(Self.entryJSON))),
    ]
    if !shortenedNames.isEmpty {
      members.append(
        (
          "shortened_names",
          .array(
            shortenedNames.map { .object([("file_name", .string($0.name)), ("text", .string($0.text))]) })
        ))
    }
    if let sweep { members.append(("sweep", sweep.json)) }
    if let population { members.append(("population", population.json)) }
    if let tableRows {
      members.append(
        ("table_rows", .object(RunTable.allCases.map { ($0.rawValue, JSONValue(tableRows[$0] ?? 0)) })))
    }
    if let shard {
      members.append(
        (
          "shard",
          .object([
            ("index", JSONValue(shard.index)), ("count", JSONValue(shard.count)),
            ("runs", JSONValue(shard.runs)),
          ])
        ))
    }
    return .object(members)
  }

  static func seedJSON(_ seed: UInt64) -> JSONValue { .number(Double(seed), isInteger: true) }

  /// `{"name": …, parameters…}` always as an object, so every spec reads the same way.
  static func fullSpecJSON(_ spec: StrategySpec) -> JSONValue {
    if case .string(let name) = spec.json { return .object([("name", .string(name))]) }
    return spec.json
  }

  static func entryJSON(_ entry: ScenarioEntry) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(entry.name)), ("file", .string(entry.path)),
      ("file_sha256", .string(entry.fileSHA256)),
      ("sha256", .string(entry.sha256)),
      ("sha256_without_strategies", .string(entry.sha256WithoutStrategies)),
      (
        "inputs",
        .array(entry.inputs.map { .object([("path", .string($0.path)), ("sha256", .string($0.sha256))]) })
      ),
      ("seeds", .array(entry.seeds.map(seedJSON))),
      ("strategies", .array(entry.strategies.map(fullSpecJSON))),
    ]
    if let traceDurationUs = entry.traceDurationUs {
      members.append(("scroll_trace_ms", JSONValue(Double(traceDurationUs) / 1000)))
    }
    if let scenario = entry.scenario { members.append(("scenario", scenario)) }
    return .object(members)
  }
}
