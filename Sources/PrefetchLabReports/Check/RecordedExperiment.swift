import Foundation
import PrefetchLab

/// The experiment a results folder records, ready to simulate again: `check` runs it with this
/// build and compares the result with the folder. Everything comes from the folder's manifest
/// (format 2): the resolved scenarios, the `--strategy` and `--seeds` given, the timeline
/// interval. Trace files are found through the paths the manifest records relative to the folder
/// and must have the recorded SHA-256.
///
/// The scenario files the folder was made from are looked at too, where they still resolve from
/// the folder, so that a baseline gone stale is reported as a fingerprint difference:
/// - a file that now states other conditions (user, feed, network, traces): `scenarioEdited`,
///   the recorded scenario is re-run;
/// - a file whose strategy list alone changed: the recorded conditions are re-run with the
///   file's strategies (the strategies are what a gate tests), which the fingerprint reports as
///   `strategiesChanged` and `check` pairs across the parameter change;
/// - a scenario file added to a source folder, or gone: `scenarioOnlyInCurrent`,
///   `scenarioFileGone`;
/// - a trace file changed since: `inputsChanged`, and the scenario is not re-run (its rows are
///   not compared).
public struct RecordedExperiment: Sendable {
  public let experiment: Experiment
  /// The record for the fresh folder's manifest: the baseline's, carried over.
  public private(set) var record: RunRecord
  public let timelineIntervalMs: Int64
  /// Differences between the recorded inputs and those at hand, in recorded scenario order, then
  /// added scenarios by name.
  public let issues: [FingerprintComparison.Issue]
  /// Why the scenario files were not compared (none found from the folder), for a warning.
  public let warnings: [String]

  /// - Throws: `InputError` (exit 65 in `check`): no manifest, a format-1 manifest (to be
  ///   regenerated), a recorded scenario that does not load, a trace file that is missing; a
  ///   strategy entry the registry does not configure, at its scenario's `strategies[i]`; and
  ///   what `Experiment` throws for the strategies given on the command line.
  public init(folder: ResultsFolder, registry: StrategyRegistry) throws {
    let manifestPath = (folder.path as NSString).appendingPathComponent("manifest.json")
    guard let manifest = folder.manifest else {
      throw InputError(
        file: manifestPath, location: "",
        message:
          "no such file: a fresh run needs the baseline's manifest; give --current DIR to compare a folder")
    }
    guard manifest.format == Manifest.currentFormat else {
      throw InputError(file: manifestPath, location: "format", message: Manifest.regenerateAdvice)
    }
    let sources = Self.currentScenarios(manifest: manifest, folder: folder.path)
    let unreadable = Set(
      sources.unreadable.compactMap { issue -> String? in
        guard case .scenarioFileUnreadable(let path, _) = issue else { return nil }
        return FolderPath.normalized(path)
      })
    var issues: [FingerprintComparison.Issue] = []
    var prepared: [PreparedScenario] = []
    var fileHashes: [String: String] = [:]
    for (index, entry) in manifest.scenarios.enumerated() {
      let filePath = entry.path.isEmpty ? "" : FolderPath.resolve(entry.path, in: folder.path)
      var current: [String] = []
      for input in entry.inputs {
        let path = FolderPath.resolve(input.path, in: folder.path)
        guard FileManager.default.fileExists(atPath: path) else {
          throw InputError(
            file: path, location: "",
            message:
              "trace file of scenario '\(entry.name)' not found (manifest.json records '\(input.path)', relative "
              + "to \(folder.path)): check needs it to re-run the scenario")
        }
        current.append(try Manifest.hash(path))
      }
      if current != entry.inputs.map(\.sha256) {
        let short = FingerprintComparison.Issue.short
        issues.append(
          .inputsChanged(
            name: entry.name, baseline: entry.inputs.map { "\($0.path) \(short($0.sha256))" },
            current: zip(entry.inputs, current).map { "\($0.0.path) \(short($0.1))" }))
        continue
      }
      var scenario = try Self.load(
        entry, index: index, folder: folder.path, file: filePath, manifest: manifestPath)
      fileHashes[entry.name] = entry.fileSHA256
      if let now = sources.scenarios[entry.name] {
        let hashes = Manifest.hashes(of: now.scenario)
        if hashes.withoutStrategies != entry.sha256WithoutStrategies
          || now.inputs != entry.inputs.map(\.sha256)
        {
          let keys = JSONDifference.paths(
            scenario.json(tracePath: { _ in "" }), now.scenario.json(tracePath: { _ in "" }))
          issues.append(.scenarioEdited(name: entry.name, path: now.path, keys: keys))
        } else if hashes.sha256 != entry.sha256 {
          scenario.strategies = now.scenario.strategies
          fileHashes[entry.name] = now.fileSHA256
        }
      } else if sources.checked && !unreadable.contains(FolderPath.normalized(filePath)) {
        // A file that is there but does not load is named once, as unreadable, not also as gone.
        issues.append(.scenarioFileGone(name: entry.name, path: filePath))
      }
      // Strategies the registry does not know are the scenario's own problem, named at its file.
      let configured = try registry.configuring(scenario)
      do {
        prepared.append(try PreparedScenario(configured))
      } catch {
        throw InputError(file: manifestPath, location: "scenarios[\(index)]", message: error.description)
      }
    }
    let recorded = Set(manifest.scenarios.map(\.name))
    for (name, now) in sources.scenarios.sorted(by: { $0.key < $1.key }) where !recorded.contains(name) {
      issues.append(.scenarioOnlyInCurrent(name: name, path: now.path))
    }
    issues += sources.unreadable
    experiment = try Experiment(
      scenarios: prepared, strategyOverrides: manifest.strategiesGiven, seeds: manifest.seedsGiven,
      registry: registry)
    record = RunRecord(
      command: manifest.command, sources: manifest.sources.map { FolderPath.resolve($0, in: folder.path) },
      strategiesGiven: manifest.strategiesGiven, seedsGiven: manifest.seedsGiven, fileHashes: fileHashes)
    record.sweep = manifest.sweep
    record.population = manifest.population.map { population in
      var resolved = population
      resolved.file = FolderPath.resolve(population.file, in: folder.path)
      return resolved
    }
    timelineIntervalMs = manifest.timelineIntervalMs
    self.issues = issues
    warnings = sources.warnings
  }

