/// The app's connections, one `ConnectionPool` (slots, queue, rate limiter, link) per origin:
/// the API's, and with `network.media` (unless `shared_link`) the media origin's, each with its
/// own connection limit and its own link. Without a media pool every request uses the API's,
/// exactly as a single pool would.
///
/// A request's origin is fixed when it is first queued (`enqueue(_:priority:media:)`); everything
/// after that is by request id. Totals (`slotsInUse`) span both pools: the timeline, the radio and
/// `StrategyContext.connectionsInUse` see the device, not one origin.
struct ConnectionPools: Sendable {
  private(set) var api: ConnectionPool
  /// The media origin's pool; nil when media share the API's.
  private(set) var media: ConnectionPool?
  /// Whether `media` is set, fixed at `init`. The hot paths test this instead of `media != nil`:
  /// comparing the optional pool with nil copies it (its arrays retained and released).
  private let hasMediaPool: Bool
  /// Per request id: it uses the media pool.
  private var usesMedia: [Bool] = []
  /// A rate-limit wake-up one pool asked for while the other could still start a request: it is
  /// handed out once nothing more can start (`next`).
  private var wakeToReport: Int64?
  /// Scratch for the ids of transfers completing together (`Simulation.processEvents`), kept
  /// between calls so that taking them allocates nothing.
  var completedScratch: [Int] = []

  init(api: ConnectionPool, media: ConnectionPool?) {
    self.api = api
    self.media = media
    hasMediaPool = media != nil
  }

  /// Attempts holding a connection, both origins together. `mutating` only so that the engine reads
  /// it in place (a non-mutating read of a component stored in the simulation copies it).
  var slotsInUse: Int { mutating get { api.slotsInUse + (hasMediaPool ? media!.slotsInUse : 0) } }

  @inline(__always)
  private func isMedia(_ id: Int) -> Bool { hasMediaPool && id < usesMedia.count && usesMedia[id] }

  /// Queues a new request on its origin's pool: the media pool when `media` and there is one.
  @inline(__always)
  mutating func enqueue(_ id: Int, priority: FetchPriority, media isMediaRequest: Bool) {
    // Without a media pool (the single-origin path every request of such a run takes) nothing is
    // routed: the call is the API pool's.
    guard hasMediaPool else { return api.enqueue(id, priority: priority) }
    usesMedia.grow(toInclude: id, filling: false)
    usesMedia[id] = isMediaRequest
    enqueue(id, priority: priority)
  }

  /// Queues request `id` again (re-prioritised, or retried) on the pool it was first queued on.
  mutating func enqueue(_ id: Int, priority: FetchPriority) {
    if isMedia(id) { media!.enqueue(id, priority: priority) } else { api.enqueue(id, priority: priority) }
  }

  mutating func withdraw(_ id: Int) {
    if isMedia(id) { media!.withdraw(id) } else { api.withdraw(id) }
  }

  /// The next request either pool can start now: the API's first, then the media origin's. A
  /// wake-up either asks for is reported once neither can start anything (the caller stops at the
  /// first `.wakeAt` or `.none`). O(log queued).
  @inline(__always)
  mutating func next(atUs nowUs: Int64) -> ConnectionPool.Next {
    guard hasMediaPool else { return api.next(atUs: nowUs) }
    return nextOfBoth(atUs: nowUs)
  }

  /// `next(atUs:)` with a media pool.
  private mutating func nextOfBoth(atUs nowUs: Int64) -> ConnectionPool.Next {
    for pool in 0..<2 {
      switch pool == 0 ? api.next(atUs: nowUs) : media!.next(atUs: nowUs) {
      case .start(let id): return .start(id)
      case .wakeAt(let timeUs): wakeToReport = min(wakeToReport ?? timeUs, timeUs)
      case .none: break
      }
    }
    defer { wakeToReport = nil }
    return wakeToReport.map { .wakeAt($0) } ?? .none
  }

  /// A scheduled rate-limit wake-up came: both pools may look at their queues again.
  mutating func rateLimitWoke() {
    api.rateLimitWoke()
    media?.rateLimitWoke()
  }

