import Foundation
import PrefetchLab

/// `prefetchlab merge`: joins the folders that `run --shard K/N` wrote into the folder the
/// unsharded run would have written: the same summary.csv, manifest.json and run tables
/// (`RunTable`), byte for byte.
///
/// Shards must belong together, and the merge refuses (`InputError`, exit 65, naming the
/// folders) otherwise: every folder a shard (its manifest has `shard`), all of one experiment
/// (their manifests equal once paths are made absolute and `shard` is left out) and one slice
/// count; no slice twice and no run twice (overlap); every run of the experiment present
/// (missing slices and runs are named). Rows are written in the experiment's canonical order,
/// each exactly as the shard wrote it.
///
/// Shards whose tables differ only in form (some run with `--plain-tables`, some compressed)
/// are of one experiment: the merged tables are written in one form, the first shard's unless
/// `merge` is told otherwise, and the merged manifest's command says which (`--plain-tables`
/// or not), so the folder never holds both forms and is the one the unsharded run with that
/// command writes.
public enum ShardMerger {
  /// What the merge did.
  public struct Outcome: Sendable {
    public var runs = 0
    /// Run tables written, and their bytes.
    public var files = 0
    public var bytes = 0
    public var manifest: Manifest
    /// Whether the merged tables are compressed (`timeline.csv.gz`).
    public var compressedTables = true
    /// The shard folders whose tables were in the other form, now rewritten in the merged one.
    public var convertedShards: [String] = []
  }

  /// The option that records plain tables in a manifest's command.
  static let plainTablesOption = "--plain-tables"

  /// A shard folder read back.
  struct ShardFolder {
    let path: String
    let manifest: Manifest
    let info: Manifest.ShardInfo
    let header: [String]
    let rows: [RunKey: [String]]
  }

