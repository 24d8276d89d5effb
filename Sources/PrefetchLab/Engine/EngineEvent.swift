/// A timed event in the engine's queue, ordered by (time, kind, sequence) so that simultaneous
/// events run in a fixed, documented order whatever order they were scheduled in.
struct EngineEvent: Comparable, Sendable {
  enum Kind: UInt8, Sendable {
    /// A network outage ends: frozen transfers resume. First, so that a byte due at that instant
    /// finds the network up.
    case outageEnd = 1
    /// A network outage starts: transfers freeze. Before first bytes due at the same instant,
    /// which it holds back.
    case outageStart = 2
    /// The first byte of a request attempt arrives: its transfer starts on the link.
    case firstByte = 3
    /// A delivered page's rows are inserted.
    case applyPage = 4
    /// A request attempt has run for `timeout_ms`.
    case timeout = 5
    /// The user gives up: a stall (or the wait for first content) reached `patience_ms`.
    case patience = 6
    /// A failed request's backoff is over: its next attempt joins the connection queue.
    case retry = 7
    /// The rate limiter has a token again: waiting requests may start.
    case rateLimit = 8
    /// A disk-cache read finished: the media is in memory.
    case diskRead = 9
    /// A render job finished on a worker.
    case renderDone = 10
    /// A finger held against the end of loaded content during a stall lifts (the end of its drag
    /// in the user's trace, counted from the stall's start). Last: content arriving at that
    /// instant still finds the finger down, and the drag goes on.
    case fingerLift = 11
  }

  let timeUs: Int64
  let kind: Kind
  let sequence: Int
  /// Request id (firstByte, timeout, applyPage, retry, diskRead), stall serial (patience,
  /// fingerLift), outage index or item (renderDone).
  let subject: Int
  /// The attempt the event belongs to; stale when the request has moved on.
  let attempt: Int

  static func < (lhs: EngineEvent, rhs: EngineEvent) -> Bool {
    if lhs.timeUs != rhs.timeUs { return lhs.timeUs < rhs.timeUs }
    if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
    return lhs.sequence < rhs.sequence
  }
}
