extension Simulation {
  /// The first page, requested at t = 0 by the app itself, the same for every strategy.
  func issueInitialPage() {
    _ = issuePageRequest(0, direction: .down, priority: .page, automatic: true)
  }

  /// - Parameter automatic: the engine asks for the page itself (the first page; with offset
  ///   pagination, a placeholder on screen), not the strategy.
  func issuePageRequest(
    _ page: Int, direction: ScrollDirection, priority: FetchPriority, automatic: Bool = false
  ) -> Bool {
    // Past the end nothing more exists; a dropped cursor page inside it can be fetched again.
    if feed.endKnown && !feed.isOffsetPagination && page >= feed.appliedPageCount { return false }
    let isPrefetch = !feed.plan.items(ofPage: page).contains {
      $0 < feed.items.count && feed.items.firstVisibleUs[$0] >= 0
    }
    let id = issue(
      .page(page), priority: priority, bytes: feed.pageBytes(ofPage: page), isPrefetch: isPrefetch,
      direction: direction, automatic: automatic)
    feed.pages.requested(page, id: id)
    ledger.openPageMark(id)
    return true
  }

  /// Creates a request and queues it for a connection.
  func issue(
    _ resource: Resource, priority: FetchPriority, bytes: Int64, isPrefetch: Bool, direction: ScrollDirection,
    automatic: Bool = false
  ) -> Int {
    // Complete as it goes into the ledger: a write through `ledger.requests[id]` afterwards
    // checks the array's bounds and uniqueness again.
    let id = ledger.append(
      Request(
        id: ledger.count, resource: resource, priority: priority, issuedUs: nowUs, bytes: bytes,
        isPrefetch: isPrefetch, direction: direction, automatic: automatic,
        visibleSinceUs: priority == .visible ? nowUs : -1))
    recorder.countIssued(resource)
    log(.issued, id, bytes: bytes)
    pool.enqueue(id, priority: priority, media: resource.isMedia)
    pumpConnectionQueue()
    return id
  }

  func reprioritize(requestID id: Int, to priority: FetchPriority) {
    guard ledger.requests[id].priority != priority else { return }
    ledger.requests[id].reprioritize(to: priority, atUs: nowUs)
    log(.reprioritized, id, bytes: ledger.requests[id].bytes)
    if ledger.requests[id].state == .queued { pool.enqueue(id, priority: priority) }
  }

  /// Starts queued requests while connection slots are free (and, with `network.rate_limit`,
  /// tokens are left), best priority first.
  func pumpConnectionQueue() {
    while true {
      switch pool.next(atUs: nowUs) {
      case .start(let id): startAttempt(id)
      case .wakeAt(let timeUs):
        events.schedule(.rateLimit, atUs: timeUs, .none)
        return
      case .none: return
      }
    }
  }

  private func startAttempt(_ id: Int) {
    if pool.occupySlot(for: id) { radio?.setBusy(true, atUs: nowUs) }
    recorder.noteInFlight(pool.slotsInUse)
    let resource = ledger.requests[id].resource
    let tryIndex = nextTry(of: resource)
    let (latencyUs, fails) = policy.attempt(of: resource, tryIndex: tryIndex, atUs: nowUs)
    // One access to the ledger's array for the whole attempt record (each write through
    // `ledger.requests[id]` checks the array's bounds and uniqueness again).
    let attempt = ledger.requests[id].beginAttempt(
      atUs: nowUs, tryIndex: tryIndex, latencyUs: latencyUs, fails: fails)
    // During an outage the request only gets out when the network is back; with
    // `radio.promotion_delays_requests`, only once the radio is promoted.
    var sendUs = outages.endUs ?? nowUs
    if policy.promotionDelaysRequests, let ready = radio?.readyUs(atUs: nowUs) { sendUs = max(sendUs, ready) }
    events.schedule(.firstByte, atUs: sendUs + latencyUs, .request(id), attempt: attempt)
    events.schedule(.timeout, atUs: nowUs + policy.timeoutUs(for: resource), .request(id), attempt: attempt)
    log(.started, id, bytes: ledger.requests[id].bytes)
  }

  /// The next try number of `resource` (attempts ever made for it in the run), counted up.
  private func nextTry(of resource: Resource) -> UInt64 {
    switch resource {
    case .page(let page):
      return UInt64(feed.pages.countTry(page))
    case .media(let item):
      return UInt64(feed.items.countMediaTry(item))
    case .subItemMedia(let item, let sub):
      return UInt64(feed.carousels.subItems.countMediaTry(feed.carousels.flatIndex(item: item, subItem: sub)))
    }
  }

