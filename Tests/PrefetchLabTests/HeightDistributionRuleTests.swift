import Testing

@testable import PrefetchLab

@Suite struct HeightDistributionRuleTests {
  /// Every normal that the height rule accepts must give strictly positive draws even at the most
  /// extreme uniform the generator can produce.
  @Test(arguments: [(3.0, 1.0), (300, 100), (0.003, 0.001), (1e5, 3e4)])
  func acceptedNormalsNeverDrawZero(mean: Double, sd: Double) throws {
    let json = #"{"item_height_pt": {"normal": {"mean": \#(mean), "sd": \#(sd)}}}"#
    let scenario = try ScenarioFixture.load(ScenarioFixture.text([("feed", json)]))
    #expect(scenario.feed.itemHeightPt == .normal(mean: mean, sd: sd))
    #expect(scenario.feed.itemHeightPt.quantile(ScenarioLoader.smallestUniform) > 0)
    #expect(scenario.feed.itemHeightPt.quantile(ScenarioLoader.largestUniform).isFinite)
  }

  @Test func extremeUniformsAreTheGeneratorsBounds() {
    #expect(ScenarioLoader.smallestUniform == 0x1p-53)
    #expect(ScenarioLoader.largestUniform == 1 - 0x1p-53)
  }
}
