extension Simulation {
  // MARK: Public actions for strategies

  /// Requests the page that extends the loaded content in `direction` (the next page with cursor
  /// pagination; the nearest unloaded page beyond the viewport's run with offset pagination).
  ///
  /// - Parameter guardInFlight: when true (what careful client code does, and the default), does
  ///   nothing while a page request in that direction is in flight; false reproduces naive code
  ///   that fires on every scroll callback and sends duplicates.
  /// - Returns: true if a request was issued. Never issues once the end of the feed is known.
  @discardableResult
  public func requestPage(_ direction: ScrollDirection, guardInFlight: Bool) -> Bool {
    guard sessionStarted, let frontier = loadFrontier(direction) else { return false }
    if guardInFlight {
      // Careful code asks for nothing while a page request is out in that direction, nor for a
      // page already requested (offset pagination: a visible placeholder's page, or one asked
      // for going the other way).
      let page = frontier.page
      if isPageInFlight(direction) || pages.activeRequest[page] >= 0 || pages.applyPending[page] {
        return false
      }
    }
    return issuePageRequest(frontier.page, direction: direction, priority: .page)
  }

  /// Requests page `page` directly (offset pagination; with cursor pagination only the next page
  /// can be asked for). Does nothing if the page is applied or already requested.
  @discardableResult
  public func requestPage(index page: Int, priority: FetchPriority) -> Bool {
    guard sessionStarted, page >= 0, page < plan.pageCount else { return false }
    if pagination == .cursor && page != appliedPageCount { return false }
    guard !pages.applied[page], pages.activeRequest[page] < 0, !pages.applyPending[page] else { return false }
    let direction: ScrollDirection =
      topPt(ofItem: min(plan.firstItem(ofPage: page), max(0, rowCount - 1))) < viewportOffsetPt ? .up : .down
    return issuePageRequest(page, direction: direction, priority: priority)
  }

  /// Asks for `item`'s media at `priority`. With coalescing (`network.coalescing`, the default)
  /// a request already queued or in flight is joined and moved to the new priority: no second
  /// download (`coalesced_requests` counts the joins). Without it every call starts its own
  /// transfer, and the item remembers only the latest (as a cell holding one task handle does).
  /// Does nothing for rows not loaded, items without media and media already loaded.
  /// - Returns: true if a request exists for the media afterwards.
  @discardableResult
  public func requestMedia(item: Int, priority: FetchPriority) -> Bool {
    guard item >= 0, item < items.count, items.mediaState[item] == .notLoaded else { return false }
    let active = Int(items.mediaRequest[item])
    if active >= 0 && coalescing {
      reprioritize(requestID: active, to: priority)
      metrics.summary.coalescedRequests += 1
      return true
    }
    if disk != nil && !ignoreCache && disk!.validEntry(item: item, atUs: nowUs) {
      items.mediaRequest[item] = Int32(issueDiskRead(item: item, priority: priority))
      return true
    }
    let id = issue(
      .media(item: item), priority: priority, bytes: items.mediaBytes[item],
      isPrefetch: items.firstVisibleUs[item] < 0, direction: scrollDirection)
    items.mediaRequest[item] = Int32(id)
    return true
  }

  /// Moves the request queued or in flight for `item`'s media to `priority` (Texture's range
  /// priorities change as rows move between ranges); does nothing when there is none. Never
  /// starts a fetch. O(log queued requests).
  public func setMediaPriority(item: Int, priority: FetchPriority) {
    guard item >= 0, item < items.count else { return }
    let active = Int(items.mediaRequest[item])
    if active >= 0 { reprioritize(requestID: active, to: priority) }
  }

  /// Cancels the request for `item`'s media, if one is queued or in flight. Bytes it already
  /// moved count as wasted.
  public func cancelMedia(item: Int) {
    guard item >= 0, item < items.count else { return }
    let active = Int(items.mediaRequest[item])
    guard active >= 0 else { return }
    cancel(requestID: active)
    items.mediaRequest[item] = -1
  }

  // MARK: Engine

  /// The first page, requested at t = 0 by the app itself, the same for every strategy.
  func issueInitialPage() {
    _ = issuePageRequest(0, direction: .down, priority: .page)
  }

  func issuePageRequest(_ page: Int, direction: ScrollDirection, priority: FetchPriority) -> Bool {
    if endKnown && pagination == .cursor { return false }
    let isPrefetch = !plan.items(ofPage: page).contains { $0 < items.count && items.firstVisibleUs[$0] >= 0 }
    let id = issue(
      .page(page), priority: priority, bytes: content.pageBytes(ofPage: page), isPrefetch: isPrefetch,
      direction: direction)
    pages.activeRequest[page] = Int32(id)
    pageMarkOpen[id] = true
    pageMarks[direction == .down ? 1 : 0] += 1
    return true
  }