  /// Merges `folders` into `staging` (summary.csv, manifest.json, the run tables).
  /// - Parameters:
  ///   - registry: the strategies the shards ran, to list the experiment's runs.
  ///   - compressedTables: the merged tables' form: true for gzip (`timeline.csv.gz`), false
  ///     for plain CSV; nil for the first shard's (`folders[0]`, as its command records it).
  /// - Throws: `InputError` for folders that do not fit together or are malformed, `OutputError`
  ///   when a file cannot be written.
  public static func merge(
    _ folders: [String], into staging: OutputStaging, registry: StrategyRegistry,
    compressedTables: Bool? = nil, progress: (any ProgressObserver)? = nil
  ) throws -> Outcome {
    let shards = try folders.map(read)
    let first = shards[0]
    let compressed = compressedTables ?? !first.manifest.command.contains(plainTablesOption)
    let reference = comparable(first)
    for shard in shards.dropFirst() {
      guard shard.info.count == first.info.count else {
        throw InputError(
          file: shard.path, location: "manifest.json: shard",
          message:
            "slice \(shard.info.index)/\(shard.info.count), but \(first.path) is slice \(first.info.index)/\(first.info.count): "
            + "shards of one run share the slice count")
      }
      guard comparable(shard) == reference else {
        throw InputError(
          file: shard.path, location: "manifest.json",
          message:
            "comes from a different experiment than \(first.path) (\(difference(reference, comparable(shard)))): "
            + "merge only shards of the same command (run or sweep) and inputs")
      }
      guard shard.header == first.header else {
        throw InputError(
          file: shard.path, location: "summary.csv: line 1",
          message: "has other columns than \(first.path)/summary.csv (made by another version?)")
      }
    }
    var bySlice: [Int: String] = [:]
    for shard in shards {
      if let other = bySlice[shard.info.index] {
        throw InputError(
          file: shard.path, location: "manifest.json: shard",
          message: "overlaps \(other): both hold slice \(shard.info.index)/\(shard.info.count)")
      }
      bySlice[shard.info.index] = shard.path
    }
    let keys = try expectedRuns(first.manifest, file: first.path, registry: registry)
    var owner: [RunKey: Int] = [:]
    for (index, shard) in shards.enumerated() {
      for key in shard.rows.keys {
        if let other = owner[key] {
          throw InputError(
            file: shard.path, location: "summary.csv",
            message: "overlaps \(shards[other].path): both hold the run \(key)")
        }
        owner[key] = index
      }
    }
    let expected = Set(keys)
    if let stray = owner.keys.sorted().first(where: { !expected.contains($0) }) {
      throw InputError(
        file: shards[owner[stray]!].path, location: "summary.csv",
        message: "holds the run \(stray), which is not part of the experiment its manifest records")
    }
    let count = first.info.count
    let missingSlices = (1...count).filter { bySlice[$0] == nil }
    let missing = keys.enumerated().filter { owner[$0.element] == nil }
    if !missing.isEmpty {
      let shown = missing.prefix(5).map {
        "\($0.element) (slice \(Shard.index(of: $0.offset, count: count)))"
      }
      let slices =
        missingSlices.isEmpty
        ? ""
        : "no folder for slice\(missingSlices.count == 1 ? "" : "s") "
          + missingSlices.map { "\($0)/\(count)" }.joined(separator: ", ") + "; "
      throw InputError(
        file: missingSlices.isEmpty ? shards[0].path : folders.joined(separator: " "), location: "",
        message:
          "\(slices)\(missing.count) of \(keys.count) runs missing: " + shown.joined(separator: "; ")
          + (missing.count > 5 ? "; …" : ""))
    }
    progress?.started(.writing, total: keys.count)
    var outcome = Outcome(manifest: first.manifest, compressedTables: compressed)
    // A shard is rewritten only if it holds a table of the other form (one run with
    // `--run-files none` holds none, whatever its command says).
    outcome.convertedShards = shards.filter { shard in
      RunTable.allCases.contains { $0.path(in: shard.path)?.hasSuffix(".gz") == !compressed }
    }.map(\.path)
    var summary = CSVWriter(header: first.header)
    for (position, key) in keys.enumerated() {
      progress?.advanced(.writing, by: 1)
      let shard = shards[owner[key]!]
      guard Shard(index: shard.info.index, count: count)!.contains(position) else {
        throw InputError(
          file: shard.path, location: "summary.csv",
          message:
            "holds the run \(key), which belongs to slice \(Shard.index(of: position, count: count))/\(count)"
        )
      }
      summary.append(shard.rows[key]!)
    }
    var tableRows: [RunTable: Int] = [:]
    for table in RunTable.allCases {
      guard
        let (bytes, records) = try joinTable(
          table, shards: shards, keys: keys, owner: owner, compressed: compressed, into: staging)
      else {
        continue
      }
      outcome.files += 1
      outcome.bytes += bytes
      tableRows[table] = records
    }
    var manifest = first.manifest.rebased(from: first.path, to: staging.destination)
    manifest.shard = nil
    manifest.command = Self.command(first.manifest.command, compressedTables: compressed)
    // Recorded when every shard recorded its own: the unsharded run's counts are their sums.
    manifest.tableRows = shards.allSatisfy { $0.manifest.tableRows != nil } ? tableRows : nil
    try staging.write(summary.bytes, to: "summary.csv")
    try staging.write(manifest.text, to: "manifest.json")
    outcome.runs = keys.count
    outcome.manifest = manifest
    return outcome
  }

  static func read(_ folder: String) throws -> ShardFolder {
    let manifestPath = FilePath.join(folder, "manifest.json")
    guard FileManager.default.fileExists(atPath: manifestPath) else {
      throw InputError(file: folder, location: "", message: "no manifest.json: not a results folder")
    }
    let manifest = try Manifest(contentsOf: manifestPath)
    guard manifest.format == Manifest.currentFormat else {
      throw InputError(file: manifestPath, location: "format", message: Manifest.regenerateAdvice)
    }
    guard let info = manifest.shard else {
      throw InputError(
        file: manifestPath, location: "shard",
        message: "not a shard: the folder was written without --shard (it holds the whole run already)")
    }
    for table in RunTable.allCases
    where FilePath.kind(FilePath.join(folder, table.legacyFolder)) == .directory {
      throw InputError(
        file: folder, location: table.legacyFolder + "/",
        message:
          "per-run files of prefetchlab \(manifest.toolVersion) before the run tables (\(table.fileName)): "
          + "run the shards again with this version to merge them")
    }
    let table = try CSVTable(contentsOfFile: FilePath.join(folder, "summary.csv"))
    for column in SummaryTable.keyColumns { _ = try table.requireColumn(column) }
    var rows: [RunKey: [String]] = [:]
    for index in 0..<table.count {
      let seedText = try table.string("seed", row: index)
      guard let seed = UInt64(seedText) else {
        throw InputError(
          file: table.file, location: "line \(table.rowLines[index])", message: "seed must be a whole number")
      }
      let key = RunKey(
        scenario: try table.string("scenario", row: index),
        strategy: try table.string("strategy", row: index),
        params: try table.string("params", row: index), seed: seed)
      guard rows.updateValue(table.rows[index], forKey: key) == nil else {
        throw InputError(
          file: table.file, location: "line \(table.rowLines[index])", message: "duplicate row for \(key)")
      }
    }
    guard rows.count == info.runs else {
      throw InputError(
        file: table.file, location: "",
        message:
          "holds \(rows.count) runs, but its manifest says slice \(info.index)/\(info.count) has \(info.runs): "
          + "an unfinished or edited shard; run it again")
    }
    return ShardFolder(path: folder, manifest: manifest, info: info, header: table.header, rows: rows)
  }

