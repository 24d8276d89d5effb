import Foundation
import Testing

/// A results folder stands alone: its manifest records the experiment as data, so `report` and
/// `check` work from any directory and after the folder moves.
@Suite(.serialized) struct SelfContainedFolderTests {
  static let scenarios = ["offset-placeholders", "reader-lte", "touch-replay", "user-mixed"]

  /// Done-when of the issue: a results folder moved elsewhere and reported with the working
  /// directory `/` keeps every scenario description and parameter (and its report is the one
  /// made in place, byte for byte).
  @Test func movedFolderReportedFromTheRootKeepsEveryDescriptionAndParameter() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let made = try Prefetchlab.run(
      ["run"] + Self.scenarios.map { "scenarios/\($0).json" } + [
        "--seeds", "1", "--no-plots", "--out", scratch.path("a"),
      ])
    #expect(made.status == 0, "\(made.err)")
    let inPlace = try Prefetchlab.run(["report", scratch.path("a"), "--no-plots"])
    #expect(inPlace.status == 0, "\(inPlace.err)")
    let expected = try String(contentsOfFile: scratch.path("a/report.md"), encoding: .utf8)

    try FileManager.default.createDirectory(
      atPath: scratch.path("elsewhere/deeper"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: scratch.path("a"), toPath: scratch.path("elsewhere/deeper/b"))
    let moved = try Prefetchlab.run(
      ["report", scratch.path("elsewhere/deeper/b"), "--no-plots", "--replace"], in: URL(fileURLWithPath: "/")
    )
    #expect(moved.status == 0, "\(moved.err)")
    let report = try String(contentsOfFile: scratch.path("elsewhere/deeper/b/report.md"), encoding: .utf8)
    #expect(report == expected)
    let unescaped = report.replacingOccurrences(of: "\\", with: "")
    for name in Self.scenarios {
      let file = Prefetchlab.packageRoot.appendingPathComponent("scenarios/\(name).json")
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
      let description = try #require(json?["description"] as? String)
      #expect(unescaped.contains(description), "\(name)")
    }
    for parameter in [
      "- scenario file: ", "- scroll trace: ", "- viewport: ", "- feed: ", "- rtt_ms: ", "- radio: ",
    ] {
      #expect(unescaped.components(separatedBy: parameter).count - 1 == Self.scenarios.count, "\(parameter)")
    }
    #expect(unescaped.contains("- scroll source: `touch_csv touch-flicks.csv at density 3`"))
    #expect(!report.contains("unavailable") && !report.contains("not found"))
  }

  /// `check` re-runs the experiment the manifest records: from any directory, and after the
  /// baseline and its inputs moved together; a changed trace file is a fingerprint difference
  /// (its scenario is not re-run), a missing one an input error naming it.
  @Test func checkReRunsTheRecordedExperimentFromAnyDirectory() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let fileManager = FileManager.default
    try fileManager.createDirectory(atPath: scratch.path("repo/sc/traces"), withIntermediateDirectories: true)
    for name in ["reader-lte.json", "touch-replay.json", "traces/touch-flicks.csv"] {
      try fileManager.copyItem(
        atPath: Prefetchlab.packageRoot.appendingPathComponent("scenarios/" + name).path,
        toPath: scratch.path("repo/sc/" + name))
    }
    let made = try Prefetchlab.run(
      ["run", "sc", "--timeline-interval-ms", "0", "--no-plots", "--out", "perf/base"],
      in: scratch.url.appendingPathComponent("repo"))
    #expect(made.status == 0, "\(made.err)")
    let manifest = try String(contentsOfFile: scratch.path("repo/perf/base/manifest.json"), encoding: .utf8)
    #expect(manifest.contains(#""sources": ["../../sc"]"#))
    #expect(manifest.contains(#""path":"../../sc/traces/touch-flicks.csv""#))

    let root = URL(fileURLWithPath: "/")
    let fromRoot = try Prefetchlab.run(
      ["check", "--baseline", scratch.path("repo/perf/base"), "--fail-on-any-change"], in: root)
    #expect(fromRoot.status == 0, "\(fromRoot.out)\(fromRoot.err)")
    #expect(fromRoot.out.contains("Fingerprint: matches (prefetchlab "))
    let strategies = try Prefetchlab.strategyNames().count
    // Two scenarios × the general strategies × their 10 default seeds.
    #expect(fromRoot.out.contains("PASS: \(2 * strategies * 10) runs"))
    #expect(fromRoot.err.isEmpty, "\(fromRoot.err)")

    // Folder and inputs moved together: the recorded relative paths still lead to the inputs.
    try fileManager.moveItem(atPath: scratch.path("repo"), toPath: scratch.path("moved"))
    let moved = try Prefetchlab.run(
      ["check", "--baseline", scratch.path("moved/perf/base"), "--fail-on-any-change"], in: root)
    #expect(moved.status == 0, "\(moved.out)\(moved.err)")

    // A changed trace: that scenario cannot be re-run as recorded, so its rows are not compared.
    let trace = scratch.path("moved/sc/traces/touch-flicks.csv")
    let rows = try String(contentsOfFile: trace, encoding: .utf8)
    try Data((rows + rows.split(separator: "\n").last.map { $0 + "\n" }!).utf8).write(
      to: URL(fileURLWithPath: trace))
    let changed = try Prefetchlab.run(["check", "--baseline", scratch.path("moved/perf/base")], in: root)
    #expect(changed.status == 3, "\(changed.out)\(changed.err)")
    #expect(changed.out.contains("scenario 'touch-replay': trace files changed"), "\(changed.out)")
    #expect(changed.out.contains("touch-replay: \(strategies * 10) runs, seeds 1-10"))
    #expect(changed.out.contains("(the \(strategies * 10) runs compared are within tolerance)"))

    // A missing trace is an input error that names it.
    try fileManager.removeItem(atPath: trace)
    let missing = try Prefetchlab.run(["check", "--baseline", scratch.path("moved/perf/base")], in: root)
    #expect(missing.status == 65, "\(missing.out)\(missing.err)")
    #expect(
      missing.err.contains("touch-flicks.csv: trace file of scenario 'touch-replay' not found"),
      "\(missing.err)")

    // The baseline alone, away from its scenario files: what needs no trace is still checked.
    try fileManager.createDirectory(atPath: scratch.path("alone/x/y"), withIntermediateDirectories: true)
    let only = try Prefetchlab.run(
      [
        "run", "scenarios/reader-lte.json", "--seeds", "1", "--timeline-interval-ms", "0", "--no-plots",
        "--out", scratch.path("alone/base"),
      ])
    #expect(only.status == 0)
    // One level deeper: its paths relative to the folder lead nowhere now.
    try fileManager.moveItem(atPath: scratch.path("alone/base"), toPath: scratch.path("alone/x/y/b"))
    let alone = try Prefetchlab.run(["check", "--baseline", scratch.path("alone/x/y/b")], in: root)
    #expect(alone.status == 0, "\(alone.out)\(alone.err)")
    #expect(alone.err.contains("are not found from its folder: edits since the baseline are not checked"))
  }
}
