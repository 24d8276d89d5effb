/// Jetpack Compose `LazyColumn` over Paging 3 (`collectAsLazyPagingItems`): items are composed
/// when they show or are prefetched, and composing an item reads it (`lazyPagingItems[index]`),
/// which starts its image (Coil's `AsyncImage` requests when composed) and sends Paging's access
/// hint for it. Pages load as in `paging3` (`Paging3Loader`, the same parameters), with the
/// prefetched items' hints besides the visible rows'.
///
/// Composition, with `cache_window_ahead_pt` and `cache_window_behind_pt` both absent (the
/// default `LazyListState`):
/// - One item ahead: at a frame that moves the viewport, the item past the last visible row
///   going down (before the first going up) is composed, if it exists and is not the one already
///   prefetched (`DefaultLazyListPrefetchStrategy.onScroll`). No scroll, no prefetch.
/// - In a grid (`feed.columns` > 1, a `LazyVerticalGrid`) the unit is the line: the grid row past
///   the last visible row going down (before the first going up) is composed, all its items
///   together, if its first item exists (`DefaultLazyGridPrefetchStrategy.onScroll` schedules
///   `scheduleLinePrefetch(line)`, which composes every item `prefetchInfoRetriever` gives for
///   the line). What follows holds for that line as for the list's item.
/// - A prefetched item is disposed (its unfinished image cancelled) when the direction turns,
///   and when the rows shown change so that it is no longer that item (`onVisibleItemsUpdated`:
///   a jump drops it).
/// - When the item count changes after a scroll (a page appended), the next item is prefetched
///   again (`onVisibleItemsUpdated`'s re-trigger on `totalItemsCount`).
/// - Rows leaving the viewport are disposed.
/// - Nested prefetch (`feed.carousel`): a carousel row composed ahead precomposes
///   `nestedPrefetchItemCount` = 2 of its nested LazyRow's items, then the moving average of the
///   nested items measured rows showed (`NestedPrefetchCount`); its other cells compose when the
///   row shows, and later ones as a swipe brings them in. While a swipe moves the row, the
///   LazyRow's own default prefetch composes the one item past its window's edge in the swipe's
///   direction at every frame (`DefaultLazyListPrefetchStrategy`, one item ahead); the item it
///   composed stays asked for if the swipe turns (Compose cancels a pending precomposition, the
///   image load it started is not modelled as cancelled).
///
/// With either set (the opt-in `LazyLayoutCacheWindow(ahead, behind)`, `LazyListCacheWindowStrategy`):
/// - Ahead: the items intersecting `cache_window_ahead_pt` past the viewport's edge in the last
///   scroll direction (down before any scroll) are composed, from the first layout on; the part
///   of the edge row that overhangs the viewport counts toward it (`CacheWindowLogic.onPrefetchForward`).
/// - Behind: items already composed that intersect `cache_window_behind_pt` past the other edge
///   are kept (`onKeepAround`); further ones are disposed.
/// - After a page is applied the ahead window is filled again if it has room (its items now exist).
///
/// The frame budget of the prefetch scheduler is not modelled: a prefetch composes within the
/// frame that asks for it, and with a render stage its render is queued behind the visible rows'.
/// `AndroidPrefetchScheduler` (`lazy/layout/PrefetchScheduler.android.kt`) gives the rule (a step runs only while the time left before
/// `frame start + 1e9 / refresh rate` ns exceeds that step's moving average cost for the content
/// type, `3/4 old + 1/4 new`; an urgent request needs any time left; unlimited time after more
/// than 2 idle frame intervals) but not its inputs: the cost of composing and measuring an item
/// and the frame's own main-thread work are measurements of an app on a device, which neither the
/// source nor a scenario gives, and the engine keeps no main-thread time to subtract them from.
///
/// Sources: androidx/androidx `compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/foundation/lazy/`
/// `LazyListPrefetchStrategy.kt` @ 003480940bef (one item ahead, cancel, re-trigger),
/// `grid/LazyGridPrefetchStrategy.kt` @ 31adf48a5ba2 and `grid/LazyGridState.kt` (`scheduleLinePrefetch`:
/// the line ahead, the same cancel and re-trigger rules),
/// `LazyListCacheWindowStrategy.kt` @ 0977a60201e9, `layout/LazyLayoutCacheWindow.kt` @
/// 080d2b3e5326, `layout/CacheWindowLogic.kt` @ 0837a65bdf37 (the window); `paging/paging-compose/src/commonMain/kotlin/androidx/paging/compose/LazyPagingItems.kt`
/// @ 1d7dc4d109e1 (`get` sends the hint); Paging as in `Paging3`. One pt stands for one dp.
///
/// Time advance (with Coil-on-composition images, `media=visibility`; other loaders consult every
/// frame): with the default strategy, once the viewport has moved and the item ahead in the
/// current direction is the one prefetched (or there is none), a frame with the same rows and
/// direction changes nothing, so it declares every offset quiet until the rows shown change
/// (`.nextEventOrRowChange`). With a cache window, whose rows follow the offset, the band runs
/// from the offset, the way the list scrolls, to just before the ahead window or the behind band
/// would reach or leave a row (`windowWake`), with the same rows shown. Otherwise `.everyFrame`.
public struct ComposePaging: PrefetchStrategy {
  public static let cacheWindowAheadPt = StrategyParameter.OptionalNumber(
    "cache_window_ahead_pt", keyword: "none", in: 0...100_000,
    help:
      "pt composed ahead of the viewport in the scroll direction (LazyLayoutCacheWindow ahead); none: the "
      + "default one-item-ahead prefetch (LazyListPrefetchStrategy.kt). Either set enables the window.")
  public static let cacheWindowBehindPt = StrategyParameter.OptionalNumber(
    "cache_window_behind_pt", keyword: "none", in: 0...100_000,
    help:
      "pt of composed items kept behind the viewport (LazyLayoutCacheWindow behind); none: 0 with a window, "
      + "the default one-item-ahead prefetch without one.")

