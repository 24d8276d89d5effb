import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// The report's scenario parameters left out `feed.carousel` and the swipe settings; they are
/// read from the scenario model as it writes itself back, defaults included.
@Suite struct ReportCarouselParametersTests {
  static func parameters(_ scroll: String, carousel: Bool = true) throws -> [String: String] {
    let json = """
      {"name": "c", "duration_s": 5,
       "feed": {"total_items": 100, "page_size": 10, "item_height_pt": 100\
      \(carousel ? #", "carousel": {"row_fraction": 0.65, "sub_items": 12, "media_bytes": 4000}"# : "")},
       "network": {"rtt_ms": 100}, "scroll": \(scroll)}
      """
    let scenario = try ScenarioLoader.load(
      data: Array(json.utf8), file: "c.json", baseDirectory: "/", checksFiles: false)
    let list = ScenarioDetails(scenario: scenario).parameters
    return Dictionary(list.map { ($0.name, $0.value) }) { a, _ in a }
  }

  @Test func carouselAndASwipingUserAreListed() throws {
    let found = try Self.parameters(#"{"model": "skimmer", "swipe_fraction": 0.25}"#)
    let carousel = try #require(found["feed.carousel"])
    #expect(carousel.hasPrefix("row_fraction 0.65, sub_items 12, sub_item_width_pt "), "\(carousel)")
    #expect(carousel.contains("media_bytes "), "\(carousel)")
    #expect(found["scroll.swipe_fraction"] == "0.25")
    #expect(found["scroll.swipe_distance_pt"] != nil)
  }

  @Test func aScriptsSwipeStepsAreCounted() throws {
    let found = try Self.parameters(
      #"{"script": [{"swipe": {"distance_pt": 300, "duration_ms": 100}}, {"wait": {"duration_ms": 500}}, "#
        + #"{"swipe": {"distance_pt": -150, "duration_ms": 100}}]}"#)
    #expect(found["scroll.script swipes"] == "2 of 3 gestures (distance_pt: 300 pt, -150 pt)")
  }

  @Test func aPlainFeedListsNone() throws {
    let found = try Self.parameters(#"{"model": "skimmer"}"#, carousel: false)
    #expect(found.keys.allSatisfy { !$0.contains("carousel") && !$0.contains("swipe") }, "\(found)")
  }
}
