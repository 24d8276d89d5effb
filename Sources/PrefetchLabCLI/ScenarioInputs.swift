import Foundation
import PrefetchLab
import PrefetchLabReports

/// Turns the command line's SCENARIO|DIR arguments into loaded, validated scenarios.
enum ScenarioInputs {
  /// Scenario files named directly, plus the `*.json` files directly inside named folders.
  static func files(from arguments: [String]) throws(InputError) -> [String] {
    try ScenarioFiles.list(arguments)
  }

  /// Loads and prepares every scenario (trace files read and checked), validating strategy
  /// entries against `registry`. Nothing is written before all inputs are known good.
  static func load(_ arguments: [String], registry: StrategyRegistry) throws(InputError) -> [PreparedScenario]
  {
    var prepared: [PreparedScenario] = []
    for file in try files(from: arguments) {
      let scenario = try ScenarioLoader.load(contentsOf: file, strategyValidator: validator(registry))
      prepared.append(try PreparedScenario(scenario))
    }
    return prepared
  }

  /// Checks a scenario file's strategy entries against `registry`.
  static func validator(_ registry: StrategyRegistry) -> ScenarioLoader.StrategyValidator {
    { spec in
      do throws(StrategyError) {
        _ = try registry.configure(spec)
        return nil
      } catch {
        return StrategyIssue(key: error.parameter, message: error.description)
      }
    }
  }
}
