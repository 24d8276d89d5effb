extension Simulation {
  /// Consults the strategy about `event`: the one consultation an engine event makes. Evictions
  /// it could read in `evictedItems` are then told. The wake-up the strategy returns replaces the
  /// last one (`TimeAdvance.consulted`); each caller makes the consultation the last thing that
  /// changes the state before the next frame. Between a pull-to-refresh and the new list's
  /// first page nothing is asked (the strategy starts over, as before first content).
  @inline(__always)
  func consult<Strategy: PrefetchStrategy>(_ event: StrategyEvent, _ strategy: inout Strategy) {
    if feed.awaitsRefreshedContent {
      timeAdvance.endBand()
      return
    }
    let wake = strategy.update(event, in: self)
    // A page dropped during the call (Paging 3's `max_size` drops pages after it asked for its
    // next ones) changed the layout and the load frontiers after the wake-up's reasoning: the
    // time advance then keeps no band.
    timeAdvance.consulted(
      returning: wake, atUs: nowUs, velocityPtS: scroll.sample.velocityPtS, showing: visibility.rows)
    // The flag first: touching the array costs a retain on every consultation.
    if cache.memoryLimited && !cache.pendingEvictions.isEmpty { cache.evictionsTold() }
  }
}

/// The engine as a strategy sees it: the members are documented on `StrategyContext`.
extension Simulation: StrategyContext {
  // MARK: Clock and run, viewport and scroll

  @inline(__always)
  public var constants: RunConstants {
    RunConstants(
      viewportHeightPt: viewportHeightPt, pagination: feed.isOffsetPagination ? .offset : .cursor,
      pageCount: feed.plan.pageCount, pageSizeItems: feed.plan.pageSize, feedHasMedia: feed.hasMedia,
      hasRenderStage: render.isEnabled, heedsWake: timeAdvance.skipsQuietFrames,
      mediaRoundTripMedianMs: policy.mediaRoundTripMedianMs, columns: feed.layout.columns)
  }
  @inline(__always)
  public var scrollState: ScrollState {
    ScrollState(
      offsetPt: scroll.viewportOffsetPt, phase: scroll.sample.phase, direction: scroll.scrollDirection,
      velocityPtS: scroll.sample.velocityPtS)
  }
  @inline(__always)
  public var contentState: ContentState {
    ContentState(
      heightPt: feed.layout.contentHeightPt, rowCount: feed.layout.rowCount,
      footerHeightPt: footerHeightPt,
      endOfFeedKnown: feed.endKnown)
  }
  @inline(__always)
  public var projectedTargetOffsetPt: Double {
    scroll.projectedTargetOffsetPt(limitPt: max(0, maxRestingOffsetPt))
  }

  // MARK: Feed and layout

  @inline(__always)
  public func loadFrontier(_ direction: ScrollDirection) -> LoadFrontier? {
    feed.loadFrontier(direction, viewportOffsetPt: scroll.viewportOffsetPt, started: sessionStarted)
  }

  public func items(ofPage page: Int) -> Range<Int> { feed.plan.items(ofPage: page) }
  public func page(ofItem item: Int) -> Int { feed.plan.page(ofItem: item) }
  public func isPageApplied(_ page: Int) -> Bool { page >= 0 && feed.pages.applied[page] }
  @inline(__always)
  public func isPageInFlight(_ direction: ScrollDirection) -> Bool {
    (direction == .down ? ledger.openMarksDown : ledger.openMarksUp) > 0
  }

  // MARK: Visibility and items

