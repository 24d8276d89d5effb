/// Connections and the link behind them: at most `maxConcurrent` request attempts hold a
/// connection at once (`network.max_concurrent_requests`); the rest wait in a priority queue
/// (page before visible before display before preload media, first come first served within a
/// priority), and with `network.rate_limit` a token bucket spaces their starts. Bytes of attempts
/// whose first byte arrived move on the shared `TransferLink`.
///
/// The pool knows requests by id only; the coordinator says which are queued, started, finished.
/// A queued request's live queue entry is the one with its latest sequence: re-prioritising queues
/// a new entry and leaves the old one to be skipped when popped.
struct ConnectionPool: Sendable {
  let maxConcurrent: Int
  private(set) var link: TransferLink
  private var queue = MinHeap<QueueEntry>()
  private var sequence = 0
  /// Per request id: the sequence of its live queue entry, or 0 when it is not queued.
  private var liveSequence: [Int] = []
  /// Attempts holding a connection (connecting or transferring).
  private(set) var slotsInUse = 0
  private var rateLimiter: TokenBucket?
  /// A wake-up is scheduled for when the bucket has a token again.
  private var rateLimitWakePending = false
  /// Set by a strategy (`StrategyContext.limitLowPriorityConnections`): at most this many
  /// attempts queued at `.preload` priority hold a connection at once, keeping the rest for
  /// on-screen images and pages; nil: no reservation.
  private(set) var lowPriorityLimit: Int?
  /// Attempts holding a connection that started at `.preload` priority.
  private(set) var lowSlotsInUse = 0
  /// Per request id: its current attempt holds one of the low-priority slots.
  private var holdsLowSlot: [Bool] = []
  /// Set by a strategy (`StrategyContext.limitMediaStartRate`): a token bucket that only media
  /// attempts take from, as an image pipeline's own rate limiter does.
  private var mediaRateLimiter: TokenBucket?

  init(maxConcurrent: Int, trace: BandwidthTrace, rateLimit: RateLimitSpec?) {
    self.maxConcurrent = maxConcurrent
    link = TransferLink(trace: trace)
    rateLimiter = rateLimit.map(TokenBucket.init)
  }

  /// Queues request `id` at `priority` (again, if it was queued at another). O(log queued).
  mutating func enqueue(_ id: Int, priority: FetchPriority) {
    // Doubling: request ids come one at a time, and growing by one each is a slow path.
    liveSequence.grow(toInclude: id, filling: 0)
    sequence += 1
    liveSequence[id] = sequence
    queue.push(QueueEntry(priority: priority, sequence: sequence, requestID: id))
  }

  /// Request `id` leaves the queue without starting (cancelled). O(1); its entry is skipped later.
  mutating func withdraw(_ id: Int) {
    if id < liveSequence.count { liveSequence[id] = 0 }
  }

  /// What the queue can do at `nowUs`.
  enum Next {
    /// Start this request's attempt now (it left the queue; take a slot with `occupySlot`).
    case start(Int)
    /// The rate limiter is empty: schedule a wake-up for this time and call `rateLimitWoke` then.
    case wakeAt(Int64)
    /// Nothing can start: no free slot, nothing queued, or a wake-up is already pending.
    case none
  }

  /// The best queued request that may start now, skipping stale entries. O(log queued).
  mutating func next(atUs nowUs: Int64) -> Next {
    while slotsInUse < maxConcurrent, let entry = queue.min {
      guard liveSequence[entry.requestID] == entry.sequence else {
        queue.pop()
        continue
      }
      // The heap's best is low priority: everything queued is, and none may start past the cap.
      let isLow = entry.priority == .preload
      if isLow, let limit = lowPriorityLimit, lowSlotsInUse >= limit { return .none }
      if entry.priority != .page, mediaRateLimiter != nil, !mediaRateLimiter!.peek(atUs: nowUs) {
        guard !rateLimitWakePending else { return .none }
        rateLimitWakePending = true
        return .wakeAt(mediaRateLimiter!.nextTokenUs(atUs: nowUs))
      }
      if rateLimiter != nil && !rateLimiter!.take(atUs: nowUs) {
        guard !rateLimitWakePending else { return .none }
        rateLimitWakePending = true
        return .wakeAt(rateLimiter!.nextTokenUs(atUs: nowUs))
      }
      if entry.priority != .page, mediaRateLimiter != nil { _ = mediaRateLimiter!.take(atUs: nowUs) }
      queue.pop()
      liveSequence[entry.requestID] = 0
      if lowPriorityLimit != nil {
        if entry.requestID >= holdsLowSlot.count {
          holdsLowSlot.append(
            contentsOf: repeatElement(false, count: entry.requestID + 1 - holdsLowSlot.count))
        }
        holdsLowSlot[entry.requestID] = isLow
        if isLow { lowSlotsInUse += 1 }
      }
      return .start(entry.requestID)
    }
    return .none
  }

  /// The scheduled rate-limit wake-up came: the queue may be looked at again.
  mutating func rateLimitWoke() { rateLimitWakePending = false }

  /// An attempt takes a connection. Returns true if it is the only one (the radio wakes).
  mutating func occupySlot() -> Bool {
    slotsInUse += 1
    return slotsInUse == 1
  }

  /// Request `id`'s attempt gives its connection back. Returns true if none is held now (the
  /// radio may rest).
  mutating func releaseSlot(of id: Int) -> Bool {
    slotsInUse -= 1
    if id < holdsLowSlot.count && holdsLowSlot[id] {
      holdsLowSlot[id] = false
      lowSlotsInUse -= 1
    }
    return slotsInUse == 0
  }

  /// Caps the connections `.preload` attempts may hold (nil lifts the cap). Attempts already
  /// holding one keep it.
  mutating func limitLowPriority(to count: Int?) { lowPriorityLimit = count }

  /// Media attempts also take a token from a bucket of their own (nil removes it).
  mutating func limitMediaStartRate(_ spec: RateLimitSpec?) { mediaRateLimiter = spec.map(TokenBucket.init) }

  // MARK: The link

  /// The body of request `id` (`bytes` left to move) starts flowing at `timeUs`.
  mutating func startTransfer(_ id: Int, bytes: Int64, atUs timeUs: Int64) {
    link.start(id: id, bytes: bytes, atUs: timeUs)
  }

  /// Takes request `id`'s transfer off the link; returns the bytes it moved.
  mutating func stopTransfer(_ id: Int, atUs timeUs: Int64) -> Int64 { link.cancel(id: id, atUs: timeUs) }

  /// Appends the transfers completed by `timeUs` to `buffer`, in completion order.
  mutating func takeCompleted(atUs timeUs: Int64, into buffer: inout [Int]) {
    link.popCompleted(atUs: timeUs, into: &buffer)
  }

  /// Bytes request `id`'s transfer has moved by `timeUs`, if it is on the link.
  func bytesMoved(_ id: Int, atUs timeUs: Int64) -> Int64? { link.bytesMoved(id: id, atUs: timeUs) }

  /// Debug builds: slots within the limit; every transfer on the link holds a slot.
  func checkInvariants() {
    assert(slotsInUse >= 0 && slotsInUse <= maxConcurrent, "connection slots out of range")
    assert(lowSlotsInUse >= 0 && lowSlotsInUse <= slotsInUse, "low-priority slots out of range")
    assert(link.activeCount <= slotsInUse, "a transfer moves without a connection")
  }
}