  public static let definition = StrategyDefinition(
    ComposePaging.self, name: "compose_paging",
    summary:
      "Jetpack Compose LazyColumn + Paging 3: composing an item (visible, or one prefetched ahead after a "
      + "scroll; or a cache window) starts its image and sends its Paging hint.",
    source:
      "androidx LazyListPrefetchStrategy.kt @ 003480940bef, LazyGridPrefetchStrategy.kt @ 31adf48a5ba2, "
      + "CacheWindowLogic.kt @ 0837a65bdf37, "
      + "LazyPagingItems.kt @ 1d7dc4d109e1, Paging 3.",
    parameters: [
      Paging3.prefetchDistance, Paging3.initialLoadSize, Paging3.enablePlaceholders, Paging3.maxSize,
      Paging3.jumpThreshold, cacheWindowAheadPt, cacheWindowBehindPt,
    ] + MediaLibrary.parameters,
    runsByDefault: false, parameterRule: Paging3.placeholderRule,
    feedRules: [Paging3.maxSizeRule, Paging3.jumpThresholdRule])

  /// The cache window, pt; nil: the default strategy.
  private let window: (aheadPt: Double, behindPt: Double)?
  private let initialItems: Int?
  private let placeholders: Bool
  private var loader: Paging3Loader
  private var media: ImagePrefetcher
  private var composed = MountedRows()
  /// The items prefetched by the default strategy: one item in a list, the line (grid row) ahead
  /// in a grid, as composed when it was scheduled.
  private var prefetched: Range<Int>?
  /// The direction of the last scroll; nil before the first.
  private var lastDirection: ScrollDirection?
  private var lastOffsetPt: Double?
  private var lastRowCount = 0

  public init(parameters: StrategyParameters) {
    let ahead = parameters[Self.cacheWindowAheadPt]
    let behind = parameters[Self.cacheWindowBehindPt]
    window = ahead == nil && behind == nil ? nil : (ahead ?? 0, behind ?? 0)
    let initial = parameters[Paging3.initialLoadSize]
    initialItems = initial
    placeholders = parameters[Paging3.enablePlaceholders]
    loader = Paging3Loader(
      prefetchDistance: parameters[Paging3.prefetchDistance],
      jumpThreshold: parameters[Paging3.jumpThreshold],
      refreshItems: initial, maxSize: parameters[Paging3.maxSize])
    media = ImagePrefetcher(parameters: parameters, loadsVisibleRows: false)
    composed.nestedPrefetch = NestedPrefetchCount()
  }

  public func initialLoadSize(pageSize: Int) -> Int? { initialItems ?? 3 * pageSize }

  public var enablePlaceholders: Bool { placeholders }

