import Foundation
import Testing

/// `feed.changes` at the command line: a rate out of range, an unknown arrival process or
/// changes on a chat are bad input (exit 65) naming file, JSON path and rule, all of them in one
/// report; a news feed with changes runs and writes the two counts.
@Suite struct FeedChangesRuleCLITests {
  @Test func validateNamesEveryBrokenRule() {
    let folder = ScratchFolder()
    let bad = folder.writeScenario(
      "bad.json",
      [
        "feed": tinyFeedJSON(
          #""opens_at": "end", "changes": {"inserts_per_min": 6001, "deletes_per_min": -1, "arrivals": "bursty"}"#
        )
      ])
    let failed = runCLI(["validate", bad])
    #expect(failed.status == 65)
    for rule in [
      "bad.json: feed.changes.inserts_per_min: must be <= 6000, got 6001",
      "bad.json: feed.changes.deletes_per_min: must be >= 0, got -1",
      "bad.json: feed.changes.arrivals: must be one of",
      "bad.json: feed.changes: needs \"opens_at\": \"start\"",
    ] {
      #expect(failed.stderr.contains(rule), "\(rule) in \(failed.stderr)")
    }
  }

  /// Twelve inserts a second, regular, on an offset feed read at 500 pt/s: summary.csv (CRLF rows)
  /// has both columns, duplicates counted and nothing skipped.
  @Test func aChangingFeedRunsAndCounts() throws {
    let folder = ScratchFolder()
    let scenario = folder.writeScenario(
      "news.json",
      [
        "feed": tinyFeedJSON(
          #""pagination": "offset", "changes": {"inserts_per_min": 720, "arrivals": "regular"}"#),
        "strategies": #"["infinite_scroll"]"#,
      ])
    let result = runCLI([
      "run", scenario, "--out", folder.path + "/out", "--no-plots", "--quiet", "--seeds", "1",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try String(contentsOfFile: folder.path + "/out/summary.csv", encoding: .utf8)
    let lines = summary.split(whereSeparator: \.isNewline).map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    try #require(lines.count == 2, "\(summary)")
    let row = Dictionary(uniqueKeysWithValues: zip(lines[0].map(String.init), lines[1].map(String.init)))
    // One insert every 83 ms: page 1, asked for when its placeholder shows, repeats some of page 0.
    #expect((Int(row["duplicate_items_shown"] ?? "") ?? 0) > 0, "\(summary)")
    #expect(row["items_skipped"] == "0")
  }
}
