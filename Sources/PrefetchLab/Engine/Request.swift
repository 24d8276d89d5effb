/// One request for a resource, across its attempts.
struct Request: Sendable {
  let id: Int
  let resource: Resource
  private(set) var priority: FetchPriority
  let issuedUs: Int64
  let bytes: Int64
  /// Issued before any of the resource's items first became visible.
  let isPrefetch: Bool
  /// Direction a page request extends the feed in (media: the scroll direction at issue).
  let direction: ScrollDirection
  /// Attempts made before the current one (0 for the first attempt).
  var attempt = 0
  /// Moved only by the transitions below, each from the states it may follow.
  private(set) var state = RequestState.queued
  /// The resource's try number of the current attempt: every attempt ever made for the resource
  /// in the run is counted, so a request issued again after a failure meets fresh draws. Keys the
  /// attempt's latency, failure and jitter draws (common random numbers across strategies).
  var tryIndex: UInt64 = 0
  /// The current attempt ends in an error response at its first byte.
  var attemptFails = false
  /// The current attempt's time to first byte, µs.
  var latencyUs: Int64 = 0
  /// Bytes the current attempt moved before an outage took it off the link.
  private(set) var attemptBytesDone: Int64 = 0
  /// Transferring, but taken off the link while an outage lasts.
  private(set) var frozen = false
  /// Served by the disk cache instead of the network: not a fetch (no network metrics).
  var fromDisk = false
  /// Asked for by the engine itself, whatever the strategy: the first page, and with offset
  /// pagination a page whose placeholder is on screen.
  var automatic = false
  var startedUs: Int64 = -1
  /// Media: when it was first wanted at `.visible` priority (issued so, or raised to it), -1 if
  /// never: the start of an on-screen image's wait for a connection.
  private(set) var visibleSinceUs: Int64 = -1
  /// When the current attempt took its connection, and when its first byte arrived (-1 before).
  var attemptStartUs: Int64 = -1
  var firstByteUs: Int64 = -1
  var finishedUs: Int64 = -1
  /// Bytes moved over the network by all attempts so far.
  private(set) var bytesMoved: Int64 = 0
  /// Its content was on screen at some moment after delivery.
  private(set) var used = false
  /// Still in flight when its item first became visible.
  private(set) var late = false
  /// A resource that had already been delivered earlier in the run.
  private(set) var redundant = false

  /// The current attempt takes its connection at `timeUs` with try number `tryIndex`, its first
  /// byte `latencyUs` away (an error response if it `fails`). Returns the attempt's number.
  mutating func beginAttempt(atUs timeUs: Int64, tryIndex: UInt64, latencyUs: Int64, fails: Bool) -> Int {
    state = .connecting
    if startedUs < 0 { startedUs = timeUs }
    attemptStartUs = timeUs
    self.tryIndex = tryIndex
    attemptBytesDone = 0
    attemptFails = fails
    self.latencyUs = latencyUs
    return attempt
  }

  /// The first byte arrived at `timeUs`: the body moves. From `.connecting`.
  @inline(__always)
  mutating func startTransfer(atUs timeUs: Int64) {
    assert(state == .connecting, "a transfer starts after connecting")
    state = .transferring
    firstByteUs = timeUs
  }

  /// The body arrived at `timeUs` (from `.transferring`), or a disk read ended (from
  /// `.readingDisk`). Returns the network bytes the last attempt still had to move, now counted in
  /// `bytesMoved` (0 for a disk read).
  @inline(__always)
  mutating func complete(atUs timeUs: Int64) -> Int64 {
    assert(state == .transferring || state == .readingDisk, "only a transfer or a disk read completes")
    let remaining = state == .transferring ? bytes - attemptBytesDone : 0
    state = .completed
    finishedUs = timeUs
    bytesMoved += remaining
    return remaining
  }

  /// The last attempt failed at `timeUs` and no retry is left.
  @inline(__always)
  mutating func fail(atUs timeUs: Int64) {
    assert(state.isActive, "only an active request fails")
    state = .failed
    finishedUs = timeUs
  }

  /// The strategy (or a dropped page) cancelled it at `timeUs`.
  @inline(__always)
  mutating func cancel(atUs timeUs: Int64) {
    assert(state.isActive, "only an active request is cancelled")
    state = .cancelled
    finishedUs = timeUs
  }

  /// An attempt failed and a retry is allowed: it waits out the backoff, holding no connection.
  @inline(__always)
  mutating func backOff() {
    assert(state.holdsSlot, "an attempt that held a connection backs off")
    state = .backingOff
  }

  /// The backoff is over: the next attempt queues for a connection.
  @inline(__always)
  mutating func queueNextAttempt() {
    assert(state == .backingOff, "a retry follows a backoff")
    attempt += 1
    state = .queued
  }

  /// Served by the disk cache from `timeUs`: no connection and no network bytes.
  @inline(__always)
  mutating func readFromDisk(atUs timeUs: Int64) {
    assert(state == .queued && startedUs < 0, "a disk read is a new request")
    fromDisk = true
    state = .readingDisk
    startedUs = timeUs
  }

  // MARK: Flags and counters

  /// Moves the request to `priority`; the first move to `.visible` notes when (`nowUs`).
  mutating func reprioritize(to priority: FetchPriority, atUs nowUs: Int64) {
    self.priority = priority
    if priority == .visible && visibleSinceUs < 0 { visibleSinceUs = nowUs }
  }

  /// `bytes` of the body moved over the link (counted when a transfer stops or the run ends).
  mutating func countMoved(_ bytes: Int64) { bytesMoved += bytes }

  /// An outage stopped the transfer after `bytes` more of this attempt's body: it waits, frozen,
  /// for the network to come back.
  mutating func freeze(afterMoving bytes: Int64) {
    bytesMoved += bytes
    attemptBytesDone += bytes
    frozen = true
  }

  /// The transfer is no longer frozen (the outage ended, or the request left the link).
  mutating func thaw() { frozen = false }

  /// Its content was on screen.
  mutating func markUsed() { used = true }

  /// It fetched what the client had, or had had (a duplicate page, media fetched again).
  mutating func markRedundant() { redundant = true }

  /// A prefetch still out when its item was first seen.
  mutating func markLate() { late = true }
}
