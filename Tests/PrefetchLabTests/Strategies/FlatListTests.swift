import Testing

@testable import PrefetchLab

/// flatlist's decisions against a hand-set context: 100 pt rows, pages of 10, a 400 pt viewport.
@Suite struct FlatListTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> FlatList {
    FlatList(parameters: TestScenarios.configured("flatlist", values).parameters)
  }

  /// 2 pages (2000 pt): threshold 2 × 400 = 800 pt from the end, reached at offset 800 (distance
  /// 2000 − 400 − 800 = 800), not at 799. It fires once for that content length.
  @Test func firesOncePerContentLengthWithinTheThreshold() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 2)
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 799).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 800) == [.requestPage(.down, guardInFlight: true)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 900).isEmpty)
  }

  /// Leaving the zone re-arms it for the same content length.
  @Test func reArmsWhenTheViewportLeavesTheZone() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 2)
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 800).count == 1)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 700).isEmpty)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 800).count == 1)
  }

  /// The prop left unset: 2 px from the end, offset 1598 of a 2000 pt list, not 1597.
  @Test func unsetThresholdIsTwoPixels() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 2)
    var strategy = Self.strategy(["on_end_reached_threshold": .string("unset")])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1597).isEmpty)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1598).count == 1)
  }

  /// cancel_and_restart: a second firing (after leaving and re-entering the zone) while the page
  /// is out cancels it and asks again.
  @Test func onRepeatCancelsAndRestarts() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 2)
    var strategy = Self.strategy(["on_repeat": .string("cancel_and_restart")])
    context.viewportOffsetPt = 800
    context.note(strategy.update(.frame, in: context))
    context.viewportOffsetPt = 700
    context.note(strategy.update(.frame, in: context))
    _ = context.takeActions()
    context.viewportOffsetPt = 800
    context.note(strategy.update(.frame, in: context))
    #expect(context.actions == [.cancelPage(.down), .requestPage(.down, guardInFlight: true)])
  }

  /// At start the first initial_num_to_render (3 here) rows mount and fetch their images: rows 0…2
  /// at visible priority (rows 0…3 show); the next update (batch due) mounts the window up to
  /// max_to_render_per_batch more (rows 3…4 of the 5-row feed), row 4 below the viewport at
  /// display priority.
  @Test func rowsFetchTheirImagesWhenTheyMount() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 5, totalItems: 5, appliedPages: 1)
    context.giveEveryItemMedia()
    context.endOfFeedKnown = true
    var strategy = Self.strategy([
      "initial_num_to_render": .number(3), "max_to_render_per_batch": .number(10),
    ])
    context.note(strategy.update(.start, in: context))
    let media = context.actions.filter { if case .requestMedia = $0 { return true } else { return false } }
    #expect(
      media == [
        .requestMedia(0, .visible), .requestMedia(1, .visible), .requestMedia(2, .visible),
        .requestMedia(3, .visible), .requestMedia(4, .display),
      ])
  }
}
