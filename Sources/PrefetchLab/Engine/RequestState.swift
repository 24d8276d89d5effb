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
