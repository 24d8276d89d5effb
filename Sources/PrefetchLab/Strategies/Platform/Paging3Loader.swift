/// Jetpack Paging 3's load loop (androidx `paging/paging-common/.../PageFetcherSnapshot.kt`),
/// shared by `paging3` and `recyclerview`.
///
/// An access is a row being bound; RecyclerView binds rows as they enter the viewport, so the
/// accesses that matter are the first and last visible rows. For each direction on its own
/// (APPEND down, PREPEND up — only APPEND with cursor pagination), while the loaded items beyond
/// the latest access number fewer than `prefetchDistance`, one page is loaded; the next waits
/// until it is in (one load at a time per direction), and a load is never cancelled because the
/// user scrolled. With a `jumpThreshold`, an access further than that many items outside the
/// loaded run refreshes: the loads of the old generation are cancelled and the pages around the
/// user are requested directly (offset pagination, where a far jump lands on placeholders).
///
/// With a `maxSize`, each page applied is followed by Paging's drop step
/// (`PageFetcherSnapshotState.dropEventOrNull`, called from `PageFetcherSnapshot.doLoad` for the
/// side opposite the load): see `dropOverMaxSize(after:in:)`. Dropped pages keep their rows as
/// placeholders, or leave the list without placeholders (`StrategyContext.dropPage(_:)`), and
/// are loaded again by the same loop when the user comes back to them. The loop counts items
/// from the latest access to the run's edge, which is the presented list's edge without
/// placeholders: PREPEND then fires within `prefetchDistance` of the first presented item, as
/// Paging's `presentedItemsBefore` does.
///
/// Per call: O(log rows); the drop step O(pages in the loaded run + rows dropped).
public struct Paging3Loader: Sendable {
  /// Items; nil: the feed's page size (`PagingConfig.prefetchDistance = pageSize`).
  public let prefetchDistance: Int?
  /// Items; nil: off (`COUNT_UNDEFINED`).
  public let jumpThreshold: Int?
  /// Items the refresh after a jump loads (`initialLoadSize`); nil: 3 × the page size.
  public let refreshItems: Int?
  /// Items the loaded run may hold before pages are dropped (`PagingConfig.maxSize`); nil:
  /// unbounded (`MAX_SIZE_UNBOUNDED`), nothing is ever dropped.
  public let maxSize: Int?

  public init(prefetchDistance: Int?, jumpThreshold: Int?, refreshItems: Int?, maxSize: Int? = nil) {
    self.prefetchDistance = prefetchDistance
    self.jumpThreshold = jumpThreshold
    self.refreshItems = refreshItems
    self.maxSize = maxSize
  }

  /// Paging's drop step after page `loaded` was applied, when `maxSize` is set. The loaded run
  /// is the applied pages around the viewport. Nothing is dropped while it holds 2 pages or
  /// fewer or at most `maxSize` items. A page that loaded below the first visible row was an
  /// APPEND: pages go from the top while the run exceeds `maxSize`, but only while at least
  /// `prefetchDistance` loaded items stay between the run's new top and the latest access (the
  /// last visible row, the access nearest the end); a PREPEND drops from the bottom against the
  /// first visible row. So no row within `prefetchDistance` items of that access is ever
  /// dropped, nor any row on screen (`dropPage` refuses those, which ends the step).
  @inline(__always)
  public func dropOverMaxSize(after event: StrategyEvent, in context: some StrategyContext) {
    guard case .pageApplied(let loaded) = event, let maxSize else { return }
    dropPages(maxSize: maxSize, loaded: loaded, context)
  }

  // Out of line: the per-frame `update` of the strategies that own this loader stays as small as
  // it was without `max_size`.
  @inline(never)
  private func dropPages(maxSize: Int, loaded: Int, _ context: some StrategyContext) {
    let visible = context.visibleItems
    guard !visible.isEmpty else { return }
    guard
      var first = stride(
        from: context.page(ofItem: visible.lowerBound), through: context.page(ofItem: visible.upperBound - 1),
        by: 1
      ).first(where: { context.isPageApplied($0) })
    else { return }
    var last = first
    while context.isPageApplied(first - 1) { first -= 1 }
    while context.isPageApplied(last + 1) { last += 1 }
    guard last - first + 1 > 2 else { return }
    var stored = context.items(ofPage: last).upperBound - context.items(ofPage: first).lowerBound
    let distance = prefetchDistance ?? context.pageSizeItems
    if context.items(ofPage: loaded).lowerBound > visible.lowerBound {
      let access = visible.upperBound - 1
      while first < last && stored > maxSize {
        let rows = context.items(ofPage: first)
        // Loaded items left between the run's top and the access once this page goes.
        guard access - rows.upperBound >= distance, context.dropPage(first) else { return }
        stored -= rows.count
        first += 1
      }
    } else {
      let access = visible.lowerBound
      while first < last && stored > maxSize {
        let rows = context.items(ofPage: last)
        guard rows.lowerBound - access - 1 >= distance, context.dropPage(last) else { return }
        stored -= rows.count
        last -= 1
      }
    }
  }

  @inline(__always)
  public func update(in context: some StrategyContext) {
    let visible = context.visibleItems
    guard !visible.isEmpty else { return }
    let distance = prefetchDistance ?? context.pageSizeItems
    if let jumpThreshold, refreshAfterJump(visible, threshold: jumpThreshold, context) { return }
    load(.down, visible: visible, distance: distance, context)
    load(.up, visible: visible, distance: distance, context)
  }

  /// One direction's loop step: a page while the loaded items between the latest access and the
  /// run's edge that way are fewer than `distance`.
  @inline(__always)
  private func load(
    _ direction: ScrollDirection, visible: Range<Int>, distance: Int, _ context: some StrategyContext
  ) {
    guard let frontier = context.loadFrontier(direction) else { return }
    let beyond =
      direction == .down
      ? context.items(ofPage: frontier.page).lowerBound - visible.upperBound
      : visible.lowerBound - context.items(ofPage: frontier.page).upperBound
    if beyond < distance { context.requestPage(direction, guardInFlight: true) }
  }

  /// A jump further than `threshold` items from the loaded run: Paging invalidates and reloads
  /// at the user's position. Returns true when it did.
  private func refreshAfterJump(_ visible: Range<Int>, threshold: Int, _ context: some StrategyContext)
    -> Bool
  {
    guard context.pagination == .offset, !context.isLoaded(item: visible.lowerBound) else { return false }
    var nearestLoaded: Int?
    for direction in [ScrollDirection.down, .up] {
      guard let frontier = context.loadFrontier(direction), frontier.adjacentPage != nil else { continue }
      let rows = context.items(ofPage: frontier.page)
      let gap =
        direction == .down ? visible.lowerBound - rows.lowerBound : rows.upperBound - visible.upperBound
      nearestLoaded = min(nearestLoaded ?? .max, max(0, gap))
    }
    guard let gap = nearestLoaded, gap > threshold else { return false }
    context.cancelPageRequest(.down)
    context.cancelPageRequest(.up)
    let half = (refreshItems ?? 3 * context.pageSizeItems) / 2
    let first = context.page(ofItem: max(0, visible.lowerBound - half))
    let last = context.page(ofItem: visible.upperBound + half)
    for page in first...min(last, context.pageCount - 1) { context.requestPage(index: page) }
    return true
  }
}
