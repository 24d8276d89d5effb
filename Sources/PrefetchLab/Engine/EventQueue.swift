/// The engine's timed events (`EngineEvent`), in (time, kind, sequence) order, and the flag that
/// tells the run loop its cached "next event" time is stale.
struct EventQueue: Sendable {
  private var heap = MinHeap<EngineEvent>()
  private var sequence = 0
  /// Set when an event is scheduled or consumed, or the coordinator says the transfer link
  /// changed: the loop's next event time must be recomputed.
  private(set) var isStale = true
  /// Timed events handled so far, the transfer link's completions included (a benchmark figure).
  private(set) var handledCount = 0
  /// Debug builds: the time of the last event taken, which never decreases.
  private var lastTakenUs = Int64.min
  /// The queue's length at which `dropDead` next sweeps the whole queue: twice what the last
  /// sweep left, and at least `minimumSweepCount`.
  private var sweepAtCount = Self.minimumSweepCount
  /// A judgement: small, so that a run with a handful of live events and a long `timeout_ms`
  /// keeps a shallow heap (each push and pop walks its depth), yet a sweep (O(queue)) still
  /// comes only after that many events. 16 measured best of 8, 16 and 64 on one page request a
  /// second.
  static let minimumSweepCount = 16

  /// Queues an event. O(log events).
  mutating func schedule(
    _ kind: EngineEvent.Kind, atUs timeUs: Int64, _ subject: EngineEvent.Subject, attempt: Int = 0
  ) {
    sequence += 1
    isStale = true
    heap.push(EngineEvent(timeUs: timeUs, kind: kind, sequence: sequence, subject: subject, attempt: attempt))
  }

  /// `count` completions of the transfer link, handled outside the queue, count as events handled.
  @inline(__always)
  mutating func countLinkCompletions(_ count: Int) { handledCount += count }

  /// The earliest event, if any.
  var next: EngineEvent? { heap.min }

  /// Removes the earliest event. O(log events).
  mutating func takeNext() {
    handledCount += 1
    if let event = heap.pop() {
      assert(event.timeUs >= lastTakenUs, "events taken out of time order")
      lastTakenUs = event.timeUs
    }
  }

  /// Removes events that would change nothing when due (`isDead`: a timeout for an attempt
  /// that is over, a patience deadline of a pause that is over): those at the front, and, once
  /// the queue has doubled since the last sweep, all of them, so that dead events neither split
  /// the time between live ones nor swell the queue (a request's timeout outlives its transfer by
  /// up to `timeout_ms`, a pause's deadline its pause by up to `patience_ms`). The order of the
  /// live events is untouched (it is total). O(1) amortised per event.
  mutating func dropDead(_ isDead: (EngineEvent) -> Bool) {
    if heap.count >= sweepAtCount {
      heap.removeAll(where: isDead)
      sweepAtCount = max(Self.minimumSweepCount, 2 * heap.count)
    }
    while let first = heap.min, isDead(first) { heap.pop() }
  }

  /// Something outside the queue that bounds the next event time changed (the link), or the
  /// loop is consuming events.
  mutating func markStale() { isStale = true }

  /// The loop has recomputed its next event time.
  mutating func markFresh() { isStale = false }

  /// Debug builds: nothing pending lies before `nowUs`.
  func checkInvariants(nowUs: Int64) {
    assert((heap.min?.timeUs ?? .max) >= nowUs, "an event is due in the past")
  }
}
