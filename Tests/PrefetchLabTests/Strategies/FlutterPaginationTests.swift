import Testing

@testable import PrefetchLab

/// flutter_pagination against a hand-set context. Every item carries an image and none is
/// loaded, so the rows built are exactly those whose image is in flight. The cases are the
/// platforms' own tests (PLATFORMS-2 §2.3): flutter/flutter
/// `packages/flutter/test/widgets/list_view_builder_test.dart` @ 00870bfe091f (an 800 × 600
/// surface, so a 600 pt viewport, recording the indices built) and EdsonBueno/infinite_scroll_pagination
/// @ 23ad195628f2 `test/layouts/paged_list_view_test.dart` (a 500 pt tall screen, 10-item pages
/// of 50 pt items).
@Suite struct FlutterPaginationTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> FlutterPagination {
    FlutterPagination(parameters: TestScenarios.configured("flutter_pagination", values).parameters)
  }

  /// A fully loaded list of `items` rows `extentPt` tall in a 600 pt viewport.
  static func list(items: Int, extentPt: Double) -> StrategyContextDouble {
    let context = StrategyContextDouble(
      viewportHeightPt: 600, pageSize: items, totalItems: items, appliedPages: 1,
      rowHeightPt: { _ in extentPt })
    context.endOfFeedKnown = true
    context.giveEveryItemMedia()
    return context
  }

  static func jump(_ strategy: inout FlutterPagination, _ context: StrategyContextDouble, to topPt: Double) {
    context.scrollDirection = topPt >= context.viewportOffsetPt ? .down : .up
    context.viewportOffsetPt = topPt
    context.note(strategy.update(.frame, in: context))
  }

  /// Items whose image this step asked for, in order.
  static func built(_ actions: [StrategyContextDouble.Action]) -> [Int] {
    actions.compactMap { if case .requestMedia(let item, _) = $0 { return item } else { return nil } }
  }

  /// `ListView.builder mount/dismount smoke test`: 100 pt items build 0…5 on screen and 6, 7, 8
  /// in the 250 pt caching area.
  @Test func buildsTheViewportAndTheCacheExtent() {
    let context = Self.list(items: 1000, extentPt: 100)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(Self.built(context.takeActions()) == Array(0...8))
  }

  /// `ListView.builder vertical`: 200 pt items at offset 300 build 0…5 (0 and 5 cached);
  /// `jumpTo(400)` builds 6 as well.
  @Test func buildsBothSidesAtAnOffset() {
    let context = Self.list(items: 1000, extentPt: 200)
    context.viewportOffsetPt = 300
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.mediaInFlight == Set(0...5))
    Self.jump(&strategy, context, to: 400)
    #expect(context.mediaInFlight == Set(0...6))
  }

  /// `ListView.builder 10 items, 2-3 items visible`: 300 pt items build 0, 1, 2; `jumpTo(150)`
  /// builds only 3, `jumpTo(600)` only 4, `jumpTo(750)` only 5.
  @Test func buildsOnlyTheRowsEnteringTheCacheArea() {
    let context = Self.list(items: 10, extentPt: 300)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(Self.built(context.takeActions()) == [0, 1, 2])
    Self.jump(&strategy, context, to: 150)
    #expect(Self.built(context.takeActions()) == [3])
    Self.jump(&strategy, context, to: 600)
    #expect(Self.built(context.takeActions()) == [4])
    Self.jump(&strategy, context, to: 750)
    #expect(Self.built(context.takeActions()) == [5])
  }

  /// `ListView.builder 30 items with big jump, using prototypeItem`: 300 pt items; `jumpTo(8400)`
  /// builds 27, 28, 29 and disposes 0, 1, 2.
  @Test func aBigJumpBuildsTheLastRows() {
    let context = Self.list(items: 30, extentPt: 300)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    _ = context.takeActions()
    Self.jump(&strategy, context, to: 8400)
    #expect(Self.built(context.takeActions()) == [27, 28, 29])
    #expect(context.mediaInFlight == [27, 28, 29])
  }

  /// A 500 pt screen of 50 pt items with `loadedPages` pages of `pageSize` loaded.
  static func pagedList(pageSize: Int = 10, loadedPages: Int) -> StrategyContextDouble {
    StrategyContextDouble(
      viewportHeightPt: 500, pageSize: pageSize, totalItems: 1000, appliedPages: loadedPages,
      rowHeightPt: { _ in 50 })
  }

  /// `Requests second page immediately if the first page isn't enough`: a first page of 5 items
  /// is built entirely, and item 4 ≥ 5 − 1 − 3 asks for the next page: once.
  @Test func requestsTheSecondPageWhenTheFirstIsShort() {
    let context = Self.pagedList(pageSize: 5, loadedPages: 1)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.pageRequests.count == 1)
  }

  /// `Doesn't request a page unnecessarily`: 20 items; items up to 14 are built (500 + 250 pt)
  /// and the trigger index is 16: no request.
  @Test func doesNotRequestAPageUnnecessarily() {
    let context = Self.pagedList(loadedPages: 2)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.pageRequests.isEmpty)
  }

  /// `Requests a new page on scroll`: 20 items, scrolled until item 19 ("Item 20") shows: one
  /// request. (`only runs one fetch at a given time`, paging_controller_test.dart: the frames
  /// after it ask for nothing while it is out.)
  @Test func requestsANewPageOnScrollOnce() {
    let context = Self.pagedList(loadedPages: 2)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    for top in stride(from: 50.0, through: 500, by: 50) { Self.jump(&strategy, context, to: top) }
    #expect(context.visibleItems.contains(19))
    #expect(context.pageRequests.count == 1)
  }

  /// A page too short to leave the trigger zone chains the next one as soon as it is applied.
  @Test func aShortPageChainsTheNext() {
    let context = Self.pagedList(pageSize: 5, loadedPages: 1)
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    context.applyNextPage(rowHeightPt: { _ in 50 })
    context.note(strategy.update(.pageApplied(page: 1), in: context))
    // 10 items (500 pt) built, trigger index 6: the second request goes out at once.
    #expect(context.pageRequests.count == 2)
  }

  /// `paging_controller_test.dart` `stops if no more pages are available`: at the end of the
  /// feed, building the last items asks for nothing.
  @Test func stopsWhenNoMorePagesAreAvailable() {
    let context = Self.pagedList(pageSize: 5, loadedPages: 1)
    context.endOfFeedKnown = true
    var strategy = Self.strategy()
    context.note(strategy.update(.start, in: context))
    #expect(context.pageRequests.isEmpty)
  }
}
