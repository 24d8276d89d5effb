import PrefetchLab

/// What made two results folders, compared: the manifests' tool version, each scenario's SHA-256
/// (of the scenario as run) and its trace files' SHA-256s (scenarios paired by name), and the
/// seeds; plus, for a fresh run of a baseline, what `RecordedExperiment` found changed in the
/// baseline's scenario files since.
///
/// A difference here means the baseline does not describe the same inputs, so `check` reports it
/// as a fingerprint mismatch rather than as metric regressions: the rows of a scenario whose
/// conditions changed (user, feed, network: anything but its strategy list), of an added or
/// removed scenario and of a seed that only one side ran are left out of the metric comparison
/// (`isComparable`). Mismatches that leave the runs facing the same conditions leave the rows
/// compared: a different tool version, a scenario edited only in its `strategies` list (the
/// strategies are what the gate tests: a parameter changed there is judged by its metrics), and
/// the scenario-file differences of a fresh run, which re-ran the recorded scenarios. Each says
/// the baseline needs a deliberate refresh.
public struct FingerprintComparison: Sendable, Equatable {
  public enum Issue: Sendable, Equatable, CustomStringConvertible {
    case toolVersion(baseline: String, current: String)
    /// The scenario's SHA-256 differs beyond its strategy list; `keys` are the JSON paths whose
    /// values differ between the two recorded scenarios (empty when a manifest does not record it).
    case scenarioChanged(name: String, path: String, baseline: String, current: String, keys: [String] = [])
    /// The scenario differs only in its `strategies` member; its rows are still compared.
    case strategiesChanged(name: String, path: String)
    /// The trace files the scenario reads differ (paths or SHA-256s).
    case inputsChanged(name: String, baseline: [String], current: [String])
    case scenarioOnlyInBaseline(name: String, path: String)
    case scenarioOnlyInCurrent(name: String, path: String)
    case seeds(baseline: [UInt64], current: [UInt64])
    /// The scenario file now states other conditions than the baseline recorded (a fresh run
    /// re-ran the recorded scenario, so its rows are compared); `keys` are the JSON paths whose
    /// values differ.
    case scenarioEdited(name: String, path: String, keys: [String] = [])
    /// The scenario file is no longer among the baseline's sources (the recorded scenario was
    /// re-run).
    case scenarioFileGone(name: String, path: String)
    /// A file among the baseline's sources that cannot be read as a scenario now.
    case scenarioFileUnreadable(path: String, message: String)
    /// The manifests have different formats, whose scenario hashes cannot be compared.
    case manifestFormat(baseline: Int, current: Int)

    public var description: String {
      switch self {
      case .toolVersion(let baseline, let current):
        return "tool version: baseline made by prefetchlab \(baseline), current by \(current)"
      case .scenarioChanged(let name, let path, let baseline, let current, let keys):
        return
          "scenario '\(name)' (\(path)): changed\(Self.keysText(keys)), SHA-256 \(Self.short(baseline)) in the "
          + "baseline, \(Self.short(current)) now"
      case .inputsChanged(let name, let baseline, let current):
        return
          "scenario '\(name)': trace files changed: baseline [\(baseline.joined(separator: ", "))], "
          + "now [\(current.joined(separator: ", "))]"
      case .strategiesChanged(let name, let path):
        return "scenario '\(name)' (\(path)): strategy list changed (conditions unchanged: runs compared)"
      case .scenarioOnlyInBaseline(let name, let path):
        return "scenario '\(name)' (\(path)): in the baseline only"
      case .scenarioOnlyInCurrent(let name, let path):
        return "scenario '\(name)' (\(path)): not in the baseline"
      case .seeds(let baseline, let current):
        return "seeds: baseline \(Self.seedText(baseline)), current \(Self.seedText(current))"
      case .scenarioEdited(let name, let path, let keys):
        return
          "scenario '\(name)' (\(path)): file changed since the baseline (other conditions\(Self.keysText(keys, lead: ": ")));"
          + " the recorded scenario was re-run"
      case .scenarioFileGone(let name, let path):
        return "scenario '\(name)' (\(path)): file gone since the baseline; the recorded scenario was re-run"
      case .scenarioFileUnreadable(let path, let message):
        return "scenario file \(path) cannot be read now: \(message)"
      case .manifestFormat(let baseline, let current):
        return
          "manifest.json format \(baseline) in the baseline, \(current) now: scenarios not compared; "
          + "regenerate the baseline with this version"
      }
    }

    static func short(_ sha: String) -> String { String(sha.prefix(12)) }

    /// ` (network.rtt_ms, seeds)`: the changed keys, at most eight named.
    static func keysText(_ keys: [String], lead: String = " in ") -> String {
      guard !keys.isEmpty else { return "" }
      let named = keys.prefix(8).joined(separator: ", ")
      let more = keys.count > 8 ? " and \(keys.count - 8) more" : ""
      return lead == " in " ? " in \(named)\(more)" : lead + named + more
    }