  @inline(__always) public var visibleItems: Range<Int> { visibility.rows }
  @inline(__always) public var rowsShownWithoutConsultation: UnconsultedRows? {
    timeAdvance.unconsultedRows.rows
  }
  public func topPt(ofItem item: Int) -> Double { feed.layout.topPt(ofItem: item) }
  public func heightPt(ofItem item: Int) -> Double { feed.layout.heightPt(ofItem: item) }
  public func items(intersectingFromPt fromPt: Double, toPt: Double) -> Range<Int> {
    feed.layout.items(intersectingFrom: fromPt, to: toPt)
  }
  @inline(__always)
  public func update(_ window: inout RowWindow, fromPt: Double, toPt: Double) {
    window.update(fromPt: fromPt, toPt: toPt, layout: feed.layout)
  }
  @inline(__always)
  public func isLoaded(item: Int) -> Bool {
    item >= 0 && item < feed.items.count && feed.items.mediaState[item] != .unknown
  }
  @inline(__always)
  public func isComplete(item: Int) -> Bool {
    item >= 0 && item < feed.items.count && feed.items.complete[item]
  }
  @inline(__always)
  public func needsMedia(item: Int) -> Bool {
    guard item >= 0 && item < feed.items.count else { return false }
    if feed.carousels.isActive && isCarouselRow(item) { return carouselNeedsMedia(item) }
    return feed.items.mediaState[item] == .notLoaded
  }
  public func carriesMedia(item: Int) -> Bool {
    guard item >= 0 && item < feed.items.count else { return false }
    if feed.carousels.isActive && isCarouselRow(item) { return carouselCarriesMedia(item) }
    let state = feed.items.mediaState[item]
    return state == .notLoaded || state == .loaded
  }
  @inline(__always)
  public func isMediaInFlight(item: Int) -> Bool {
    guard item >= 0 && item < feed.items.count else { return false }
    if feed.carousels.isActive && isCarouselRow(item) { return carouselMediaInFlight(item) }
    return feed.items.mediaRequest[item] >= 0
  }
  public func isRendered(item: Int) -> Bool {
    render.isEnabled && item >= 0 && item < render.table.count && render.table.rendered[item]
  }
  @inline(__always) public var evictedItems: [Int] { cache.memoryLimited ? cache.pendingEvictions : [] }
  public var lastTransfer: TransferRecord? {
    let id = ledger.reportedTransfer
    guard id >= 0 else { return nil }
    let request = ledger.requests[id]
    return TransferRecord(
      resource: request.resource.asSeenByStrategies, bytes: request.bytes, issuedUs: request.issuedUs,
      attemptStartUs: request.attemptStartUs, firstByteUs: request.firstByteUs,
      completedUs: request.finishedUs)
  }

  // MARK: Actions

  // The selector is a constant at nearly every call site: inlined, the switch folds away.
  @discardableResult
  @inline(__always)
  public func requestPage(_ page: PageSelector, priority: FetchPriority, guardInFlight: Bool) -> Bool {
    switch page {
    case .frontier(let direction):
      return requestFrontierPage(direction, priority: priority, guardInFlight: guardInFlight)
    case .index(let index): return requestIndexedPage(index, priority: priority, guardInFlight: guardInFlight)
    }
  }

  private func requestFrontierPage(_ direction: ScrollDirection, priority: FetchPriority, guardInFlight: Bool)
    -> Bool
  {
    guard sessionStarted, let frontier = loadFrontier(direction) else { return false }
    if guardInFlight {
      // Careful code asks for nothing while a page request is out in that direction, nor for a
      // page already requested (offset pagination: a visible placeholder's page, or one asked
      // for going the other way).
      let page = frontier.page
      if isPageInFlight(direction) || feed.pages.activeRequest[page] >= 0 || feed.pages.applyPending[page] {
        return false
      }
    }
    return issuePageRequest(frontier.page, direction: direction, priority: priority)
  }

  private func requestIndexedPage(_ page: Int, priority: FetchPriority, guardInFlight: Bool) -> Bool {
    guard sessionStarted, page >= 0, page < feed.plan.pageCount else { return false }
    // Cursor pagination: the next page, or a dropped page at an edge of the applied run (field
    // reads, not a method on the stored component, which would copy it).
    if !feed.isOffsetPagination && page != feed.appliedEndPage && page != feed.firstAppliedPage - 1 {
      return false
    }
    guard !feed.pages.applied[page] else { return false }
    if guardInFlight && (feed.pages.activeRequest[page] >= 0 || feed.pages.applyPending[page]) {
      return false
    }
    return issuePageRequest(page, direction: directionOfPage(page), priority: priority)
  }

  /// Up when the page's first row lies above the viewport's top, down otherwise.
  private func directionOfPage(_ page: Int) -> ScrollDirection {
    let firstRow = min(feed.plan.firstItem(ofPage: page), max(0, rowCount - 1))
    return topPt(ofItem: firstRow) < scroll.viewportOffsetPt ? .up : .down
  }

  @discardableResult
  public func cancelPageRequest(_ selector: PageSelector) -> Bool {
    let page: Int
    switch selector {
    case .frontier(let direction):
      guard let frontier = loadFrontier(direction) else { return false }
      page = frontier.page
    case .index(let index): page = index
    }
    guard page >= 0, page < feed.plan.pageCount else { return false }
    let active = Int(feed.pages.activeRequest[page])
    guard active >= 0, ledger.requests[active].state.isActive else { return false }
    cancel(requestID: active)
    return true
  }

