import Testing

@testable import PrefetchLab

/// infinite_scroll's decisions against a hand-set context: the next page when the loading footer
/// shows, i.e. when the viewport's bottom reaches the end of content.
@Suite struct InfiniteScrollTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> InfiniteScroll {
    InfiniteScroll(parameters: TestScenarios.configured("infinite_scroll", values).parameters)
  }

  /// 1000 pt of content under a 400 pt viewport with a 44 pt footer: the footer's top is at
  /// 1000 pt, reached by the bottom at offset 600 pt, not at 599.5.
  @Test func requestsWhenTheFooterComesIntoView() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 1)
    context.footerHeightPt = 44
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 599.5).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 600) == [.requestPage(.down, guardInFlight: true)])
  }

  /// Content shorter than the viewport (3 rows, 300 pt, in 400 pt) shows the footer at once: the
  /// first update after first content asks for page 1.
  @Test func shortContentRequestsAtStart() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 3, totalItems: 100, appliedPages: 1)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.pageRequests == [.requestPage(.down, guardInFlight: true)])
  }

  /// Once the end of the feed is known there is no frontier and nothing to ask for, however far
  /// down the viewport is.
  @Test func nothingOnceTheEndIsKnown() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 10, appliedPages: 1)
    context.endOfFeedKnown = true
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 600).isEmpty)
  }

  /// Offset pagination scrolling up: the placeholder run above ends at 2000 pt; the viewport's top
  /// must reach it (offset ≤ 2000 pt).
  @Test func offsetPaginationUpTriggersAtTheRunsTop() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 100, pagination: .offset, appliedPages: 3)
    context.scrollDirection = .up
    context.frontierOverride[.up] = LoadFrontier(
      page: 1, direction: .up, edgePt: 2000, runStartPt: 3000, adjacentPage: 2)
    var strategy = Self.strategy(["guard_in_flight": .bool(false)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 2000.5).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 2000) == [.requestPage(.up, guardInFlight: false)])
  }
}
