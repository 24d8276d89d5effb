import Foundation
import Testing

/// Same scenario + seed + strategy ⇒ byte-identical outputs, whatever `--jobs` is and in whatever
/// order runs execute or scenarios are given (docs/model.md, "Determinism"). Every file of the
/// folder is compared: summary.csv, manifest.json and the run tables.
@Suite(.serialized) struct DeterminismTests {
  @Test func jobsOneAndTwoAndARepeatedRunWriteIdenticalFolders() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    for (name, jobs) in [("jobs1", "1"), ("jobs2", "2"), ("again", "2")] {
      // CSVs only: reports are compared by the scenario-order test below, plots by
      // ReportsEndToEndTests, and drawing them three times over would dominate the suite's time.
      // Two seeds of each (the bundled files say 10): every scenario and strategy still runs, and
      // the second seed interleaves with the first across the jobs.
      let result = try Prefetchlab.run(
        ["run", "scenarios/", "--seeds", "1-2", "--jobs", jobs, "--no-plots", "--out", scratch.path(name)])
      #expect(result.status == 0, "\(result.err)")
    }
    let files = try folderContents(scratch.path("jobs1"))
    // summary.csv, manifest.json and the three run tables (every run's times to content, the
    // first seed's timelines and events): every bundled scenario against its own strategies or
    // the general ones.
    let summaryRows =
      try String(contentsOfFile: scratch.path("jobs1/summary.csv"), encoding: .utf8)
      .split(separator: "\r\n").count - 1
    let strategies = try Prefetchlab.strategyNames()
    #expect(strategies.count >= 5)
    #expect(summaryRows == (try Prefetchlab.bundledRunCount(seeds: 2)))
    #expect(
      files.keys.sorted() == [
        "events.csv.gz", "manifest.json", "summary.csv", "timeline.csv.gz", "ttc.csv.gz",
      ])
    // The compressed tables are compared byte for byte below; their rows read through gzip.
    // Each is several pieces of deflate data (one per MiB of rows, compressed on several threads
    // while the runs go on), so the comparison covers pieces cut and ordered across the jobs.
    for table in ["timeline.csv.gz", "events.csv.gz", "ttc.csv.gz"] {
      let text = try gunzipped(scratch.path("jobs1/" + table))
      #expect(
        text.contains("\r\nslow-3g,directional_ranges,,1,") && text.contains("\r\njump-far,target_range,,1,"))
      #expect(text.utf8.count > 2 << 20, "\(table): \(text.utf8.count) bytes, at least three pieces")
    }
    try expectIdenticalFolders(scratch.path("jobs1"), scratch.path("jobs2"))
    try expectIdenticalFolders(scratch.path("jobs2"), scratch.path("again"))
  }

  @Test func scenarioOrderOnTheCommandLineDoesNotChangeAnyFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let orders = [
      ["scenarios/skimmer-wifi.json", "scenarios/jump-far.json", "scenarios/reader-lte.json"],
      ["scenarios/reader-lte.json", "scenarios/skimmer-wifi.json", "scenarios/jump-far.json"],
    ]
    for (index, order) in orders.enumerated() {
      let result = try Prefetchlab.run(
        ["run"] + order + ["--seeds", "1-2", "--jobs", "2", "--out", scratch.path("order\(index)")])
      #expect(result.status == 0, "\(result.err)")
    }
    try expectIdenticalFolders(scratch.path("order0"), scratch.path("order1"))
    // The canonical order: scenarios by name, then strategies as listed, then seeds.
    let summary = try String(contentsOfFile: scratch.path("order0/summary.csv"), encoding: .utf8)
    let keys = summary.split(separator: "\r\n").dropFirst().map { line in
      line.split(separator: ",", omittingEmptySubsequences: false).prefix(4).joined(separator: ",")
    }
    // Every key in that order: 3 scenarios × the registered strategies × 2 seeds.
    let strategies = try Prefetchlab.strategyNames()
    let expected = ["jump-far", "reader-lte", "skimmer-wifi"].flatMap { scenario in
      strategies.flatMap { strategy in ["1", "2"].map { "\(scenario),\(strategy),,\($0)" } }
    }
    #expect(strategies.first == "infinite_scroll")
    #expect(keys == expected)
  }
}
