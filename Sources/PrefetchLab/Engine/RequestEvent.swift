/// A row of `events.csv` (after the run's key): one step of a request's life, or a page being applied.
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
