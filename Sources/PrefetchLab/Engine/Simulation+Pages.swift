extension Simulation {
  /// A page response arrived: schedule its rows' insertion after the apply delay, unless the
  /// page is already in (a duplicate from naive code), which changes nothing.
  func deliverPage(_ page: Int, requestID id: Int) {
    if feed.pages.markDelivered(page) { ledger.requests[id].markRedundant() }
    feed.pages.requestEnded(page, id: id)
    if feed.pages.applied[page] || feed.pages.applyPending[page] {
      // A duplicate (naive code without an in-flight guard): nothing new to show.
      ledger.closePageMark(id)
      return
    }
    feed.pages.markApplyPending(page, id: id)
    if feed.changes.isActive { feed.changes.pageServed(page, atUs: nowUs) }
    events.schedule(
      .applyPage, atUs: nowUs + feed.applyDelayUs(ofPage: page),
      .request(id))
  }

  /// Inserts a delivered page's rows (the in-flight mark clears now, not at delivery), unless a
  /// drop made the response stale while it was out (`FeedState.drop`).
  func applyPage<Strategy: PrefetchStrategy>(requestID id: Int, strategy: inout Strategy) {
    guard case .page(let page) = ledger.requests[id].resource else { return }
    // A response for the list a pull-to-refresh threw away (`refreshFeed` counted its bytes).
    guard id >= feed.firstRequestOfList else { return }
    guard Int32(id) >= feed.pages.firstCurrentRequest[page] else {
      discardPage(page, requestID: id, strategy: &strategy)
      return
    }
    feed.markApplied(page)
    ledger.closePageMark(id)
    log(.applied, id, bytes: ledger.requests[id].bytes)
    let contentBefore = feed.layout.contentHeightPt
    let limitBefore = max(0, maxRestingOffsetPt)
    let wasEndKnown = feed.endKnown
    // Rows inserted above the viewport (no placeholders) move it with them: not room to move on.
    var anchorShiftPt = 0.0
    let anchor = visibility.rows.isEmpty ? 0 : visibility.rows.lowerBound
    if feed.isOffsetPagination {
      if let shift = feed.replacePlaceholders(ofPage: page, anchor: anchor, started: sessionStarted) {
        scroll.shiftAnchor(by: shift)
        anchorShiftPt = shift
      }
    } else {
      let shift = feed.appendRows(ofPage: page, anchor: anchor, started: sessionStarted)
      if let shift, !feed.prependsPushViewport {
        scroll.shiftAnchor(by: shift)
        anchorShiftPt = shift
      } else if feed.prependsPushViewport && sessionStarted {
        // A chat prepending older messages without keeping its position: the rows on screen move
        // down by the page's height, so the viewport (measured from the newest message) moves
        // towards the older ones by as much (see `FeedOrigin`).
        scroll.shiftAnchor(by: feed.layout.contentHeightPt - contentBefore)
      }
    }
    feed.pages.awaitsUse(page, id: id)
    let firstContent = !sessionStarted
    if firstContent { startSession() }
    // The refreshed list's first page is the strategy's `start` again.
    let refreshedContent = feed.awaitsRefreshedContent
    if refreshedContent { feed.refreshedContentArrived() }
    refreshVisibility(layoutChanged: true)
    let rows = feed.plan.items(ofPage: page)
    if rows.overlaps(visibility.rows) {
      ledger.requests[id].markUsed()
      _ = feed.pages.takeAwaitingUse(page)
    }
    if render.isEnabled { queueRenders(ofNewRows: rows) }
    noteRowsShown(ofPage: page)
    if feed.carousels.isActive {
      // Carousel rows loaded on screen show their windows now (they entered as placeholders).
      for item in rows.clamped(to: visibility.rows) where isCarouselRow(item) {
        carouselSubItemsShown(item, feed.carousels.window(ofItem: item))
      }
    }
    closeTimeToContent(forCompleted: rows)
    if firstContent { recordTimelineInstant() }
    if feed.layout.contentHeightPt > contentBefore || feed.endKnown != wasEndKnown {
      if stall.isStalled {
        contentGrewDuringStall(
          userCanMove: max(0, maxRestingOffsetPt) - anchorShiftPt > limitBefore
            || feed.endKnown != wasEndKnown)
      } else if let heldTraceUs = stall.heldFrameTraceUs {
        contentGrewDuringHeldFrame(atTraceUs: heldTraceUs)
      }
    }
    wakeFrames()
    requestVisiblePlaceholderPages()
    // One consultation: first content is page 0's application.
    consult(firstContent || refreshedContent ? .start : .pageApplied(page: page), &strategy)
  }

  /// A stale page response is thrown away where its rows would have gone in: the page stays
  /// unapplied (the request unused, so a wasted fetch), its in-flight mark clears and the
  /// strategy hears of it, as Paging 3 ends a load whose insert it skipped.
  private func discardPage<Strategy: PrefetchStrategy>(
    _ page: Int, requestID id: Int, strategy: inout Strategy
  ) {
    feed.pages.cancelApply(page)
    ledger.closePageMark(id)
    requestVisiblePlaceholderPages()
    consult(.pageDiscarded(page: page), &strategy)
  }

  /// Media arrived (from the network or the disk cache): the item completes; if it is on screen
  /// its content is used right away. A network fetch of media that was in memory before (and
  /// evicted since) is redundant.
  func deliverMedia(_ item: Int, requestID id: Int) {
    feed.items.mediaRequestEnded(item, id: id)
    if feed.items.mediaState[item] == .loaded {
      ledger.requests[id].markRedundant()
      return
    }
    if feed.items.mediaLoaded(item) && !ledger.requests[id].fromDisk {
      ledger.requests[id].markRedundant()
    }
    let visible = visibility.rows.contains(item)
    if visible {
      ledger.requests[id].markUsed()
    } else {
      feed.items.mediaAwaitsUse(item, id: id)
    }
    if render.isEnabled {
      offerRender(item, visible: visible)
    } else {
      markComplete(item, visible: visible)
    }
    mediaEnteredMemory(item, visible: visible)
  }

  /// `item` just became complete: on screen, one blank row fewer and its time-to-content clock
  /// stops.
  func markComplete(_ item: Int, visible: Bool) {
    feed.items.markComplete(item)
    guard visible else { return }
    visibility.rowCompleted()
    closeTimeToContent(forCompleted: item..<(item + 1))
    refreshBlankFraction()
  }
}
