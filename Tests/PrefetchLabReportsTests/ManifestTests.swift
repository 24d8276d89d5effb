import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// manifest.json format 2: the experiment as data, paths relative to the folder; format 1 read
/// and, where it cannot serve, refused with the advice to regenerate.
@Suite struct ManifestTests {
  /// A scenario folder `sc/` (a scenario reading a Mahimahi trace) and an experiment over it with
  /// `--strategy` overrides and `--seeds`, inside `folder`. Paths are relative to the current
  /// directory, so they are made from absolute ones.
  static func experiment(in folder: TestFolder) throws -> (Experiment, RunRecord) {
    try folder.write("sc/traces/link.down", (1...200).map { String($0 * 5) }.joined(separator: "\n") + "\n")
    try folder.write(
      "sc/x.json",
      #"{"name": "x", "description": "One user, one link.", "duration_s": 5, "#
        + #""network": {"trace": {"path": "traces/link.down", "format": "mahimahi"}, "rtt_ms": 40}, "#
        + #""scroll": {"script": [{"drag": {"velocity_pt_s": 900, "duration_ms": 3000}}]}}"#)
    let scenario = try ScenarioLoader.load(contentsOf: folder.file("sc/x.json"))
    let overrides = [
      StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(0.5)]),
      StrategySpec(name: "infinite_scroll"),
    ]
    let experiment = try Experiment(
      scenarios: [try PreparedScenario(scenario)], strategyOverrides: overrides, seeds: [2, 3])
    let record = RunRecord(
      command: ["run", folder.file("sc")], sources: [folder.file("sc")], strategiesGiven: overrides,
      seedsGiven: [2, 3])
    return (experiment, record)
  }

  @Test func formatTwoRecordsTheExperimentAndReadsBackEqual() throws {
    let folder = try TestFolder("manifest")
    defer { folder.remove() }
    let (experiment, record) = try Self.experiment(in: folder)
    let writer = ResultsWriter(experiment: experiment, options: SimulationOptions(), record: record)
    let manifest = try writer.makeManifest(folder: folder.file("out/base"))
    #expect(manifest.format == 2)
    #expect(manifest.sources == ["../../sc"])
    #expect(manifest.seedsGiven == [2, 3])
    #expect(manifest.strategiesGiven == record.strategiesGiven)
    let entry = try #require(manifest.scenarios.first)
    #expect(entry.path == "../../sc/x.json")
    #expect(entry.fileSHA256 == (try Manifest.hash(folder.file("sc/x.json"))))
    #expect(entry.inputs.map(\.path) == ["../../sc/traces/link.down"])
    #expect(entry.seeds == [2, 3])
    // Every parameter is written, the non-default one as run.
    #expect(entry.strategies.map(\.name) == ["fixed_threshold", "infinite_scroll"])
    #expect(
      entry.strategies[0].parameters == [
        "ratio": .number(0.5), "guard_in_flight": .bool(true), "media": .string("visibility"),
        "media_lookahead_rows": .number(10), "low_priority_max_connections": .string("none"),
        "max_preload": .number(10), "lazy_threshold_pt": .string("auto"),
      ])
    #expect(entry.traceDurationUs == 5_000_000)
    #expect(entry.scenario?["network"]?["trace"]?["path"]?.stringValue == "../../sc/traces/link.down")
    #expect(entry.scenario?["description"]?.stringValue == "One user, one link.")

    // The text parses back to the same manifest, and states one scenario section per line.
    let read = try Manifest(json: JSONValue(parsing: manifest.text), file: "m.json")
    #expect(read == manifest)
    #expect(manifest.text.contains(#"        "viewport": {"height_pt":852,"frame_rate_hz":60},"#))
    #expect(manifest.text.contains(#"  "seeds_given": [2,3],"#))
  }

  /// What `check` re-runs is the recorded experiment: the same jobs, the same scenario (its
  /// trace found through the folder), whatever the current directory.
  @Test func recordedExperimentReplaysTheSameRuns() throws {
    let folder = try TestFolder("replay")
    defer { folder.remove() }
    let (experiment, record) = try Self.experiment(in: folder)
    let writer = ResultsWriter(
      experiment: experiment, options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false),
      record: record)
    let staging = try OutputStaging.begin(destination: folder.file("out/base"))
    _ = try writer.write(into: staging, parallelism: 1)
    try staging.commit()
    let replay = try RecordedExperiment(
      folder: ResultsFolder(path: folder.file("out/base")), registry: .builtIn)
    #expect(replay.issues.isEmpty)
    #expect(replay.warnings.isEmpty)
    #expect(replay.experiment.jobs.map(\.strategy.label) == experiment.jobs.map(\.strategy.label))
    #expect(replay.experiment.jobs.map(\.seed) == experiment.jobs.map(\.seed))
    var recorded = try #require(replay.experiment.scenarios.first?.scenario)
    let original = try #require(experiment.scenarios.first?.scenario)
    #expect(
      FolderPath.absolute(recorded.network.trace?.path ?? "")
        == FolderPath.absolute(original.network.trace!.path))
    recorded.network.trace?.path = original.network.trace!.path
    recorded.sourcePath = original.sourcePath
    #expect(recorded == original)

    // An edit of the strategy list alone: the recorded conditions run the file's strategies.
    let text = try folder.read("sc/x.json")
    try folder.write(
      "sc/x.json",
      text.replacingOccurrences(
        of: #""duration_s": 5,"#, with: #""duration_s": 5, "strategies": ["target_range"],"#))
    let edited = try RecordedExperiment(
      folder: ResultsFolder(path: folder.file("out/base")), registry: .builtIn)
    #expect(edited.issues.isEmpty)
    #expect(edited.experiment.scenarios.first?.scenario.strategies == [StrategySpec(name: "target_range")])
    // Other conditions: reported, and the recorded scenario re-run.
    try folder.write("sc/x.json", text.replacingOccurrences(of: #""rtt_ms": 40"#, with: #""rtt_ms": 41"#))
    let changed = try RecordedExperiment(
      folder: ResultsFolder(path: folder.file("out/base")), registry: .builtIn)
    #expect(
      changed.issues == [.scenarioEdited(name: "x", path: folder.file("sc/x.json"), keys: ["network.rtt_ms"])]
    )
    #expect(changed.experiment.scenarios.first?.scenario.network.rttMs == .constant(40))
  }

  /// A folder made by an earlier version: readable for compare and `check --current`, refused
  /// for a fresh run with the advice to regenerate, and its report says why details are missing.
  @Test func formatOneIsReadAndRefusedWhereItCannotServe() throws {
    let folder = try TestFolder("v1")
    defer { folder.remove() }
    try folder.write(
      "old/manifest.json",
      """
      {"tool": "prefetchlab", "version": "0.1.0", "command": ["run", "scenarios/", "--no-plots"],
       "scenarios": [{"name": "a", "path": "scenarios/a.json", "sha256": "aaaa",
                      "sha256_without_strategies": "cccc", "inputs": []}],
       "seeds": [1], "strategies": ["infinite_scroll"], "runs": 1, "timeline_interval_ms": 0}
      """)
    try folder.write(
      "old/summary.csv", "scenario,strategy,params,seed,stall_ms\r\na,infinite_scroll,,1,5\r\n")
    let old = try ResultsFolder(path: folder.file("old"))
    let manifest = try #require(old.manifest)
    #expect(manifest.format == 1)
    #expect(manifest.scenarios.first?.path == "scenarios/a.json")
    #expect(manifest.scenarios.first?.fileSHA256 == "aaaa")
    #expect(manifest.scenarios.first?.scenario == nil)
    do {
      _ = try RecordedExperiment(folder: old, registry: .builtIn)
      Issue.record("a format-1 manifest was replayed")
    } catch let error as InputError {
      #expect(error.location == "format")
      #expect(error.message.contains("format 1") && error.message.contains("regenerate"))
    }
    let details = try ResultsData(path: folder.file("old")).scenarios[0].details
    #expect(details.scenario == nil)
    #expect(details.note?.contains("regenerate") == true)
    #expect(details.fileName == "a.json")

    var newer = manifest
    newer.format = 2
    let comparison = FingerprintComparison(baseline: manifest, current: newer)
    #expect(comparison.issues == [.manifestFormat(baseline: 1, current: 2)])
    #expect(comparison.isComparable(RunKey(scenario: "a", strategy: "infinite_scroll", params: "", seed: 1)))

    try folder.write("future/manifest.json", #"{"format": 3, "version": "9"}"#)
    #expect(throws: InputError.self) { try Manifest(contentsOf: folder.file("future/manifest.json")) }
  }

  @Test func folderPathsAreLexicalAndRelativeToTheFolder() {
    #expect(FolderPath.normalized("a/./b/../c//d/") == "a/c/d")
    #expect(FolderPath.normalized("../x/../../y") == "../../y")
    #expect(FolderPath.normalized("/../a") == "/a")
    #expect(FolderPath.normalized("a/..") == ".")
    #expect(
      FolderPath.relative("/r/scenarios/x.json", from: "/r/results/baseline") == "../../scenarios/x.json")
    #expect(FolderPath.relative("/r/results/baseline/t.csv", from: "/r/results/baseline") == "t.csv")
    #expect(FolderPath.resolve("../../scenarios/x.json", in: "results/baseline") == "scenarios/x.json")
    #expect(FolderPath.resolve("../sc", in: "/tmp/a/base") == "/tmp/a/sc")
    #expect(FolderPath.resolve("/abs/x", in: "anything") == "/abs/x")
  }
}
