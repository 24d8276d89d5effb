extension Simulation {
  @inline(__always)
  public func loadFrontier(_ direction: ScrollDirection) -> LoadFrontier? {
    if isOffsetPagination { return offsetFrontier(direction) }
    guard direction == .down, !endKnown, sessionStarted else { return nil }
    // Pages apply in order with cursor pagination: the newest is the one before the next.
    return LoadFrontier(
      page: appliedPageCount, direction: .down, edgePt: layout.contentHeightPt, runStartPt: 0,
      adjacentPage: appliedPageCount - 1)
  }

  /// The run of applied pages around the viewport is (above, below), both unapplied or past the
  /// feed's ends; its edge in `direction` is the frontier.
  private func offsetFrontier(_ direction: ScrollDirection) -> LoadFrontier? {
    guard sessionStarted, layout.rowCount > 0 else { return nil }
    let anchorItem = min(layout.item(atPt: max(0, viewportOffsetPt)), layout.rowCount - 1)
    let anchorPage = plan.page(ofItem: anchorItem)
    let below = unapplied.nextUnapplied(from: anchorPage)
    let above = unapplied.previousUnapplied(from: anchorPage)
    let runTop = above < 0 ? 0 : layout.topPt(ofItem: plan.items(ofPage: above).upperBound)
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

  /// A page response arrived: schedule its rows' insertion after the apply delay, unless the
  /// page is already in (a duplicate from naive code), which changes nothing.
  func deliverPage(_ page: Int, requestID id: Int) {
    if pages.everDelivered[page] { requests[id].redundant = true }
    pages.everDelivered[page] = true
    if pages.activeRequest[page] == Int32(id) { pages.activeRequest[page] = -1 }
    if pages.applied[page] || pages.applyPending[page] {
      // A duplicate (naive code without an in-flight guard): nothing new to show.
      closePageMark(id)
      return
    }
    pages.applyPending[page] = true
    schedule(.applyPage, atUs: nowUs + content.applyDelayUs(ofPage: page), subject: id)
  }

  /// Inserts a delivered page's rows (the in-flight mark clears now, not at delivery).
  func applyPage<Strategy: PrefetchStrategy>(requestID id: Int, strategy: inout Strategy) {
    guard case .page(let page) = requests[id].resource else { return }
    pages.applyPending[page] = false
    pages.applied[page] = true
    loadedItemCount += plan.itemCount(ofPage: page)
    closePageMark(id)
    log(.applied, id, bytes: requests[id].bytes)
    let contentBefore = layout.contentHeightPt
    let limitBefore = max(0, maxRestingOffsetPt)
    let wasEndKnown = endKnown
    switch pagination {
    case .cursor: appendRows(ofPage: page)
    case .offset: replacePlaceholders(ofPage: page)
    }
    if pagination == .offset { unapplied.markApplied(page) }
    pages.awaitingUse[page] = Int32(id)
    let firstContent = !sessionStarted
    if firstContent { startSession() }
    refreshVisibility(layoutChanged: true)
    let rows = plan.items(ofPage: page)
    if rows.overlaps(window.rows) {
      requests[id].used = true
      pages.awaitingUse[page] = -1
    }
    if rendersItems { queueRenders(ofNewRows: rows) }
    closeTimeToContent(forCompleted: rows)
    if firstContent { recordTimelineInstant() }
    if isStalled && (layout.contentHeightPt > contentBefore || endKnown != wasEndKnown) {
      contentGrewDuringStall(userCanMove: max(0, maxRestingOffsetPt) > limitBefore || endKnown != wasEndKnown)
    }
    wakeFrames()
    requestVisiblePlaceholderPages()
    if firstContent {
      strategy.update(.start, in: self)
    }
    strategy.update(.pageApplied(page: page), in: self)
    if !pendingEvictions.isEmpty { notifyEvictions(&strategy) }
  }

  private func appendRows(ofPage page: Int) {
    let rows = plan.items(ofPage: page)
    if page == appliedPageCount { appliedPageCount += 1 }
    items.ensureCount(rows.upperBound)
    for item in rows {
      layout.append(heightPt: content.heightPt(ofItem: item))
      markRowLoaded(item)
    }
    switch scenario.feed.endSignal {
    case .flag: if rows.upperBound >= plan.totalItems { endKnown = true }
    case .emptyPage: if rows.isEmpty { endKnown = true }
    }
  }

  private func replacePlaceholders(ofPage page: Int) {
    if layout.rowCount == 0 {
      // The first response tells the total: lay out every row as a placeholder.
      layout.layOutPlaceholders(count: plan.totalItems)
      endKnown = true
    }
    let rows = plan.items(ofPage: page)
    items.ensureCount(rows.upperBound)
    // Keep the first visible row where it is on screen when rows above it change height.
    let anchor = window.rows.isEmpty ? 0 : window.rows.lowerBound
    let anchorTopBefore = sessionStarted && anchor < layout.rowCount ? layout.topPt(ofItem: anchor) : 0
    for item in rows {
      layout.replace(item: item, heightPt: content.heightPt(ofItem: item))
      markRowLoaded(item)
    }
    if sessionStarted && anchor < layout.rowCount && rows.lowerBound < anchor {
      let shift = layout.topPt(ofItem: anchor) - anchorTopBefore
      viewportOffsetPt += shift
      anchorShiftPt += shift
    }
  }

  private func markRowLoaded(_ item: Int) {
    let bytes = content.mediaBytes(ofItem: item)
    items.mediaBytes[item] = bytes
    items.mediaState[item] = bytes > 0 ? .notLoaded : .none
    items.complete[item] = bytes == 0 && !rendersItems
  }

  /// Media arrived (from the network or the disk cache): the item completes; if it is on screen
  /// its content is used right away. A network fetch of media that was in memory before (and
  /// evicted since) is redundant.
  func deliverMedia(_ item: Int, requestID id: Int) {
    if items.mediaRequest[item] == Int32(id) { items.mediaRequest[item] = -1 }
    if items.mediaState[item] == .loaded {
      requests[id].redundant = true
      return
    }
    items.mediaEverLoaded.grow(toInclude: item, filling: false)
    if items.mediaEverLoaded[item] && !requests[id].fromDisk { requests[id].redundant = true }
    items.mediaEverLoaded[item] = true
    items.mediaState[item] = .loaded
    let visible = window.rows.contains(item)
    if visible {
      requests[id].used = true
    } else {
      items.mediaAwaitingUse[item] = Int32(id)
    }
    if rendersItems {
      renderIfWanted(item, visible: visible)
    } else {
      markComplete(item, visible: visible)
    }
    mediaEnteredMemory(item, visible: visible)
  }

  /// `item` just became complete: on screen, one blank row fewer and its time-to-content clock
  /// stops.
  func markComplete(_ item: Int, visible: Bool) {
    items.complete[item] = true
    guard visible else { return }
    incompleteVisibleRows -= 1
    closeTimeToContent(forCompleted: item..<(item + 1))
    blankFraction = computeBlankFraction()
  }
}

extension Simulation {
  public var pageTriggerDirection: ScrollDirection { pagination == .cursor ? .down : scrollDirection }
}
extension Simulation: StrategyContext {}
