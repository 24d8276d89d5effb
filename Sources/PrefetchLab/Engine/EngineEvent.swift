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

  /// What an event is about, by kind: a request (firstByte, timeout, applyPage, retry,
  /// diskRead), a pause by its serial or the wait for first content (patience, fingerLift), an
  /// outage window by index (outageStart, outageEnd), an item (renderDone), or nothing (rateLimit).
  enum Subject: Sendable, Equatable {
    case request(Int)
    case pause(serial: Int)
    case firstContentWait
    case outage(Int)
    case item(Int)
    case none

    /// The subject as stored: a non-negative id or index, -1 for the wait and for nothing.
    fileprivate var raw: Int {
      switch self {
      case .request(let id): id
      case .pause(let serial): serial
      case .outage(let index): index
      case .item(let item): item
      case .firstContentWait, .none: -1
      }
    }

    /// Whether `kind` is about this kind of subject.
    fileprivate func fits(_ kind: Kind) -> Bool {
      switch self {
      case .request: [.firstByte, .timeout, .applyPage, .retry, .diskRead].contains(kind)
      case .pause: kind == .patience || kind == .fingerLift
      case .firstContentWait: kind == .patience
      case .outage: kind == .outageStart || kind == .outageEnd
      case .item: kind == .renderDone
      case .none: kind == .rateLimit
      }
    }
  }

  let timeUs: Int64
  let kind: Kind
  let sequence: Int
  /// The subject packed by kind (`Subject.raw`): the queue holds a plain integer.
  private let rawSubject: Int
  /// The attempt the event belongs to; stale when the request has moved on.
  let attempt: Int

  init(timeUs: Int64, kind: Kind, sequence: Int, subject: Subject, attempt: Int) {
    assert(subject.fits(kind), "\(kind) is not about \(subject)")
    self.timeUs = timeUs
    self.kind = kind
    self.sequence = sequence
    rawSubject = subject.raw
    self.attempt = attempt
  }

  /// What the event is about, typed by its kind.
  var subject: Subject {
    switch kind {
    case .firstByte, .timeout, .applyPage, .retry, .diskRead: .request(rawSubject)
    case .patience, .fingerLift: rawSubject < 0 ? .firstContentWait : .pause(serial: rawSubject)
    case .outageStart, .outageEnd: .outage(rawSubject)
    case .renderDone: .item(rawSubject)
    case .rateLimit: .none
    }
  }

  /// The request of a request's event (firstByte, timeout, applyPage, retry, diskRead).
  @inline(__always)
  var requestID: Int {
    assert(Subject.request(rawSubject).fits(kind), "\(kind) is not about a request")
    return rawSubject
  }

  static func < (lhs: EngineEvent, rhs: EngineEvent) -> Bool {
    if lhs.timeUs != rhs.timeUs { return lhs.timeUs < rhs.timeUs }
    if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
    return lhs.sequence < rhs.sequence
  }
}
