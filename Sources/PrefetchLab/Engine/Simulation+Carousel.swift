/// Carousel rows (`feed.carousel`): what strategies' media actions mean for a row of sub-items,
/// sub-item images arriving, sub-items coming into view with their row, and the waste and
/// lateness of sub-item images. See "Carousels" in
/// docs/model.md.
extension Simulation {
  /// Row `item` is a loaded carousel row.
  @inline(__always)
  func isCarouselRow(_ item: Int) -> Bool {
    feed.carousels.isActive && feed.carousels.firstSubItem(ofItem: item) >= 0
  }

  /// Requests the images of sub-items `subs` of carousel row `item` that have none in memory and
  /// none on its way (a nested list binds each cell once); a request already out moves to
  /// `priority` when requests coalesce. Returns whether some sub-item's image is now on its way.
  @discardableResult
  func issueSubItemMedia(item: Int, subItems subs: Range<Int>, priority: FetchPriority) -> Bool {
    let first = feed.carousels.firstSubItem(ofItem: item)
    guard first >= 0, sessionStarted else { return false }
    var inFlight = false
    for sub in subs.clamped(to: 0..<feed.carousels.spec.subItems) {
      let flat = first + sub
      guard feed.carousels.subItems.mediaState[flat] == .notLoaded else { continue }
      let active = Int(feed.carousels.subItems.mediaRequest[flat])
      if active >= 0 {
        if policy.coalescing { reprioritize(requestID: active, to: priority) }
        inFlight = true
        continue
      }
      // A prefetch: neither seen before nor showing now (a row loaded on screen in place of a
      // placeholder shows its window before its sub-items were ever counted as seen).
      let shows = visibility.rows.contains(item) && feed.carousels.window(ofItem: item).contains(sub)
      let id = issue(
        .subItemMedia(item: item, sub: sub), priority: priority,
        bytes: feed.carousels.subItems.mediaBytes[flat],
        isPrefetch: feed.carousels.subItems.firstVisibleUs[flat] < 0 && !shows,
        direction: scroll.scrollDirection)
      feed.carousels.subItems.mediaRequested(flat, id: id)
      inFlight = true
    }
    return inFlight
  }

  /// Some sub-item of carousel row `item`'s window lacks its image.
  func carouselNeedsMedia(_ item: Int) -> Bool {
    let first = feed.carousels.firstSubItem(ofItem: item)
    for sub in feed.carousels.window(ofItem: item)
    where feed.carousels.subItems.mediaState[first + sub] == .notLoaded {
      return true
    }
    return false
  }

  /// Some sub-item of carousel row `item` (in its window or not) has an image on its way.
  func carouselMediaInFlight(_ item: Int) -> Bool {
    let first = feed.carousels.firstSubItem(ofItem: item)
    guard first >= 0 else { return false }
    for flat in first..<(first + feed.carousels.spec.subItems)
    where feed.carousels.subItems.mediaRequest[flat] >= 0 {
      return true
    }
    return false
  }

  /// Some sub-item of carousel row `item` has an image.
  func carouselCarriesMedia(_ item: Int) -> Bool {
    let first = feed.carousels.firstSubItem(ofItem: item)
    guard first >= 0 else { return false }
    for flat in first..<(first + feed.carousels.spec.subItems) {
      let state = feed.carousels.subItems.mediaState[flat]
      if state == .notLoaded || state == .loaded { return true }
    }
    return false
  }

  /// Cancels every sub-item image of carousel row `item` still on its way; the row's cells no
  /// longer load their images as they come into view.
  func cancelSubItemMedia(_ item: Int) {
    let first = feed.carousels.firstSubItem(ofItem: item)
    guard first >= 0 else { return }
    feed.carousels.setBound(item, false)
    for flat in first..<(first + feed.carousels.spec.subItems) {
      let active = Int(feed.carousels.subItems.mediaRequest[flat])
      guard active >= 0 else { continue }
      cancel(requestID: active)
      feed.carousels.subItems.forgetMediaRequest(flat)
    }
  }

  /// Moves every sub-item image of carousel row `item` still on its way to `priority`.
  func setSubItemMediaPriority(_ item: Int, priority: FetchPriority) {
    let first = feed.carousels.firstSubItem(ofItem: item)
    guard first >= 0 else { return }
    for flat in first..<(first + feed.carousels.spec.subItems) {
      let active = Int(feed.carousels.subItems.mediaRequest[flat])
      if active >= 0 { reprioritize(requestID: active, to: priority) }
    }
  }

