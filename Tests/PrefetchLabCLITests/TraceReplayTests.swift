import Foundation
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// `prefetchlab trace` output replays as an `offset_csv` recording with its phases and fling
/// targets, so phase-aware strategies meet the same user as in the original run.
@Suite struct TraceReplayTests {
  @Test func replayedTraceKeepsPhasesAndFlingTargets() throws {
    let folder = ScratchFolder()
    let network = #"{"rtt_ms": 300, "bandwidth_kbps": 4000}"#
    let feed = #"{"total_items": 2000, "page_size": 20, "item_height_pt": 200, "media_bytes": 30000}"#
    let original = folder.write(
      "original.json",
      scenarioJSON(
        name: "original",
        ["duration_s": "60", "feed": feed, "network": network, "scroll": #"{"model": "searcher"}"#]))
    #expect(runCLI(["trace", original, "--seed", "3", "--out", folder.path + "/user.csv"]).status == 0)
    let replay = folder.write(
      "replay.json",
      scenarioJSON(
        name: "replay",
        [
          "duration_s": "60", "feed": feed, "network": network,
          "scroll": #"{"trace": {"path": "user.csv", "format": "offset_csv"}}"#,
        ]))
    let result = runCLI([
      "run", original, replay, "--seeds", "3", "--no-plots", "--out", folder.path + "/out",
      "--strategy", "target_range", "--strategy", "directional_ranges",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let table = try CSVTable(contentsOfFile: folder.path + "/out/summary.csv")
    var rows: [String: [String: String]] = [:]
    for index in 0..<table.count {
      let key = try table.string("scenario", row: index) + "/" + table.string("strategy", row: index)
      rows[key] = [
        "stall_count": try table.string("stall_count", row: index),
        "page_requests": try table.string("page_requests", row: index),
        "items_seen": try table.string("items_seen", row: index),
      ]
    }
    for strategy in ["target_range", "directional_ranges"] {
      #expect(rows["original/" + strategy] == rows["replay/" + strategy], "\(strategy)")
    }
  }
}
