/// The feed as the client has it: which pages are applied or on their way, the rows laid out,
/// whether the end is known, and what is known about each item (`ItemTable`).
///
/// Reads on the engine's hot path go straight to the stored fields (`feed.items.complete[item]`):
/// a non-mutating method call on a component stored in the engine copies the whole component
/// (every array in it retained and released), so queries that run per frame or per row live
/// in the coordinator, over these fields.
///
/// With cursor pagination pages apply in order and rows are appended; with offset pagination the
/// first response lays out every row as a placeholder and pages replace their rows in place.
///
/// Without placeholders (`hidePlaceholders()`, Paging 3's `enablePlaceholders = false`) the list
/// presents loaded rows only: a row not loaded is laid out with no height, so it takes no place
/// on screen, and the content ends at the loaded rows. Row indices stay item indices.
struct FeedState: Sendable {
  /// Heights, media sizes, page sizes and apply delays for the run's seed.
  let content: FeedContent
  let plan: PagePlan
  let isOffsetPagination: Bool
  /// Some items can carry media (`FeedContent.canHaveMedia`).
  let hasMedia: Bool
  /// `feed.footer_height_pt`: the loading footer's height while more pages may come (see
  /// `Simulation.footerHeightPt`).
  let loadingFooterPt: Double
  /// A chat whose prepends are not anchored: each page applied after first content pushes the
  /// viewport by its height (`feed.opens_at: "end"`, `anchor_prepends: false`).
  let prependsPushViewport: Bool
  private let endSignal: EndSignal
  /// With a render stage a row is complete only once rendered, even without media.
  private let rendersItems: Bool
  private(set) var layout: FeedLayout
  var pages = PageTable()
  /// Offset pagination only (cursor feeds apply pages in order and need no index).
  private var unapplied: UnappliedPageIndex
  /// Pages laid out, cursor pagination (always a prefix of the feed; all applied unless some
  /// were dropped since, see `drop(_:)`).
  private(set) var appliedPageCount = 0
  /// Cursor pagination: the applied pages are `firstAppliedPage..<appliedEndPage`, a run inside
  /// the laid-out prefix (the whole prefix until a page is dropped).
  private(set) var firstAppliedPage = 0
  private(set) var appliedEndPage = 0
  private(set) var endKnown = false
  /// Offset pagination: a page with a placeholder on screen is requested by the engine itself
  /// (`PrefetchStrategy.loadsVisiblePlaceholderPages`).
  var loadsVisiblePlaceholderPages = true
  /// Unloaded rows are shown as placeholders (dropped pages keep their place); false after
  /// `hidePlaceholders()`.
  private(set) var presentsPlaceholders = true
  /// More rows may still come below the presented content, so a viewport held at its end waits
  /// (stalls) rather than resting at the feed's end: cursor pagination until the end is known,
  /// never with offset placeholders (they stand in for every row). Kept stored: read every frame.
  private(set) var mayGrowBelow: Bool
  /// Items whose page has been applied.
  private(set) var loadedItemCount = 0
  var items = ItemTable()
  /// Carousel rows' windows and sub-items' images (`feed.carousel`).
  var carousels: CarouselTable
  /// The server's changes (`feed.changes`) and what they make the rows show.
  var changes: FeedChangeTracker
  /// The user pulled to refresh and the new list's first page is not in yet: strategies are not
  /// consulted until it is (it is their `start` again).
  private(set) var awaitsRefreshedContent = false
  /// The first request issued after the last refresh (0 before one): responses to earlier
  /// requests belong to a list that is gone and are never inserted.
  private(set) var firstRequestOfList = 0
  /// What the feed was built from, to build it again with another first page.
  private let spec: FeedSpec
  private let seed: UInt64