  /// Creates a request and queues it for a connection.
  private func issue(
    _ resource: Resource, priority: FetchPriority, bytes: Int64, isPrefetch: Bool, direction: ScrollDirection
  ) -> Int {
    let id = requests.count
    requests.append(
      Request(
        id: id, resource: resource, priority: priority, issuedUs: nowUs, bytes: bytes, isPrefetch: isPrefetch,
        direction: direction))
    if pageMarkOpen.count < requests.count { pageMarkOpen.append(false) }
    if case .page = resource {
      metrics.summary.pageRequests += 1
    } else {
      metrics.summary.mediaRequests += 1
    }
    log(.issued, id, bytes: bytes)
    enqueue(id)
    pumpConnectionQueue()
    return id
  }

  func enqueue(_ id: Int) {
    queueSequence += 1
    requests[id].queueSequence = queueSequence
    connectionQueue.push(QueueEntry(priority: requests[id].priority, sequence: queueSequence, requestID: id))
  }

  func reprioritize(requestID id: Int, to priority: FetchPriority) {
    guard requests[id].priority != priority else { return }
    requests[id].priority = priority
    log(.reprioritized, id, bytes: requests[id].bytes)
    if requests[id].state == .queued { enqueue(id) }
  }

  /// Starts queued requests while connection slots are free (and, with `network.rate_limit`,
  /// tokens are left), best priority first.
  func pumpConnectionQueue() {
    while slotsInUse < maxConcurrentRequests, let entry = connectionQueue.min {
      let request = requests[entry.requestID]
      guard request.state == .queued, request.queueSequence == entry.sequence else {
        connectionQueue.pop()
        continue
      }
      if rateLimiter != nil && !rateLimiter!.take(atUs: nowUs) {
        scheduleRateLimitWake()
        return
      }
      connectionQueue.pop()
      startAttempt(entry.requestID)
    }
  }

  /// The bucket is empty and requests wait: look at the queue again when a token is back.
  private func scheduleRateLimitWake() {
    guard !rateLimitWakePending, rateLimiter != nil else { return }
    rateLimitWakePending = true
    schedule(.rateLimit, atUs: rateLimiter!.nextTokenUs(atUs: nowUs), subject: -1)
  }

  /// A `rateLimit` event: a token is back.
  func rateLimitWake() {
    rateLimitWakePending = false
    pumpConnectionQueue()
  }

  /// An error response takes at least this long, µs, so that a request failing again and again
  /// on a zero-RTT link still lets time pass (and the user's patience run out).
  static let errorResponseMinimumUs: Int64 = 1000

  private func startAttempt(_ id: Int) {
    slotsInUse += 1
    if slotsInUse == 1 { radio?.setBusy(true, atUs: nowUs) }
    metrics.summary.peakInFlight = max(metrics.summary.peakInFlight, slotsInUse)
    requests[id].state = .connecting
    if requests[id].startedUs < 0 { requests[id].startedUs = nowUs }
    let attempt = requests[id].attempt
    let resource = requests[id].resource
    let tryIndex = nextTry(of: resource)
    requests[id].tryIndex = tryIndex
    requests[id].attemptBytesDone = 0
    let latencyMs =
      trace.latencyMs(atUs: nowUs)
      ?? scenario.network.rttMs.quantile(random.uniform(.latency, key: resource.randomKey, attempt: tryIndex))
    var latencyUs = max(0, Int64((latencyMs * 1000).rounded()))
    let fails =
      failureRate > 0 && random.uniform(.failure, key: resource.randomKey, attempt: tryIndex) < failureRate
    if fails { latencyUs = max(latencyUs, Self.errorResponseMinimumUs) }
    requests[id].attemptFails = fails
    requests[id].latencyUs = latencyUs
    // During an outage the request only gets out when the network is back; with
    // `radio.promotion_delays_requests`, only once the radio is promoted.
    var sendUs = outageEndUs ?? nowUs
    if promotionDelaysRequests, let ready = radio?.readyUs(atUs: nowUs) { sendUs = max(sendUs, ready) }
    schedule(.firstByte, atUs: sendUs + latencyUs, subject: id, attempt: attempt)
    schedule(.timeout, atUs: nowUs + timeoutUs, subject: id, attempt: attempt)
    log(.started, id, bytes: requests[id].bytes)
  }