  /// Paging 3 pages: a placeholder composed is an access hint, not a load (`Paging3Loader`).
  public var loadsVisiblePlaceholderPages: Bool { false }

  /// A swiped row's nested LazyRow prefetches as any lazy list does: one item ahead in its
  /// scroll direction (`DefaultLazyListPrefetchStrategy`, `LazyListPrefetchStrategy.kt`).
  public var carouselSwipePrefetchCells: Int { 1 }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    loader.update(after: event, in: context)
    let visible = context.visibleItems
    let offset = context.viewportOffsetPt
    var moved = false
    switch event {
    case .frame, .dragEnded:
      moved = lastOffsetPt.map { $0 != offset } ?? false
    default:
      break
    }
    lastOffsetPt = offset
    let rowsGrew = context.rowCount != lastRowCount
    lastRowCount = context.rowCount
    if moved { lastDirection = context.scrollDirection }
    let applied: Int? = { if case .pageApplied(let page) = event { return page } else { return nil } }()
    let rows: Range<Int>
    if let window {
      rows = windowRows(window, visible: visible, context)
    } else {
      rows = defaultRows(visible: visible, moved: moved, rowsGrew: rowsGrew, context)
    }
    let entered = composed.update(to: rows, rebuilt: applied != nil || event == .start, in: context)
    // Composing reads the item: Paging's hint for the rows composed outside the viewport, and
    // again for those a page just filled (recomposed with their items).
    sendHints(entered.above, outside: visible, context)
    sendHints(entered.below, outside: visible, context)
    if let applied { sendHints(context.items(ofPage: applied).clamped(to: rows), outside: visible, context) }
    media.update(after: event, in: context)
    return wake(visible: visible, context)
  }

  /// The hints of `rows` outside `visible` (those are the loader's own accesses).
  private mutating func sendHints(
    _ rows: Range<Int>, outside visible: Range<Int>, _ context: some StrategyContext
  ) {
    guard !rows.isEmpty else { return }
    let (above, below) = rows.subtracting(visible)
    loader.access(above, in: context)
    loader.access(below, in: context)
  }

  /// The default strategy's composed rows: the viewport and the item prefetched.
  private mutating func defaultRows(
    visible: Range<Int>, moved: Bool, rowsGrew: Bool, _ context: some StrategyContext
  ) -> Range<Int> {
    guard !visible.isEmpty else {
      prefetched = nil
      return visible
    }
    let columns = context.columns
    let expected = lastDirection.map { expectedLineStart($0, visible: visible, columns: columns) }
    // The rows shown changed so that the prefetched line is no longer the one expected (a turn,
    // a jump, or the line itself shown): dropped. A line is known by its first item, as the grid
    // strategy knows it by its index (`lineToPrefetch`).
    if let line = prefetched,
      line.lowerBound != expected ?? line.lowerBound || visible.contains(line.lowerBound)
    {
      prefetched = nil
    }
    // The same line stays as it was scheduled: items a page adds to it later are not prefetched
    // (`scheduleLinePrefetch` runs only for a line other than `lineToPrefetch`).
    if prefetched == nil, moved || (rowsGrew && lastDirection != nil), let expected, expected >= 0,
      expected < context.rowCount
    {
      prefetched = expected..<min(expected + columns, context.rowCount)
    }
    guard let line = prefetched else { return visible }
    return min(line.lowerBound, visible.lowerBound)..<max(line.upperBound, visible.upperBound)
  }

  /// The first item of the line (grid row; an item in a list) past the rows shown in
  /// `direction`. The rows shown are whole grid rows, so going down it is the next item, going up
  /// the item `columns` before the first shown (`calculateLineIndexToPrefetch`: the last visible
  /// item's row + 1, the first's − 1).
  private func expectedLineStart(_ direction: ScrollDirection, visible: Range<Int>, columns: Int) -> Int {
    direction == .down ? visible.upperBound : visible.lowerBound - columns
  }

  /// The cache window's composed rows: the viewport, the ahead window in the last direction, and
  /// the rows already composed within the behind window.
  private func windowRows(
    _ window: (aheadPt: Double, behindPt: Double), visible: Range<Int>, _ context: some StrategyContext
  ) -> Range<Int> {
    guard !visible.isEmpty else { return visible }
    let (ahead, behindBand) = windowParts(window, topPt: context.viewportOffsetPt, context)
    let down = (lastDirection ?? .down) == .down
    // Kept only if composed before (`onKeepAround` walks the cached items only), next to the
    // viewport's rows.
    var kept = behindBand.clamped(to: composed.rows)
    if down ? kept.upperBound < visible.lowerBound : kept.lowerBound > visible.upperBound { kept = 0..<0 }
    var low = visible.lowerBound
    var high = visible.upperBound
    for part in [ahead, kept] where !part.isEmpty {
      low = min(low, part.lowerBound)
      high = max(high, part.upperBound)
    }
    return low..<high
  }

  /// The rows the cache window reaches with the viewport's top at `topPt`: ahead in the last
  /// scroll direction (down before any scroll), and the band behind whose composed rows are kept.
  /// Both bounds of each only grow with the offset. O(log rows).
  private func windowParts(
    _ window: (aheadPt: Double, behindPt: Double), topPt top: Double, _ context: some StrategyContext
  ) -> (ahead: Range<Int>, behind: Range<Int>) {
    // The bottom as `viewportBottomPt` computes it.
    let bottom = top + context.viewportHeightPt
    if (lastDirection ?? .down) == .down {
      return (
        context.items(intersectingFromPt: bottom, toPt: bottom + window.aheadPt),
        context.items(intersectingFromPt: top - window.behindPt, toPt: top)
      )
    }
    return (
      context.items(intersectingFromPt: top - window.aheadPt, toPt: top),
      context.items(intersectingFromPt: bottom, toPt: bottom + window.behindPt)
    )
  }

  private func wake(visible: Range<Int>, _ context: some StrategyContext) -> Wake {
    guard let direction = lastDirection, context.heedsWake, media.library == .visibility,
      !visible.isEmpty
    else { return .everyFrame }
    if let window { return windowWake(window, direction: direction, context) }
    let expected = expectedLineStart(direction, visible: visible, columns: context.columns)
    guard direction == context.scrollDirection,
      prefetched?.lowerBound == expected || expected < 0 || expected >= context.rowCount
    else { return .everyFrame }
    return .nextEventOrRowChange
  }

  /// The cache window's wake-up: with the same rows shown, direction, composed rows and pages, a
  /// frame composes or disposes something only once the ahead window or the behind band reaches
  /// another row, so the offsets until the nearest row edge either would cross are quiet (going
  /// the way the list scrolls; the other way turns the direction, which wakes it). The estimate
  /// is checked against `windowParts` itself (`QuietOffsets`). An empty part (the window past an
  /// end of the content) could start to reach rows anywhere: every frame then.
  private func windowWake(
    _ window: (aheadPt: Double, behindPt: Double), direction: ScrollDirection, _ context: some StrategyContext
  ) -> Wake {
    guard direction == context.scrollDirection else { return .everyFrame }
    let offset = context.viewportOffsetPt
    let height = context.viewportHeightPt
    let (ahead, behind) = windowParts(window, topPt: offset, context)
    guard !ahead.isEmpty, !behind.isEmpty else { return .everyFrame }
    let holds = { (topPt: Double) -> Bool in
      let parts = windowParts(window, topPt: topPt, context)
      return parts.ahead == ahead && parts.behind == behind
    }
    let rowCount = context.rowCount
    let top = { (item: Int) -> Double in context.topPt(ofItem: min(max(item, 0), rowCount)) }
    if direction == .down {
      // The ahead window's far edge reaching the next row, its near edge leaving its first; the
      // behind band's far edge leaving its first row, its near edge reaching the next.
      let candidate = min(
        top(ahead.upperBound) - height - window.aheadPt, top(ahead.lowerBound + 1) - height,
        top(behind.lowerBound + 1) + window.behindPt, top(behind.upperBound))
      let highPt = QuietOffsets.extent(from: offset, toward: PageTrigger.roundedDown(candidate), holds: holds)
      return highPt > offset ? .whileOffset(within: offset, highPt) : .everyFrame
    }
    let candidate = max(
      top(ahead.lowerBound) + window.aheadPt, top(ahead.upperBound - 1),
      top(behind.upperBound - 1) - height - window.behindPt, top(behind.lowerBound) - height)
    let lowPt = QuietOffsets.extent(from: offset, toward: PageTrigger.roundedUp(candidate), holds: holds)
    return lowPt < offset ? .whileOffset(within: lowPt, offset) : .everyFrame
  }
}
