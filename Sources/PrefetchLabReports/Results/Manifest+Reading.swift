import Foundation
import PrefetchLab

extension Manifest {
  /// Reads a manifest of format 2 (`json`) or format 1 (earlier versions: no `format` key).
  /// - Throws: `InputError` naming the file and the key: unreadable JSON, a missing or mistyped
  ///   member, or a format newer than this version knows.
  public init(contentsOf path: String) throws(InputError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError(file: path, location: "", message: "cannot read the file")
    }
    let value: JSONValue
    do { value = try JSONValue(parsing: Array(data)) } catch {
      throw InputError(file: path, location: error.location, message: error.message)
    }
    try self.init(json: value, file: path)
  }

  init(json value: JSONValue, file path: String) throws(InputError) {
    func fail(_ location: String, _ message: String = "missing or of the wrong type") -> InputError {
      InputError(file: path, location: location, message: message)
    }
    func field<T>(_ key: String, _ extract: (JSONValue) -> T?) throws(InputError) -> T {
      guard let raw = value[key], let result = extract(raw) else { throw fail(key) }
      return result
    }
    let format = value["format"] == nil ? 1 : try field("format") { $0.doubleValue.map { Int($0) } }
    guard format == 1 || format == Manifest.currentFormat else {
      throw fail(
        "format",
        "format \(format) is newer than this prefetchlab reads (\(Manifest.currentFormat)); update prefetchlab"
      )
    }
    self.format = format
    toolVersion = try field("version") { $0.stringValue }
    command = try field("command") { $0.arrayValue?.compactMap(\.stringValue) }
    seeds = try field("seeds") { Self.seeds($0) }
    strategies = try field("strategies") { $0.arrayValue?.compactMap(\.stringValue) }
    runs = try field("runs") { $0.doubleValue.map { Int($0) } }
    timelineIntervalMs = try field("timeline_interval_ms") { $0.doubleValue.map { Int64($0) } }
    let scenarioValues = try field("scenarios") { $0.arrayValue }
    if format == 1 {
      sources = []
      strategiesGiven = []
      seedsGiven = nil
      scenarios = try scenarioValues.enumerated().map { index, item throws(InputError) in
        guard let name = item["name"]?.stringValue, let scenarioPath = item["path"]?.stringValue,
          let sha = item["sha256"]?.stringValue
        else { throw fail("scenarios[\(index)]", "needs name, path and sha256") }
        return ScenarioEntry(
          name: name, path: scenarioPath, sha256: sha, inputs: Self.inputs(item["inputs"]),
          sha256WithoutStrategies: item["sha256_without_strategies"]?.stringValue ?? "", fileSHA256: sha)
      }
      return
    }
    shortenedNames = (value["shortened_names"]?.arrayValue ?? []).compactMap { item in
      guard let name = item["file_name"]?.stringValue, let text = item["text"]?.stringValue else {
        return nil
      }
      return (name, text)
    }
    if value["shard"] != nil {
      shard = try field("shard") { item in
        guard let index = item["index"]?.doubleValue, let count = item["count"]?.doubleValue,
          let runs = item["runs"]?.doubleValue, count >= 1, index >= 1, index <= count, runs >= 0
        else { return nil }
        return ShardInfo(index: Int(index), count: Int(count), runs: Int(runs))
      }
    }
    if value["sweep"] != nil { sweep = try field("sweep") { SweepRecord(json: $0) } }
    if value["population"] != nil { population = try field("population") { PopulationRecord(json: $0) } }
    if value["table_rows"] != nil { tableRows = try field("table_rows") { Self.tableRows($0) } }
    sources = try field("sources") { $0.arrayValue?.compactMap(\.stringValue) }
    strategiesGiven = try field("strategies_given") { Self.specs($0) }
    seedsGiven = value["seeds_given"] == .null ? nil : try field("seeds_given") { Self.seeds($0) }
    scenarios = try scenarioValues.enumerated().map { index, item throws(InputError) in
      let location = "scenarios[\(index)]"
      guard let name = item["name"]?.stringValue, let file = item["file"]?.stringValue,
        let fileSHA = item["file_sha256"]?.stringValue, let sha = item["sha256"]?.stringValue,
        let withoutStrategies = item["sha256_without_strategies"]?.stringValue,
        let seeds = item["seeds"].flatMap(Self.seeds),
        let strategies = item["strategies"].flatMap(Self.specs),
        let scenario = item["scenario"], scenario.objectMembers != nil
      else {
        throw fail(
          location,
          "needs name, file, file_sha256, sha256, sha256_without_strategies, inputs, seeds, strategies and scenario"
        )
      }
      return ScenarioEntry(
        name: name, path: file, sha256: sha, inputs: Self.inputs(item["inputs"]),
        sha256WithoutStrategies: withoutStrategies, fileSHA256: fileSHA, scenario: scenario,
        strategies: strategies, seeds: seeds,
        traceDurationUs: item["scroll_trace_ms"]?.doubleValue.map { Int64(($0 * 1000).rounded()) })
    }
  }

  /// `{"timeline": n, "events": n, "ttc": n}`, every count a whole number from 0 to 2^53; nil
  /// for any other shape.
  static func tableRows(_ value: JSONValue) -> [RunTable: Int]? {
    guard let members = value.objectMembers else { return nil }
    var rows: [RunTable: Int] = [:]
    for member in members {
      guard let table = RunTable(rawValue: member.key), rows[table] == nil,
        let number = member.value.doubleValue, number >= 0, number == number.rounded(), number <= 0x1p53
      else { return nil }
      rows[table] = Int(number)
    }
    return rows
  }

  static func seeds(_ value: JSONValue) -> [UInt64]? {
    guard let array = value.arrayValue else { return nil }
    var seeds: [UInt64] = []
    for element in array {
      guard let number = element.doubleValue, number >= 0, number == number.rounded(), number < 0x1p64
      else { return nil }
      seeds.append(UInt64(number))
    }
    return seeds
  }

  static func inputs(_ value: JSONValue?) -> [(path: String, sha256: String)] {
    (value?.arrayValue ?? []).compactMap { input in
      guard let path = input["path"]?.stringValue, let sha = input["sha256"]?.stringValue else { return nil }
      return (path, sha)
    }
  }

  /// `[{"name": …, parameters…}]` as specs; nil when an element is not such an object.
  static func specs(_ value: JSONValue) -> [StrategySpec]? {
    guard let array = value.arrayValue else { return nil }
    var specs: [StrategySpec] = []
    for element in array {
      guard let members = element.objectMembers, let name = element["name"]?.stringValue else { return nil }
      var parameters: [String: ParameterValue] = [:]
      for (key, member) in members where key != "name" {
        switch member {
        case .number(let number, _): parameters[key] = .number(number)
        case .bool(let flag): parameters[key] = .bool(flag)
        case .string(let text): parameters[key] = .string(text)
        default: return nil
        }
      }
      specs.append(StrategySpec(name: name, parameters: parameters))
    }
    return specs
  }
}
