import Testing

@testable import PrefetchLab

/// recyclerview's decisions against a hand-set context: 100 pt rows, a 400 pt viewport.
@Suite struct RecyclerViewTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> RecyclerView {
    RecyclerView(parameters: TestScenarios.configured("recyclerview", values).parameters)
  }

  /// At start rows 0…3 are bound (visible) and initial_prefetch_item_count 2 more, rows 4 and 5.
  @Test func bindsInitialPrefetchItemsAtStart() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 3)
    context.giveEveryItemMedia()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.actions.contains(.requestMedia(4, .preload)))
    #expect(context.actions.contains(.requestMedia(5, .preload)))
    #expect(!context.actions.contains(.requestMedia(6, .preload)))
  }

  /// GapWorker: a frame that moved down binds exactly the next row past the bottom edge (offset
  /// 250: rows 2…6 show, row 7 is bound); a frame that moved up binds the row above the top.
  @Test func bindsOneRowAheadAlongTheFramesDelta() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 3)
    context.giveEveryItemMedia()
    var strategy = Self.strategy(["initial_prefetch_item_count": .number(0)])
    context.note(strategy.update(.start, in: context))
    _ = context.takeActions()
    context.viewportOffsetPt = 250
    context.note(strategy.update(.frame, in: context))
    #expect(
      context.actions.filter { if case .requestMedia(_, .preload) = $0 { return true } else { return false } }
        == [
          .requestMedia(7, .preload)
        ])
    // Up from 1010 (rows 10…14) to 1005: row 9, above, is bound.
    context.viewportOffsetPt = 1010
    context.note(strategy.update(.frame, in: context))
    _ = context.takeActions()
    context.viewportOffsetPt = 1005
    context.note(strategy.update(.frame, in: context))
    #expect(context.actions.contains(.requestMedia(9, .preload)))
  }
}