  /// Request `id`'s attempt takes a connection of its pool. Returns true if it is the only one
  /// held on the device (the radio wakes).
  @inline(__always)
  mutating func occupySlot(for id: Int) -> Bool {
    guard hasMediaPool else { return api.occupySlot() }
    if isMedia(id) { _ = media!.occupySlot() } else { _ = api.occupySlot() }
    return slotsInUse == 1
  }

  /// Request `id`'s attempt gives its connection back. Returns true if none is held on the device.
  @inline(__always)
  mutating func releaseSlot(of id: Int) -> Bool {
    guard hasMediaPool else { return api.releaseSlot(of: id) }
    if isMedia(id) { _ = media!.releaseSlot(of: id) } else { _ = api.releaseSlot(of: id) }
    return slotsInUse == 0
  }

  /// A strategy's cap on `.preload` attempts holds on both origins (pages may be queued at any
  /// priority).
  mutating func limitLowPriority(to count: Int?) {
    api.limitLowPriority(to: count)
    media?.limitLowPriority(to: count)
  }

  /// A strategy's media rate limiter, on the pool media use.
  mutating func limitMediaStartRate(_ spec: RateLimitSpec?) {
    if hasMediaPool { media!.limitMediaStartRate(spec) } else { api.limitMediaStartRate(spec) }
  }

  @inline(__always)
  mutating func startTransfer(_ id: Int, bytes: Int64, atUs timeUs: Int64) {
    guard hasMediaPool else { return api.startTransfer(id, bytes: bytes, atUs: timeUs) }
    if isMedia(id) {
      media!.startTransfer(id, bytes: bytes, atUs: timeUs)
    } else {
      api.startTransfer(id, bytes: bytes, atUs: timeUs)
    }
  }

  mutating func stopTransfer(_ id: Int, atUs timeUs: Int64) -> Int64 {
    isMedia(id) ? media!.stopTransfer(id, atUs: timeUs) : api.stopTransfer(id, atUs: timeUs)
  }

  func bytesMoved(_ id: Int, atUs timeUs: Int64) -> Int64? {
    isMedia(id) ? media!.bytesMoved(id, atUs: timeUs) : api.bytesMoved(id, atUs: timeUs)
  }

  /// The earliest time a transfer on either link completes. `mutating` only so that the engine,
  /// which asks at every event and jump, reads it in place instead of copying the pools.
  @inline(__always)
  mutating func nextCompletionUs() -> Int64? {
    guard hasMediaPool else { return api.link.nextCompletionUs() }
    switch (api.link.nextCompletionUs(), media!.link.nextCompletionUs()) {
    case (let a?, let m?): return min(a, m)
    case (let a, let m): return a ?? m
    }
  }

  /// Appends the transfers completed by `timeUs` on both links to `buffer`, in completion order
  /// (the API's first at equal times).
  @inline(__always)
  mutating func takeCompleted(atUs timeUs: Int64, into buffer: inout [Int]) {
    guard hasMediaPool else { return api.takeCompleted(atUs: timeUs, into: &buffer) }
    takeCompletedOfBoth(atUs: timeUs, into: &buffer)
  }

  /// `takeCompleted(atUs:into:)` with a media pool.
  private mutating func takeCompletedOfBoth(atUs timeUs: Int64, into buffer: inout [Int]) {
    while true {
      let apiDue = api.link.nextCompletionUs().flatMap { $0 <= timeUs ? $0 : nil }
      let mediaDue = media!.link.nextCompletionUs().flatMap { $0 <= timeUs ? $0 : nil }
      switch (apiDue, mediaDue) {
      case (nil, nil): return
      case (let a?, nil): api.takeCompleted(atUs: a, into: &buffer)
      case (nil, let m?): media!.takeCompleted(atUs: m, into: &buffer)
      case (let a?, let m?):
        if a <= m {
          api.takeCompleted(atUs: a, into: &buffer)
        } else {
          media!.takeCompleted(atUs: m, into: &buffer)
        }
      }
    }
  }

  func checkInvariants() {
    api.checkInvariants()
    media?.checkInvariants()
    assert(media != nil || usesMedia.isEmpty, "a request routed to a media pool that does not exist")
  }
}
