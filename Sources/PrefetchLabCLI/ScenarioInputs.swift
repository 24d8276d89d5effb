import Foundation
import PrefetchLab

/// Turns the command line's SCENARIO|DIR arguments into loaded, validated scenarios.
enum ScenarioInputs {
  /// Scenario files named directly, plus the `*.json` files directly inside named folders
  /// (sorted by name, so the order never depends on the file system).
  /// - Throws: `InputError` for a path that does not exist or a folder without scenarios.
  static func files(from arguments: [String]) throws(InputError) -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for argument in arguments {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        throw InputError(file: argument, location: "", message: "no such file or folder")
      }
      if isDirectory.boolValue {
        let names = ((try? manager.contentsOfDirectory(atPath: argument)) ?? []).filter {
          $0.hasSuffix(".json")
        }.sorted()
        guard !names.isEmpty else {
          throw InputError(file: argument, location: "", message: "folder holds no scenario files (*.json)")
        }
        let folder = argument.hasSuffix("/") ? argument : argument + "/"
        files += names.map { folder + $0 }
      } else {
        files.append(argument)
      }
    }
    // The same file named twice (directly and through its folder) runs once.
    var seen = Set<String>()
    return files.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
  }

  /// Loads and prepares every scenario (trace files read and checked), validating strategy
  /// entries against `registry`. Nothing is written before all inputs are known good.
  static func load(_ arguments: [String], registry: StrategyRegistry) throws(InputError) -> [PreparedScenario]
  {
    var prepared: [PreparedScenario] = []
    for file in try files(from: arguments) {
      let scenario = try ScenarioLoader.load(contentsOf: file) { spec in
        do throws(StrategyError) {
          _ = try registry.configure(spec)
          return nil
        } catch {
          return StrategyIssue(key: error.parameter, message: error.description)
        }
      }
      prepared.append(try PreparedScenario(scenario))
    }
    return prepared
  }
}
