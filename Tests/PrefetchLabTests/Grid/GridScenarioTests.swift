import Testing

@testable import PrefetchLab

/// `feed.columns` in a scenario file: its range refused with file, JSON path and rule, a grid
/// written to the manifest, a list (the default) not.
@Suite struct GridScenarioTests {
  static let cases: [ScenarioRuleCase] = [
    ScenarioRuleCase("feed", #"{"columns": 0}"#, "feed.columns: must be in 1...1000, got 0"),
    ScenarioRuleCase("feed", #"{"columns": 1001}"#, "feed.columns: must be in 1...1000, got 1001"),
    ScenarioRuleCase("feed", #"{"columns": 2.5}"#, "feed.columns: must be an integer, got 2.5"),
    ScenarioRuleCase("feed", #"{"columns": "3"}"#, #"feed.columns: must be an integer, got string "3""#),
  ]

  @Test(arguments: cases) func refusedWithTheRule(_ rule: ScenarioRuleCase) {
    #expect(ScenarioFixture.error(ScenarioFixture.text([(rule.key, rule.json)])) == rule.error)
  }

  /// The resolved feed names its columns only when there is a grid, so manifests of lists are
  /// what they were before grids.
  @Test func theResolvedFeedWritesColumnsOnlyForAGrid() {
    var spec = FeedSpec()
    #expect(!spec.json.serialized().contains("columns"))
    spec.columns = 3
    #expect(spec.json.serialized().contains(#""columns":3"#))
  }
}
