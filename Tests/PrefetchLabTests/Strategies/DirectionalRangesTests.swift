import Testing

@testable import PrefetchLab

/// directional_ranges' decisions against a hand-set context: Texture's preload and display ranges
/// (Minimum mode until the first drag, Full mode after, the leading side following the scroll
/// direction) and its batch fetching.
@Suite struct DirectionalRangesTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> DirectionalRanges {
    DirectionalRanges(parameters: TestScenarios.configured("directional_ranges", values).parameters)
  }

  /// 100 rows of 100 pt (10 000 pt, more pages to come), a 400 pt viewport at 1000 pt: rows
  /// 10…13 visible. Every row carries media.
  static func context() -> StrategyContextDouble {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 1000, appliedPages: 10)
    context.giveEveryItemMedia()
    context.viewportOffsetPt = 1000
    return context
  }

  /// Minimum mode going down: preload 0.5 screen ahead and 0.25 behind, [900, 1600) pt, rows
  /// 9…15; display 0.25 both sides, [900, 1500) pt, rows 9…14. Visible rows first priority, the
  /// rest of the display range next, then preload.
  @Test func minimumModeBeforeTheFirstDrag() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.phase = .decelerating
    context.note(strategy.update(.frame, in: context))
    #expect(
      context.takeActions() == [
        .requestMedia(9, .display), .requestMedia(10, .visible), .requestMedia(11, .visible),
        .requestMedia(12, .visible), .requestMedia(13, .visible), .requestMedia(14, .display),
        .requestMedia(15, .preload),
      ])
  }

  /// The first update whose phase is dragging switches to Full mode for good: preload 2.5 screens
  /// ahead and 1.5 behind, [400, 2400) pt, rows 4…23; display 1.0 ahead and 0.5 behind,
  /// [800, 1800) pt, rows 8…17.
  @Test func fullModeAfterTheFirstDrag() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.phase = .dragging
    context.note(strategy.update(.frame, in: context))
    let expected: [StrategyContextDouble.Action] = (4..<24).map { item in
      .requestMedia(item, (10..<14).contains(item) ? .visible : (8..<18).contains(item) ? .display : .preload)
    }
    #expect(context.takeActions() == expected)
  }

  /// Turning up in Full mode puts the leading buffers above: preload [0, 2000) pt, rows 0…19;
  /// display [600, 1600) pt, rows 6…15. Rows 20…23 leave the preload range (their fetches are
  /// cancelled), rows 0…3 enter it, and rows still in flight only change priority. The mode stays
  /// Full after the finger lifts.
  @Test func theLeadingSideFollowsTheDirection() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.phase = .dragging
    context.note(strategy.update(.frame, in: context))
    _ = context.takeActions()
    context.phase = .idle
    context.scrollDirection = .up
    context.note(strategy.update(.dragEnded, in: context))
    func priority(_ item: Int) -> FetchPriority {
      (10..<14).contains(item) ? .visible : (6..<16).contains(item) ? .display : .preload
    }
    let expected: [StrategyContextDouble.Action] =
      (20..<24).map { .cancelMedia($0) } + (0..<4).map { .requestMedia($0, .preload) }
      + (4..<20).map { .setMediaPriority($0, priority($0)) }
    #expect(context.takeActions() == expected)
  }

  /// Minimum mode does not end with a fling alone (no finger on the screen).
  @Test func aFlingWithoutADragStaysInMinimumMode() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.phase = .decelerating
    context.note(strategy.update(.frame, in: context))
    _ = context.takeActions()
    context.viewportOffsetPt = 1100
    context.note(strategy.update(.frame, in: context))
    // Minimum preload at 1100: [1000, 1700), rows 10…16; row 9 leaves, row 16 enters.
    #expect(
      context.takeActions().filter { if case .setMediaPriority = $0 { false } else { true } } == [
        .cancelMedia(9), .requestMedia(16, .preload),
      ])
  }

  /// Batch fetching with 2000 pt loaded and a 400 pt viewport: remaining = 2000 − 400 − offset
  /// must be at most 2 screens (800 pt), i.e. offset ≥ 800.
  @Test func batchFetchWithinTwoLeadingScreens() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 1000, appliedPages: 2)
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 799).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 800) == [.requestPage(.down, guardInFlight: true)])
  }

  /// At the end of a drag the check uses the projected target (800 pt) instead of the viewport
  /// (0 pt); during the drag it does not check at all unless `check_during_drag`.
  @Test func batchFetchUsesTheTargetAtDragEndAndWaitsDuringDrags() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 1000, appliedPages: 2)
    var strategy = Self.strategy()
    context.phase = .dragging
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 900).isEmpty)
    var eager = Self.strategy(["check_during_drag": .bool(true)])
    context.note(eager.update(.frame, in: context))
    #expect(context.takeActions() == [.requestPage(.down, guardInFlight: true)])
    context.pagesInFlight.removeAll()
    context.phase = .decelerating
    context.viewportOffsetPt = 0
    context.projectedTargetPt = 800
    context.note(strategy.update(.dragEnded, in: context))
    #expect(context.pageRequests == [.requestPage(.down, guardInFlight: true)])
  }

  /// Never while scrolling towards the head with cursor pagination; always while the content is
  /// shorter than the viewport (3 rows, 300 pt), whatever the direction.
  @Test func batchFetchDirectionRules() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 1000, appliedPages: 2)
    var strategy = Self.strategy()
    context.scrollDirection = .up
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1600).isEmpty)
    let short = StrategyContextDouble(viewportHeightPt: 400, pageSize: 3, totalItems: 1000, appliedPages: 1)
    short.scrollDirection = .up
    short.note(strategy.update(.start, in: short))
    #expect(short.pageRequests == [.requestPage(.down, guardInFlight: true)])
  }

  /// An image evicted while its row is in the preload range is not fetched again while the row
  /// stays in the range off screen (Texture downloads on entering the preload state).
  @Test func evictedRowsInTheRangeWaitUntilTheyShow() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.phase = .decelerating
    context.note(strategy.update(.frame, in: context))
    _ = context.takeActions()
    // Row 15's image is dropped; the strategy reads it at its next consultation, which is the
    // frame that moves to 1010.
    context.evictedItems = [15]
    context.mediaInFlight.remove(15)
    // At 1010: preload [910, 1610) rows 9…16, display [910, 1510) rows 9…15, visible rows 10…14.
    context.viewportOffsetPt = 1010
    context.note(strategy.update(.frame, in: context))
    #expect(
      context.takeActions() == [
        .setMediaPriority(9, .display), .setMediaPriority(10, .visible), .setMediaPriority(11, .visible),
        .setMediaPriority(12, .visible), .setMediaPriority(13, .visible), .setMediaPriority(14, .visible),
        .requestMedia(16, .preload),
      ])
    context.evictedItems = []
    // Row 15 shows at 1200 (rows 12…15 visible): fetched again now.
    context.viewportOffsetPt = 1200
    context.note(strategy.update(.frame, in: context))
    #expect(context.actions.contains(.requestMedia(15, .visible)))
  }

  /// With a render stage the display range is rendered ahead: after a page is applied every row
  /// of the Minimum display range (9…14) is asked for; moving to 1200 pt (display [1100, 1700),
  /// rows 11…16) withdraws rows 9 and 10 and asks for 15 and 16.
  @Test func rendersTheDisplayRangeAhead() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 1000, appliedPages: 10)
    context.hasRenderStage = true
    context.viewportOffsetPt = 1000
    var strategy = Self.strategy()
    context.note(strategy.update(.pageApplied(page: 9), in: context))
    #expect(
      context.takeActions().filter { if case .requestPage = $0 { false } else { true } }
        == (9..<15).map {
          .requestRender($0)
        })
    context.viewportOffsetPt = 1200
    context.note(strategy.update(.frame, in: context))
    #expect(
      context.takeActions().filter { if case .requestPage = $0 { false } else { true } } == [
        .cancelRender(9), .cancelRender(10), .requestRender(15), .requestRender(16),
      ])
  }
}
