import Testing

@testable import PrefetchLab

/// fixed_threshold's decisions against a hand-set context: the next page once
/// (offset + viewport) / content ≥ ratio, media on visibility.
@Suite struct FixedThresholdTests {
  /// 1000 pt of content (one page of ten 100 pt rows), a 400 pt viewport.
  static func context() -> StrategyContextDouble {
    StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 1)
  }

  static func strategy(_ values: [String: ParameterValue] = [:]) -> FixedThreshold {
    FixedThreshold(parameters: TestScenarios.configured("fixed_threshold", values).parameters)
  }

  /// Ratio 0.7 of 1000 pt: the bottom must reach 700 pt, i.e. the offset 300 pt.
  @Test func requestsOnceTheBottomPassesSeventyPercent() {
    let context = Self.context()
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 299).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 300) == [.requestPage(.down, guardInFlight: true)])
  }

  /// Ratio 0.5 and no in-flight guard: the offset 100 pt, and the request goes out unguarded.
  @Test func ratioAndGuardComeFromTheParameters() {
    let context = Self.context()
    var strategy = Self.strategy(["ratio": .number(0.5), "guard_in_flight": .bool(false)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 99).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 100) == [.requestPage(.down, guardInFlight: false)])
  }

  /// The threshold is of the whole content: with a second page (2000 pt) it moves to 1400 − 400
  /// = 1000 pt, a full page later than the first trigger's 300 pt.
  @Test func theThresholdGrowsWithTheContent() {
    let context = Self.context()
    context.applyNextPage()
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 999, event: .pageApplied(page: 1)).isEmpty)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1000).count == 1)
  }

  /// A delivered image changes nothing the trigger reads: the event is ignored outright, even past
  /// the threshold.
  @Test func ignoresDeliveredMedia() {
    let context = Self.context()
    context.giveEveryItemMedia()
    var strategy = Self.strategy()
    context.viewportOffsetPt = 600
    context.note(strategy.update(.fetchCompleted(.media(item: 3)), in: context))
    #expect(context.actions.isEmpty)
  }

  /// Offset pagination going up: the run of applied pages spans 2000…3000 pt, so the trigger asks
  /// for the page above once 3000 − offset ≥ 0.7 × 1000, i.e. at offsets ≤ 2300 pt.
  @Test func offsetPaginationMeasuresFromTheRunsFarEdge() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 100, pagination: .offset, appliedPages: 3)
    context.scrollDirection = .up
    context.frontierOverride[.up] = LoadFrontier(
      page: 1, direction: .up, edgePt: 2000, runStartPt: 3000, adjacentPage: 2)
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 2301).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 2300) == [.requestPage(.up, guardInFlight: true)])
  }

  /// Media on visibility: rows 3…6 show at offset 300 (a 400 pt viewport over 100 pt rows);
  /// moving to 450 shows rows 4…8, so row 3's fetch is cancelled and rows 7 and 8 are asked for.
  @Test func fetchesMediaOfVisibleRowsAndCancelsThoseThatLeave() {
    let context = Self.context()
    context.giveEveryItemMedia()
    var strategy = Self.strategy(["ratio": .number(1)])
    context.viewportOffsetPt = 300
    context.note(strategy.update(.frame, in: context))
    #expect(context.takeActions() == (3...6).map { .requestMedia($0, .visible) })
    context.viewportOffsetPt = 450
    context.note(strategy.update(.frame, in: context))
    #expect(
      context.takeActions() == [.cancelMedia(3), .requestMedia(7, .visible), .requestMedia(8, .visible)])
  }
}