  init(spec: FeedSpec, seed: UInt64, rendersItems: Bool) {
    self.spec = spec
    self.seed = seed
    content = FeedContent(spec: spec, seed: seed)
    plan = content.plan
    isOffsetPagination = spec.pagination == .offset
    hasMedia = content.canHaveMedia
    loadingFooterPt = spec.footerHeightPt
    prependsPushViewport = spec.opensAt == .end && !spec.anchorPrepends
    endSignal = spec.endSignal
    self.rendersItems = rendersItems
    layout = FeedLayout(
      pagination: spec.pagination, placeholderHeightPt: spec.placeholderHeightPt, columns: spec.columns)
    mayGrowBelow = spec.pagination == .cursor
    unapplied = UnappliedPageIndex(pageCount: isOffsetPagination ? content.plan.pageCount : 0)
    items.reserveCapacity(min(spec.totalItems, ItemTable.initialCapacity))
    changes = FeedChangeTracker(spec: spec.changes, pagination: spec.pagination, seed: seed)
    carousels = CarouselTable(spec: spec.carousel)
  }

  /// `feed.page_size`: the items the client asks for per page (the server may send fewer).
  var requestedPageSize: Int { spec.pageSize }

  /// Rebuilds the feed with a first page of `items` (the server's cap still applies). Only
  /// before the first request.
  mutating func resizeInitialPage(to items: Int) {
    guard items != spec.initialPageSize else { return }
    var changed = spec
    changed.initialPageSize = max(1, items)
    let placeholders = presentsPlaceholders
    self = FeedState(spec: changed, seed: seed, rendersItems: rendersItems)
    if !placeholders { hidePlaceholders() }
  }

  /// `content.pageBytes(ofPage:)`. Mutating only so that the engine's call borrows the state in
  /// place: a non-mutating call through the engine's variable copies the whole content first.
  @inline(__always)
  mutating func pageBytes(ofPage page: Int) -> Int64 { content.pageBytes(ofPage: page) }

  /// `content.applyDelayUs(ofPage:)`, mutating for the same reason as `pageBytes(ofPage:)`.
  @inline(__always)
  mutating func applyDelayUs(ofPage page: Int) -> Int64 { content.applyDelayUs(ofPage: page) }

  /// The list presents loaded rows only (Paging 3 with `enablePlaceholders = false`): with
  /// offset pagination the rows not loaded are laid out with no height, so the content ends at
  /// the loaded rows and more may come below; with either pagination a dropped page's rows lose
  /// their height (`drop(_:anchor:started:)`). Only before the first request.
  mutating func hidePlaceholders() {
    presentsPlaceholders = false
    layout = FeedLayout(pagination: layout.pagination, placeholderHeightPt: 0, columns: layout.columns)
    refreshGrowth()
  }

  /// Recomputes `mayGrowBelow` after pages were applied or dropped. With placeholders: cursor
  /// pagination until the end is known. Without: cursor pagination while dropped pages wait
  /// below the applied run or the end is unknown; offset pagination until the last page is
  /// presented (the presented pages are one run: Paging loads and drops at its ends).
  private mutating func refreshGrowth() {
    if isOffsetPagination {
      mayGrowBelow = !presentsPlaceholders && plan.pageCount > 0 && !pages.applied[plan.pageCount - 1]
    } else {
      mayGrowBelow = !endKnown || (!presentsPlaceholders && appliedEndPage < appliedPageCount)
    }
  }

  // MARK: Refreshing

  /// The user pulled to refresh at `nowUs`: every page is gone, as before the first request —
  /// no row laid out, nothing loaded or known of the end — and the server's list as it is now is
  /// the one fetched from here on (`FeedChangeTracker.refreshed`); responses to the requests
  /// issued before (ids below `requestsIssued`) are never inserted. The placeholder choice made
  /// for the run stays. Media, renders and requests are the caller's to release first.
  /// O(1) plus freeing the tables.
  mutating func refresh(atUs nowUs: Int64, requestsIssued: Int) {
    firstRequestOfList = requestsIssued
    layout = FeedLayout(
      pagination: layout.pagination, placeholderHeightPt: presentsPlaceholders ? spec.placeholderHeightPt : 0,
      columns: layout.columns)
    pages.refreshed()
    unapplied = UnappliedPageIndex(pageCount: isOffsetPagination ? plan.pageCount : 0)
    appliedPageCount = 0
    firstAppliedPage = 0
    appliedEndPage = 0
    endKnown = false
    loadedItemCount = 0
    items.refreshed()
    carousels.refreshed()
    changes.refreshed(atUs: nowUs)
    awaitsRefreshedContent = true
    refreshGrowth()
  }

