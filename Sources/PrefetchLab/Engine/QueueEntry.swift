/// A queued request's place in the connection queue, FIFO within a priority; stale entries (after
/// a priority change or cancellation) are skipped when popped.
struct QueueEntry: Comparable, Sendable {
  let priority: FetchPriority
  let sequence: Int
  let requestID: Int

  static func < (lhs: QueueEntry, rhs: QueueEntry) -> Bool {
    lhs.priority != rhs.priority ? lhs.priority < rhs.priority : lhs.sequence < rhs.sequence
  }
}
