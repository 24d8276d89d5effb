import Testing

@testable import PrefetchLab

/// intersection_observer's decisions against a hand-set context: one page of ten 100 pt rows
/// (1000 pt), a 44 pt loading footer as the sentinel at 1000…1044 pt, a 400 pt viewport.
@Suite struct IntersectionObserverLoaderTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> IntersectionObserverLoader {
    IntersectionObserverLoader(
      parameters: TestScenarios.configured("intersection_observer", values).parameters)
  }

  static func context() -> StrategyContextDouble {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 1)
    context.footerHeightPt = 44
    return context
  }

  /// The sentinel's top (1000 pt) meets the viewport's bottom at offset 600, not at 599; it is an
  /// entry once: the next frame, still intersecting, asks for nothing.
  @Test func loadsWhenTheSentinelEnters() {
    let context = Self.context()
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 599).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 600) == [.requestPage(.down, guardInFlight: true)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 610).isEmpty)
  }

  /// A 250 px root margin moves the entry 250 pt earlier: offset 350.
  @Test func rootMarginGrowsTheViewport() {
    let context = Self.context()
    var strategy = Self.strategy(["root_margin_px": .number(250)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 349).isEmpty)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 350).count == 1)
  }

  /// A short page (rows 10…12, 300 pt) leaves the sentinel (now at 1300 pt) in the grown viewport
  /// (bottom 1000 + 400 margin): no new entry. The observer alone stays stuck; recheck_after_load
  /// asks again.
  @Test func aSentinelThatStaysVisibleNeedsTheRecheck() {
    for recheck in [false, true] {
      let context = Self.context()
      var strategy = Self.strategy(["root_margin_px": .number(400), "recheck_after_load": .bool(recheck)])
      #expect(context.pageRequests(after: &strategy, atOffsetPt: 600).count == 1)
      context.applyNextPage { $0 < 13 ? 100 : 0 }
      let after = context.pageRequests(after: &strategy, atOffsetPt: 600, event: .pageApplied(page: 1))
      #expect(after.count == (recheck ? 1 : 0))
    }
  }
}
