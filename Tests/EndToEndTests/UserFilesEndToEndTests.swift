import Foundation
import Testing

/// A new user's trial, run as the binary: what `check`, `report` and `recommend` must refuse so
/// that nothing a user wrote is overwritten and no cut-short results folder reads as a valid one.
@Suite(.serialized) struct UserFilesEndToEndTests {
  /// A 5 s scripted scenario with two strategies, run at seeds 1 and 2 into `base` (4 runs).
  func makeBaseline(in scratch: Scratch) throws {
    let scenario = """
      {"name": "tiny", "duration_s": 5, "feed": {"total_items": 100, "page_size": 10, "item_height_pt": 100},
       "network": {"rtt_ms": 100}, "strategies": ["infinite_scroll", "fixed_threshold"],
       "scroll": {"script": [{"drag": {"velocity_pt_s": 500, "duration_ms": 4000}}]}}
      """
    try Data(scenario.utf8).write(to: URL(fileURLWithPath: scratch.path("tiny.json")))
    let made = try Prefetchlab.run(
      [
        "run", "tiny.json", "--seeds", "1,2", "--timeline-interval-ms", "0", "--no-plots", "-q", "--out",
        "base",
      ],
      in: scratch.url)
    #expect(made.status == 0, "\(made.err)")
  }

  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test func checkNeverOverwritesAFileItDidNotWrite() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try makeBaseline(in: scratch)
    let summary = try bytes(scratch.path("base/summary.csv"))
    let scenario = try bytes(scratch.path("tiny.json"))
    try Data("my own notes\n".utf8).write(to: URL(fileURLWithPath: scratch.path("check-details.txt")))
    let check = ["check", "--baseline", "base", "--current", "base"]

