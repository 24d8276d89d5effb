import Foundation
import PrefetchLab
import PrefetchLabReports

/// `check` without `--current`: the experiment recorded in the baseline's manifest simulated
/// again with this build (`RecordedExperiment`: no command line is parsed, paths resolve from the
/// baseline's folder, so any working directory will do), into a temporary folder (removed when
/// done, or by the next check if this one is killed) or the `--save-current` folder, then read
/// back like any results folder, manifest and all, so the comparison and the fingerprint see
/// exactly what `run` would have written.
struct FreshRun {
  let results: ResultsFolder
  let label: String
  /// Said on standard error: why the baseline's scenario files could not be checked for edits.
  let warnings: [String]
  /// What changed in the baseline's inputs since it was made, for the fingerprint.
  let issues: [FingerprintComparison.Issue]
  /// Temporary folders of earlier checks killed on this host that this one removed.
  let removedLeftovers: [String]

  init(baseline: ResultsFolder, saveTo: String?, jobs: Int, registry: StrategyRegistry) throws {
    let recorded = try RecordedExperiment(folder: baseline, registry: registry)
    // Timelines and events do not change the summary: skip them unless the folder is kept.
    let intervalUs = saveTo == nil ? 0 : recorded.timelineIntervalMs * 1000
    let options = SimulationOptions(timelineIntervalUs: intervalUs, recordEvents: intervalUs > 0)
    var writer = ResultsWriter(experiment: recorded.experiment, options: options, record: recorded.record)
    writer.runFiles = ResultsRun.runFileSelection(recorded: recorded.record.command)
    writer.compressTables = !recorded.record.command.contains("--plain-tables")

    let temporary: OutputStaging?
    let destination: String
    if let saveTo {
      temporary = nil
      destination = saveTo
    } else {
      // A staging folder never committed, only abandoned: a check killed before it removes it
      // (SIGKILL) leaves it marked with its host and pid, and the next check's `begin` removes
      // it once that process is gone, as `run` does with its own; Ctrl-C removes it at once.
      let scratch = try OutputStaging.begin(
        destination: FileManager.default.temporaryDirectory.appendingPathComponent("prefetchlab-check").path)
      temporary = scratch
      destination = (scratch.path as NSString).appendingPathComponent("current")
    }
    defer { try? temporary?.abandon() }
    removedLeftovers = temporary?.removedLeftovers ?? []
    let problems = writer.runFileProblems
    if !problems.isEmpty { throw InputErrors(errors: problems) }
    let staging = try OutputStaging.begin(
      destination: destination, inputs: writer.inputs, option: "save-current")
    do {
      _ = try writer.write(into: staging, parallelism: jobs)
      try staging.commit()
    } catch {
      try? staging.abandon()
      throw error
    }
    results = try ResultsFolder(path: destination)
    let command = recorded.record.command.joined(separator: " ")
    label = "fresh run of '\(command)'" + (saveTo.map { ", saved in \($0)" } ?? "")
    warnings = recorded.warnings
    issues = recorded.issues
  }
}
