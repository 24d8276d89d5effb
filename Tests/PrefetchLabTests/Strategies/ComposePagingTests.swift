import Testing

@testable import PrefetchLab

/// compose_paging against a hand-set context, in the geometry of Compose's own prefetch tests
/// (androidx `compose/foundation/foundation/src/androidDeviceTest/.../lazy/list/LazyListPrefetcherTest.kt`
/// and `LazyListCacheWindowTest.kt`, as PLATFORMS-2 §1.5 lists them): 30 pt items, a 45 pt
/// viewport (1.5 items), items 0 and 1 visible at the top. Every item carries an image and none
/// is loaded, so the items composed are exactly those whose image is in flight.
@Suite struct ComposePagingTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> ComposePaging {
    ComposePaging(parameters: TestScenarios.configured("compose_paging", values).parameters)
  }

  /// A 300-item cursor feed, all of it laid out, 30 pt rows, the viewport at `topPt`.
  static func context(items: Int = 300, pageSize: Int = 300, topPt: Double = 0) -> StrategyContextDouble {
    let context = StrategyContextDouble(
      viewportHeightPt: 45, pageSize: pageSize, totalItems: items, appliedPages: 1, rowHeightPt: { _ in 30 })
    context.giveEveryItemMedia()
    context.viewportOffsetPt = topPt
    return context
  }

  /// Moves the viewport to `topPt` in one frame, in the direction of the move.
  static func scroll(
    _ strategy: inout ComposePaging, _ context: StrategyContextDouble, to topPt: Double
  ) {
    context.scrollDirection = topPt >= context.viewportOffsetPt ? .down : .up
    context.viewportOffsetPt = topPt
    context.note(strategy.update(.frame, in: context))
  }

  static let window: [String: ParameterValue] = [
    "cache_window_ahead_pt": .number(45), "cache_window_behind_pt": .number(45),
  ]

  // MARK: LazyListPrefetcherTest (the default strategy)

  /// `notPrefetchingForwardInitially`: with no scroll, item 2 is not composed.
  @Test func notPrefetchingForwardInitially() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.mediaInFlight == [0, 1])
  }

  /// `notPrefetchingBackwardInitially`: started at item 2 with offset 10 (top 70), no scroll:
  /// item 1 is not composed.
  @Test func notPrefetchingBackwardInitially() {
    let context = Self.context(topPt: 70)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.mediaInFlight == [2, 3])
  }

  /// `prefetchingForwardAfterSmallScroll`: `scrollBy(5)` composes item 2, not item 3.
  @Test func prefetchingForwardAfterSmallScroll() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 5)
    #expect(context.mediaInFlight == [0, 1, 2])
  }

  /// `prefetchingBackwardAfterSmallScroll`: from item 2 offset 10 (top 70), `scrollBy(-5)`
  /// composes item 1, not item 0.
  @Test func prefetchingBackwardAfterSmallScroll() {
    let context = Self.context(topPt: 70)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 65)
    #expect(context.mediaInFlight == [1, 2, 3])
  }

  /// `prefetchingForwardAndBackward`: from item 5 (top 150), `scrollBy(5)` composes 7; turning
  /// (`-2`, then `-1`) composes 4 and disposes 7.
  @Test func prefetchingForwardAndBackward() {
    let context = Self.context(topPt: 150)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 155)
    #expect(context.mediaInFlight.contains(7))
    Self.scroll(&strategy, context, to: 153)
    Self.scroll(&strategy, context, to: 152)
    #expect(context.mediaInFlight == [4, 5, 6])
    #expect(context.actions.contains(.cancelMedia(7)))
  }

  /// `prefetchingForwardTwice`: `scrollBy(5)`, then 15 twice: item 2 shows, item 3 is the one
  /// prefetched, item 4 is not composed.
  @Test func prefetchingForwardTwice() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 5)
    Self.scroll(&strategy, context, to: 20)
    Self.scroll(&strategy, context, to: 35)
    #expect(context.visibleItems == 1..<3)
    #expect(context.mediaInFlight == [1, 2, 3])
  }

  /// `snappingToOtherPositionWhilePrefetchIsScheduled`, adapted: `scrollBy(30)` prefetches
  /// item 3; `scrollToItem(100)` then drops it (here it had composed within its frame, so it is
  /// disposed rather than never composed) and composes nothing ahead until the next scroll.
  @Test func aJumpDropsThePrefetchedItem() {
    let context = Self.context()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 30)
    #expect(context.mediaInFlight == [1, 2, 3])
    context.viewportOffsetPt = 3000
    context.note(strategy.update(.pageApplied(page: 0), in: context))
    #expect(context.mediaInFlight == [100, 101])
    #expect(context.actions.contains(.cancelMedia(3)))
  }

  /// Re-trigger on data growth: at the end of the loaded items going down nothing lies ahead;
  /// once the next page adds items, the item past the last visible is composed.
  @Test func itemCountGrowthPrefetchesAgain() {
    let context = Self.context(items: 20, pageSize: 10)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    // Rows 0…9 (300 pt): the viewport's bottom at the content's end.
    Self.scroll(&strategy, context, to: 255)
    #expect(context.mediaInFlight == [8, 9])
    context.applyNextPage(rowHeightPt: { _ in 30 })
    context.note(strategy.update(.pageApplied(page: 1), in: context))
    #expect(context.mediaInFlight == [8, 9, 10])
  }

  // MARK: LazyListCacheWindowTest (ahead and behind 45 pt, one viewport each)

  /// `prefetchingForwardInitially`: the window fills ahead without a scroll: item 2 (item 1
  /// overhangs by 15, so 30 pt are left), not item 3.
  @Test func cacheWindowPrefetchesForwardInitially() {
    let context = Self.context()
    var strategy = Self.strategy(Self.window)
    context.note(strategy.update(.start, in: context))
    #expect(context.mediaInFlight == [0, 1, 2])
  }

  /// `smallScrollForward_shouldFillEntireWindow`: `scrollBy(5)`: items 2 and 3, not 4.
  @Test func cacheWindowSmallScrollFillsTheWindow() {
    let context = Self.context()
    var strategy = Self.strategy(Self.window)
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 5)
    #expect(context.mediaInFlight == [0, 1, 2, 3])
  }

  /// `scrollBackward_shouldNotDisposeItemsInWindow`: from item 6 offset −15 (top 165),
  /// `scrollBy(-75)` (top 90): first visible 3; 1, 2 composed ahead, 5 kept behind; 0, 6, 7
  /// and 8 not composed.
  @Test func cacheWindowKeepsItemsBehindWhenScrollingBack() {
    let context = Self.context(topPt: 165)
    var strategy = Self.strategy(Self.window)
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 90)
    #expect(context.visibleItems.lowerBound == 3)
    #expect(context.mediaInFlight == [1, 2, 3, 4, 5])
  }

  /// `datasetChanged_shouldScheduleNewPrefetching_ifWindowIsNotFull`: 100 items, from item 97
  /// `scrollBy(30)`; the count grows to 200 and item 100 is composed.
  @Test func cacheWindowRefillsAfterGrowthWhenItHasRoom() {
    let context = Self.context(items: 200, pageSize: 100, topPt: 2910)
    var strategy = Self.strategy(Self.window)
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 2940)
    #expect(!context.mediaInFlight.contains(100))
    context.applyNextPage(rowHeightPt: { _ in 30 })
    context.note(strategy.update(.pageApplied(page: 1), in: context))
    #expect(context.mediaInFlight.contains(100))
  }

  /// `datasetChanged_shouldNotScheduleNewPrefetching_ifWindowIsFull`: from item 96 the window
  /// is full with item 99, so item 100 is not composed after the growth.
  @Test func cacheWindowDoesNotRefillWhenFull() {
    let context = Self.context(items: 200, pageSize: 100, topPt: 2880)
    var strategy = Self.strategy(Self.window)
    context.note(strategy.update(.start, in: context))
    Self.scroll(&strategy, context, to: 2910)
    context.applyNextPage(rowHeightPt: { _ in 30 })
    context.note(strategy.update(.pageApplied(page: 1), in: context))
    // Rows 97 and 98 show, 99 fills the ahead window, 96 is kept behind; 100 is not composed.
    #expect(context.mediaInFlight == [96, 97, 98, 99])
  }

  // MARK: LazyPagingItemsTest

  /// `peek`: `PagingConfig(pageSize = 1, initialLoadSize = 3, prefetchDistance = 1)`, 10 items,
  /// five 100 pt rows in a 500 pt column: the item count settles at 6 (5 read + 1 prefetched by
  /// Paging; Compose prefetches nothing without a scroll).
  @Test func pagingSettlesAtSixItems() {
    let context = StrategyContextDouble(viewportHeightPt: 500, pageSize: 1, totalItems: 10, appliedPages: 3)
    var strategy = Self.strategy(["initial_load_size": .number(3), "prefetch_distance": .number(1)])
    context.note(strategy.update(.start, in: context))
    for _ in 0..<10 where context.pagesInFlight.contains(.down) {
      let page = context.rowCount
      context.applyNextPage()
      context.note(strategy.update(.pageApplied(page: page), in: context))
    }
    #expect(context.rowCount == 6)
    #expect(!context.pagesInFlight.contains(.down))
  }

  /// `lazyPagingColumnShowsItems`: a 200 pt column of 101 pt items shows items 0 and 1; items 2
  /// and 3 are not composed before a scroll.
  @Test func pagingColumnComposesOnlyTheItemsShown() {
    let context = StrategyContextDouble(
      viewportHeightPt: 200, pageSize: 10, totalItems: 10, appliedPages: 1, rowHeightPt: { _ in 101 })
    context.giveEveryItemMedia()
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.mediaInFlight == [0, 1])
  }

  /// A prefetched item reads its item: its Paging hint loads the next page one item earlier than
  /// the visible rows alone would. 10-item pages, distance 1: rows 0…8 shown reach distance 1
  /// from the end of page 0 only with the prefetched item 9.
  @Test func aPrefetchedItemSendsItsPagingHint() {
    let context = StrategyContextDouble(
      viewportHeightPt: 45, pageSize: 10, totalItems: 100, appliedPages: 1, rowHeightPt: { _ in 30 })
    var strategy = Self.strategy(["prefetch_distance": .number(1), "initial_load_size": .number(10)])
    context.note(strategy.update(.start, in: context))
    // Top 210: rows 7 and 8 show (8 ends at 270 > 255); item 9 is prefetched.
    Self.scroll(&strategy, context, to: 210)
    #expect(context.pageRequests.count == 1)
  }
}
