import Testing

@testable import PrefetchLab

/// paging3's decisions against a hand-set context: 100 pt rows, pages of 10, a 400 pt viewport.
@Suite struct Paging3Tests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> Paging3 {
    Paging3(parameters: TestScenarios.configured("paging3", values).parameters)
  }

  /// 3 pages (30 rows, 3000 pt) loaded; the default distance is the page size, 10. At offset 1600
  /// rows 16…19 show: 30 − 20 = 10 rows beyond, not fewer than 10; at 1700 rows 17…20: 9 → APPEND.
  @Test func appendsWhenFewerThanPageSizeItemsLieBeyondTheLastBoundRow() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 3)
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1600).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 1700) == [.requestPage(.down, guardInFlight: true)])
  }

  /// prefetch_distance 25: at offset 0 (rows 0…3) 26 rows lie beyond; at 100 (rows 1…4) 25; at
  /// 200 (rows 2…5) 24 < 25.
  @Test func distanceComesFromTheParameter() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 3)
    var strategy = Self.strategy(["prefetch_distance": .number(25)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 100).isEmpty)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 200).count == 1)
  }

  /// Distance 0 without placeholders never loads (0 rows beyond is not fewer than 0): the
  /// combination Paging refuses.
  @Test func distanceZeroNeverLoads() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 1)
    var strategy = Self.strategy(["prefetch_distance": .number(0)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 600).isEmpty)
  }

  /// The first request asks for 3 × page size by default, or `initial_load_size`.
  @Test func initialLoadIsThreePages() {
    #expect(Self.strategy().initialLoadSize(pageSize: 20) == 60)
    #expect(Self.strategy(["initial_load_size": .number(35)]).initialLoadSize(pageSize: 20) == 35)
  }

  /// Offset pagination: PREPEND runs on its own. Pages 0…2 dropped, the run spans rows 30…59
  /// (pages 3…5); at offset 3500 rows 35…38 are bound: 5 rows before (35 − 30) < 10 → PREPEND of
  /// page 2; 59 − 38 = 21 after → no APPEND.
  @Test func prependsIndependentlyOfTheScrollDirection() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 100, pagination: .offset, appliedPages: 6)
    context.scrollDirection = .down
    context.viewportOffsetPt = 3500
    for page in 0...2 { context.dropPage(page) }
    _ = context.takeActions()
    var strategy = Self.strategy()
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 3500, event: .start) == [.requestPageIndex(2, .page)]
    )
  }

  /// `jump_threshold` refreshes at a placeholder, which only an offset feed has: on a cursor feed
  /// it is refused (a bad input), not ignored; off, or on an offset feed, it is accepted.
  /// `recyclerview` declares no `jump_threshold` and no such rule.
  @Test func jumpThresholdIsRefusedOnACursorFeed() {
    let cursor = FeedFacts(pageSizeItems: 10, pagination: .cursor)
    let offset = FeedFacts(pageSizeItems: 10, pagination: .offset)
    let jumping = TestScenarios.configured("paging3", ["jump_threshold": .number(50)])
    #expect(
      jumping.feedRuleViolations(cursor) == [
        FeedRuleViolation(
          parameter: "jump_threshold", rule: "applies to offset pagination only (feed.pagination is cursor)",
          basis: .pagination)
      ])
    #expect(jumping.feedRuleViolations(offset).isEmpty)
    #expect(TestScenarios.configured("paging3").feedRuleViolations(cursor).isEmpty)
    #expect(TestScenarios.configured("recyclerview").feedRuleViolations(cursor).isEmpty)
    // Both of paging3's feed rules report, in the definition's order.
    let both = TestScenarios.configured("paging3", ["jump_threshold": .number(50), "max_size": .number(29)])
    #expect(both.feedRuleViolations(cursor).map(\.parameter) == ["max_size", "jump_threshold"])
  }
}
