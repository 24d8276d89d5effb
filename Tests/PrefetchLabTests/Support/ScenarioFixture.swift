import Foundation

@testable import PrefetchLab

/// Scenario text and loading shortcuts shared by the scenario loader suites.
enum ScenarioFixture {
  /// Scenario text with the required members (`name`, `scroll`) filled in; `overrides` replace a
  /// member (nil removes it) or add one, in order.
  static func text(_ overrides: [(key: String, json: String?)] = []) -> String {
    var members: [(key: String, json: String)] = [
      ("name", #""t""#), ("scroll", #"{"script": [{"wait": {"duration_ms": 1000}}]}"#),
    ]
    for (key, json) in overrides {
      if let index = members.firstIndex(where: { $0.key == key }) {
        if let json { members[index].json = json } else { members.remove(at: index) }
      } else if let json {
        members.append((key, json))
      }
    }
    return "{" + members.map { "\"\($0.key)\": \($0.json)" }.joined(separator: ", ") + "}"
  }

  static func load(
    _ text: String, file: String = "scenarios/x.json", baseDirectory: String = "",
    registry: StrategyRegistry? = nil
  ) throws(InputError) -> Scenario {
    try ScenarioLoader.load(
      data: Array(text.utf8), file: file, baseDirectory: baseDirectory, registry: registry)
  }

  /// The error's full text, or nil when the text loads.
  static func error(_ text: String, baseDirectory: String = "") -> String? {
    do {
      _ = try load(text, baseDirectory: baseDirectory)
      return nil
    } catch {
      return error.description
    }
  }

  /// A fresh folder under the system's temporary directory, removed by the caller.
  static func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/prefetchlab-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