  /// The refreshed list's first page is in (`awaitsRefreshedContent` was true).
  mutating func refreshedContentArrived() { awaitsRefreshedContent = false }

  // MARK: Frontier

  /// The loaded edge in `direction` and the page that would extend it, for a viewport whose top
  /// is at `viewportOffsetPt`; nil before first content, once the end is known, or towards the
  /// head with cursor pagination.
  @inline(__always)
  mutating func loadFrontier(_ direction: ScrollDirection, viewportOffsetPt: Double, started: Bool)
    -> LoadFrontier?
  {
    if isOffsetPagination {
      return offsetFrontier(direction, viewportOffsetPt: viewportOffsetPt, started: started)
    }
    if firstAppliedPage > 0 || appliedEndPage < appliedPageCount {
      return started ? droppedCursorFrontier(direction) : nil
    }
    guard direction == .down, !endKnown, started else { return nil }
    // Pages apply in order with cursor pagination: the newest is the one before the next.
    return LoadFrontier(
      page: appliedPageCount, direction: .down, edgePt: layout.contentHeightPt, runStartPt: 0,
      adjacentPage: appliedPageCount - 1)
  }

  /// Cursor pagination after a drop: the run's edges, where dropped pages wait to be fetched
  /// again (PREPEND above, APPEND below); below the laid-out rows, the next page as usual.
  private func droppedCursorFrontier(_ direction: ScrollDirection) -> LoadFrontier? {
    // Going up, the rows above show the dropped page once the bottom of the row holding its last
    // item does (in a grid that row may hold the run's first items too).
    let runFirst = plan.firstItem(ofPage: firstAppliedPage)
    let runTop = runFirst > 0 ? layout.bottomPt(ofItem: runFirst - 1) : 0
    let runBottom = layout.topPt(ofItem: min(layout.rowCount, plan.firstItem(ofPage: appliedEndPage)))
    if direction == .up {
      guard firstAppliedPage > 0 else { return nil }
      return LoadFrontier(
        page: firstAppliedPage - 1, direction: .up, edgePt: runTop, runStartPt: runBottom,
        adjacentPage: firstAppliedPage)
    }
    guard appliedEndPage < appliedPageCount || !endKnown else { return nil }
    return LoadFrontier(
      page: appliedEndPage, direction: .down, edgePt: runBottom, runStartPt: runTop,
      adjacentPage: appliedEndPage - 1)
  }

  /// The run of applied pages around the viewport is (above, below), both unapplied or past the
  /// feed's ends; its edge in `direction` is the frontier. O(log rows).
  private mutating func offsetFrontier(_ direction: ScrollDirection, viewportOffsetPt: Double, started: Bool)
    -> LoadFrontier?
  {
    guard started, layout.rowCount > 0 else { return nil }
    let anchorItem = min(layout.item(atPt: max(0, viewportOffsetPt)), layout.rowCount - 1)
    let anchorPage = plan.page(ofItem: anchorItem)
    let below = unapplied.nextUnapplied(from: anchorPage)
    let above = unapplied.previousUnapplied(from: anchorPage)
    let runTop = above < 0 ? 0 : layout.bottomPt(ofItem: plan.items(ofPage: above).upperBound - 1)
    let runBottom =
      below >= plan.pageCount ? layout.contentHeightPt : layout.topPt(ofItem: plan.firstItem(ofPage: below))
    if direction == .down {
      guard below < plan.pageCount else { return nil }
      return LoadFrontier(
        page: below, direction: .down, edgePt: runBottom, runStartPt: runTop,
        adjacentPage: below - 1 > above ? below - 1 : nil)
    } else {
      guard above >= 0 else { return nil }
      return LoadFrontier(
        page: above, direction: .up, edgePt: runTop, runStartPt: runBottom,
        adjacentPage: above + 1 < below ? above + 1 : nil)
    }
  }

