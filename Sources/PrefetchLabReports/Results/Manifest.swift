import Foundation
import PrefetchLab

/// `manifest.json`: what produced a results folder — tool version, the command (without options
/// that cannot change results, so `--jobs 1` and `--jobs 2` give identical folders), each
/// scenario's file and SHA-256 (and those of the trace files it reads), the seeds and the runs.
public struct Manifest: Sendable, Equatable {
  public struct ScenarioEntry: Sendable, Equatable {
    public var name: String
    public var path: String
    public var sha256: String
    /// Trace files the scenario reads: (path, SHA-256).
    public var inputs: [(path: String, sha256: String)]
    /// SHA-256 of the scenario's JSON without its `strategies` member (compact serialization):
    /// equal when only the strategy list changed, so `check` can tell the conditions of a run
    /// (user, feed, network) from the strategies under test. "" when unknown (older manifests).
    public var sha256WithoutStrategies: String = ""

    public static func == (lhs: ScenarioEntry, rhs: ScenarioEntry) -> Bool {
      lhs.name == rhs.name && lhs.path == rhs.path && lhs.sha256 == rhs.sha256
        && lhs.sha256WithoutStrategies == rhs.sha256WithoutStrategies
        && lhs.inputs.map(\.path) == rhs.inputs.map(\.path)
        && lhs.inputs.map(\.sha256) == rhs.inputs.map(\.sha256)
    }
  }

  public var toolVersion: String
  public var command: [String]
  public var scenarios: [ScenarioEntry]
  public var seeds: [UInt64]
  public var strategies: [String]
  public var runs: Int
  public var timelineIntervalMs: Int64

  public init(
    toolVersion: String = ToolVersion.current, command: [String], scenarios: [ScenarioEntry], seeds: [UInt64],
    strategies: [String], runs: Int, timelineIntervalMs: Int64
  ) {
    self.toolVersion = toolVersion
    self.command = command
    self.scenarios = scenarios
    self.seeds = seeds
    self.strategies = strategies
    self.runs = runs
    self.timelineIntervalMs = timelineIntervalMs
  }

  /// Entry for a scenario: hashes the scenario file and the trace files it names.
  /// - Throws: `InputError` when a file cannot be read.
  public static func entry(for scenario: Scenario) throws(InputError) -> ScenarioEntry {
    var inputs: [(path: String, sha256: String)] = []
    if let trace = scenario.network.trace { inputs.append((trace.path, try hash(trace.path))) }
    switch scenario.scroll.source {
    case .recorded(let path, _), .touch(let path, _): inputs.append((path, try hash(path)))
    case .script, .model: break
    }
    guard !scenario.sourcePath.isEmpty else {
      return ScenarioEntry(name: scenario.name, path: "", sha256: "", inputs: inputs)
    }
    let bytes = try contents(scenario.sourcePath)
    return ScenarioEntry(
      name: scenario.name, path: scenario.sourcePath, sha256: SHA256.hex(bytes), inputs: inputs,
      sha256WithoutStrategies: hashWithoutStrategies(bytes))
  }

  static func hash(_ path: String) throws(InputError) -> String { SHA256.hex(try contents(path)) }

  static func contents(_ path: String) throws(InputError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError(file: path, location: "", message: "cannot read the file")
    }
    return Array(data)
  }

  /// SHA-256 of the compact serialization of a scenario file's JSON object without its
  /// `strategies` member; "" when the bytes are not a JSON object.
  static func hashWithoutStrategies(_ bytes: [UInt8]) -> String {
    guard let value = try? JSONValue(parsing: bytes), let members = value.objectMembers else { return "" }
    let conditions = JSONValue.object(members.filter { $0.key != "strategies" })
    return SHA256.hex(Array(conditions.serialized(pretty: false).utf8))
  }

  public var json: JSONValue {
    .object([
      ("tool", "prefetchlab"),
      ("version", .string(toolVersion)),
      ("command", .array(command.map { .string($0) })),
      (
        "scenarios",
        .array(
          scenarios.map { entry in
            .object([
              ("name", .string(entry.name)), ("path", .string(entry.path)), ("sha256", .string(entry.sha256)),
              ("sha256_without_strategies", .string(entry.sha256WithoutStrategies)),
              (
                "inputs",
                .array(
                  entry.inputs.map { .object([("path", .string($0.path)), ("sha256", .string($0.sha256))]) })
              ),
            ])
          })
      ),
      ("seeds", .array(seeds.map { .number(Double($0), isInteger: true) })),
      ("strategies", .array(strategies.map { .string($0) })),
      ("runs", JSONValue(runs)),
      ("timeline_interval_ms", JSONValue(Int(timelineIntervalMs))),
    ])
  }

  /// Reads a manifest written by `json`. Throws `InputError` naming the file and the key.
  public init(contentsOf path: String) throws(InputError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError(file: path, location: "", message: "cannot read the file")
    }
    let value: JSONValue
    do { value = try JSONValue(parsing: Array(data)) } catch {
      throw InputError(file: path, location: error.location, message: error.message)
    }
    func field<T>(_ key: String, _ extract: (JSONValue) -> T?) throws(InputError) -> T {
      guard let raw = value[key], let result = extract(raw) else {
        throw InputError(file: path, location: key, message: "missing or of the wrong type")
      }
      return result
    }
    toolVersion = try field("version") { $0.stringValue }
    command = try field("command") { $0.arrayValue?.compactMap(\.stringValue) }
    let scenarioValues = try field("scenarios") { $0.arrayValue }
    var entries: [ScenarioEntry] = []
    for (index, item) in scenarioValues.enumerated() {
      guard let name = item["name"]?.stringValue, let scenarioPath = item["path"]?.stringValue,
        let sha = item["sha256"]?.stringValue
      else {
        throw InputError(file: path, location: "scenarios[\(index)]", message: "needs name, path and sha256")
      }
      let inputs = (item["inputs"]?.arrayValue ?? []).compactMap { input -> (path: String, sha256: String)? in
        guard let inputPath = input["path"]?.stringValue, let inputSha = input["sha256"]?.stringValue else {
          return nil
        }
        return (inputPath, inputSha)
      }
      entries.append(
        ScenarioEntry(
          name: name, path: scenarioPath, sha256: sha, inputs: inputs,
          sha256WithoutStrategies: item["sha256_without_strategies"]?.stringValue ?? ""))
    }
    scenarios = entries
    seeds = try field("seeds") { $0.arrayValue?.compactMap { $0.doubleValue.map { UInt64($0) } } }
    strategies = try field("strategies") { $0.arrayValue?.compactMap(\.stringValue) }
    runs = try field("runs") { $0.doubleValue.map { Int($0) } }
    timelineIntervalMs = try field("timeline_interval_ms") { $0.doubleValue.map { Int64($0) } }
  }
}