  @discardableResult
  public func dropPage(_ page: Int) -> Bool {
    guard sessionStarted, page >= 0, page < feed.plan.pageCount, feed.pages.applied[page] else {
      return false
    }
    let rows = feed.plan.items(ofPage: page)
    guard !rows.overlaps(visibility.rows) else { return false }
    if !feed.isOffsetPagination && !feed.canDropCursorPage(page) { return false }
    for item in rows where item < feed.items.count {
      if feed.carousels.isActive && isCarouselRow(item) { dropCarouselMedia(item) }
      let active = Int(feed.items.mediaRequest[item])
      if active >= 0 {
        cancel(requestID: active)
        feed.items.forgetMediaRequest(item)
      }
      if feed.items.mediaState[item] == .loaded {
        cache.mediaReleased(item: item, bytes: feed.items.mediaBytes[item])
      }
      if render.isEnabled { render.mediaLost(item) }
    }
    timeAdvance.pageDroppedInConsultation()
    let anchor = visibility.rows.isEmpty ? 0 : visibility.rows.lowerBound
    if let shift = feed.drop(page, anchor: anchor, started: sessionStarted, requestsIssued: ledger.count) {
      scroll.shiftAnchor(by: shift)
    }
    // Without placeholders the rows left the layout: the rows on screen stay, measured afresh.
    if !feed.presentsPlaceholders { refreshVisibility(layoutChanged: true) }
    return true
  }

  public func limitMedia(lowPriorityConnections: Int?, startRate: RateLimitSpec?) {
    pool.limitLowPriority(to: lowPriorityConnections)
    pool.limitMediaStartRate(startRate)
  }

  @discardableResult
  public func requestMedia(item: Int, priority: FetchPriority) -> Bool {
    if feed.carousels.isActive && item >= 0 && item < feed.items.count && isCarouselRow(item) {
      // A row of sub-items: its cells load the images of its window, and later ones as they
      // come into it.
      feed.carousels.setBound(item, true)
      return issueSubItemMedia(item: item, subItems: feed.carousels.window(ofItem: item), priority: priority)
    }
    guard needsMedia(item: item) else { return false }
    let active = Int(feed.items.mediaRequest[item])
    if active >= 0 && policy.coalescing {
      reprioritize(requestID: active, to: priority)
      recorder.countCoalescedRequest()
      return true
    }
    if cache.hasValidDiskEntry(item: item, atUs: nowUs) {
      feed.items.mediaRequested(item, id: issueDiskRead(item: item, priority: priority))
      return true
    }
    let id = issue(
      .media(item: item), priority: priority, bytes: feed.items.mediaBytes[item],
      isPrefetch: feed.items.firstVisibleUs[item] < 0, direction: scroll.scrollDirection)
    feed.items.mediaRequested(item, id: id)
    return true
  }

  public func setMediaPriority(item: Int, priority: FetchPriority) {
    guard item >= 0, item < feed.items.count else { return }
    if feed.carousels.isActive && isCarouselRow(item) {
      setSubItemMediaPriority(item, priority: priority)
      return
    }
    let active = Int(feed.items.mediaRequest[item])
    if active >= 0 { reprioritize(requestID: active, to: priority) }
  }

  public func subItemWindow(ofItem item: Int) -> Range<Int> {
    guard feed.carousels.isActive, item >= 0, item < feed.items.count else { return 0..<0 }
    return feed.carousels.window(ofItem: item)
  }

  @discardableResult
  public func requestSubItemMedia(item: Int, subItems: Range<Int>, priority: FetchPriority) -> Bool {
    guard feed.carousels.isActive, item >= 0, item < feed.items.count else { return false }
    return issueSubItemMedia(item: item, subItems: subItems, priority: priority)
  }

  public func cancelMedia(item: Int) {
    guard item >= 0, item < feed.items.count else { return }
    if feed.carousels.isActive && isCarouselRow(item) {
      cancelSubItemMedia(item)
      return
    }
    let active = Int(feed.items.mediaRequest[item])
    guard active >= 0 else { return }
    cancel(requestID: active)
    feed.items.forgetMediaRequest(item)
  }

  public func setRenderWanted(item: Int, _ wanted: Bool) {
    guard render.isEnabled, item >= 0 else { return }
    if wanted {
      guard item < feed.items.count else { return }
      render.want(item)
      offerRender(item, visible: visibility.rows.contains(item))
    } else {
      render.unwant(item)
    }
  }
}
