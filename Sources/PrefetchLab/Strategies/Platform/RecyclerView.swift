/// Android `RecyclerView` with `GapWorker` item prefetch over Jetpack Paging 3 page loading.
///
/// - After every frame that moved, `GapWorker` binds exactly one row ahead: the next row past
///   the edge along the frame's scroll delta (`LinearLayoutManager.collectAdjacentPrefetchPositions`),
///   in the idle gap before the next frame. In a grid (`feed.columns`) that row's items, up to
///   the span count (`GridLayoutManager.collectPrefetchPositionsForLayoutState`). Binding is when the adapter starts the row's image
///   load (Glide and the like load in `onBindViewHolder`) and, with a render stage, renders it.
///   Binding that misses the frame deadline is not modelled: the render stage's queue decides.
/// - Rows entering the viewport are bound at once if not prefetched.
/// - A row leaving the viewport is kept bound in the view cache while within
///   `Recycler.DEFAULT_CACHE_SIZE` = 2 rows of it (in a grid, 2 + the span count items: the
///   cache grows by the largest prefetch count observed, `mPrefetchMaxCountObserved`); beyond, it is recycled and its unfinished
///   image load cleared (the adapter's `onViewRecycled`). Nothing else is cancelled.
/// - When the list first comes on screen `initial_prefetch_item_count` rows past the viewport are
///   bound (`LinearLayoutManager.mInitialPrefetchItemCount`, default 2, which RecyclerView uses
///   for a list nested in another).
/// - Nested prefetch (`feed.carousel`): a row bound ahead that holds a nested horizontal
///   RecyclerView also has the first `initial_prefetch_item_count` items of the nested list bound
///   from its anchor, its first cell in view (`GapWorker.prefetchInnerRecyclerViewWithDeadline`
///   → `LayoutPrefetchRegistryImpl.collectPrefetchPositionsFromView(nested: true)` →
///   `LinearLayoutManager.collectInitialPrefetchPositions`, `mInitialPrefetchItemCount = 2`,
///   set with `setInitialPrefetchItemCount`); the nested list's other cells bind when the row
///   shows (its window), and later ones as a swipe brings them in. While a swipe moves the row,
///   the nested list's `GapWorker` pass binds the one cell past its window's edge in the swipe's
///   direction at every frame (`LinearLayoutManager.collectAdjacentPrefetchPositions` along the
///   horizontal delta registers exactly one position: `carouselSwipePrefetchCells` = 1).
/// - `media` adds an image loader beside the binds: `glide` is the app's `RecyclerViewPreloader`
///   (see `GlidePreloader`), the others as elsewhere; the default `visibility` adds nothing, the
///   binds being the on-screen loads.
/// - Pages: `Paging3Loader` with Paging 3's `prefetch_distance`, `initial_load_size`,
///   `enable_placeholders` and `max_size` (checked against the feed's page size as `paging3`
///   does; placeholders as `Paging3` describes them).
///
/// Sources: androidx/androidx `recyclerview/.../GapWorker.java` @ 637e40154703,
/// `LinearLayoutManager.java` @ 11961cb82c68; Paging as in `Paging3`.
///
/// Time advance (the returned `Wake`): with the rows shown unchanged and no event, a
/// frame changes nothing in the Paging side (as in `paging3`) nor in the rows kept, and binds one
/// neighbour of the viewport, chosen by the sign of the scroll delta since the last
/// consultation. That delta is state that changes every frame: skipped frames leave the
/// remembered offset behind, and the next frame computed in full may take the other sign (a
/// turn, or a phase change that does not move). So it declares every offset quiet only while
/// the delta is not in play: both neighbours' binds do nothing (their media loaded, in flight
/// or absent; with a render stage, rendered). Then each skipped frame would have done nothing,
/// and a full frame whose sign differs between the engines is one at an offset between the
/// last consultation's and the last skipped frame's, where the same rows show and both binds
/// still do nothing (rows are monotone in the offset; the layout and the items' states change
/// only at events, and a consulted event resets the remembered offset in both engines).
public struct RecyclerView: PrefetchStrategy {
  public static let initialPrefetchItemCount = StrategyParameter.Integer(
    "initial_prefetch_item_count", default: 2, in: 0...10_000,
    help:
      "Rows bound ahead when the list first shows, and nested items bound with a prefetched carousel row "
      + "(mInitialPrefetchItemCount 2, LinearLayoutManager.java).")
  /// Rows a detached row stays bound in the view cache (`Recycler.DEFAULT_CACHE_SIZE`).
  static let viewCacheRows = 2

  public static let definition = StrategyDefinition(
    RecyclerView.self, name: "recyclerview",
    summary: "RecyclerView GapWorker: one row bound ahead along each frame's scroll delta; Paging 3 pages.",
    source: "androidx GapWorker.java @ 637e40154703, LinearLayoutManager.java @ 11961cb82c68, Paging 3.",
    parameters: [
      initialPrefetchItemCount, Paging3.prefetchDistance, Paging3.initialLoadSize, Paging3.enablePlaceholders,
      Paging3.maxSize,
    ] + MediaLibrary.parameters,
    runsByDefault: false, parameterRule: Paging3.placeholderRule, feedRules: [Paging3.maxSizeRule])

  private let initialPrefetch: Int
  private let initialItems: Int?
  private let placeholders: Bool
  private var pages: Paging3Loader
  private var media: ImagePrefetcher
  private var lastOffsetPt = 0.0
  private var shown: Range<Int> = 0..<0
  /// Rows kept bound: the viewport and the view cache around it.
  private var kept: Range<Int> = 0..<0

