/// Per-page state, indexed by page. Grows on first write, so a feed of billions of items costs
/// only the pages touched; unwritten pages read as their default. Read directly, written only
/// through the named transitions below (each O(1), amortised over growth).
struct PageTable: Sendable {
  private(set) var applied = GrowingArray(default: false)
  /// Delivered, rows about to be inserted.
  private(set) var applyPending = GrowingArray(default: false)
  /// The request whose delivered rows wait for the apply delay, or -1.
  private(set) var pendingRequest = GrowingArray<Int32>(default: -1)
  /// Completed page request whose rows have not been on screen yet, or -1.
  private(set) var awaitingUse = GrowingArray<Int32>(default: -1)
  /// Latest active request for the page, or -1.
  private(set) var activeRequest = GrowingArray<Int32>(default: -1)
  /// Delivered at least once.
  private(set) var everDelivered = GrowingArray(default: false)
  /// Network attempts made so far for the page (the next attempt's try number).
  private(set) var tries = GrowingArray<UInt32>(default: 0)
  /// The lowest request id whose response for the page may still be inserted. A drop at the end
  /// of the applied run next to the page raises it past every request issued so far: the loads
  /// out towards that end were aimed at an edge that has moved (`FeedState.drop`).
  private(set) var firstCurrentRequest = GrowingArray<Int32>(default: 0)

  /// The user pulled to refresh: every page is unloaded and unrequested, as before the first
  /// request, and the pages of the new list were never delivered. The try counts stay: a later
  /// attempt is a new draw, not the first one again.
  mutating func refreshed() {
    let tries = self.tries
    self = PageTable()
    self.tries = tries
  }

  // MARK: Transitions

  // The transitions of a page's life (request, delivery, apply) are inlined into the engine's
  // per-page path: as calls, each cost more than the array write it makes.

  /// Request `id` is now `page`'s active request.
  @inline(__always)
  mutating func requested(_ page: Int, id: Int) { activeRequest[page] = Int32(id) }

  /// Request `id` for `page` ended (delivered, failed, given up): the page has no active
  /// request, unless a later one replaced it.
  @inline(__always)
  mutating func requestEnded(_ page: Int, id: Int) {
    if activeRequest[page] == Int32(id) { activeRequest[page] = -1 }
  }

  /// Counts a network attempt for `page`; returns its try number (0 for the first).
  @inline(__always)
  mutating func countTry(_ page: Int) -> UInt32 {
    tries[page] += 1
    return tries[page] - 1
  }

  /// A response for `page` arrived; returns whether one had arrived before.
  @inline(__always)
  mutating func markDelivered(_ page: Int) -> Bool {
    let before = everDelivered[page]
    everDelivered[page] = true
    return before
  }

  /// `page`'s rows wait for the apply delay.
  @inline(__always)
  mutating func markApplyPending(_ page: Int, id: Int) {
    applyPending[page] = true
    pendingRequest[page] = Int32(id)
  }

  /// `page`'s pending rows are not inserted (the response went stale).
  mutating func cancelApply(_ page: Int) {
    applyPending[page] = false
    pendingRequest[page] = -1
  }

  /// `page`'s rows are in.
  @inline(__always)
  mutating func markApplied(_ page: Int) {
    applyPending[page] = false
    pendingRequest[page] = -1
    applied[page] = true
  }

  /// `page` was dropped from the applied run; content it brought and nobody saw stays unused.
  mutating func markDropped(_ page: Int) {
    applied[page] = false
    awaitingUse[page] = -1
  }

  /// Responses to requests before `firstRequest` for `page` are not inserted.
  mutating func markStale(_ page: Int, before firstRequest: Int) {
    firstCurrentRequest[page] = Int32(firstRequest)
  }

  /// Request `id` brought `page`'s rows: used once one of them shows.
  @inline(__always)
  mutating func awaitsUse(_ page: Int, id: Int) { awaitingUse[page] = Int32(id) }

  /// The request whose rows of `page` showed for the first time, if one awaited use; forgotten.
  @inline(__always)
  mutating func takeAwaitingUse(_ page: Int) -> Int? {
    let id = Int(awaitingUse[page])
    guard id >= 0 else { return nil }
    awaitingUse[page] = -1
    return id
  }
}
