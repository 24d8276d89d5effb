/// A timed event in the engine's queue, ordered by (time, kind, sequence) so that simultaneous
/// events run in a fixed, documented order whatever order they were scheduled in.
struct EngineEvent: Comparable, Sendable {
  enum Kind: UInt8, Sendable {
    /// The first byte of a request attempt arrives: its transfer starts on the link.
    case firstByte = 1
    /// A delivered page's rows are inserted.
    case applyPage = 2
    /// A request attempt has run for `timeout_ms`.
    case timeout = 3
    /// The user gives up: a stall (or the wait for first content) reached `patience_ms`.
    case patience = 4
    /// A failed request's backoff is over: its next attempt joins the connection queue.
    case retry = 5
  }

  let timeUs: Int64
  let kind: Kind
  let sequence: Int
  /// Request id (firstByte, timeout, applyPage, retry) or stall serial (patience).
  let subject: Int
  /// The attempt the event belongs to; stale when the request has moved on.
  let attempt: Int

  static func < (lhs: EngineEvent, rhs: EngineEvent) -> Bool {
    if lhs.timeUs != rhs.timeUs { return lhs.timeUs < rhs.timeUs }
    if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
    return lhs.sequence < rhs.sequence
  }
}
