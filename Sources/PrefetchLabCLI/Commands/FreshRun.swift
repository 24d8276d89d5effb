import Foundation
import PrefetchLab
import PrefetchLabReports

/// `check` without `--current`: the experiment recorded in the baseline's manifest simulated
/// again with this build (`RecordedExperiment`: no command line is parsed, paths resolve from the
/// baseline's folder, so any working directory will do), into a temporary folder (removed when
/// done) or the `--save-current` folder, then read back like any results folder, manifest and
/// all, so the comparison and the fingerprint see exactly what `run` would have written.
struct FreshRun {
  let results: ResultsFolder
  let label: String
  /// Said on standard error: why the baseline's scenario files could not be checked for edits.
  let warnings: [String]
  /// What changed in the baseline's inputs since it was made, for the fingerprint.
  let issues: [FingerprintComparison.Issue]

  init(baseline: ResultsFolder, saveTo: String?, jobs: Int, registry: StrategyRegistry) throws {
    let recorded = try RecordedExperiment(folder: baseline, registry: registry)
    // Timelines and events do not change the summary: skip them unless the folder is kept.
    let intervalUs = saveTo == nil ? 0 : recorded.timelineIntervalMs * 1000
    let options = SimulationOptions(timelineIntervalUs: intervalUs, recordEvents: intervalUs > 0)
    var writer = ResultsWriter(experiment: recorded.experiment, options: options, record: recorded.record)
    writer.runFiles = ResultsRun.runFileSelection(recorded: recorded.record.command)
    writer.compressTables = !recorded.record.command.contains("--plain-tables")

    let temporary: String?
    let destination: String
    if let saveTo {
      temporary = nil
      destination = saveTo
    } else {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefetchlab-check-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: .min ... .max))"
      ).path
      temporary = folder
      destination = (folder as NSString).appendingPathComponent("current")
    }
    defer {
      if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
    }
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
