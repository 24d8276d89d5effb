import Foundation
import Testing

@testable import PrefetchLab
@testable import PrefetchLabCLI

/// The runs one command plans (scenarios × strategies × settings × seeds) and one process
/// finishes are capped before anything is allocated per run: a usage error (64) naming the total
/// and the cap. `sweep --vary ratio=0:1:0.001 --seeds 1-100000` used to abort (exit 134) trying
/// to allocate 30 GB, and `run scenarios/ --seeds 1-100000` grew past 11 GB.
@Suite struct RunCountCapCLITests {
  static let scenarios = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios").path

  @Test func aSweepPastThePlanCapIsAUsageError() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI([
      "sweep", scenario, "--strategy", "fixed_threshold", "--vary", "ratio=0:1:0.001", "--seeds", "1-100000",
      "--no-plots", "--out", folder.path + "/sw",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: 100100000 runs planned (scenarios × strategies × parameter settings × seeds), more than the "
          + "2000000 one command may plan"), "\(result.stderr)")
    #expect(!folder.exists("sw"))
  }

  /// With --seeds the count is refused before any scenario is read and checked against every
  /// setting: a scenario file that does not parse is not reached (it was, exit 65, after
  /// hundreds of MB spent checking 10 000 settings against the feeds).
  @Test func aSweepPastThePlanCapIsRefusedBeforeItsScenariosAreChecked() {
    let folder = ScratchFolder()
    let broken = folder.write("broken.json", "{\"name\": ")
    let result = runCLI([
      "sweep", broken, "--strategy", "fixed_threshold", "--vary", "ratio=0.0001:1:0.0001", "--seeds", "1-201",
      "--no-plots", "--out", folder.path + "/sw",
    ])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "Error: 2010000 runs planned (scenarios × strategies × parameter settings × seeds), more than the "
          + "2000000 one command may plan"), "\(result.stderr)")
    #expect(RunCountCap.sweepPlanError(settings: 10_000, scenarios: 1, seeds: 200) == nil)
    #expect(RunCountCap.sweepPlanError(settings: 10_000, scenarios: 2, seeds: 200) != nil)
    #expect(RunCountCap.sweepPlanError(settings: 2, scenarios: 1, seeds: Int.max) != nil)
    #expect(!folder.exists("sw"))
  }

  @Test func theBundledScenariosAtAHundredThousandSeedsAreAUsageError() {
    let folder = ScratchFolder()
    let result = runCLI([
      "run", Self.scenarios, "--seeds", "1-100000", "--no-plots", "--out", folder.path + "/big",
    ])
    #expect(result.status == 64)
    #expect(result.stderr.contains(" runs planned ("), "\(result.stderr)")
    #expect(result.stderr.contains("more than the 2000000 one command may plan"))
    #expect(!folder.exists("big"))
  }

  /// Under the plan cap but past what one process may finish: refused unsharded, naming the
  /// --shard that fits; each shard's share is what is held to the cap.
  @Test func aProcessFinishesAtMostAMillionRuns() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI([
      "sweep", scenario, "--strategy", "fixed_threshold", "--vary", "ratio=0:1:0.1", "--seeds", "1-100000",
      "--no-plots", "--out", folder.path + "/sw",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: 1100000 runs (of 1100000 planned: scenarios × strategies × parameter settings × seeds), more "
          + "than the 1000000 one process may finish (each run's summary row is held in memory until "
          + "summary.csv is written); use --shard K/2 or more (docs/scale.md), or fewer seeds"),
      "\(result.stderr)")
    #expect(!folder.exists("sw"))
    #expect(RunCountCap.finishedError(planned: 1_100_000, shardCount: 2) == nil)
    #expect(RunCountCap.finishedError(planned: 2_000_000, shardCount: 2) == nil)
    #expect(
      RunCountCap.finishedError(planned: 2_000_001, shardCount: 2) != nil, "the larger slice has 1000001")
  }

  /// The count is overflow-safe, and `Experiment` checks it before planning any run.
  @Test func theCountIsCheckedBeforePlanning() throws {
    #expect(RunCountLimit.plannedRuns(strategyCounts: [3, 4], seedCount: 5) == 35)
    #expect(RunCountLimit.plannedRuns(strategyCounts: [Int.max], seedCount: 2) == nil)
    #expect(RunCountLimit.plannedRuns(strategyCounts: [Int.max, 1], seedCount: 1) == nil)
    #expect(RunCountLimit(planned: nil, limit: 1).plannedText == "more than \(Int.max)")
    let folder = ScratchFolder()
    let scenario = try ScenarioLoader.load(contentsOf: folder.write("tiny.json", scenarioJSON()))
    var traces = BandwidthTraceCache()
    let prepared = try PreparedScenario(scenario, traces: &traces)
    #expect(throws: RunCountLimit(planned: 21, limit: 20)) {
      try Experiment(scenarios: [prepared], seeds: [1, 2, 3], runLimit: 20)
    }
    #expect(try Experiment(scenarios: [prepared], seeds: [1, 2, 3], runLimit: 21).jobs.count == 21)
  }
}