  /// The recorded scenario, its trace paths resolved against the folder; `file` becomes its
  /// `sourcePath` (the scenario file, as a path usable from here). Errors name manifest.json.
  static func load(
    _ entry: Manifest.ScenarioEntry, index: Int, folder: String, file: String, manifest: String
  ) throws(InputError) -> Scenario {
    guard let json = entry.scenario else {
      throw InputError(file: manifest, location: "scenarios[\(index)]", message: "no recorded scenario")
    }
    do {
      return try ScenarioLoader.load(data: Array(json.serialized().utf8), file: file, baseDirectory: folder)
    } catch {
      let location = "scenarios[\(index)].scenario" + (error.location.isEmpty ? "" : "." + error.location)
      throw InputError(file: manifest, location: location, message: error.message)
    }
  }

  /// A scenario file as it is now.
  struct CurrentScenario {
    var path: String
    var scenario: Scenario
    var fileSHA256: String
    /// SHA-256 of the trace files it reads.
    var inputs: [String]
  }

  /// The scenario files the manifest's sources name now, by scenario name; `checked` is false
  /// when none of the sources resolve from the folder (moved away from them).
  static func currentScenarios(manifest: Manifest, folder: String) -> (
    scenarios: [String: CurrentScenario], checked: Bool, unreadable: [FingerprintComparison.Issue],
    warnings: [String]
  ) {
    let sources = manifest.sources.map { FolderPath.resolve($0, in: folder) }
    let existing = sources.filter { FileManager.default.fileExists(atPath: $0) }
    guard !existing.isEmpty else {
      let warning =
        sources.isEmpty
        ? []
        : [
          "the scenario files the baseline was made from (\(sources.joined(separator: ", "))) are not found "
            + "from its folder: edits since the baseline are not checked"
        ]
      return ([:], false, [], warning)
    }
    var scenarios: [String: CurrentScenario] = [:]
    var unreadable: [FingerprintComparison.Issue] = []
    if manifest.population != nil {
      // The source is a population file: its segments' scenarios, users swapped in, as run.
      for file in existing {
        do {
          for segment in try PopulationLoader.load(contentsOf: file).segments {
            let scenario = segment.scenario
            var inputs: [String] = []
            for path in Manifest.tracePaths(of: scenario) { inputs.append(try Manifest.hash(path)) }
            scenarios[scenario.name] = CurrentScenario(
              path: scenario.sourcePath, scenario: scenario,
              fileSHA256: try Manifest.hash(scenario.sourcePath),
              inputs: inputs)
          }
        } catch {
          unreadable.append(.scenarioFileUnreadable(path: file, message: error.description))
        }
      }
      return (scenarios, true, unreadable, [])
    }
    for file in (try? ScenarioFiles.list(existing)) ?? [] {
      do {
        let scenario = try ScenarioLoader.load(contentsOf: file)
        var inputs: [String] = []
        for path in Manifest.tracePaths(of: scenario) { inputs.append(try Manifest.hash(path)) }
        if scenarios[scenario.name] == nil {
          scenarios[scenario.name] = CurrentScenario(
            path: file, scenario: scenario, fileSHA256: try Manifest.hash(file), inputs: inputs)
        }
      } catch {
        unreadable.append(.scenarioFileUnreadable(path: file, message: error.description))
      }
    }
    return (scenarios, true, unreadable, [])
  }
}
