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
/// Per call: O(log rows).
public struct Paging3Loader: Sendable {
  /// Items; nil: the feed's page size (`PagingConfig.prefetchDistance = pageSize`).
  public let prefetchDistance: Int?
  /// Items; nil: off (`COUNT_UNDEFINED`).
  public let jumpThreshold: Int?
  /// Items the refresh after a jump loads (`initialLoadSize`); nil: 3 × the page size.
  public let refreshItems: Int?

  public init(prefetchDistance: Int?, jumpThreshold: Int?, refreshItems: Int?) {
    self.prefetchDistance = prefetchDistance
    self.jumpThreshold = jumpThreshold
    self.refreshItems = refreshItems
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