  /// The next try number of `resource` (attempts ever made for it in the run), counted up.
  private func nextTry(of resource: Resource) -> UInt64 {
    switch resource {
    case .page(let page):
      pages.tries[page] += 1
      return UInt64(pages.tries[page] - 1)
    case .media(let item):
      items.mediaTries.grow(toInclude: item, filling: 0)
      items.mediaTries[item] += 1
      return UInt64(items.mediaTries[item] - 1)
    }
  }

  /// The first byte arrived: the body starts moving on the shared link, or the attempt fails if
  /// the response is an error.
  func startTransfer<Strategy: PrefetchStrategy>(requestID id: Int, attempt: Int, strategy: inout Strategy) {
    guard requests[id].state == .connecting, requests[id].attempt == attempt else { return }
    if let end = outageEndUs {
      // The response was lost in the outage: the exchange repeats once the network is back.
      schedule(.firstByte, atUs: end + requests[id].latencyUs, subject: id, attempt: attempt)
      return
    }
    if requests[id].attemptFails {
      attemptFailed(requestID: id, .errorResponse, strategy: &strategy)
      return
    }
    requests[id].state = .transferring
    link.start(id: id, bytes: requests[id].bytes, atUs: nowUs)
    eventsChanged = true
    log(.firstByte, id, bytes: requests[id].bytes)
  }

  func completeTransfer<Strategy: PrefetchStrategy>(requestID id: Int, strategy: inout Strategy) {
    guard requests[id].state == .transferring else { return }
    requests[id].state = .completed
    requests[id].finishedUs = nowUs
    // What this attempt still had to move when it last went on the link (after an outage, the
    // rest of its body).
    let remaining = requests[id].bytes - requests[id].attemptBytesDone
    requests[id].bytesMoved += remaining
    metrics.summary.bytesFetched += remaining
    releaseSlot()
    log(.completed, id, bytes: requests[id].bytes)
    switch requests[id].resource {
    case .page(let page): deliverPage(page, requestID: id)
    case .media(let item):
      disk?.store(item: item, bytes: requests[id].bytes, completed: true, atUs: nowUs)
      deliverMedia(item, requestID: id)
    }
    pumpConnectionQueue()
    strategy.update(.fetchCompleted(requests[id].resource), in: self)
    if !pendingEvictions.isEmpty { notifyEvictions(&strategy) }
  }

  /// The request gives up: the resource is free to be requested again (a page trigger re-arms).
  func fail(requestID id: Int) {
    requests[id].state = .failed
    requests[id].finishedUs = nowUs
    metrics.summary.requestsFailed += 1
    log(.failed, id, bytes: requests[id].bytesMoved)
    releaseResource(of: id)
  }

  func cancel(requestID id: Int) {
    let state = requests[id].state
    guard state.isActive else { return }
    if state == .transferring { takeOffLink(id) }
    if state.holdsSlot { releaseSlot() }
    requests[id].state = .cancelled
    requests[id].finishedUs = nowUs
    if !requests[id].fromDisk { metrics.summary.requestsCancelled += 1 }
    log(.cancelled, id, bytes: requests[id].bytesMoved)
    releaseResource(of: id)
    pumpConnectionQueue()
  }

  /// An attempt gives its connection slot back; the radio goes quiet when none is held.
  func releaseSlot() {
    slotsInUse -= 1
    if slotsInUse == 0 { radio?.setBusy(false, atUs: nowUs) }
  }

  /// Stops a transferring attempt's bytes (unless an outage already did) and counts what moved.
  func takeOffLink(_ id: Int) {
    if requests[id].frozen {
      requests[id].frozen = false
      return
    }
    let moved = link.cancel(id: id, atUs: nowUs)
    eventsChanged = true
    requests[id].bytesMoved += moved
    metrics.summary.bytesFetched += moved
  }

  /// Forgets request `id` as the resource's active request and closes its in-flight page mark.
  private func releaseResource(of id: Int) {
    switch requests[id].resource {
    case .page(let page):
      if pages.activeRequest[page] == Int32(id) { pages.activeRequest[page] = -1 }
      closePageMark(id)
    case .media(let item):
      if items.mediaRequest[item] == Int32(id) { items.mediaRequest[item] = -1 }
    }
  }

  func closePageMark(_ id: Int) {
    guard pageMarkOpen[id] else { return }
    pageMarkOpen[id] = false
    pageMarks[requests[id].direction == .down ? 1 : 0] -= 1
  }

  func log(_ kind: RequestEvent.Kind, _ id: Int, bytes: Int64) {
    guard options.recordEvents else { return }
    let request = requests[id]
    eventLog.append(
      RequestEvent(
        timeUs: nowUs, kind: kind, requestID: id, resource: request.resource, priority: request.priority,
        attempt: request.attempt, bytes: bytes, isPrefetch: request.isPrefetch))
  }
}
