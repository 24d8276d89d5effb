import Testing

@testable import PrefetchLab

@Suite struct SuggestionTests {
  @Test(
    arguments: [
      ("page_sise", ["total_items", "page_size", "initial_page_size"], "page_size"),
      ("directional_range", ["infinite_scroll", "directional_ranges"], "directional_ranges"),
      ("Flinger", ["reader", "flinger"], "flinger"),
      ("iOS", ["ios", "ios_fast", "android"], "ios"),
      ("rnu", ["run", "validate", "report"], "run"),
      ("--quite", ["--quiet", "--out"], "--quiet"),
      ("--strat", ["--strategy", "--seeds"], "--strategy"),
      ("totl_items", ["total_items", "page_size"], "total_items"),
    ] as [(String, [String], String)])
  func suggestsTheLikelyCorrection(typed: String, candidates: [String], expected: String) {
    #expect(Suggestion.closest(to: typed, among: candidates) == expected)
  }

  @Test(
    arguments: [
      ("5g", ["3g", "lte"]), ("--foo", ["--out", "--jobs"]), ("x", ["y"]), ("", ["a"]),
      ("zzzzzzzz", ["page_size"]),
    ] as [(String, [String])])
  func staysQuietWhenNothingIsClose(typed: String, candidates: [String]) {
    #expect(Suggestion.closest(to: typed, among: candidates) == nil)
  }

  @Test func distanceCountsSwapsAsOneEdit() {
    #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestion.distance(Array("rnu"), Array("run")) == 1)
    #expect(Suggestion.distance(Array(""), Array("abc")) == 3)
    #expect(Suggestion.distance(Array("same"), Array("same")) == 0)
  }
}