    // The default name holding a user's file, a scenario, the baseline's own summary.
    let byDefault = try Prefetchlab.run(check, in: scratch.url)
    #expect(byDefault.status == 64, "\(byDefault.out)\(byDefault.err)")
    #expect(
      byDefault.err.contains("--details-file check-details.txt: exists and was not written by this command"))
    #expect(byDefault.err.contains("Give --details-file a new file name"))
    #expect(try bytes(scratch.path("check-details.txt")) == Data("my own notes\n".utf8))
    let onScenario = try Prefetchlab.run(check + ["--details-file", "tiny.json"], in: scratch.url)
    #expect(onScenario.status == 64, "\(onScenario.err)")
    #expect(try bytes(scratch.path("tiny.json")) == scenario)
    let onSummary = try Prefetchlab.run(check + ["--details-file", "base/summary.csv"], in: scratch.url)
    #expect(onSummary.status == 64, "\(onSummary.err)")
    #expect(onSummary.err.contains("is an input of this command"), "\(onSummary.err)")
    #expect(try bytes(scratch.path("base/summary.csv")) == summary)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("link.txt"), withDestinationPath: "tiny.json")
    let onLink = try Prefetchlab.run(check + ["--details-file", "link.txt"], in: scratch.url)
    #expect(onLink.status == 64, "\(onLink.err)")
    #expect(try bytes(scratch.path("tiny.json")) == scenario)

    // A new name is written; the details file a check wrote is replaced by the next check.
    let first = try Prefetchlab.run(check + ["--details-file", "d.txt"], in: scratch.url)
    #expect(first.status == 0, "\(first.out)\(first.err)")
    let written = try String(contentsOfFile: scratch.path("d.txt"), encoding: .utf8)
    #expect(written.hasPrefix("Baseline: base ("))
    try Data((written + "extra line\n").utf8).write(to: URL(fileURLWithPath: scratch.path("d.txt")))
    let again = try Prefetchlab.run(check + ["--details-file", "d.txt"], in: scratch.url)
    #expect(again.status == 0, "\(again.out)\(again.err)")
    #expect(try String(contentsOfFile: scratch.path("d.txt"), encoding: .utf8) == written)
  }

  @Test func aSummaryCutAtARowBoundaryIsBadInput() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try makeBaseline(in: scratch)
    let manager = FileManager.default
    try manager.copyItem(atPath: scratch.path("base"), toPath: scratch.path("cut"))
    let lines = try String(contentsOfFile: scratch.path("base/summary.csv"), encoding: .utf8)
      .components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.count == 5)
    try Data((lines.prefix(3).joined(separator: "\r\n") + "\r\n").utf8)
      .write(to: URL(fileURLWithPath: scratch.path("cut/summary.csv")))
    let rule = "cut/summary.csv: expected 4 rows from manifest.json (runs), found 2"
    for arguments in [
      ["check", "--baseline", "cut", "--current", "base", "--details-file", "d.txt"],
      ["check", "--baseline", "base", "--current", "cut", "--details-file", "d.txt"],
      ["recommend", "cut"], ["report", "cut", "--no-plots", "--replace"],
    ] {
      let result = try Prefetchlab.run(arguments, in: scratch.url)
      #expect(result.status == 65, "\(arguments): \(result.out)\(result.err)")
      #expect(result.err.contains(rule), "\(arguments): \(result.err)")
    }
    #expect(!manager.fileExists(atPath: scratch.path("cut/report.md")))

    // Only the header row, with or without a manifest: nothing to recommend from.
    try Data((lines[0] + "\r\n").utf8).write(to: URL(fileURLWithPath: scratch.path("cut/summary.csv")))
    try manager.createDirectory(atPath: scratch.path("hdr"), withIntermediateDirectories: true)
    try Data((lines[0] + "\r\n").utf8).write(to: URL(fileURLWithPath: scratch.path("hdr/summary.csv")))
    let headerOnly = try Prefetchlab.run(["recommend", "hdr"], in: scratch.url)
    #expect(headerOnly.status == 65, "\(headerOnly.out)\(headerOnly.err)")
    #expect(headerOnly.err.contains("hdr/summary.csv: holds no runs (only its header row)"))
    #expect(try Prefetchlab.run(["recommend", "cut"], in: scratch.url).status == 65)

    // The summary's own path names its folder, as for check.
    let byFile = try Prefetchlab.run(["recommend", "base/summary.csv"], in: scratch.url)
    #expect(byFile.status == 0, "\(byFile.err)")
    #expect(byFile.out.contains("tiny (2 seeds): "), "\(byFile.out)")
  }

  @Test func reportReplaceNeverReplacesAUsersReport() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try makeBaseline(in: scratch)
    let manager = FileManager.default
    // A folder of copied CSVs beside the user's own report: no manifest prefetchlab wrote.
    try manager.createDirectory(atPath: scratch.path("rep"), withIntermediateDirectories: true)
    try manager.copyItem(atPath: scratch.path("base/summary.csv"), toPath: scratch.path("rep/summary.csv"))
    try Data("# My report\n".utf8).write(to: URL(fileURLWithPath: scratch.path("rep/report.md")))
    let refused = try Prefetchlab.run(["report", "rep", "--replace", "--no-plots"], in: scratch.url)
    #expect(refused.status == 64, "\(refused.out)\(refused.err)")
    #expect(refused.err.contains("rep/report.md: the folder has no manifest.json prefetchlab wrote"))
    #expect(try bytes(scratch.path("rep/report.md")) == Data("# My report\n".utf8))
    #expect(!manager.fileExists(atPath: scratch.path("rep/report.html")))

    // prefetchlab's own folder is redrawn with --replace.
    let redrawn = try Prefetchlab.run(["report", "base", "--replace", "--no-plots"], in: scratch.url)
    #expect(redrawn.status == 0, "\(redrawn.err)")
    // A file of the user's in its plots/ keeps even that from being replaced.
    try manager.createDirectory(atPath: scratch.path("base/plots"), withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: scratch.path("base/plots/notes.txt")))
    let foreign = try Prefetchlab.run(["report", "base", "--replace", "--no-plots"], in: scratch.url)
    #expect(foreign.status == 64, "\(foreign.err)")
    #expect(foreign.err.contains("base/plots/notes.txt: was not written by prefetchlab"))
  }
}
