extension Simulation {
  /// Re-derives the visible rows after the viewport or the layout changed, reporting rows that
  /// enter or leave, and recomputes the blank fraction.
  func refreshVisibility(layoutChanged: Bool) {
    let before = window.rows
    window.update(fromPt: viewportOffsetPt, toPt: viewportOffsetPt + viewportHeightPt, layout: layout)
    let after = window.rows
    if before != after {
      let (leftAbove, leftBelow) = before.subtracting(after)
      for item in leftAbove { rowLeft(item) }
      for item in leftBelow { rowLeft(item) }
      let (enteredAbove, enteredBelow) = after.subtracting(before)
      if !after.isEmpty { items.ensureCount(after.upperBound) }
      for item in enteredAbove { rowEntered(item) }
      for item in enteredBelow { rowEntered(item) }
      // Rows that left may have pushed memory over budget; evict only now, so that no row
      // entering in this same step is evicted on its way in.
      if memoryLimited && memoryUsedBytes > memoryBudgetBytes { evictOverBudget() }
    }
    if layoutChanged { recountIncompleteVisibleRows() }
    blankFraction = computeBlankFraction()
  }

  /// Counts incomplete rows in the window from scratch (after rows changed in place).
  func recountIncompleteVisibleRows() {
    var count = 0
    for item in window.rows where !items.complete[item] { count += 1 }
    incompleteVisibleRows = count
  }

  private func rowEntered(_ item: Int) {
    if !items.complete[item] { incompleteVisibleRows += 1 }
    // On screen, a row holds its media: not evictable while it shows.
    if memoryLimited && items.mediaState[item] == .loaded { memoryLRU.remove(item) }
    if rendersItems { renderIfWanted(item, visible: true) }
    guard sessionStarted else { return }
    if items.firstVisibleUs[item] < 0 {
      items.firstVisibleUs[item] = nowUs
      metrics.summary.itemsSeen += 1
      if items.complete[item] {
        metrics.itemsCompleteAtFirstSight += 1
        metrics.recordTimeToContent(item: item, firstVisibleUs: nowUs, untilUs: nowUs, complete: true)
      } else {
        items.ttcOpen[item] = true
        noteLatePrefetches(of: item)
      }
    }
    // A prefetch still queued for a row that shows is needed now: visible priority.
    let inFlight = Int(items.mediaRequest[item])
    if inFlight >= 0 && requests[inFlight].priority > .visible {
      reprioritize(requestID: inFlight, to: .visible)
    }
    let media = Int(items.mediaAwaitingUse[item])
    if media >= 0 {
      requests[media].used = true
      items.mediaAwaitingUse[item] = -1
    }
    let page = plan.page(ofItem: item)
    let pageRequest = Int(pages.awaitingUse[page])
    if pageRequest >= 0 {
      requests[pageRequest].used = true
      pages.awaitingUse[page] = -1
    }
  }

  private func rowLeft(_ item: Int) {
    if !items.complete[item] { incompleteVisibleRows -= 1 }
    if memoryLimited && items.mediaState[item] == .loaded { memoryLRU.append(item) }
    if rendersItems { dropRenderIfUnwanted(item) }
    guard items.ttcOpen[item] else { return }
    items.ttcOpen[item] = false
    metrics.recordTimeToContent(
      item: item, firstVisibleUs: items.firstVisibleUs[item], untilUs: nowUs, complete: false)
  }

  /// An item seen for the first time while a prefetch for it is still in flight: late.
  private func noteLatePrefetches(of item: Int) {
    let media = Int(items.mediaRequest[item])
    if media >= 0 && requests[media].isPrefetch && !requests[media].late && !requests[media].fromDisk {
      requests[media].late = true
      metrics.summary.latePrefetches += 1
    }
    let page = plan.page(ofItem: item)
    if page < plan.pageCount {
      let pageRequest = Int(pages.activeRequest[page])
      if pageRequest >= 0 && requests[pageRequest].isPrefetch && !requests[pageRequest].late {
        requests[pageRequest].late = true
        metrics.summary.latePrefetches += 1
      }
    }
  }

  /// Items of `rows` that are on screen and just became complete stop their time-to-content clock.
  func closeTimeToContent(forCompleted rows: Range<Int>) {
    let visible = rows.clamped(to: window.rows)
    for item in visible where items.complete[item] && items.ttcOpen[item] {
      items.ttcOpen[item] = false
      metrics.recordTimeToContent(
        item: item, firstVisibleUs: items.firstVisibleUs[item], untilUs: nowUs, complete: true)
    }
  }

  /// Share of the viewport not showing complete content: incomplete rows, placeholders and the
  /// loading footer (DESIGN.md §1 "blankness"). 1 before first content.
  func computeBlankFraction() -> Double {
    guard sessionStarted, viewportHeightPt > 0 else { return 1 }
    let top = viewportOffsetPt
    let bottom = top + viewportHeightPt
    let footer = footerHeightPt
    let footerTop = layout.contentHeightPt
    if incompleteVisibleRows == 0 && (footer == 0 || footerTop >= bottom) { return 0 }
    var blank = 0.0
    var rowTop = window.firstTopPt
    for item in window.rows {
      let height = layout.heightPt(ofItem: item)
      if !items.complete[item] {
        blank += max(0, min(bottom, rowTop + height) - max(top, rowTop))
      }
      rowTop += height
    }
    if footer > 0 {
      blank += max(0, min(bottom, footerTop + footer) - max(top, footerTop))
    }
    return min(1, max(0, blank / viewportHeightPt))
  }

  /// Offset pagination: a page with a visible placeholder is always requested (DESIGN.md §2),
  /// whatever the strategy does.
  func requestVisiblePlaceholderPages() {
    guard pagination == .offset, sessionStarted, !window.rows.isEmpty else { return }
    let firstPage = plan.page(ofItem: window.rows.lowerBound)
    let lastPage = plan.page(ofItem: window.rows.upperBound - 1)
    for page in firstPage...lastPage
    where !pages.applied[page] && pages.activeRequest[page] < 0 && !pages.applyPending[page] {
      let direction: ScrollDirection =
        page < plan.page(ofItem: window.rows.lowerBound) ? .up : scrollDirection
      _ = issuePageRequest(page, direction: direction, priority: .page)
    }
  }
}
