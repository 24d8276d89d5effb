extension Simulation {
  /// Re-derives the visible rows after the viewport or the layout changed, reporting rows that
  /// enter or leave, and recomputes the blank fraction.
  @inline(__always)
  func refreshVisibility(layoutChanged: Bool) {
    refreshVisibility(topPt: scroll.viewportOffsetPt, layoutChanged: layoutChanged)
  }

  /// `refreshVisibility(layoutChanged:)` with the viewport's top at `top`: a jump along a drag
  /// takes a row change before it commits the scroll (`jumpAlongLinearMotion`).
  func refreshVisibility(topPt top: Double, layoutChanged: Bool) {
    let (before, after) = visibility.move(topPt: top, bottomPt: top + viewportHeightPt, layout: feed.layout)
    if before != after {
      let (leftAbove, leftBelow) = before.subtracting(after)
      for item in leftAbove { rowLeft(item) }
      for item in leftBelow { rowLeft(item) }
      let (enteredAbove, enteredBelow) = after.subtracting(before)
      if !after.isEmpty { feed.items.ensureCount(after.upperBound) }
      for item in enteredAbove { rowEntered(item) }
      for item in enteredBelow { rowEntered(item) }
      // Rows that left may have pushed memory over budget; evict only now, so that no row
      // entering in this same step is evicted on its way in.
      evictOverBudget()
    }
    if layoutChanged { visibility.recount(complete: feed.items.complete) }
    refreshBlankFraction(topPt: top)
  }

  /// Recomputes the blank fraction; the rows are scanned only when something shown is blank.
  @inline(__always)
  func refreshBlankFraction() { refreshBlankFraction(topPt: scroll.viewportOffsetPt) }

  /// The blank fraction with the viewport's top at `top` and the rows shown now.
  @inline(__always)
  func refreshBlankFraction(topPt top: Double) {
    let footer = footerHeightPt
    // After a refresh, until the new page 0 is in, the list holds no row: the user looks at an
    // empty list, all of it blank, as before first content (docs/model.md, pull to refresh).
    let settled = visibility.refreshBlankFractionWithoutScan(
      started: sessionStarted && feed.items.count > 0, topPt: top, heightPt: viewportHeightPt,
      footerPt: footer,
      contentHeightPt: feed.layout.contentHeightPt)
    if !settled {
      if feed.carousels.isActive {
        visibility.refreshBlankFraction(
          topPt: top, heightPt: viewportHeightPt, footerPt: footer, layout: feed.layout,
          complete: feed.items.complete, carousels: feed.carousels)
        return
      }
      visibility.refreshBlankFraction(
        topPt: top, heightPt: viewportHeightPt, footerPt: footer, layout: feed.layout,
        complete: feed.items.complete)
    }
  }

  private func rowEntered(_ item: Int) {
    visibility.rowEntered(complete: feed.items.complete[item])
    // On screen, a row holds its media: not evictable while it shows.
    if cache.memoryLimited && feed.items.mediaState[item] == .loaded { cache.rowShown(item) }
    if render.isEnabled { offerRender(item, visible: true) }
    guard sessionStarted else { return }
    noteRowShown(item)
    if feed.items.firstVisibleUs[item] < 0 {
      feed.items.firstSeen(item, atUs: nowUs)
      recorder.countItemSeen()
      if feed.items.complete[item] {
        recorder.recordCompleteAtFirstSight(item: item, atUs: nowUs)
      } else {
        noteLatePrefetches(of: item)
      }
    }
    // A prefetch still queued for a row that shows is needed now: visible priority.
    let inFlight = Int(feed.items.mediaRequest[item])
    if inFlight >= 0 && ledger.requests[inFlight].priority > .visible {
      reprioritize(requestID: inFlight, to: .visible)
    }
    if let media = feed.items.takeMediaAwaitingUse(item) { ledger.requests[media].markUsed() }
    let page = feed.plan.page(ofItem: item)
    if let pageRequest = feed.pages.takeAwaitingUse(page) { ledger.requests[pageRequest].markUsed() }
    if feed.carousels.isActive && isCarouselRow(item) {
      carouselSubItemsShown(item, feed.carousels.window(ofItem: item))
    }
  }

  func rowLeft(_ item: Int) {
    visibility.rowLeft(complete: feed.items.complete[item])
    if cache.memoryLimited && feed.items.mediaState[item] == .loaded { cache.rowHidden(item) }
    if render.isEnabled { render.dropIfUnwanted(item) }
    guard feed.items.ttcOpen[item] else { return }
    feed.items.closeTimeToContent(item)
    recorder.recordTimeToContent(
      item: item, firstVisibleUs: feed.items.firstVisibleUs[item], untilUs: nowUs, complete: false)
  }

  /// An item seen for the first time while a prefetch for it is still in flight: late.
  private func noteLatePrefetches(of item: Int) {
    let media = Int(feed.items.mediaRequest[item])
    if media >= 0 && ledger.requests[media].isPrefetch && !ledger.requests[media].late
      && !ledger.requests[media].fromDisk
    {
      ledger.requests[media].markLate()
      recorder.countLatePrefetch()
    }
    let page = feed.plan.page(ofItem: item)
    if page < feed.plan.pageCount {
      let pageRequest = Int(feed.pages.activeRequest[page])
      if pageRequest >= 0 && ledger.requests[pageRequest].isPrefetch && !ledger.requests[pageRequest].late {
        ledger.requests[pageRequest].markLate()
        recorder.countLatePrefetch()
      }
    }
  }

  /// Items of `rows` that are on screen and just became complete stop their time-to-content clock.
  func closeTimeToContent(forCompleted rows: Range<Int>) {
    let visible = rows.clamped(to: visibility.rows)
    for item in visible where feed.items.complete[item] && feed.items.ttcOpen[item] {
      feed.items.closeTimeToContent(item)
      recorder.recordTimeToContent(
        item: item, firstVisibleUs: feed.items.firstVisibleUs[item], untilUs: nowUs, complete: true)
    }
  }

  /// Offset pagination: a page with a visible placeholder is requested, whatever the strategy
  /// does, unless the strategy loads every page itself (see "Pagination" in docs/model.md).
  func requestVisiblePlaceholderPages() {
    let rows = visibility.rows
    guard feed.isOffsetPagination, feed.loadsVisiblePlaceholderPages, sessionStarted, !rows.isEmpty else {
      return
    }
    let firstPage = feed.plan.page(ofItem: rows.lowerBound)
    let lastPage = feed.plan.page(ofItem: rows.upperBound - 1)
    for page in firstPage...lastPage
    where !feed.pages.applied[page] && feed.pages.activeRequest[page] < 0 && !feed.pages.applyPending[page] {
      _ = issuePageRequest(page, direction: scroll.scrollDirection, priority: .page, automatic: true)
    }
  }
}