  // MARK: Applying pages

  /// Page `page`'s rows are going in: it counts as applied from now on.
  mutating func markApplied(_ page: Int) {
    pages.markApplied(page)
    loadedItemCount += plan.itemCount(ofPage: page)
    if isOffsetPagination { unapplied.markApplied(page) }
  }

  /// Cursor pagination: appends the page's rows; the end becomes known from the last page (or,
  /// with `empty_page`, from an empty one). A dropped page fetched again is restored in place;
  /// without placeholders its rows get their heights back, keeping row `anchor` (the first
  /// visible row, once `started`) where it is on screen: returns the offset shift that takes,
  /// pt, or nil when nothing above it changed.
  mutating func appendRows(ofPage page: Int, anchor: Int, started: Bool) -> Double? {
    let rows = plan.items(ofPage: page)
    defer { refreshGrowth() }
    if page < appliedPageCount {
      // A dropped page fetched again: its rows never left the layout.
      if page == firstAppliedPage - 1 {
        firstAppliedPage = page
      } else if page == appliedEndPage {
        appliedEndPage += 1
      }
      let anchorTopBefore = started && anchor < layout.rowCount ? layout.topPt(ofItem: anchor) : 0
      for item in rows {
        if !presentsPlaceholders { layout.replace(item: item, heightPt: content.heightPt(ofItem: item)) }
        markRowLoaded(item)
      }
      guard !presentsPlaceholders && started && anchor < layout.rowCount && rows.lowerBound < anchor else {
        return nil
      }
      return layout.topPt(ofItem: anchor) - anchorTopBefore
    }
    if page == appliedPageCount {
      if appliedEndPage == appliedPageCount { appliedEndPage += 1 }
      appliedPageCount += 1
    }
    // The rows after the table's end are appended as they load (`markRowLoaded`).
    items.ensureCount(rows.lowerBound)
    for item in rows {
      layout.append(heightPt: content.heightPt(ofItem: item))
      markRowLoaded(item)
    }
    switch endSignal {
    case .flag: if rows.upperBound >= plan.totalItems { endKnown = true }
    case .emptyPage: if rows.isEmpty { endKnown = true }
    }
    return nil
  }

  /// Offset pagination: the first response lays out every row as a placeholder (the total is
  /// known); the page's rows replace their placeholders. Keeps row `anchor` (the first visible
  /// row, once the session has `started`) where it is on screen when rows above it change height:
  /// returns the offset shift that takes, pt, or nil when nothing above it changed. Without
  /// placeholders the rows had no height: a page above the viewport is a PREPEND inserted
  /// anchored, one below grows the content.
  mutating func replacePlaceholders(ofPage page: Int, anchor: Int, started: Bool) -> Double? {
    defer { refreshGrowth() }
    if layout.rowCount == 0 {
      layout.layOutPlaceholders(count: plan.totalItems)
      endKnown = true
    }
    let rows = plan.items(ofPage: page)
    items.ensureCount(rows.lowerBound)
    let anchorTopBefore = started && anchor < layout.rowCount ? layout.topPt(ofItem: anchor) : 0
    for item in rows {
      layout.replace(item: item, heightPt: content.heightPt(ofItem: item))
      markRowLoaded(item)
    }
    guard started && anchor < layout.rowCount && rows.lowerBound < anchor else { return nil }
    return layout.topPt(ofItem: anchor) - anchorTopBefore
  }

  // MARK: Dropping pages

