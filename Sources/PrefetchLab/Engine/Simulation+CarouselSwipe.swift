/// Carousel swipes (`CarouselSwipes`): a swiped row's window moves frame by frame, the cells it
/// reveals are seen, asked for by the strategy's loader and blank until their images are in, and
/// the nested list prefetches ahead of the swipe as the strategy's platform does. See "Carousel
/// swipes" in docs/model.md.
extension Simulation {
  /// Brings the swipes up to the frame at trace time `traceUs`: swipes due start on the row they
  /// name (one that finds no carousel row on screen does nothing), the swipe under way moves its
  /// row to where it is at `traceUs`, and one that is over rests at its full distance. A swipe
  /// that starts while another is under way finishes that one first.
  func advanceCarouselSwipes(atTraceUs traceUs: Int64) {
    while let step = swipes.takeDue(atTraceUs: traceUs) {
      if let active = swipes.active {
        // A row whose page was dropped meanwhile keeps offset 0 (its placeholder shows no cells).
        if isLoadedCarouselRow(active.item) {
          moveCarouselRow(active.item, toPt: active.offsetPt(atTraceUs: .max))
        }
        swipes.end()
      }
      guard let item = swipedRow(step.swipe.row) else { continue }
      swipes.begin(
        CarouselSwipes.Active(
          item: item, fromPt: feed.carousels.scrollXPt[item], distancePt: step.swipe.distancePt,
          startUs: step.startUs, durationUs: step.durationUs))
    }
    guard let active = swipes.active else { return }
    guard isLoadedCarouselRow(active.item) else {
      swipes.end()
      return
    }
    moveCarouselRow(active.item, toPt: active.offsetPt(atTraceUs: traceUs))
    if active.isOver(atTraceUs: traceUs) { swipes.end() }
  }

  /// Row `item` is a carousel row whose page is applied now (a row whose page was dropped keeps
  /// its cells' indices but shows a placeholder).
  func isLoadedCarouselRow(_ item: Int) -> Bool {
    item < feed.items.count && isCarouselRow(item) && feed.items.mediaState[item] != .unknown
  }

  /// The row a swipe starting now moves: a loaded carousel row on screen (`CarouselSwipe.Row`),
  /// or nil. O(rows shown).
  func swipedRow(_ row: CarouselSwipe.Row) -> Int? {
    let rows = visibility.rows
    switch row {
    case .item(let item):
      return rows.contains(item) && isLoadedCarouselRow(item) ? item : nil
    case .firstOnScreen:
      let top = scroll.viewportOffsetPt
      let bottom = top + viewportHeightPt
      var rowTop = visibility.window.firstTopPt
      for item in rows {
        let height = feed.layout.heightPt(ofItem: item)
        defer { rowTop += height }
        guard isLoadedCarouselRow(item) else { continue }
        let shown = max(0, min(bottom, rowTop + height) - max(top, rowTop))
        if height > 0 && 2 * shown >= height { return item }
      }
      return nil
    }
  }

  /// Moves carousel row `item`'s window to `offsetPt` (clamped to the row). On screen, the cells
  /// that come into the window are shown (`carouselSubItemsShown`: first sight, late prefetches)
  /// and load their images unless the strategy fetches cells itself, the nested list prefetches
  /// `swipes.prefetchCells` cells past the window's leading edge, the row is complete or not by its
  /// new window, and the blank fraction follows the cells' shown widths.
  func moveCarouselRow(_ item: Int, toPt offsetPt: Double) {
    let beforePt = feed.carousels.scrollXPt[item]
    let before = feed.carousels.window(ofItem: item)
    let nowPt = feed.carousels.setScrollX(item, offsetPt)
    guard nowPt != beforePt, sessionStarted, visibility.rows.contains(item) else { return }
    let after = feed.carousels.window(ofItem: item)
    if after != before {
      let (left, right) = after.subtracting(before)
      for part in [left, right] where !part.isEmpty {
        for sub in part { swipes.reveals.append((item, sub, nowUs)) }
        carouselSubItemsShown(item, part)
        // A row whose cells were all prefetched was never asked for as a row: its nested list
        // still binds the cells a swipe lays out.
        if swipes.loadsCells && !feed.carousels.bound[item] {
          issueSubItemMedia(item: item, subItems: part, priority: .visible)
        }
      }
    }
    if swipes.prefetchCells > 0 && swipes.loadsCells {
      // GapWorker on the nested LinearLayoutManager (collectAdjacentPrefetchPositions) and
      // Compose's LazyRow (its default prefetch strategy): the next cells past the edge the
      // swipe moves towards, at every frame that moves the row.
      let ahead =
        nowPt > beforePt
        ? after.upperBound..<(after.upperBound + swipes.prefetchCells)
        : (after.lowerBound - swipes.prefetchCells)..<after.lowerBound
      issueSubItemMedia(
        item: item, subItems: ahead.clamped(to: 0..<feed.carousels.spec.subItems), priority: .preload)
    }
    if feed.items.mediaState[item] != .unknown {
      let complete = feed.carousels.isWindowComplete(item)
      if complete && !feed.items.complete[item] {
        markComplete(item, visible: true)
        return
      }
      if !complete && feed.items.complete[item] {
        feed.items.markIncomplete(item)
        visibility.rowBecameIncomplete()
      }
    }
    refreshBlankFraction()
  }
}
