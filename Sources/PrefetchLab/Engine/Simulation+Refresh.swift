extension Simulation {
  /// The user pulled to refresh (a `refresh` gesture the frame at `nowUs` reached): the list
  /// throws away everything it holds and loads the newest list from its first page, as a list
  /// given new data (Paging's `refresh()`, a table view reloaded) does.
  ///
  /// Each component resets what it owns: the rows on screen leave (their time-to-content clocks
  /// stop, incomplete); every active request is cancelled; the media the rows held leave memory
  /// (the disk cache keeps them), carousel cells' images with them; the render stage forgets its rows; the feed is as before its
  /// first request, with the server's list as it is now (`FeedState.refresh`); the time advance
  /// keeps no band; the strategy starts over (`PrefetchStrategy.refresh(startingOver:)`) and is
  /// next consulted with `start` when the new first page, requested here, is in. The bytes the
  /// refresh threw away — moved by the cancelled requests, and those of pages and media delivered
  /// but not yet shown — count as `invalidated_bytes` (and, unused, as wasted). O(rows loaded +
  /// requests since the last refresh).
  func refreshFeed<Strategy: PrefetchStrategy>(strategy: inout Strategy, startingOver initial: Strategy) {
    for item in visibility.rows where item < feed.items.count { rowLeft(item) }
    visibility.clear()
    let firstRequest = feed.firstRequestOfList
    var invalidatedBytes: Int64 = 0
    // Delivered and not yet shown: a page waiting for its apply delay or applied off screen,
    // media loaded off screen. Requests before the last refresh were settled by it.
    for id in firstRequest..<ledger.count where ledger.requests[id].state == .completed {
      let request = ledger.requests[id]
      guard !request.used, !request.fromDisk else { continue }
      switch request.resource {
      case .page(let page):
        if feed.pages.pendingRequest[page] == Int32(id) {
          ledger.closePageMark(id)
          invalidatedBytes += request.bytes
        } else if feed.pages.awaitingUse[page] == Int32(id) {
          invalidatedBytes += request.bytes
        }
      case .media(let item):
        if item < feed.items.count && feed.items.mediaAwaitingUse[item] == Int32(id) {
          invalidatedBytes += request.bytes
        }
      case .subItemMedia(let item, let sub):
        let flat = feed.carousels.firstSubItem(ofItem: item)
        if flat >= 0 && feed.carousels.subItems.mediaAwaitingUse[flat + sub] == Int32(id) {
          invalidatedBytes += request.bytes
        }
      }
    }
    // Queued requests first: cancelling one that holds a connection would start a queued one.
    for onlyQueued in [true, false] {
      for id in firstRequest..<ledger.count where ledger.requests[id].state.isActive {
        guard !onlyQueued || ledger.requests[id].state == .queued else { continue }
        cancel(requestID: id)
        if !ledger.requests[id].fromDisk { invalidatedBytes += ledger.requests[id].bytesMoved }
      }
    }
    for item in 0..<feed.items.count where feed.items.mediaState[item] == .loaded {
      cache.mediaReleased(item: item, bytes: feed.items.mediaBytes[item])
    }
    if feed.carousels.isActive { releaseCarouselMedia() }
    cache.evictionsTold()
    if render.isEnabled { render.refreshed() }
    feed.refresh(atUs: nowUs, requestsIssued: ledger.count)
    swipes.end()
    timeAdvance.refreshed()
    recorder.addInvalidatedBytes(invalidatedBytes)
    strategy.refresh(startingOver: initial)
    issueInitialPage()
    recordTimelineInstant()
  }
}
