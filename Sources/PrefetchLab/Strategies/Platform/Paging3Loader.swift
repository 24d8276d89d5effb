/// Jetpack Paging 3's load loop, shared by `paging3` and `recyclerview`. Sources, androidx/androidx
/// `paging/paging-common/src/commonMain/kotlin/androidx/paging/`: `PageFetcherSnapshot.kt`
/// @ 087c334fadf8 (`doLoad`, `nextLoadKeyOrNull`, `startConsumingHints`), `HintHandler.kt`
/// @ 0ee887e405f7 (`processHint`, `shouldPrioritizeOver`), `PageFetcherSnapshotState.kt`
/// @ 577c15b7aa49 (`dropEventOrNull`, `drop`, `insert`), `PagingConfig.kt` @ 0ee887e405f7.
///
/// - The loaded data is one run of pages (`PageFetcherSnapshotState.pages`): APPEND extends it
///   below, PREPEND above, a drop takes pages off its ends, a refresh replaces it.
/// - An access is a row being bound: RecyclerView binds rows as they enter the viewport, and
///   rebinds the rows on screen whose placeholders a page replaced. A placeholder being bound is
///   an access like any other: nothing loads the page under it directly (the engine's own
///   loading of visible placeholders is off, `loadsVisiblePlaceholderPages`).
/// - `HintHandler` keeps one hint per direction. After the presented pages changed (an insert
///   or a drop changes `originalPageOffsetFirst/Last`), the next access replaces both; until the
///   next change an access replaces the APPEND hint only if it lies further down and the PREPEND
///   hint only if further up. So scrolling down after a drop moves the PREPEND hint down with
///   the bound rows: the first visible row is not an access, having been bound already.
/// - Per direction one page at a time (`doLoad`'s loop): a page while the loaded items beyond the
///   hint (`presentedItemsAfter`, negative for a placeholder past the run) are fewer than
///   `prefetchDistance` (`nextLoadKeyOrNull`). An access far past the run thus chains page after
///   page from the run's edge until `prefetchDistance` items lie past it. Scrolling cancels
///   nothing.
/// - `jumpThreshold` (offset pagination): a hint more than that many items outside the run
///   (`startConsumingHints`: `-presentedItemsBefore` or `-presentedItemsAfter` above the
///   threshold) invalidates; the new generation REFRESHes `initialLoadSize` items from
///   `max(0, access - initialLoadSize / 2)` (the clipped refresh key of Room's offset source,
///   `PagingSource.getRefreshKey`). Modelled as: the running loads are cancelled, the run's pages
///   dropped, and the pages holding those items requested at once (one request per page, the
///   engine's pages being fixed); hints wait until they are all in, as hints wait for the
///   REFRESH (`startConsumingHints` runs after `doInitialLoad`). A load whose response has come
///   (waiting out its apply delay) cannot be cancelled: the drops make it stale, as the new
///   generation makes the old one's, and the refresh asks for its page when it is discarded.
/// - `maxSize`: after each APPEND (PREPEND) pages go from the top (bottom) while the run holds
///   more than `maxSize` items and held more than 2 pages, each only if the loaded items left
///   between the run's edge and the direction's hint stay at least `prefetchDistance`
///   (`dropEventOrNull`); a page on screen is never dropped (`StrategyContext.dropPage` refuses).
///   Because the PREPEND hint follows the rows bound while scrolling down, a top page dropped by
///   an APPEND does not come straight back as a PREPEND, even with `maxSize` at its least,
///   `pageSize + 2 * prefetchDistance` below a screenful (see `docs/strategies.md`).
/// - A drop moves that end to a new generation (`drop`): a load out towards it when the drop
///   came is not inserted when it returns (`insert` skips an older generation's page, and
///   `doLoad` ends its loop there). The engine does the skipping (`StrategyContext.dropPage`),
///   where the page would have been applied, and reports `.pageDiscarded`. Until then that
///   direction stays busy: its loads run one at a time, and Paging lets the old load finish
///   rather than cancel it (`collectAsGenerationalViewportHints` switches the hints to the new
///   generation, not the load in progress). Since the drop also cleared the direction's hint,
///   the next load that way, from the new edge, waits for the next access.
///
/// Per call: O(rows entering the viewport + log rows); a drop or refresh O(pages in the run).
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

  /// The loaded run's first and last pages; nil before first content and during a refresh.
  private(set) var run: ClosedRange<Int>?
  /// Rows bound at the last call: the viewport.
  private var bound: Range<Int> = 0..<0
  /// The item of the APPEND hint and of the PREPEND hint; nil after a drop on that side, until
  /// the next access (a drop restarts that direction's hint flow without its current hint:
  /// `collectAsGenerationalViewportHints`, `.drop(1)`, "Prevent infinite loop when competing
  /// PREPEND / APPEND cancel each other").
  private(set) var appendHint: Int?
  private(set) var prependHint: Int?
  /// False once the presented pages changed: the next access replaces both hints.
  private var hintsCurrent = false
  /// The page each direction's load is fetching.
  private var appending: Int?
  private var prepending: Int?
  /// The pages a refresh asked for, and how many of them are still out.
  private var refreshPages: ClosedRange<Int>?
  private var refreshOutstanding = 0
  /// Pages of the refresh held by a load from before it whose response had come (waiting for its
  /// apply delay, so neither cancelled nor asked for again): the refresh's drops make it stale,
  /// and the page is asked for when it is discarded (`.pageDiscarded`).
  private var refreshAwaiting: [Int] = []

  public init(prefetchDistance: Int?, jumpThreshold: Int?, refreshItems: Int?, maxSize: Int? = nil) {
    self.prefetchDistance = prefetchDistance
    self.jumpThreshold = jumpThreshold
    self.refreshItems = refreshItems
    self.maxSize = maxSize
  }

  /// Reacts to `event`: notes pages in or failed, the rows bound, a jump; drops over `maxSize`
  /// after a load; asks for the next page per direction.
  public mutating func update(after event: StrategyEvent, in context: some StrategyContext) {
    catchUp(context)
    var loadedDirection: ScrollDirection?
    var pagesChanged = true
    switch event {
    case .pageApplied(let page):
      loadedDirection = pageEnded(page, applied: true, context)
    case .fetchFailed(.page(let page)):
      _ = pageEnded(page, applied: false, context)
    case .pageDiscarded(let page):
      if !refreshAsksAgain(for: page, context) { _ = pageEnded(page, applied: false, context) }
    case .start:
      break
    default:
      pagesChanged = false
    }
    let visible = context.visibleItems
    // No row bound and no page in or failed: the hints, the run and the loads in flight are as
    // the last call left them, and so is every decision below (the per-frame common case).
    guard !visible.isEmpty, pagesChanged || visible != bound || run == nil else { return }
    if run == nil && refreshPages == nil {
      run = appliedRun(around: context.page(ofItem: visible.lowerBound), context)
    }
    noteAccesses(visible, event: event, context)
    guard refreshPages == nil, let run else { return }
    let distance = prefetchDistance ?? context.pageSizeItems
    if let jumpThreshold, context.pagination == .offset, jumped(run, threshold: jumpThreshold, context) {
      return
    }
    if let loadedDirection, let maxSize {
      dropOverMaxSize(maxSize, after: loadedDirection, distance, context)
    }
    load(distance: distance, context)
  }

  /// Rows `items` accessed outside the viewport, after `update` for the same event: a list that
  /// reads its items while composing rows ahead (Compose's `LazyPagingItems.get` in a prefetched
  /// item) sends their hints too. The hints move as for rows bound; then the loads they start.
  /// Nothing during a refresh, before first content, or for no rows.
  public mutating func access(_ items: Range<Int>, in context: some StrategyContext) {
    guard !items.isEmpty, refreshPages == nil, run != nil else { return }
    noteAccess(lowest: items.lowerBound, highest: items.upperBound - 1)
    load(distance: prefetchDistance ?? context.pageSizeItems, context)
  }

  /// A page request ended (its page applied, failed for good, or discarded as stale after a
  /// drop): the direction whose load it was, if one was.
  private mutating func pageEnded(_ page: Int, applied: Bool, _ context: some StrategyContext)
    -> ScrollDirection?
  {
    if applied { hintsCurrent = false }
    if let pages = refreshPages, pages.contains(page) {
      refreshAwaiting.removeAll { $0 == page }
      refreshOutstanding -= 1
      if refreshOutstanding <= 0 {
        refreshPages = nil
        run = appliedRun(around: pages.lowerBound, context) ?? appliedRun(around: pages.upperBound, context)
      }
      return nil
    }
    var direction: ScrollDirection?
    if page == appending {
      appending = nil
      direction = .down
    } else if page == prepending {
      prepending = nil
      direction = .up
    }
    if applied, let current = run, page == current.upperBound + 1 || page == current.lowerBound - 1 {
      run = min(page, current.lowerBound)...max(page, current.upperBound)
    }
    return applied ? direction : nil
  }

  /// The applied pages next to each other around `page`, or nil if it is not applied.
  private func appliedRun(around page: Int, _ context: some StrategyContext) -> ClosedRange<Int>? {
    guard context.isPageApplied(page) else { return nil }
    var first = page
    var last = page
    while context.isPageApplied(first - 1) { first -= 1 }
    while last + 1 < context.pageCount && context.isPageApplied(last + 1) { last += 1 }
    return first...last
  }

  /// The rows the engine showed without calling (quiet frames under a band across row changes,
  /// `StrategyContext.rowsShownWithoutConsultation`) are bound as the `.frame` calls in those
  /// frames would have bound them, before anything else this call does (a page applied changes
  /// the presented pages, and the next access then replaces both hints): each call bound the rows
  /// entering and moved the hints; over several calls only the furthest row each way counts, the
  /// first call that binds replacing both hints when they are not current and the others moving
  /// them outwards, so the run of rows entered binds as those calls did. No such call started a
  /// load (`quietTopsAcrossRows`), and none had anything else to do.
  mutating func catchUp(_ context: some StrategyContext) {
    guard let unconsulted = context.rowsShownWithoutConsultation else { return }
    let entered = unconsulted.entered
    if !entered.isEmpty { noteAccess(lowest: entered.lowerBound, highest: entered.upperBound - 1) }
    bound = unconsulted.shown
  }

  /// The rows bound since the last call (entering the viewport; after a page applied, its rows on
  /// screen, rebound) update the hints as `HintHandler.processHint` does.
  private mutating func noteAccesses(
    _ visible: Range<Int>, event: StrategyEvent, _ context: some StrategyContext
  ) {
    var lowest = Int.max
    var highest = Int.min
    func bind(_ rows: Range<Int>) {
      guard !rows.isEmpty else { return }
      lowest = min(lowest, rows.lowerBound)
      highest = max(highest, rows.upperBound - 1)
    }
    if bound.isEmpty {
      bind(visible)
    } else {
      // The viewport less the rows bound before: above them and below them.
      bind(visible.lowerBound..<max(visible.lowerBound, min(visible.upperBound, bound.lowerBound)))
      bind(min(visible.upperBound, max(visible.lowerBound, bound.upperBound))..<visible.upperBound)
    }
    if case .pageApplied(let page) = event {
      bind(context.items(ofPage: page).clamped(to: visible))
    }
    bound = visible
    guard lowest <= highest else { return }
    noteAccess(lowest: lowest, highest: highest)
  }

  /// One call's accesses, rows `lowest` through `highest`, update the hints.
  private mutating func noteAccess(lowest: Int, highest: Int) {
    if hintsCurrent, let append = appendHint, let prepend = prependHint {
      appendHint = max(append, highest)
      prependHint = min(prepend, lowest)
    } else {
      appendHint = highest
      prependHint = lowest
      hintsCurrent = true
    }
  }

  /// The viewport tops over which `.frame` calls would start no load even as rows enter and
  /// leave, for a declaration across row changes (the returned `Wake`); nil when none
  /// can be made (offset pagination, a refresh, a hint dropped, the rows shown not the rows
  /// bound). Those calls would bind the rows entering, which the next call catches up on
  /// (`catchUp`), and start loads; so the band ends before a row whose binding would start one:
  /// a load starts once the row `distance` items inside the run's edge is bound, so the band ends
  /// before that row enters (checked with the visibility test itself, `QuietOffsets`). A direction
  /// whose load is in flight bounds nothing (its page comes with an event, which calls), nor does
  /// one whose load could not start now (the next call would ask in vain until an event).
  /// O(log rows).
  // Inlined: called on a stored property, the loader would be copied for the call.
  @inline(__always)
  func quietTopsAcrossRows(_ context: some StrategyContext) -> (low: Double, high: Double)? {
    guard context.pagination == .cursor, refreshPages == nil, let run, !bound.isEmpty,
      bound == context.visibleItems, let appendHint, let prependHint
    else { return nil }
    let distance = prefetchDistance ?? context.pageSizeItems
    let current = context.viewportOffsetPt
    let height = context.viewportHeightPt
    var band = (low: -Double.infinity, high: Double.infinity)
    let appendRow = context.items(ofPage: run.upperBound).upperBound - distance
    if appending == nil, appendHint < appendRow, appendRow >= 0, appendRow < context.rowCount {
      // Row `appendRow` is bound once it reaches into the viewport: its top below the bottom.
      let rowTop = context.topPt(ofItem: appendRow)
      let unseen = { (top: Double) in rowTop >= top + height }
      guard unseen(current) else { return nil }
      band.high = QuietOffsets.extent(
        from: current, toward: PageTrigger.roundedDown(rowTop - height), holds: unseen)
    }
    let prependRow = context.items(ofPage: run.lowerBound).lowerBound + distance - 1
    if prepending == nil, run.lowerBound > 0, prependHint > prependRow, prependRow >= 0,
      prependRow < context.rowCount
    {
      let rowBottom = context.topPt(ofItem: prependRow) + context.heightPt(ofItem: prependRow)
      let unseen = { (top: Double) in rowBottom <= top }
      guard unseen(current) else { return nil }
      band.low = QuietOffsets.extent(from: current, toward: PageTrigger.roundedUp(rowBottom), holds: unseen)
    }
    return band
  }

  /// One page per direction at a time, while fewer than `distance` loaded items lie beyond that
  /// direction's hint (`nextLoadKeyOrNull`).
  private mutating func load(distance: Int, _ context: some StrategyContext) {
    guard let run else { return }
    let cursor = context.pagination == .cursor
    if appending == nil, let appendHint,
      context.items(ofPage: run.upperBound).upperBound - 1 - appendHint < distance
    {
      if cursor {
        if let frontier = context.loadFrontier(.down), context.requestPage(.down) {
          appending = frontier.page
        }
      } else if run.upperBound + 1 < context.pageCount,
        context.requestPage(.index(run.upperBound + 1))
      {
        appending = run.upperBound + 1
      }
    }
    if prepending == nil, run.lowerBound > 0, let prependHint,
      prependHint - context.items(ofPage: run.lowerBound).lowerBound < distance
    {
      if cursor {
        if let frontier = context.loadFrontier(.up), context.requestPage(.up) {
          prepending = frontier.page
        }
      } else if context.requestPage(.index(run.lowerBound - 1)) {
        prepending = run.lowerBound - 1
      }
    }
  }

  /// A hint further than `threshold` items outside the run: refresh around it. Returns true
  /// when it did.
  private mutating func jumped(_ run: ClosedRange<Int>, threshold: Int, _ context: some StrategyContext)
    -> Bool
  {
    let firstLoaded = context.items(ofPage: run.lowerBound).lowerBound
    let lastLoaded = context.items(ofPage: run.upperBound).upperBound - 1
    let access: Int
    if let appendHint, appendHint - lastLoaded > threshold {
      access = appendHint
    } else if let prependHint, firstLoaded - prependHint > threshold {
      access = prependHint
    } else {
      return false
    }
    refresh(at: access, run, context)
    return true
  }

  private mutating func refresh(at access: Int, _ run: ClosedRange<Int>, _ context: some StrategyContext) {
    // A load whose response has come is past cancelling: the drops below make it stale.
    let held = [appending, prepending].compactMap { $0 }.filter { !context.cancelPageRequest(.index($0)) }
    appending = nil
    prepending = nil
    for page in run { context.dropPage(page) }
    self.run = nil
    hintsCurrent = false
    let size = refreshItems ?? 3 * context.pageSizeItems
    let firstItem = max(0, access - size / 2)
    let lastItem = min(context.rowCount - 1, firstItem + size - 1)
    let pages = context.page(ofItem: firstItem)...min(context.page(ofItem: lastItem), context.pageCount - 1)
    refreshOutstanding = 0
    refreshAwaiting = []
    for page in pages {
      if context.requestPage(.index(page)) {
        refreshOutstanding += 1
      } else if held.contains(page) {
        refreshAwaiting.append(page)
        refreshOutstanding += 1
      }
    }
    refreshPages = refreshOutstanding > 0 ? pages : nil
  }

  /// A page of the refresh whose stale response was just discarded is asked for now; true when
  /// it was (the refresh still waits for it).
  private mutating func refreshAsksAgain(for page: Int, _ context: some StrategyContext) -> Bool {
    guard let index = refreshAwaiting.firstIndex(of: page) else { return false }
    refreshAwaiting.remove(at: index)
    return context.requestPage(.index(page))
  }

  /// Paging's drop step after a load in `direction` (`dropEventOrNull` for the opposite side):
  /// see the type's notes.
  private mutating func dropOverMaxSize(
    _ maxSize: Int, after direction: ScrollDirection, _ distance: Int, _ context: some StrategyContext
  ) {
    guard var run = self.run, run.count > 2 else { return }
    var stored =
      context.items(ofPage: run.upperBound).upperBound - context.items(ofPage: run.lowerBound).lowerBound
    var dropped = false
    if direction == .down, let appendHint {
      // Loaded items before the APPEND hint (`presentedItemsBefore`).
      var before = appendHint - context.items(ofPage: run.lowerBound).lowerBound
      while run.count > 1 && stored > maxSize {
        let rows = context.items(ofPage: run.lowerBound)
        guard before - rows.count >= distance, context.dropPage(run.lowerBound) else { break }
        stored -= rows.count
        before -= rows.count
        run = (run.lowerBound + 1)...run.upperBound
        dropped = true
      }
      if dropped { prependHint = nil }
    } else if direction == .up, let prependHint {
      var after = context.items(ofPage: run.upperBound).upperBound - 1 - prependHint
      while run.count > 1 && stored > maxSize {
        let rows = context.items(ofPage: run.upperBound)
        guard after - rows.count >= distance, context.dropPage(run.upperBound) else { break }
        stored -= rows.count
        after -= rows.count
        run = run.lowerBound...(run.upperBound - 1)
        dropped = true
      }
      if dropped { appendHint = nil }
    }
    self.run = run
    if dropped { hintsCurrent = false }
  }
}
