import Testing

@testable import PrefetchLab

/// flashlist against a hand-set context: 50 pt rows, a 500 pt viewport. Every item carries an
/// image and none is loaded, so the rows mounted are exactly those whose image is in flight.
/// FlashList v2 has no test of its own asserting engaged indices or `onEndReached` counts
/// (PLATFORMS-2 §3.5); these cases are worked out from its sources.
@Suite struct FlashListTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> FlashList {
    FlashList(parameters: TestScenarios.configured("flashlist", values).parameters)
  }

  static func context(loadedPages: Int = 10, pageSize: Int = 10) -> StrategyContextDouble {
    let context = StrategyContextDouble(
      viewportHeightPt: 500, pageSize: pageSize, totalItems: 1000, appliedPages: loadedPages,
      rowHeightPt: { _ in 50 })
    context.giveEveryItemMedia()
    return context
  }

  /// Scrolls frame by frame (16 ms apart) to `topPt` in steps of `stepPt`.
  static func scroll(
    _ strategy: inout FlashList, _ context: StrategyContextDouble, to topPt: Double, stepPt: Double
  ) {
    let down = topPt >= context.viewportOffsetPt
    context.scrollDirection = down ? .down : .up
    while context.viewportOffsetPt != topPt {
      context.viewportOffsetPt =
        down ? min(topPt, context.viewportOffsetPt + stepPt) : max(topPt, context.viewportOffsetPt - stepPt)
      context.nowUs += 16_000
      context.note(strategy.update(.frame, in: context))
    }
  }

  /// At the top the seeded vote says backward: the 350 pt ahead share, unusable above row 0,
  /// moves below with the 150 pt behind share: [0, 1000) mounts rows 0…19.
  @Test func atTheTopTheWholeBufferGoesBelow() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.mediaInFlight == Set(0..<20))
  }

  /// Scrolling down (three forward samples outvote the two seeded backward ones) without
  /// projection: 150 pt behind, 350 ahead. At top 1000: [850, 1850), rows 17…36.
  @Test func theBufferSplits70_30TowardTheScroll() {
    let context = Self.context()
    var strategy = Self.strategy(["projection": .bool(false)])
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 1000, stepPt: 16)
    #expect(context.mediaInFlight == Set(17..<37))
  }

  /// Turning round: after three backward samples the split flips: at top 900 going up, [550,
  /// 1550), rows 11…30 (with projection off).
  @Test func theSplitFollowsTheVote() {
    let context = Self.context()
    var strategy = Self.strategy(["projection": .bool(false)])
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 1000, stepPt: 20)
    Self.scroll(&strategy, context, to: 900, stepPt: 20)
    #expect(context.mediaInFlight == Set(11..<31))
  }

  /// Projection: 16 pt per 16 ms frame is 1 pt/ms; × 16 ms average render time shifts the window
  /// 16 pt down.
  @Test func projectionShiftsTheWindowByVelocityTimesRenderTime() {
    let projected = Self.context()
    var strategy = Self.strategy()
    projected.note(strategy.update(.start, in: projected))
    Self.scroll(&strategy, projected, to: 1040, stepPt: 16)
    // 1040 + 16 = 1056: [906, 1906), rows 18…38.
    #expect(projected.mediaInFlight == Set(18..<39))
    let plain = Self.context()
    var unprojected = Self.strategy(["projection": .bool(false)])
    plain.note(unprojected.update(.start, in: plain))
    Self.scroll(&unprojected, plain, to: 1040, stepPt: 16)
    // [890, 1890): rows 17…37.
    #expect(plain.mediaInFlight == Set(17..<38))
  }

  /// `onEndReached` fires when `ceil(top + 500) >= content − 0.5 × 500`, once while the list
  /// stays near the end with the same data.
  @Test func onEndReachedIsEdgeTriggered() {
    let context = Self.context(loadedPages: 3)  // 30 rows, 1500 pt
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 740, stepPt: 20)
    #expect(context.pageRequests.isEmpty)
    // 750 + 500 = 1250 = 1500 − 250: near.
    Self.scroll(&strategy, context, to: 800, stepPt: 10)
    #expect(context.pageRequests.count == 1)
  }

  /// Every data change re-arms it: a page that leaves the list still near the end fires again at
  /// once (short pages chain), and at the end of the feed it fires with nothing left to load.
  @Test func everyDataChangeReArmsIt() {
    let context = Self.context(loadedPages: 3, pageSize: 2)  // 6 rows, 300 pt: near at once
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.pageRequests.count == 1)
    context.applyNextPage(rowHeightPt: { _ in 50 })
    context.note(strategy.update(.pageApplied(page: 3), in: context))
    #expect(context.pageRequests.count == 2)
    context.applyNextPage(rowHeightPt: { _ in 50 })
    context.endOfFeedKnown = true
    context.note(strategy.update(.pageApplied(page: 4), in: context))
    // Called again, though nothing is left: the request is refused.
    #expect(context.pageRequests.count == 3)
    #expect(!context.pagesInFlight.contains(.down))
  }
}