    /// `1-10,15`: ascending seeds with runs collapsed, the `--seeds` syntax.
    static func seedText(_ seeds: [UInt64]) -> String {
      var parts: [String] = []
      var index = 0
      let sorted = seeds.sorted()
      while index < sorted.count {
        var end = index
        while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
        parts.append(end > index ? "\(sorted[index])-\(sorted[end])" : "\(sorted[index])")
        index = end + 1
      }
      return parts.isEmpty ? "none" : parts.joined(separator: ",")
    }
  }

  /// Differences, in a fixed order: tool version, seeds, the baseline's scenarios by name, then
  /// scenarios not in the baseline by name.
  public let issues: [Issue]
  /// Why the fingerprint could not be checked (a folder without manifest.json); not a mismatch.
  public let notes: [String]
  /// Scenarios whose rows are not compared (changed, or on one side only).
  public let excludedScenarios: Set<String>
  /// Seeds run on both sides, or nil when all seeds are comparable (no manifest on a side).
  public let commonSeeds: Set<UInt64>?

  public var isMatch: Bool { issues.isEmpty }

  /// Whether a row with `key` takes part in the metric comparison.
  public func isComparable(_ key: RunKey) -> Bool {
    !excludedScenarios.contains(key.scenario) && (commonSeeds?.contains(key.seed) ?? true)
  }

  /// - Parameters:
  ///   - baselineFolder, currentFolder: where the manifests are, to show the scenario files they
  ///     record (relative to their folders) as paths usable from here.
  ///   - replay: what a fresh run of `baseline` found (`RecordedExperiment.issues`), appended
  ///     after the manifests' differences; a scenario it reports `inputsChanged` for was not
  ///     re-run and its rows are not compared.
  public init(
    baseline: Manifest?, current: Manifest?, baselineFolder: String = "", currentFolder: String = "",
    replay: [Issue] = []
  ) {
    guard let baseline, let current else {
      var notes: [String] = []
      if baseline == nil { notes.append("the baseline has no manifest.json: fingerprint not checked") }
      if current == nil { notes.append("the current results have no manifest.json: fingerprint not checked") }
      self.issues = []
      self.notes = notes
      self.excludedScenarios = []
      self.commonSeeds = nil
      return
    }
    var issues: [Issue] = []
    if baseline.toolVersion != current.toolVersion {
      issues.append(.toolVersion(baseline: baseline.toolVersion, current: current.toolVersion))
    }
    if baseline.seeds.sorted() != current.seeds.sorted() {
      issues.append(.seeds(baseline: baseline.seeds.sorted(), current: current.seeds.sorted()))
    }
    var excluded = Set<String>()
    var notReplayed = Set<String>()
    for issue in replay {
      if case .inputsChanged(let name, _, _) = issue { notReplayed.insert(name) }
    }
    excluded.formUnion(notReplayed)
    guard baseline.format == current.format else {
      self.issues = issues + [.manifestFormat(baseline: baseline.format, current: current.format)] + replay
      self.notes = []
      self.excludedScenarios = excluded
      self.commonSeeds = Set(baseline.seeds).intersection(current.seeds)
      return
    }
    func shown(_ entry: Manifest.ScenarioEntry, _ manifest: Manifest, _ folder: String) -> String {
      manifest.format == 1 || entry.path.isEmpty || folder.isEmpty
        ? entry.path : FolderPath.resolve(entry.path, in: folder)
    }
    let currentByName = Dictionary(
      current.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let baselineNames = Set(baseline.scenarios.map(\.name))
    for entry in baseline.scenarios.sorted(by: { $0.name < $1.name }) where !notReplayed.contains(entry.name)
    {
      let path = shown(entry, baseline, baselineFolder)
      guard let now = currentByName[entry.name] else {
        issues.append(.scenarioOnlyInBaseline(name: entry.name, path: path))
        excluded.insert(entry.name)
        continue
      }
      if entry.sha256 != now.sha256 {
        if !entry.sha256WithoutStrategies.isEmpty
          && entry.sha256WithoutStrategies == now.sha256WithoutStrategies
        {
          issues.append(.strategiesChanged(name: entry.name, path: path))
        } else {
          let keys =
            entry.scenario.flatMap { old in now.scenario.map { JSONDifference.paths(old, $0) } } ?? []
          issues.append(
            .scenarioChanged(
              name: entry.name, path: path, baseline: entry.sha256, current: now.sha256, keys: keys))
          excluded.insert(entry.name)
        }
      }
      let before = entry.inputs.map { "\($0.path) \(Issue.short($0.sha256))" }
      let after = now.inputs.map { "\($0.path) \(Issue.short($0.sha256))" }
      if entry.inputs.map(\.sha256) != now.inputs.map(\.sha256) {
        issues.append(.inputsChanged(name: entry.name, baseline: before, current: after))
        excluded.insert(entry.name)
      }
    }
    for entry in current.scenarios.sorted(by: { $0.name < $1.name }) where !baselineNames.contains(entry.name)
    {
      issues.append(.scenarioOnlyInCurrent(name: entry.name, path: shown(entry, current, currentFolder)))
      excluded.insert(entry.name)
    }
    self.issues = issues + replay
    self.notes = []
    self.excludedScenarios = excluded
    self.commonSeeds = Set(baseline.seeds).intersection(current.seeds)
  }
}
