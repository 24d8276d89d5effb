import Testing

@testable import PrefetchLab

/// compose_paging in a grid (`feed.columns` 2, a `LazyVerticalGrid`): the default strategy
/// prefetches the whole line (grid row) ahead, not one item. The geometry and the cases are
/// Compose's own grid prefetch tests (androidx `compose/foundation/foundation`, lazy grid tests,
/// `LazyGridPrefetcherTest.kt`): 2 columns of 30 pt items, a 45 pt viewport (1.5 lines), 100
/// items. Every item carries an image and none is loaded, so the items composed are exactly those
/// whose image is in flight.
@Suite struct ComposePagingGridTests {
  /// A cursor feed of `items` in 2 columns, pages of `pageSize`, one applied; the viewport at
  /// `topPt` (line L's top is 30 × L).
  static func context(items: Int = 100, pageSize: Int = 100, topPt: Double = 0) -> StrategyContextDouble {
    let context = StrategyContextDouble(
      viewportHeightPt: 45, pageSize: pageSize, totalItems: items, appliedPages: 1, columns: 2,
      rowHeightPt: { _ in 30 })
    context.giveEveryItemMedia()
    context.viewportOffsetPt = topPt
    return context
  }

  static func started(_ context: StrategyContextDouble) -> ComposePaging {
    var strategy = ComposePagingTests.strategy()
    context.note(strategy.update(.start, in: context))
    return strategy
  }

  /// `notPrefetchingForwardInitially`: lines 0 and 1 (items 0…3) show; with no scroll item 4 is
  /// not composed.
  @Test func notPrefetchingForwardInitially() {
    let context = Self.context()
    _ = Self.started(context)
    #expect(context.mediaInFlight == [0, 1, 2, 3])
  }

  /// `notPrefetchingBackwardInitially`: started at item 4 (line 2, top 60): item 0 is not composed.
  @Test func notPrefetchingBackwardInitially() {
    let context = Self.context(topPt: 60)
    _ = Self.started(context)
    #expect(context.mediaInFlight == [4, 5, 6, 7])
  }

  /// `prefetchingForwardAfterSmallScroll`: `scrollBy(5)` (5…50 pt: lines 0 and 1 still) composes
  /// line 2, both its items 4 and 5, and not item 6.
  @Test func prefetchingForwardAfterSmallScroll() {
    let context = Self.context()
    var strategy = Self.started(context)
    ComposePagingTests.scroll(&strategy, context, to: 5)
    #expect(context.mediaInFlight == [0, 1, 2, 3, 4, 5])
  }

  /// `prefetchingBackwardAfterSmallScroll`: from item 4 offset 10 (top 70), `scrollBy(-5)`
  /// (65…110: lines 2 and 3) composes line 1, items 2 and 3, and not item 0.
  @Test func prefetchingBackwardAfterSmallScroll() {
    let context = Self.context(topPt: 70)
    var strategy = Self.started(context)
    ComposePagingTests.scroll(&strategy, context, to: 65)
    #expect(context.mediaInFlight == [2, 3, 4, 5, 6, 7])
  }

  /// `prefetchingForwardAndBackward`: from item 2 (top 30), `scrollBy(5)` (35…80: lines 1 and 2)
  /// composes line 3 (items 6, 7); turning (`-2`, then `-1`) composes line 0 (items 0, 1) and
  /// disposes line 3, both of its items.
  @Test func prefetchingForwardAndBackward() {
    let context = Self.context(topPt: 30)
    var strategy = Self.started(context)
    ComposePagingTests.scroll(&strategy, context, to: 35)
    #expect(context.mediaInFlight == [2, 3, 4, 5, 6, 7])
    ComposePagingTests.scroll(&strategy, context, to: 33)
    ComposePagingTests.scroll(&strategy, context, to: 32)
    #expect(context.mediaInFlight == [0, 1, 2, 3, 4, 5])
    #expect(context.actions.contains(.cancelMedia(6)))
    #expect(context.actions.contains(.cancelMedia(7)))
  }

  /// `prefetchingForwardTwice`: `scrollBy(5)` composes line 2; two half-line scrolls (to 35:
  /// lines 1 and 2 show, item 4 among them) compose line 3 (items 6, 7), and not item 8.
  @Test func prefetchingForwardTwice() {
    let context = Self.context()
    var strategy = Self.started(context)
    ComposePagingTests.scroll(&strategy, context, to: 5)
    ComposePagingTests.scroll(&strategy, context, to: 20)
    ComposePagingTests.scroll(&strategy, context, to: 35)
    #expect(context.visibleItems == 2..<6)
    #expect(context.mediaInFlight == [2, 3, 4, 5, 6, 7])
  }

  /// `prefetchingBackwardTwice`: from item 8 (top 120), `scrollBy(-5)` (115…160: lines 3, 4 and
  /// 5) composes line 2; two half-line scrolls back (to 85: lines 2, 3 and 4, items 4…9 shown)
  /// compose line 1 (items 2, 3), not item 0; line 5 left the viewport and is disposed.
  @Test func prefetchingBackwardTwice() {
    let context = Self.context(topPt: 120)
    var strategy = Self.started(context)
    ComposePagingTests.scroll(&strategy, context, to: 115)
    #expect(context.mediaInFlight == [4, 5, 6, 7, 8, 9, 10, 11])
    ComposePagingTests.scroll(&strategy, context, to: 100)
    ComposePagingTests.scroll(&strategy, context, to: 85)
    #expect(context.visibleItems == 4..<10)
    #expect(context.mediaInFlight == [2, 3, 4, 5, 6, 7, 8, 9])
  }

  /// Re-trigger on data growth (`onVisibleItemsUpdated` after the item count changed): at the end
  /// of the 10 loaded items (5 lines, 150 pt) going down no line lies ahead; once the next page
  /// adds items 10…19, line 5 (items 10, 11) is composed together.
  @Test func itemCountGrowthPrefetchesTheNextLine() {
    let context = Self.context(items: 20, pageSize: 10)
    var strategy = Self.started(context)
    ComposePagingTests.scroll(&strategy, context, to: 105)
    #expect(context.mediaInFlight == [6, 7, 8, 9])
    context.applyNextPage(rowHeightPt: { _ in 30 })
    context.note(strategy.update(.pageApplied(page: 1), in: context))
    #expect(context.mediaInFlight == [6, 7, 8, 9, 10, 11])
  }
}