  public init(parameters: StrategyParameters) {
    initialPrefetch = parameters[Self.initialPrefetchItemCount]
    initialItems = parameters[Paging3.initialLoadSize]
    placeholders = parameters[Paging3.enablePlaceholders]
    pages = Paging3Loader(
      prefetchDistance: parameters[Paging3.prefetchDistance], jumpThreshold: nil, refreshItems: initialItems,
      maxSize: parameters[Paging3.maxSize])
    media = ImagePrefetcher(parameters: parameters, loadsVisibleRows: false)
  }

  public func initialLoadSize(pageSize: Int) -> Int? { initialItems ?? 3 * pageSize }

  public var enablePlaceholders: Bool { placeholders }

  /// Paging 3 pages: a placeholder bound is an access hint, not a load (`Paging3Loader`).
  public var loadsVisiblePlaceholderPages: Bool { false }

  /// The nested LinearLayoutManager's one adjacent position per swiped frame (see the type).
  public var carouselSwipePrefetchCells: Int { 1 }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    pages.update(after: event, in: context)
    let visible = context.visibleItems
    guard !visible.isEmpty else { return .everyFrame }
    switch event {
    case .start:
      for item in visible { bind(item, priority: .visible, context) }
      for item in visible.upperBound..<min(context.rowCount, visible.upperBound + initialPrefetch) {
        bind(item, priority: .preload, context)
      }
    case .frame:
      let delta = context.viewportOffsetPt - lastOffsetPt
      if delta > 0 {
        for item in rowBelow(visible, context) { bind(item, priority: .preload, context) }
      } else if delta < 0 {
        for item in rowAbove(visible, context) { bind(item, priority: .preload, context) }
      }
    default:
      break
    }
    lastOffsetPt = context.viewportOffsetPt
    let refresh: Bool = { if case .pageApplied = event { return true } else { return false } }()
    if visible != shown || refresh {
      for item in visible where refresh || !shown.contains(item) { bind(item, priority: .visible, context) }
      shown = visible
    }
    // In a grid the view cache grows by the span count (`mPrefetchMaxCountObserved`).
    let cache = Self.viewCacheRows + (context.columns > 1 ? context.columns : 0)
    let newKept = max(0, visible.lowerBound - cache)..<min(context.rowCount, visible.upperBound + cache)
    for item in kept where !newKept.contains(item) && !context.isComplete(item: item) {
      if context.isMediaInFlight(item: item) { context.cancelMedia(item: item) }
      context.setRenderWanted(item: item, false)
    }
    kept = newKept
    media.update(after: event, in: context)
    // See "Time advance" above: the scroll delta is not in play when neither neighbour's bind
    // would do anything.
    if bindsDoNothing(rowBelow(visible, context), context)
      && bindsDoNothing(rowAbove(visible, context), context)
    {
      return media.narrowed(.nextEventOrRowChange, in: context)
    }
    return .everyFrame
  }

  /// The items GapWorker binds ahead going down: the next one past the viewport
  /// (`LinearLayoutManager`), or in a grid the next row's, up to the span count
  /// (`GridLayoutManager.collectPrefetchPositionsForLayoutState`).
  @inline(__always)
  private func rowBelow(_ visible: Range<Int>, _ context: some StrategyContext) -> Range<Int> {
    visible.upperBound..<min(context.rowCount, visible.upperBound + context.columns)
  }

  /// The items bound ahead going up: the row before the viewport's first.
  @inline(__always)
  private func rowAbove(_ visible: Range<Int>, _ context: some StrategyContext) -> Range<Int> {
    max(0, visible.lowerBound - context.columns)..<visible.lowerBound
  }

  /// Whether `bind(item, priority: .preload, …)` would do nothing for every item of `items`.
  @inline(__always)
  private func bindsDoNothing(_ items: Range<Int>, _ context: some StrategyContext) -> Bool {
    for item in items {
      let quiet =
        (!context.needsMedia(item: item) || context.isMediaInFlight(item: item))
        && (!context.hasRenderStage || context.isRendered(item: item))
      if !quiet { return false }
    }
    return true
  }

  private func bind(_ item: Int, priority: FetchPriority, _ context: some StrategyContext) {
    let nested = context.subItemWindow(ofItem: item)
    if priority != .visible && !nested.isEmpty {
      // A prefetched row holding a nested RecyclerView: GapWorker also prefetches the nested
      // list's first `initial_prefetch_item_count` items from its anchor
      // (`collectInitialPrefetchPositions`); the rest bind when the row shows.
      context.requestSubItemMedia(
        item: item, subItems: nested.lowerBound..<(nested.lowerBound + initialPrefetch), priority: priority)
    } else if !nested.isEmpty {
      // A carousel row on screen: its nested RecyclerView lays out every cell its window shows,
      // binding those GapWorker did not prefetch, whether or not the prefetched ones' images are
      // still on their way (the engine asks only for cells with neither).
      context.requestMedia(item: item, priority: .visible)
      context.setMediaPriority(item: item, priority: .visible)
    } else if context.needsMedia(item: item) {
      if context.isMediaInFlight(item: item) {
        if priority == .visible { context.setMediaPriority(item: item, priority: .visible) }
      } else {
        context.requestMedia(item: item, priority: priority)
      }
    }
    if context.hasRenderStage && !context.isRendered(item: item) { context.setRenderWanted(item: item, true) }
  }
}
