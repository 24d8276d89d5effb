import Foundation
import PrefetchLab
import PrefetchLabReports

/// Turns the command line's SCENARIO|DIR arguments into loaded, validated scenarios.
enum ScenarioInputs {
  /// Scenario files named directly, plus the `*.json` files directly inside named folders.
  static func files(from arguments: [String]) throws(InputError) -> [String] {
    try ScenarioFiles.list(arguments)
  }

  /// The same files, with a problem in place of each missing path or empty folder
  /// (`ScenarioFiles.entries`): `validate`, `run` and `sweep` check the other files too.
  /// A population file among them is a problem that says what it is and how to run it.
  static func entries(from arguments: [String]) -> [Result<String, InputError>] {
    ScenarioFiles.entries(arguments).map { entry in
      guard case .success(let path) = entry, isPopulationFile(path) else { return entry }
      return .failure(
        InputError(
          file: path, location: "",
          message: "population file: run it with --population (prefetchlab run --population \(path))"))
    }
  }

  /// Whether `path` holds a population file (docs/populations.md): a JSON object with `segments`
  /// and no `scroll`. Anything unreadable is left for the scenario loader to report.
  static func isPopulationFile(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path), data.count <= 16 << 20,
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return false }
    return object["segments"] != nil && object["scroll"] == nil
  }

  /// The check `validate`, `run` and `sweep` make of their scenario files (`ScenarioCheck`),
  /// configuring strategy entries with `registry` as they are read and checking the overrides, named as the
  /// user gave them, against every file's feed.
  static func check(
    registry: StrategyRegistry, strategyOverrides: [StrategySpec] = [], overrideNames: [String] = []
  ) throws(StrategyError) -> ScenarioCheck {
    try ScenarioCheck(registry: registry, strategyOverrides: strategyOverrides, overrideNames: overrideNames)
  }

  /// Loads and prepares every scenario, finding every problem `validate` would report for the
  /// same files (`check`): every file is read even after one fails or a path is missing, so that
  /// all problems are reported at once. Nothing is written before all inputs are known good.
  /// With `timeline` (the run's options), a scenario whose timeline would pass
  /// `TimelineRowLimit` is a problem too, reported with the rest rather than after them.
  /// - Throws: `InputErrors` with the problems of every bad file.
  static func load(
    _ arguments: [String], registry: StrategyRegistry, strategyOverrides: [StrategySpec] = [],
    overrideNames: [String] = [], timeline: TimelineOptions? = nil
  ) throws -> [PreparedScenario] {
    var check = try check(
      registry: registry, strategyOverrides: strategyOverrides, overrideNames: overrideNames)
    var prepared: [PreparedScenario] = []
    var problems: [InputError] = []
    for entry in entries(from: arguments) {
      let result = entry.flatMap { check.check($0) }
      append(result, timeline: timeline, to: &prepared, problems: &problems)
    }
    if !problems.isEmpty { throw InputErrors(errors: problems) }
    return prepared
  }

  /// The options a run's timeline length depends on (`TimelineRowLimit`).
  typealias TimelineOptions = (options: SimulationOptions, runFiles: RunFileSelection)

  /// Files `result` under `prepared` or `problems`, a prepared scenario whose timeline would
  /// pass `TimelineRowLimit` with `timeline` under `problems`.
  static func append(
    _ result: Result<PreparedScenario, InputError>, timeline: TimelineOptions?,
    to prepared: inout [PreparedScenario], problems: inout [InputError]
  ) {
    switch result {
    case .success(let scenario):
      if let timeline,
        let problem = TimelineRowLimit.problem(
          for: scenario, options: timeline.options, runFiles: timeline.runFiles)
      {
        problems.append(problem)
      } else {
        prepared.append(scenario)
      }
    case .failure(let error): problems.append(error)
    }
  }
}

/// The problems of several input files, each an `InputError` (which may carry more problems of
/// its own file). Exit status 65.
public struct InputErrors: Error, Sendable {
  public var errors: [InputError]
}
