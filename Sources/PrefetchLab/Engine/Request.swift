/// Where a request is in its life.
public enum RequestState: UInt8, Sendable, Equatable {
  /// Waiting for a connection slot (`max_concurrent_requests` reached).
  case queued
  /// Holding a slot, waiting one RTT for the first byte.
  case connecting
  /// Bytes are moving on the shared link.
  case transferring
  /// Delivered.
  case completed
  /// Cancelled by the strategy (bytes already moved count as wasted).
  case cancelled
  /// Timed out or failed after its last attempt.
  case failed
  /// An attempt failed and the retry policy allows another: waiting out the backoff, holding no
  /// connection slot.
  case backingOff
  /// Being read back from the disk cache (no connection, no network bytes).
  case readingDisk

  var isActive: Bool {
    self == .queued || self == .connecting || self == .transferring || self == .backingOff
      || self == .readingDisk
  }
  var holdsSlot: Bool { self == .connecting || self == .transferring }
}

/// One request for a resource, across its attempts.
struct Request: Sendable {
  let id: Int
  let resource: Resource
  var priority: FetchPriority
  let issuedUs: Int64
  let bytes: Int64
  /// Issued before any of the resource's items first became visible.
  let isPrefetch: Bool
  /// Direction a page request extends the feed in (media: the scroll direction at issue).
  let direction: ScrollDirection
  /// Attempts made before the current one (0 for the first attempt).
  var attempt = 0
  var state = RequestState.queued
  /// The resource's try number of the current attempt: every attempt ever made for the resource
  /// in the run is counted, so a request issued again after a failure meets fresh draws. Keys the
  /// attempt's latency, failure and jitter draws (common random numbers across strategies).
  var tryIndex: UInt64 = 0
  /// The current attempt ends in an error response at its first byte.
  var attemptFails = false
  /// The current attempt's time to first byte, µs.
  var latencyUs: Int64 = 0
  /// Bytes the current attempt moved before an outage took it off the link.
  var attemptBytesDone: Int64 = 0
  /// Transferring, but taken off the link while an outage lasts.
  var frozen = false
  /// Served by the disk cache instead of the network: not a fetch (no network metrics).
  var fromDisk = false
  var startedUs: Int64 = -1
  var finishedUs: Int64 = -1
  /// Bytes moved over the network by all attempts so far.
  var bytesMoved: Int64 = 0
  /// Its content was on screen at some moment after delivery.
  var used = false
  /// Still in flight when its item first became visible.
  var late = false
  /// A resource that had already been delivered earlier in the run.
  var redundant = false
}

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

/// A line of `events/<run>.csv`: one step of a request's life, or a page being applied.
public struct RequestEvent: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable {
    case issued, started
    case firstByte = "first_byte"
    case completed, cancelled, timeout, failed, applied
    case reprioritized
    /// An attempt got an error response (`network.failure_rate`).
    case error
    /// A failed attempt will be retried after the backoff (`network.retry`).
    case retry
    /// Media asked for is read back from the disk cache instead of fetched (`cache`).
    case diskRead = "disk_read"
  }
  public var timeUs: Int64
  public var kind: Kind
  public var requestID: Int
  public var resource: Resource
  public var priority: FetchPriority
  public var attempt: Int
  /// Bytes of the resource (issued, completed), or bytes moved so far (cancelled, timeout, failed).
  public var bytes: Int64
  public var isPrefetch: Bool
}
