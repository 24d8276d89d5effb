import Foundation
import Testing

/// The carousel swipe at the command line: a swipe step out of range, past the feed or on a feed
/// without carousels is bad input (exit 65) naming file, JSON path and rule, all of them in one
/// report; a feed of carousels whose user swipes runs.
@Suite struct CarouselSwipeCLITests {
  @Test func validateNamesEveryBrokenSwipeRule() {
    let folder = ScratchFolder()
    let script = """
      {"script": [{"swipe": {"distance_pt": -10001, "duration_ms": 100}},
      {"swipe": {"item": 100, "distance_pt": 300, "duration_ms": 100}},
      {"swipe": {"distance_pt": 300, "duration_ms": -5}}]}
      """
    let bad = folder.writeScenario(
      "bad.json", ["feed": tinyFeedJSON(#""carousel": {"media_bytes": 4000}"#), "scroll": script])
    let failed = runCLI(["validate", bad])
    #expect(failed.status == 65)
    for rule in [
      "bad.json: scroll.script[0].swipe.distance_pt: must be in -10000...10000, got -10001",
      "bad.json: scroll.script[1].swipe.item: must be < feed.total_items (100), got 100",
      "bad.json: scroll.script[2].swipe.duration_ms: must be >= 0, got -5",
    ] {
      #expect(failed.stderr.contains(rule), "\(rule) in \(failed.stderr)")
    }
    let plain = folder.writeScenario(
      "plain.json", ["scroll": #"{"script": [{"swipe": {"distance_pt": 300, "duration_ms": 100}}]}"#])
    let refused = runCLI(["validate", plain])
    #expect(refused.status == 65)
    #expect(
      refused.stderr.contains(
        "plain.json: scroll.script[0].swipe: needs feed.carousel (a swipe moves a carousel row)"),
      "\(refused.stderr)")
  }

  /// A skimmer who swipes at every stop on a feed of carousels: the run succeeds and writes its
  /// summary.
  @Test func aFeedWhoseUserSwipesRuns() {
    let folder = ScratchFolder()
    let scenario = folder.writeScenario(
      "swipes.json",
      [
        "feed": tinyFeedJSON(#""carousel": {"media_bytes": 4000}"#),
        "scroll": #"{"model": "skimmer", "swipe_fraction": 1}"#, "strategies": #"["recyclerview"]"#,
      ])
    let result = runCLI([
      "run", scenario, "--out", folder.path + "/out", "--no-plots", "--quiet", "--seeds", "1",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(folder.exists("out/summary.csv"))
  }
}