  /// The image of sub-item `sub` of row `item` arrived: used at once if the sub-item shows, kept
  /// awaiting use otherwise; the row completes when its whole window has its images.
  func deliverSubItemMedia(item: Int, subItem sub: Int, requestID id: Int) {
    let flat = feed.carousels.flatIndex(item: item, subItem: sub)
    feed.carousels.subItems.mediaRequestEnded(flat, id: id)
    if feed.carousels.subItems.mediaState[flat] == .loaded {
      ledger.requests[id].markRedundant()
      return
    }
    if feed.carousels.subItems.mediaLoaded(flat) { ledger.requests[id].markRedundant() }
    feed.carousels.subItems.markComplete(flat)
    let shows = visibility.rows.contains(item) && feed.carousels.window(ofItem: item).contains(sub)
    if shows {
      ledger.requests[id].markUsed()
    } else {
      feed.carousels.subItems.mediaAwaitsUse(flat, id: id)
    }
    // Kept in memory for the run (`feed.carousel` refuses `cache`): counted towards the peak.
    recorder.noteMemoryInUse(
      cache.mediaEntered(item: item, bytes: feed.carousels.subItems.mediaBytes[flat], visible: true))
    refreshCarouselCompleteness(item)
  }

  /// One of row `item`'s images arrived: its completeness follows, and on screen the blank
  /// fraction and its time-to-content clock with it.
  func refreshCarouselCompleteness(_ item: Int) {
    guard feed.items.mediaState[item] != .unknown else { return }
    let complete = feed.carousels.isWindowComplete(item)
    let visible = visibility.rows.contains(item)
    if complete && !feed.items.complete[item] {
      markComplete(item, visible: visible)
      return
    }
    if visible { refreshBlankFraction() }
  }

  /// Sub-items `subs` of carousel row `item` came into view (the row entered the viewport, or was
  /// loaded on screen): each seen for the first time is counted (a prefetch
  /// still on its way is late), a request still queued moves to visible priority, an image that
  /// awaited use is used, and a row whose media the strategy asked for loads the rest.
  func carouselSubItemsShown(_ item: Int, _ subs: Range<Int>) {
    let first = feed.carousels.firstSubItem(ofItem: item)
    guard first >= 0, sessionStarted else { return }
    for sub in subs {
      let flat = first + sub
      let active = Int(feed.carousels.subItems.mediaRequest[flat])
      if feed.carousels.subItems.firstVisibleUs[flat] < 0 {
        feed.carousels.subItems.firstSeen(flat, atUs: nowUs)
        if active >= 0 && ledger.requests[active].isPrefetch && !ledger.requests[active].late
          && !ledger.requests[active].fromDisk
        {
          ledger.requests[active].markLate()
          recorder.countLatePrefetch()
        }
      }
      if active >= 0 && ledger.requests[active].priority > .visible {
        reprioritize(requestID: active, to: .visible)
      }
      if let media = feed.carousels.subItems.takeMediaAwaitingUse(flat) { ledger.requests[media].markUsed() }
    }
    if feed.carousels.bound[item] { issueSubItemMedia(item: item, subItems: subs, priority: .visible) }
  }

  /// A pull to refresh: every carousel cell's image in memory leaves it (`refreshFeed` cancelled
  /// the requests first). O(sub-items ever loaded).
  func releaseCarouselMedia() {
    let cells = feed.carousels.subItems
    for flat in 0..<cells.count where cells.mediaState[flat] == .loaded {
      cache.mediaReleased(item: feed.carousels.ownerOf(flat), bytes: cells.mediaBytes[flat])
    }
  }

  /// Carousel row `item`'s page is dropped: its sub-items' images in flight are cancelled and
  /// those in memory leave it with the row.
  func dropCarouselMedia(_ item: Int) {
    cancelSubItemMedia(item)
    let first = feed.carousels.firstSubItem(ofItem: item)
    for flat in first..<(first + feed.carousels.spec.subItems)
    where feed.carousels.subItems.mediaState[flat] == .loaded {
      cache.mediaReleased(item: item, bytes: feed.carousels.subItems.mediaBytes[flat])
    }
  }
}
