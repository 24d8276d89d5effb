import PrefetchLab

/// What a results folder records besides its runs: how the experiment was asked for. `run`
/// makes it from its command line; `check` carries the baseline's over to the fresh run it makes
/// from the baseline's manifest.
public struct RunRecord: Sendable {
  /// The command as `run` records it (for people; see `Manifest.command`).
  public var command: [String]
  /// The scenario files and folders given, as paths usable from the current directory.
  public var sources: [String]
  /// `--strategy` specs as given; empty when each scenario ran its own list.
  public var strategiesGiven: [StrategySpec]
  /// `--seeds`; nil when each scenario ran its own seed.
  public var seedsGiven: [UInt64]?
  /// SHA-256 of scenario files already known, by scenario name (a replay records the
  /// baseline's); the others are read and hashed.
  public var fileHashes: [String: String]
  /// The grid of a `prefetchlab sweep`, for the manifest; nil for `run`.
  public var sweep: SweepRecord? = nil
  /// The population of a `run --population`, its file as a path usable from here; nil otherwise.
  public var population: PopulationRecord? = nil

  public init(
    command: [String], sources: [String], strategiesGiven: [StrategySpec] = [], seedsGiven: [UInt64]? = nil,
    fileHashes: [String: String] = [:]
  ) {
    self.command = command
    self.sources = sources
    self.strategiesGiven = strategiesGiven
    self.seedsGiven = seedsGiven
    self.fileHashes = fileHashes
  }
}