  /// The manifest text with paths made absolute and the slice left out: equal for shards of one
  /// experiment wherever their folders are.
  /// The table form (`--plain-tables`) and the shard's own record counts are left out too:
  /// they describe the shard's files, not the experiment.
  static func comparable(_ shard: ShardFolder) -> String {
    var manifest = shard.manifest.rebased(from: shard.path, to: "/")
    manifest.shard = nil
    manifest.tableRows = nil
    manifest.command = command(manifest.command, compressedTables: true)
    return manifest.text
  }

  /// `command` recording the table form: without `--plain-tables` for compressed tables, else
  /// with it where `run` puts it (after `--timeline-interval-ms` and `--no-plots`, before
  /// `--timelines` and `--run-files`), so the merged manifest is the unsharded run's.
  static func command(_ command: [String], compressedTables: Bool) -> [String] {
    var result = command.filter { $0 != plainTablesOption }
    guard !compressedTables else { return result }
    let position = result.firstIndex { $0 == "--timelines" || $0 == "--run-files" } ?? result.endIndex
    result.insert(plainTablesOption, at: position)
    return result
  }

  /// The first top-level manifest key whose value differs, for the message.
  static func difference(_ a: String, _ b: String) -> String {
    guard let left = try? JSONValue(parsing: a), let right = try? JSONValue(parsing: b),
      let members = left.objectMembers
    else { return "manifest.json differs" }
    for member in members where right[member.key] != member.value {
      return "manifest.json differs in '\(member.key)'"
    }
    return "manifest.json differs"
  }

  /// The experiment's runs in canonical order (scenarios as recorded, sorted by name; each
  /// scenario's strategies as listed, or the `--strategy` given, or the registry's default strategies;
  /// seeds ascending), as `Experiment` orders its jobs.
  static func expectedRuns(_ manifest: Manifest, file: String, registry: StrategyRegistry) throws -> [RunKey]
  {
    var keys: [RunKey] = []
    for (index, entry) in manifest.scenarios.enumerated() {
      guard let json = entry.scenario else {
        throw InputError(
          file: file, location: "manifest.json: scenarios[\(index)]", message: "no recorded scenario")
      }
      let scenario = try ScenarioLoader.load(
        data: Array(json.serialized().utf8), file: entry.path, baseDirectory: file, checksFiles: false)
      let specs =
        !manifest.strategiesGiven.isEmpty
        ? manifest.strategiesGiven
        : scenario.strategies.isEmpty
          ? registry.defaultNames.map { StrategySpec(name: $0) } : scenario.strategies
      for spec in specs {
        let configured: ConfiguredStrategy
        do throws(StrategyError) {
          configured = try registry.configure(spec)
        } catch {
          throw InputError(
            file: file, location: "manifest.json: scenarios[\(index)].strategies",
            message: "\(error.description) (a strategy this prefetchlab does not know?)")
        }
        for seed in entry.seeds {
          keys.append(
            RunKey(
              scenario: entry.name, strategy: configured.definition.name, params: configured.paramsText,
              seed: seed))
        }
      }
    }
    return keys
  }
}
