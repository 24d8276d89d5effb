import Foundation
import Testing

/// Results folders of the form written before the run tables were compressed (plain
/// `timeline.csv`, `events.csv`, `ttc.csv`; `Tests/Fixtures/plain-tables`, written by that
/// version with `run scenarios/reader-lte.json --strategy fixed_threshold --seeds 1-2
/// --timeline-interval-ms 500 --no-plots`) still work with `report`, `compare` and `check`, and
/// a run today writes gzip-compressed tables that any gzip reads back.
@Suite struct PlainTablesEndToEndTests {
  static let fixture = Prefetchlab.packageRoot.appendingPathComponent("Tests/Fixtures/plain-tables").path

  @Test func aFolderOfPlainTablesStillWorks() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let old = scratch.path("old")
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: old)
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: scratch.path("again"))
    let report = try Prefetchlab.run(["report", old], path: Gnuplot.installedPath ?? Gnuplot.absentPath)
    #expect(report.status == 0, "\(report.err)")
    let markdown = try String(contentsOfFile: old + "/report.md", encoding: .utf8)
    // The report links the tables the folder has, by their plain names.
    #expect(markdown.contains("[ttc.csv](ttc.csv)") && markdown.contains("[timeline.csv](timeline.csv)"))
    #expect(!markdown.contains(".csv.gz"))
    if Gnuplot.isInstalled {
      // Drawn from the plain tables: the time-to-content CDF and the first seed's timeline.
      let plots = try FileManager.default.contentsOfDirectory(atPath: old + "/plots")
      #expect(plots.contains { $0.hasPrefix("timeline--") && $0.hasSuffix(".png") }, "\(plots)")
      #expect(plots.contains { $0.contains("ttc") && $0.hasSuffix(".svg") }, "\(plots)")
    }
    let compare = try Prefetchlab.run(["compare", old, scratch.path("again")])
    #expect(compare.status == 0, "\(compare.err)")
    let check = try Prefetchlab.run([
      "check", "--baseline", old, "--current", scratch.path("again"), "--fail-on-any-change",
      "--details-file",
      scratch.path("details.txt"),
    ])
    #expect(check.status == 0, "\(check.out)\(check.err)")
  }

  /// The compressed tables of a run are what `gzip -dc` reads, and what `--plain-tables` writes.
  @Test func compressedTablesAreThePlainOnesThroughGzip() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let common = [
      "run", "scenarios/reader-lte.json", "--strategy", "fixed_threshold", "--seeds", "1-2",
      "--timeline-interval-ms", "500", "--no-plots", "--quiet",
    ]
    #expect(try Prefetchlab.run(common + ["--out", scratch.path("gz")]).status == 0)
    #expect(try Prefetchlab.run(common + ["--plain-tables", "--out", scratch.path("plain")]).status == 0)
    for table in ["timeline", "events", "ttc"] {
      let plain = try String(contentsOfFile: scratch.path("plain/\(table).csv"), encoding: .utf8)
      #expect(try gunzipped(scratch.path("gz/\(table).csv.gz")) == plain, "\(table)")
      #expect(!FileManager.default.fileExists(atPath: scratch.path("gz/\(table).csv")))
      let compressed = try #require(
        FileManager.default.attributesOfItem(atPath: scratch.path("gz/\(table).csv.gz"))[.size] as? Int)
      #expect(compressed * 4 < plain.utf8.count, "\(table): \(compressed) of \(plain.utf8.count) bytes")
    }
  }
}
