import Testing

@testable import PrefetchLab

/// target_range's decisions against a hand-set context: on a fling that skips more than
/// `skip_rows` rows, media for the projected target rows plus `extra_rows` on the side the
/// content arrives from; the visible rows otherwise; the next page once the projected target
/// reaches the end of content.
@Suite struct TargetRangeTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> TargetRange {
    TargetRange(parameters: TestScenarios.configured("target_range", values).parameters)
  }

  /// 200 rows of 100 pt (20 pages of 10 applied, 20 000 pt), a 400 pt viewport, media on every row.
  static func context() -> StrategyContextDouble {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 1000, appliedPages: 20)
    context.giveEveryItemMedia()
    return context
  }

  /// The finger lifts into a fling at `velocityPtS` projected to rest at `targetPt`: the actions
  /// `strategy` takes at `.dragEnded`.
  static func release(
    _ strategy: inout TargetRange, _ context: StrategyContextDouble, velocityPtS: Double, targetPt: Double
  ) -> [StrategyContextDouble.Action] {
    _ = context.takeActions()
    context.phase = .decelerating
    context.velocityPtS = velocityPtS
    context.projectedTargetPt = targetPt
    context.note(strategy.update(.dragEnded, in: context))
    return context.takeActions()
  }

  /// Released at the top (rows 0…3 visible) towards 3000 pt: the target rect holds rows 30…33,
  /// 30 rows from the first visible, more than 8; the content arrives from above, so rows 27…29
  /// come with it. Nothing for rows 4…26, flown past.
  @Test func aLongFlingDownLoadsTheTargetAndThreeRowsAbove() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.takeActions() == (0...3).map { .requestMedia($0, .visible) })
    // Rows 0…3 stay visible: not cancelled.
    #expect(
      Self.release(&strategy, context, velocityPtS: 2000, targetPt: 3000)
        == (27...33).map { .requestMedia($0, .visible) })
  }

  /// When the fling stops (idle at 3000 pt, rows 30…33 visible), the wanted rows become the
  /// visible ones: the three extra rows above are dropped (cancelled), and so are rows 0…3 of
  /// the first screen, which were never dropped from `wanted` while visible.
  @Test func whenScrollingStopsOnlyVisibleRowsAreWanted() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    _ = Self.release(&strategy, context, velocityPtS: 2000, targetPt: 3000)
    context.phase = .idle
    context.velocityPtS = 0
    context.projectedTargetPt = nil
    context.viewportOffsetPt = 3000
    context.note(strategy.update(.frame, in: context))
    #expect(context.takeActions() == [.cancelMedia(27), .cancelMedia(28), .cancelMedia(29)])
  }

  /// A fling that moves the first visible row by exactly 8 rows (target 800 pt: rows 8…11) is not
  /// a skip: only the visible rows are loaded, as before.
  @Test func eightRowsIsNotASkip() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(Self.release(&strategy, context, velocityPtS: 1000, targetPt: 800).isEmpty)
    // skip_rows 7 makes the same fling a skip: rows 8…11 and 5…7 above.
    var lenient = Self.strategy(["skip_rows": .number(7)])
    let other = Self.context()
    other.note(lenient.update(.start, in: other))
    #expect(
      Self.release(&lenient, other, velocityPtS: 1000, targetPt: 800)
        == (5...11).map { .requestMedia($0, .visible) })
  }

  /// Flinging up from 5000 pt (rows 50…53) towards 1000 pt (rows 10…13): the content arrives from
  /// below, so the 5 extra rows (`extra_rows` = 5) are 14…18.
  @Test func aFlingUpTakesExtraRowsBelow() {
    let context = Self.context()
    var strategy = Self.strategy(["extra_rows": .number(5)])
    context.viewportOffsetPt = 5000
    context.note(strategy.update(.frame, in: context))
    #expect(
      Self.release(&strategy, context, velocityPtS: -3000, targetPt: 1000)
        == (10...18).map { .requestMedia($0, .visible) })
  }

  /// Pages: 2000 pt loaded; a fling projected to rest at 1600 pt puts the target's bottom at
  /// 2000 pt, the end of content: ask for the next page. At 1599.5 the bottom falls short.
  @Test func asksForThePageWhenTheProjectedTargetReachesTheEnd() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 1000, appliedPages: 2)
    var strategy = Self.strategy()
    context.phase = .decelerating
    context.projectedTargetPt = 1599.5
    context.note(strategy.update(.dragEnded, in: context))
    #expect(context.pageRequests.isEmpty)
    context.projectedTargetPt = 1600
    context.note(strategy.update(.frame, in: context))
    #expect(context.pageRequests == [.requestPage(.down, guardInFlight: true)])
  }

  /// Offset pagination: the pages under the projected target are asked for directly (target
  /// 4550 pt with a 400 pt viewport covers rows 45…49, pages 4…4 of 10 rows; 4650 covers rows
  /// 46…50, pages 4 and 5).
  @Test func offsetPaginationRequestsThePagesUnderTheTarget() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 100, pagination: .offset, appliedPages: 10)
    var strategy = Self.strategy()
    context.phase = .decelerating
    context.projectedTargetPt = 4550
    context.note(strategy.update(.dragEnded, in: context))
    #expect(context.pageRequests == [.requestPageIndex(4, .page)])
    _ = context.takeActions()
    context.projectedTargetPt = 4650
    context.note(strategy.update(.frame, in: context))
    #expect(context.pageRequests == [.requestPageIndex(4, .page), .requestPageIndex(5, .page)])
  }
}
