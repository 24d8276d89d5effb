import Testing

@testable import PrefetchLab

/// dynamic_threshold's decisions against a hand-set context: the next page once the viewport's
/// bottom passes `ratio` of the newest page's span.
@Suite struct DynamicThresholdTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> DynamicThreshold {
    DynamicThreshold(parameters: TestScenarios.configured("dynamic_threshold", values).parameters)
  }

  /// Pages of 10 rows: pages 0 and 1 of 100 pt rows (0…2000 pt), page 2 of 50 pt rows
  /// (2000…2500 pt). The newest page is page 2, so ratio 0.7 puts the trigger at 2000 + 0.7 × 500
  /// = 2350 pt for the bottom, offset 1950 with a 400 pt viewport. (A fixed threshold would sit
  /// at 0.7 × 2500 = 1750 pt.)
  static func context() -> StrategyContextDouble {
    StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 3) {
      $0 < 20 ? 100 : 50
    }
  }

  @Test func triggersAtRatioOfTheNewestPagesSpan() {
    let context = Self.context()
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1949).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 1950) == [.requestPage(.down, guardInFlight: true)])
  }

  /// A new page moves the trigger with it: page 3 of 200 pt rows spans 2500…4500 pt, so the
  /// bottom must reach 2500 + 0.7 × 2000 = 3900 pt (offset 3500); at 1950 nothing fires any more.
  @Test func theTriggerMovesWithEachPage() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.viewportOffsetPt = 1950
    context.note(strategy.update(.frame, in: context))
    context.applyNextPage { _ in 200 }
    _ = context.takeActions()
    context.note(strategy.update(.pageApplied(page: 3), in: context))
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 3499).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 3500) == [.requestPage(.down, guardInFlight: true)])
  }

  /// Ratio 0.2: 2000 + 0.2 × 500 = 2100 pt for the bottom, offset 1700.
  @Test func ratioComesFromTheParameters() {
    let context = Self.context()
    var strategy = Self.strategy(["ratio": .number(0.2)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1699).isEmpty)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1700).count == 1)
  }

  /// Offset pagination, no applied page between the viewport's run edge and the unloaded page
  /// (no adjacent page): the span is empty at the edge (3000 pt), so the bottom must reach it.
  @Test func withoutAnAdjacentPageTheEdgeItselfTriggers() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 100, pagination: .offset, appliedPages: 3)
    context.frontierOverride[.down] = LoadFrontier(
      page: 3, direction: .down, edgePt: 3000, runStartPt: 0, adjacentPage: nil)
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 2599).isEmpty)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 2600).count == 1)
  }

  /// Going up with offset pagination the newest page is below the edge: the frontier's adjacent
  /// page 4 spans 2000…3000 pt (its top is the edge), so the top must come up to
  /// 3000 − 0.7 × 1000 = 2300 pt.
  @Test func goingUpMeasuresTheAdjacentPageBelowTheEdge() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 5, totalItems: 100, pagination: .offset, appliedPages: 8
    ) {
      $0 < 20 ? 100 : 200
    }
    // Pages 0…3 are 500 pt each (0…2000), pages 4…7 1000 pt each: page 4 spans 2000…3000.
    context.scrollDirection = .up
    context.frontierOverride[.up] = LoadFrontier(
      page: 3, direction: .up, edgePt: 2000, runStartPt: 6000, adjacentPage: 4)
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 2301).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 2300) == [.requestPage(.up, guardInFlight: true)])
  }
}