  /// Cursor pagination: `page` is an edge of an applied run of more than one page (what
  /// `drop(_:)` accepts there: the run stays one run).
  func canDropCursorPage(_ page: Int) -> Bool {
    appliedEndPage - firstAppliedPage > 1 && (page == firstAppliedPage || page == appliedEndPage - 1)
  }

  /// Page `page` (applied) is no longer loaded, as Paging 3 drops a page over `maxSize`. With
  /// placeholders its rows keep their place and height in the layout and read as placeholders
  /// (not loaded, incomplete) until the page is fetched and applied again. Without them the
  /// rows lose their height (the list removes them) and row `anchor` (the first visible row,
  /// once `started`) keeps its place on screen: returns the offset shift that takes (negative:
  /// rows above it went), pt, or nil when nothing above it changed. A delivered page whose rows
  /// were never on screen stays unused. Media and render state are the caller's. The requests
  /// issued so far (ids below `requestsIssued`) for an unapplied page next to it become stale:
  /// their responses are not to be inserted (`pages.firstCurrentRequest`).
  /// O(rows of the page), plus O(pages in its applied run) with offset pagination; without
  /// placeholders O(rows of the page × log rows).
  mutating func drop(_ page: Int, anchor: Int, started: Bool, requestsIssued: Int) -> Double? {
    defer { refreshGrowth() }
    pages.markDropped(page)
    // A load out past this end was asked for to extend the run from the edge it had; inserted
    // now, it would leave a gap (with cursor pagination, rows that are not the applied run).
    // Paging 3 moves the dropped end to a new generation and skips inserts from older ones
    // (`PageFetcherSnapshotState.drop` and `insert`).
    if page > 0 && !pages.applied[page - 1] { pages.markStale(page - 1, before: requestsIssued) }
    if page + 1 < plan.pageCount && !pages.applied[page + 1] {
      pages.markStale(page + 1, before: requestsIssued)
    }
    loadedItemCount -= plan.itemCount(ofPage: page)
    if isOffsetPagination {
      unapplied.markUnapplied(page)
    } else if page == firstAppliedPage {
      firstAppliedPage += 1
    } else {
      appliedEndPage = page
    }
    for item in plan.items(ofPage: page) where item < items.count {
      items.contentDropped(item)
      if carousels.isActive { carousels.contentDropped(item) }
    }
    guard !presentsPlaceholders else { return nil }
    let rows = plan.items(ofPage: page).clamped(to: 0..<layout.rowCount)
    let anchorTopBefore = started && anchor < layout.rowCount ? layout.topPt(ofItem: anchor) : 0
    for item in rows { layout.replace(item: item, heightPt: 0) }
    guard started && anchor < layout.rowCount && rows.lowerBound < anchor else { return nil }
    return layout.topPt(ofItem: anchor) - anchorTopBefore
  }

  /// Item `item` (in the table, or the next one after it) is loaded.
  private mutating func markRowLoaded(_ item: Int) {
    if carousels.isActive && content.isCarousel(item: item) {
      let content = content
      let complete = carousels.rowLoaded(item) { content.subItemMediaBytes(ofItem: item, subItem: $0) }
      items.markLoaded(item, mediaBytes: 0, complete: complete)
      return
    }
    let bytes = content.mediaBytes(ofItem: item)
    items.markLoaded(item, mediaBytes: bytes, complete: bytes == 0 && !rendersItems)
  }

  /// Debug builds: loaded items within the feed; with cursor pagination the rows are exactly the
  /// applied pages' items.
  func checkInvariants() {
    assert(loadedItemCount >= 0 && loadedItemCount <= plan.totalItems, "more items loaded than the feed has")
    assert(
      isOffsetPagination
        || loadedItemCount == plan.firstItem(ofPage: appliedEndPage)
          - plan.firstItem(ofPage: firstAppliedPage),
      "cursor loaded items are not the applied run")
    assert(
      isOffsetPagination || appliedPageCount == 0
        || layout.rowCount == plan.firstItem(ofPage: appliedPageCount),
      "cursor rows are not the applied pages")
  }
}