  /// The first byte arrived: the body starts moving on the shared link, or the attempt fails if
  /// the response is an error.
  func startTransfer<Strategy: PrefetchStrategy>(requestID id: Int, attempt: Int, strategy: inout Strategy) {
    guard ledger.requests[id].state == .connecting, ledger.requests[id].attempt == attempt else { return }
    if let end = outages.endUs {
      // The response was lost in the outage: the exchange repeats once the network is back.
      events.schedule(.firstByte, atUs: end + ledger.requests[id].latencyUs, .request(id), attempt: attempt)
      return
    }
    if ledger.requests[id].attemptFails {
      attemptFailed(requestID: id, .errorResponse, strategy: &strategy)
      return
    }
    ledger.requests[id].startTransfer(atUs: nowUs)
    pool.startTransfer(id, bytes: ledger.requests[id].bytes, atUs: nowUs)
    events.markStale()
    log(.firstByte, id, bytes: ledger.requests[id].bytes)
  }

  func completeTransfer<Strategy: PrefetchStrategy>(requestID id: Int, strategy: inout Strategy) {
    guard ledger.requests[id].state == .transferring else { return }
    // What this attempt still had to move when it last went on the link (after an outage, the
    // rest of its body).
    let remaining = ledger.requests[id].complete(atUs: nowUs)
    recorder.addBytesFetched(remaining)
    releaseSlot(of: id)
    log(.completed, id, bytes: ledger.requests[id].bytes)
    let resource = ledger.requests[id].resource
    switch resource {
    case .page(let page): deliverPage(page, requestID: id)
    case .media(let item):
      cache.storeOnDisk(item: item, bytes: ledger.requests[id].bytes, atUs: nowUs)
      deliverMedia(item, requestID: id)
    case .subItemMedia(let item, let sub):
      deliverSubItemMedia(item: item, subItem: sub, requestID: id)
    }
    pumpConnectionQueue()
    ledger.reportedTransfer = id
    consult(.fetchCompleted(resource.asSeenByStrategies), &strategy)
    ledger.reportedTransfer = -1
  }

  /// The request gives up: the resource is free to be requested again (a page trigger re-arms).
  func fail(requestID id: Int) {
    ledger.requests[id].fail(atUs: nowUs)
    recorder.countFailedRequest()
    log(.failed, id, bytes: ledger.requests[id].bytesMoved)
    releaseResource(of: id)
  }

  func cancel(requestID id: Int) {
    let state = ledger.requests[id].state
    guard state.isActive else { return }
    if state == .queued { pool.withdraw(id) }
    if state == .transferring { takeOffLink(id) }
    if state.holdsSlot { releaseSlot(of: id) }
    ledger.requests[id].cancel(atUs: nowUs)
    if !ledger.requests[id].fromDisk { recorder.countCancelledRequest() }
    log(.cancelled, id, bytes: ledger.requests[id].bytesMoved)
    releaseResource(of: id)
    pumpConnectionQueue()
  }

  /// Request `id`'s attempt gives its connection slot back; the radio goes quiet when none is
  /// held.
  func releaseSlot(of id: Int) {
    if pool.releaseSlot(of: id) { radio?.setBusy(false, atUs: nowUs) }
  }

  /// Stops a transferring attempt's bytes (unless an outage already did) and counts what moved.
  func takeOffLink(_ id: Int) {
    if ledger.requests[id].frozen {
      ledger.requests[id].thaw()
      return
    }
    let moved = pool.stopTransfer(id, atUs: nowUs)
    events.markStale()
    ledger.requests[id].countMoved(moved)
    recorder.addBytesFetched(moved)
  }

  /// Forgets request `id` as the resource's active request and closes its in-flight page mark.
  private func releaseResource(of id: Int) {
    switch ledger.requests[id].resource {
    case .page(let page):
      feed.pages.requestEnded(page, id: id)
      ledger.closePageMark(id)
    case .media(let item):
      feed.items.mediaRequestEnded(item, id: id)
    case .subItemMedia(let item, let sub):
      feed.carousels.subItems.mediaRequestEnded(feed.carousels.flatIndex(item: item, subItem: sub), id: id)
    }
  }

  /// Logs a step of request `id`'s life (when events are recorded).
  @inline(__always)
  func log(_ kind: RequestEvent.Kind, _ id: Int, bytes: Int64) {
    guard recorder.recordsEvents else { return }
    recorder.log(kind, ledger.requests[id], bytes: bytes, atUs: nowUs)
  }
}
