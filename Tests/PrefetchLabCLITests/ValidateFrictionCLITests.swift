import Foundation
import PrefetchLab
import Testing

/// `validate` as a new user met it: one problem per swipe step when their one cause is a missing
/// `feed.carousel`, NaN/Infinity named by line and column without the JSON path, and no `init`
/// template with carousels.
@Suite struct ValidateFrictionCLITests {
  @Test func swipesWithoutACarouselAreOneProblemListingEveryPath() {
    let folder = ScratchFolder()
    let swipe = #"{"swipe": {"distance_pt": 300, "duration_ms": 100}}"#
    let wait = #"{"wait": {"duration_ms": 500}}"#
    let script = #"{"script": ["# + [swipe, wait, swipe, wait, swipe].joined(separator: ", ") + "]}"
    let scenario = folder.writeScenario("three.json", ["scroll": script])
    let result = runCLI(["validate", scenario])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        "three.json: scroll.script[0].swipe: needs feed.carousel (a swipe moves a carousel row) (the same at "
          + "every one of these 3: scroll.script[0].swipe, scroll.script[2].swipe, scroll.script[4].swipe)"),
      "\(result.stderr)")
    // Once, not three times.
    #expect(result.stderr.components(separatedBy: "needs feed.carousel").count == 2, "\(result.stderr)")
  }

  @Test func nanAndInfinityNameTheirJSONPath() {
    let folder = ScratchFolder()
    let scenario = folder.write(
      "nan.json",
      """
      {"name": "nan", "duration_s": 5,
       "feed": {"total_items": 100, "page_size": 10, "item_height_pt": 100,
                "carousel": {"row_fraction": NaN}},
       "network": {"rtt_ms": 100},
       "scroll": {"script": [{"fling": {"velocity_pt_s": -Infinity}}]}}
      """)
    let result = runCLI(["validate", scenario])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains("nan.json: feed.carousel.row_fraction (line 3, column "), "\(result.stderr)")
    #expect(result.stderr.contains("): NaN and Infinity are not JSON numbers"), "\(result.stderr)")
    let array = folder.write(
      "inf.json",
      """
      {"name": "inf", "duration_s": 5, "feed": {"total_items": 100, "page_size": 10, "item_height_pt": 100},
       "network": {"rtt_ms": 100}, "scroll": {"script": [{"wait": {"duration_ms": 1}}, {"fling": {"velocity_pt_s": Infinity}}]}}
      """)
    let second = runCLI(["validate", array])
    #expect(second.status == 65)
    #expect(
      second.stderr.contains("inf.json: scroll.script[1].fling.velocity_pt_s (line 2, column "),
      "\(second.stderr)")
  }

  /// `init` had templates for a feed, a photo grid, a chat and an Android feed, none with
  /// carousels: `--template carousels` writes one that validates and runs.
  @Test func theCarouselTemplateValidatesAndRuns() throws {
    let folder = ScratchFolder()
    let file = folder.path + "/shelves.json"
    #expect(runCLI(["init", file, "--template", "carousels"]).status == 0)
    let scenario = try ScenarioLoader.load(contentsOf: file)
    #expect(scenario.feed.carousel?.subItems == 12)
    let run = runCLI(["run", file, "--seeds", "1", "-q", "--no-plots", "--out", folder.path + "/out"])
    #expect(run.status == 0, "\(run.stderr)")
    let summary = try String(contentsOfFile: folder.path + "/out/summary.csv", encoding: .utf8)
    // Five strategies (the oracle among them), one seed: a row each.
    #expect(summary.split(whereSeparator: \.isNewline).count == 6, "\(summary)")
    #expect(summary.contains("my-carousel-feed,recyclerview,initial_prefetch_item_count=4,1,"), "\(summary)")
  }
}
